import { HAS_DIGIT } from "../../scan/string-features.js";
import type { TextDetector, TextMatch } from "../../types.js";
import { codeAt, isDigitCode, isWordCode } from "../shared/char-codes.js";
import { digitRunSidesOf, digitRunsOf } from "../shared/digit-runs.js";
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
/*
 * Nine bare digits are an SSN only by their context: an SSN keyword earlier in the same clause ("SSN: 123456789", "the
 * social security number we have on file for her is 123456789"), or right after the number as its label
 * ("123456789 (SSN)"). The clause ends at a sentence end, a line break, and the separators of structured data (a quote,
 * `=`, `&`, `|`, `;`, a tab, braces), so a keyword in another field or row (`{"ssn": "n/a", "account": "..."}`,
 * `ssn=n/a&order=...`) names nothing; only the key's own punctuation (`"ssn": "`, `ssn=`) may sit between. Numbers are
 * looked for first and the keyword only in the window before each: text with no nine-digit run costs one scan.
 */
const SSN_KEYWORD = /ssn|social[ _-]?security|ss#/gi; // word start checked in code: `\b` slows the scan
/** How far before the number the clause's keyword may stand. */
const CLAUSE_WINDOW = 120;
/** The key's punctuation between a keyword and its value (`ssn": "`, `SSN#: `, `ssn=`). */
const KEY_PUNCTUATION = /^[\s"'`:=#\uff1a]{0,6}/;
/** What ends a clause between a keyword and a number: structured-data separators, a line, a sentence. */
const CLAUSE_END = /["'`=&|;\t\n\r{}]|[.!?]\s+[A-Z]|\d{9}/;
/** The number's label right after it: `123456789 (SSN)`, `123456789 - social security`. */
const LABEL_AFTER = /^[ \t]{0,2}(?:\(|-|\u2013|,|:)?[ \t]{0,2}(?:ssn|social[ _-]?security)\b/i;
// Nine digits in a row, written out: V8 skips through text for a fixed sequence (0.09 ms per MB of prose) but not for
// `\d{9}` (0.53 ms).
const NINE_DIGITS = /\d\d\d\d\d\d\d\d\d/g;

/** Whether an SSN keyword stands earlier in the clause that ends at `at` (the number's start). */
function keywordInClause(text: string, at: number): boolean {
  const from = Math.max(0, at - CLAUSE_WINDOW);
  const keyword = SSN_KEYWORD;
  keyword.lastIndex = from;
  let last = -1;
  let lastEnd = -1;
  for (let k = keyword.exec(text); k !== null && k.index < at; k = keyword.exec(text)) {
    if (isWordCode(codeAt(text, k.index - 1))) continue;
    last = k.index;
    lastEnd = k.index + k[0].length;
  }
  if (last === -1) return false;
  let gap = text.slice(lastEnd, at);
  // The rest of the keyword's word (`SSNs`, `social_security_number`) and the key's punctuation belong to it.
  gap = gap.replace(/^[\w-]*/, "");
  gap = gap.slice(KEY_PUNCTUATION.exec(gap)![0].length);
  return !CLAUSE_END.test(gap);
}

function keywordLabelsAfter(text: string, end: number): boolean {
  return LABEL_AFTER.test(text.slice(end, end + 24));
}
/** Numbers the SSA has publicly voided after they appeared in advertising (078-05-1120, 219-09-9999), as numbers. */
const VOIDED: ReadonlySet<number> = new Set([78051120, 219099999]);

/** The SSA's rules on a number's area (3 digits), group (2) and serial (4). */
function isValidSsnParts(area: number, group: number, serial: number): boolean {
  if (VOIDED.has((area * 100 + group) * 10_000 + serial)) return false;
  return area !== 0 && area !== 666 && area < 900 && group !== 0 && serial !== 0;
}

/** The SSA's rules on nine ASCII digits. */
export function isValidSsnDigits(digits: string): boolean {
  return digits.length === 9 && isValidSsnAt(digits, 0, 3, 5);
}

/** The value of the `count` ASCII digits at `at`. */
function valueAt(text: string, at: number, count: number): number {
  let n = 0;
  for (let i = at; i < at + count; i++) n = n * 10 + text.charCodeAt(i) - 48;
  return n;
}

/**
 * The SSA's rules on the digits read in place: the area (three digits at `area`), the group (two at `group`) and
 * the serial (four at `serial`), all ASCII digits. No substring per number.
 */
function isValidSsnAt(text: string, area: number, group: number, serial: number): boolean {
  return isValidSsnParts(valueAt(text, area, 3), valueAt(text, group, 2), valueAt(text, serial, 4));
}

/** The match of SEPARATED at `[start, end)`, pushed when it stands alone and follows SSA rules. */
function separatedAt(text: string, start: number, end: number, out: TextMatch[]): void {
  if (!isStandaloneNumber(text, start, end)) return;
  if (!isValidSsnAt(text, start, start + 4, start + 7)) return;
  out.push({ kind: "pii", type: "us_ssn", start, end, ruleId: "pii.us_ssn" });
}

/** Nine bare digits at `start` (a match of NINE_DIGITS): pushed with an SSN keyword in their clause or after them. */
function bareAt(text: string, start: number, out: TextMatch[]): void {
  const end = start + 9;
  if (!isStandaloneNumber(text, start, end) || !isValidSsnAt(text, start, start + 3, start + 5)) return;
  if (keywordInClause(text, start) || keywordLabelsAfter(text, end))
    out.push({ kind: "pii", type: "us_ssn", start, end, ruleId: "pii.us_ssn" });
}

/** The separators SEPARATED allows around the group number: `-`, space, `.`, no-break space (the same twice). */
function isSsnSeparatorCode(code: number): boolean {
  return code === 45 || code === 32 || code === 46 || code === 0xa0;
}

function digitsAt(text: string, from: number, count: number): boolean {
  for (let i = from; i < from + count; i++) if (!isDigitCode(codeAt(text, i))) return false;
  return true;
}

/** Whether SEPARATED matches at `start` (`\d{3}`, a separator, `\d{2}`, the same separator, `\d{4}`: 11 long). */
function separatedMatchesAt(text: string, start: number): boolean {
  const separator = codeAt(text, start + 3);
  return (
    isSsnSeparatorCode(separator) &&
    codeAt(text, start + 6) === separator &&
    digitsAt(text, start, 3) &&
    digitsAt(text, start + 4, 2) &&
    digitsAt(text, start + 7, 4)
  );
}

/**
 * Whether the runs after run `r` are laid out as an SSN's after its area (the run's last three digits): a run of two
 * digits one character on (the group), then one of four or more one character after it (the serial). What
 * `separatedMatchesAt` reads of the digits, read from the runs alone.
 */
function runsLikeSsnAt(runs: Int32Array, sides: Uint8Array, r: number): boolean {
  const end = runs[r + 1]!;
  return (
    r + 5 < runs.length &&
    runs[r + 2] === end + 1 &&
    runs[r + 3] === end + 3 &&
    runs[r + 4] === end + 4 &&
    runs[r + 5]! >= end + 8 &&
    // The two separators, what follows run r and run r + 2 (digitRunSidesOf): one of SEPARATED's, the same twice.
    isSsnSeparatorCode(sides[2 * r + 2]!) &&
    sides[2 * r + 6] === sides[2 * r + 2]
  );
}

/**
 * SEPARATED's matches from the text's digit runs: its area number is the last three digits of a run that one of its
 * separators ends, so a match can start only there; tried there in order, each search going on after the last match
 * as the global scan does. A match's group is a whole run of two digits right after the separator (a separator is no
 * digit) and its serial starts the run right after the second separator, four digits or more: `runsLikeSsnAt` asks
 * that of the runs first, so the text (a cache line apart per run on a long text) is read only where it holds.
 */
function separatedAtRuns(text: string, runs: Int32Array, sides: Uint8Array, out: TextMatch[]): void {
  let from = 0;
  for (let r = 0; r < runs.length; r += 2) {
    const start = runs[r + 1]! - 3;
    if (start < runs[r]! || start < from || !runsLikeSsnAt(runs, sides, r)) continue;
    if (!separatedMatchesAt(text, start)) continue;
    from = start + 11;
    separatedAt(text, start, from, out);
  }
}

/**
 * TextDetector.contextReach: the keyword's clause reads up to CLAUSE_WINDOW back but a line break in it ends the
 * clause (CLAUSE_END), the label after reads `[ \t]` only; isStandaloneNumber reads two characters either side.
 */
const CONTEXT_REACH = 2;

export function createUsSsnDetector(): TextDetector {
  return {
    id: "pii.us_ssn",
    contextReach: CONTEXT_REACH,
    kind: "pii",
    // Both forms report nine ASCII digits (`\d` without `u`).
    requires: HAS_DIGIT,
    minLength: 9,
    detect(text: string, out: TextMatch[]): void {
      if (text.length < 9) return; // nine digits at least
      const runs = digitRunsOf(text);
      const sides = digitRunSidesOf(text);
      if (runs === undefined || sides === undefined) {
        const separated = SEPARATED;
        separated.lastIndex = 0;
        for (let m = separated.exec(text); m !== null; m = separated.exec(text))
          separatedAt(text, m.index, m.index + m[0].length, out);
        const nine = NINE_DIGITS;
        nine.lastIndex = 0;
        for (let n = nine.exec(text); n !== null; n = nine.exec(text)) bareAt(text, n.index, out);
        return;
      }
      separatedAtRuns(text, runs, sides, out);
      // NINE_DIGITS' matches: from each run of nine or more digits, every nine from its start.
      for (let r = 0; r < runs.length; r += 2)
        for (let at = runs[r]!; at + 9 <= runs[r + 1]!; at += 9) bareAt(text, at, out);
    },
  };
}
