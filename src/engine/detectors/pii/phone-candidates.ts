import { codeAt, isDigitCode } from "../shared/char-codes.js";
import { digitRunSidesOf, digitRunsOf } from "../shared/digit-runs.js";

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
  /** True when no separator stands between its first and last digit ("5403926876", "(ref 5403926876)"). */
  bare: boolean;
  /**
   * The text's digit runs and their sides (digitRunsOf, digitRunSidesOf) when the candidate was found from them, and
   * the indices in `runs` of its first and last digit run (its digits are those runs': isNonPhoneShapeOf reads its
   * shape there); undefined and -1 when it was found by the regex.
   */
  runs: Int32Array | undefined;
  sides: Uint8Array | undefined;
  firstRun: number;
  lastRun: number;
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
 * Calls `visit` for every candidate run in `text` (one object refilled for each: see CANDIDATE). Runs with more than 15 digits (card numbers, long IDs) are
 * skipped as a whole, so no phone is ever cut out of the middle of a longer number.
 */
export function forEachPhoneCandidate(text: string, visit: (candidate: PhoneCandidate) => void): void {
  const runs = digitRunsOf(text);
  const sides = digitRunSidesOf(text);
  if (runs !== undefined && sides !== undefined) {
    forEachAtRuns(text, runs, sides, visit);
    return;
  }
  // Shared instance, reset here: a RegExp per call cost more than the scan itself on short strings.
  const start = START;
  start.lastIndex = 0;
  const candidate = CANDIDATE;
  candidate.runs = undefined;
  candidate.sides = undefined;
  candidate.firstRun = -1;
  candidate.lastRun = -1;
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
function forEachAtRuns(
  text: string,
  runs: Int32Array,
  sides: Uint8Array,
  visit: (candidate: PhoneCandidate) => void,
): void {
  let from = 0;
  for (let r = 0; r < runs.length; r += 2) {
    const first = runs[r]!;
    if (first < from || !startMatchesAtRun(runs, sides, r)) continue;
    const lead = first > from ? sides[2 * r + 1]! : -1;
    from = visitAtRuns(text, runs, sides, r, lead === 43 || lead === 40 ? lead : -1, visit);
  }
}

/**
 * `visitFrom` at run `r`'s first digit (after `lead`, a `+` or `(` right before it, else -1), its walk taken over the
 * runs: a run's digits are consecutive, and after run k the walk reads `text[end]` and `text[end + 1]` (its sides)
 * while they are separators, at most two; it goes on to the next run when that starts right after them, and stops
 * there otherwise.
 */
function visitAtRuns(
  text: string,
  runs: Int32Array,
  sides: Uint8Array,
  r: number,
  lead: number,
  visit: (candidate: PhoneCandidate) => void,
): number {
  const first = runs[r]!;
  let digits = 0;
  let k = r;
  for (;;) {
    const end = runs[k + 1]!;
    digits += end - runs[k]!;
    const leading = isSeparatorCode(sides[2 * k + 2]!) ? (isSeparatorCode(sides[2 * k + 3]!) ? 2 : 1) : 0;
    const gap = k + 2 < runs.length ? runs[k + 2]! - end : 0;
    if (gap === 0 || gap > leading) break;
    k += 2;
  }
  const lastDigitEnd = runs[k + 1]!;
  const runStart = lead === -1 ? first : first - 1;
  const candidate = CANDIDATE;
  candidate.runs = runs;
  candidate.sides = sides;
  candidate.firstRun = r;
  candidate.lastRun = k;
  return visitCandidate(text, runStart, lastDigitEnd, digits, lead === 43, visit);
}

/**
 * Whether START matches at the first digit of run `r`: seven digits from there, each at most two separators after
 * the last. Digits and separators are disjoint, so the regex has one way through, which this walk takes over the runs
 * (a sticky `exec` per candidate cost more than a walk, and a walk over the text reads a cache line per run): a run's
 * digits are consecutive, and between run k and the next stand `runs[k + 2] - runs[k + 1]` characters that are no
 * digits, the first two of which are run k's sides (digitRunSidesOf). The way goes on through one or two of them
 * when each is a separator, and stops at a third, at any other character, and at the text's end.
 */
function startMatchesAtRun(runs: Int32Array, sides: Uint8Array, r: number): boolean {
  let digits = 0;
  for (let k = r; k < runs.length; k += 2) {
    digits += runs[k + 1]! - runs[k]!;
    if (digits >= MIN_PHONE_DIGITS) return true;
    if (k + 2 >= runs.length) return false;
    const gap = runs[k + 2]! - runs[k + 1]!;
    if (gap > 2 || !isSeparatorCode(sides[2 * k + 2]!)) return false;
    if (gap === 2 && !isSeparatorCode(sides[2 * k + 3]!)) return false;
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
    } else {
      break;
    }
    i++;
  }
  return visitCandidate(text, runStart, lastDigitEnd, digits, international, visit);
}

/**
 * Visits the walk's run from `runStart` (its last digit ending at `lastDigitEnd`) when it has 7-15 digits; returns
 * where the search goes on. The run is bare when nothing but digits stands from its start to its last digit: the
 * separators the walk read after the last digit (the `)` of "(migration 20260612093000)", a sentence's full stop)
 * are the prose's, not the number's.
 */
function visitCandidate(
  text: string,
  runStart: number,
  lastDigitEnd: number,
  digits: number,
  international: boolean,
  visit: (candidate: PhoneCandidate) => void,
): number {
  const next = Math.max(lastDigitEnd, runStart + 1);
  if (digits < MIN_PHONE_DIGITS || digits > MAX_PHONE_DIGITS) return next;
  // A leading "(" without its ")" belongs to the prose: "(call 555 0100)".
  let candidateStart = runStart;
  if (text.charCodeAt(candidateStart) === 40 && !holdsCode(text, candidateStart, lastDigitEnd, 41)) {
    candidateStart++;
  }
  let end = lastDigitEnd;
  // EXTENSION begins with a space, `x` or `e` (case-sensitive): any other next character rules it out.
  const after = text.charCodeAt(end);
  if (after === 32 || after === 120 || after === 101) {
    EXTENSION.lastIndex = end;
    if (EXTENSION.test(text)) end = EXTENSION.lastIndex;
  }
  const candidate = CANDIDATE;
  candidate.start = candidateStart;
  candidate.numberEnd = lastDigitEnd;
  candidate.end = end;
  candidate.digits = digits;
  candidate.international = international;
  candidate.bare = !international && lastDigitEnd - candidateStart === digits;
  visit(candidate);
  return next;
}

/**
 * The candidate handed to `visit`, refilled for each (no object per candidate): a visitor reads it during the call
 * and keeps numbers, never the object.
 */
const CANDIDATE: PhoneCandidate = {
  start: 0,
  numberEnd: 0,
  end: 0,
  digits: 0,
  international: false,
  bare: false,
  runs: undefined,
  sides: undefined,
  firstRun: -1,
  lastRun: -1,
};

/** Whether `text[start, end)` holds the character `code`. */
function holdsCode(text: string, start: number, end: number, code: number): boolean {
  for (let i = start; i < end; i++) if (text.charCodeAt(i) === code) return true;
  return false;
}

/** Separator-delimited digit groups of a candidate, e.g. "(37) 788-063" -> ["37","788","063"]. */
export function digitGroups(candidate: string): string[] {
  return candidate.split(/[^0-9]+/).filter((g) => g.length > 0);
}

/** How many digit groups `digitGroups` would return, without building them. */
export function digitGroupCount(candidate: string): number {
  return digitGroupCountAt(candidate, 0, candidate.length);
}

/** `digitGroupCount` of `text[start, end)`, read in place. */
export function digitGroupCountAt(text: string, start: number, end: number): number {
  let groups = 0;
  let inGroup = false;
  for (let i = start; i < end; i++) {
    const digit = isDigitCode(text.charCodeAt(i));
    if (digit && !inGroup) groups++;
    inGroup = digit;
  }
  return groups;
}

/** The value of the digits `text[start, end)` when they are at most two (a month or a day), else -1. */
function smallNumberAt(text: string, start: number, end: number): number {
  if (end - start > 2) return -1;
  let n = 0;
  for (let i = start; i < end; i++) n = n * 10 + text.charCodeAt(i) - 48;
  return n;
}

function isMonthAt(text: string, start: number, end: number): boolean {
  const n = smallNumberAt(text, start, end);
  return n >= 1 && n <= 12;
}

function isDayAt(text: string, start: number, end: number): boolean {
  const n = smallNumberAt(text, start, end);
  return n >= 1 && n <= 31;
}

/**
 * A candidate's digit groups and the separators between them, read in one walk (the first three groups and two
 * separators as offsets into the text, the rest as counts and flags): `isNonPhoneShape` runs on every candidate, and
 * splitting with regexes was a quarter of the phone detector on prose. One reading per process, refilled by
 * `readShape` (no object or substring per candidate); nothing keeps it past the call that filled it.
 */
const SHAPE = {
  groups: 0,
  /** Start and end of the first three groups: [start0, end0, start1, end1, start2, end2]. */
  first: new Int32Array(6),
  /** Every group at most three digits long. */
  short: true,
  separators: 0,
  /** Start and end of the first two separators. */
  firstSeparators: new Int32Array(4),
  allDots: true,
  allDashes: true,
};

/** Whether `text[start, end)` is the one character `code`. */
function isOneChar(text: string, start: number, end: number, code: number): boolean {
  return end - start === 1 && text.charCodeAt(start) === code;
}

/**
 * Fills SHAPE from the candidate `text[start, end)`. Only the groups and separators it counted are written: a reader
 * reads group `k` only when `groups > k` (separator `k`: `separators > k`).
 */
function readShape(text: string, start: number, end: number): typeof SHAPE {
  const shape = SHAPE;
  shape.groups = 0;
  shape.short = true;
  shape.separators = 0;
  shape.allDots = true;
  shape.allDashes = true;
  let i = start;
  while (i < end && !isDigitCode(text.charCodeAt(i))) i++;
  while (i < end) {
    const groupStart = i;
    while (i < end && isDigitCode(text.charCodeAt(i))) i++;
    if (shape.groups < 3) {
      shape.first[2 * shape.groups] = groupStart;
      shape.first[2 * shape.groups + 1] = i;
    }
    if (i - groupStart > 3) shape.short = false;
    shape.groups++;
    const separatorStart = i;
    while (i < end && !isDigitCode(text.charCodeAt(i))) i++;
    if (i === end) break; // trailing non-digits separate nothing
    if (shape.separators < 2) {
      shape.firstSeparators[2 * shape.separators] = separatorStart;
      shape.firstSeparators[2 * shape.separators + 1] = i;
    }
    shape.separators++;
    if (!isOneChar(text, separatorStart, i, 46)) shape.allDots = false;
    if (!isOneChar(text, separatorStart, i, 45)) shape.allDashes = false;
  }
  return shape;
}

/**
 * `readShape` of a candidate whose digits are the runs `first` to `last` (indices in `runs`) and whatever stands
 * between them: its groups are those runs (leading non-digits are skipped, and it ends at its last digit), its
 * separators the gaps between them, and a gap is the one character `.` or `-` when it is one character long and that
 * character, the run's side `text[end]` (digitRunSidesOf), is.
 */
function readShapeAtRuns(runs: Int32Array, sides: Uint8Array, first: number, last: number): typeof SHAPE {
  const shape = SHAPE;
  shape.groups = 0;
  shape.short = true;
  shape.separators = 0;
  shape.allDots = true;
  shape.allDashes = true;
  for (let k = first; k <= last; k += 2) {
    const start = runs[k]!;
    const end = runs[k + 1]!;
    if (shape.groups < 3) {
      shape.first[2 * shape.groups] = start;
      shape.first[2 * shape.groups + 1] = end;
    }
    if (end - start > 3) shape.short = false;
    shape.groups++;
    if (k === last) break;
    const next = runs[k + 2]!;
    if (shape.separators < 2) {
      shape.firstSeparators[2 * shape.separators] = end;
      shape.firstSeparators[2 * shape.separators + 1] = next;
    }
    shape.separators++;
    const single = next - end === 1 ? sides[2 * k + 2]! : -1;
    if (single !== 46) shape.allDots = false;
    if (single !== 45) shape.allDashes = false;
  }
  return shape;
}

/** Whether the first two separators (`seps`: start and end of each) are the same characters and not one space. */
function sameFirstSeparators(text: string, seps: Int32Array): boolean {
  const length = seps[1]! - seps[0]!;
  if (length !== seps[3]! - seps[2]! || isOneChar(text, seps[0]!, seps[1]!, 32)) return false;
  for (let k = 0; k < length; k++)
    if (text.charCodeAt(seps[0]! + k) !== text.charCodeAt(seps[2]! + k)) return false;
  return true;
}

/**
 * Shapes that are clearly something else: dates (`2015-12-22`, `22/12/2015`), IPv4 addresses, and US SSNs
 * (`123-45-6789`, reported by the SSN detector). Only the first three groups are looked at, so a date followed by a
 * time fragment ("2015-12-22 04") is caught too.
 */
export function isNonPhoneShape(candidate: string): boolean {
  return isNonPhoneShapeAt(candidate, 0, candidate.length);
}

/** `isNonPhoneShape` of the candidate `text[start, end)`, read in place. */
export function isNonPhoneShapeAt(text: string, start: number, end: number): boolean {
  return isNonPhoneShapeRead(text, readShape(text, start, end), start);
}

/**
 * `isNonPhoneShapeAt(text, c.start, c.numberEnd)` of a candidate: its shape read from its digit runs when it was found
 * from them (readShapeAtRuns), else from the text.
 */
export function isNonPhoneShapeOf(text: string, c: PhoneCandidate): boolean {
  const { runs, sides } = c;
  if (runs === undefined || sides === undefined) return isNonPhoneShapeAt(text, c.start, c.numberEnd);
  return isNonPhoneShapeRead(text, readShapeAtRuns(runs, sides, c.firstRun, c.lastRun), c.start);
}

/** The judgement of `isNonPhoneShapeAt` on a candidate's shape, read (its first character at `start`). */
function isNonPhoneShapeRead(text: string, shape: typeof SHAPE, start: number): boolean {
  const g = shape.first;
  const aLength = g[1]! - g[0]!;
  const cLength = g[5]! - g[4]!;
  if (shape.groups >= 3 && shape.separators >= 2 && sameFirstSeparators(text, shape.firstSeparators)) {
    const bMonth = isMonthAt(text, g[2]!, g[3]!);
    if (aLength === 4 && bMonth && isDayAt(text, g[4]!, g[5]!)) return true;
    const dayMonth = isDayAt(text, g[0]!, g[1]!) && bMonth;
    if (cLength === 4 && (dayMonth || (isMonthAt(text, g[0]!, g[1]!) && isDayAt(text, g[2]!, g[3]!))))
      return true;
  }
  if (shape.groups === 4 && shape.allDots && shape.short && text.charCodeAt(start) !== 48) return true;
  return shape.groups === 3 && shape.allDashes && aLength === 3 && g[3]! - g[2]! === 2 && cLength === 4;
}

/** The character right after a candidate, used to spot a clock time: "2015-12-22 04:34". */
export function isFollowedByTime(text: string, end: number): boolean {
  return codeAt(text, end) === 58 && isDigitCode(codeAt(text, end + 1));
}
