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
 * that names one, or epoch-like in JSON number position under a key that names no PII type.
 */
export function isTimeOrIdNumber(text: string, start: number, end: number): boolean {
  const context = numberContextBefore(text, start);
  if (context.key !== undefined && keyNamesTimeOrId(context.key)) return true;
  if (context.key !== undefined && keyNamesPii(context.key)) return false;
  return context.jsonNumber && text.charCodeAt(start - 1) !== 34 && isEpochLike(text.slice(start, end));
}
