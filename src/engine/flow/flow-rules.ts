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

/** Which of the call's hashes are the user's (said by the user, or carried by a trusted source), which untrusted
 * output carried each last, and every untrusted output that carried each (oldest first; intent binding). */
export interface Sources {
  owned: Set<string>;
  source: Map<string, ToolOutputFacts>;
  carriers: Map<string, ToolOutputFacts[]>;
}

/** Every hash of a thread's facts: the user's (typed or trusted), and the untrusted outputs carrying each. */
interface FactIndex {
  user: readonly unknown[];
  userLength: number;
  outputs: readonly unknown[];
  outputsLength: number;
  owned: Set<string>;
  carriers: Map<string, ToolOutputFacts[]>;
}

/**
 * Provenance records are values (`appendOutputFacts` and `appendUserMessage` return new ones), so an index of one
 * record stays right while its `user` and `outputs` arrays are the same arrays of the same length (checked on use).
 * A record seen once is only marked: a thread state that hands a fresh record per call (a checkpoint, the wire)
 * then pays one pass with a lookup per fact, not an index it never uses again; a record seen again gets the index.
 */
const seenOnce = new WeakSet<ProvenanceFacts>();
const indexes = new WeakMap<ProvenanceFacts, FactIndex>();

function buildIndex(provenance: ProvenanceFacts): FactIndex {
  const owned = new Set<string>();
  const carriers = new Map<string, ToolOutputFacts[]>();
  for (const fact of provenance.user) owned.add(fact.h);
  for (const output of provenance.outputs) {
    for (const { h } of output.values) {
      if (output.trusted) owned.add(h);
      else {
        const list = carriers.get(h);
        if (list) list.push(output);
        else carriers.set(h, [output]);
      }
    }
  }
  const { user, outputs } = provenance;
  return { user, userLength: user.length, outputs, outputsLength: outputs.length, owned, carriers };
}

function indexOf(provenance: ProvenanceFacts): FactIndex | undefined {
  const index = indexes.get(provenance);
  if (
    index &&
    index.user === provenance.user &&
    index.userLength === provenance.user.length &&
    index.outputs === provenance.outputs &&
    index.outputsLength === provenance.outputs.length
  )
    return index;
  if (!seenOnce.has(provenance)) {
    seenOnce.add(provenance);
    return undefined;
  }
  const built = buildIndex(provenance);
  indexes.set(provenance, built);
  return built;
}

/** A hash's first two characters as a number (a hash is base64url: 7 bits each). */
const prefixOf = (h: string): number => ((h.charCodeAt(0) & 127) << 7) | (h.charCodeAt(1) & 127);

/**
 * One pass over the thread's facts (the facts are many, the call's values few). A fresh record's strings have no
 * cached string hash, so a set lookup per fact would hash each: a table of the wanted hashes' first two
 * characters rules out nearly every fact first (about 1 in 80 passes it with 50 wanted values).
 */
function scanSources(wanted: ReadonlySet<string>, provenance: ProvenanceFacts): Sources {
  const prefixes = new Uint8Array(1 << 14);
  for (const h of wanted) prefixes[prefixOf(h)] = 1;
  const maybe = (h: string): boolean => prefixes[prefixOf(h)] === 1 && wanted.has(h);
  const owned = new Set<string>();
  const carriers = new Map<string, ToolOutputFacts[]>();
  const user = provenance.user;
  for (let i = 0; i < user.length; i++) if (maybe(user[i]!.h)) owned.add(user[i]!.h);
  const outputs = provenance.outputs;
  for (let o = 0; o < outputs.length; o++) {
    const output = outputs[o]!;
    const values = output.values;
    for (let i = 0; i < values.length; i++) {
      const h = values[i]!.h;
      if (!maybe(h)) continue;
      if (output.trusted) owned.add(h);
      else {
        const list = carriers.get(h);
        if (list) list.push(output);
        else carriers.set(h, [output]);
      }
    }
  }
  return withLastSource(owned, carriers);
}

function withLastSource(owned: Set<string>, carriers: Map<string, ToolOutputFacts[]>): Sources {
  const source = new Map<string, ToolOutputFacts>();
  for (const [h, list] of carriers) source.set(h, list[list.length - 1]!);
  return { owned, source, carriers };
}

/**
 * Where each of the call's hashes came from; both provenance rules and intent binding share the answer. The
 * first time a record is seen, one pass over its facts; after that, lookups in its index.
 */
export function sourcesOf(wanted: ReadonlySet<string>, provenance: ProvenanceFacts): Sources {
  const index = indexOf(provenance);
  if (index === undefined) return scanSources(wanted, provenance);
  const owned = new Set<string>();
  const carriers = new Map<string, ToolOutputFacts[]>();
  for (const h of wanted) {
    if (index.owned.has(h)) owned.add(h);
    const list = index.carriers.get(h);
    if (list) carriers.set(h, list);
  }
  return withLastSource(owned, carriers);
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
