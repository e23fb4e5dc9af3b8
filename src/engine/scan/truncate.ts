import { escapePointerToken } from "../../errors.js";
import type { CallToolResult, Finding } from "../../shared/types.js";
import { type Envelope, neutraliseTags, readEnvelope, wrapNeutralised } from "./envelope.js";
import { jsonByteLength, stringBytes } from "./json-bytes.js";

const MARK = "\n[TRUNCATED by mcp-tollgate]";
const MARK_BYTES = Buffer.byteLength(JSON.stringify(MARK), "utf8") - 2;

function sliceArrays(value: unknown, path: string, maxItems: number, findings: Finding[]): unknown {
  if (value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) {
    let out: unknown[] = value;
    if (value.length > maxItems) {
      findings.push({
        kind: "limit",
        type: "max_array_items",
        path,
        ruleId: "limits.maxArrayItems",
        action: "truncate",
        message: `${value.length} items cut to ${maxItems}`,
      });
      out = value.slice(0, maxItems);
    }
    let copy: unknown[] | undefined;
    for (let i = 0; i < out.length; i++) {
      const next = sliceArrays(out[i], `${path}/${i}`, maxItems, findings);
      if (next !== out[i]) {
        copy ??= out.slice();
        copy[i] = next;
      }
    }
    return copy ?? out;
  }
  let copy: Record<string, unknown> | undefined;
  for (const [key, item] of Object.entries(value)) {
    const next = sliceArrays(item, `${path}/${escapePointerToken(key)}`, maxItems, findings);
    if (next !== item) {
      copy ??= { ...(value as Record<string, unknown>) };
      Object.defineProperty(copy, key, { value: next, enumerable: true, writable: true, configurable: true });
    }
  }
  return copy ?? value;
}

/** Where to cut one text so it keeps at most `keep` characters (a smaller number when a value straddles `keep`). */
export type CutPoint = (text: string, keep: number) => number;

const plainCut: CutPoint = (_text, keep) => keep;

/** JSON-escaped UTF-8 size of a string's contents (as it counts in the serialised result). */
function escapedBytes(text: string): number {
  return stringBytes(text) - 2;
}

/** The text blocks' bodies: the envelope's body for a block wrapped for `envelope`, the text otherwise. */
function bodyOf(text: string, envelope: Envelope | undefined): { body: string; wrapped?: Envelope } {
  if (envelope !== undefined && text.startsWith("<untrusted-tool-output ")) {
    const inner = readEnvelope(text);
    if (inner?.serverName === envelope.serverName && inner.toolName === envelope.toolName)
      return { body: inner.body, wrapped: inner };
  }
  return { body: text };
}

/** The `truncate` limit mode's first step: arrays are cut to `maxArrayItems` (no value is cut in half). */
export function truncateArrays(
  result: CallToolResult,
  maxArrayItems: number,
  findings: Finding[],
): CallToolResult {
  return sliceArrays(result, "", maxArrayItems, findings) as CallToolResult;
}

/**
 * The `truncate` limit mode's text cut: text blocks are cut (in order) so the whole result fits `maxBytes`; a block
 * wrapped in this check's envelope is cut inside its body and wrapped again (its closing tag stays). `cutAt` moves
 * each cut back before a value it would split. Structured content is never cut: it must keep matching its schema.
 * Offsets of the `truncate` finding are into the text as it was when cut.
 */
export function cutTexts(
  result: CallToolResult,
  maxBytes: number,
  findings: Finding[],
  cutAt: CutPoint = plainCut,
  envelope?: Envelope,
): CallToolResult {
  const total = jsonByteLength(result);
  if (total <= maxBytes) return result;
  // The marker is counted as it serialises ("\n" escapes to two bytes), or the cut result lands one byte over.
  const blocks = result.content ?? [];
  let excess = total - maxBytes + MARK_BYTES * blocks.length;
  const content = blocks.map((block, i) => {
    if (excess <= 0 || block.type !== "text") return block;
    const { body, wrapped } = bodyOf(block.text, envelope);
    const bytes = escapedBytes(body);
    const cut = Math.min(bytes, excess);
    excess -= cut;
    // Cut on characters, conservatively assuming up to 6 bytes each (JSON escapes) where the text is not ASCII.
    let keep = body.slice(0, Math.max(0, body.length - cut));
    while (keep.length > 0 && escapedBytes(keep) > bytes - cut)
      keep = keep.slice(0, Math.floor(keep.length * 0.9));
    keep = body.slice(0, cutAt(body, keep.length));
    if (/[\ud800-\udbff]$/.test(keep)) keep = keep.slice(0, -1);
    findings.push({
      kind: "limit",
      type: "max_output_bytes",
      path: `/content/${i}/text`,
      start: keep.length,
      end: body.length,
      ruleId: "limits.maxOutputBytes",
      action: "truncate",
    });
    // A cut can make a tag-like string of what was not one (`<untrusted-tool-output-docs` cut after `output`).
    const text = wrapped
      ? wrapNeutralised(neutraliseTags(keep + MARK), wrapped.serverName, wrapped.toolName, wrapped.id)
      : keep + MARK;
    return { ...block, text };
  });
  return { ...result, content };
}

/**
 * Arrays cut to `maxArrayItems`, then text blocks cut (in order) so the whole result fits `maxBytes`, without
 * looking at values (the engine redacts first, then cuts with `truncateArrays` and `cutTexts`).
 */
export function truncateResult(
  result: CallToolResult,
  maxBytes: number,
  maxArrayItems: number,
  findings: Finding[],
): CallToolResult {
  const out = truncateArrays(result, maxArrayItems, findings);
  return cutTexts(out, maxBytes, findings);
}
