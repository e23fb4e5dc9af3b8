/**
 * Provenance facts: what the user said and what tools returned in one thread, as keyed hashes of the normalised
 * security-relevant values (never the values themselves). The install hashes the user's messages, the output check
 * hashes each tool result (before any cut or redaction), and the input check's flow step compares a sink call's
 * arguments with both. One module, used by the install, the local engine and `tollgate serve`, so every side
 * spells a value the same way.
 *
 * Invariants:
 * - The same value spelled differently (case of an e-mail or host, spaces in an IBAN or phone, a URL's trailing
 *   punctuation, a passage re-spaced, re-cased or reversed) normalises to the same string and so the same hash.
 * - A hash never leaves this module without its salt: without the salt (kept in the thread state) a hash cannot be
 *   compared with anything. Without a `key` a hash resists casual reading but not a brute force of a known value
 *   by someone who holds the salt; with a secret `key` it resists that too.
 * - Extraction is linear in the text (bounded regular expressions, one pass for passages) and capped per text.
 */
import { createHmac, hash as oneShotHash } from "node:crypto";
import {
  type ArgPointer,
  isConfirmation,
  isTurnIntent,
  mergeIntents,
  type TurnIntent,
  turnIntent,
} from "./intent.js";
import { MAX_WASM_WINDOWS, type WindowsModule, windowsModule } from "./provenance-windows.js";

export const PROVENANCE_VERSION = 1;

export type ValueKind =
  | "email"
  | "url"
  | "host"
  | "iban"
  | "account"
  | "phone"
  | "path"
  | "command"
  | "secret"
  | "pii"
  | "passage";

export const VALUE_KINDS: readonly ValueKind[] = [
  "email",
  "url",
  "host",
  "iban",
  "account",
  "phone",
  "path",
  "command",
  "secret",
  "pii",
  "passage",
];

/** One value, hashed. `h`: 16 bytes of a keyed SHA-256 of the normalised value, base64url (22 characters). */
export interface ValueFact {
  kind: ValueKind;
  h: string;
  /** Intent binding: indices into the output's `records` of the records this value sits in. */
  r?: number[];
}

/** What one tool result carried, computed by the output check from the raw result. */
export interface ToolOutputFacts {
  server: string;
  tool: string;
  toolCallId?: string;
  /** Security-relevant values the result carried (capped, deduplicated). */
  values: ValueFact[];
  /** Rule ids of the injection findings in this result (even neutralised ones). */
  injection: string[];
  /** The policy marks this source trusted: its values count as the user's. */
  trusted?: boolean;
  /** Intent binding (policy `intentBinding: on`): what the call's arguments pointed at, hashed. */
  pointers?: ArgPointer[];
  /** Intent binding: the word hashes of each record (line, entry, JSON object) that holds a target value. */
  records?: string[][];
  /** Untrusted outputs: each record that begins with an id (`[ev-303] Dentist`), hashed. */
  objects?: ObjectFact[];
}

/** A record's id hash and its word hashes. */
export interface ObjectFact {
  h: string;
  w: string[];
}

/** What the install sends with an input check. */
export interface ProvenanceFacts {
  v: 1;
  /** Per-thread random salt kept in the thread state; the key of every `h`. */
  salt: string;
  /** Values the user typed in this thread (human messages; never a summary). */
  user: ValueFact[];
  /** Tool outputs of this thread, oldest first (bounded: the last `MAX_PROVENANCE_OUTPUTS`). */
  outputs: ToolOutputFacts[];
  /** Index into `outputs` of the first output since the last human message (`outputs.length`: none yet). */
  turnStart: number;
  /** What the user's last message asks for (effect families) and its words, hashed; never from a summary. */
  intent?: TurnIntent;
}

/** Which side a text comes from: the argument side also decodes what the red team encodes. */
export type ExtractSide = "user" | "tool" | "argument";

export interface ExtractOptions {
  /** Secret provenance key (the install's `provenanceKey`); every side of one thread must use the same. */
  key?: string;
  /** Default `tool`. */
  side?: ExtractSide;
  /** Cap on facts per call (default `MAX_VALUES_PER_TEXT`). */
  maxValues?: number;
  /** `false`: no passage windows (the caller reads passages across several strings itself). */
  passages?: boolean;
}

/** One value found in a text, in clear (for the caller's own messages; never stored). */
export interface ExtractedValue {
  kind: ValueKind;
  /** As written in the text. */
  value: string;
  /** Normalised: what gets hashed. */
  norm: string;
}

export const MAX_PROVENANCE_OUTPUTS = 200;
export const MAX_VALUES_PER_TEXT = 512;
export const MAX_USER_VALUES = 2048;
/** Passage windows: normalised characters per window, and the mean spacing of anchors (power of two). */
export const PASSAGE_WINDOW = 32;
export const PASSAGE_SPACING = 64;
/** Strings shorter than this (normalised letters and digits) carry no passage windows. */
export const PASSAGE_MIN_LENGTH = 64;

const MAX_SCAN_CHARS = 1_000_000;
const HASH_DOMAIN = "tollgate.provenance.v1";

// ---------------------------------------------------------------------------------------------------------------
// Salt and hash
// ---------------------------------------------------------------------------------------------------------------

/** A fresh per-thread salt: 16 random bytes, base64url. */
export function newProvenanceSalt(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Buffer.from(bytes).toString("base64url");
}

/**
 * The salt the checks hash with, from the thread's stored salt and the install's secret `provenanceKey`: the
 * thread state keeps `salt` only; requests carry `deriveThreadSalt(salt, key)`. So the engine and `tollgate serve`
 * never hold the key, and the hashes in a checkpoint cannot be brute-forced by whoever reads it without the key.
 * Without a key the stored salt is the salt (hashes then resist casual reading, not a brute force of a known value).
 */
export function deriveThreadSalt(salt: string, key: string | undefined): string {
  if (key === undefined || key.length === 0) return salt;
  return createHmac("sha256", key).update(`${HASH_DOMAIN}\u0000${salt}`).digest("base64url");
}

/**
 * Keyed hash of a normalised value: SHA-256 over a length-prefixed (domain, key, salt, value), first 16 bytes,
 * base64url. Length prefixes make the encoding injective, so no (key, salt, value) triple collides with another;
 * a one-shot SHA-256 instead of HMAC because an equality test needs no MAC and this runs per passage window
 * (about half the time of `createHmac` per value, measured on Node 20).
 */
export function hashValue(norm: string, salt: string, key = ""): string {
  return hashWithPrefix(hashPrefix(salt, key), norm);
}

/** What `hashValue` hashes before the value: the same for every value of one (salt, key). */
function hashPrefix(salt: string, key = ""): string {
  return `${HASH_DOMAIN}\u0000${key.length}:${key}\u0000${salt.length}:${salt}\u0000`;
}

function hashWithPrefix(prefix: string, norm: string): string {
  return oneShotHash("sha256", prefix + norm, "base64url").slice(0, 22);
}

// ---------------------------------------------------------------------------------------------------------------
// Normalisation
// ---------------------------------------------------------------------------------------------------------------

const TRAILING_PUNCTUATION = /[.,;:!?'")\]}>`]+$/u;
const LEADING_PUNCTUATION = /^[('"[{<`]+/u;

function trimPunctuation(raw: string): string {
  return raw.trim().replace(LEADING_PUNCTUATION, "").replace(TRAILING_PUNCTUATION, "");
}

function normaliseHost(raw: string): string | undefined {
  let host = raw.trim().toLowerCase().replace(/\.+$/u, "");
  if (host.startsWith("www.")) host = host.slice(4);
  host = host.replace(/:\d{1,5}$/u, "");
  return host.length > 0 && host.length <= 253 ? host : undefined;
}

/** Lower-cased scheme and host, no fragment, no trailing slash or sentence punctuation. */
function normaliseUrl(raw: string): string | undefined {
  const trimmed = trimPunctuation(raw);
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//iu.test(trimmed) ? trimmed : `http://${trimmed}`);
  } catch {
    return undefined;
  }
  const host = normaliseHost(url.hostname);
  if (!host) return undefined;
  const path = url.pathname.replace(/\/+$/u, "");
  return `${url.protocol}//${host}${path}${url.search}`;
}

function digitsOnly(raw: string): string | undefined {
  const digits = raw.replace(/\D+/gu, "");
  return digits.length >= 6 ? digits : undefined;
}

/** Letters and digits only, NFKC, lower-cased: what passages are compared on (spacing and case do not count). */
export function passageText(raw: string): string {
  // ASCII (most text) needs no Unicode normalisation and a cheaper class; the result is the same.
  if (isAscii(raw)) return asciiPassageText(raw);
  return raw
    .normalize("NFKC")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, "");
}

/**
 * Whether every unit of `text` is ASCII: its UTF-8 length is its length only then (any other code point takes two
 * bytes or more, a lone surrogate three), and node counts it natively (a regex for a non-ASCII unit reads slower).
 */
function isAscii(text: string): boolean {
  return Buffer.byteLength(text, "utf8") === text.length;
}

/** By ASCII code: the code's lower-case letter or digit, 0 for what passages drop. */
const PASSAGE_BYTE = new Uint8Array(128);
for (let c = 48; c <= 57; c++) PASSAGE_BYTE[c] = c;
for (let c = 97; c <= 122; c++) PASSAGE_BYTE[c] = c;
for (let c = 65; c <= 90; c++) PASSAGE_BYTE[c] = c + 32;

/** An ASCII text's codes as bytes (latin1 is exact below 0x80), copied natively: what the byte scans here read. */
function asciiBytes(raw: string): Buffer {
  return Buffer.from(raw, "latin1");
}

/** Compacts an ASCII text's `bytes` in place to its passage text's codes; returns that text's length. */
function compactPassage(bytes: Uint8Array): number {
  let n = 0;
  for (let i = 0; i < bytes.length; i++) {
    const code = PASSAGE_BYTE[bytes[i]!]!;
    if (code !== 0) bytes[n++] = code;
  }
  return n;
}

/** `raw.toLowerCase().replace(/[^a-z0-9]+/g, "")` for an ASCII `raw`, in one pass over its bytes. */
function asciiPassageText(raw: string): string {
  const bytes = asciiBytes(raw);
  return bytes.toString("latin1", 0, compactPassage(bytes));
}

/** The normal form of a value of `kind`; `undefined` when the text is not such a value. */
export function normaliseValue(kind: ValueKind, raw: string): string | undefined {
  switch (kind) {
    case "email": {
      const value = trimPunctuation(raw)
        .replace(/^mailto:/iu, "")
        .toLowerCase();
      return /^[^\s@]+@[^\s@]+$/u.test(value) ? value : undefined;
    }
    case "url":
      return normaliseUrl(raw);
    case "host":
      return normaliseHost(trimPunctuation(raw));
    case "iban": {
      const value = raw.replace(/[\s-]+/gu, "").toUpperCase();
      return /^[A-Z]{2}\d{2}[A-Z0-9]{8,30}$/u.test(value) ? value : undefined;
    }
    case "account":
    case "phone":
      return digitsOnly(raw);
    case "path": {
      const value = trimPunctuation(raw)
        .replace(/[\\/]+/gu, "/")
        .replace(/(.)\/$/u, "$1");
      return value.length > 0 ? value : undefined;
    }
    case "command": {
      const value = raw.trim().replace(/\s+/gu, " ");
      return value.length > 0 ? value : undefined;
    }
    case "secret":
    case "pii": {
      const value = trimPunctuation(raw);
      return value.length > 0 ? value : undefined;
    }
    case "passage": {
      const value = passageText(raw);
      return value.length > 0 ? value : undefined;
    }
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Extraction of values from text
// ---------------------------------------------------------------------------------------------------------------

// Every pattern is bounded (no nested quantifiers over overlapping classes), so each runs in linear time.
const EMAIL = /(?<![\w.+-])[\w.+-]{1,64}@(?:[a-z0-9-]{1,63}\.){1,8}[a-z]{2,24}(?![\w-])/gi;
const URL_PATTERN = /\b(?:https?|ftp|wss?):\/\/[^\s<>"'`]{1,2048}/gi;
const HOST = /(?<![\w@./:-])(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.){1,8}[a-z]{2,24}(?![\w@-])/gi;
const IBAN = /\b[A-Z]{2}\d{2}(?:[ -]?[A-Z0-9]{4}){2,7}(?:[ -]?[A-Z0-9]{1,4})?\b/gi;
const DIGIT_RUN = /(?<![\w+])\+?\d[\d ().-]{4,22}\d(?!\w)/gu;
const DATE_LIKE = /^\d{4}-\d{2}-\d{2}$|^\d{1,2}[./-]\d{1,2}[./-]\d{2,4}$/u;
const PATH =
  /(?<![\w:/.~\\-])(?:~|\.{1,2})?\/[\w.@%+-]{1,255}(?:\/[\w.@%+-]{0,255}){0,64}|(?<![\w])[a-z]:\\[\w .@%+\\-]{1,1024}/giu;
const CODE_SPAN = /`([^`\n]{2,400})`/gu;
const PROMPT_LINE = /^[ \t]*[$>#][ \t]+(\S[^\n]{1,400})$/gmu;
const TOKEN = /[^\s"'`<>()[\]{},;]{6,512}/g;

/** The file name extensions a bare host pattern also matches (`report.pdf`): not hosts. */
const NOT_TLDS = new Set([
  "pdf",
  "txt",
  "csv",
  "json",
  "yaml",
  "yml",
  "md",
  "js",
  "ts",
  "py",
  "png",
  "jpg",
  "jpeg",
  "gif",
  "doc",
  "docx",
  "xls",
  "xlsx",
  "html",
  "htm",
  "xml",
  "zip",
  "gz",
  "tar",
  "log",
  "sh",
  "exe",
]);

function secretLike(token: string, side: ExtractSide): boolean {
  const classes =
    Number(/[a-z]/u.test(token)) +
    Number(/[A-Z]/u.test(token)) +
    Number(/\d/u.test(token)) +
    Number(/[^A-Za-z0-9]/u.test(token));
  // The user side is lenient (a password the user types may be plain); tool and argument sides look for tokens.
  if (side === "user") return token.length >= 16 || (token.length >= 6 && /[\d\W_]/u.test(token));
  // Short mixed tokens are everyday identifiers (`eu-west-1`, `v1.2.3-rc`, dates): a tool's secret is longer, and the
  // detectors' own secret findings are added to a result's facts besides.
  return (token.length >= 16 && classes >= 3) || (token.length >= 24 && classes >= 2 && /\d/u.test(token));
}

type Sink = (kind: ValueKind, value: string) => void;

function eachMatch(text: string, pattern: RegExp, visit: (match: RegExpExecArray) => void): void {
  pattern.lastIndex = 0;
  for (let match = pattern.exec(text); match !== null; match = pattern.exec(text)) visit(match);
}

// Prefilters: each pattern runs only on a text that has the one character its matches cannot do without (most
// prose has none of them, and a regex pass over 1 KB costs more than these scans).
/** Characters by code: `[\w.+-]` (EMAIL's local part) and `[a-z0-9-]` (a HOST label, `i` flag). */
const LOCAL_CHAR = new Uint8Array(128);
for (const c of "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.+-")
  LOCAL_CHAR[c.charCodeAt(0)] = 1;
const LABEL_CHAR = new Uint8Array(128);
for (const c of "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-")
  LABEL_CHAR[c.charCodeAt(0)] = 1;
/** `[a-z0-9]` (`i` flag): what follows a host's first dot (a label's first character or the TLD's). */
const ALNUM_CHAR = new Uint8Array(128);
for (const c of "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
  ALNUM_CHAR[c.charCodeAt(0)] = 1;
const EMAIL_AT = new RegExp(EMAIL.source, "iy");
const HOST_AT = new RegExp(HOST.source, "iy");

/**
 * The global matches of `sticky`'s pattern, in order, found from the anchor character each holds (EMAIL's `@`,
 * HOST's first dot): the pattern's lookbehind puts a match's start at the start of the run of `run` characters
 * (at most `longest`) right before an anchor, so that start is the only one tried, with the same regex (sticky). A
 * start inside a previous match is skipped, as the global scan resumes after a match. The global regex tries every
 * position of the text and reads up to `longest` characters from each. The anchor is the match's first of its
 * character, so it is followed by a `follow` character (EMAIL's domain label, HOST's next label or TLD): an anchor
 * that is not (the full stop that ends a sentence) is not read further.
 */
function eachAnchored(
  text: string,
  anchor: string,
  scan: { run: Uint8Array; follow: Uint8Array; longest: number },
  sticky: RegExp,
  visit: (match: RegExpExecArray) => void,
): void {
  const { run, follow, longest } = scan;
  let resume = 0;
  for (let at = text.indexOf(anchor); at !== -1; at = text.indexOf(anchor, at + 1)) {
    const next = text.charCodeAt(at + 1);
    if (!(next < 128 && follow[next] === 1)) continue;
    let start = at;
    while (start > 0 && at - start <= longest) {
      const code = text.charCodeAt(start - 1);
      if (code >= 128 || run[code] !== 1) break;
      start--;
    }
    if (start === at || at - start > longest || start < resume) continue;
    sticky.lastIndex = start;
    const match = sticky.exec(text);
    if (match === null) continue;
    resume = start + match[0].length;
    visit(match);
  }
}

/** For tests: the e-mail addresses and hosts as the anchored scans find them, and the patterns they stand for. */
export const ANCHORED_SCANS = {
  email: { source: EMAIL.source, find: (text: string) => collect(text, "@", EMAIL_SCAN, EMAIL_AT) },
  host: { source: HOST.source, find: (text: string) => collect(text, ".", HOST_SCAN, HOST_AT) },
};

/** EMAIL's local part before its `@` (at most 64), then a domain label. */
const EMAIL_SCAN = { run: LOCAL_CHAR, follow: LABEL_CHAR, longest: 64 };
/** HOST's first label before its first dot (at most 63), then a label or the TLD. */
const HOST_SCAN = { run: LABEL_CHAR, follow: ALNUM_CHAR, longest: 63 };

function collect(text: string, anchor: string, scan: typeof EMAIL_SCAN, sticky: RegExp): string[] {
  const found: string[] = [];
  eachAnchored(text, anchor, scan, sticky, (m) => found.push(`${m.index}:${m[0]}`));
  return found;
}

function extractAddresses(text: string, add: Sink): void {
  if (text.includes("@")) eachAnchored(text, "@", EMAIL_SCAN, EMAIL_AT, (m) => add("email", m[0]));
  if (text.includes("://")) {
    eachMatch(text, URL_PATTERN, (m) => {
      add("url", m[0]);
      const host = /^[a-z][a-z0-9+.-]*:\/\/(?:[^@/\s]*@)?([^/:?#\s]+)/i.exec(m[0]);
      if (host?.[1]) add("host", host[1]);
    });
  }
  if (/\.[a-z]{2}/i.test(text)) {
    eachAnchored(text, ".", HOST_SCAN, HOST_AT, (m) => {
      const tld = m[0].slice(m[0].lastIndexOf(".") + 1).toLowerCase();
      if (!NOT_TLDS.has(tld)) add("host", m[0]);
    });
  }
}

/** How many ASCII digits `text` holds (what `text.replace(/\D+/g, "").length` counts, without the copy). */
function digitCount(text: string): number {
  let digits = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code >= 48 && code <= 57) digits++;
  }
  return digits;
}

function extractNumbers(text: string, add: Sink, hasDigit = /\d/.test(text)): void {
  if (!hasDigit) return;
  eachMatch(text, IBAN, (m) => add("iban", m[0]));
  eachMatch(text, DIGIT_RUN, (m) => {
    const run = m[0].trim();
    const digits = digitCount(run);
    if (digits < 7 || digits > 20 || DATE_LIKE.test(run)) return;
    add(/^\+|[ ().-]/.test(run) && digits <= 15 ? "phone" : "account", run);
  });
}

/** Whether `text` has a prompt mark followed by a space or tab, which PROMPT_LINE cannot match without (six
 * substring searches cost less than the multiline regex over a long text). */
function hasPromptMark(text: string): boolean {
  return PROMPT_MARKS.some((mark) => text.includes(mark));
}
const PROMPT_MARKS = ["$ ", "$\t", "> ", ">\t", "# ", "#\t"];

function extractCode(text: string, add: Sink): void {
  if (text.includes("/") || text.includes(":\\")) eachMatch(text, PATH, (m) => add("path", m[0]));
  if (text.includes("`")) eachMatch(text, CODE_SPAN, (m) => add("command", m[1] ?? ""));
  if (hasPromptMark(text) && /^[ \t]*[$>#][ \t]/m.test(text))
    eachMatch(text, PROMPT_LINE, (m) => add("command", m[1] ?? ""));
}

/** Codes TOKEN's class leaves out: its punctuation and every code `\s` stands for (ASCII here, others below). */
const TOKEN_BREAK = new Uint8Array(128);
for (const c of "\t\n\v\f\r \"'`<>()[]{},;") TOKEN_BREAK[c.charCodeAt(0)] = 1;

/** `\s` beyond ASCII (ECMAScript's WhiteSpace and LineTerminator). */
function isWideSpace(code: number): boolean {
  return (
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}

function isTokenBreak(code: number): boolean {
  return code < 128 ? TOKEN_BREAK[code] === 1 : isWideSpace(code);
}

/**
 * TOKEN's global matches of at least `minLength` units, in order, without the regex: a match of TOKEN is a
 * 512-unit piece of a maximal run of its class (the last piece when at least 6 units), so the runs are found in one
 * pass and only pieces of `minLength` are cut out. The regex tries every start in every run (most words of prose).
 * `bytes`: the text's `asciiBytes` when it is ASCII (the same codes, read faster).
 */
function eachToken(
  text: string,
  minLength: number,
  visit: (token: string) => void,
  bytes?: Uint8Array,
): void {
  const n = text.length;
  let i = 0;
  while (i < n) {
    const start = bytes ? skipBreakBytes(bytes, i) : skipBreaks(text, i);
    i = bytes ? skipTokenBytes(bytes, start) : skipToken(text, start);
    visitPieces(text, start, i, minLength, visit);
  }
}

/** The TOKEN matches of the maximal run `text[start, end)` of its class that are at least `minLength` long. */
function visitPieces(
  text: string,
  start: number,
  end: number,
  minLength: number,
  visit: (token: string) => void,
): void {
  for (let at = start; end - at >= 6; at += 512) {
    const stop = Math.min(end, at + 512);
    if (stop - at >= minLength) visit(text.slice(at, stop));
  }
}

/** The token scan over the runs the WebAssembly pass found in `text` (loaded in `module`). */
function wasmTokenScan(module: WindowsModule): TokenScan {
  return (text, minLength, visit) => {
    const runs = module.tokenRuns(minLength);
    for (let r = 0; r < runs.length; r += 2) visitPieces(text, runs[r]!, runs[r + 1]!, minLength, visit);
  };
}

/** The first position from `i` that is not a token break, or the length. */
function skipBreaks(text: string, i: number): number {
  while (i < text.length && isTokenBreak(text.charCodeAt(i))) i++;
  return i;
}

/** The first token break from `i`, or the length. */
function skipToken(text: string, i: number): number {
  while (i < text.length && !isTokenBreak(text.charCodeAt(i))) i++;
  return i;
}

/** `skipBreaks` over an ASCII text's bytes. */
function skipBreakBytes(bytes: Uint8Array, i: number): number {
  while (i < bytes.length && TOKEN_BREAK[bytes[i]!] === 1) i++;
  return i;
}

/** `skipToken` over an ASCII text's bytes. */
function skipTokenBytes(bytes: Uint8Array, i: number): number {
  while (i < bytes.length && TOKEN_BREAK[bytes[i]!] !== 1) i++;
  return i;
}

/** For tests: the token scan (over an ASCII text's bytes, as extractValues reads one) and its pattern. */
export const TOKEN_SCAN = {
  source: TOKEN.source,
  find: (text: string, minLength: number) => {
    const found: string[] = [];
    const bytes = isAscii(text) ? asciiBytes(text) : undefined;
    eachToken(text, minLength, (token) => found.push(token), bytes);
    return found;
  },
  /** The same scan over the runs of the WebAssembly pass (an ASCII text only). */
  findWasm: (text: string, minLength: number) => {
    const found: string[] = [];
    const module = windowsModule();
    module.load(text);
    wasmTokenScan(module)(text, minLength, (token) => found.push(token));
    return found;
  },
};

/** A token scan: visits TOKEN's global matches of at least `minLength` units, in order (see eachToken). */
type TokenScan = (text: string, minLength: number, visit: (token: string) => void) => void;

/** The token scan over an ASCII text's `bytes` (or the text's own codes without them). */
function tokenScanOf(bytes: Uint8Array | undefined): TokenScan {
  return (text, minLength, visit) => eachToken(text, minLength, visit, bytes);
}

function extractTokens(
  text: string,
  side: ExtractSide,
  add: Sink,
  hasDigit = /\d/.test(text),
  scan: TokenScan = tokenScanOf(undefined),
): void {
  // On the tool and argument sides a secret-like token has a digit (see secretLike): no digit, no token.
  if (side !== "user" && !hasDigit) return;
  // Off the user side a secret-like token or tail has at least 16 characters (see secretLike): a shorter run (most
  // words of prose) yields neither, and is not read further.
  scan(text, side === "user" ? 6 : 16, (raw) => {
    const token = trimPunctuation(raw);
    // Addresses and paths have their own kinds; a token is a secret candidate only when it is none of them.
    if (token.includes("://") || token.includes("@") || /^[~.]?\//.test(token)) return;
    if (secretLike(token, side)) add("secret", token);
    // `key=value` and `key:value`: the value alone too, however the other side delimits it.
    const cut = Math.max(token.lastIndexOf("="), token.lastIndexOf(":"));
    const tail = cut > 0 ? token.slice(cut + 1) : "";
    if (tail.length >= 6 && secretLike(tail, side)) add("secret", tail);
  });
}

/**
 * Content-defined anchors, symmetric under reversal: a position is an anchor when the sum of the 9 character codes
 * centred on it is 0 modulo `PASSAGE_SPACING`; the window (`PASSAGE_WINDOW` + 1 characters) is centred on it too
 * and hashed in its canonical orientation (the smaller of itself and its reverse). A copied passage therefore
 * yields the same windows whatever surrounds it, and a reversed copy the same hashes, in one pass (a hand-written
 * rolling sum: no library does content-defined chunking that is symmetric under reversal).
 */
export function passageWindows(raw: string, limit = MAX_VALUES_PER_TEXT): string[] {
  const out: string[] = [];
  const text = passageText(raw);
  eachPassageWindow(text, codesOf(text), limit, (window) => {
    out.push(window);
    return true;
  });
  return out;
}

/** A passage text's UTF-16 codes. */
function codesOf(text: string): Uint16Array {
  const codes = new Uint16Array(text.length);
  for (let i = 0; i < text.length; i++) codes[i] = text.charCodeAt(i);
  return codes;
}

/** The reversed window, built in place of a string concatenation per character. */
const REVERSED = new Uint16Array(PASSAGE_WINDOW + 1);

/** `text.slice(lo, hi + 1)` or its reverse, whichever is smaller (`codes`: the text's codes). */
function canonicalWindow(text: string, codes: Uint8Array | Uint16Array, lo: number, hi: number): string {
  let i = lo;
  let j = hi;
  while (i < j && codes[i] === codes[j]) {
    i++;
    j--;
  }
  if (i >= j || codes[i]! < codes[j]!) return text.slice(lo, hi + 1);
  for (let k = 0; k <= hi - lo; k++) REVERSED[k] = codes[hi - k]!;
  return String.fromCharCode.apply(null, REVERSED as unknown as number[]);
}

/**
 * The distinct windows of a passage text (`passageText`'s output; `codes`: its codes, the bytes of an ASCII one),
 * in order of first appearance, at most `limit`; `visit` returning false stops the walk (the caller has all it can
 * use).
 */
function eachPassageWindow(
  text: string,
  codes: Uint8Array | Uint16Array,
  limit: number,
  visit: (window: string) => boolean,
): void {
  if (text.length < PASSAGE_MIN_LENGTH) return;
  const half = PASSAGE_WINDOW / 2;
  const seen = new Set<string>();
  let sum = 0;
  for (let i = 0; i < 9; i++) sum += codes[i]!;
  // The neighbourhood of centre c is text[c-4, c+4]; the window text[c-half, c+half].
  for (let c = 4; c + 4 < text.length; c++) {
    if (c > 4) sum += codes[c + 4]! - codes[c - 5]!;
    if ((sum & (PASSAGE_SPACING - 1)) !== 0 || c - half < 0 || c + half >= text.length) continue;
    const window = canonicalWindow(text, codes, c - half, c + half);
    if (seen.has(window)) continue;
    seen.add(window);
    if (!visit(window) || seen.size >= limit) return;
  }
}

/** The passage text of `scanned` and its codes; `bytes`: its `asciiBytes` when it is ASCII (compacted here). */
function passageOf(
  scanned: string,
  bytes: Buffer | undefined,
): { text: string; codes: Uint8Array | Uint16Array } {
  if (!bytes) {
    const text = passageText(scanned);
    return { text, codes: codesOf(text) };
  }
  const n = compactPassage(bytes);
  return { text: bytes.toString("latin1", 0, n), codes: bytes.subarray(0, n) };
}

/** Where extractValues collects a text's values: deduplicated by kind and normal form, capped at `limit`. */
function valueCollector(limit: number) {
  const seen = new Set<string>();
  const out: ExtractedValue[] = [];
  const addNormal = (kind: ValueKind, value: string, norm: string | undefined) => {
    if (norm === undefined || seen.has(`${kind}\u0000${norm}`)) return;
    seen.add(`${kind}\u0000${norm}`);
    out.push({ kind, value, norm });
  };
  const add: Sink = (kind, value) => {
    if (out.length < limit) addNormal(kind, value, normaliseValue(kind, value));
  };
  return { out, addNormal, add };
}

/** The values of a text that come before its passage windows: addresses, numbers, code, tokens. */
function leadingValues(text: string, side: ExtractSide, add: Sink, hasDigit: boolean, scan: TokenScan): void {
  extractAddresses(text, add);
  extractNumbers(text, add, hasDigit);
  extractCode(text, add);
  extractTokens(text, side, add, hasDigit, scan);
}

/** Every security-relevant value of `text`, in clear (normalised alongside), deduplicated, capped. */
export function extractValues(text: string, options: ExtractOptions = {}): ExtractedValue[] {
  const side = options.side ?? "tool";
  const limit = options.maxValues ?? MAX_VALUES_PER_TEXT;
  const scanned = text.length > MAX_SCAN_CHARS ? text.slice(0, MAX_SCAN_CHARS) : text;
  const { out, addNormal, add } = valueCollector(limit);
  // One scan for a digit serves the text and its reversal (the same characters).
  const hasDigit = /\d/.test(scanned);
  // An ASCII text's codes as bytes, read by the token scan and then compacted to the passage text's (when either
  // runs: see extractTokens).
  const ascii = isAscii(scanned);
  const bytes =
    ascii && (options.passages !== false || side === "user" || hasDigit) ? asciiBytes(scanned) : undefined;
  leadingValues(scanned, side, add, hasDigit, tokenScanOf(bytes));
  if (options.passages !== false) {
    // Only the argument side adds passages later (decoded ones), so only it needs these in `seen`; the windows are
    // distinct, and no other kind's key can equal a passage's. A window of an ASCII text is letters and digits in
    // lower case: its own normal form.
    const record = side === "argument";
    const passage = passageOf(scanned, bytes);
    eachPassageWindow(passage.text, passage.codes, limit, (window) => {
      if (out.length >= limit) return false;
      if (ascii && !record) out.push({ kind: "passage", value: window, norm: window });
      else addNormal("passage", window, ascii ? window : normaliseValue("passage", window));
      return out.length < limit;
    });
  }
  if (side !== "argument") return out;
  for (const decoded of decodedVariants(scanned, hasDigit, reversalCanAdd(scanned, hasDigit))) {
    const digits = decoded.reversed ? hasDigit : undefined;
    extractAddresses(decoded.text, add);
    extractNumbers(decoded.text, add, digits);
    extractTokens(decoded.text, "argument", add, digits);
    // Passage windows are the same read backwards: only decoded text can add any.
    if (!decoded.reversed && options.passages !== false)
      for (const window of passageWindows(decoded.text)) add("passage", window);
  }
  return out;
}

/**
 * The hashed values of one string on the tool or user side when it is ASCII, through the WebAssembly passes
 * (src/shared/provenance-windows.ts): extractValues' values in its order (the leading ones hashed here, the passage
 * windows found and hashed by the module, which skips their clear strings), each given to `push`. False when the
 * string takes extractValues' path instead (the argument side, which also reads decoded passages; non-ASCII text,
 * normalised with NFKC; a cap or prefix beyond the module's).
 */
function wasmLeafFacts(
  leaf: string,
  prefix: string,
  options: ExtractOptions,
  limit: number,
  hashOf: (norm: string) => string,
  push: (kind: ValueKind, h: string) => void,
): boolean {
  const side = options.side ?? "tool";
  if (side === "argument" || options.passages === false || limit > MAX_WASM_WINDOWS) return false;
  const scanned = leaf.length > MAX_SCAN_CHARS ? leaf.slice(0, MAX_SCAN_CHARS) : leaf;
  if (!isAscii(scanned)) return false;
  const module = windowsModule();
  if (!module.setPrefix(prefix)) return false;
  module.load(scanned);
  const { out, add } = valueCollector(limit);
  leadingValues(scanned, side, add, /\d/.test(scanned), wasmTokenScan(module));
  for (const found of out) push(found.kind, hashOf(found.norm));
  for (const h of module.windowHashes(limit - out.length)) push("passage", h);
  return true;
}

// ---------------------------------------------------------------------------------------------------------------
// Encodings the red team uses, decoded on the argument side
// ---------------------------------------------------------------------------------------------------------------

const BASE64_RUN = /[A-Za-z0-9+/_-]{16,}={0,2}/g;
const HEX_RUN = /(?:[0-9a-f]{2}){8,}|(?:[0-9A-F]{2}){8,}/g;
const MAX_DECODED = 16;

/** Characters of `BASE64_RUN`'s class, by code (ASCII). */
const BASE64_CHAR = new Uint8Array(128);
for (const c of "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/_-")
  BASE64_CHAR[c.charCodeAt(0)] = 1;

/** Whether `text` has a run of 16 `BASE64_RUN` characters: the regex tries every start position of every shorter
 * run (most prose), this one pass does not, and the regex then runs only where it can match. */
function hasBase64Run(text: string): boolean {
  let run = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 128 && BASE64_CHAR[code] === 1) {
      if (++run >= 16) return true;
    } else run = 0;
  }
  return false;
}

function mostlyPrintable(text: string): boolean {
  if (text.length === 0 || text.includes("\uFFFD")) return false;
  let printable = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code >= 0x20 || code === 0x0a || code === 0x09 || code === 0x0d) printable++;
  }
  return printable / text.length >= 0.95;
}

/**
 * Whether the reversed reading of `text` can add a value: extractValues reads it for addresses, numbers and
 * tokens only, and each of those needs, read backwards, what this checks forwards (an `@`, a `//:` that reads `://`,
 * letters before a dot that read as `.tld`, a digit). Prose without them is not reversed at all.
 */
function reversalCanAdd(text: string, hasDigit: boolean): boolean {
  return hasDigit || text.includes("@") || text.includes("//:") || /[a-z]{2}\./i.test(text);
}

/** The base64, hex and reversed readings of a text that decode to text (reversed: the whole string). */
export function decodedVariants(
  text: string,
  hasDigit = /\d/.test(text),
  withReversed = true,
): { text: string; reversed: boolean }[] {
  const out: { text: string; reversed: boolean }[] = [];
  if (hasDigit) {
    eachMatch(text, HEX_RUN, (m) => {
      const decoded = Buffer.from(m[0], "hex").toString("utf8");
      if (out.length < MAX_DECODED && mostlyPrintable(decoded)) out.push({ text: decoded, reversed: false });
    });
  }
  if (hasBase64Run(text))
    eachMatch(text, BASE64_RUN, (m) => {
      if (/^[0-9a-f]+$/i.test(m[0]) || out.length >= MAX_DECODED) return;
      const decoded = Buffer.from(m[0].replace(/-/g, "+").replace(/_/g, "/"), "base64").toString("utf8");
      if (decoded.length >= 8 && mostlyPrintable(decoded)) out.push({ text: decoded, reversed: false });
    });
  if (withReversed && text.length >= 6) {
    let reversed = "";
    for (let i = text.length - 1; i >= 0; i--) reversed += text[i];
    out.push({ text: reversed, reversed: true });
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------------
// Facts
// ---------------------------------------------------------------------------------------------------------------

/** The string leaves of a JSON value (or the string itself), in document order. */
export function stringLeaves(value: unknown, out: string[] = [], depth = 0): string[] {
  if (typeof value === "string") out.push(value);
  else if (depth < 64 && Array.isArray(value)) for (const item of value) stringLeaves(item, out, depth + 1);
  else if (depth < 64 && value !== null && typeof value === "object")
    for (const item of Object.values(value)) stringLeaves(item, out, depth + 1);
  return out;
}

/** Hash one value of a known kind; `undefined` when it does not normalise. */
export function valueFact(kind: ValueKind, raw: string, salt: string, key?: string): ValueFact | undefined {
  const norm = normaliseValue(kind, raw);
  return norm === undefined ? undefined : { kind, h: hashValue(norm, salt, key) };
}

/**
 * The facts of a text or JSON value (a message's content, a tool result, a call's arguments): every extracted
 * value hashed with the thread's salt (and key), deduplicated by hash, capped at `maxValues`.
 */
export function extractValueFacts(value: unknown, salt: string, options: ExtractOptions = {}): ValueFact[] {
  return valueFactsOf(value, salt, options).facts;
}

/**
 * `extractValueFacts`, and the hash of each normal form it hashed besides the passage windows (by normal form), so
 * a caller that hashes more values of the same text with the same salt and key (the output check's findings) can
 * look them up instead: a hash depends on the normal form alone, whatever the kind. `seen`: every hash in `facts`
 * (each normal form in `hashes` has its hash there).
 */
export function valueFactsOf(
  value: unknown,
  salt: string,
  options: ExtractOptions = {},
): { facts: ValueFact[]; hashes: Map<string, string>; seen: Set<string> } {
  const limit = options.maxValues ?? MAX_VALUES_PER_TEXT;
  const facts: ValueFact[] = [];
  const hashes = new Map<string, string>();
  const seen = new Set<string>();
  const prefix = hashPrefix(salt, options.key);
  const push = (kind: ValueKind, h: string) => {
    if (seen.has(h)) return;
    seen.add(h);
    facts.push({ kind, h });
  };
  const hashOf = (norm: string) => {
    let h = hashes.get(norm);
    if (h === undefined) {
      h = hashWithPrefix(prefix, norm);
      hashes.set(norm, h);
    }
    return h;
  };
  for (const leaf of stringLeaves(value)) {
    const remaining = limit - facts.length;
    if (!wasmLeafFacts(leaf, prefix, options, remaining, hashOf, push))
      for (const found of extractValues(leaf, { ...options, maxValues: remaining }))
        push(found.kind, found.kind === "passage" ? hashWithPrefix(prefix, found.norm) : hashOf(found.norm));
    if (facts.length >= limit) break;
  }
  return { facts, hashes, seen };
}

/** A new, empty record for a thread. */
export function emptyProvenance(salt: string = newProvenanceSalt()): ProvenanceFacts {
  return { v: 1, salt, user: [], outputs: [], turnStart: 0 };
}

/**
 * Appends a tool output's facts, keeping the last `MAX_PROVENANCE_OUTPUTS` (turnStart follows the shift). Returns
 * a new record; the argument is not changed.
 */
export function appendOutputFacts(facts: ProvenanceFacts, output: ToolOutputFacts): ProvenanceFacts {
  const outputs = [...facts.outputs, output];
  const drop = Math.max(0, outputs.length - MAX_PROVENANCE_OUTPUTS);
  return {
    ...facts,
    outputs: drop > 0 ? outputs.slice(drop) : outputs,
    turnStart: Math.max(0, facts.turnStart - drop),
  };
}

/**
 * Records a human message: its values become the user's, and a new turn starts after the outputs so far. Its
 * intent is the message's own, merged with the previous turn's when the message only confirms (`isConfirmation`:
 * "yes, go ahead"), as the install does (`confirmedTurnIntent`; this record keeps one earlier intent, so a chain of
 * confirmations reaches back through the merged ones).
 */
export function appendUserMessage(facts: ProvenanceFacts, text: string, key?: string): ProvenanceFacts {
  const seen = new Set(facts.user.map((fact) => fact.h));
  const user = [...facts.user];
  for (const fact of extractValueFacts(text, facts.salt, { side: "user", key })) {
    if (!seen.has(fact.h)) user.push(fact);
  }
  const next: ProvenanceFacts = {
    ...facts,
    user: user.slice(-MAX_USER_VALUES),
    turnStart: facts.outputs.length,
  };
  if (!isConfirmation(text)) next.intent = turnIntent(text, facts.salt);
  else if (facts.intent !== undefined) next.intent = mergeIntents(turnIntent(text, facts.salt), facts.intent);
  // A confirmation of nothing in sight: no intent (as `confirmedTurnIntent`).
  else delete next.intent;
  return next;
}

// ---------------------------------------------------------------------------------------------------------------
// Validation (the wire and the thread state hand these over as plain JSON)
// ---------------------------------------------------------------------------------------------------------------

const KIND_SET = new Set<string>(VALUE_KINDS);

const isIndices = (value: unknown) =>
  value === undefined ||
  (Array.isArray(value) && value.every((i) => Number.isInteger(i) && (i as number) >= 0));

function isValueFacts(value: unknown): value is ValueFact[] {
  return (
    Array.isArray(value) &&
    value.every(
      (fact) =>
        typeof fact === "object" &&
        fact !== null &&
        KIND_SET.has((fact as ValueFact).kind) &&
        typeof (fact as ValueFact).h === "string" &&
        isIndices((fact as ValueFact).r),
    )
  );
}

const isStrings = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((s) => typeof s === "string");

/** The intent-binding fields of an output's facts, when present, are well formed. */
function isIntentOutputFields(facts: Partial<ToolOutputFacts>): boolean {
  const pointersOk =
    facts.pointers === undefined ||
    (Array.isArray(facts.pointers) &&
      facts.pointers.every(
        (p) =>
          typeof p === "object" &&
          p !== null &&
          (p.h === undefined || typeof p.h === "string") &&
          (p.words === undefined || isStrings(p.words)),
      ));
  const objectsOk =
    facts.objects === undefined ||
    (Array.isArray(facts.objects) &&
      facts.objects.every(
        (o) => typeof o === "object" && o !== null && typeof o.h === "string" && isStrings(o.w),
      ));
  return (
    pointersOk &&
    objectsOk &&
    (facts.records === undefined || (Array.isArray(facts.records) && facts.records.every(isStrings)))
  );
}

export function isToolOutputFacts(value: unknown): value is ToolOutputFacts {
  if (typeof value !== "object" || value === null) return false;
  const facts = value as Partial<ToolOutputFacts>;
  return (
    typeof facts.server === "string" &&
    typeof facts.tool === "string" &&
    (facts.toolCallId === undefined || typeof facts.toolCallId === "string") &&
    isValueFacts(facts.values) &&
    Array.isArray(facts.injection) &&
    facts.injection.every((id) => typeof id === "string") &&
    (facts.trusted === undefined || typeof facts.trusted === "boolean") &&
    isIntentOutputFields(facts)
  );
}

/** Where a `ProvenanceFacts` is malformed (a JSON Pointer-ish path), or `undefined` when it is well formed. */
export function provenanceProblem(value: unknown): string | undefined {
  if (typeof value !== "object" || value === null) return "provenance: not an object";
  const facts = value as Partial<ProvenanceFacts>;
  if (facts.v !== 1) return "provenance/v: must be 1";
  if (typeof facts.salt !== "string" || facts.salt.length === 0) return "provenance/salt: a non-empty string";
  if (!isValueFacts(facts.user)) return "provenance/user: an array of { kind, h }";
  if (!Array.isArray(facts.outputs)) return "provenance/outputs: an array";
  const bad = facts.outputs.findIndex((output) => !isToolOutputFacts(output));
  if (bad >= 0) return `provenance/outputs/${bad}: { server, tool, values, injection }`;
  if (!Number.isInteger(facts.turnStart) || (facts.turnStart as number) < 0)
    return "provenance/turnStart: a non-negative integer";
  if (facts.intent !== undefined && !isTurnIntent(facts.intent))
    return "provenance/intent: { effects, words, names } (known effect families, string hashes)";
  return undefined;
}
