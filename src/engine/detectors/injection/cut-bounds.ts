/**
 * Where a neutralising cut may reach: the data unit an instruction sits in. `instructionSpan` widens a match to its
 * sentence; in structured text that "sentence" can run across the units the data is made of (a commit returned as
 * one JSON string whose lines are `\n` escapes, a CSV row whose cells are separated by commas), and the cut then
 * takes the commit header, the file names and the other cells with it. `cutBounds` gives the widest span a cut
 * around a match may cover, and `boundCut` clips a proposed cut to it. Invariants:
 *
 * - the bounds always contain the match (a cut never leaves matched words behind); in a JSON document, a match that
 *   is one whole string (without quotes inside) with the JSON punctuation around it (`["..."]`, `: "...",`: a
 *   sentence read across that punctuation) is bounded and cut as the string's content, so the document still parses;
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

const DELIMITERS = [0x2c, 0x3b, 0x09, 0x7c]; // , ; tab |

/**
 * Where `lineAround`'s backward walk from `start` stops, visiting only the positions next to a break, backslash or
 * quote (the only ones where its test can hold): each stop position is tested with the walk's own test, from the
 * highest down, so the first that holds is the walk's answer; none in reach leaves the walk at `floor`.
 */
function lineStartFrom(index: CutIndex, start: number, floor: number, quotes: boolean): number {
  const text = index.text;
  const { stops, last } = index.stopsBefore(start);
  for (let k = last; k >= 0; k--) {
    const p = stops[k]!;
    if (p + 2 <= floor) break;
    // A stop at `p` can end the walk at `p + 2` (an escaped break whose backslash is at `p`) or `p + 1`.
    for (let lo = p + 2; lo >= p + 1; lo--) {
      if (lo > start || lo <= floor) continue;
      const c = text.charCodeAt(lo - 1);
      if (isLineBreak(c)) return lo;
      if (lo >= 2 && escapedBreakAt(text, lo - 2, floor)) return lo;
      if (quotes && c === QUOTE && structuralQuote(text, lo - 1)) return lo;
    }
  }
  return floor;
}

/** Where `lineAround`'s forward walk from `end` stops: the first break, backslash or quote at which its test holds. */
function lineEndFrom(index: CutIndex, end: number, ceiling: number, floor: number, quotes: boolean): number {
  const text = index.text;
  const { stops, last } = index.stopsBefore(end);
  for (let k = last + 1; k < stops.length; k++) {
    const hi = stops[k]!;
    if (hi >= ceiling) break;
    const c = text.charCodeAt(hi);
    if (isLineBreak(c)) return hi;
    if (escapedBreakAt(text, hi, floor)) return hi;
    if (quotes && c === QUOTE && structuralQuote(text, hi)) return quoteStop(text, hi, end, floor);
  }
  return ceiling;
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
 * Positions in one text that the bounds read around every match, found once: line breaks, the characters that can
 * end a line for `lineAround` (breaks, backslashes, quotes), and per-delimiter counts at checkpoints. A findings-dense
 * text (an injection sentence every ~34 bytes) asks for the bounds of thousands of matches a few characters apart;
 * walking up to MAX_REACH characters each way for each of them read every character ~1,000 times. With the index,
 * each query visits only the positions that can change its answer (binary search, then the candidates in reach),
 * and gives exactly what the walks gave. Memory: 4 bytes per break, backslash or quote, 32 bytes per checkpoint.
 */
export class CutIndex {
  readonly text: string;
  /** Sorted positions of `\n`, `\r`, U+2028, U+2029. */
  readonly #breaks: Int32Array;
  /** Sorted positions of line breaks, backslashes and double quotes. */
  readonly #stops: Int32Array;
  /**
   * At checkpoint k (position k * CHECKPOINT): quote parity of `[0, pos)` at [k], and per delimiter d and parity p
   * the number of d in `[0, pos)` whose preceding quote count has parity p, at [k * 9 + 1 + d * 2 + p]. Built at the
   * first delimiter count: a text of one line (a JSON document) never has its lines' delimiters counted.
   */
  #checkpoints: Int32Array | undefined;

  constructor(text: string) {
    this.text = text;
    let breaks = 0;
    let stops = 0;
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c === QUOTE || c === BACKSLASH) stops++;
      else if (isLineBreak(c)) {
        breaks++;
        stops++;
      }
    }
    this.#breaks = new Int32Array(breaks);
    this.#stops = new Int32Array(stops);
    if (stops > 0) this.#fill(breaks > 0);
  }

  /** Writes the positions counted in the constructor. */
  #fill(withBreaks: boolean): void {
    const text = this.text;
    const stops = this.#stops;
    const breaks = this.#breaks;
    let s = 0;
    let b = 0;
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c === QUOTE || c === BACKSLASH) stops[s++] = i;
      else if (withBreaks && isLineBreak(c)) {
        breaks[b++] = i;
        stops[s++] = i;
      }
    }
  }

  /** The checkpoints (see #checkpoints), built once. */
  #table(): Int32Array {
    this.#checkpoints ??= delimiterCheckpoints(this.text);
    return this.#checkpoints;
  }

  /** The last line break before `at` (-1 for none). */
  breakBefore(at: number): number {
    const k = lastBelow(this.#breaks, at);
    return k < 0 ? -1 : this.#breaks[k]!;
  }

  /** The first line break at or after `at` (the text's length for none). */
  breakFrom(at: number): number {
    const k = lastBelow(this.#breaks, at) + 1;
    return k < this.#breaks.length ? this.#breaks[k]! : this.text.length;
  }

  /** The positions of breaks, backslashes and quotes, and the index of the last one before `at`. */
  stopsBefore(at: number): { stops: Int32Array; last: number } {
    return { stops: this.#stops, last: lastBelow(this.#stops, at) };
  }

  /** Quote parity of `[0, at)`, and how many `delimiter`s in `[0, at)` have quote parity `parity` before them. */
  #prefix(at: number, delimiter: number): { parity: number; even: number; odd: number } {
    const k = Math.floor(at / CHECKPOINT);
    const base = k * CHECKPOINT_WIDTH;
    const table = this.#table();
    let parity = table[base]!;
    let even = table[base + 1 + delimiter * 2]!;
    let odd = table[base + 2 + delimiter * 2]!;
    const code = DELIMITERS[delimiter]!;
    for (let i = k * CHECKPOINT; i < at; i++) {
      const c = this.text.charCodeAt(i);
      if (c === QUOTE) parity ^= 1;
      else if (c === code) {
        if (parity === 0) even++;
        else odd++;
      }
    }
    return { parity, even, odd };
  }

  /** Diff markers `[start, end)` by start, and whether each counts only at a line start; found at the first ask. */
  #diff: { starts: Int32Array; ends: Int32Array; lineStart: Uint8Array } | undefined;

  /**
   * `looksLikeDiff(text, at)` from the markers found once: a marker inside the window (a line-start one only after
   * a line break inside it), or the window opening with one (`^` of the `m` flag matches there too).
   */
  looksLikeDiff(at: number): boolean {
    const from = Math.max(0, at - MAX_REACH);
    const to = Math.min(this.text.length, at + MAX_REACH);
    const head = DIFF_MARKER_AT.exec(this.text.slice(from, Math.min(to, from + 16)));
    if (head !== null) return true;
    this.#diff ??= findDiffMarkers(this.text);
    const { starts, ends, lineStart } = this.#diff;
    for (let k = lastBelow(starts, from) + 1; k < starts.length && starts[k]! < to; k++)
      if (ends[k]! <= to && (lineStart[k] === 0 || starts[k]! - 1 >= from)) return true;
    return false;
  }

  /** `delimitersOf(text, line, DELIMITERS[delimiter]).length`, from the checkpoints. */
  delimiterCount(line: Span, delimiter: number): number {
    const from = this.#prefix(line.start, delimiter);
    const to = this.#prefix(line.end, delimiter);
    // Outside quotes within the line: the same quote parity as at the line's start.
    return from.parity === 0 ? to.even - from.even : to.odd - from.odd;
  }
}

const DIFF_MARKER_AT = /^(?:diff --git |@@ -\d|--- a\/|\+\+\+ b\/)/;
const DIFF_LINE_MARKERS = /(?<=[\n\r\u2028\u2029])(?:diff --git |@@ -\d|--- a\/|\+\+\+ b\/)/g;
const DIFF_ANYWHERE = /diff --git /g;
const ESCAPED_HUNK = /\\n@@ -/g;

/** Every marker `looksLikeDiff` looks for, sorted by start (the three kinds may overlap: each is kept). */
function findDiffMarkers(text: string): { starts: Int32Array; ends: Int32Array; lineStart: Uint8Array } {
  const found: Array<[number, number, number]> = [];
  for (const [pattern, lineStart] of [
    [DIFF_LINE_MARKERS, 1],
    [DIFF_ANYWHERE, 0],
    [ESCAPED_HUNK, 0],
  ] as const)
    for (const m of text.matchAll(pattern)) found.push([m.index, m.index + m[0].length, lineStart]);
  found.sort((a, b) => a[0] - b[0]);
  return {
    starts: Int32Array.from(found, (f) => f[0]),
    ends: Int32Array.from(found, (f) => f[1]),
    lineStart: Uint8Array.from(found, (f) => f[2]),
  };
}

const CHECKPOINT = 64;
const CHECKPOINT_WIDTH = 9;

/** The index of `c` in DELIMITERS, or -1. */
function delimiterIndex(c: number): number {
  return c === 0x2c ? 0 : c === 0x3b ? 1 : c === 0x09 ? 2 : c === 0x7c ? 3 : -1;
}

/** CutIndex's checkpoints: quote parity and per-delimiter counts by parity, every CHECKPOINT positions. */
function delimiterCheckpoints(text: string): Int32Array {
  const table = new Int32Array((Math.floor(text.length / CHECKPOINT) + 1) * CHECKPOINT_WIDTH);
  // counts[0] is the quote parity, counts[1 + d * 2 + p] the count of delimiter d after quote parity p.
  const counts = new Int32Array(CHECKPOINT_WIDTH);
  for (let i = 0; i < text.length; i++) {
    if (i % CHECKPOINT === 0) table.set(counts, (i / CHECKPOINT) * CHECKPOINT_WIDTH);
    const c = text.charCodeAt(i);
    if (c === QUOTE) counts[0] = counts[0]! ^ 1;
    else {
      const d = delimiterIndex(c);
      if (d >= 0) counts[1 + d * 2 + counts[0]!]!++;
    }
  }
  if (text.length % CHECKPOINT === 0) table.set(counts, (text.length / CHECKPOINT) * CHECKPOINT_WIDTH);
  return table;
}

/** The index of the last element of sorted `positions` below `at` (-1 for none). */
function lastBelow(positions: Int32Array, at: number): number {
  let lo = 0;
  let hi = positions.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (positions[mid]! < at) lo = mid + 1;
    else hi = mid;
  }
  return lo - 1;
}

/**
 * Whether the `"` at `i` stands where a string opens or closes: after `: `, `[ `, `, `, `{ `, `=` (opening) or before
 * ` ,`, ` }`, ` ]`, ` :`, the end of the text or a line (closing). Escaped or not: an escaped quote that stands so is
 * the edge of a JSON document nested in a string (`"[\"...\"]"`), which a cut keeps too; the forward walk then ends
 * before its backslash (`quoteStop`), so a cut never splits the escape.
 */
function structuralQuote(text: string, i: number): boolean {
  const before = skipSpacesBack(text, i - 1);
  const b = before < 0 ? -1 : text.charCodeAt(before);
  if (b === 0x3a || b === 0x5b || b === 0x2c || b === 0x7b || b === 0x3d || b === -1 || isLineBreak(b))
    return true;
  const after = skipSpacesForward(text, i + 1);
  const a = after >= text.length ? -1 : text.charCodeAt(after);
  return a === 0x2c || a === 0x7d || a === 0x5d || a === 0x3a || a === -1 || isLineBreak(a);
}

/**
 * Where a forward walk that met the structural quote at `i` stops: at the quote, or before its backslash when the
 * quote is escaped (that backslash unescaped), never before `end` (the bounds contain the match).
 */
function quoteStop(text: string, i: number, end: number, floor: number): number {
  const escaped = i > 0 && text.charCodeAt(i - 1) === BACKSLASH && unescapedBackslash(text, i - 1, floor);
  return escaped ? Math.max(end, i - 1) : i;
}

/**
 * The line around `[start, end)`: real line breaks and JSON-escaped ones, within MAX_REACH; with `quotes`, a
 * structural quote (the edge of a JSON string or a field value) ends it too.
 */
function lineAround(text: string, start: number, end: number, quotes: boolean, index?: CutIndex): Span {
  let lo = start;
  const floor = Math.max(0, start - MAX_REACH);
  if (index !== undefined) lo = lineStartFrom(index, start, floor, quotes);
  while (lo > floor) {
    const c = text.charCodeAt(lo - 1);
    if (isLineBreak(c)) break;
    if (lo >= 2 && escapedBreakAt(text, lo - 2, floor)) break;
    if (quotes && c === QUOTE && structuralQuote(text, lo - 1)) break;
    lo--;
  }
  let hi = end;
  const ceiling = Math.min(text.length, end + MAX_REACH);
  if (index !== undefined) hi = lineEndFrom(index, end, ceiling, floor, quotes);
  while (hi < ceiling) {
    const c = text.charCodeAt(hi);
    if (isLineBreak(c)) break;
    if (escapedBreakAt(text, hi, floor)) break;
    if (quotes && c === QUOTE && structuralQuote(text, hi)) {
      hi = quoteStop(text, hi, end, floor);
      break;
    }
    hi++;
  }
  return { start: lo, end: hi };
}

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
function neighbourLine(text: string, line: Span, direction: -1 | 1, index?: CutIndex): Span | undefined {
  if (direction < 0) {
    if (line.start === 0 || !isLineBreak(text.charCodeAt(line.start - 1))) return undefined;
    let end = line.start - 1;
    if (end > 0 && text.charCodeAt(end) === 0x0a && text.charCodeAt(end - 1) === 0x0d) end--;
    const floor = Math.max(0, end - MAX_REACH);
    let start = index === undefined ? end : Math.max(floor, index.breakBefore(end) + 1);
    while (start > floor && !isLineBreak(text.charCodeAt(start - 1))) start--;
    return { start, end };
  }
  if (line.end >= text.length || !isLineBreak(text.charCodeAt(line.end))) return undefined;
  let start = line.end + 1;
  if (text.charCodeAt(line.end) === 0x0d && text.charCodeAt(start) === 0x0a) start++;
  const ceiling = Math.min(text.length, start + MAX_REACH);
  let end = index === undefined ? start : Math.min(ceiling, index.breakFrom(start));
  while (end < ceiling && !isLineBreak(text.charCodeAt(end))) end++;
  return { start, end };
}

/** The real line containing `at` (ignores escapes and quotes: delimited data is checked line by line). */
function realLine(text: string, start: number, end: number, index?: CutIndex): Span {
  const floor = Math.max(0, start - MAX_REACH);
  let lo = index === undefined ? start : Math.max(floor, index.breakBefore(start) + 1);
  while (lo > floor && !isLineBreak(text.charCodeAt(lo - 1))) lo--;
  const ceiling = Math.min(text.length, end + MAX_REACH);
  let hi = index === undefined ? end : Math.min(ceiling, index.breakFrom(end));
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
function cellAround(text: string, start: number, end: number, index?: CutIndex): Cell | undefined {
  const line = realLine(text, start, end, index);
  const above = neighbourLine(text, line, -1, index);
  const below = neighbourLine(text, line, 1, index);
  // Without a neighbouring line there is no table (and nothing to count).
  if (above === undefined && below === undefined) return undefined;
  for (let d = 0; d < DELIMITERS.length; d++) {
    const delimiter = DELIMITERS[d]!;
    const count = (span: Span) =>
      index === undefined ? delimitersOf(text, span, delimiter).length : index.delimiterCount(span, d);
    const n = count(line);
    if (n === 0) continue;
    const same = (other: Span | undefined) => other !== undefined && count(other) === n;
    if (!same(above) && !same(below)) continue;
    const here = delimitersOf(text, line, delimiter);
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
function prefixLength(text: string, line: Span, isDiff: () => boolean): number {
  const head = text.slice(line.start, Math.min(line.end, line.start + 160));
  const log = LOG_PREFIX.exec(head);
  if (log !== null) return log[0].length;
  const key = YAML_KEY.exec(head);
  if (key !== null) return key[0].length;
  const c = head.charCodeAt(0);
  // The diff test reads MAX_REACH characters each way: only asked when the marker is there.
  if ((c === 0x2b || c === 0x2d || c === 0x20) && isDiff()) return 1;
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

function boundsOf(text: string, match: Span, index?: CutIndex): Bounds {
  const cell = cellAround(text, match.start, match.end, index);
  // In delimited data a quote is the cell's (`""` inside a quoted cell), not a JSON string's.
  const line = lineAround(text, match.start, match.end, cell === undefined, index);
  let lo = line.start;
  let hi = line.end;
  if (cell !== undefined) {
    lo = Math.max(lo, cell.start);
    hi = Math.min(hi, cell.end);
  }
  const prefix = prefixLength(text, line, () =>
    index === undefined ? looksLikeDiff(text, match.start) : index.looksLikeDiff(match.start),
  );
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
export function cutBounds(text: string, match: Span, index?: CutIndex): Span {
  const { start, end } = boundsOf(text, match, index?.text === text ? index : undefined);
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
  // A backslash at the very end of the text escapes nothing: the edge never moves past the text.
  return Math.min(text.length, start + (text.charCodeAt(start + 1) === 0x75 ? 6 : 2));
}

/** Inside a quoted cell, quotes come in `""` pairs: an edge that splits one moves out of it. */
function pairedEdge(text: string, cell: Span, at: number, direction: -1 | 1): number {
  let quotes = 0;
  for (let k = cell.start; k < at; k++) if (text.charCodeAt(k) === QUOTE) quotes++;
  return quotes % 2 === 1 ? at + direction : at;
}

/** JSON whitespace and the punctuation between values: `[ ] { } , :`. */
function isJsonPunctuation(c: number): boolean {
  return isJsonSpace(c) || c === 0x5b || c === 0x5d || c === 0x7b || c === 0x7d || c === 0x2c || c === 0x3a;
}

function isJsonSpace(c: number): boolean {
  return c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;
}

/** How much leading whitespace `opensJsonDocument` reads: asked once per cut, it must not walk a long run each time. */
const MAX_LEADING_SPACE = 1_024;

/**
 * Object or array text: its first character past JSON whitespace is `{` or `[`. A text with more leading whitespace
 * than MAX_LEADING_SPACE is not read as one (its matches are cut as in any other text).
 */
function opensJsonDocument(text: string): boolean {
  let i = 0;
  while (i < text.length && i < MAX_LEADING_SPACE && isJsonSpace(text.charCodeAt(i))) i++;
  const c = text.charCodeAt(i);
  return c === 0x7b || c === 0x5b;
}

/**
 * In a JSON document (object or array text), a match that is one whole string value with the JSON punctuation around
 * it (`["Ignore ... prompt"]`, `: "...",`) as the string's content: `Ignore ... prompt`. The structure detector
 * reports a sentence read across JSON punctuation whole (past its budget of sentences split into data units), and a
 * cut that took the brackets broke the document, which was then read again leaf by leaf. Only a string without any
 * quote inside (escaped or not): an escaped quote may be the structure of JSON text nested in the string, which the
 * leaf-by-leaf reading keeps valid. Any other match is returned as it is.
 */
function jsonStringContent(text: string, match: Span): Span {
  if (!opensJsonDocument(text)) return match;
  let start = match.start;
  let end = match.end;
  while (start < end && isJsonPunctuation(text.charCodeAt(start))) start++;
  while (end > start && isJsonPunctuation(text.charCodeAt(end - 1))) end--;
  // The string's own two quotes, structural, with something between them.
  if (end - start < 3 || text.charCodeAt(start) !== QUOTE || text.charCodeAt(end - 1) !== QUOTE) return match;
  // Neither quote right after a backslash: an escaped quote is content here (structuralQuote reads it as a nested edge).
  if (text.charCodeAt(start - 1) === BACKSLASH || text.charCodeAt(end - 2) === BACKSLASH) return match;
  if (!structuralQuote(text, start) || !structuralQuote(text, end - 1)) return match;
  // Stops at `end - 1` at the latest (a quote is there).
  if (text.indexOf('"', start + 1) !== end - 1) return match;
  // A value, not a key: a key names a field and holds no sentence (a match that is a key is left as it was).
  if (text.charCodeAt(skipJsonSpaceForward(text, end)) === 0x3a) return match;
  return { start: start + 1, end: end - 1 };
}

/** The first position at or after `i` that is not JSON whitespace, looking at most MAX_REACH ahead. */
function skipJsonSpaceForward(text: string, i: number): number {
  const ceiling = Math.min(text.length, i + MAX_REACH);
  let k = i;
  while (k < ceiling && isJsonSpace(text.charCodeAt(k))) k++;
  return k;
}

/**
 * `cut` clipped to the bounds of `match`: the result contains `match` (in a JSON document, the content of the one
 * string a match with JSON punctuation around it is, see jsonStringContent), stays inside the bounds, and
 * never splits a JSON escape or a CSV `""` pair (so what remains of a JSON string or a CSV row still parses). This is
 * what a neutralising rewrite cuts: `boundCut(text, match, instructionSpan(text, match))`. With many matches in one
 * text, pass one `new CutIndex(text)` to every call: the same answers, without re-reading the text around each match.
 */
export function boundCut(text: string, whole: Span, cut: Span, index?: CutIndex): Span {
  const match = jsonStringContent(text, whole);
  const bounds = boundsOf(text, match, index?.text === text ? index : undefined);
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
