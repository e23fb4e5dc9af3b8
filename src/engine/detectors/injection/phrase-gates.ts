/**
 * The phrase rules' gates and the trigger pass's automaton, derived from the rule records (rules.ts) by the same code
 * at build time and at run time. `scripts/build-phrase-gates.ts` writes what the derivation gives into
 * phrase-gates.generated.ts (`npm run build:gates`; CI's build step and test/unit/phrase-gates-generated.test.ts fail
 * on a stale file), so the first phrase detector of a process reads the gates and the trigger literals instead of
 * parsing every rule's regexes (~150 ms); it builds the literals' DFA itself (a few ms: `decodeGateData`). The generated data is used only when it was made from these very records (a fingerprint of
 * every rule's `lead`, `rest` and `before`) and for this very trigger list; otherwise, e.g. in a checkout whose rules
 * were edited and not rebuilt, the same derivation runs here, so a stale file can cost start-up time, never findings.
 */
import { createHash } from "node:crypto";
import { buildDfa, type Dfa, utf8Literals } from "../../../shared/literal-automaton.js";
import { packBytes, unpackBytes } from "../../../shared/packed-bytes.js";
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

/**
 * The trigger pass's DFA as the phrase-trigger module reads it (wasm/phrase-triggers.ts): `stride` entries a row (the
 * `classCount` classes rounded up to a multiple of 4; the columns past them are never read, and hold 0), each the
 * next state's quarter row index (state * stride / 4) in 16 bits. So 65,535 * 4 / stride states fit (7,281 at 33-36
 * classes), where row indexes held 65,535 / classCount (1,985 at 33: full in session 20).
 */
export interface TriggerDfa {
  readonly classes: Uint8Array;
  readonly classCount: number;
  readonly stride: number;
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

/** The trigger pass's DFA over `literals` (ASCII case-insensitive), laid out as `TriggerDfa` says. */
export function deriveDfa(literals: readonly string[]): TriggerDfa {
  const dfa: Dfa = buildDfa(utf8Literals(literals, true), true);
  const { stride, rows } = quarterRows(dfa.table, dfa.classCount);
  return {
    classes: dfa.classes,
    classCount: dfa.classCount,
    stride,
    rows,
    firstAccept: dfa.firstAccept,
    outStart: dfa.outStart,
    outIds: dfa.outIds,
    mostOutputs: dfa.mostOutputs,
  };
}

/**
 * The module's rows from the shared DFA's table, `classCount` entries a row, each the next state's byte offset
 * (state * classCount * 4). A plain loop: it runs once per process on cold code (`Uint16Array.from` with a mapping
 * function took 10-15 ms of it).
 */
function quarterRows(table: Int32Array, classCount: number): { stride: number; rows: Uint16Array } {
  const stride = (classCount + 3) & ~3;
  const count = table.length / classCount;
  if (((count - 1) * stride) / 4 > 0xffff)
    throw new Error(
      `the phrase triggers need ${count} DFA states; at most ${(0x10000 * 4) / stride} fit 16 bits`,
    );
  const rows = new Uint16Array(count * stride);
  const bytesPerRow = classCount * 4;
  for (let s = 0; s < count; s++)
    for (let c = 0; c < classCount; c++)
      rows[s * stride + c] = ((table[s * classCount + c]! / bytesPerRow) * stride) / 4;
  return { stride, rows };
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

/**
 * One packed string literal in the file (src/shared/packed-bytes.ts) holding JSON of the fingerprint, the gates
 * (Infinity written as null) and the trigger literals. The DFA is not stored: `decodeGateData` builds it from the
 * literals (`deriveDfa`, the generator's own derivation, so it is the DFA the tables held). Its tables were 162 kB,
 * 15 kB of the packed package (Brotli finds little to share in a transition table); building it takes a few
 * milliseconds, about what unpacking them took (bench/results/2026-11-28-s23-room.md).
 */
export function encodeGateData(data: PhraseGateData): string {
  const json = JSON.stringify({
    fingerprint: data.fingerprint,
    gates: data.gates.map((g) =>
      g === null ? null : [Number.isFinite(g.reach) ? g.reach : null, g.sides, ...g.literals],
    ),
    literals: data.literals,
  });
  return packBytes(Buffer.from(json));
}

interface EncodedData {
  fingerprint: string;
  gates: ([number | null, number, ...string[]] | null)[];
  literals: string[];
}

export function decodeGateData(packed: string): PhraseGateData {
  const raw = JSON.parse(unpackBytes(packed).toString("utf8")) as EncodedData;
  return {
    fingerprint: raw.fingerprint,
    gates: raw.gates.map((g) =>
      g === null
        ? null
        : { reach: g[0] ?? Number.POSITIVE_INFINITY, sides: g[1], literals: g.slice(2) as string[] },
    ),
    literals: raw.literals,
    dfa: deriveDfa(raw.literals),
  };
}
