/**
 * The shared literal prefilter (gitleaks' keywords, generalised): every detector of a list that declares literals
 * (its `keywords`, a declared rule's literal derived from its pattern, or triggers registered here by the family that
 * owns the detector) is gated by ONE scan of the string for all of them at once; a detector none of whose literals
 * occurs is not run. The scan stops as soon as every gated detector is marked, so on long prose it reads only up to
 * the last first occurrence, and on the short strings of a JSON result it reads each once.
 *
 * Soundness is the declarer's: a detector's literals must occur (exact case, or ASCII case folded for a
 * case-insensitive set) in every string it can match, unless the string has one of its `bypass` features (then the
 * detector always runs). A property test compares gated and ungated scans.
 */
import type { TextDetector } from "../types.js";

/** Literals a detector needs: at least one occurs in every string the detector can match. */
export interface LiteralTriggers {
  readonly literals: readonly string[];
  /**
   * The literals match in either ASCII case (the detector matches with the `i` flag, without `u`). Only ASCII
   * letters are folded: a case-insensitive literal with a non-ASCII character leaves the detector ungated.
   */
  readonly caseInsensitive?: boolean;
  /**
   * String features (scan/string-features.ts) under which the literals say nothing (a detector that folds
   * non-ASCII look-alikes to ASCII first): a string with any of them runs the detector ungated.
   */
  readonly bypass?: number;
}

const registeredById = new Map<string, LiteralTriggers>();
const registeredByDetector = new WeakMap<TextDetector, LiteralTriggers>();

/**
 * Registers the literal triggers of the built-in detector with id `detectorId` (the injection family registers its
 * lead words so). Replaces an earlier registration; detector sets built afterwards bind them to their detector.
 */
export function registerTriggers(detectorId: string, triggers: LiteralTriggers): void {
  registeredById.set(detectorId, triggers);
}

/** Registers the triggers of one detector object (a declared rule's, whose id is the user's). */
export function registerDetectorTriggers(detector: TextDetector, triggers: LiteralTriggers): void {
  registeredByDetector.set(detector, triggers);
}

/**
 * The triggers registered for this detector object (a built-in detector that derives its own: the token detector
 * from its records): the detector set hands them on to the object it wraps around it.
 */
export function registeredDetectorTriggers(detector: TextDetector): LiteralTriggers | undefined {
  return registeredByDetector.get(detector);
}

/** The triggers registered for the built-in detector with this id (the detector set binds them to its object). */
export function registeredTriggers(detectorId: string): LiteralTriggers | undefined {
  return registeredById.get(detectorId);
}

/** A detector's literals: those registered for the object, else its own `keywords`. */
export function triggersOf(detector: TextDetector): LiteralTriggers | undefined {
  const registered = registeredByDetector.get(detector);
  if (registered !== undefined) return registered;
  return detector.keywords !== undefined && detector.keywords.length > 0
    ? { literals: detector.keywords }
    : undefined;
}

const isAscii = (s: string) => /^[\x00-\x7f]*$/.test(s);

/**
 * One literal of the automaton: its detectors, and whether a hit must be confirmed exact-case (the automaton reads
 * the text with ASCII letters folded to lower case).
 */
interface Entry {
  text: string;
  exact: boolean;
  detectors: number[];
}

/**
 * Aho-Corasick over UTF-16 code units, ASCII letters folded to lower case, with a dense transition table for ASCII
 * (every state's 128 moves resolved at build time) and failure links for the rest.
 *
 * Why an automaton and not one regex alternation (what this module used before): measured in one process with the
 * ~230 injection lead words (case-insensitive) and 200 declared vendor prefixes (exact case), reading every
 * occurrence (bench/speed/prefilter-scan.ts, medians of 9 interleaved rounds on 2026-11-26), V8's alternations (one
 * per case mode, so without the confirmation a mixed one needs) took 1.24x the automaton's time on 1 MB of the
 * bench's prose and 1.14x on its JSON. The automaton reads each character once whatever the number of literals;
 * an alternation's cost grows with the number of distinct first characters it must try at each position.
 */
class LiteralAutomaton {
  /** Per state, its 128 ASCII moves (Uint16 while the states fit: half the memory). */
  readonly dense: Uint16Array | Int32Array;
  readonly #goto: Map<number, number>[];
  readonly #fail: Int32Array;
  /** Per state: indexes into `entries` of the literals ending there (suffix literals included); undefined if none. */
  readonly ends: (number[] | undefined)[];
  readonly entries: readonly Entry[];

  constructor(entries: readonly Entry[]) {
    this.entries = entries;
    const goto: Map<number, number>[] = [new Map()];
    const own: number[][] = [[]];
    entries.forEach((entry, index) => {
      let state = 0;
      for (let k = 0; k < entry.text.length; k++) {
        const code = fold(entry.text.charCodeAt(k));
        let next = goto[state]!.get(code);
        if (next === undefined) {
          next = goto.length;
          goto.push(new Map());
          own.push([]);
          goto[state]!.set(code, next);
        }
        state = next;
      }
      own[state]!.push(index);
    });
    const count = goto.length;
    this.#goto = goto;
    this.#fail = new Int32Array(count);
    const fail = this.#fail;
    const dense = count <= 0xffff ? new Uint16Array(count * 128) : new Int32Array(count * 128);
    const ends: (number[] | undefined)[] = new Array(count);
    // Breadth first: a state's failure target is shallower, so its moves and ends are final when it is read.
    const queue: number[] = [0];
    for (let head = 0; head < queue.length; head++) {
      const state = queue[head]!;
      const f = fail[state]!;
      const merged = state === 0 ? own[0]! : [...own[state]!, ...(ends[f] ?? [])];
      ends[state] = merged.length > 0 ? merged : undefined;
      for (let c = 0; c < 128; c++) {
        const next = goto[state]!.get(c);
        if (next !== undefined) {
          fail[next] = state === 0 ? 0 : dense[f * 128 + c]!;
          dense[state * 128 + c] = next;
          queue.push(next);
        } else dense[state * 128 + c] = state === 0 ? 0 : dense[f * 128 + c]!;
      }
      for (const [c, next] of goto[state]!) {
        if (c < 128) continue;
        fail[next] = state === 0 ? 0 : this.wideMove(f, c);
        queue.push(next);
      }
    }
    this.dense = dense;
    this.ends = ends;
  }

  /** The move from `state` on a non-ASCII `code`, by failure links (only literals with such characters have any). */
  wideMove(state: number, code: number): number {
    for (let s = state; ; s = this.#fail[s]!) {
      const next = this.#goto[s]!.get(code);
      if (next !== undefined) return next;
      if (s === 0) return 0;
    }
  }
}

/**
 * Automata by their entries: the scanner builds a prefilter per detector list (each phase and mode, the number plan,
 * the lists around an offloaded detector), and most share one literal set, so each set is built once per process.
 */
const automata = new Map<string, LiteralAutomaton>();

function automatonFor(entries: readonly Entry[]): LiteralAutomaton {
  const key = JSON.stringify(entries);
  let automaton = automata.get(key);
  if (automaton === undefined) {
    // Bounded: a process that builds engines for many policies keeps the latest few sets.
    if (automata.size >= 64) automata.clear();
    automaton = new LiteralAutomaton(entries);
    automata.set(key, automaton);
  }
  return automaton;
}

function fold(code: number): number {
  return code >= 65 && code <= 90 ? code | 32 : code;
}

/** ASCII lower-case letters, most frequent in English first (after the space, commonest of all). */
const LETTERS_BY_FREQUENCY = " etaoinshrdlcumwfgypbvkjxqz";
/** A probe code unit at least this rare (see `rarity`): `x`, `q`, `z`, digits, capitals, punctuation, non-ASCII. */
const RARE = 24;

/**
 * How rare a code unit is in tool output (higher is rarer): lower-case letters by their frequency in English, then
 * the common punctuation, digits, capitals and `-:/()`, then the rest of ASCII punctuation and non-ASCII.
 */
function rarity(code: number): number {
  const letter = code < 128 ? LETTERS_BY_FREQUENCY.indexOf(String.fromCharCode(code)) : -1;
  if (letter !== -1) return letter;
  if (code === 46 || code === 44 || code === 10 || code === 13 || code === 9 || code === 34 || code === 39)
    return 8;
  if ((code >= 48 && code <= 57) || (code >= 65 && code <= 90)) return 27;
  if (code === 45 || code === 58 || code === 47 || code === 40 || code === 41) return 27;
  return 30;
}

/**
 * The code unit a literal is looked for by in the probe phase (its rarest, the first of equal ones), or -1 when
 * every code unit is common (then its detector needs the automaton).
 */
function probeOf(literal: string): number {
  let best = -1;
  let bestRarity = RARE - 1;
  for (let k = 0; k < literal.length; k++) {
    const code = literal.charCodeAt(k);
    const r = rarity(code);
    if (r > bestRarity) {
      best = code;
      bestRarity = r;
    }
  }
  return best;
}

/** Shortest rest of a text worth a probe phase: below it, one native search per probe costs more than reading on. */
const PROBE_MIN = 1024;

/**
 * The probe phase's plan: the code units every literal of a probeable detector holds one of, and how far around a
 * hit one of those literals can reach.
 */
interface ProbePlan {
  /** Per detector: 1 when each of its literals holds a rare code unit. */
  readonly probeable: Uint8Array;
  /** The code units searched (a case-insensitive letter in both cases), as one-character strings. */
  readonly probes: readonly string[];
  /** The longest literal of a probeable detector. */
  readonly maxLength: number;
}

function probePlan(entries: readonly Entry[], ci: readonly boolean[], detectors: number): ProbePlan {
  const probeable = new Uint8Array(detectors).fill(1);
  const probeOfEntry = entries.map((entry) => probeOf(entry.text));
  entries.forEach((entry, k) => {
    if (probeOfEntry[k] === -1) for (const i of entry.detectors) probeable[i] = 0;
  });
  const codes = new Set<number>();
  let maxLength = 0;
  entries.forEach((entry, k) => {
    if (!entry.detectors.some((i) => probeable[i] === 1)) return;
    const code = probeOfEntry[k]!;
    codes.add(code);
    // A case-insensitive literal is held lower-cased; its letters stand in the text in either case.
    if (ci[k] === true && code >= 97 && code <= 122) codes.add(code - 32);
    maxLength = Math.max(maxLength, entry.text.length);
  });
  return { probeable, probes: [...codes].map((c) => String.fromCharCode(c)), maxLength };
}

/**
 * Why two phases: the automaton reads every code unit in JavaScript, so a text that holds none of a detector's
 * literals costs a whole pass, which is what declared rules absent from a long text cost (bench/speed/
 * declared-rules.ts; bench/results/2026-11-26-s9-small.md). A declared rule's literal holds a rare code unit (`_`, a
 * digit, a capital), which V8's native `indexOf` finds without reading the text in JavaScript. So the automaton reads only while a detector with a literal of common
 * letters only (the injection lead words, `password`) is unmarked; past that, the rest of the text is read by the
 * automaton only in windows around the hits of the rare code units, which hold every occurrence of the probeable
 * literals left. Both phases report only true occurrences, so the answer is the same as one whole pass.
 */
export class KeywordPrefilter {
  readonly #automaton: LiteralAutomaton;
  /** Per detector: the features under which it runs ungated (0: none). */
  readonly #bypass: Int32Array;
  readonly #plan: ProbePlan;
  /** Indexes of the detectors that have literals. */
  readonly gated: readonly number[];
  // The sweep's state between calls of #sweep within one scan.
  #state = 0;
  #remaining = 0;
  /** Unmarked detectors that are not probeable: while any is left, the automaton reads on. */
  #rigid = 0;

  /** One entry per detector of the list: its triggers, or undefined for a detector that always runs. */
  constructor(triggersByDetector: readonly (LiteralTriggers | readonly string[] | undefined)[]) {
    const byText = new Map<string, Entry>();
    const ciByText = new Map<string, boolean>();
    const gated: number[] = [];
    this.#bypass = new Int32Array(triggersByDetector.length);
    triggersByDetector.forEach((given, index) => {
      const triggers: LiteralTriggers | undefined =
        given === undefined || "literals" in given ? given : { literals: given };
      if (triggers === undefined || triggers.literals.length === 0) return;
      const ci = triggers.caseInsensitive === true;
      // An empty literal occurs everywhere, and a folded non-ASCII literal is not supported: the detector runs.
      if (triggers.literals.some((l) => l.length === 0 || (ci && !isAscii(l)))) return;
      gated.push(index);
      this.#bypass[index] = triggers.bypass ?? 0;
      for (const literal of triggers.literals) {
        const text = ci ? literal.toLowerCase() : literal;
        // An exact-case literal and a folded one of the same letters are two entries: the exact one is confirmed.
        const key = `${ci ? "i" : "e"}${text}`;
        const entry = byText.get(key) ?? { text, exact: !ci && /[A-Za-z]/.test(text), detectors: [] };
        entry.detectors.push(index);
        byText.set(key, entry);
        ciByText.set(key, ci);
      }
    });
    this.gated = gated;
    const entries = [...byText.values()];
    this.#automaton = automatonFor(entries);
    this.#plan = probePlan(entries, [...ciByText.values()], triggersByDetector.length);
  }

  /**
   * Sets `present[i]` to 1 for every gated detector `i` one of whose literals occurs in `text`, or that `features`
   * (of `text`) bypass; 0 for the other gated detectors. Returns how many code units the automaton read (the
   * scan's work, for tests: the probe phase's native searches are not counted).
   */
  scan(text: string, present: Uint8Array, features = 0): number {
    present.fill(0);
    const { probeable } = this.#plan;
    let remaining = 0;
    let rigid = 0;
    for (const i of this.gated) {
      const bypass = this.#bypass[i]!;
      if (bypass !== 0 && (features & bypass) !== 0) present[i] = 1;
      else {
        remaining++;
        if (probeable[i] === 0) rigid++;
      }
    }
    if (remaining === 0) return 0;
    this.#state = 0;
    this.#remaining = remaining;
    this.#rigid = rigid;
    const end = text.length;
    // Phase 1: the automaton, until every detector is marked or only probeable ones are left on a long enough rest.
    const stop = rigid > 0 || end < PROBE_MIN ? this.#sweep(text, 0, end, present, true) : 0;
    if (this.#remaining === 0 || stop >= end) return stop;
    return stop + this.#probe(text, stop, present);
  }

  /**
   * The automaton over `text[from, to)`, marking detectors, from the state the previous sweep left. Returns where
   * it stopped: `to`, or just past a hit after which every detector is marked, or (when `mayHandOver`) after which
   * only probeable ones are left and at least PROBE_MIN code units remain.
   */
  #sweep(text: string, from: number, to: number, present: Uint8Array, mayHandOver: boolean): number {
    // The automaton's loop, inline: no callback per string (a JSON result is ~100k short strings).
    const automaton = this.#automaton;
    const { dense, ends, entries } = automaton;
    const { probeable } = this.#plan;
    let state = this.#state;
    for (let at = from; at < to; at++) {
      const code = text.charCodeAt(at);
      state =
        code < 128
          ? dense[state * 128 + (code >= 65 && code <= 90 ? code | 32 : code)]!
          : automaton.wideMove(state, code);
      const found = ends[state];
      if (found === undefined) continue;
      for (const index of found) {
        const entry = entries[index]!;
        if (entry.exact && !text.startsWith(entry.text, at + 1 - entry.text.length)) continue;
        for (const i of entry.detectors) {
          if (present[i] === 0) {
            present[i] = 1;
            this.#remaining--;
            if (probeable[i] === 0) this.#rigid--;
          }
        }
        if (this.#remaining === 0) return at + 1;
      }
      if (mayHandOver && this.#rigid === 0 && text.length - at > PROBE_MIN) {
        this.#state = state;
        return at + 1;
      }
    }
    this.#state = state;
    return to;
  }

  /**
   * Phase 2, from `from` on (the automaton has read everything before it): the automaton reads windows of
   * `maxLength - 1` code units either side of each hit of a probe code unit, in text order, its state carried over
   * where windows touch. Every occurrence of a probeable literal that ends at `from` or later holds a hit at or
   * after `from - maxLength + 1`, and lies in that hit's window. Past a budget of reading (hits dense in the text),
   * the automaton reads the rest whole. Returns the code units the automaton read.
   */
  #probe(text: string, from: number, present: Uint8Array): number {
    const { probes, maxLength } = this.#plan;
    const end = text.length;
    const first = Math.max(0, from - maxLength + 1);
    const next = probes.map((p) => text.indexOf(p, first));
    const budget = (end - from) >> 2;
    let read = 0;
    let pos = from;
    for (;;) {
      let k = -1;
      for (let j = 0; j < next.length; j++) if (next[j]! !== -1 && (k === -1 || next[j]! < next[k]!)) k = j;
      if (k === -1) return read;
      const hit = next[k]!;
      const windowStart = Math.max(0, hit - maxLength + 1);
      if (windowStart > pos) {
        this.#state = 0;
        pos = windowStart;
      }
      const windowEnd = read > budget ? end : Math.min(end, hit + maxLength);
      if (windowEnd > pos) {
        const stopped = this.#sweep(text, pos, windowEnd, present, false);
        read += stopped - pos;
        pos = stopped;
        if (this.#remaining === 0 || pos >= end) return read;
      }
      next[k] = text.indexOf(probes[k]!, hit + 1);
    }
  }
}

/** The regex alternation this prefilter used before the automaton: kept to measure against (prefilter-scan.ts). */
export function alternationPresence(
  literals: readonly string[],
  caseInsensitive: boolean,
): (text: string) => number {
  const source = [...literals]
    .sort((a, b) => b.length - a.length)
    .map((k) => k.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&"))
    .join("|");
  const pattern = new RegExp(source || "(?!)", caseInsensitive ? "gi" : "g");
  return (text) => {
    let n = 0;
    pattern.lastIndex = 0;
    for (let m = pattern.exec(text); m !== null; m = pattern.exec(text)) {
      n++;
      pattern.lastIndex = m.index + 1;
    }
    return n;
  };
}

/** Characters that stand for themselves at the top level of a regex source. */
const PLAIN = /[A-Za-z0-9_\-:=@#%&,;'"<>!~`/ ]/;
/** Escapes of punctuation that stand for the character itself (`\.`, `\-`, `\/`...). */
const ESCAPED_PUNCTUATION = /[.\-/\\:=@#%&,;'"<>!~`_*+?()[\]{}|^$]/;
/** Shortest derived literal worth a gate (a one- or two-character literal occurs in nearly every string). */
const MIN_DERIVED = 3;

/**
 * The literal every match of a declared rule's pattern starts with, read from the source: the characters before the
 * first construct that is not one literal character; undefined when there is none of at least three characters,
 * when the pattern has a top-level alternation (a match may start with either branch), or when its flags fold case
 * beyond ASCII (`i` with `u` or `v`). With `i` alone the literal is case-insensitive (ASCII only: without `u`, no
 * non-ASCII character matches an ASCII letter under `i`).
 */
export function derivedLiteral(source: string, flags: string): LiteralTriggers | undefined {
  const ci = flags.includes("i");
  if (ci && (flags.includes("u") || flags.includes("v"))) return undefined;
  if (hasTopLevelAlternation(source)) return undefined;
  let literal = "";
  let i = 0;
  while (i < source.length) {
    const c = source[i]!;
    let unit: string | undefined;
    let width = 1;
    if (c === "\\" && i + 1 < source.length && ESCAPED_PUNCTUATION.test(source[i + 1]!)) {
      unit = source[i + 1]!;
      width = 2;
    } else if (PLAIN.test(c)) unit = c;
    if (unit === undefined) break;
    const next = source[i + width];
    // `x?`, `x*`, `x{0,n}`: the character may be absent; `x+` and `x{n}` keep it, but the literal ends there.
    if (next === "?" || next === "*" || next === "{") break;
    literal += unit;
    i += width;
    if (next === "+") break;
  }
  if (literal.length < MIN_DERIVED || (ci && !isAscii(literal))) return undefined;
  return ci ? { literals: [literal], caseInsensitive: true } : { literals: [literal] };
}

/** Whether `source` has a `|` outside every group and class. */
function hasTopLevelAlternation(source: string): boolean {
  let depth = 0;
  let inClass = false;
  for (let i = 0; i < source.length; i++) {
    const c = source[i]!;
    if (c === "\\") {
      i++;
      continue;
    }
    if (inClass) {
      if (c === "]") inClass = false;
      continue;
    }
    if (c === "[") inClass = true;
    else if (c === "(") depth++;
    else if (c === ")") depth--;
    else if (c === "|" && depth === 0) return true;
  }
  return false;
}
