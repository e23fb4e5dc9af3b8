import { memoizeLastText } from "../detectors/shared/last-text-memo.js";
import { type GappedPair, LiteralPass, type PassResult, PRESENCE_CHARS } from "./literal-pass.js";

/**
 * The candidate index of one text: where each needle a detector asks about stands, searched for once per text and
 * shared by every detector that asks (the token detector, the operatorless credential forms and the AWS detector all
 * want the `k` of `key`/`token` and the `cret` of `secret`; every credential form wants the line starts).
 *
 * Why needles searched with `indexOf` and not one pass that classifies every character (bench/results/
 * 2026-11-26-s8-onepass.md measures both on 1 MB of prose): V8 finds a single character with `memchr`, 0.03 ms per
 * MB when it is absent, about 0.3 ms for a letter of prose (`k`, `v`); a JavaScript loop over every `charCodeAt`
 * costs 5 ms and a regex for a character class of the same candidates 4.5 ms, more than all the searches together.
 * So the "one pass" is one search per needle per text, each in native code, never one per detector.
 *
 * Every list is exact (each occurrence, overlapping ones included), so a detector that tries its own regex at the
 * starts these allow visits exactly the matches of its global scan (candidate-scan.ts, the property tests).
 */
export interface CandidateIndex {
  readonly text: string;
  /** Whether `needle` occurs in the text. */
  has(needle: string): boolean;
  /** Ascending start offsets of every occurrence of `needle` (overlapping ones too). Do not modify. */
  positions(needle: string): readonly number[];
  /** Ascending, unique `position - back` for each occurrence of each `[needle, back]` pair (negative ones dropped). */
  startsOf(needles: readonly (readonly [string, number])[]): number[];
  /**
   * `startsOf`, or undefined as soon as the needles (by their probes) occur more than `limit` times together (a text
   * dense in them: the caller's global scan is cheaper than trying each, and the lists are not built).
   */
  startsUpTo(needles: readonly (readonly [string, number])[], limit: number): number[] | undefined;
  /** `positions(needle)`, or undefined when its probe occurs more than `limit` times (then no list is built). */
  positionsUpTo(needle: string, limit: number): readonly number[] | undefined;
  /**
   * The shared literal pass's hits for `set` (see passLiterals): per literal of the set, the ascending starts of its
   * occurrences with ASCII letters folded (a caller that wants the exact case confirms each with `startsWith`).
   * Undefined when the text is too short for the pass to pay or too dense in the registered literals: the caller
   * searches as it would without the pass.
   */
  passHits(set: PassLiterals): readonly (readonly number[])[] | undefined;
  /** `passHits(set)` when the pass has run on this text already; undefined otherwise (this never runs it). */
  passHitsIfRun(set: PassLiterals): readonly (readonly number[])[] | undefined;
  /**
   * The text's maximal runs of ASCII digits `[0-9]` (what `\d` matches without the `u` flag), from the shared pass:
   * `[start0, end0, start1, end1, ...]`, ascending. Undefined when the pass has not run on the text yet (this never
   * runs it: see `passHits`), does not run on it, or the text holds more than one run per 8 bytes of some 64 kB
   * stretch: the caller scans as before. Do not modify.
   */
  digitRuns(): Int32Array | undefined;
  /**
   * Beside `digitRuns` (defined exactly when it is): four bytes per run, the two characters before its start and the
   * two from its end, each its code unit below OTHER (literal-pass.ts), else OTHER (PassResult.digitRunSides). Do not
   * modify.
   */
  digitRunSides(): Uint8Array | undefined;
  /**
   * Every offset where `pair` (registered with passPair) stands, ascending, from the shared pass. Undefined when the
   * pass has not run on the text yet (this never runs it: see `digitRuns`), does not run on it, the text is not all
   * ASCII, or it holds more than one per 8 bytes of some 64 kB stretch: the caller searches as before. Do not modify.
   */
  pairStarts(pair: PassPair): Int32Array | undefined;
  /**
   * Every colon a hex digit or a colon follows (`[0-9A-Fa-f:]`), ascending, from the shared pass; undefined as
   * `pairStarts` is. Do not modify.
   */
  hexColons(): Int32Array | undefined;
  /**
   * Whether the text holds `char`, one of the characters the shared pass notes (literal-pass.ts PRESENCE_CHARS), as
   * `text.includes(char)` answers; undefined when the pass has not run on the text (this never runs it), does not run
   * on it, or does not note `char`: the caller searches itself.
   */
  holds(char: string): boolean | undefined;
  /**
   * Whether every character of the text is ASCII (computed once per text; on a text the shared pass runs on, by the
   * pass, which this then runs if it has not yet).
   */
  isAscii(): boolean;
}

/** ASCII lower-case letters, most frequent in English first (after the space, commonest of all). */
const LETTERS_BY_FREQUENCY = " etaoinshrdlcumwfgypbvkjxqz";

/** How rare a code unit is in tool output: higher is rarer. Capitals, digits and punctuation beat most letters. */
function rarity(code: number): number {
  const letter = LETTERS_BY_FREQUENCY.indexOf(String.fromCharCode(code));
  if (letter !== -1) return letter;
  if (code === 46 || code === 44 || code === 10) return 8; // `.`, `,` and line breaks: as common as `s`
  return code < 128 ? 30 : 40;
}

/**
 * What `indexOf` searches for a needle: the part of it from its rarest character on, at most six long. V8 finds a
 * needle of up to six characters by a native scan for its first character (nearly free when that is rare), and a
 * longer one by Boyer-Moore-Horspool, which shifts by the needle's LAST character: `"-----BEGIN "` (ending in a
 * space) or `"service_account"` cost 0.5-0.7 ms per MB of prose, `"-----B"` and `"_accou"` 0.03.
 */
interface Probe {
  readonly probe: string;
  readonly offset: number;
}
const PROBES = new Map<string, Probe>();
const MAX_PROBE = 6;
/** Probe hits `has` verifies one by one before it asks `includes` for the whole needle instead. */
const MAX_PROBE_TRIES = 4096;

function probeOf(needle: string): Probe {
  let plan = PROBES.get(needle);
  if (plan !== undefined) return plan;
  let offset = 0;
  for (let k = 1; k < needle.length; k++)
    if (rarity(needle.charCodeAt(k)) > rarity(needle.charCodeAt(offset))) offset = k;
  plan = { probe: needle.slice(offset, offset + MAX_PROBE), offset };
  if (PROBES.size < 1024) PROBES.set(needle, plan);
  return plan;
}

class TextCandidates implements CandidateIndex {
  private readonly found = new Map<string, readonly number[]>();
  /** Probes known to occur more than the limit noted, whose lists were not built. */
  private readonly denseAbove = new Map<string, number>();
  /** The shared pass's lists by registry id (null: not run yet; undefined: not run for this text). */
  private hits: (number[] | undefined)[] | null | undefined = null;
  private runs: Int32Array | undefined;
  private runSides: Uint8Array | undefined;
  private pairs: readonly (Int32Array | undefined)[] = [];
  private colons: Int32Array | undefined;
  /** PassResult.present of this text's pass; undefined when it has not run or did not run to its end. */
  private present: number | undefined;
  private ascii: boolean | undefined;
  /** passHits' answers for this text, by set. */
  private readonly bySet = new Map<PassLiterals, readonly (readonly number[])[]>();

  constructor(readonly text: string) {}

  passHits(set: PassLiterals): readonly (readonly number[])[] | undefined {
    if (!passEnabled) return undefined;
    const hits = this.runPassOnce();
    if (hits === undefined || set.maxId >= hits.length) return undefined;
    // Several detectors ask for the same set of one text: its lists are gathered once (a set has up to hundreds).
    let lists = this.bySet.get(set);
    if (lists === undefined) {
      const { ids } = set;
      const gathered = new Array<readonly number[]>(ids.length);
      for (let k = 0; k < ids.length; k++) gathered[k] = hits[ids[k]!] ?? NONE;
      this.bySet.set(set, gathered);
      lists = gathered;
    }
    return lists;
  }

  passHitsIfRun(set: PassLiterals): readonly (readonly number[])[] | undefined {
    return this.hits === null ? undefined : this.passHits(set);
  }

  digitRuns(): Int32Array | undefined {
    // Never runs the pass itself: for the runs alone it costs more than one detector's own scan (the phone
    // detector's regex: 0.7 ms per MB of prose, the pass about 2). In a plan with the sanitizers, the secrets or the
    // e-mail detector, one of them has run it on the text before the number detectors ask.
    return this.hits === null || !passEnabled ? undefined : this.runs;
  }

  digitRunSides(): Uint8Array | undefined {
    return this.hits === null || !passEnabled ? undefined : this.runSides;
  }

  pairStarts(pair: PassPair): Int32Array | undefined {
    return this.hits === null || !passEnabled ? undefined : this.pairs[pair.id];
  }

  hexColons(): Int32Array | undefined {
    return this.hits === null || !passEnabled ? undefined : this.colons;
  }

  /** The pass's lists of this text (running it on the first call): undefined when it does not run here. */
  private runPassOnce(): (number[] | undefined)[] | undefined {
    if (this.hits !== null) return this.hits;
    const result = runPass(this.text);
    this.runs = result?.digitRuns;
    this.runSides = result?.digitRunSides;
    this.pairs = result?.pairs ?? [];
    this.colons = result?.hexColons;
    this.present = result?.present;
    this.hits = result?.lists;
    // The pass encoded every character: it knows (a text it gave up on is measured when asked).
    if (result !== undefined) this.ascii ??= result.ascii;
    return this.hits;
  }

  holds(char: string): boolean | undefined {
    const k = char.length === 1 ? PRESENCE_CHARS.indexOf(char) : -1;
    if (k === -1 || this.hits === null || !passEnabled || this.present === undefined) return undefined;
    return (this.present & (1 << k)) !== 0;
  }

  isAscii(): boolean {
    // The pass encodes every character, so on a text it runs on it answers: asked first (the control detector asks
    // before it reads the pass's hits), the pass runs now rather than after a UTF-8 length measure of its own.
    if (this.ascii === undefined && this.hits === null && passRunsOn(this.text)) this.runPassOnce();
    this.ascii ??= Buffer.byteLength(this.text, "utf8") === this.text.length;
    return this.ascii;
  }

  /**
   * Every exact-case occurrence of `needle` from the shared pass, when the pass has run on this text and the needle
   * is among its literals (undefined otherwise: never runs the pass itself). A needle of two or more characters asked
   * about on a long text is registered for the texts after it (learnNeedle).
   */
  private fromPass(needle: string): readonly number[] | undefined {
    if (needle.length < 2 || this.text.length < MIN_PASS_LENGTH || !passEnabled) return undefined;
    const id = learnNeedle(needle);
    const hits = this.hits;
    if (id === undefined || hits === null || hits === undefined || id >= hits.length) return undefined;
    const folded = hits[id] ?? NONE;
    const list = HAS_ASCII_LETTER.test(needle)
      ? folded.filter((at) => this.text.startsWith(needle, at))
      : folded;
    this.found.set(needle, list);
    return list;
  }

  has(needle: string): boolean {
    const known = this.found.get(needle) ?? this.fromPass(needle);
    if (known !== undefined) return known.length > 0;
    // A character the pass notes as absent: no search of the whole text for it (asked only where the pass has run:
    // the many short strings of a JSON walk skip the question).
    if (this.present !== undefined && this.holds(needle) === false) {
      this.found.set(needle, NONE);
      return false;
    }
    const { probe, offset } = probeOf(needle);
    const list = this.found.get(probe);
    if (list !== undefined) return list.some((at) => this.verified(needle, probe, at - offset));
    const text = this.text;
    let tries = 0;
    for (let at = text.indexOf(probe); at !== -1; at = text.indexOf(probe, at + 1)) {
      if (this.verified(needle, probe, at - offset)) return true;
      // A text dense in the probe but not the needle (`ffff...` for `dentified`): the plain search is linear too.
      if (++tries > MAX_PROBE_TRIES) return text.includes(needle);
    }
    this.found.set(needle, []);
    return false;
  }

  positions(needle: string): readonly number[] {
    let list = this.found.get(needle) ?? this.fromPass(needle);
    if (list !== undefined) return list;
    const { probe, offset } = probeOf(needle);
    if (probe === needle) list = this.occurrences(needle);
    else {
      const at: number[] = [];
      for (const p of this.positions(probe))
        if (this.verified(needle, probe, p - offset)) at.push(p - offset);
      list = at;
    }
    this.found.set(needle, list);
    return list;
  }

  private occurrences(needle: string): number[] {
    const at: number[] = [];
    const text = this.text;
    for (let i = text.indexOf(needle); i !== -1; i = text.indexOf(needle, i + 1)) at.push(i);
    return at;
  }

  /** Whether `needle` starts at `start` (its probe is known to stand at `start + offset`). */
  private verified(needle: string, probe: string, start: number): boolean {
    return start >= 0 && (probe === needle || this.text.startsWith(needle, start));
  }

  startsOf(needles: readonly (readonly [string, number])[]): number[] {
    return this.startsUpTo(needles, Number.POSITIVE_INFINITY)!;
  }

  startsUpTo(needles: readonly (readonly [string, number])[], limit: number): number[] | undefined {
    const lists: (readonly number[])[] = [];
    let total = 0;
    for (const [needle] of needles) {
      const list = this.positionsUpTo(needle, limit - total);
      if (list === undefined) return undefined;
      total += list.length;
      lists.push(list);
    }
    let starts: number[] = [];
    needles.forEach(([, back], k) => {
      const shifted: number[] = [];
      for (const at of lists[k]!) if (at >= back) shifted.push(at - back);
      starts = starts.length === 0 ? shifted : mergeUnique(starts, shifted);
    });
    return starts;
  }

  /** `positions(needle)`, or undefined when its probe occurs more than `limit` times (then no list is built). */
  positionsUpTo(needle: string, limit: number): readonly number[] | undefined {
    const known = this.found.get(needle) ?? this.fromPass(needle);
    if (known !== undefined) return known.length > limit ? undefined : known;
    const { probe } = probeOf(needle);
    const probeHits = this.found.get(probe);
    if (probeHits !== undefined) return probeHits.length > limit ? undefined : this.positions(needle);
    const dense = this.denseAbove.get(probe);
    if (dense !== undefined && dense >= limit) return undefined;
    const text = this.text;
    const hits: number[] = [];
    for (let at = text.indexOf(probe); at !== -1; at = text.indexOf(probe, at + 1)) {
      if (hits.length >= limit) {
        this.denseAbove.set(probe, limit);
        return undefined;
      }
      hits.push(at);
    }
    this.found.set(probe, hits);
    return this.positions(needle);
  }
}

/** The ascending, unique union of two ascending, unique lists (a merge: no sort, no repeats). */
export function mergeUnique(a: readonly number[], b: readonly number[]): number[] {
  const out: number[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const x = a[i]!;
    const y = b[j]!;
    if (x <= y) i++;
    if (y <= x) j++;
    out.push(x <= y ? x : y);
  }
  while (i < a.length) out.push(a[i++]!);
  while (j < b.length) out.push(b[j++]!);
  return out;
}

/**
 * The candidate index of `text`, shared by every detector that runs on the same string in one pass (the index of the
 * last text asked about is kept until the current task ends; see last-text-memo.ts).
 */
export const candidateIndex: (text: string) => CandidateIndex = memoizeLastText((text) => {
  const made = new TextCandidates(text);
  noteMade(made);
  return made;
});

/** The index made last, kept as the memo keeps it: until the task ends (then dropped, with its text). */
let lastMade: TextCandidates | undefined;
let dropScheduled = false;

function noteMade(made: TextCandidates): void {
  lastMade = made;
  if (dropScheduled) return;
  dropScheduled = true;
  queueMicrotask(() => {
    dropScheduled = false;
    lastMade = undefined;
  });
}

/**
 * `candidateIndex(text).holds(char)` when `text` is the text whose index was made last in this task, else undefined:
 * for a caller that may ask about another text (the envelope), which must not make an index of its own (it would
 * take the memo's place, and the scanned text's pass would run again).
 */
export function heldIfIndexed(text: string, char: string): boolean | undefined {
  return lastMade !== undefined && lastMade.text === text ? lastMade.holds(char) : undefined;
}

/**
 * The shared literal pass: ONE run of a WebAssembly Aho-Corasick automaton (src/shared/literal-automaton.ts) per
 * text over every literal the detectors registered (token prefixes, credential and prose nouns, keywords), instead of
 * one V8 search or regex per detector. V8 stops a regex at every occurrence of its first characters (the prose
 * nouns' anchors stop at every `k`, `p`, `c`, `n` of prose; the token prefixes' anchors at every `.`, `_`, `-` and
 * capital); the automaton reads each byte once whatever the literals, at a cost that does not grow with their count.
 * Literals are matched with ASCII letters folded (what a non-`u` `i` flag does), so one pass serves both the
 * exact-case prefixes (confirmed by the caller) and the case-insensitive words.
 */
export interface PassLiterals {
  /** The literals as registered. */
  readonly literals: readonly string[];
  /** Each literal's id in the pass's registry (literals equal once folded share one). */
  readonly ids: readonly number[];
  /** The largest of `ids` (-1 when there are none). */
  readonly maxId: number;
}

/** The lists of a literal that does not occur (shared: callers never modify a list). */
const NONE: readonly number[] = [];

/**
 * Below this length the pass's fixed cost (the automaton's reset, one encode, one call into the module) is not
 * repaid, and the callers' own searches are as cheap: they search as before.
 */
export const MIN_PASS_LENGTH = 1024;
/** More registered literals than this and later sets are left to their callers' own searches. */
const MAX_REGISTERED = 4096;

let passEnabled = true;

/**
 * Switches the shared pass off (every `passHits` undefined, so every caller searches as it would without it) or back
 * on: for the tests and benches that compare both paths on the same texts. Not for production use.
 */
export function setLiteralPass(enabled: boolean): void {
  passEnabled = enabled;
}

const registry: string[] = [];

/** The pass's literals, folded, by registry id (for the benches that measure the pass). */
export function registeredLiterals(): readonly string[] {
  return registry;
}
const registryIds = new Map<string, number>();
let automaton: LiteralPass | undefined;
let compileFailed = false;

const foldAscii = (s: string): string => s.replace(/[A-Z]+/g, (upper) => upper.toLowerCase());

/**
 * Registers literals for the shared pass (at module load or when a detector is built: the automaton is compiled
 * again on the next pass after a new literal). Every occurrence of each, ASCII case folded, is then in
 * `passHits(set)` of every text at least MIN_PASS_LENGTH long.
 */
export function passLiterals(literals: readonly string[]): PassLiterals {
  const ids = literals.map((literal) => {
    if (literal.length === 0) throw new Error("passLiterals: an empty literal");
    const folded = foldAscii(literal);
    let id = registryIds.get(folded);
    if (id === undefined) {
      // A full registry hands out ids past every list: passHits answers undefined for the set, never a wrong list.
      if (registry.length >= MAX_REGISTERED) return Number.MAX_SAFE_INTEGER;
      id = registry.length;
      registry.push(folded);
      registryIds.set(folded, id);
      automaton = undefined;
    }
    return id;
  });
  return { literals, ids, maxId: Math.max(-1, ...ids) };
}

const pairRegistry: GappedPair[] = [];

/** A pair of ASCII characters the shared pass lists (see CandidateIndex.pairStarts). */
export interface PassPair {
  readonly id: number;
}

/**
 * Registers `first` followed, `gap` characters on, by `second` (one ASCII character each; gap at least 1) for the
 * shared pass: every text the pass runs on then lists its occurrences (`pairStarts`). At module load: a new pair
 * compiles the pass again.
 */
export function passPair(first: string, gap: number, second: string): PassPair {
  const codes = [first.charCodeAt(0), second.charCodeAt(0)];
  if (first.length !== 1 || second.length !== 1 || codes.some((c) => c >= 128) || !(gap >= 1))
    throw new Error("passPair: two ASCII characters, at least 1 apart");
  const pair = { first: codes[0]!, gap, second: codes[1]! };
  let id = pairRegistry.findIndex((p) => p.first === pair.first && p.gap === gap && p.second === pair.second);
  if (id === -1) {
    id = pairRegistry.push(pair) - 1;
    automaton = undefined;
  }
  return { id };
}

/** Needles the index registered itself (learnNeedle), at most MAX_LEARNED: each costs one compile of the automaton. */
let learned = 0;
const MAX_LEARNED = 256;
const HAS_ASCII_LETTER = /[A-Za-z]/;

/**
 * The registry id of `needle`'s folded form, registering it if the index may still learn needles: detectors ask the
 * index about a fixed set of needles (`has("#define")`, `positions("cret")`), so after the first long text each is
 * among the pass's literals and answered from its lists instead of a search of its own.
 */
function learnNeedle(needle: string): number | undefined {
  const known = needleIds.get(needle);
  if (known !== undefined) return known;
  const id = registryIds.get(foldAscii(needle));
  if (id !== undefined) {
    // A registry id never changes: the needle as asked answers without folding it again (asked per text, per form).
    if (needleIds.size < MAX_NEEDLE_IDS) needleIds.set(needle, id);
    return id;
  }
  if (learned >= MAX_LEARNED) return id;
  // Needles learned while the automaton is stale join the next compile; one that would make a compiled automaton
  // stale costs a compile (20-40 ms for ~300 literals), so only MAX_LEARNING_COMPILES of those are spent: the first
  // long text teaches nearly every needle at once, the rare ones after it wait for the budget.
  if (automaton !== undefined) {
    if (learningCompiles >= MAX_LEARNING_COMPILES) return undefined;
    learningCompiles++;
  }
  learned++;
  passLiterals([needle]);
  return undefined;
}

/** Needles as asked and their registry ids (learnNeedle); bounded like the registry. */
const needleIds = new Map<string, number>();
const MAX_NEEDLE_IDS = MAX_REGISTERED;

let learningCompiles = 0;
const MAX_LEARNING_COMPILES = 3;

/** How many times the pass's automaton was compiled (for the tests: learning needles must not recompile often). */
export function literalPassCompiles(): number {
  return compiles;
}
let compiles = 0;

/** Whether the pass is run on `text` when asked (it may still give up on a text too dense in its literals). */
function passRunsOn(text: string): boolean {
  return passEnabled && text.length >= MIN_PASS_LENGTH && registry.length > 0 && !compileFailed;
}

/**
 * Every registered literal's occurrences in `text`, by registry id, or undefined (a short text; a text with more
 * hits than one per 16 characters: the callers' own scans, which give up on dense texts, are cheaper there).
 */
function runPass(text: string): PassResult | undefined {
  if (!passRunsOn(text)) return undefined;
  if (automaton === undefined) {
    try {
      compiles++;
      automaton = new LiteralPass([...registry], [...pairRegistry]);
    } catch {
      // A registry past the automaton's state limit (long declared prefixes): every caller searches as before.
      compileFailed = true;
      return undefined;
    }
  }
  return automaton.run(text, 64 + (text.length >> 4));
}
