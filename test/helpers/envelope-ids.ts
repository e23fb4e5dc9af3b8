import { ENVELOPE_PREAMBLE, readEnvelope } from "../../src/engine/scan/envelope.js";

/**
 * Envelope ids are random per check, so two checks of the same result (local and remote, worker and calling thread)
 * differ there and only there. Tests that compare outputs replace every id with this fixed one.
 */
export const FIXED_ID = "ID";
const ID_ATTR = /(<\/?untrusted-tool-output\b[^>\n]*? id=")[0-9a-z]{16,64}(")/g;

export function fixEnvelopeIds<T>(value: T): T {
  if (typeof value === "string") return value.replace(ID_ATTR, `$1${FIXED_ID}$2`) as T;
  if (Array.isArray(value)) return value.map((v) => fixEnvelopeIds(v)) as T;
  if (typeof value === "object" && value !== null) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = fixEnvelopeIds(v);
    return out as T;
  }
  return value;
}

/** A text as the engine wraps it, with the fixed id (compare against `fixEnvelopeIds` of the output). */
export function wrappedAs(body: string, server = "srv", tool = "tool"): string {
  return `<untrusted-tool-output server="${server}" tool="${tool}" id="${FIXED_ID}">\n${ENVELOPE_PREAMBLE}\n${body}\n</untrusted-tool-output id="${FIXED_ID}">`;
}

/** The body of one envelope (throws when the text is not exactly one). */
export function envelopeBody(text: string): string {
  const read = readEnvelope(text.replaceAll(`id="${FIXED_ID}"`, `id="${"0".repeat(32)}"`));
  if (read === undefined) throw new Error(`not one clean envelope: ${text.slice(0, 80)}`);
  return read.body;
}
