/**
 * The phrase rules' gates and the trigger pass's automaton, derived from the rule records (rules.ts) by the same code
 * at build time and at run time. `scripts/build-phrase-gates.ts` writes what the derivation gives into
 * phrase-gates.generated.ts (`npm run build:gates`; CI's build step and test/unit/phrase-gates-generated.test.ts fail
 * on a stale file), so the first phrase detector of a process reads tables instead of parsing 70 regexes and building
 * a 308-literal DFA. The generated data is used only when it was made from these very records (a fingerprint of
 * every rule's `lead`, `rest` and `before`) and for this very trigger list; otherwise, e.g. in a checkout whose rules
 * were edited and not rebuilt, the same derivation runs here, so a stale file can cost start-up time, never findings.
 */
import { createHash } from "node:crypto";
import { deflateSync, inflateSync } from "node:zlib";
import { buildDfa, type Dfa, utf8Literals } from "../../../shared/literal-automaton.js";
import { PHRASE_GATES } from "./phrase-gates.generated.js";
import { restRequirement } from "./phrase-literals.js";
import { compilePhrase } from "./phrase-pattern.js";
import type { InjectionRule } from "./rules.js";

/**
 * A rule's gate: the literals its `rest` must hold (one of them), and `reach`, the most units (phrase-literals.ts)
 * from its lead word's start to the end of one of them (Infinity: anywhere after the lead word). Null: no gate, the
 * rule is tried at every lead word.
 */
export interface RuleGate {
  readonly literals: readonly string[];
  readonly reach: number;
  /** What stands next to each literal in every match (phrase-literals.ts: NON_WORD_BEFORE | NON_WORD_AFTER). */
  readonly sides: number;
}

/** The trigger pass's DFA as the phrase-trigger module reads it (rows as row indexes, in 16 bits). */
export interface TriggerDfa {
  readonly classes: Uint8Array;
  readonly classCount: number;
  readonly rows: Uint16Array;
  readonly firstAccept: number;
  readonly outStart: Int32Array;
  readonly outIds: Int32Array;
  readonly mostOutputs: number;
}

/** What the build writes: the rules' fingerprint, each rule's gate, the trigger literals and their DFA. */
export interface PhraseGateData {
  readonly fingerprint: string;
  readonly gates: readonly (RuleGate | null)[];
  readonly literals: readonly string[];
  readonly dfa: TriggerDfa;
}

/** Every rule's lead words, `rest` and lookbehind, in order: what the gates and the triggers are derived from. */
export function rulesFingerprint(rules: readonly InjectionRule[]): string {
  const text = JSON.stringify(rules.map((rule) => [rule.lead, rule.rest, rule.before ?? null]));
  return createHash("sha256").update(text).digest("hex");
}

/** Each rule's gate, derived from its compiled `rest` (phrase-literals.ts). */
export function deriveGates(rules: readonly InjectionRule[]): (RuleGate | null)[] {
  return rules.map((rule) => {
    const gate = restRequirement(rule.lead, compilePhrase(rule.rest));
    if (gate === null) return null;
    return {
      literals: gate.literals,
      reach: gate.offset + Math.max(...gate.literals.map((l) => l.length)),
      sides: gate.sides,
    };
  });
}

/** The trigger pass's DFA over `literals` (ASCII case-insensitive), rows stored as row indexes in 16 bits. */
export function deriveDfa(literals: readonly string[]): TriggerDfa {
  const dfa: Dfa = buildDfa(utf8Literals(literals, true), true);
  if (dfa.table.length >= 0x10000)
    throw new Error(`the phrase triggers need ${dfa.table.length} DFA entries; at most 65,535 fit 16 bits`);
  const rows = new Uint16Array(dfa.table.length);
  // The shared DFA stores byte offsets (state * K * 4); the module wants row indexes (state * K).
  for (let i = 0; i < rows.length; i++) rows[i] = dfa.table[i]! >> 2;
  return {
    classes: dfa.classes,
    classCount: dfa.classCount,
    rows,
    firstAccept: dfa.firstAccept,
    outStart: dfa.outStart,
    outIds: dfa.outIds,
    mostOutputs: dfa.mostOutputs,
  };
}

let decoded: PhraseGateData | null | undefined;

/** The generated data, decoded once (null when the generated file holds none). */
function generated(): PhraseGateData | null {
  if (decoded === undefined) decoded = PHRASE_GATES === "" ? null : decodeGateData(PHRASE_GATES);
  return decoded;
}

/** The rules' gates: the generated ones when they were made from `rules`, else derived now. */
export function ruleGates(rules: readonly InjectionRule[]): readonly (RuleGate | null)[] {
  const data = generated();
  if (data !== null && data.gates.length === rules.length && data.fingerprint === rulesFingerprint(rules))
    return data.gates;
  return deriveGates(rules);
}

/** The DFA over `literals`: the generated one when it was made for exactly this list, else built now. */
export function triggerDfa(literals: readonly string[]): TriggerDfa {
  const data = generated();
  if (data !== null && sameList(data.literals, literals)) return data.dfa;
  return deriveDfa(literals);
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

/** JSON with typed arrays as base64 and Infinity as null, deflated, as base64: one string literal in the file. */
export function encodeGateData(data: PhraseGateData): string {
  const b64 = (a: ArrayBufferView) => Buffer.from(a.buffer, a.byteOffset, a.byteLength).toString("base64");
  const json = JSON.stringify({
    fingerprint: data.fingerprint,
    gates: data.gates.map((g) =>
      g === null ? null : [Number.isFinite(g.reach) ? g.reach : null, g.sides, ...g.literals],
    ),
    literals: data.literals,
    dfa: {
      classes: b64(data.dfa.classes),
      classCount: data.dfa.classCount,
      rows: b64(data.dfa.rows),
      firstAccept: data.dfa.firstAccept,
      outStart: b64(data.dfa.outStart),
      outIds: b64(data.dfa.outIds),
      mostOutputs: data.dfa.mostOutputs,
    },
  });
  return deflateSync(Buffer.from(json), { level: 9 }).toString("base64");
}

interface EncodedData {
  fingerprint: string;
  gates: ([number | null, number, ...string[]] | null)[];
  literals: string[];
  dfa: {
    classes: string;
    classCount: number;
    rows: string;
    firstAccept: number;
    outStart: string;
    outIds: string;
    mostOutputs: number;
  };
}

export function decodeGateData(base64: string): PhraseGateData {
  const raw = JSON.parse(inflateSync(Buffer.from(base64, "base64")).toString("utf8")) as EncodedData;
  const bytes = (s: string) => new Uint8Array(Buffer.from(s, "base64"));
  const aligned = (s: string) => bytes(s).buffer;
  return {
    fingerprint: raw.fingerprint,
    gates: raw.gates.map((g) =>
      g === null
        ? null
        : { reach: g[0] ?? Number.POSITIVE_INFINITY, sides: g[1], literals: g.slice(2) as string[] },
    ),
    literals: raw.literals,
    dfa: {
      classes: bytes(raw.dfa.classes),
      classCount: raw.dfa.classCount,
      rows: new Uint16Array(aligned(raw.dfa.rows)),
      firstAccept: raw.dfa.firstAccept,
      outStart: new Int32Array(aligned(raw.dfa.outStart)),
      outIds: new Int32Array(aligned(raw.dfa.outIds)),
      mostOutputs: raw.dfa.mostOutputs,
    },
  };
}
