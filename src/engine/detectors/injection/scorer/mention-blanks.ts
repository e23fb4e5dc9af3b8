/**
 * The ranges `blankQuotedMentions` (quoted-mention.ts) blanks in a text, found by reading only around the quotes that
 * can close a naming cue, rather than by its one regex scan over the whole text (which costs the model more than half
 * its JavaScript on prose: the cue alternation is tried at every position of a megabyte).
 *
 * Same ranges, by construction: a match of the cue-then-quote pattern ends at an opening quote that passes
 * `mayOpenQuotedMention` (a necessary condition, segments.ts) and starts at most `MENTION_REACH` units before it (the
 * pattern has no unbounded repetition). So the global scan's next match from `lastIndex` is the first position, in
 * order, among those in reach of such a quote, at which the same pattern anchored there (sticky) matches; every
 * other position cannot start a match. The accept / reject steps after a match are `blankQuotedMentions`' own, with
 * the same `lastIndex` after each. test/property/injection-mention-blanks.property.test.ts checks the two agree.
 */

import { NAMING_CUE } from "../quoted-mention.js";

/** The cue part of NAMING_CUE's source (`<cue>\s*$`): one source, so a cue added there is read here too. */
const CUE_SOURCE = NAMING_CUE.source.replace(/\\s\*\$$/, "");
/** quoted-mention.ts' CUE_THEN_QUOTE, anchored at `lastIndex` (sticky) instead of searching forward. */
const CUE_THEN_QUOTE_AT = new RegExp(`${CUE_SOURCE}\\s{0,3}["'\u201c\u2018\u00ab\u201e]`, "iy");

/**
 * How far before its quote a match can start: the longest cue (an attack noun of 11 units, a gap of at most 30, a
 * `,` / `:`) and three spaces come to 45; kept with room. test/unit/injection-mention-blanks.test.ts checks the cue
 * pattern has no unbounded repetition and that its bounded parts fit.
 */
export const MENTION_REACH = 64;

/** Opening quote -> its closing quotes (quoted-mention.ts' CLOSERS). */
function closersOf(quote: number): [number, number] {
  if (quote === 0x201c) return [0x201d, 0x201c];
  if (quote === 0x2018) return [0x2019, -1];
  if (quote === 0xab) return [0xbb, -1];
  if (quote === 0x201e) return [0x201c, 0x201d];
  return [quote, -1];
}

/** The longest quotation read as a mention (quoted-mention.ts' MAX_QUOTED). */
const MAX_QUOTED = 120;
const LETTER = /\p{L}/u;

function isLetterAt(text: string, k: number): boolean {
  return k >= 0 && k < text.length && LETTER.test(text[k]!);
}

/** quoted-mention.ts' `closingQuote` after the opening quote at `open`. */
function closingQuote(text: string, open: number): number {
  const [first, second] = closersOf(text.charCodeAt(open));
  for (let k = open + 1; k < text.length && k - open <= MAX_QUOTED; k++) {
    const c = text.charCodeAt(k);
    if (c === 0x0a) return -1;
    if (c === 0x27 && isLetterAt(text, k - 1) && isLetterAt(text, k + 1)) continue;
    if (c === first || c === second) return k;
  }
  return -1;
}

/**
 * Pushes to `out` the `[start, end)` pairs `blankQuotedMentions(text)` blanks, given the opening quotes of `text`
 * that pass `mayOpenQuotedMention`, ascending (`quotes[0..count)`). Returns how many pairs it pushed.
 */
export function mentionRanges(text: string, quotes: ArrayLike<number>, count: number, out: number[]): number {
  const before = out.length;
  // The global scan's lastIndex: no match starts before it.
  let scan = 0;
  for (let i = 0; i < count; ) {
    const q = quotes[i]!;
    if (q < scan) {
      i++;
      continue;
    }
    let matched = false;
    for (let s = Math.max(scan, q - MENTION_REACH); s <= q && !matched; s++) {
      CUE_THEN_QUOTE_AT.lastIndex = s;
      const m = CUE_THEN_QUOTE_AT.exec(text);
      if (m === null) continue;
      // Its quote is this one or a later one, so the scan moves past this quote either way.
      scan = acceptMention(text, s + m[0].length - 1, out);
      matched = true;
    }
    // No position up to this quote starts a match: the scan goes on after it.
    if (!matched) scan = q + 1;
  }
  return (out.length - before) / 2;
}

/** `blankQuotedMentions`' steps after a match whose opening quote is at `open`; returns the scan's next lastIndex. */
function acceptMention(text: string, open: number, out: number[]): number {
  const quote = text.charCodeAt(open);
  if (quote === 0x27 && (text.charCodeAt(open - 1) !== 0x20 || !isLetterAt(text, open + 1))) return open + 1;
  const close = closingQuote(text, open);
  if (close === -1 || (quote === 0x27 && isLetterAt(text, close + 1))) return open + 1;
  out.push(open, close + 1);
  return close + 1;
}
