import { classifyInvisible } from "../../sanitizer/invisible-chars.js";
import { SegmentMap } from "../../scan/offset-map.js";
import { CONFUSABLE_FOLDS } from "./confusables.js";

/**
 * Produces the text the injection phrases are matched against: lower case, invisible characters dropped, Unicode
 * compatibility forms and Latin lookalikes folded to ASCII, diacritics removed. Matches on that text are mapped back
 * to the original string through `toOriginal`, so reported offsets always point into what the caller passed in.
 *
 * Printable ASCII (the common case) is passed through as `toLowerCase()`, which keeps every offset, so no map is
 * built. Otherwise ASCII runs are copied in slices and only the other code points go through the per-character path.
 */

export interface MatchableText {
  /** Lower-cased, folded text; whitespace characters are kept one-for-one (mapped to a space), not collapsed. */
  readonly text: string;
  /** Maps a `[start, end)` range of `text` to the original string. */
  toOriginal(start: number, end: number): [number, number];
}

const NEEDS_FOLDING = /[^\t\n\r\x20-\x7e]/;
const NON_ASCII_RUN = /[^\t\n\r\x20-\x7e]+/g;
const COMBINING_MARKS = /\p{M}/gu;
const WHITESPACE = /\s/;
const FOLD_CACHE_LIMIT = 8192;
const foldCache = new Map<number, string>();

/** Offsets of ASCII text are unchanged by lower-casing. One shared function: no closure per string. */
function identityRange(start: number, end: number): [number, number] {
  return [start, end];
}

export function toMatchableText(input: string): MatchableText {
  return foldText(input, true);
}

/**
 * Like `toMatchableText`, but printable ASCII keeps its case: the text the detector matches with case-insensitive
 * (`i`) regexes. Pure ASCII is returned as is, and in mixed text only the non-ASCII code points are folded (their
 * folds are lower case already). Skipping the lower-casing measured (1 MB, medians of interleaved rounds) fold
 * 2.8 -> 1.6 ms on the corpus mix (two-byte text, where `toLowerCase` of every slice is the slow ICU path) and
 * 0.8 -> 0.5 ms on the ASCII bench text (what is left is the NEEDS_FOLDING test). Why `i` on this text matches exactly what the case-sensitive rules match
 * on the lower-cased text is argued in `index.ts`.
 */
export function toFoldedText(input: string): MatchableText {
  return foldText(input, false);
}

/** The string last tested by `isPrintableAscii`, and the answer. */
let lastTested: string | undefined;
let lastPrintable = false;

/**
 * Whether `input` is printable ASCII, tab, LF and CR only: text no fold changes but for case. The phrase rules'
 * fold and the structure detector's reading view ask it of the same string one after the other in a check, so the
 * last answer is kept (one entry) and the string is scanned once.
 */
export function isPrintableAscii(input: string): boolean {
  if (input !== lastTested) {
    lastPrintable = !NEEDS_FOLDING.test(input);
    lastTested = input;
  }
  return lastPrintable;
}

function foldText(input: string, lowerAscii: boolean): MatchableText {
  const lower = lowerAscii ? (ascii: string) => ascii.toLowerCase() : (ascii: string) => ascii;
  if (isPrintableAscii(input)) return { text: lower(input), toOriginal: identityRange };
  return foldMixed(input, lower);
}

/**
 * The fold of text holding a character outside printable ASCII: each run of such characters found by a regex (the
 * ASCII between runs is copied in slices, never looked at character by character in JavaScript), and the offset map
 * gets a segment only where the fold's offsets stop running one for one with the input's (a dropped invisible
 * character, a character folded to more or fewer units, a surrogate pair as one block, and the linear run after
 * each). A segment that would continue the linear run before it is never added, so the map is the one a segment call
 * per ASCII run and per character builds (SegmentMap merges such calls): test/property/injection-fold.property.test.ts
 * compares the two. Text no fold changes in length but for ASCII case (typographic quotes, accented letters, CJK:
 * most non-ASCII prose) keeps the identity map.
 */
function foldMixed(input: string, lower: (ascii: string) => string): MatchableText {
  const map = new SegmentMap();
  let out = "";
  let copied = 0;
  let length = 0;
  // Whether the map's last segment is linear and runs one for one up to here (a linear segment here would merge).
  let linear = false;
  // Whether every character so far folded one for one: the map is then one linear segment from 0, the identity.
  let oneForOne = true;
  NON_ASCII_RUN.lastIndex = 0;
  for (let run = NON_ASCII_RUN.exec(input); run !== null; run = NON_ASCII_RUN.exec(input)) {
    const runStart = run.index;
    const runEnd = runStart + run[0].length;
    if (runStart > copied) {
      if (!linear) map.addLinear(length, copied);
      linear = true;
      out += lower(input.slice(copied, runStart));
      length += runStart - copied;
    }
    for (let i = runStart; i < runEnd; ) {
      const code = input.charCodeAt(i);
      const width =
        isHighSurrogate(code) && i + 1 < runEnd && isLowSurrogate(input.charCodeAt(i + 1)) ? 2 : 1;
      const folded = foldCodePoint(width === 2 ? input.codePointAt(i)! : code);
      if (folded.length === 1 && width === 1) {
        if (!linear) map.addLinear(length, i);
        linear = true;
      } else {
        if (folded.length > 0) map.addBlock(length, i, width);
        linear = false;
        oneForOne = false;
      }
      out += folded;
      length += folded.length;
      i += width;
    }
    copied = runEnd;
  }
  if (copied < input.length) {
    if (!linear) map.addLinear(length, copied);
    out += lower(input.slice(copied));
  }
  return { text: out, toOriginal: oneForOne ? identityRange : (start, end) => map.toOriginal(start, end) };
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}

/** What one non-ASCII code point becomes: "" (dropped), " " (whitespace) or one or more folded characters. */
export function foldCodePoint(cp: number): string {
  const cached = foldCache.get(cp);
  if (cached !== undefined) return cached;
  const folded = computeFold(cp);
  if (foldCache.size < FOLD_CACHE_LIMIT) foldCache.set(cp, folded);
  return folded;
}

function computeFold(cp: number): string {
  if (classifyInvisible(cp) !== undefined) return "";
  if (cp >= 0xd800 && cp <= 0xdfff) return " "; // a lone surrogate separates words like any unknown symbol
  const direct = CONFUSABLE_FOLDS.get(cp);
  if (direct !== undefined) return direct;
  const char = String.fromCodePoint(cp);
  if (WHITESPACE.test(char)) return " ";
  let result = "";
  for (const piece of char.normalize("NFKD").replace(COMBINING_MARKS, "")) {
    result += CONFUSABLE_FOLDS.get(piece.codePointAt(0)!) ?? piece.toLowerCase();
  }
  return result;
}
