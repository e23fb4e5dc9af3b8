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

export class KeywordPrefilter {
  readonly #automaton: LiteralAutomaton;
  /** Per detector: the features under which it runs ungated (0: none). */
  readonly #bypass: Int32Array;
  /** Indexes of the detectors that have literals. */
  readonly gated: readonly number[];

  /** One entry per detector of the list: its triggers, or undefined for a detector that always runs. */
  constructor(triggersByDetector: readonly (LiteralTriggers | readonly string[] | undefined)[]) {
    const byText = new Map<string, Entry>();
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
      }
    });
    this.gated = gated;
    this.#automaton = automatonFor([...byText.values()]);
  }

  /**
   * Sets `present[i]` to 1 for every gated detector `i` one of whose literals occurs in `text`, or that `features`
   * (of `text`) bypass; 0 for the other gated detectors.
   */
  scan(text: string, present: Uint8Array, features = 0): void {
    present.fill(0);
    let remaining = 0;
    for (const i of this.gated) {
      const bypass = this.#bypass[i]!;
      if (bypass !== 0 && (features & bypass) !== 0) present[i] = 1;
      else remaining++;
    }
    if (remaining === 0) return;
    // The automaton's loop, inline: no callback per string (a JSON result is ~100k short strings).
    const automaton = this.#automaton;
    const { dense, ends, entries } = automaton;
    let state = 0;
    for (let at = 0; at < text.length; at++) {
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
            remaining--;
          }
        }
        if (remaining === 0) return;
      }
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
