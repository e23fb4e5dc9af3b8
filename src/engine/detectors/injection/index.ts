import { HAS_DASH, HAS_LT, HAS_NON_ASCII, HAS_SPACE, HAS_UNDERSCORE } from "../../scan/string-features.js";
import type { TextDetector, TextMatch } from "../../types.js";
import { dropChangeEntries } from "./change-entry.js";
import { type MatchableText, openEscapes, toPhraseBytes, toPhraseText } from "./normalise.js";
import { type RuleGate, ruleGates, triggerDfa } from "./phrase-gates.js";
import { gluedView, startsGlued } from "./phrase-glued.js";
import { NON_WORD_AFTER, NON_WORD_BEFORE } from "./phrase-literals.js";
import { compilePhrase } from "./phrase-pattern.js";
import { leadPrefixSource, RuleRegexes } from "./phrase-regexes.js";
import { addSlugFindingsAt, isSlugCode } from "./phrase-slugs.js";
import {
  doubled,
  GATE_LITERAL,
  JOINED_HIT,
  LEAD_JOINED,
  LEAD_WORD,
  PhraseTriggerScan,
  REACH_ANY,
  type TriggerGates,
  TriggerHits,
  WORD_END,
  WORD_START,
} from "./phrase-triggers.js";
import { isQuotedMention } from "./quoted-mention.js";
import { followsReportingFrame } from "./reported-speech.js";
import { INJECTION_RULES } from "./rules.js";

export { type MatchableText, toMatchableText } from "./normalise.js";
export { INJECTION_RULES, type InjectionRule, type InjectionType } from "./rules.js";

/**
 * The literal triggers of the phrase rules: every word or symbol a rule can start with (lower case, sorted, no
 * duplicates). Contract for a shared prefilter: on text of ASCII characters only, every phrase-rule finding starts
 * at one of these, matched case-insensitively, so a text that holds none of them as a substring has no phrase-rule
 * finding. (A prefilter that matches word triggers as whole words must also take a JSON escape `\n`, `\r` or `\t`
 * right before the word as a boundary; see `openEscapes`.) Text with a non-ASCII character is matched after folding
 * (lookalikes, invisible characters, see `toMatchableText`), so a prefilter must not skip the detector on such text
 * unless it folds it first. The structure detector has no such list: it also reads decoded base64, hex and leetspeak.
 */
export function injectionTriggers(): string[] {
  return [...new Set(INJECTION_RULES.flatMap((rule) => rule.lead.map((lead) => lead.toLowerCase())))].sort();
}

/*
 * Case: the rules are written for lower-case text, but the detector runs every regex with the `i` flag on text whose
 * ASCII keeps its original case (`toFoldedText`), instead of lower-casing a copy first. That is the same matching:
 * without the `u` flag, `i` makes an ASCII letter match only the same letter in either case (a non-ASCII character
 * never canonicalises to ASCII), and every rule source is lower case outside its escapes (a unit test checks this),
 * so a letter matches under `i` exactly when its lower case matches without it; `\w`, `\b`, `\s` and the other
 * classes hold both cases of a letter or neither. The non-ASCII characters left after folding are lower case
 * already (checked over every code point: each fold is unchanged by `toLowerCase`). A fast-check property test compares random-case rule phrases against a lower-case-first reference, and
 * the findings over every corpus text (plus upper-cased and random-case copies, 8,016 findings) are identical.
 * Measured with the per-lead gate below (1 MB, medians of 7-9 interleaved rounds): detector 7.7 -> 6.4 ms/MB on the
 * corpus mix (two-byte text, where lower-casing each slice was the slow path), 7.1 -> 6.8 on the bench text.
 */

/**
 * Prompt-injection detector: one pass over the text finds every lead word and every gate literal (a literal the rest
 * of a rule needs, rarer than its lead word: phrase-literals.ts) and lets out only the lead words whose rules are not
 * all excluded by their gates (the gate check runs in the pass: wasm/phrase-triggers.ts); at each such lead word its
 * prefix check runs, and where it holds, its rules' sticky, bounded regexes (phrase-regexes.ts). Text outside printable ASCII is folded first
 * (case, invisible characters, lookalikes) and the fold is scanned. The per-lead work is bounded, so the whole
 * detector is linear in the input.
 *
 * Same findings, in the same order, as the scan it replaces (a global `\b(?:lead words)\b` alternation and the
 * symbol leads, each lead's rules tried where the scan stops, the scan resumed after a match or after the lead word;
 * test/helpers/phrase-detector-reference.ts keeps it, test/property/phrase-gates.property.test.ts compares them):
 * - the lead words are the scan's stops: every occurrence of a lead where a word boundary holds on both sides of the
 *   text the rules read (JSON escapes `\n`, `\r`, `\t` read as spaces), the longest at one start, visited in order
 *   of start and skipped when they start before where the last one ended (its lead word or its match);
 * - a lead word's rules are tried only when one may match there: a rule without a gate always may; a rule with one
 *   may only if an occurrence of a gate literal ends after the lead word's start within the units a match can span
 *   (`Requirement.offset`). Skipping an attempt that cannot match changes nothing: the scan then resumes after the
 *   lead word either way. The pass drops such a lead word altogether, which changes nothing either unless another
 *   lead word starts inside it (then the visit would no longer skip that one): such leads are never dropped
 *   (`shadowsAnother`).
 */
export function createInjectionDetector(): TextDetector {
  const { compiled, scan } = sharedRules();
  const hits = new TriggerHits();
  const state = new ScanState(compiled);
  const detectText = (text: string, out: TextMatch[]): void => {
    if (text.length < 6) return;
    if (!scan.scan(text, hits)) {
      state.run(text, identityRange, hits, out, false);
      return;
    }
    // Outside printable ASCII: the rules read the fold (lookalikes, invisible characters, escapes opened), so scan
    // that. The pass finds in it what it finds in the fold with its escapes closed, but gate literals and leads
    // that begin with an escape's letter, which no rule can read there (see `isWordAt`).
    const phrase = toPhraseBytes(text);
    if (phrase === undefined) {
      const folded: MatchableText = toPhraseText(text);
      scan.scanAny(folded.text, hits);
      state.run(folded.text, folded.toOriginal, hits, out, true);
      return;
    }
    scan.scanLatin1(phrase.bytes, phrase.length, hits);
    // No lead word let out: nothing reads the text, so it is never made a string.
    if (hits.count > 0) state.run(phrase.text(), phrase.toOriginal, hits, out, true);
  };
  const detector: TextDetector = {
    id: "injection",
    kind: "injection",
    // Every word rule has a mandatory `\s` (a non-optional space, which compilePhrase makes `\s+`, or `\s` in its
    // lookbehind; checked rule by rule), and the `<` rules need a `<`. Folding maps only non-ASCII code points, so
    // the folded text has such a character only if the original has it or has a non-ASCII one (U+00A0, `＜`). A slug
    // reads its `-` or `_` as spaces (phrase-slugs.ts).
    requires: HAS_SPACE | HAS_LT | HAS_NON_ASCII | HAS_DASH | HAS_UNDERSCORE,
    minLength: 6,
    detect(text: string, out: TextMatch[]): void {
      const from = out.length;
      state.slugCount = 0;
      detectText(text, out);
      if (state.slugCount > 0) {
        // Copied: reading a slug runs the pass and this state again.
        const slugs = state.slugStarts.slice(0, state.slugCount).sort((a, b) => a - b);
        addSlugFindingsAt(text, slugs, slugs.length, compiled.leadWords, detectText, out, from);
      }
      // A changelog bullet or a commit subject says what a program does (change-entry.ts).
      if (out.length > from) dropChangeEntries(text, out, from);
    },
  };
  return detector;
}

let shared: { compiled: CompiledRules; scan: PhraseTriggerScan } | undefined;

/**
 * The rules compiled and the pass's automaton, once per process (a policy makes several phrase detectors, and the
 * structure detector one more). Sharing is safe because `detect` is synchronous and never re-entered: nothing it calls
 * runs another detector, and each call resets the pass and every regex's `lastIndex` before use.
 */
function sharedRules(): { compiled: CompiledRules; scan: PhraseTriggerScan } {
  if (shared === undefined) {
    const compiled = compileRules(ruleGates(INJECTION_RULES));
    shared = {
      compiled,
      scan: new PhraseTriggerScan(compiled.literals, compiled.kinds, triggerDfa(compiled.literals), {
        gates: compiled.gates,
      }),
    };
  }
  return shared;
}

function identityRange(start: number, end: number): [number, number] {
  return [start, end];
}

/** The per-text work of the detector: the lead words the pass let through, in order, and their rules' regexes. */
class ScanState {
  /** Lead words found by the pass: start, lead index (into `compiled.leads`). */
  #leadStart = new Int32Array(64);
  #leadIndex = new Int32Array(64);
  #leadCount = 0;
  /**
   * Where the pass let out a lead word next to a slug character (a join, or a letter or digit it is glued to), in the
   * input's offsets: the slugs the detector reads (phrase-slugs.ts). Cleared by the detector before each text.
   */
  slugStarts: number[] = [];
  slugCount = 0;

  constructor(readonly compiled: CompiledRules) {}

  /**
   * `text`: the input, or its phrase text (`toPhraseText`: `opened`, its escapes read as spaces already);
   * `toOriginal` maps a range of it back to the input.
   */
  run(
    text: string,
    toOriginal: MatchableText["toOriginal"],
    hits: TriggerHits,
    out: TextMatch[],
    opened: boolean,
  ): void {
    this.#collectLeads(text, hits, toOriginal);
    if (this.#leadCount === 0) return;
    this.#sortLeads();
    this.#visit(text, toOriginal, out, opened);
  }

  /** The pass's lead words whose boundaries hold (checked here exactly; the pass only drops sure misses). */
  #collectLeads(text: string, hits: TriggerHits, toOriginal: MatchableText["toOriginal"]): void {
    const { literalLead, literalLength, leadIsWord, leadGlues } = this.compiled;
    this.#leadCount = 0;
    for (let i = 0; i < hits.count; i++) {
      // A word of a name joined by `_` (JOINED_HIT) is no lead word there (`isWordAt`), only where a slug is read.
      const id = hits.ids[i]! & (JOINED_HIT - 1);
      const lead = literalLead[id]!;
      if (lead < 0) continue;
      const end = hits.ends[i]!;
      const start = end - literalLength[id]!;
      if (
        leadIsWord[lead] === 1 &&
        (isSlugCode(text.charCodeAt(start - 1)) || isSlugCode(text.charCodeAt(end)))
      )
        this.slugStarts[this.slugCount++] = toOriginal(start, end)[0];
      if (leadIsWord[lead] === 1 && !isWordAt(text, start, end, leadGlues[lead] === 1)) continue;
      if (this.#leadCount === this.#leadStart.length) {
        this.#leadStart = doubled(this.#leadStart);
        this.#leadIndex = doubled(this.#leadIndex);
      }
      this.#leadStart[this.#leadCount] = start;
      this.#leadIndex[this.#leadCount] = lead;
      this.#leadCount++;
    }
  }

  /** Orders the lead words by start, the longest first at one start (insertion sort: the pass's order is by end). */
  #sortLeads(): void {
    const starts = this.#leadStart;
    const leads = this.#leadIndex;
    const lengths = this.compiled.leadLength;
    for (let i = 1; i < this.#leadCount; i++) {
      const s = starts[i]!;
      const l = leads[i]!;
      let j = i - 1;
      while (j >= 0 && (starts[j]! > s || (starts[j] === s && lengths[leads[j]!]! < lengths[l]!))) {
        starts[j + 1] = starts[j]!;
        leads[j + 1] = leads[j]!;
        j--;
      }
      starts[j + 1] = s;
      leads[j + 1] = l;
    }
  }

  #visit(text: string, toOriginal: MatchableText["toOriginal"], out: TextMatch[], isOpen: boolean): void {
    const { leads, leadLength, rules } = this.compiled;
    let opened: string | undefined = isOpen ? text : undefined;
    let resume = 0;
    for (let i = 0; i < this.#leadCount; i++) {
      const start = this.#leadStart[i]!;
      if (start < resume) continue;
      const index = this.#leadIndex[i]!;
      const lead = leads[index]!;
      const length = leadLength[index]!;
      resume = start + length;
      opened ??= openEscapes(text);
      // The lead word itself stands at `start` of `opened` (as the pass found it in `text`: opening an escape changes
      // only a backslash and its letter, and no lead word starts at an escape's letter, `isWordAt`), which the
      // prefix check, written for that lead, relies on.
      const prefix = lead.prefix();
      prefix.lastIndex = start;
      if (!prefix.test(opened)) continue;
      let rule = rules.matchAt(lead.ruleIndexes, opened, start);
      let matchEnd = rules.end;
      // No rule matched: a lookbehind whose first word is glued to a value may read it from there (phrase-glued.ts),
      // on a view where it starts a line, if a word starts glued close before.
      if (rule === -1) {
        if (!lead.behind) continue;
        const view = gluedView(opened, start);
        if (view === undefined) continue;
        rule = rules.matchAt(lead.ruleIndexes, view.text, view.at);
        if (rule === -1) continue;
        matchEnd = rules.end + view.from;
      }
      const { id, type } = rules.byIndex[lead.ruleIndexes[rule]!]!;
      // Writing about an attack that names its phrase in quotes (quoted-mention.ts), or that reports what a model
      // was made to do (reported-speech.ts), addresses nobody.
      if (!isQuotedMention(opened, start, matchEnd) && !followsReportingFrame(opened, start)) {
        const [from, stop] = toOriginal(start, matchEnd);
        out.push({ kind: "injection", type, start: from, end: stop, ruleId: id });
      }
      // Resume after a match so one phrase is one finding; otherwise step past the lead word.
      if (matchEnd > resume) resume = matchEnd;
    }
  }
}

/**
 * Whether a lead word at [start, end) of `text` is whole where the rules read it: a word boundary before and after
 * it once the JSON escapes `\n`, `\r`, `\t` are read as two spaces (`openEscapes`), and its first letter not the
 * letter of such an escape. `\w` without the `u` flag is ASCII [A-Za-z0-9_]. A word glued to the one before also
 * starts one (`startsGlued`) when `glues` (a lead of word characters only: not `e-mail`, `don't`, whose glued starts
 * would make every lead ending in their first letter shadow them), and whitespace follows it; its end needs a boundary, so a lead inside an identifier (`camelCaseIgnoreList`,
 * `isSystemPrompt`) is none.
 */
function isWordAt(text: string, start: number, end: number, glues: boolean): boolean {
  if (start > 0) {
    const before = text.charCodeAt(start - 1);
    if (before === 0x5c && isEscapeLetter(text.charCodeAt(start))) return false;
    if (isWordCode(before) && !(isEscapeLetter(before) && start > 1 && text.charCodeAt(start - 2) === 0x5c))
      return (
        glues && startsGlued(before, text.charCodeAt(start), text.charCodeAt(start + 1)) && spaceAt(text, end)
      );
  }
  return end >= text.length || !isWordCode(text.charCodeAt(end));
}

/**
 * Whether whitespace (or a JSON escape `\n`, `\r`, `\t`), or a colon and whitespace, stands at `at`: what a glued lead
 * word needs after it, as an instruction has ("200Ignore the...", "200SYSTEM: the assistant must..."), and a name in
 * code mostly has not (`fileSystem.`, `sendMessage(`): those would be visited for nothing. (A typed field
 * `fooSystem: Type` is visited, and its rules find nothing.)
 */
function spaceAt(text: string, at: number): boolean {
  if (at >= text.length) return false;
  const c = text.charCodeAt(at);
  if (c === 0x3a) return at + 1 < text.length && spaceAt(text, at + 1);
  if (c === 0x5c) return isEscapeLetter(text.charCodeAt(at + 1));
  return c === 0x20 || (c >= 0x09 && c <= 0x0d) || (c > 0x7f && /\s/.test(text[at]!));
}

function isEscapeLetter(c: number): boolean {
  return c === 0x6e || c === 0x72 || c === 0x74;
}

function isWordCode(c: number): boolean {
  return (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a) || (c >= 0x30 && c <= 0x39) || c === 0x5f;
}

/** A lead word's rules and its prefix check (phrase-regexes.ts). */
interface LeadRules {
  /**
   * Sticky: where it fails at a lead word, every rule of the lead fails there (`leadPrefixSource`); most lead words
   * fail here, at their next word, in one short alternation.
   */
  readonly prefix: () => RegExp;
  /** The lead itself (lower case), whether it is a word (else a symbol: `<`, `</`), its rules' INJECTION_RULES indexes. */
  readonly text: string;
  readonly word: boolean;
  readonly ruleIndexes: readonly number[];
  /** Whether one of its rules has a lookbehind (`before`): then a glued start before the lead word is read too. */
  readonly behind: boolean;
}

interface CompiledRules {
  readonly leads: readonly LeadRules[];
  /** Every rule's regex, shared by its leads (phrase-regexes.ts). */
  readonly rules: RuleRegexes;
  /** By lead: its length, 1 when it is a word (else a symbol). */
  readonly leadLength: Int32Array;
  readonly leadIsWord: Uint8Array;
  /** By lead: 1 when it may start glued to the word before it (a word of word characters only; see `isWordAt`). */
  readonly leadGlues: Uint8Array;
  /** The word leads (lower case): a slug holding none is never read (phrase-slugs.ts). */
  readonly leadWords: ReadonlySet<string>;
  /** What the pass looks for: every lead (word or symbol) and every gate literal, once each, lower case. */
  readonly literals: readonly string[];
  readonly kinds: readonly number[];
  /** By literal: its lead index or -1, and its length. */
  readonly literalLead: Int32Array;
  readonly literalLength: Int32Array;
  /** What the pass needs to let through only the lead words one of whose rules may match there. */
  readonly gates: TriggerGates;
}

/**
 * What the trigger pass looks for, given each rule's gate (phrase-gates.ts): every lead and every gate literal, once
 * each, in this order. scripts/build-phrase-gates.ts builds the pass's DFA for this list at build time.
 */
export function triggerLiteralsFor(gates: readonly (RuleGate | null)[]): readonly string[] {
  return compileRules(gates).literals;
}

/** The pass's literals, their kinds and its gate tables for these gates (what the detector configures; for tests). */
export function triggerTablesFor(gates: readonly (RuleGate | null)[]): {
  literals: readonly string[];
  kinds: readonly number[];
  gates: TriggerGates;
} {
  const { literals, kinds, gates: tables } = compileRules(gates);
  return { literals, kinds, gates: tables };
}

function compileRules(gates: readonly (RuleGate | null)[]): CompiledRules {
  const leads = compileLeads();
  const literals: string[] = [];
  const kinds: number[] = [];
  const literalLead: number[] = [];
  const literalGates: number[][] = [];
  const idOf = (literal: string): number => {
    let id = literals.indexOf(literal);
    if (id === -1) {
      id = literals.push(literal) - 1;
      kinds.push(0);
      literalLead.push(-1);
      literalGates.push([]);
    }
    return id;
  };
  leads.forEach((lead, i) => {
    const id = idOf(lead.text);
    // A symbol lead has no word boundary to check: the pass reports it everywhere.
    kinds[id]! |= lead.word ? LEAD_WORD | (glues(lead.text) ? LEAD_JOINED : 0) : GATE_LITERAL;
    literalLead[id] = i;
  });
  gates.forEach((gate, r) => {
    if (gate === null) return;
    for (const literal of gate.literals) {
      const id = idOf(literal);
      kinds[id]! |= gateKind(gate.sides);
      literalGates[id]!.push(r);
    }
  });
  return {
    leads,
    rules: new RuleRegexes(INJECTION_RULES),
    leadLength: Int32Array.from(leads, (lead) => lead.text.length),
    leadIsWord: Uint8Array.from(leads, (lead) => (lead.word ? 1 : 0)),
    leadGlues: Uint8Array.from(leads, (lead) => (glues(lead.text) ? 1 : 0)),
    leadWords: new Set(leads.filter((lead) => lead.word).map((lead) => lead.text)),
    literals,
    kinds,
    literalLead: Int32Array.from(literalLead),
    literalLength: Int32Array.from(literals, (l) => l.length),
    gates: triggerGates(leads, gates, literalLead, literalGates),
  };
}

/** Lists as a CSR pair: from[i] .. from[i + 1] index `flat` for list i. */
function csr(lists: readonly (readonly number[])[]): { from: Int32Array; flat: Int32Array } {
  const from = new Int32Array(lists.length + 1);
  lists.forEach((list, i) => {
    from[i + 1] = from[i]! + list.length;
  });
  return { from, flat: Int32Array.from(lists.flat()) };
}

/**
 * The pass's gate tables (phrase-triggers.ts: TriggerGates). A lead is kept wherever found when one of its rules has
 * no gate, when one of its rules' reach is shorter than the lead word (the pass's check assumes a gate literal ending
 * inside the lead word is within reach), or when dropping it could change which lead words the visit skips (see
 * `shadowsAnother`).
 */
function triggerGates(
  leads: readonly LeadRules[],
  gates: readonly (RuleGate | null)[],
  literalLead: readonly number[],
  literalGates: readonly number[][],
): TriggerGates {
  const leadRules = leads.map((lead) => lead.ruleIndexes.filter((r) => gates[r] !== null));
  const leadKeep = leads.map((lead, i) => {
    const rules = lead.ruleIndexes.map((r) => gates[r] ?? null);
    const keep =
      rules.some((gate) => gate === null || gate.reach + 1 < lead.text.length) ||
      leadRules[i]!.length > 30 ||
      leads.some((other) => shadowsAnother(lead, other));
    return keep ? 1 : 0;
  });
  const byLiteral = csr(literalGates);
  const byLead = csr(leadRules);
  return {
    literalLead: Int32Array.from(literalLead),
    gateRuleFrom: byLiteral.from,
    gateRules: byLiteral.flat,
    leadKeep: Int32Array.from(leadKeep),
    leadRuleFrom: byLead.from,
    leadRules: byLead.flat,
    reach: Int32Array.from(gates, (gate) =>
      gate === null || !Number.isFinite(gate.reach) ? REACH_ANY : Math.min(gate.reach, REACH_ANY - 1),
    ),
  };
}

/**
 * Whether lead `other` can start inside lead `lead` where `lead` stands as a lead word, so that the visit skips
 * `other` there only because `lead` was visited (it resumes after each lead word it visits): `other` at an offset
 * past `lead`'s start where a word boundary (or a glued start) can hold before it, or at its start and shorter (and, for a word, a
 * boundary can hold after it). Dropping such a `lead`
 * would let `other` be visited. Not counted: a shorter lead at the same start with the same rules (`<` and `</`),
 * which the pass keeps or drops exactly when it keeps or drops `lead` (same rules, same start, and the longer lead's
 * extra characters are one unit each).
 */
function shadowsAnother(lead: LeadRules, other: LeadRules): boolean {
  if (other === lead) return false;
  const text = lead.text;
  for (let at = 0; at < text.length; at++) {
    const overlap = Math.min(text.length - at, other.text.length);
    if (text.slice(at, at + overlap) !== other.text.slice(0, overlap)) continue;
    // A word lead ending inside `lead` before a word character is no lead word there.
    const end = at + other.text.length;
    if (other.word && end < text.length && /\w/.test(text[end]!)) continue;
    // Nor is `lead` a lead word where a word character follows it.
    if (lead.word && end > text.length && /\w/.test(other.text[text.length - at]!)) continue;
    if (at === 0) {
      if (other.text.length >= text.length) continue;
      const sameRules =
        other.ruleIndexes.length === lead.ruleIndexes.length &&
        other.ruleIndexes.every((r, i) => r === lead.ruleIndexes[i]);
      if (!sameRules) return true;
      continue;
    }
    // A word lead may also start glued after a digit or a letter (`startsGlued`: the text's case is not the lead's).
    if (!other.word || !/\w/.test(text[at - 1]!) || (glues(other.text) && /[0-9a-z]/.test(text[at - 1]!)))
      return true;
  }
  return false;
}

/** Whether a lead may start glued to the word before it: a word of word characters only (`isWordAt`). */
export function glues(lead: string): boolean {
  return /^\w+$/.test(lead);
}

/** Where the pass reports a gate literal: only where the sides every match gives it may hold (phrase-literals.ts). */
function gateKind(sides: number): number {
  if (sides === (NON_WORD_BEFORE | NON_WORD_AFTER)) return LEAD_WORD;
  if (sides === NON_WORD_BEFORE) return WORD_START;
  if (sides === NON_WORD_AFTER) return WORD_END;
  return GATE_LITERAL;
}

/** Each lead's rules (see LeadRules), in the order of their first appearance in the rules. */
function compileLeads(): LeadRules[] {
  const byLead = new Map<string, number[]>();
  INJECTION_RULES.forEach((rule, r) => {
    for (const lead of rule.lead) byLead.set(lead, [...(byLead.get(lead) ?? []), r]);
  });
  return [...byLead].map(([text, indexes]) => {
    const word = /^\w/.test(text);
    // A word lead is matched between two word boundaries: it must start and end with a word character.
    if (word !== /\w$/.test(text) || text !== text.toLowerCase())
      throw new Error(`injection lead ${JSON.stringify(text)}: a lower-case word, or a symbol`);
    let prefix: RegExp | undefined;
    return {
      text,
      word,
      prefix: () => {
        if (prefix === undefined) {
          const rules = indexes.map((r) => INJECTION_RULES[r]!);
          prefix = compilePhrase(leadPrefixSource(text, rules), "i");
        }
        return prefix;
      },
      ruleIndexes: indexes,
      behind: indexes.some((r) => INJECTION_RULES[r]!.before !== undefined),
    };
  });
}
