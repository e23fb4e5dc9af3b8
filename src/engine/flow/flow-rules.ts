/**
 * The three provenance rules of the flow step, each a pure function from the call and the thread's provenance
 * facts to hits. A hit's `message` never holds a value (it goes into findings and audit); its `reason` may show a
 * value of the call's own arguments to the human who reviews the call, and nothing else.
 */
import type { ProvenanceFacts, ToolOutputFacts, ValueKind } from "../../shared/provenance.js";
import type { ArgumentValue } from "./argument-values.js";
import type { FlowRule } from "./policy-types.js";

export interface RuleHit {
  rule: FlowRule;
  /** JSON Pointer of the argument ("" for the call as a whole). */
  path: string;
  /** For findings and audit: no values. */
  message: string;
  /** For the human: may quote the call's own argument. */
  reason: string;
  /** The argument value the hit is about (argument provenance and data leaving). */
  value?: ArgumentValue;
}

const LABELS: Record<ValueKind, string> = {
  email: "e-mail address",
  url: "URL",
  host: "host",
  iban: "IBAN",
  account: "account number",
  phone: "phone number",
  path: "path",
  command: "command",
  secret: "secret",
  pii: "personal data",
  passage: "passage",
};

export function labelOf(value: ArgumentValue): string {
  if (
    value.kind === "email" &&
    /^(to|cc|bcc|recipients?|addressee|invitees?|attendees?|participants?)$/iu.test(value.key)
  )
    return "recipient";
  return LABELS[value.kind];
}

/** A value as the review shows it: one line, at most 80 characters, no backticks. */
function shown(value: string): string {
  const line = value.replace(/\s+/gu, " ").replace(/`/gu, "'");
  return line.length > 80 ? `${line.slice(0, 77)}...` : line;
}

export const sourceName = (output: ToolOutputFacts): string => `${output.server}.${output.tool}`;

/** Which of the call's hashes are the user's (said by the user, or carried by a trusted source), and which
 * untrusted output carried each last. */
export interface Sources {
  owned: Set<string>;
  source: Map<string, ToolOutputFacts>;
}

/**
 * One pass over the thread's facts with a set lookup per fact: the facts are many (a long thread), the call's
 * values few; both provenance rules share the pass.
 */
export function sourcesOf(wanted: ReadonlySet<string>, provenance: ProvenanceFacts): Sources {
  const owned = new Set<string>();
  const source = new Map<string, ToolOutputFacts>();
  const user = provenance.user;
  for (let i = 0; i < user.length; i++) if (wanted.has(user[i]!.h)) owned.add(user[i]!.h);
  const outputs = provenance.outputs;
  for (let o = 0; o < outputs.length; o++) {
    const output = outputs[o]!;
    const values = output.values;
    for (let i = 0; i < values.length; i++) {
      const h = values[i]!.h;
      if (!wanted.has(h)) continue;
      if (output.trusted) owned.add(h);
      else source.set(h, output);
    }
  }
  return { owned, source };
}

/** Target values (recipients, URLs, IBANs, paths, commands...) that came from an untrusted tool, not the user. */
export function argumentProvenanceHits(targets: readonly ArgumentValue[], sources: Sources): RuleHit[] {
  const hits: RuleHit[] = [];
  for (const target of targets) {
    const from = sources.source.get(target.h);
    if (from === undefined || sources.owned.has(target.h)) continue;
    const label = labelOf(target);
    hits.push({
      rule: "argumentProvenance",
      path: target.path,
      message: `${label} at ${target.path || "/"} came from ${sourceName(from)}, not from the user`,
      reason: `${label} \`${shown(target.value)}\` came from \`${sourceName(from)}\`, not from you`,
      value: target,
    });
  }
  return hits;
}

/** Data (secrets, PII, passages; decoded, across fields) that entered the thread through an untrusted tool. */
export function dataLeavingHits(values: readonly ArgumentValue[], sources: Sources): RuleHit[] {
  const hits: RuleHit[] = [];
  const reported = new Set<string>();
  for (const value of values) {
    const from = sources.source.get(value.h);
    if (from === undefined || sources.owned.has(value.h)) continue;
    // One hit per argument, source and kind: a copied passage has many windows.
    const once = `${value.path}\u0000${sourceName(from)}\u0000${value.kind}`;
    if (reported.has(once)) continue;
    reported.add(once);
    const where = value.path ? `the argument ${value.path}` : "the arguments (read together)";
    hits.push({
      rule: "dataLeaving",
      path: value.path,
      message: `${where} carries a ${LABELS[value.kind]} that came from ${sourceName(from)}`,
      reason: `${where} carries a ${LABELS[value.kind]} that came from \`${sourceName(from)}\`, not from you`,
      value,
    });
  }
  return hits;
}

/** A sink call after a tool output with an injection finding in this turn (since the last human message). */
export function afterInjectionHits(connectorType: string, provenance: ProvenanceFacts): RuleHit[] {
  const start = Math.max(0, Math.min(provenance.turnStart, provenance.outputs.length));
  for (let i = provenance.outputs.length - 1; i >= start; i--) {
    const output = provenance.outputs[i]!;
    if (output.trusted || output.injection.length === 0) continue;
    const rules = output.injection.slice(0, 3).join(", ");
    return [
      {
        rule: "afterInjection",
        path: "",
        message: `${connectorType} follows instructions found in the result of ${sourceName(output)} (${rules}) in this turn`,
        reason: `\`${connectorType}\` follows a result of \`${sourceName(output)}\` that carried instructions (${rules}) since your last message`,
      },
    ];
  }
  return [];
}
