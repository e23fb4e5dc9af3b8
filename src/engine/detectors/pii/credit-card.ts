import { HAS_DIGIT } from "../../scan/string-features.js";
import { Int32Chunks } from "../../scan/typed-chunks.js";
import type { MatchSink, TextDetector, TextMatch } from "../../types.js";
import { digitRunSidesOf, digitRunsOf, OTHER } from "../shared/digit-runs.js";
import { hasKeywordBefore } from "../shared/keyword-window.js";
import { isStandaloneNumber } from "../shared/number-boundary.js";

/**
 * Payment card numbers (PAN) of any brand: 12-19 digits that pass the Luhn check, either written as one run of
 * digits or in groups separated by one kind of separator (space, dash or dot) in a layout issuers print:
 * 4-4-4-4(-3), 4-6-5 (Amex), 4-6-4 (Diners), 4-3-3-3 (13-digit Visa), 6-n (a six-digit IIN then the account, as
 * UnionPay and Maestro print 19 digits), or 4-4-4-n. The separators real data uses are read here too (no-break,
 * thin and narrow spaces, en and figure dashes), not only through the engine's normalised view, so the detector
 * holds wherever it runs.
 *
 * Candidates come from a regex that only admits digit groups joined by a single separator; it has no nested
 * ambiguity (a separator is required between groups), so it runs in linear time.
 *
 * A card often sits next to another number in the same separated run ("qty 2 4111 1111 1111 1111",
 * "4111111111111111 12 27"). When the run fails as a whole, sub-runs aligned on group boundaries are tried: from
 * the left, the longest valid sub-run starting at each group, so two cards in one run are both found. A sub-run
 * must still pass everything a whole run does (layout, one separator kind, Luhn, standalone boundaries), so a
 * dash-joined identifier ("ab12-4111...") stays out: its sub-run touches `-` + digit, which is not standalone.
 */

// Four digits then at least eight more, optionally separated: every card layout starts this way, and short numbers
// (years, counts) fail after a few characters. One step per digit and an optional separator: no ambiguity.
// Groups before the match ("7 " in "7 4111 ...") are shorter than four digits, or the match would have started
// there, and no layout starts with such a group: a card never starts before the match.
// `\d\d\d\d` rather than `\d{4}` (identical matches): V8 skips ahead over a fixed sequence, not a counted one.
// 1 MB scan alone: Presidio mix 0.96 -> 0.25 ms, bench JSON 0.99 -> 0.86 ms, bench prose 0.55 -> 0.43 ms.
const DIGIT_GROUPS = /\d\d\d\d(?:[ .\-\u00a0\u2009\u202f\u2010-\u2013]?\d)+/g;
const MIN_DIGITS = 12;
const MAX_DIGITS = 19;
const PLUS = 43;
// A card word shortly before a run: admits the 4-4-5 print of 13-digit Visa and Maestro cards, a layout that
// identifiers share, so it counts as a card only with the word. Bounded window; `\W{0,12}$` cannot backtrack badly.
const CARD_WORD_BEFORE =
  /\b(?:card|cards|visa|maestro|mastercard|debit|credit|cc|pan|kreditkarte|karte|carte|tarjeta)\b(?:\W{1,4}(?:number|no\.?|num|#))?\W{0,12}$/;
const CARD_WORD_WINDOW = 40;
/** TextDetector.contextReach: the card word's look-back stops at an empty line; a run's ends read two characters on. */
const CONTEXT_REACH = 2;

/**
 * Work done so far by every card detector in the process, for tests that assert work grows linearly with the input
 * (counts, not time): `neighbourChecks` counts found sub-runs compared when deciding whether a sub-run continues
 * into its neighbours, `scans` counts full scans of a text.
 */
export const creditCardWork = { neighbourChecks: 0, scans: 0 };

/**
 * The groups of one matched run, in columns refilled per run (no arrays per run): the start offset of group `g` in
 * the text, its digit count, and the separator code before it (0 for the first). Runs are read one at a time and
 * nothing reads the groups after `pushSubRuns` returns.
 */
class Groups {
  count = 0;
  starts = new Int32Array(INITIAL_GROUPS);
  lengths = new Int32Array(INITIAL_GROUPS);
  seps = new Int32Array(INITIAL_GROUPS);
  /** Pairs (first group, last group) of the sub-runs found, in order. */
  found = new Int32Array(2 * INITIAL_GROUPS);
  foundCount = 0;

  /** Room for `n` groups: a run of more than KEPT_GROUPS gets columns of its own, dropped after it. */
  static for(n: number): Groups {
    if (n <= GROUPS.starts.length) return GROUPS;
    const groups = new Groups();
    groups.starts = new Int32Array(n);
    groups.lengths = new Int32Array(n);
    groups.seps = new Int32Array(n);
    groups.found = new Int32Array(2 * n);
    if (n <= KEPT_GROUPS) GROUPS = groups;
    return groups;
  }
}

const INITIAL_GROUPS = 64;
/** The largest columns kept between runs (4 x 64 kB); a longer run's are garbage after it. */
const KEPT_GROUPS = 16_384;
let GROUPS = new Groups();

/** The groups of the run `text[start, end)` (digits and single separators between them). */
function splitGroups(text: string, start: number, end: number): Groups {
  // A group is at least one digit and a separator comes between two: at most half the run's length plus one.
  const groups = Groups.for(((end - start) >> 1) + 1);
  const { starts, lengths, seps } = groups;
  let count = 0;
  starts[0] = start;
  seps[0] = 0;
  let current = 0;
  for (let i = start; i < end; i++) {
    const code = text.charCodeAt(i);
    if (code < 48 || code > 57) {
      lengths[count] = current;
      count++;
      starts[count] = i + 1;
      seps[count] = code;
      current = 0;
    } else {
      current++;
    }
  }
  lengths[count] = current;
  groups.count = count + 1;
  groups.foundCount = 0;
  return groups;
}

/** What a layout of groups says: no card, a card, or a card only with a card word before the run (4-4-5). */
const NOT_CARD = 0;
const CARD = 1;
const CARD_WITH_WORD = 2;

/** Layout of groups `first..last` (inclusive) of `lengths`: NOT_CARD, CARD or CARD_WITH_WORD. */
function printedCardLayout(lengths: Int32Array, first: number, last: number): number {
  const count = last - first + 1;
  if (count === 1) return CARD;
  const a = lengths[first];
  const b = lengths[first + 1];
  const c = lengths[first + 2];
  if (count === 2) return a === 6 ? CARD : NOT_CARD; // the IIN, then the rest in one group
  if (count === 3 && a === 4 && b === 6 && (c === 5 || c === 4)) return CARD;
  if (count === 3 && a === 4 && b === 4 && c === 5 && first === 0) return CARD_WITH_WORD;
  if (count === 4 && a === 4 && b === 3 && c === 3 && lengths[first + 3] === 3) return CARD;
  // 4-4-4-n: every group but the last has four digits.
  for (let i = first; i < last; i++) if (lengths[i] !== 4) return NOT_CARD;
  const tail = lengths[last]!;
  return (tail >= 1 && tail <= 4 ? count >= 3 : tail === 3 && count === 5) ? CARD : NOT_CARD;
}

/** Luhn over `text[start, end)` skipping separators, without building the digit string. */
function isLuhnValidSpan(text: string, start: number, end: number): boolean {
  let sum = 0;
  let double = false;
  for (let i = end - 1; i >= start; i--) {
    let d = text.charCodeAt(i) - 48;
    if (d < 0 || d > 9) continue; // a separator (the run holds only digits, spaces, dashes and dots)
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
    double = !double;
  }
  return sum % 10 === 0;
}

/** The span `[start, end)` as a reportable card: standalone, and not the digits of "+447700677662" (a phone). */
function acceptable(text: string, start: number, end: number): boolean {
  return isStandaloneNumber(text, start, end) && text.charCodeAt(start - 1) !== PLUS;
}

/** Sub-runs of the run `text[runStart, runEnd)` (it failed as a whole); see the module comment. */
function pushSubRuns(text: string, runStart: number, runEnd: number, out: MatchSink): void {
  const groups = splitGroups(text, runStart, runEnd);
  const { count, starts, lengths, seps, found } = groups;
  // The card word before the run, read at most once per run (only the 4-4-5 layout asks).
  let cardWord: boolean | undefined;
  let pairs = 0;
  for (let first = 0; first < count; first++) {
    let best = -1;
    for (let last = first; last < count; last++) {
      // One separator kind inside a card: a different one ends the candidates from `first`.
      if (last > first + 1 && seps[last] !== seps[first + 1]) break;
      const digits = countDigits(lengths, first, last);
      if (digits > MAX_DIGITS) break;
      if (digits < MIN_DIGITS) continue;
      const layout = printedCardLayout(lengths, first, last);
      if (layout === NOT_CARD) continue;
      if (layout === CARD_WITH_WORD) {
        cardWord ??= hasKeywordBefore(text, runStart, CARD_WORD_BEFORE, CARD_WORD_WINDOW);
        if (!cardWord) continue;
      }
      const start = starts[first]!;
      const end = starts[last]! + lengths[last]!;
      if (isLuhnValidSpan(text, start, end) && acceptable(text, start, end)) best = last;
    }
    if (best === -1) continue;
    found[2 * pairs] = first;
    found[2 * pairs + 1] = best;
    pairs++;
    first = best;
  }
  groups.foundCount = pairs;
  for (let k = 0; k < pairs; k++) {
    const first = found[2 * k]!;
    const last = found[2 * k + 1]!;
    // A grouped number that goes on in the same layout ("Order number 2500 0591 4505 8109", the print form of an
    // account number) is one longer number, and one in ten of its sub-runs passes Luhn by chance. It is a card only
    // when the groups it runs on into are another card (two cards written back to back).
    if (
      first < last &&
      (continuesInto(groups, first, first - 1, k - 1) || continuesInto(groups, first, last + 1, k + 1))
    )
      continue;
    const start = starts[first]!;
    const end = starts[last]! + lengths[last]!;
    out.push({ kind: "pii", type: "credit_card", start, end, ruleId: "pii.credit_card" });
  }
}

function countDigits(lengths: Int32Array, first: number, last: number): number {
  let digits = 0;
  for (let i = first; i <= last; i++) digits += lengths[i]!;
  return digits;
}

/**
 * Whether group `neighbour` (next to the sub-run that starts at group `first`) carries on its layout and belongs to
 * no card found. Found sub-runs are disjoint and in order, so the only one that can hold a neighbour is the found
 * sub-run on that side (`adjacent`, the index of that pair in `groups.found`; past either end: none): one comparison,
 * not one per card found in the run.
 */
function continuesInto(groups: Groups, first: number, neighbour: number, adjacent: number): boolean {
  const { lengths, seps } = groups;
  if (neighbour < 0 || neighbour >= groups.count || lengths[neighbour] !== 4) return false;
  const joint = neighbour < first ? seps[first] : seps[neighbour];
  if (joint !== seps[first + 1]) return false;
  if (adjacent < 0 || adjacent >= groups.foundCount) return true;
  creditCardWork.neighbourChecks++;
  const found = groups.found;
  return !(found[2 * adjacent]! <= neighbour && neighbour <= found[2 * adjacent + 1]!);
}

/**
 * The cards in `text`, in order and disjoint. The phone detector asks for the cards of the same string the card
 * detector has just scanned (a phone candidate inside a card is the card), so the last answer is kept: one scan per
 * string, not one per detector. Kept by string identity (`===` on the same string is a pointer comparison).
 */
export function findCards(text: string): CardSpans {
  if (text === lastText) return lastCards;
  const cards = new CardSpans();
  scanCards(text, cards);
  lastText = text;
  lastCards = cards;
  return cards;
}

/**
 * The spans of the cards of one string, 8 bytes each (the kept answer of a text with 300 k cards held them as
 * objects: ~20 MB until the next string).
 */
export class CardSpans implements MatchSink {
  readonly #start = new Int32Chunks();
  readonly #end = new Int32Chunks();

  get size(): number {
    return this.#start.size;
  }

  push(card: TextMatch): number {
    this.#start.push(card.start);
    this.#end.push(card.end);
    return this.size;
  }

  start(i: number): number {
    return this.#start.get(i);
  }

  end(i: number): number {
    return this.#end.get(i);
  }
}

let lastText: string | undefined;
let lastCards = new CardSpans();

function scanCards(text: string, out: MatchSink): void {
  if (text.length < MIN_DIGITS) return;
  creditCardWork.scans++;
  forEachDigitGroups(text, (start, end) => readGroups(text, start, end, out));
}

/**
 * Every match of DIGIT_GROUPS in `text`, in order (`text[start, end)`): from the text's digit runs when the shared
 * pass gave them, else by the regex's global scan.
 */
export function forEachDigitGroups(text: string, visit: (start: number, end: number) => void): void {
  const runs = digitRunsOf(text);
  const sides = digitRunSidesOf(text);
  if (runs !== undefined && sides !== undefined) {
    groupsAtRuns(text, runs, sides, visit);
    return;
  }
  const re = DIGIT_GROUPS; // shared, reset: a RegExp per call was costlier than the scan on short strings
  re.lastIndex = 0;
  for (let m = re.exec(text); m !== null; m = re.exec(text)) visit(m.index, m.index + m[0].length);
}

/** A separator DIGIT_GROUPS admits between two digits (its class `[ .\-\u00a0\u2009\u202f\u2010-\u2013]`). */
function isGroupSeparator(code: number): boolean {
  return (
    code === 0x20 ||
    code === 0x2e ||
    code === 0x2d ||
    code === 0xa0 ||
    code === 0x2009 ||
    code === 0x202f ||
    (code >= 0x2010 && code <= 0x2013)
  );
}

/**
 * DIGIT_GROUPS' matches from the text's digit runs, without the regex. A match begins with four digits and goes on
 * with a digit, so it starts at the first digit of a run of four or more (from a later digit of the run fewer than
 * four are left, or the match at the run's start takes them). Greedy, it takes the whole run, then each next run
 * that one separator joins to it (`S?\d`: a separator, then the next run's first digit), and ends at the first run
 * end nothing joins: where the global scan goes on. Four digits that nothing follows are no match.
 */
/**
 * Whether `text[at]` is a group separator, given its side (digitRunSidesOf): the side is the character, but for
 * OTHER, which the separators of U+2009 and up read as, and then the text is read.
 */
function isSeparatorSide(text: string, side: number, at: number): boolean {
  return side === OTHER ? isGroupSeparator(text.charCodeAt(at)) : isGroupSeparator(side);
}

function groupsAtRuns(
  text: string,
  runs: Int32Array,
  sides: Uint8Array,
  visit: (start: number, end: number) => void,
): void {
  let from = 0;
  for (let r = 0; r < runs.length; r += 2) {
    const start = runs[r]!;
    let end = runs[r + 1]!;
    if (start < from || end - start < 4) continue;
    for (
      let k = r + 2;
      k < runs.length && runs[k] === end + 1 && isSeparatorSide(text, sides[2 * k - 2]!, end);
      k += 2
    )
      end = runs[k + 1]!;
    if (end - start === 4) continue;
    from = end;
    visit(start, end);
  }
}

/**
 * A bare run of 12 or 13 digits that passes GS1's check digit (UPC-A, EAN-13: weights 3 and 1 from the right) and
 * has no card word before it is a product code ("100236,Monitor arm,89.50,5901234123457"): one product code in ten
 * passes Luhn by chance, and price lists and inventories hold far more of them than cards of those lengths. A card
 * of 12 or 13 digits passes GS1's check one time in ten too; it is found when a card word precedes it.
 */
function isProductCode(text: string, start: number, end: number): boolean {
  const length = end - start;
  if (length !== 12 && length !== 13) return false;
  let sum = 0;
  let weight = 3;
  for (let i = end - 2; i >= start; i--) {
    sum += (text.charCodeAt(i) - 48) * weight;
    weight = 4 - weight;
  }
  if ((10 - (sum % 10)) % 10 !== text.charCodeAt(end - 1) - 48) return false;
  return !hasKeywordBefore(text, start, CARD_WORD_BEFORE, CARD_WORD_WINDOW);
}

/** Whether `text[start, end)` holds a separator (isGroupSeparator). */
function holdsSeparator(text: string, start: number, end: number): boolean {
  for (let i = start; i < end; i++) if (isGroupSeparator(text.charCodeAt(i))) return true;
  return false;
}

/** One match of DIGIT_GROUPS (`text[start, end)`): the card it is, or the cards among its groups. */
function readGroups(text: string, start: number, end: number, out: MatchSink): void {
  if (end - start < MIN_DIGITS) return;
  if (!holdsSeparator(text, start, end)) {
    // One group, digits only: no sub-runs on group boundaries.
    if (
      end - start <= MAX_DIGITS &&
      isLuhnValidSpan(text, start, end) &&
      acceptable(text, start, end) &&
      !isProductCode(text, start, end)
    ) {
      out.push({ kind: "pii", type: "credit_card", start, end, ruleId: "pii.credit_card" });
    }
    return;
  }
  pushSubRuns(text, start, end, out);
}

export function createCreditCardDetector(): TextDetector {
  return {
    id: "pii.credit_card",
    kind: "pii",
    // Every candidate is a run of ASCII digits (`\d` without `u`), at least MIN_DIGITS of them.
    requires: HAS_DIGIT,
    minLength: MIN_DIGITS,
    streams: true,
    contextReach: CONTEXT_REACH,
    detect(text: string, out: MatchSink): void {
      if (text.length < MIN_DIGITS) return;
      const cards = findCards(text);
      for (let i = 0; i < cards.size; i++)
        out.push({
          kind: "pii",
          type: "credit_card",
          start: cards.start(i),
          end: cards.end(i),
          ruleId: "pii.credit_card",
        });
    },
  };
}
