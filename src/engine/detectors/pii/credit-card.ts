import type { TextDetector, TextMatch } from "../../types.js";
import { codeAt, isDigitCode } from "../shared/char-codes.js";
import { isLuhnValid } from "../shared/luhn.js";
import { isStandaloneNumber } from "../shared/number-boundary.js";

/**
 * Payment card numbers (PAN) of any brand: 12-19 digits that pass the Luhn check, either written as one run of
 * digits or in groups separated by one kind of separator (space or dash) in a layout issuers print:
 * 4-4-4-4(-3), 4-6-5 (Amex), 4-6-4 (Diners), or 4-4-4-n.
 *
 * Candidates come from a regex that only admits digit groups joined by a single separator; it has no nested
 * ambiguity (a separator is required between groups), so it runs in linear time.
 */

// Four digits then at least eight more, optionally separated: every card layout starts this way, and short numbers
// (years, counts) fail after a few characters. One step per digit and an optional separator: no ambiguity.
const DIGIT_GROUPS = /\d{4}(?:[ -]?\d)+/g;
const MIN_DIGITS = 12;
const MAX_DIGITS = 19;

/** Digit counts per group, or null when the groups use more than one separator kind. */
function groupLengths(run: string): number[] | null {
  const lengths: number[] = [];
  let separator = "";
  let current = 0;
  for (let i = 0; i < run.length; i++) {
    const ch = run[i]!;
    if (ch === " " || ch === "-") {
      if (separator === "") separator = ch;
      else if (separator !== ch) return null;
      lengths.push(current);
      current = 0;
    } else {
      current++;
    }
  }
  lengths.push(current);
  return lengths;
}

function isPrintedCardLayout(lengths: readonly number[]): boolean {
  if (lengths.length === 1) return true;
  const [a, b, c] = lengths;
  if (lengths.length === 3 && a === 4 && b === 6 && (c === 5 || c === 4)) return true;
  // 4-4-4-n: every group but the last has four digits.
  for (let i = 0; i < lengths.length - 1; i++) if (lengths[i] !== 4) return false;
  const last = lengths[lengths.length - 1]!;
  return last >= 1 && last <= 4 ? lengths.length >= 3 : last === 3 && lengths.length === 5;
}

/**
 * Longest run of leading groups (at least 3) that is itself a valid card, as a character count, or 0.
 * Covers a card followed by another number in the same run: "4111 1111 1111 1111 12 27".
 */
function validPrefixLength(run: string, lengths: readonly number[]): number {
  let best = 0;
  let digits = 0;
  for (let groups = 1; groups < lengths.length; groups++) {
    digits += lengths[groups - 1]!;
    if (digits > MAX_DIGITS) break;
    if (groups < 3 || digits < MIN_DIGITS || !isPrintedCardLayout(lengths.slice(0, groups))) continue;
    const chars = digits + groups - 1;
    if (isLuhnValid(run.slice(0, chars).replace(/[ -]/g, ""))) best = chars;
  }
  return best;
}

export function createCreditCardDetector(): TextDetector {
  return {
    id: "pii.credit_card",
    kind: "pii",
    detect(text: string, out: TextMatch[]): void {
      if (text.length < MIN_DIGITS) return;
      const re = DIGIT_GROUPS; // shared, reset: a RegExp per call was costlier than the scan on short strings
      re.lastIndex = 0;
      for (let m = re.exec(text); m !== null; m = re.exec(text)) {
        const run = m[0];
        if (run.length < MIN_DIGITS) continue;
        const start = m.index;
        // The match can begin inside a longer grouped run ("12 3456 7890 1234"): such a run is not a card.
        if (
          (text.charCodeAt(start - 1) === 32 || text.charCodeAt(start - 1) === 45) &&
          isDigitCode(codeAt(text, start - 2))
        ) {
          continue;
        }
        const lengths = groupLengths(run);
        if (lengths === null) continue;
        const digits = run.length - (lengths.length - 1);
        let length = 0;
        if (digits >= MIN_DIGITS && digits <= MAX_DIGITS && isPrintedCardLayout(lengths)) {
          if (isLuhnValid(lengths.length === 1 ? run : run.replace(/[ -]/g, ""))) length = run.length;
        }
        if (length === 0 && lengths.length > 3 && lengths[0] === 4) length = validPrefixLength(run, lengths);
        if (length === 0 || !isStandaloneNumber(text, start, start + length)) continue;
        if (text.charCodeAt(start - 1) === 43) continue; // "+447700677662" is an international phone number

        out.push({ kind: "pii", type: "credit_card", start, end: start + length, ruleId: "pii.credit_card" });
      }
    },
  };
}
