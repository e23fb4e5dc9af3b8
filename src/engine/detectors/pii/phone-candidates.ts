import { codeAt, isDigitCode } from "../shared/char-codes.js";
import { digitRunsOf } from "../shared/digit-runs.js";

/**
 * Finds phone-number-shaped runs without a regex: digits joined by at most two separator characters at a time
 * (space, `-`, `.`, `/`, parentheses), an optional leading `+`, and an optional extension (`x123`, `ext. 123`).
 * Each character of the text is visited a bounded number of times, and libphonenumber only ever sees these short
 * runs, never the whole text.
 */

export interface PhoneCandidate {
  start: number;
  /** End of the number itself (exclusive), before any extension. */
  numberEnd: number;
  /** End including the extension, if any. */
  end: number;
  /** Digits of the number (no extension). */
  digits: number;
  international: boolean;
  /** True when the run has no separators at all ("5403926876"). */
  bare: boolean;
}

const MAX_PHONE_DIGITS = 15; // E.164
const MIN_PHONE_DIGITS = 7;
const EXTENSION = / ?(?:x|ext\.?|extension) ?\d{1,6}/y;
// Prefilter: seven digits with at most two separators between neighbours. Separators and digits are disjoint and
// every repetition is bounded, so a failed attempt costs a few characters, not a rescan.
// Written out (`S?S?\d` six times) rather than `(?:S{0,2}\d){6}`: the same language, so the same match starts (only
// `m.index` is used), but V8 can skip ahead over a fixed sequence and not over a counted group. 1 MB scan alone:
// bench JSON 1.17 -> 0.53 ms, Presidio mix 1.03 -> 0.24 ms, bench prose 0.64 -> 0.50 ms.
const START =
  /[+(]?\d[ ()./-]?[ ()./-]?\d[ ()./-]?[ ()./-]?\d[ ()./-]?[ ()./-]?\d[ ()./-]?[ ()./-]?\d[ ()./-]?[ ()./-]?\d[ ()./-]?[ ()./-]?\d/g;

function isSeparatorCode(code: number): boolean {
  return code === 32 || code === 45 || code === 46 || code === 47 || code === 40 || code === 41;
}

/**
 * Calls `visit` for every candidate run in `text`. Runs with more than 15 digits (card numbers, long IDs) are
 * skipped as a whole, so no phone is ever cut out of the middle of a longer number.
 */
export function forEachPhoneCandidate(text: string, visit: (candidate: PhoneCandidate) => void): void {
  const runs = digitRunsOf(text);
  if (runs !== undefined) {
    forEachAtRuns(text, runs, visit);
    return;
  }
  // Shared instance, reset here: a RegExp per call cost more than the scan itself on short strings.
  const start = START;
  start.lastIndex = 0;
  for (let m = start.exec(text); m !== null; m = start.exec(text))
    start.lastIndex = visitFrom(text, m.index, visit);
}

/**
 * START's matches from the text's digit runs. A match's digits are consecutive digits of the text (a separator is no
 * digit), so it needs seven in runs at most two characters apart; and one starting inside a run implies one at the
 * run's start (the digits before it fill the first groups), where the scan, which always goes on at a run's end,
 * finds it first. So a match starts at a run's first digit, or at the `+` or `(` right before it (then START matches
 * there exactly when it matches at the digit).
 */
function forEachAtRuns(text: string, runs: Int32Array, visit: (candidate: PhoneCandidate) => void): void {
  let from = 0;
  for (let r = 0; r < runs.length; r += 2) {
    const first = runs[r]!;
    if (first < from || !sevenDigitsNear(runs, r) || !startMatchesAt(text, first)) continue;
    const lead = first > from ? text.charCodeAt(first - 1) : -1;
    from = visitFrom(text, lead === 43 || lead === 40 ? first - 1 : first, visit);
  }
}

/** Whether the runs from run `r` on, each at most two characters after the last, hold seven digits. */
function sevenDigitsNear(runs: Int32Array, r: number): boolean {
  let digits = runs[r + 1]! - runs[r]!;
  for (let k = r + 2; digits < MIN_PHONE_DIGITS && k < runs.length && runs[k]! - runs[k - 1]! <= 2; k += 2)
    digits += runs[k + 1]! - runs[k]!;
  return digits >= MIN_PHONE_DIGITS;
}

/**
 * Whether START matches at the digit at `at`: seven digits from there, each at most two separators after the last.
 * Digits and separators are disjoint, so the regex has one way through, which this walk takes (a sticky `exec` per
 * candidate cost more than the walk).
 */
function startMatchesAt(text: string, at: number): boolean {
  let digits = 0;
  let pending = 0;
  for (let i = at; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (isDigitCode(code)) {
      if (++digits === MIN_PHONE_DIGITS) return true;
      pending = 0;
    } else if (isSeparatorCode(code) && pending < 2) pending++;
    else return false;
  }
  return false;
}

/**
 * The candidate run of digits and separators from `runStart` (where START matched), visited when it has 7-15 digits;
 * returns where the search goes on (after the run's last digit).
 */
function visitFrom(text: string, runStart: number, visit: (candidate: PhoneCandidate) => void): number {
  const international = text.charCodeAt(runStart) === 43;
  let i = runStart + (international ? 1 : 0);
  let digits = 0;
  let separators = 0;
  let pendingSeparators = 0;
  let lastDigitEnd = i;
  while (i < text.length) {
    const code = text.charCodeAt(i);
    if (isDigitCode(code)) {
      digits++;
      pendingSeparators = 0;
      lastDigitEnd = i + 1;
    } else if (isSeparatorCode(code) && pendingSeparators < 2) {
      pendingSeparators++;
      separators++;
    } else {
      break;
    }
    i++;
  }
  const next = Math.max(lastDigitEnd, runStart + 1);
  if (digits < MIN_PHONE_DIGITS || digits > MAX_PHONE_DIGITS) return next;
  // A leading "(" without its ")" belongs to the prose: "(call 555 0100)".
  let candidateStart = runStart;
  if (text.charCodeAt(candidateStart) === 40 && !text.slice(candidateStart, lastDigitEnd).includes(")")) {
    candidateStart++;
  }
  let end = lastDigitEnd;
  // EXTENSION begins with a space, `x` or `e` (case-sensitive): any other next character rules it out.
  const after = text.charCodeAt(end);
  if (after === 32 || after === 120 || after === 101) {
    EXTENSION.lastIndex = end;
    if (EXTENSION.test(text)) end = EXTENSION.lastIndex;
  }
  visit({
    start: candidateStart,
    numberEnd: lastDigitEnd,
    end,
    digits,
    international,
    bare: separators === 0 && !international,
  });
  return next;
}

/** Separator-delimited digit groups of a candidate, e.g. "(37) 788-063" -> ["37","788","063"]. */
export function digitGroups(candidate: string): string[] {
  return candidate.split(/[^0-9]+/).filter((g) => g.length > 0);
}

/** How many digit groups `digitGroups` would return, without building them. */
export function digitGroupCount(candidate: string): number {
  let groups = 0;
  let inGroup = false;
  for (let i = 0; i < candidate.length; i++) {
    const digit = isDigitCode(candidate.charCodeAt(i));
    if (digit && !inGroup) groups++;
    inGroup = digit;
  }
  return groups;
}

function isMonth(group: string): boolean {
  const n = Number(group);
  return group.length <= 2 && n >= 1 && n <= 12;
}

function isDay(group: string): boolean {
  const n = Number(group);
  return group.length <= 2 && n >= 1 && n <= 31;
}

/**
 * A candidate's digit groups and the separators between them, read in one walk (the first three groups and two
 * separators as strings, the rest as counts and flags): `isNonPhoneShape` runs on every candidate, and splitting
 * with regexes was a quarter of the phone detector on prose.
 */
interface Shape {
  groups: number;
  first: [string, string, string];
  /** Every group at most three digits long. */
  short: boolean;
  separators: number;
  firstSeparators: [string, string];
  allDots: boolean;
  allDashes: boolean;
}

function shapeOf(candidate: string): Shape {
  const shape: Shape = {
    groups: 0,
    first: ["", "", ""],
    short: true,
    separators: 0,
    firstSeparators: ["", ""],
    allDots: true,
    allDashes: true,
  };
  const n = candidate.length;
  let i = 0;
  while (i < n && !isDigitCode(candidate.charCodeAt(i))) i++;
  while (i < n) {
    const groupStart = i;
    while (i < n && isDigitCode(candidate.charCodeAt(i))) i++;
    if (shape.groups < 3) shape.first[shape.groups] = candidate.slice(groupStart, i);
    if (i - groupStart > 3) shape.short = false;
    shape.groups++;
    const separatorStart = i;
    while (i < n && !isDigitCode(candidate.charCodeAt(i))) i++;
    if (i === n) break; // trailing non-digits separate nothing
    const separator = candidate.slice(separatorStart, i);
    if (shape.separators < 2) shape.firstSeparators[shape.separators] = separator;
    shape.separators++;
    if (separator !== ".") shape.allDots = false;
    if (separator !== "-") shape.allDashes = false;
  }
  return shape;
}

/**
 * Shapes that are clearly something else: dates (`2015-12-22`, `22/12/2015`), IPv4 addresses, and US SSNs
 * (`123-45-6789`, reported by the SSN detector). Only the first three groups are looked at, so a date followed by a
 * time fragment ("2015-12-22 04") is caught too.
 */
export function isNonPhoneShape(candidate: string): boolean {
  const shape = shapeOf(candidate);
  const [a, b, c] = shape.first;
  const [sep0, sep1] = shape.firstSeparators;
  const sameSep = shape.separators >= 2 && sep0 === sep1 && sep0 !== " ";
  if (sameSep && shape.groups >= 3) {
    if (a.length === 4 && isMonth(b) && isDay(c)) return true;
    if (c.length === 4 && ((isDay(a) && isMonth(b)) || (isMonth(a) && isDay(b)))) return true;
  }
  if (shape.groups === 4 && shape.allDots && shape.short) {
    if (!candidate.startsWith("0")) return true;
  }
  if (shape.groups === 3 && shape.allDashes && a.length === 3 && b.length === 2 && c.length === 4) {
    return true;
  }
  return false;
}

/** The character right after a candidate, used to spot a clock time: "2015-12-22 04:34". */
export function isFollowedByTime(text: string, end: number): boolean {
  return codeAt(text, end) === 58 && isDigitCode(codeAt(text, end + 1));
}
