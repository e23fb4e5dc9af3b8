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

import { CUE_THEN_QUOTE_AT, mentionEnd } from "../quoted-mention.js";

/**
 * How far before its quote a match can start: the longest cue (an attack noun of 11 units, a gap of at most 30, a
 * `,` / `:`) and three spaces come to 45; kept with room. test/property/injection-mention-blanks.property.test.ts checks the cue
 * pattern has no unbounded repetition and that its bounded parts fit.
 */
export const MENTION_REACH = 64;

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
      const open = s + m[0].length - 1;
      const end = mentionEnd(text, open);
      if (end === -1) scan = open + 1;
      else {
        out.push(open, end);
        scan = end;
      }
      matched = true;
    }
    // No position up to this quote starts a match: the scan goes on after it.
    if (!matched) scan = q + 1;
  }
  return (out.length - before) / 2;
}
