import { classifyInvisible } from "../../sanitizer/invisible-chars.js";
import { SegmentMap, TextBuilder } from "../../scan/offset-map.js";
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
  const sameLength = foldSameLength(input);
  if (sameLength !== undefined)
    return { text: lower(sameLength), toOriginal: sawPair ? sameLengthRange(input) : identityRange };
  // Typed segments and chunked parts: a hostile text can need a segment every other character (see SegmentMap).
  const map = new SegmentMap();
  const parts = new TextBuilder();
  let length = 0;
  let copied = 0;
  NON_ASCII_RUN.lastIndex = 0;
  for (let run = NON_ASCII_RUN.exec(input); run !== null; run = NON_ASCII_RUN.exec(input)) {
    if (run.index > copied) {
      parts.push(lower(input.slice(copied, run.index)));
      map.addLinear(length, copied);
      length += run.index - copied;
    }
    const runEnd = run.index + run[0].length;
    for (let i = run.index; i < runEnd; ) {
      const cp = input.codePointAt(i)!;
      const width = cp > 0xffff ? 2 : 1;
      const folded = foldCodePoint(cp);
      if (folded.length === 1 && width === 1) map.addLinear(length, i);
      else if (folded.length > 0) map.addBlock(length, i, width);
      parts.push(folded);
      length += folded.length;
      i += width;
    }
    copied = runEnd;
  }
  if (copied < input.length) {
    parts.push(lower(input.slice(copied)));
    map.addLinear(length, copied);
  }
  return { text: parts.toString(), toOriginal: (start, end) => map.toOriginal(start, end) };
}

/** Set by `foldSameLength` when the text holds a surrogate pair (folded to two units). */
let sawPair = false;

/**
 * The fold of a text each of whose non-ASCII code points folds to as many UTF-16 units as it has (typographic quotes
 * and dashes, accented letters, a no-break space, most emoji: most non-ASCII prose), else undefined. Such a fold
 * keeps every offset, so the general path's map is the identity for it, but for a surrogate pair, which it maps as
 * one block (`sameLengthRange`). One loop over the code units, the ASCII between two folded characters copied in
 * slices.
 */
function foldSameLength(input: string): string | undefined {
  let out = "";
  let copied = 0;
  sawPair = false;
  const length = input.length;
  for (let i = 0; i < length; i++) {
    const code = input.charCodeAt(i);
    if (code <= 0x7e && (code >= 0x20 || code === 0x09 || code === 0x0a || code === 0x0d)) continue;
    const pair =
      code >= 0xd800 && code <= 0xdbff && i + 1 < length && isLowSurrogate(input.charCodeAt(i + 1));
    const folded = foldCodePoint(pair ? input.codePointAt(i)! : code);
    if (folded.length !== (pair ? 2 : 1)) return;
    out += copied === i ? folded : input.slice(copied, i) + folded;
    if (pair) {
      sawPair = true;
      i++;
    }
    copied = i + 1;
  }
  return copied === 0 ? input : out + input.slice(copied);
}

/**
 * The general path's map of a same-length fold of `input`: the identity, but a surrogate pair is one block, so a
 * range starting inside one starts at the pair, and one whose last unit is a pair's first ends after the pair.
 */
function sameLengthRange(input: string): (start: number, end: number) => [number, number] {
  const inPair = (at: number) =>
    at > 0 &&
    at < input.length &&
    isLowSurrogate(input.charCodeAt(at)) &&
    isHighSurrogate(input.charCodeAt(at - 1));
  return (start, end) => {
    const from = inPair(start) ? start - 1 : start;
    if (end <= start) return [from, from];
    return [from, inPair(end) ? end + 1 : end];
  };
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}

/** What one non-ASCII code point becomes: "" (dropped), " " (whitespace) or one or more folded characters. */
function foldCodePoint(cp: number): string {
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
