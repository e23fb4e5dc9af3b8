import { stringStart } from "../../scan/string-bounds.js";
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
  return NON_PII_LAST_WORDS.has(last) || words[0] === "timestamp" || words.some((w) => ID_NOUNS.has(w));
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

/**
 * True when a bare run of digits at `[start, end)` is a time or an identifier by its context: written under a key
 * or in a CSV column that names one, or epoch-like in JSON number position under a key that names no PII type.
 */
export function isTimeOrIdNumber(text: string, start: number, end: number): boolean {
  const context = numberContextBefore(text, start);
  if (context.key !== undefined && keyNamesTimeOrId(context.key)) return true;
  if (context.key !== undefined && keyNamesPii(context.key)) return false;
  // A CSV cell's key is its column's header (`order_no,placed_at` above `4500123456,2026-10-02`).
  const column = context.key === undefined ? csvColumnAt(text, start, stringStart(text, start)) : undefined;
  if (column !== undefined && keyNamesTimeOrId(column)) return true;
  return context.jsonNumber && text.charCodeAt(start - 1) !== 34 && isEpochLike(text.slice(start, end));
}

// CSV cells (issue 16 part 3: `cat orders.csv` through a shell server). The delimiters a header may use, and how far
// a line is read (a longer line is no CSV row this reads).
const CELL_DELIMITERS = [44, 9, 59, 124]; // , tab ; |
const MAX_ROW = 2048;

/**
 * The first line of the string that starts at `stringStart`, remembered for the text being read; let go by
 * `forgetCsvHeader` when the detector is done with the text (nothing keeps a text past its scan).
 */
let headerOf: { text: string; start: number; cells: string[] | undefined; delimiter: number } | undefined;

export function forgetCsvHeader(): void {
  headerOf = undefined;
}

/** The header line's cells and delimiter: the delimiter it holds most often, none when it holds no delimiter. */
function headerAt(text: string, start: number): { cells: string[] | undefined; delimiter: number } {
  if (headerOf !== undefined && headerOf.text === text && headerOf.start === start) return headerOf;
  const lineEnd = text.indexOf("\n", start);
  const line = text.slice(start, lineEnd === -1 || lineEnd - start > MAX_ROW ? start : lineEnd);
  let delimiter = -1;
  let most = 0;
  for (const d of CELL_DELIMITERS) {
    const n = countCode(line, 0, line.length, d);
    if (n > most) [delimiter, most] = [d, n];
  }
  const cells =
    delimiter === -1
      ? undefined
      : line.split(String.fromCharCode(delimiter)).map((c) => c.trim().replace(/^"|"$/g, ""));
  headerOf = { text, start, cells, delimiter };
  return headerOf;
}

function countCode(text: string, start: number, end: number, code: number): number {
  let n = 0;
  for (let i = start; i < end; i++) if (text.charCodeAt(i) === code) n++;
  return n;
}

/**
 * The name of the CSV column a cell starting at `start` stands in: the header cell (the first line of its string,
 * `stringStart`) at the cell's index, when the cell's row has as many delimiters as the header, which has at least
 * one; else undefined. Reads the cell's row and the header line, each at most MAX_ROW characters.
 */
export function csvColumnAt(text: string, start: number, stringStart: number): string | undefined {
  let lineStart = start;
  while (lineStart > stringStart && text.charCodeAt(lineStart - 1) !== 10) {
    if (start - lineStart > MAX_ROW) return undefined;
    lineStart--;
  }
  if (lineStart === stringStart) return undefined; // the header row itself, or no row above
  const header = headerAt(text, stringStart);
  const { cells, delimiter } = header;
  if (cells === undefined) return undefined;
  const before = text.charCodeAt(start - 1);
  if (start !== lineStart && before !== delimiter && before !== 34) return undefined;
  let lineEnd = text.indexOf("\n", start);
  if (lineEnd === -1) lineEnd = text.length;
  if (lineEnd - lineStart > MAX_ROW) return undefined;
  if (countCode(text, lineStart, lineEnd, delimiter) !== cells.length - 1) return undefined;
  return cells[countCode(text, lineStart, start, delimiter)];
}

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
