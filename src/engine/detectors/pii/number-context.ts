import { stringAround } from "../../scan/string-bounds.js";
import { windowStart } from "../shared/keyword-window.js";

/**
 * What the name a number is written under says about it (issue 16, part 3): a number under `timestamp`,
 * `created_at`, `updatedAt`, `id` or `user_id` is a time or an identifier, whatever its digits look like; a ten- or
 * thirteen-digit number in the range of Unix times (seconds or milliseconds, 2000 to 2033) standing as a JSON
 * number under a neutral name is a time, not a phone number (phones are written as strings: they carry `+`, leading
 * zeros and separators). A name that also names a PII type (`phone`, `ssn`, `card`) keeps its number checked.
 */

// Words of a key, split at `_`, `-`, `.`, spaces and camelCase humps: "createdAt" -> ["created", "at"].
const WORD_SPLIT = /[^a-z0-9]+/;
const CAMEL = /([a-z0-9])([A-Z])/g;

/** Last words that make a number a time or an identifier. */
const NON_PII_LAST_WORDS = new Set([
  "timestamp",
  "timestamps",
  "time",
  "ts",
  "date",
  "at",
  "on",
  "epoch",
  "expires",
  "expiry",
  "exp",
  "iat",
  "nbf",
  "created",
  "updated",
  "modified",
  "deleted",
  "mtime",
  "ctime",
  "atime",
  "millis",
  "ms",
  "seconds",
  "since",
  "until",
  "id",
  "ids",
  "uid",
  "gid",
  "pid",
  "seq",
  "sequence",
  "version",
  "rev",
  "revision",
  "size",
  "bytes",
  "offset",
  "count",
  "length",
]);
/**
 * Nouns of a key that name a business identifier (`order_no`, `invoiceNumber`, `tracking_number`): a number under
 * such a key is that identifier, unless the key also names a PII type (`order_phone`).
 */
const ID_NOUNS = new Set([
  "order",
  "invoice",
  "ticket",
  "tracking",
  "shipment",
  "serial",
  "sku",
  "ean",
  "gtin",
  "upc",
  "isbn",
  "transaction",
  "reference",
  "ref",
  "batch",
  "build",
  "po",
  // A customs tariff number (`hs_code`, `HS code`, `hts`, `tariff_no`): ten digits that name a kind of goods.
  "hs",
  "hts",
  "tariff",
]);
/**
 * Units of a measured quantity anywhere in a key (`bytes_out`, `rx_bytes_total`, `gc_pause_ns`, `duration_ms`): a
 * number under such a key is an amount of it, unless the key also names a PII type.
 */
const UNIT_WORDS = new Set([
  "bytes",
  "kb",
  "mb",
  "gb",
  "ms",
  "ns",
  "us",
  "millis",
  "seconds",
  "secs",
  "count",
]);
/** Words that name a PII type: a number under them is read as one. */
const PII_WORDS = new Set([
  "phone",
  "tel",
  "telephone",
  "mobile",
  "cell",
  "fax",
  "msisdn",
  "ssn",
  "social",
  "card",
  "pan",
  "cc",
  "iban",
  "account",
  "contact",
]);

function keyWords(key: string): string[] {
  return key
    .replace(CAMEL, "$1_$2")
    .toLowerCase()
    .split(WORD_SPLIT)
    .filter((w) => w.length > 0);
}

/** True when `key` names a PII type (`phone`, `home_phone`, `ssn`, `cardNumber`). */
export function keyNamesPii(key: string): boolean {
  return keyWords(key).some((w) => PII_WORDS.has(w));
}

/**
 * True when `key` names a time or an identifier (`timestamp`, `created_at`, `updatedAt`, `id`, `user_id`,
 * `order_no`).
 */
export function keyNamesTimeOrId(key: string): boolean {
  const words = keyWords(key);
  const last = words[words.length - 1];
  if (last === undefined || words.some((w) => PII_WORDS.has(w))) return false;
  return (
    NON_PII_LAST_WORDS.has(last) ||
    words[0] === "timestamp" ||
    words.some((w) => ID_NOUNS.has(w) || UNIT_WORDS.has(w))
  );
}

// Unix times from 2000 to May 2033, in seconds (10 digits) or milliseconds (13 digits). The ceiling keeps ten-digit
// times to those starting with 1, which no North American number does (area codes start with 2-9): a US number
// stored as a JSON number (`2025550143`, which would read as a 2034 time) stays a phone number.
const EPOCH_SECONDS_MIN = 946_684_800;
const EPOCH_SECONDS_MAX = 1_999_999_999;

/** True when a run of digits reads as a Unix time in seconds or milliseconds (2000 to 2033). */
export function isEpochLike(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  if (digits.length === 10) {
    const n = Number(digits);
    return n >= EPOCH_SECONDS_MIN && n <= EPOCH_SECONDS_MAX;
  }
  if (digits.length === 13) {
    const n = Number(digits);
    return n >= EPOCH_SECONDS_MIN * 1000 && n <= EPOCH_SECONDS_MAX * 1000;
  }
  return false;
}

// A key written right before a value: `"created_at": `, `created_at=`, `timestamp: `, and the opening quote of a
// string value (`"order_no": "`, `id='`). Bounded (64 + 9 characters).
const KEY_BEFORE = /(["']?)([A-Za-z_][\w.-]{0,63})\1[ \t]{0,3}[:=][ \t]{0,3}["']?$/;
// JSON number position: after `:` of a quoted key, or an array item after `[` or `,`.
const JSON_VALUE_BEFORE = /(?:"[ \t]*:|[[,])[ \t\r\n]*$/;

export interface NumberContext {
  /** The key the number is written under, when one stands right before it. */
  key?: string;
  /** True when the number stands where JSON puts a number (`"key": 1`, `[1,`). */
  jsonNumber: boolean;
}

/** Reads the few characters before a number at `start` (80 at most, never across an empty line: windowStart). */
export function numberContextBefore(text: string, start: number): NumberContext {
  const before = text.slice(windowStart(text, start, 80), start);
  const key = KEY_BEFORE.exec(before)?.[2];
  const jsonNumber = JSON_VALUE_BEFORE.test(before);
  return key === undefined ? { jsonNumber } : { key, jsonNumber };
}

/** True when the key written right before `start` names a time or an identifier (`"erp_ref": "450-012-3456"`). */
export function isUnderIdKey(text: string, start: number): boolean {
  const key = numberContextBefore(text, start).key;
  return key !== undefined && keyNamesTimeOrId(key);
}

// A cell's start: after a table delimiter (`,`, tab, `;`, `|`) or a tag's `>`, with spaces or a quote between.
const CELL_START_BEFORE = /[,\t;|>][ "]{0,8}$/;

/**
 * True when a number written with separators at `start` is an identifier by the name it stands under: the key right
 * before it (`"erp_ref": "450-012-3456"`), or, when none, the column of the CSV, Markdown or HTML table cell it
 * starts (`| 450-012-3456 |` under `| erp_ref |`). Not the tuple or epoch rules, which read bare digits. The column
 * is looked for only where a cell starts (a delimiter or a tag's `>` at most 8 spaces or quotes back), so a number
 * in prose costs one short look-back.
 */
export function isUnderIdName(text: string, start: number): boolean {
  const key = numberContextBefore(text, start).key;
  if (key !== undefined) return keyNamesTimeOrId(key);
  if (!CELL_START_BEFORE.test(text.slice(Math.max(0, start - 9), start))) return false;
  const column =
    csvColumnAt(text, start, ...stringAround(text, start)) ??
    htmlColumnAt(text, start, ...stringAround(text, start));
  return column !== undefined && keyNamesTimeOrId(column);
}

/**
 * True when a bare run of digits at `[start, end)` is a time or an identifier by its context: written under a key
 * or in a table column that names one, or epoch-like in JSON number position under a key that names no PII type.
 */
export function isTimeOrIdNumber(text: string, start: number, end: number): boolean {
  const context = numberContextBefore(text, start);
  if (context.key !== undefined && keyNamesTimeOrId(context.key)) return true;
  if (context.key !== undefined && keyNamesPii(context.key)) return false;
  // A table cell's key is its column's header (`order_no,placed_at` above `4500123456,2026-10-02`).
  const column =
    context.key === undefined
      ? (csvColumnAt(text, start, ...stringAround(text, start)) ??
        htmlColumnAt(text, start, ...stringAround(text, start)) ??
        tupleNameAt(text, start, ...stringAround(text, start)))
      : undefined;
  if (column !== undefined && keyNamesTimeOrId(column)) return true;
  return context.jsonNumber && text.charCodeAt(start - 1) !== 34 && isEpochLike(text.slice(start, end));
}

// Table cells (issue 16 part 3: `cat orders.csv` through a shell server, a Markdown table in a note). The delimiters
// a row may use, how long a row is read, and how many rows above a cell are read to find its table's first row.
const CELL_DELIMITERS = [44, 9, 59, 124]; // , tab ; | (in this order in csvColumnAt's counting loop)
const MAX_ROW = 2048;
const MAX_ROWS_UP = 64;

/**
 * The table last read: its header's cells, its delimiter and how many a row holds, and the start of its last row
 * read. A cell on the row right after it extends it (rows are read in order, so each row is read once or twice). Let
 * go by `forgetLastTable` when the phone detector is done with the text (nothing keeps a text past its scan). The
 * walk up to a table's first row stops at a line with another count of the delimiter, so at an empty line: it never
 * reads past a JSON screening's separator into a neighbour string (and reads only the cell's own string, as
 * `stringAround` gives it, on the joined text being read).
 */
let lastTable:
  | {
      text: string;
      delimiter: number;
      count: number;
      cells: string[];
      lastRowStart: number;
      lastRowEnd: number;
    }
  | undefined;

export function forgetLastTable(): void {
  lastTable = undefined;
  htmlColumns = undefined;
  htmlRow = undefined;
}

function countCode(text: string, start: number, end: number, code: number): number {
  let n = 0;
  for (let i = start; i < end; i++) if (text.charCodeAt(i) === code) n++;
  return n;
}

/** `[start, end)` of the line that holds `at`, or undefined when it is longer than MAX_ROW or leaves `[from, to)`. */
function lineAround(text: string, at: number, from: number, to: number): [number, number] | undefined {
  let start = at;
  while (start > from && text.charCodeAt(start - 1) !== 10) if (at - --start > MAX_ROW) return undefined;
  let end = at;
  while (end < to && text.charCodeAt(end) !== 10) if (++end - start > MAX_ROW) return undefined;
  return [start, end];
}

/** The header cells of the table whose row is `[rowStart, rowEnd)`: its first row, read up to MAX_ROWS_UP rows. */
function headerOfRow(
  text: string,
  rowStart: number,
  rowEnd: number,
  from: number,
  delimiter: number,
  count: number,
): string[] | undefined {
  const table = lastTable;
  if (
    table !== undefined &&
    table.text === text &&
    table.delimiter === delimiter &&
    table.count === count &&
    (table.lastRowStart === rowStart || table.lastRowEnd + 1 === rowStart)
  ) {
    table.lastRowStart = rowStart;
    table.lastRowEnd = rowEnd;
    return table.cells;
  }
  let first = rowStart;
  for (let rows = 0; first > from && rows < MAX_ROWS_UP; rows++) {
    const above = lineAround(text, first - 1, from, first - 1);
    if (above === undefined || countCode(text, above[0], above[1], delimiter) !== count) break;
    first = above[0];
  }
  if (first === rowStart) return undefined; // no row above: the cell is in the header, or in no table
  const cells = text
    .slice(first, text.indexOf("\n", first))
    .split(String.fromCharCode(delimiter))
    .map((c) => c.trim().replace(/^"|"$/g, ""));
  lastTable = { text, delimiter, count, cells, lastRowStart: rowStart, lastRowEnd: rowEnd };
  return cells;
}

/**
 * The name of the table column a cell starting at `start` stands in (a CSV or TSV row, a Markdown table's row): the
 * cell of its table's first row at the cell's index. A table is a block of rows, one a line, each with as many of the
 * row's delimiter (the one of `, \t ; |` it holds most) as this one; the cell starts its row or follows a
 * delimiter (with spaces or a quote between). Reads only the string `[from, to)` the cell stands in.
 */
export function csvColumnAt(text: string, start: number, from: number, to: number): string | undefined {
  const row = lineAround(text, start, from, to);
  if (row === undefined) return undefined;
  const [rowStart, rowEnd] = row;
  // One pass over the row: how many of each delimiter it holds, and how many stand before the cell.
  const counts = ROW_COUNTS;
  counts.fill(0);
  for (let i = rowStart; i < rowEnd; i++) {
    const code = text.charCodeAt(i);
    if (code > 124 || (code !== 44 && code !== 9 && code !== 59 && code !== 124)) continue;
    counts[
      (code === 44 ? 0 : code === 9 ? 1 : code === 59 ? 2 : 3) + (i < start ? CELL_DELIMITERS.length : 0)
    ]!++;
  }
  let best = -1;
  let count = 0;
  for (let d = 0; d < CELL_DELIMITERS.length; d++) {
    const n = counts[d]! + counts[d + CELL_DELIMITERS.length]!;
    if (n > count) [best, count] = [d, n];
  }
  if (best === -1) return undefined;
  const delimiter = CELL_DELIMITERS[best]!;
  let before = start - 1;
  while (before >= rowStart && (text.charCodeAt(before) === 32 || text.charCodeAt(before) === 34)) before--;
  if (before >= rowStart && text.charCodeAt(before) !== delimiter) return undefined;
  const cells = headerOfRow(text, rowStart, rowEnd, from, delimiter, count);
  return cells?.[counts[best + CELL_DELIMITERS.length]!];
}

/** csvColumnAt's counts: each delimiter's after the cell's start, then each one's before it. */
const ROW_COUNTS = new Int32Array(2 * CELL_DELIMITERS.length);

/**
 * Whether the characters from `at` on (step 1) or back (step -1) are a gap of a tab or two or more spaces, then a
 * number (digits, with a decimal point or comma) that ends at whitespace or the text's end. Never reads past a line
 * break, 64 gap characters or 32 of the number.
 */
function numberAcrossColumnGap(text: string, at: number, step: 1 | -1): boolean {
  let i = at;
  let spaces = 0;
  let tab = false;
  for (; i >= 0 && i < text.length && spaces <= 64; i += step) {
    const code = text.charCodeAt(i);
    if (code === 32) spaces++;
    else if (code === 9) tab = true;
    else break;
  }
  if (!tab && spaces < 2) return false;
  let digits = 0;
  for (let n = 0; i >= 0 && i < text.length && n < 32; i += step, n++) {
    const code = text.charCodeAt(i);
    if (code >= 48 && code <= 57) digits++;
    else if (code === 32 || code === 9 || code === 10 || code === 13) break;
    else if (code !== 46 && code !== 44) return false;
  }
  return digits > 0;
}

/**
 * True when the number at `text[start, end)` is a cell of a table of numbers aligned in columns (`free -b`, `df`,
 * `ps`, a TSV of counts): the field next to it on its line, across a tab or two or more spaces, is a number too. A
 * phone is listed beside a name, a place or a label, not beside another quantity.
 */
export function isNumericColumnCell(text: string, start: number, end: number): boolean {
  return numberAcrossColumnGap(text, end, 1) || numberAcrossColumnGap(text, start - 1, -1);
}

// HTML table cells (a spreadsheet server's `<table>` of a sheet, an API's HTML report): how far back a cell's row
// and its column's name are looked for, in characters of its own string.
const MAX_HTML_UP = 8192;
const CELL_OPEN = /<t[dh](?:\s[^<>]{0,256})?>\s*$/i;
const CELL_TAG = /<t[dh](?:\s[^<>]{0,256})?>([^<]{0,256})/gi;
const ROW_OR_TABLE = /<tr\b|<\/?table\b/gi;
const TABLE_TAG = /<\/?table\b/i;

/**
 * The HTML table last read, per column: in which text, the name found for the column (or none) and the start of the
 * last row read. A cell of the same column on a later row of the same table reads only the rows between, so a
 * column's cells read its table about once. `row` remembers how many cells of the current row stand before a point,
 * so the cells of one row read it once. Let go with `forgetLastTable`.
 */
let htmlColumns:
  | { text: string; byIndex: Map<number, { name: string | undefined; rowStart: number }> }
  | undefined;
let htmlRow: { text: string; rowStart: number; at: number; cells: number } | undefined;

/** The cells' texts of the row starting at `rowStart` (`<tr`), up to `end`: each tag-stripped and trimmed. */
function htmlCells(text: string, rowStart: number, end: number): string[] {
  return [...text.slice(rowStart, end).matchAll(CELL_TAG)].map((m) => (m[1] ?? "").trim());
}

/** How many cells open in `[rowStart, at)`, counted from the last point read on the same row. */
function cellsBefore(text: string, rowStart: number, at: number): number {
  const row =
    htmlRow !== undefined && htmlRow.text === text && htmlRow.rowStart === rowStart ? htmlRow : undefined;
  const from = row !== undefined && row.at <= at ? row.at : rowStart;
  const cells = (row !== undefined && row.at <= at ? row.cells : 0) + htmlCells(text, from, at).length;
  htmlRow = { text, rowStart, at, cells };
  return cells;
}

/**
 * The name of the HTML table column a cell starting at `start` stands in (`<td>4500123456</td>` under
 * `<td>order_no</td>`): the nearest cell above it in its column whose text holds no digit (a spreadsheet server puts
 * a row of column letters above the sheet's own header, so the table's first row is not it). The column's later
 * cells in the same table take the name its first cell read found. The cell must open right before `start`; rows are
 * `<tr>` elements of the same table (the walk stops at a `<table>` or `</table>` tag), read up to MAX_HTML_UP
 * characters back within `[from, …)`, the cell's own string.
 */
export function htmlColumnAt(text: string, start: number, from: number, _to: number): string | undefined {
  // The cell's opening tag ends right before it (blanks between): read back from its `>`, 300 characters at most.
  let gt = start - 1;
  while (gt >= from && start - gt <= 16 && /\s/.test(text[gt] ?? "")) gt--;
  if (gt < from || text.charCodeAt(gt) !== 62) return undefined;
  const tagFrom = Math.max(from, gt - 300);
  const open = tagFrom + text.slice(tagFrom, gt).lastIndexOf("<");
  if (open < tagFrom || !CELL_OPEN.test(text.slice(open, start))) return undefined;
  const floor = Math.max(from, start - MAX_HTML_UP);
  const rowStart = floor + text.slice(floor, open).lastIndexOf("<tr");
  if (rowStart < floor || /[\w-]/.test(text[rowStart + 3] ?? "")) return undefined;
  const index = cellsBefore(text, rowStart, open);
  if (htmlColumns?.text !== text) htmlColumns = { text, byIndex: new Map() };
  const cached = htmlColumns.byIndex.get(index);
  if (
    cached !== undefined &&
    cached.rowStart < rowStart &&
    !TABLE_TAG.test(text.slice(cached.rowStart, rowStart))
  ) {
    cached.rowStart = rowStart;
    return cached.name;
  }
  const marks = [...text.slice(floor, rowStart).matchAll(ROW_OR_TABLE)].map((m) => ({
    at: floor + m.index,
    row: m[0].length === 3,
  }));
  let name: string | undefined;
  for (let k = marks.length - 1, end = rowStart; k >= 0 && name === undefined; end = marks[k]!.at, k--) {
    if (!marks[k]!.row) break;
    const cell = htmlCells(text, marks[k]!.at, end)[index];
    if (cell !== undefined && cell.length > 0 && !/\d/.test(cell)) name = cell;
  }
  htmlColumns.byIndex.set(index, { name, rowStart });
  return name;
}

// A tuple of values under a tuple of names: `(updated_at, order_no) = (1791014400, 4500123458)`, "the cursor is
// `(updated_at, order_no)`, e.g. `(1790928000, 4500123456)`", `INSERT INTO orders (id, order_no) VALUES (1, '450…')`.
const NAME_LIST = /^\s*[A-Za-z_][\w.]{0,63}(?:\s*,\s*[A-Za-z_][\w.]{0,63}){1,15}\s*$/;
const MAX_TUPLE = 256;

/**
 * The name a value at `start` stands under in a tuple: the value is an item of a parenthesised, comma-separated list
 * on one line, and a list of as many names stands before it (on the same line, at most 64 characters of other text
 * between); the name at the value's index is returned. Reads at most MAX_TUPLE characters on each side of the value
 * and MAX_TUPLE + 65 before its list, within `[from, to)`.
 */
export function tupleNameAt(text: string, start: number, from: number, to: number): string | undefined {
  let open = start - 1;
  let index = 0;
  const floor = Math.max(from, start - MAX_TUPLE);
  for (; open >= floor; open--) {
    const code = text.charCodeAt(open);
    if (code === 40) break; // (
    if (code === 41 || code === 10) return undefined; // ) or a line break: not inside one list
    if (code === 44) index++;
  }
  if (open < floor) return undefined;
  let close = start;
  let items = index + 1;
  for (; close < to && close - start <= MAX_TUPLE; close++) {
    const code = text.charCodeAt(close);
    if (code === 41) break;
    if (code === 40 || code === 10) return undefined;
    if (code === 44) items++;
  }
  if (text.charCodeAt(close) !== 41) return undefined;
  // The list of names: its `)` at most 64 characters before the value's `(`, with no parenthesis or line between.
  const gapFrom = Math.max(from, open - 65);
  const namesClose = gapFrom + text.slice(gapFrom, open).lastIndexOf(")");
  if (namesClose < gapFrom || /[()\n]/.test(text.slice(namesClose + 1, open))) return undefined;
  const listFrom = Math.max(from, namesClose - MAX_TUPLE);
  const namesOpen = listFrom + text.slice(listFrom, namesClose).lastIndexOf("(");
  if (namesOpen < listFrom) return undefined;
  const names = NAME_LIST.test(text.slice(namesOpen + 1, namesClose))
    ? text.slice(namesOpen + 1, namesClose).split(",")
    : undefined;
  if (names === undefined || names.length !== items) return undefined;
  return names[index]?.trim();
}
