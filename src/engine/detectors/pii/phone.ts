import { createRequire } from "node:module";
import type { CountryCode, parsePhoneNumberFromString as ParsePhone } from "libphonenumber-js/max";
import { HAS_DIGIT } from "../../scan/string-features.js";
import type { MatchSink, TextDetector } from "../../types.js";
import type { Span } from "../injection/instruction-span.js";
import { hasKeywordAfter, hasKeywordBefore, windowStart } from "../shared/keyword-window.js";
import { isStandaloneNumber } from "../shared/number-boundary.js";
import { type CardSpans, findCards } from "./credit-card.js";
import {
  forgetLastTable,
  isEpochLike,
  isNumericColumnCell,
  isTimeOrIdNumber,
  isUnderIdName,
} from "./number-context.js";
import {
  digitGroupCountAt,
  forEachPhoneCandidate,
  isFollowedByTime,
  isNonPhoneShapeOf,
  type PhoneCandidate,
} from "./phone-candidates.js";
import { phoneWordBefore } from "./phone-word.js";
import { isValidSsnDigits } from "./us-ssn.js";

/**
 * Phone numbers. Candidates come from a cheap scanner (see phone-candidates.ts); libphonenumber-js (full "max"
 * metadata) then decides:
 *
 * 1. `+CC ...` (explicit international format) qualifies when the length is possible for that country: the `+` is
 *    already a strong signal, and numbers in unassigned ranges are still somebody's typo'd phone number.
 * 2. A national-format number qualifies when it is valid in one of the configured regions.
 * 3. Otherwise a phone-shaped run (grouped digits, 7-15 of them) qualifies when a phone word is right next to it
 *    ("Phone:", "call me on", "... office", "-Fax"), since people write numbers from countries we did not configure.
 *
 * Bare digit runs without separators are ambiguous (IDs, amounts, timestamps), so they need 10-11 digits and a valid
 * number, or a phone word nearby. Words like "order", "invoice" or "account" right before a run veto rule 2.
 *
 * Phones that are not cards or SSNs: a national-format candidate that overlaps a Luhn-valid card in a printed
 * layout (the card detector's own reading of the same text) is the card, phone word or not; one written as an SSN
 * (3-2-4 digits, one separator, valid SSA parts) is the SSN unless a phone word is next to it. Numbers after `+`
 * stay phones: nobody writes a card or an SSN with a country code.
 */

// libphonenumber-js with its full metadata is 230 ES modules: loaded on the first phone candidate, not when the
// package is imported (most tool results hold no phone-shaped run). Its CommonJS build is the same code and the same
// "max" metadata (bench/phone-metadata.ts: no smaller set keeps every verdict), and require() keeps the check
// synchronous.
const requireHere = createRequire(import.meta.url);
let parsePhone: typeof ParsePhone | undefined;
function parsePhoneNumberFromString(...args: Parameters<typeof ParsePhone>): ReturnType<typeof ParsePhone> {
  parsePhone ??= (requireHere("libphonenumber-js/max") as { parsePhoneNumberFromString: typeof ParsePhone })
    .parsePhoneNumberFromString;
  return parsePhone(...args);
}

export const DEFAULT_PHONE_REGIONS: readonly CountryCode[] = ["US", "GB", "DE", "FR"];

const PHONE_WORD_AFTER = /^[\s,;(\\-]{0,3}(?:office|fax|mobile|cell|home|work|tel|phone|landline)\b/;
// A word that names the number, read on the lower-cased window before it; order words of a few other languages too
// (pedido, Bestellung, commande, ordine).
const NON_PHONE_WORD_BEFORE =
  /\b(?:orders?|invoices?|account|acct|iban|ref|reference|tracking|serial|sku|isbn|id|ssn|security|card|cc|licen[cs]e|passport|zip|postal|amount|total|version|build|batch|lot|hs\W{0,2}code|tariff|parcels?|shipments?|packages?|consignments?|po|purchase\W{0,2}orders?|pedidos?|bestell(?:ung|nummer|nr)?|auftrag|commandes?|ordine)[\W_]{0,4}(?:no\.?|num(?:ber)?s?|#)?\W{0,4}(?:(?:is|for|of|like)\W+)?$/;
// A unit right after the number: on its line (`2147483648 bytes out`), in the next table cell
// (`2147483648</td><td>bytes`), or alone on a line after it (a table flattened to paragraphs by an HTML-to-Markdown
// conversion: `2147483648\n\nbytes\n`). Read on the lower-cased 96 characters after the number.
const UNIT_WORD =
  "(?:bytes?|[kmgt]i?b|ms|ns|us|µs|millis(?:econds)?|milliseconds?|seconds?|secs?|requests?|rows?|records?)";
const UNIT_AFTER = new RegExp(
  `^(?:[ \\t]{1,3}${UNIT_WORD}\\b|[ \\t]*</t[dh]>[ \\t]*<t[dh](?:\\s[^<>]{0,64})?>[ \\t]*${UNIT_WORD}[ \\t]*<|\\s{1,4}${UNIT_WORD}[ \\t]*(?:\\r?\\n|$))`,
);
// A candidate that ends with a space, a minus and a decimal amount with two decimals (`4500123458 -38.97`).
const SIGNED_AMOUNT_END = /\s-\d{1,9}[.,]\d\d$/;
const SSN_SHAPE = /^\d\d\d([ .-])\d\d\1\d\d\d\d$/;
// An SSN keyword right before nine digits outweighs a phone word further back (a JSON "text" key, "contact").
const SSN_WORD_BEFORE =
  /\b(?:ssn|ss#|social[ _-]?security)\W{0,4}(?:no\.?|num(?:ber)?|#)?\W{0,4}(?:is\W+)?$/i;
const VALIDITY_CACHE_LIMIT = 4096;
/** TextDetector.contextReach: every look-back stops at an empty line (keyword-window.ts); PHONE_WORD_AFTER reads 3 on. */
const CONTEXT_REACH = 3;

/**
 * Work done so far by every phone detector, for tests that count it: card spans compared with a candidate, and
 * remembered verdicts let go (each one garbage once it is).
 */
export const phoneWork = { overlapChecks: 0, verdictsDropped: 0 };

export interface PhoneDetectorOptions {
  regions?: readonly CountryCode[];
}

/**
 * libphonenumber's verdict on a candidate, remembered: the same strings recur (signatures, repeated records) and
 * parsing is the expensive step. A full cache takes no more until `dropIfFull` empties it before the next string:
 * emptied every 4,096 numbers of one long string, each entry lived long enough to be promoted to the old generation,
 * then was garbage (an 8 MB text of 380 k phone numbers: 24 MB until the next full collection).
 */
function numberVerdicts(regions: readonly CountryCode[]) {
  const verdicts = new Map<string, boolean>();
  const parse = (candidate: string, international: boolean): boolean => {
    try {
      if (international)
        return parsePhoneNumberFromString(candidate, { extract: false })?.isPossible() ?? false;
      return regions.some(
        (region) =>
          parsePhoneNumberFromString(candidate, { defaultCountry: region, extract: false })?.isValid() ??
          false,
      );
    } catch {
      return false; // libphonenumber throws on some malformed input; a number it cannot read is no match.
    }
  };
  return {
    isRecognised(candidate: string, international: boolean): boolean {
      const cached = verdicts.get(candidate);
      if (cached !== undefined) return cached;
      const verdict = parse(candidate, international);
      if (verdicts.size < VALIDITY_CACHE_LIMIT) verdicts.set(candidate, verdict);
      return verdict;
    },
    dropIfFull(): void {
      if (verdicts.size < VALIDITY_CACHE_LIMIT) return;
      phoneWork.verdictsDropped += verdicts.size;
      verdicts.clear();
    },
  };
}

/**
 * A national nine-digit candidate an SSN keyword (or its shape, with no phone word near) says is an SSN. SSN_SHAPE
 * holds nine digits, so a candidate of another count is neither: its number is cut out only for nine.
 */
function readsAsSsn(text: string, c: PhoneCandidate, phoneWordNear: boolean): boolean {
  if (c.international || c.digits !== 9) return false;
  const number = text.slice(c.start, c.numberEnd);
  const ssnWordNear = hasKeywordBefore(text, c.start, SSN_WORD_BEFORE, 24);
  return (
    (ssnWordNear || (!phoneWordNear && SSN_SHAPE.test(number))) && isValidSsnDigits(number.replace(/\D/g, ""))
  );
}

export function createPhoneDetector(options: PhoneDetectorOptions = {}): TextDetector {
  const regions = options.regions && options.regions.length > 0 ? options.regions : DEFAULT_PHONE_REGIONS;
  const verdicts = numberVerdicts(regions);

  // The candidate's number is `text[c.start, c.numberEnd)`, read in place: no substring per candidate.
  function accept(text: string, c: PhoneCandidate, cards: CardOverlap): boolean {
    if (!isStandaloneNumber(text, c.start, c.end)) return false;
    if (isNonPhoneShapeOf(text, c) || isFollowedByTime(text, c.end)) return false;
    if (!c.international && cards.inside(c)) return false;
    // `"timestamp": 1790928000`, `user_id=4155552671`: a time or an identifier by its key or its place; a national
    // number written with separators by its key or its table column (`"erp_ref": "450-012-3456"`).
    if (
      c.bare ? isTimeOrIdNumber(text, c.start, c.numberEnd) : !c.international && isUnderIdName(text, c.start)
    )
      return false;
    const phoneWordNear =
      phoneWordBefore(text, c.start) || hasKeywordAfter(text, c.end, PHONE_WORD_AFTER, 16);
    if (readsAsSsn(text, c, phoneWordNear)) return false;
    if (c.bare && (c.digits > 11 || (!phoneWordNear && c.digits < 10))) return false;
    // `CUTOVER_S = 1790928000`: ten bare digits in the range of Unix times start with 1, which no North American
    // number does; as a phone they read only as a national number written without its trunk 0 (a German mobile),
    // which nobody writes with no phone word near.
    if (c.bare && !phoneWordNear && isEpochLike(text.slice(c.start, c.numberEnd))) return false;
    // "224 4966", "3610-114": two short groups are as often a house number pair or a postcode as a phone.
    if (
      !phoneWordNear &&
      !c.international &&
      c.digits < 10 &&
      digitGroupCountAt(text, c.start, c.numberEnd) <= 2
    )
      return false;
    if (!phoneWordNear && saysNoPhone(text, c)) return false;
    // "Debian 6.1.112-1 (2024-09-30)": groups that end with an ISO date are a version or an id and its date.
    if (!c.international && endsWithIsoDate(text, c.start, c.numberEnd)) return false;
    // A phone word next to a short enough number decides alone: libphonenumber (tens of µs a number) is asked only
    // when its verdict can change the answer. Its verdict is pure, so asking it second answers the same.
    if (phoneWordNear && c.digits <= 12) return true;
    return verdicts.isRecognised(text.slice(c.start, c.end), c.international);
  }

  return {
    id: "pii.phone",
    kind: "pii",
    // Candidates start with seven ASCII digits (`\d` in START, isDigitCode); no other digits are read.
    requires: HAS_DIGIT,
    minLength: 7,
    streams: true,
    contextReach: CONTEXT_REACH,
    detect(text: string, out: MatchSink): void {
      if (text.length < 7) return; // seven digits at least
      verdicts.dropIfFull();
      const cards = new CardOverlap(text);
      // Candidates and their context are read on the view (same length, same offsets); cards on the text itself.
      const view = escapedLinesView(text);
      try {
        forEachPhoneCandidate(view, (candidate) => {
          if (accept(view, candidate, cards)) {
            out.push({
              kind: "pii",
              type: "phone",
              start: candidate.start,
              end: candidate.end,
              ruleId: "pii.phone",
            });
          }
        });
      } finally {
        forgetLastTable();
      }
    },
  };
}

const ESCAPED = { 110: "\n", 114: "\r", 116: "\t" } as Record<number, string>;

/**
 * A JSON text as a server returns it (`{"description":"rows.\n\nOrders 4500123458 ..."}`) writes each line break
 * of a string as the two characters `\n`. The context rules read lines (a table's header row, the file name after a
 * size, the empty line a look-back stops at) and word boundaries, which the escape hides (`nOrders` is one word).
 * The view writes each escape `\n`, `\r`, `\t` as a space and the character it stands for: the same length, so every
 * offset read on the view is the text's, and a digit stays where it was. An escaped backslash (`\\n`: a backslash,
 * then `n`) is kept. Only for a whole JSON text (its first and last non-blank characters `{}` or `[]`), which a JSON
 * screening never joins with its neighbours (json-screen.ts reads a JSON-looking string alone), and only when it
 * holds such an escape; otherwise the text itself. One pass, no regex.
 */
function escapedLinesView(text: string): string {
  if (!WHOLE_JSON.test(text) || !/\\[nrt]/.test(text)) return text;
  let view = "";
  let copied = 0;
  for (let i = text.indexOf("\\"); i >= 0; i = text.indexOf("\\", i + 2)) {
    const stands = ESCAPED[text.charCodeAt(i + 1)];
    if (stands === undefined) continue; // another escape (a backslash of `\\\\` too): no line break starts here
    view += `${text.slice(copied, i)} ${stands}`;
    copied = i + 2;
  }
  return view + text.slice(copied);
}

// A whole JSON object or array: `{...}` or `[...]`, blanks around. Linear: the two ends are anchored.
const WHOLE_JSON = /^\s*(?:\{[\s\S]*\}|\[[\s\S]*\])\s*$/;

/**
 * What stands around a candidate with no phone word near that says it is another number: a word before it naming it
 * ("order", "PO"), a unit after it ("2147483648 bytes out", `<td>2147483648</td><td>bytes</td>`), a signed total the
 * scanner joined to it ("4500123458 -38.97"), the end of a range or list of such numbers, a numeric table column, the
 * size `wc` or `ls -s` prints before a file name.
 */
function saysNoPhone(text: string, c: PhoneCandidate): boolean {
  return (
    hasKeywordBefore(text, c.start, NON_PHONE_WORD_BEFORE, 24) ||
    hasKeywordAfter(text, c.end, UNIT_AFTER, 96) ||
    SIGNED_AMOUNT_END.test(text.slice(c.start, c.end)) ||
    rangeEndOfNonPhone(text, c) ||
    isNumericColumnCell(text, c.start, c.numberEnd) ||
    (c.bare && isSizeOfFile(text, c.numberEnd))
  );
}

// "orders 4500123456 to 4500123458": a number, a range word, then the candidate (40 characters read back at most).
// A list joins its items the same way ("orders 4500123458 and 4500123461", "4500123456, 4500123457").
const RANGE_BEFORE =
  /(?:^|[^\d])(\d{7,15})[ \t]{0,3}(?:to|through|thru|until|till|and|or|&|,|-|–|\.\.)[ \t]{0,3}$/;

/**
 * True when the bare candidate `c` ends a range whose first end has as many digits and a word before it that says it
 * is no phone ("orders", "invoices", "ref"): both ends of a range are the same kind of number.
 */
function rangeEndOfNonPhone(text: string, c: PhoneCandidate): boolean {
  if (!c.bare) return false;
  const from = windowStart(text, c.start, 40);
  const m = RANGE_BEFORE.exec(text.slice(from, c.start));
  if (m === null || m[1]!.length !== c.digits) return false;
  const firstStart = from + m.index + m[0].indexOf(m[1]!);
  return hasKeywordBefore(text, firstStart, NON_PHONE_WORD_BEFORE, 24);
}

const FILE_NAME = /^(?:total|[^\s]*\/[^\s]*|[^\s]+\.[A-Za-z0-9]{1,5})$/;

/**
 * True when the rest of the line after a number at `end` is one path or file name (a token holding a `/` or ending
 * in an extension) or the word `total`: the size or count `wc`, `du` and `ls -s` print before what they measured.
 * Reads at most 128 characters of the line.
 */
function isSizeOfFile(text: string, end: number): boolean {
  let i = end;
  while (i < text.length && (text.charCodeAt(i) === 32 || text.charCodeAt(i) === 9)) i++;
  if (i === end) return false;
  const tokenStart = i;
  while (i < text.length && i - tokenStart <= 128 && !/\s/.test(text[i]!)) i++;
  if (i - tokenStart > 128 || i === tokenStart) return false;
  const tokenEnd = i;
  while (
    i < text.length &&
    (text.charCodeAt(i) === 32 || text.charCodeAt(i) === 9 || text.charCodeAt(i) === 13)
  )
    i++;
  if (i < text.length && text.charCodeAt(i) !== 10) return false;
  return FILE_NAME.test(text.slice(tokenStart, tokenEnd));
}

// An ISO date (years 1900-2099) after a non-digit, ending the text read.
const ISO_DATE_END = /\D(?:19|20)\d\d-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01])$/;

/**
 * True when `text[start, end)` ends with an ISO date (`YYYY-MM-DD`) after other digit groups: a version or an id
 * followed by its date ("6.1.112-1 (2024-09-30"). A phone's last groups are no calendar date.
 */
function endsWithIsoDate(text: string, start: number, end: number): boolean {
  return end - start > 11 && ISO_DATE_END.test(text.slice(end - 11, end));
}

/**
 * Whether a candidate overlaps a card of `text`. The card scan runs once per text (shared with the card detector),
 * and only when a candidate asks. A class, not a closure made per `detect` call (see secret-per-call-names.test.ts).
 */
class CardOverlap {
  #overlaps: ((c: PhoneCandidate) => boolean) | undefined;

  constructor(readonly text: string) {}

  inside(c: PhoneCandidate): boolean {
    this.#overlaps ??= overlapSweep(findCards(this.text));
    return this.#overlaps(c);
  }
}

/**
 * Whether a span overlaps one of `spans` (in order and disjoint, as the card scan reports them), for queries whose
 * starts do not decrease (candidates come left to right): a cursor passes each span once, so the work is linear in
 * spans + queries, not their product. A query that starts before the previous one restarts the cursor (still
 * correct, only slower; the candidate scanner never does it).
 */
export function overlapSweep(spans: CardSpans): (query: Span) => boolean {
  let cursor = 0;
  let lastStart = -1;
  return (query) => {
    if (query.start < lastStart) cursor = 0;
    lastStart = query.start;
    // Spans that end at or before this start end before every later query too.
    while (cursor < spans.size && spans.end(cursor) <= query.start) {
      phoneWork.overlapChecks++;
      cursor++;
    }
    phoneWork.overlapChecks++;
    return cursor < spans.size && spans.start(cursor) < query.end;
  };
}
