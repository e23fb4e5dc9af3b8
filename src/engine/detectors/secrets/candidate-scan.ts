import {
  candidateIndex,
  MIN_PASS_LENGTH,
  mergeUnique,
  type PassLiterals,
  passLiterals,
} from "../../scan/candidates.js";

/**
 * A global regex scan that tries only where a match can start. V8 skips quickly to a literal or a rare character,
 * but not through an alternation of words with common first letters (`password|key|token|...` under `i` stops at
 * nearly every letter of prose): such a scan is replaced by string searches for literals every match holds, and
 * the same regex, sticky, tried at the starts those literals allow. The matches, and the order they are visited in,
 * are those of the global scan (test/property/secret-candidate-scan.test.ts compares the two).
 */

/**
 * Below this length a global regex scan of a short string costs less than asking the candidate index for its letters
 * (each question is a few map look-ups and a list: the structuredContent screen re-reads thousands of short
 * `key: value` strings alone), so the letter-based starts are skipped (undefined: the global scan runs).
 */
export const SHORT_TEXT = 256;

/** Whether a needle occurs in a text: what the forms' gates ask. */
export interface Needles {
  has(needle: string): boolean;
}

/** A short text's plain search: the candidate index's memo of each answer costs more than the search there. */
class PlainNeedles implements Needles {
  constructor(private readonly text: string) {}
  has(needle: string): boolean {
    return this.text.includes(needle);
  }
}

/** The gates' searches of `text`: the shared candidate index's (answers shared by every detector), plain if short. */
export function needlesOf(text: string): Needles {
  return text.length < SHORT_TEXT ? new PlainNeedles(text) : candidateIndex(text);
}

/** ASCII lower-case letters, most frequent in English first: a literal is searched for by its rarest character. */
const LETTERS_BY_FREQUENCY = "etaoinshrdlcumwfgypbvkjxqz";

function rarity(code: number): number {
  const letter = LETTERS_BY_FREQUENCY.indexOf(String.fromCharCode(code));
  if (letter !== -1) return letter;
  if (code >= 65 && code <= 90) return 30; // capitals, digits and punctuation: rarer than most letters of prose
  if (code < 128) return 28;
  return 40;
}

/** Per literal, what `indexOf` looks for (the literal from its rarest character on) and that character's offset. */
type SearchPlan = { literal: string; needle: string; offset: number }[];

const plans = new WeakMap<readonly string[], SearchPlan>();

function searchPlan(literals: readonly string[]): SearchPlan {
  let plan = plans.get(literals);
  if (plan !== undefined) return plan;
  plan = literals.map((literal) => {
    let offset = 0;
    for (let k = 1; k < literal.length; k++)
      if (rarity(literal.charCodeAt(k)) > rarity(literal.charCodeAt(offset))) offset = k;
    return { literal, needle: literal.slice(offset), offset };
  });
  plans.set(literals, plan);
  return plan;
}

/**
 * Calls `found(start, literal)` for each occurrence of each literal (literal by literal, each ascending), searched for
 * from its rarest character. `literals` is a constant array: its search plan is kept.
 */
export function forEachLiteral(
  haystack: string,
  literals: readonly string[],
  found: (start: number, literal: string) => void,
): void {
  for (const { literal, needle, offset } of searchPlan(literals)) {
    for (let at = haystack.indexOf(needle); at !== -1; at = haystack.indexOf(needle, at + 1)) {
      const start = at - offset;
      if (offset === 0 || (start >= 0 && haystack.startsWith(literal, start))) found(start, literal);
    }
  }
}

/**
 * Every start `at - back ... at` for each occurrence `at` of the literals in `haystack`, ascending and unique; or
 * undefined when there are more than `limit` of them (trying them would cost more than the scan they replace).
 * `literals` is a constant array: its search plan is kept. V8's `indexOf` stops at every occurrence of the needle's first
 * character, so each literal is searched for from its rarest character on.
 */
export function literalStarts(
  haystack: string,
  literals: readonly string[],
  back: number,
  limit: number,
): number[] | undefined {
  const hits: number[] = [];
  // A long text's candidate index answers from the shared literal pass once the literals are among its needles.
  const index = haystack.length >= MIN_PASS_LENGTH ? candidateIndex(haystack) : undefined;
  for (const { literal, needle, offset } of searchPlan(literals)) {
    if (index !== undefined) {
      for (const start of index.positions(literal)) hits.push(start);
      if (hits.length * (back + 1) > limit) return undefined;
      continue;
    }
    for (let at = haystack.indexOf(needle); at !== -1; at = haystack.indexOf(needle, at + 1)) {
      const start = at - offset;
      if (offset > 0 && (start < 0 || !haystack.startsWith(literal, start))) continue;
      hits.push(start);
      if (hits.length * (back + 1) > limit) return undefined;
    }
  }
  if (hits.length === 0) return hits;
  hits.sort((a, b) => a - b);
  const starts: number[] = [];
  let next = 0;
  for (const at of hits) {
    for (let s = Math.max(next, at - back, 0); s <= at; s++) starts.push(s);
    next = Math.max(next, at + 1);
  }
  return starts;
}

/**
 * Every start `at - back ... at` for each match `at` of `anchors` (global, matching one character) in `text`,
 * ascending and unique; or undefined when there are more than `limit` of them. An anchor regex with a literal form
 * (anchorLiterals) is answered from the shared literal pass on an ASCII text.
 */
export function anchorStarts(
  text: string,
  anchors: RegExp,
  back: number,
  limit: number,
): number[] | undefined {
  const fromPass = anchorsFromPass(text, anchors);
  const starts: number[] = [];
  let next = 0;
  if (fromPass !== undefined) {
    for (const at of fromPass) {
      next = pushStarts(starts, next, at, back);
      if (starts.length > limit) return undefined;
    }
    return starts;
  }
  anchors.lastIndex = 0;
  for (let m = anchors.exec(text); m !== null; m = anchors.exec(text)) {
    next = pushStarts(starts, next, m.index, back);
    if (starts.length > limit) return undefined;
  }
  return starts;
}

/** Appends the starts `at - back ... at` from `next` on (those below are listed); the first start not listed after. */
function pushStarts(starts: number[], next: number, at: number, back: number): number {
  for (let s = Math.max(next, at - back, 0); s <= at; s++) starts.push(s);
  return at + 1;
}

/**
 * An anchor regex written as literals: on an ASCII text, the regex (flags `giu`: ASCII letters match in either case,
 * and no other character folds onto an ASCII letter when the text holds none) matches exactly at `start + offset` of
 * each ASCII-case-folded occurrence of one of `literals` (the lookbehind and lookahead of a branch are the literal's
 * parts before and after its anchor). Non-ASCII branches never match an ASCII text.
 */
interface AnchorLiterals {
  readonly pass: PassLiterals;
  readonly offsets: readonly number[];
}

const ANCHOR_LITERALS = new Map<string, AnchorLiterals>();

/**
 * Declares the literal form of an anchor regex, keyed by its source and flags (test/property/
 * anchor-literals.property.test.ts checks each declared form against its regex on generated ASCII texts). A regex
 * whose source changes loses its literal form and is run as written.
 */
export function declareAnchorLiterals(
  source: string,
  flags: string,
  literals: readonly [string, number][],
): void {
  ANCHOR_LITERALS.set(`${flags}/${source}`, {
    pass: passLiterals(literals.map(([literal]) => literal)),
    offsets: literals.map(([, offset]) => offset),
  });
}

/** The declared literal form of `anchors`, if any (for the tests). */
export function anchorLiteralsOf(anchors: RegExp): readonly [string, number][] | undefined {
  const form = ANCHOR_LITERALS.get(`${anchors.flags}/${anchors.source}`);
  return form?.pass.literals.map((literal, k) => [literal, form.offsets[k]!]);
}

/** The anchors' positions, ascending and unique, from the shared pass; undefined when the regex must run. */
function anchorsFromPass(text: string, anchors: RegExp): number[] | undefined {
  if (text.length < MIN_PASS_LENGTH) return undefined;
  const form = ANCHOR_LITERALS.get(`${anchors.flags}/${anchors.source}`);
  if (form === undefined) return undefined;
  const index = candidateIndex(text);
  const hits = index.passHits(form.pass);
  if (hits === undefined || !index.isAscii()) return undefined;
  let at: number[] = [];
  hits.forEach((starts, k) => {
    if (starts.length === 0) return;
    const offset = form.offsets[k]!;
    at = mergeUnique(
      at,
      starts.map((start) => start + offset),
    );
  });
  return at;
}

// secret.prose_credential's noun anchors (prose-credential.ts, NOUN_ANCHORS): `k` of token/key/kennwort, `p` of
// pass, `j` of jeton, `c` of secret/schl/credential/contrase/cl/chave, `n` of senha; the Cyrillic branches match no
// ASCII text.
declareAnchorLiterals(
  "k(?:(?<=tok)(?=en)|(?=ey|ennwort))|p(?=ass)|j(?=eton)|c(?:(?<=sec)(?=ret)|(?<=sc)(?=hl)|(?=redential|ontrase|l|have))|n(?<=sen)(?=ha)|п(?=ароль)|к(?=люч)|т(?=окен)",
  "giu",
  [
    ["token", 2],
    ["key", 0],
    ["kennwort", 0],
    ["pass", 0],
    ["jeton", 0],
    ["secret", 2],
    ["schl", 1],
    ["credential", 0],
    ["contrase", 0],
    ["cl", 0],
    ["chave", 0],
    ["senha", 2],
  ],
);

/**
 * The loop `for (m = global.exec(text); m; m = global.exec(text)) global.lastIndex = onMatch(m)` with `sticky` (the
 * same source and flags, `y` for `g`) tried only at `starts` (ascending). Equivalent when every match of the regex
 * starts at one of `starts` and none is empty: the global scan returns the first start from its `lastIndex` on where
 * the regex matches, which is the first of `starts` there where it does. `onMatch` returns the next `lastIndex`.
 */
export function scanAtStarts(
  text: string,
  sticky: RegExp,
  starts: readonly number[],
  onMatch: (m: RegExpExecArray) => number,
): void {
  let from = 0;
  for (const start of starts) {
    if (start < from) continue;
    sticky.lastIndex = start;
    const m = sticky.exec(text);
    if (m !== null) from = onMatch(m);
  }
}

/** The global loop itself (what `scanAtStarts` replaces), for texts where the candidates are not worth it. */
export function scanAll(text: string, global: RegExp, onMatch: (m: RegExpExecArray) => number): void {
  global.lastIndex = 0;
  for (let m = global.exec(text); m !== null; m = global.exec(text)) global.lastIndex = onMatch(m);
}

/** A sticky copy of a global regex (same source and other flags). */
export function stickyOf(global: RegExp): RegExp {
  return new RegExp(global.source, global.flags.replace("g", "y"));
}

/** A global regex and where it is tried instead of everywhere: what the equivalence property test reads. */
export interface CandidateScan {
  readonly name: string;
  readonly global: RegExp;
  readonly starts: (text: string) => readonly number[] | undefined;
}

/** Every candidate scan the secret detectors use (test/property/secret-candidate-scan.property.test.ts). */
export const CANDIDATE_SCANS: CandidateScan[] = [];
