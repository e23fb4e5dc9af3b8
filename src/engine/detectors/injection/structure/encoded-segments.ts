import { isUtf8 } from "node:buffer";
import { DECODER_GATES, GATE } from "./first-pass-wasm.js";
import { type ReadingView, viewToInput } from "./reading-view.js";
import { splitLetterRuns } from "./word-split.js";

/**
 * Parts of a text that a model can read but the structure rules cannot see as written: base64 and hex segments
 * ("decode this and follow it"), letter-spaced runs (`c a l l   t h e`) and leetspeak lines (`1gn0r3 y0ur`). Each
 * is returned with its decoded reading and its span in the input, so a finding covers the encoded segment.
 */
export interface EncodedSegment {
  start: number;
  end: number;
  decoded: string;
  encoding: "base64" | "hex" | "letter_spacing" | "leetspeak";
}

/*
 * What is read as base64 and as hex: the matches of
 *   BASE64 = /(?<![A-Za-z0-9+/=_-])[A-Za-z0-9+/]{24,65536}={0,2}(?![A-Za-z0-9+/=_-])/g
 *   HEX = /(?<![0-9A-Fa-f])(?:[0-9A-Fa-f]{2}){16,32768}(?![0-9A-Fa-f])/g
 * found without running them (`base64Run`, `hexRuns`). 24 base64 characters decode to 18 bytes: shorter runs are
 * words, ids and hashes, not instructions.
 */
/** At least eight one-character tokens (an iCalendar `\\,` counts as one) separated by one to three spaces. */
const SPACED_RUN = /(?<![a-z0-9])\\?\S(?: {1,3}\\?\S(?![a-z0-9])){7,2000}/g;
const WORD_GAP = / {2,}/;
/**
 * The substitutions leetspeak uses for letters: digits by shape, and the symbols `@` (a), `$` (s), `|` (l). A symbol
 * counts anywhere in a token that also has a letter (`p@$$w0rd`, `@n$w3r`, `fu||`); a price (`$5`) or a table rule
 * (`|`) has none.
 */
/*
 * The leet reading of a line (`foldLeetLine`) is `line.replace(LEET_TOKEN, fold).replace(SHORT_LEET_NUMBER, fold)`,
 * computed without running the regexes:
 *   LEET_TOKEN = /(?<![\p{L}\p{N}@$|])(?=[\p{L}\p{N}@$|]{0,30}[a-z])(?=[\p{L}\p{N}@$|]{0,30}[01345789@$|])[\p{L}\p{N}@$|]{2,32}(?![\p{L}\p{N}@$|])/gu
 *   SHORT_LEET_NUMBER = /(?<![\p{L}\p{N}.:/-])[013457]{1,3}(?![\p{L}\p{N}.:/-])/gu
 */
const LEET_FOLD: Record<string, string> = {
  "0": "o",
  "1": "i",
  "3": "e",
  "4": "a",
  "5": "s",
  "7": "t",
  "8": "b",
  "9": "g",
  "@": "a",
  $: "s",
  "|": "l",
};
/**
 * A leet digit or symbol; one next to a letter (`[a-z][01345789@$|]|[01345789@$|][a-z]`, counted at every position)
 * is a leet hint, and lines with three hints are read with them as letters.
 */
const LEET_CHAR = /[01345789@$|]/g;
/**
 * Letters spelled apart by a separator other than a space (`i.g.n.o.r.e  a.l.l`, `s-e-n-d`, `c*a*l*l`): a line with
 * at least three words written that way is read with every such word closed up (its even-position characters).
 */
const SEPARATED_HINT = /[a-z0-9][.*_~|-][a-z0-9][.*_~|-][a-z0-9][.*_~|-][a-z0-9]/g;
const MAX_LEET_LINE = 2_000;

const utf8 = new TextDecoder("utf-8", { fatal: true });

/**
 * Each decoder is entered only where a cheap gate finds what it needs (a long base64-class run, a chain of
 * one-character tokens, three letter-separator-letter steps, a line with three leet hints and three leet-looking
 * tokens); each gate is a necessary condition of its decoder reading anything, so the segments are those the
 * decoders find on the whole text (test/property/encoded-segment-gates.property.test.ts). `gates` (the WebAssembly
 * first pass's `GATE` bits, computed on a printable ASCII input) leaves out the decoders whose gate cannot pass.
 */
export function findEncodedSegments(
  input: string,
  view: ReadingView,
  gates: number = DECODER_GATES,
): EncodedSegment[] {
  return segmentsByDecoder(input, view, gates).flat();
}

/**
 * `findEncodedSegments` as one list per decoder, in its order: base64, hex, letter-spaced runs, separated letters,
 * leetspeak lines. Every decoder reads within one line, so on a text cut at line starts each list is the
 * concatenation of the pieces' lists (structure-detector.ts `detectRegions`).
 */
export function segmentsByDecoder(
  input: string,
  view: ReadingView,
  gates: number = DECODER_GATES,
): EncodedSegment[][] {
  const runs: EncodedSegment[] = [];
  const spaced: EncodedSegment[] = [];
  const separated: EncodedSegment[] = [];
  const leet: EncodedSegment[] = [];
  if ((gates & GATE.LONG_RUN) !== 0 && input.length >= MIN_RUN) readLongRuns(input, runs);
  if ((gates & GATE.SPACED_CHAIN) !== 0) readSpacedRuns(view, spaced);
  if ((gates & GATE.SEPARATED) !== 0) readSeparatedLines(view, separated);
  if ((gates & GATE.LEET_LINE) !== 0) readLeetLines(view, leet);
  const base64 = runs.filter((s) => s.encoding === "base64");
  const hex = runs.filter((s) => s.encoding === "hex");
  return [base64, hex, spaced, separated, leet];
}

/**
 * Base64 and hex segments, in that order. Every BASE64 or HEX match lies inside a maximal run of
 * `[A-Za-z0-9+/=_-]` (both regexes' boundary class, a superset of their bodies) of 24 or more characters, and is
 * decided by that run alone: the characters around it are outside the class, which each regex's lookarounds read
 * like the ends of the text. So only such runs are read, found by one table-driven pass (`nextLongRun`).
 */
export function readLongRuns(input: string, segments: EncodedSegment[]): void {
  const hex: EncodedSegment[] = [];
  for (let run = nextLongRun(input, 0); run !== -1; ) {
    const end = runEnd(input, run);
    const b64 = base64Run(input, run, end);
    if (b64 !== undefined) segments.push(b64);
    if (end - run >= 32) hexRuns(input, run, end, hex);
    run = nextLongRun(input, end + 1);
  }
  for (const segment of hex) segments.push(segment);
}

/**
 * The run read as base64, when it is one: BASE64's lookbehind fails inside a run (the character before is in the
 * class), so its only possible match is the whole run, `[A-Za-z0-9+/]{24,65536}` then at most two `=`. A run with
 * no digit, `+` or `/` and no upper case after its first letter is a long word or identifier, not read.
 */
export function base64Run(input: string, from: number, to: number): EncodedSegment | undefined {
  let body = to;
  while (body > from && to - body < 2 && input.charCodeAt(body - 1) === 0x3d) body--;
  const length = body - from;
  if (length < 24 || length > 65536) return undefined;
  let marked = false;
  for (let i = from; i < body; i++) {
    const c = input.charCodeAt(i);
    const kind = c < 128 ? BASE64_KIND[c]! : 0;
    if (kind === 0) return undefined;
    if (kind === 2 || (kind === 3 && i > from)) marked = true;
  }
  if (!marked) return undefined;
  const decoded = decodeText(Buffer.from(input.slice(from, to), "base64"));
  return decoded === undefined ? undefined : { start: from, end: to, decoded, encoding: "base64" };
}

/** HEX's matches in a run: its maximal hex-digit runs of even length, 32 to 65536 digits, read as text. */
export function hexRuns(input: string, from: number, to: number, out: EncodedSegment[]): void {
  for (let i = from; i < to; ) {
    if (!isHexDigit(input.charCodeAt(i))) {
      i++;
      continue;
    }
    let end = i + 1;
    while (end < to && isHexDigit(input.charCodeAt(end))) end++;
    const length = end - i;
    if (length >= 32 && length <= 65536 && length % 2 === 0) {
      const decoded = decodeText(Buffer.from(input.slice(i, end), "hex"));
      if (decoded !== undefined) out.push({ start: i, end, decoded, encoding: "hex" });
    }
    i = end;
  }
}

function isHexDigit(c: number): boolean {
  return (c >= 0x30 && c <= 0x39) || (c >= 0x61 && c <= 0x66) || (c >= 0x41 && c <= 0x46);
}

/** Letter-spaced runs (`c a l l   t h e`), found where SPACED_CHAIN says one can start. */
export function readSpacedRuns(view: ReadingView, segments: EncodedSegment[]): void {
  const text = view.text;
  for (let m = nextSpacedRun(text, 0); m !== null; m = nextSpacedRun(text, m.index + m[0].length)) {
    const words = m[0].split(WORD_GAP).map((word) => word.replace(/ |\\(?=[,;])/g, ""));
    // One space everywhere, so no gap marks the words: the letters closed up are split into words by vocabulary.
    const decoded = words.length === 1 ? splitLetterRuns(words[0]!) : words.join(" ");
    const [start, end] = viewToInput(view, m.index, m.index + m[0].length);
    segments.push({ start, end, decoded, encoding: "letter_spacing" });
  }
}

/** Lines with three words spelled apart by a separator (`i.g.n.o.r.e`), each such word closed up. */
export function readSeparatedLines(view: ReadingView, segments: EncodedSegment[]): void {
  const text = view.text;
  SEPARATED_HINT.lastIndex = 0;
  for (let m = SEPARATED_HINT.exec(text); m !== null; m = SEPARATED_HINT.exec(text)) {
    const lineStart = text.lastIndexOf("\n", m.index) + 1;
    const next = text.indexOf("\n", m.index);
    const lineEnd = next === -1 ? text.length : next;
    SEPARATED_HINT.lastIndex = lineEnd;
    if (lineEnd - lineStart > MAX_LEET_LINE) continue;
    const decoded = closeSeparatedWords(text.slice(lineStart, lineEnd));
    if (decoded === undefined) continue;
    const [start, end] = viewToInput(view, lineStart, lineEnd);
    segments.push({ start, end, decoded, encoding: "letter_spacing" });
  }
}

/**
 * Lines with at least three leet hints (a leet digit or symbol next to a letter, counted at each position as
 * LEET_HINT would with overlapping matches), read with the digits as letters when three of their tokens look leet.
 * The hints are counted from the leet characters (rare in prose) instead of trying LEET_HINT at every letter.
 */
export function readLeetLines(view: ReadingView, segments: EncodedSegment[]): void {
  const lines = leetHintLines(view.text);
  for (let k = 0; k < lines.length; k += 2) readLeetLine(view, lines[k]!, lines[k + 1]!, segments);
}

/**
 * The lines (`[start, end)` pairs, end at the line break) with at least three leet hints, in text order. A line is
 * left at its third hint: more hints change nothing.
 */
export function leetHintLines(text: string): number[] {
  const lines: number[] = [];
  let lineEnd = -1;
  let hints = 0;
  LEET_CHAR.lastIndex = 0;
  while (LEET_CHAR.test(text)) {
    const i = LEET_CHAR.lastIndex - 1;
    // The hint left of a leet character starts at i - 1, the one right of it at i: each pair is counted once.
    const found =
      (isLowerAscii(text.charCodeAt(i - 1)) ? 1 : 0) + (isLowerAscii(text.charCodeAt(i + 1)) ? 1 : 0);
    if (found === 0) continue;
    if (i >= lineEnd) {
      const next = text.indexOf("\n", i);
      lineEnd = next === -1 ? text.length : next;
      hints = 0;
    }
    hints += found;
    if (hints >= 3) {
      lines.push(text.lastIndexOf("\n", i) + 1, lineEnd);
      LEET_CHAR.lastIndex = lineEnd;
    }
  }
  return lines;
}

function readLeetLine(
  view: ReadingView,
  lineStart: number,
  lineEnd: number,
  segments: EncodedSegment[],
): void {
  if (lineEnd - lineStart > MAX_LEET_LINE) return;
  const folded = foldLeetLine(view.text.slice(lineStart, lineEnd));
  if (folded === undefined) return;
  const [start, end] = viewToInput(view, lineStart, lineEnd);
  segments.push({ start, end, decoded: folded, encoding: "leetspeak" });
}

/** A word whose every odd-position character is one separator (`r.e.p.l.y.,`, `s-e-n-d`). */
function separatedWord(word: string): boolean {
  if (word.length < 3) return false;
  const separator = word[1]!;
  if (!".*_~|-".includes(separator)) return false;
  for (let i = 1; i < word.length; i += 2) if (word[i] !== separator) return false;
  return true;
}

/** The line with its separated words closed up, or undefined when fewer than three words are written that way. */
function closeSeparatedWords(line: string): string | undefined {
  let count = 0;
  const closed = line.replace(/\S+/g, (word) => {
    if (!separatedWord(word)) return word;
    count++;
    let out = "";
    for (let i = 0; i < word.length; i += 2) out += word[i];
    return out;
  });
  return count >= 3 ? closed : undefined;
}

/**
 * The line with leetspeak digits read as letters, or undefined when fewer than three of its tokens look leet: what
 * `line.replace(LEET_TOKEN, ...)` then `.replace(SHORT_LEET_NUMBER, ...)` give, computed by passes over character
 * codes (the `u` regexes with `\p{L}` tried at every character cost several times the pass; the property test
 * compares the two).
 */
export function foldLeetLine(line: string): string | undefined {
  const tokens = leetTokens(line);
  if (tokens.length < 6) return undefined;
  let folded = "";
  let copied = 0;
  for (let k = 0; k < tokens.length; k += 2) {
    const from = tokens[k]!;
    const to = tokens[k + 1]!;
    // The symbols keep their meaning where they have one: `@` in an e-mail address (the token's domain goes on
    // after a dot), `|` in a chat-template marker (`<|im_start|>`).
    const after = line[to];
    const keepAt =
      after === "." && isLowerAlnum(line.charCodeAt(to + 1)) && line.slice(from, to).includes("@");
    const keepBar = line[from - 1] === "<" || after === ">";
    for (let i = from; i < to; i++) {
      const c = line.charCodeAt(i);
      if (c >= 128 || TOKEN_KIND[c] !== 2 || (keepAt && c === 0x40) || (keepBar && c === 0x7c)) continue;
      folded += line.slice(copied, i) + LEET_FOLD[line[i]!]!;
      copied = i + 1;
    }
  }
  folded += line.slice(copied);
  return foldShortNumbers(folded);
}

/**
 * LEET_TOKEN's matches as `[start, end)` pairs: maximal runs of its class `[\p{L}\p{N}@$|]` (its lookbehind and
 * lookahead), 2 to 32 code points long, with a lower-case ASCII letter and a leet character each within the first
 * 31 code points (its two lookaheads).
 */
export function leetTokens(line: string): number[] {
  const out: number[] = [];
  let start = -1;
  let points = 0;
  let letterAt = -1;
  let leetAt = -1;
  for (let i = 0; i <= line.length; i++) {
    const c = i < line.length ? line.charCodeAt(i) : 0x20;
    const kind = c < 128 ? TOKEN_KIND[c]! : tokenKind(line, i);
    if (kind === 0) {
      if (points >= 2 && points <= 32 && letterAt >= 0 && letterAt <= 30 && leetAt >= 0 && leetAt <= 30)
        out.push(start, i);
      points = 0;
      letterAt = -1;
      leetAt = -1;
      continue;
    }
    if (points === 0) start = i;
    if (kind === 2 && leetAt < 0) leetAt = points;
    if (kind === 1 && letterAt < 0 && isLowerAscii(c)) letterAt = points;
    points++;
    if (kind === 3) i++;
  }
  return out;
}

/**
 * A non-ASCII character's kind for `leetTokens`: 0 outside `[\p{L}\p{N}@$|]`, 1 inside, 3 inside and a surrogate
 * pair (two units). ASCII is read from TOKEN_KIND (2: a leet character).
 */
function tokenKind(line: string, i: number): number {
  const cp = line.codePointAt(i)!;
  if (!LETTER_OR_NUMBER.test(String.fromCodePoint(cp))) return 0;
  return cp > 0xffff ? 3 : 1;
}

/**
 * SHORT_LEET_NUMBER's replacement: a maximal run of `[\p{L}\p{N}.:/-]` (its lookarounds) that is one to three of
 * `013457` has each digit read as its letter (`70` to, `41` ai, `4` a).
 */
function foldShortNumbers(text: string): string {
  let out = "";
  let copied = 0;
  SHORT_LEET_DIGIT.lastIndex = 0;
  while (SHORT_LEET_DIGIT.test(text)) {
    // The scan resumes after each run, so `first` starts a maximal run of the six digits.
    const first = SHORT_LEET_DIGIT.lastIndex - 1;
    let end = first + 1;
    while (end < text.length && text.charCodeAt(end) < 128 && NUMBER_WORD_CHAR[text.charCodeAt(end)] === 2)
      end++;
    SHORT_LEET_DIGIT.lastIndex = end;
    if (end - first > 3 || numberWordCharBefore(text, first) || numberWordCharAt(text, end)) continue;
    out += text.slice(copied, first);
    for (let k = first; k < end; k++) out += LEET_FOLD[text[k]!]!;
    copied = end;
  }
  return copied === 0 ? text : out + text.slice(copied);
}

const SHORT_LEET_DIGIT = /[013457]/g;

/** Whether the code point that ends before `i` is in `[\p{L}\p{N}.:/-]`. */
function numberWordCharBefore(text: string, i: number): boolean {
  if (i === 0) return false;
  const c = text.charCodeAt(i - 1);
  if (c < 128) return NUMBER_WORD_CHAR[c] !== 0;
  const pair = c >= 0xdc00 && c <= 0xdfff && i >= 2 && (text.charCodeAt(i - 2) & 0xfc00) === 0xd800;
  return LETTER_OR_NUMBER.test(String.fromCodePoint(pair ? text.codePointAt(i - 2)! : c));
}

/** Whether the code point at `i` is in `[\p{L}\p{N}.:/-]` (false at the end). */
function numberWordCharAt(text: string, i: number): boolean {
  if (i >= text.length) return false;
  const c = text.charCodeAt(i);
  if (c < 128) return NUMBER_WORD_CHAR[c] !== 0;
  return LETTER_OR_NUMBER.test(String.fromCodePoint(text.codePointAt(i)!));
}

/** BASE64's body `[A-Za-z0-9+/]` by kind: 1 a lower-case letter, 2 a digit, `+` or `/`, 3 an upper-case letter. */
const BASE64_KIND = new Uint8Array(128);
for (const ch of "abcdefghijklmnopqrstuvwxyz") BASE64_KIND[ch.charCodeAt(0)] = 1;
for (const ch of "0123456789+/") BASE64_KIND[ch.charCodeAt(0)] = 2;
for (const ch of "ABCDEFGHIJKLMNOPQRSTUVWXYZ") BASE64_KIND[ch.charCodeAt(0)] = 3;

function isLowerAscii(c: number): boolean {
  return c >= 0x61 && c <= 0x7a;
}

/** LEET_TOKEN's class `[\p{L}\p{N}@$|]`: ASCII by table (1 a token character, 2 also a leet character). */
const TOKEN_KIND = new Uint8Array(128);
for (const ch of "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ26") TOKEN_KIND[ch.charCodeAt(0)] = 1;
for (const ch of "01345789@$|") TOKEN_KIND[ch.charCodeAt(0)] = 2;
const LETTER_OR_NUMBER = /^[\p{L}\p{N}]$/u;

/** SHORT_LEET_NUMBER's class `[\p{L}\p{N}.:/-]`, ASCII: 1 inside, 2 one of the digits it folds (`013457`). */
const NUMBER_WORD_CHAR = new Uint8Array(128);
for (const ch of "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.:/-")
  NUMBER_WORD_CHAR[ch.charCodeAt(0)] = 1;
for (const ch of "013457") NUMBER_WORD_CHAR[ch.charCodeAt(0)] = 2;

function isLowerAlnum(c: number): boolean {
  return (c >= 0x61 && c <= 0x7a) || (c >= 0x30 && c <= 0x39);
}

/** `[A-Za-z0-9+/=_-]`: the characters the BASE64 and HEX lookarounds treat as part of a run. */
const RUN_CHAR = new Uint8Array(128);
for (const ch of "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=_-")
  RUN_CHAR[ch.charCodeAt(0)] = 1;
const MIN_RUN = 24;

function isRunChar(input: string, i: number): boolean {
  const c = input.charCodeAt(i);
  return c < 128 && RUN_CHAR[c] === 1;
}

/** The end of the run of RUN_CHAR characters that starts at `from`. */
function runEnd(input: string, from: number): number {
  let end = from;
  while (end < input.length && isRunChar(input, end)) end++;
  return end;
}

/**
 * The start of the next maximal run of RUN_CHAR characters at least MIN_RUN long at or after `from` (which is 0 or
 * follows a character outside the class), or -1. It looks at the character MIN_RUN - 1 ahead of a possible run
 * start first: in prose that is usually inside a short word, and the scan back from it to the word's start finds
 * the next possible start, so most characters are never read.
 */
function nextLongRun(input: string, from: number): number {
  // Invariant: `start` is 0 or follows a character outside the class, so a run found from it is maximal on the left.
  let start = from;
  while (start + MIN_RUN <= input.length) {
    const probe = start + MIN_RUN - 1;
    if (!isRunChar(input, probe)) {
      start = probe + 1;
      continue;
    }
    let back = probe - 1;
    while (back >= start && isRunChar(input, back)) back--;
    if (back < start) return start;
    start = back + 1;
  }
  return -1;
}

const SPACED_RUN_AT = new RegExp(SPACED_RUN.source, "y");
/**
 * Six one-character tokens (`\\?\S`, each with a space before and after it) separated by one to three spaces: the
 * second to seventh tokens of every SPACED_RUN match (a match has at least eight, and each of those six has its
 * own gap before it and the next token's gap after it). Its leftmost position in a match is from one (a one-unit
 * first token) to four (a two-unit first token, then three spaces) units after the match's start.
 */
const SPACED_CHAIN = / \\?\S {1,3}\\?\S {1,3}\\?\S {1,3}\\?\S {1,3}\\?\S {1,3}\\?\S /g;
const CHAIN_LEAD = 4;

/**
 * The next SPACED_RUN match at or after `from`, as the global regex would find it. It is tried only at the starts
 * SPACED_CHAIN leaves possible: from CHAIN_LEAD before each of its positions to the position itself. Every match
 * has a chain position within that distance after its start, and the chain positions are visited in text order,
 * one by one, so the first start that matches is the leftmost match. Prose has no such chain, and the search is
 * one regex scan.
 */
function nextSpacedRun(text: string, from: number): RegExpExecArray | null {
  let tried = from;
  for (let at = spacedChainAt(text, from); at !== -1; at = spacedChainAt(text, at + 1)) {
    for (let p = Math.max(tried, at - CHAIN_LEAD); p <= at; p++) {
      const m = spacedRunAt(text, p);
      if (m !== null) return m;
    }
    tried = at + 1;
  }
  return null;
}

/** The first position at or after `from` where SPACED_CHAIN matches, or -1. */
export function spacedChainAt(text: string, from: number): number {
  SPACED_CHAIN.lastIndex = from;
  return SPACED_CHAIN.exec(text)?.index ?? -1;
}

function spacedRunAt(text: string, p: number): RegExpExecArray | null {
  if (text.charCodeAt(p) === 0x20) return null;
  if (p > 0) {
    const before = text.charCodeAt(p - 1);
    if ((before >= 0x61 && before <= 0x7a) || (before >= 0x30 && before <= 0x39)) return null;
  }
  SPACED_RUN_AT.lastIndex = p;
  return SPACED_RUN_AT.exec(text);
}

/** Strict UTF-8 with at least 90% printable characters and some letters; otherwise not text. */
function decodeText(bytes: Buffer): string | undefined {
  if (bytes.length < 12) return undefined;
  // Most base64-looking runs (paths, ids) decode to bytes that are not UTF-8: checked without the decoder's throw.
  if (!isUtf8(bytes)) return undefined;
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    return undefined;
  }
  let printable = 0;
  let letters = 0;
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    if (cp >= 0x20 || cp === 0x0a || cp === 0x0d || cp === 0x09) printable++;
    if (/\p{L}/u.test(ch)) letters++;
  }
  const length = [...text].length;
  return printable >= length * 0.9 && letters >= length * 0.4 ? text : undefined;
}
