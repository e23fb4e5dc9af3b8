/**
 * Where a neutralising cut may reach: the data unit an instruction sits in. `instructionSpan` widens a match to its
 * sentence; in structured text that "sentence" can run across the units the data is made of (a commit returned as
 * one JSON string whose lines are `\n` escapes, a CSV row whose cells are separated by commas), and the cut then
 * takes the commit header, the file names and the other cells with it. `cutBounds` gives the widest span a cut
 * around a match may cover, and `boundCut` clips a proposed cut to it. Invariants:
 *
 * - the bounds always contain the match (a cut never leaves matched words behind);
 * - they never contain, outside the match, a line break (`\n`, `\r`, U+2028, U+2029), a JSON-escaped line break
 *   (`\n` or `\r` written as a backslash and a letter, the backslash itself unescaped), or a structural quote of a
 *   JSON string or a `key="value"` field;
 * - in delimited data (two or more consecutive lines with the same number of `,`, `;`, tab or `|` delimiters
 *   outside quotes), they stay inside one cell;
 * - they never cover a line's own prefix: a YAML or header key (`key: `, `- key: `), a log prefix (timestamp,
 *   level, `[component]`), or a diff line's `+`, `-` or space marker when the text is a diff;
 * - the work is bounded: MAX_REACH units each way and at most three neighbouring lines for the delimiter check.
 *
 * Hand-written rather than parsed with a JSON/CSV/YAML library: the text around a tool output's match is rarely a
 * whole document (a window, a value of a larger object, a log excerpt), so no parser would accept it, and the rules
 * above only need the few characters next to the match.
 */
import type { Span } from "./instruction-span.js";

const MAX_REACH = 2_000;

const BACKSLASH = 0x5c;
const QUOTE = 0x22;

function isLineBreak(c: number): boolean {
  return c === 0x0a || c === 0x0d || c === 0x2028 || c === 0x2029;
}

/** Whether the backslash at `i` is itself unescaped (preceded by an even number of backslashes). */
function unescapedBackslash(text: string, i: number, floor: number): boolean {
  let n = 0;
  for (let k = i - 1; k >= floor && text.charCodeAt(k) === BACKSLASH; k--) n++;
  return n % 2 === 0;
}

/** An escaped line break `\n` / `\r` starts at `i` (backslash at `i`, letter at `i + 1`). */
function escapedBreakAt(text: string, i: number, floor: number): boolean {
  if (text.charCodeAt(i) !== BACKSLASH) return false;
  const next = text.charCodeAt(i + 1);
  return (next === 0x6e || next === 0x72) && unescapedBackslash(text, i, floor);
}

function isBlank(c: number): boolean {
  return c === 0x20 || c === 0x09;
}

function skipSpacesBack(text: string, i: number): number {
  let k = i;
  while (k >= 0 && (text.charCodeAt(k) === 0x20 || text.charCodeAt(k) === 0x09)) k--;
  return k;
}

function skipSpacesForward(text: string, i: number): number {
  let k = i;
  while (k < text.length && (text.charCodeAt(k) === 0x20 || text.charCodeAt(k) === 0x09)) k++;
  return k;
}

/**
 * Whether the unescaped `"` at `i` is structural: it opens a JSON string or a field value (`: "`, `[ "`, `, "`,
 * `{ "`, `="`) or closes one (`" ,`, `" }`, `" ]`, `" :`, or the end of the text or line).
 */
function structuralQuote(text: string, i: number, floor: number): boolean {
  if (i > 0 && text.charCodeAt(i - 1) === BACKSLASH && !unescapedBackslash(text, i - 1, floor)) return false;
  const before = skipSpacesBack(text, i - 1);
  const b = before < 0 ? -1 : text.charCodeAt(before);
  if (b === 0x3a || b === 0x5b || b === 0x2c || b === 0x7b || b === 0x3d || b === -1 || isLineBreak(b))
    return true;
  const after = skipSpacesForward(text, i + 1);
  const a = after >= text.length ? -1 : text.charCodeAt(after);
  return a === 0x2c || a === 0x7d || a === 0x5d || a === 0x3a || a === -1 || isLineBreak(a);
}

/**
 * The line around `[start, end)`: real line breaks and JSON-escaped ones, within MAX_REACH; with `quotes`, a
 * structural quote (the edge of a JSON string or a field value) ends it too.
 */
function lineAround(text: string, start: number, end: number, quotes: boolean): Span {
  let lo = start;
  const floor = Math.max(0, start - MAX_REACH);
  while (lo > floor) {
    const c = text.charCodeAt(lo - 1);
    if (isLineBreak(c)) break;
    if (lo >= 2 && escapedBreakAt(text, lo - 2, floor)) break;
    if (quotes && c === QUOTE && structuralQuote(text, lo - 1, floor)) break;
    lo--;
  }
  let hi = end;
  const ceiling = Math.min(text.length, end + MAX_REACH);
  while (hi < ceiling) {
    const c = text.charCodeAt(hi);
    if (isLineBreak(c)) break;
    if (escapedBreakAt(text, hi, floor)) break;
    if (quotes && c === QUOTE && structuralQuote(text, hi, floor)) break;
    hi++;
  }
  return { start: lo, end: hi };
}

const DELIMITERS = [0x2c, 0x3b, 0x09, 0x7c]; // , ; tab |

/** Delimiter positions of one line outside double quotes (a quoted CSV cell may hold the delimiter). */
function delimitersOf(text: string, line: Span, delimiter: number): number[] {
  const at: number[] = [];
  let quoted = false;
  for (let i = line.start; i < line.end; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) quoted = !quoted;
    else if (c === delimiter && !quoted) at.push(i);
  }
  return at;
}

/** The real line (only real line breaks) that starts or ends next to `at`, in the given direction. */
function neighbourLine(text: string, line: Span, direction: -1 | 1): Span | undefined {
  if (direction < 0) {
    if (line.start === 0 || !isLineBreak(text.charCodeAt(line.start - 1))) return undefined;
    let end = line.start - 1;
    if (end > 0 && text.charCodeAt(end) === 0x0a && text.charCodeAt(end - 1) === 0x0d) end--;
    let start = end;
    const floor = Math.max(0, end - MAX_REACH);
    while (start > floor && !isLineBreak(text.charCodeAt(start - 1))) start--;
    return { start, end };
  }
  if (line.end >= text.length || !isLineBreak(text.charCodeAt(line.end))) return undefined;
  let start = line.end + 1;
  if (text.charCodeAt(line.end) === 0x0d && text.charCodeAt(start) === 0x0a) start++;
  let end = start;
  const ceiling = Math.min(text.length, start + MAX_REACH);
  while (end < ceiling && !isLineBreak(text.charCodeAt(end))) end++;
  return { start, end };
}

/** The real line containing `at` (ignores escapes and quotes: delimited data is checked line by line). */
function realLine(text: string, start: number, end: number): Span {
  let lo = start;
  const floor = Math.max(0, start - MAX_REACH);
  while (lo > floor && !isLineBreak(text.charCodeAt(lo - 1))) lo--;
  let hi = end;
  const ceiling = Math.min(text.length, end + MAX_REACH);
  while (hi < ceiling && !isLineBreak(text.charCodeAt(hi))) hi++;
  return { start: lo, end: hi };
}

interface Cell extends Span {
  /** The cell was quoted: `start` and `end` are inside its quotes, and a quote inside is written `""`. */
  quoted: boolean;
}

/**
 * The cell of delimited data around `[start, end)`, or undefined when the line is not part of a table: a line
 * with at least one delimiter whose count matches a neighbouring line's (a header or another row).
 */
function cellAround(text: string, start: number, end: number): Cell | undefined {
  const line = realLine(text, start, end);
  const above = neighbourLine(text, line, -1);
  const below = neighbourLine(text, line, 1);
  for (const delimiter of DELIMITERS) {
    const here = delimitersOf(text, line, delimiter);
    if (here.length === 0) continue;
    const same = (other: Span | undefined) =>
      other !== undefined && delimitersOf(text, other, delimiter).length === here.length;
    if (!same(above) && !same(below)) continue;
    let lo = line.start;
    let hi = line.end;
    for (const d of here) {
      if (d < start) lo = d + 1;
      else if (d >= end) {
        hi = d;
        break;
      }
    }
    // The outer quotes of a quoted cell stay (spaces around them allowed), so the row still parses.
    const a = skipSpacesForward(text, lo);
    const b = skipSpacesBack(text, hi - 1);
    if (a < b && text.charCodeAt(a) === QUOTE && text.charCodeAt(b) === QUOTE && a + 1 <= start && b >= end)
      return { start: a + 1, end: b, quoted: true };
    return { start: lo, end: hi, quoted: false };
  }
  return undefined;
}

const YAML_KEY = /^[ \t]*(?:- )?[A-Za-z_][\w.-]{0,63}:[ \t]+/;
const LOG_PREFIX =
  /^[ \t]*\[?\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:[.,]\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?\]?[ \t]+(?:(?:TRACE|DEBUG|INFO|NOTICE|WARN|WARNING|ERROR|FATAL|CRITICAL)[ \t:]+)?(?:\[[^\]\n]{1,64}\][ \t:]*)?/i;
const DIFF_MARKERS = /^(?:diff --git |@@ -\d|--- a\/|\+\+\+ b\/)/m;

/** How many units at the start of `[line.start, line.end)` are the line's own prefix, never cut. */
function prefixLength(text: string, line: Span, isDiff: boolean): number {
  const head = text.slice(line.start, Math.min(line.end, line.start + 160));
  const log = LOG_PREFIX.exec(head);
  if (log !== null) return log[0].length;
  const key = YAML_KEY.exec(head);
  if (key !== null) return key[0].length;
  if (isDiff) {
    const c = head.charCodeAt(0);
    if (c === 0x2b || c === 0x2d || c === 0x20) return 1;
  }
  return 0;
}

/** Whether the text around `at` is a unified diff (one of its markers within MAX_REACH). */
function looksLikeDiff(text: string, at: number): boolean {
  const window = text.slice(Math.max(0, at - MAX_REACH), Math.min(text.length, at + MAX_REACH));
  return DIFF_MARKERS.test(window) || window.includes("\\n@@ -") || window.includes("diff --git ");
}

interface Bounds extends Span {
  quotedCell: Span | undefined;
}

function boundsOf(text: string, match: Span): Bounds {
  const cell = cellAround(text, match.start, match.end);
  // In delimited data a quote is the cell's (`""` inside a quoted cell), not a JSON string's.
  const line = lineAround(text, match.start, match.end, cell === undefined);
  let lo = line.start;
  let hi = line.end;
  if (cell !== undefined) {
    lo = Math.max(lo, cell.start);
    hi = Math.min(hi, cell.end);
  }
  const prefix = prefixLength(text, line, looksLikeDiff(text, match.start));
  if (line.start + prefix <= match.start) lo = Math.max(lo, line.start + prefix);
  return {
    start: Math.min(lo, match.start),
    end: Math.max(hi, match.end),
    quotedCell: cell?.quoted === true ? cell : undefined,
  };
}

/**
 * The widest span a cut around `match` may cover: its line (real or JSON-escaped), JSON string or field value,
 * CSV cell, without the line's key, log or diff prefix. Always contains `match`.
 */
export function cutBounds(text: string, match: Span): Span {
  const { start, end } = boundsOf(text, match);
  return { start, end };
}

/** Moves a cut edge out of an escape sequence (`\x`, `\uXXXX`) it would split: JSON stays parseable. */
function escapeStart(text: string, at: number, floor: number): number {
  for (let k = at - 1; k >= Math.max(floor, at - 5); k--) {
    if (text.charCodeAt(k) !== BACKSLASH || !unescapedBackslash(text, k, Math.max(0, k - MAX_REACH)))
      continue;
    const length = text.charCodeAt(k + 1) === 0x75 ? 6 : 2;
    return k + length > at ? k : at;
  }
  return at;
}

function escapeEnd(text: string, at: number): number {
  const start = escapeStart(text, at, 0);
  if (start === at) return at;
  return start + (text.charCodeAt(start + 1) === 0x75 ? 6 : 2);
}

/** Inside a quoted cell, quotes come in `""` pairs: an edge that splits one moves out of it. */
function pairedEdge(text: string, cell: Span, at: number, direction: -1 | 1): number {
  let quotes = 0;
  for (let k = cell.start; k < at; k++) if (text.charCodeAt(k) === QUOTE) quotes++;
  return quotes % 2 === 1 ? at + direction : at;
}

/**
 * `cut` clipped to the bounds of `match`: the result contains `match`, stays inside the bounds, and never splits a
 * JSON escape or a CSV `""` pair (so what remains of a JSON string or a CSV row still parses). This is what a
 * neutralising rewrite cuts: `boundCut(text, match, instructionSpan(text, match))`.
 */
export function boundCut(text: string, match: Span, cut: Span): Span {
  const bounds = boundsOf(text, match);
  let start = Math.min(match.start, Math.max(cut.start, bounds.start));
  let end = Math.max(match.end, Math.min(cut.end, bounds.end));
  // An edge moved by the bounds keeps the unit's own indentation and trailing spaces.
  if (cut.start < bounds.start) while (start < match.start && isBlank(text.charCodeAt(start))) start++;
  if (cut.end > bounds.end) while (end > match.end && isBlank(text.charCodeAt(end - 1))) end--;
  start = escapeStart(text, start, bounds.start);
  end = escapeEnd(text, end);
  if (bounds.quotedCell !== undefined) {
    start = pairedEdge(text, bounds.quotedCell, start, -1);
    end = pairedEdge(text, bounds.quotedCell, end, 1);
  }
  return { start, end };
}
