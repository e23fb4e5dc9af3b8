import { HAS_DIGIT } from "../../scan/string-features.js";
import type { TextDetector, TextMatch } from "../../types.js";
import { codeAt, isWordCode } from "../shared/char-codes.js";
import { isStandaloneNumber } from "../shared/number-boundary.js";

/**
 * US Social Security numbers. `AAA-GG-SSSS`, `AAA GG SSSS` or `AAA.GG.SSSS` always qualify when the parts follow SSA rules
 * (area not 000, 666 or 900-999; group not 00; serial not 0000). Nine bare digits are also a common way to write
 * one, but so are many IDs, so they count only after an "ssn" / "social security" keyword.
 */

// Module-level regexes are reset before use: one RegExp per call cost more than the scan on short JSON strings.
// The two separators spelled out instead of a `([- ])…\1` backreference: same matches, and V8 scans it faster
// (1 MB: 0.15 -> 0.12 ms on the corpus mix, 0.37 -> 0.30 ms on the bench text, 0.48 -> 0.43 ms on the JSON text).
// Dots and no-break spaces are ways real data writes one too (`536.22.4187`).
const SEPARATED = /\d\d\d(?:-\d\d-|\x20\d\d\x20|\.\d\d\.|\u00a0\d\d\u00a0)\d\d\d\d/g;
// Nine bare digits are looked for only right after a keyword ("SSN: 123456789", "social security no. 123456789"),
// so text without the keyword costs one keyword scan.
const SSN_KEYWORD = /ssn|social[ _-]?security|ss#/gi; // word start checked in code: `\b` slows the scan
const UP_TO_FIRST_DIGIT = /\D{0,30}/y;
const MAX_GAP = 30; // UP_TO_FIRST_DIGIT's bound
const LONGEST_KEYWORD = "social_security".length;
// Nine digits in a row, written out: V8 skips through text for a fixed sequence (0.09 ms per MB of prose) but not for
// `\d{9}` (0.53 ms). See the keyword loop below.
const NINE_DIGITS = /\d\d\d\d\d\d\d\d\d/g;
/** Numbers the SSA has publicly voided after they appeared in advertising. */
const VOIDED = new Set(["078051120", "219099999"]);

export function isValidSsnDigits(digits: string): boolean {
  if (digits.length !== 9 || VOIDED.has(digits)) return false;
  const area = Number(digits.slice(0, 3));
  if (area === 0 || area === 666 || area >= 900) return false;
  if (digits.slice(3, 5) === "00") return false;
  return digits.slice(5) !== "0000";
}

export function createUsSsnDetector(): TextDetector {
  return {
    id: "pii.us_ssn",
    kind: "pii",
    // Both forms report nine ASCII digits (`\d` without `u`).
    requires: HAS_DIGIT,
    minLength: 9,
    detect(text: string, out: TextMatch[]): void {
      if (text.length < 9) return; // nine digits at least
      const separated = SEPARATED;
      separated.lastIndex = 0;
      for (let m = separated.exec(text); m !== null; m = separated.exec(text)) {
        const start = m.index;
        const end = start + m[0].length;
        if (!isStandaloneNumber(text, start, end)) continue;
        if (!isValidSsnDigits(m[0].replace(/\D/g, ""))) continue;
        out.push({ kind: "pii", type: "us_ssn", start, end, ruleId: "pii.us_ssn" });
      }
      // A keyword only counts when nine digits start at most MAX_GAP non-digits after it, and those nine digits are
      // then the first nine of a digit run, which NINE_DIGITS finds. So the keyword scan (0.72 ms per MB of prose
      // with no keyword at all: `s` is frequent) runs only in the window before each such run. Keyword matches never
      // overlap one another, so scanning from any position finds exactly the global scan's matches from there.
      const nine = NINE_DIGITS;
      nine.lastIndex = 0;
      const keyword = SSN_KEYWORD;
      const skip = UP_TO_FIRST_DIGIT;
      let scanned = 0;
      for (let n = nine.exec(text); n !== null; n = nine.exec(text)) {
        const runAt = n.index;
        keyword.lastIndex = Math.max(scanned, runAt - MAX_GAP - LONGEST_KEYWORD);
        let k = keyword.exec(text);
        for (; k !== null && k.index < runAt; k = keyword.exec(text)) {
          if (isWordCode(codeAt(text, k.index - 1))) continue;
          skip.lastIndex = k.index + k[0].length;
          skip.exec(text);
          const start = skip.lastIndex;
          const end = start + 9;
          const digits = text.slice(start, end);
          if (!/^\d{9}$/.test(digits) || !isStandaloneNumber(text, start, end) || !isValidSsnDigits(digits))
            continue;
          out.push({ kind: "pii", type: "us_ssn", start, end, ruleId: "pii.us_ssn" });
        }
        if (k === null) break; // no keyword left in the rest of the text
        scanned = k.index; // not handled yet: the next window starts no later than here, or past it when irrelevant
      }
    },
  };
}
