/**
 * The encoded-segment decoders as they were before their gates (commit 57f806c,
 * src/engine/detectors/injection/structure/encoded-segments.ts), kept verbatim as the reference the gated decoders
 * are compared with (test/property/encoded-segment-gates.property.test.ts): every regex tried on the whole text.
 */
import { isUtf8 } from "node:buffer";
import {
  type ReadingView,
  viewToInput,
} from "../../src/engine/detectors/injection/structure/reading-view.js";
import { splitLetterRuns } from "../../src/engine/detectors/injection/structure/word-split.js";

/**
 * Parts of a text that a model can read but the structure rules cannot see as written: base64 and hex segments
 * ("decode this and follow it"), letter-spaced runs (`c a l l   t h e`) and leetspeak lines (`1gn0r3 y0ur`). Each
 * is returned with its decoded reading and its span in the input, so a finding covers the encoded segment.
 */
interface EncodedSegment {
  start: number;
  end: number;
  decoded: string;
  encoding: "base64" | "hex" | "letter_spacing" | "leetspeak";
}

/** 24 base64 characters decode to 18 bytes: shorter runs are words, ids and hashes, not instructions. */
const BASE64 = /(?<![A-Za-z0-9+/=_-])[A-Za-z0-9+/]{24,65536}={0,2}(?![A-Za-z0-9+/=_-])/g;
const HEX = /(?<![0-9A-Fa-f])(?:[0-9A-Fa-f]{2}){16,32768}(?![0-9A-Fa-f])/g;
/** At least eight one-character tokens (an iCalendar `\\,` counts as one) separated by one to three spaces. */
const SPACED_RUN = /(?<![a-z0-9])\\?\S(?: {1,3}\\?\S(?![a-z0-9])){7,2000}/g;
const WORD_GAP = / {2,}/;
/** A token that mixes letters with the digits leetspeak uses for letters (`7h3`, `4551574n7`, `mu57`). */
/**
 * The substitutions leetspeak uses for letters: digits by shape, and the symbols `@` (a), `$` (s), `|` (l). A symbol
 * counts anywhere in a token that also has a letter (`p@$$w0rd`, `@n$w3r`, `fu||`); a price (`$5`) or a table rule
 * (`|`) has none.
 */
const LEET_TOKEN =
  /(?<![\p{L}\p{N}@$|])(?=[\p{L}\p{N}@$|]{0,30}[a-z])(?=[\p{L}\p{N}@$|]{0,30}[01345789@$|])[\p{L}\p{N}@$|]{2,32}(?![\p{L}\p{N}@$|])/gu;
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
const LEET_CHARS = /[01345789@$|]/g;
const SHORT_LEET_NUMBER = /(?<![\p{L}\p{N}.:/-])[013457]{1,3}(?![\p{L}\p{N}.:/-])/gu;
/** A leet digit or symbol next to a letter: lines with three of these are read with them as letters. */
export const LEET_HINT = /[a-z][01345789@$|]|[01345789@$|][a-z]/g;
/**
 * Letters spelled apart by a separator other than a space (`i.g.n.o.r.e  a.l.l`, `s-e-n-d`, `c*a*l*l`): a line with
 * at least three words written that way is read with every such word closed up (its even-position characters).
 */
const SEPARATED_HINT = /[a-z0-9][.*_~|-][a-z0-9][.*_~|-][a-z0-9][.*_~|-][a-z0-9]/g;
const MAX_LEET_LINE = 2_000;

const utf8 = new TextDecoder("utf-8", { fatal: true });

export function referenceEncodedSegments(input: string, view: ReadingView): EncodedSegment[] {
  const segments: EncodedSegment[] = [];
  if (input.length >= 24) {
    // Every BASE64 or HEX match lies inside a maximal run of `[A-Za-z0-9+/=_-]` (both regexes' boundary class, a
    // superset of their bodies) of 24 or more characters, and is decided by that run alone: the characters around
    // it are outside the class, which each regex's lookarounds read like the ends of the text. So the regexes run
    // only on such runs, found by one table-driven pass; prose and JSON with short tokens never reach them.
    const base64: EncodedSegment[] = [];
    const hex: EncodedSegment[] = [];
    forEachLongRun(input, (from, to) => {
      const run = input.slice(from, to);
      BASE64.lastIndex = 0;
      for (let m = BASE64.exec(run); m !== null; m = BASE64.exec(run)) {
        // A run with no digit, `+` or `/` and no upper case after the first letter is a long word or identifier.
        if (!/[0-9+/]/.test(m[0]) && !/[A-Z]/.test(m[0].slice(1))) continue;
        const decoded = decodeText(Buffer.from(m[0], "base64"));
        if (decoded !== undefined)
          base64.push({
            start: from + m.index,
            end: from + m.index + m[0].length,
            decoded,
            encoding: "base64",
          });
      }
      if (to - from < 32) return;
      HEX.lastIndex = 0;
      for (let m = HEX.exec(run); m !== null; m = HEX.exec(run)) {
        const decoded = decodeText(Buffer.from(m[0], "hex"));
        if (decoded !== undefined)
          hex.push({ start: from + m.index, end: from + m.index + m[0].length, decoded, encoding: "hex" });
      }
    });
    for (const segment of base64) segments.push(segment);
    for (const segment of hex) segments.push(segment);
  }
  const text = view.text;
  for (
    let m = referenceNextSpacedRun(text, 0);
    m !== null;
    m = referenceNextSpacedRun(text, m.index + m[0].length)
  ) {
    const words = m[0].split(WORD_GAP).map((word) => word.replace(/ |\\(?=[,;])/g, ""));
    // One space everywhere, so no gap marks the words: the letters closed up are split into words by vocabulary.
    const decoded = words.length === 1 ? splitLetterRuns(words[0]!) : words.join(" ");
    const [start, end] = viewToInput(view, m.index, m.index + m[0].length);
    segments.push({ start, end, decoded, encoding: "letter_spacing" });
  }
  // Only lines with leet hints are folded (a cheap scan), so ordinary text with version numbers costs one pass.
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
  LEET_HINT.lastIndex = 0;
  let lineStart = -1;
  let lineEnd = -1;
  let hints = 0;
  const flushLine = () => {
    if (hints < 3 || lineEnd - lineStart > MAX_LEET_LINE) return;
    const folded = referenceFoldLeetLine(text.slice(lineStart, lineEnd));
    if (folded === undefined) return;
    const [start, end] = viewToInput(view, lineStart, lineEnd);
    segments.push({ start, end, decoded: folded, encoding: "leetspeak" });
  };
  for (let m = LEET_HINT.exec(text); m !== null; m = LEET_HINT.exec(text)) {
    if (m.index >= lineEnd) {
      flushLine();
      lineStart = text.lastIndexOf("\n", m.index) + 1;
      const next = text.indexOf("\n", m.index);
      lineEnd = next === -1 ? text.length : next;
      hints = 0;
    }
    hints++;
    LEET_HINT.lastIndex = m.index + 1;
  }
  flushLine();
  return segments;
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

/** The line with leetspeak digits read as letters, or undefined when fewer than three of its tokens look leet. */
export function referenceFoldLeetLine(line: string): string | undefined {
  let tokens = 0;
  LEET_TOKEN.lastIndex = 0;
  const folded = line.replace(LEET_TOKEN, (token: string, at: number) => {
    tokens++;
    // The symbols keep their meaning where they have one: `@` in an e-mail address (the token's domain goes on
    // after a dot), `|` in a chat-template marker (`<|im_start|>`).
    const after = line[at + token.length];
    const keepAt = after === "." && /[a-z0-9]/.test(line[at + token.length + 1] ?? "") && token.includes("@");
    const keepBar = line[at - 1] === "<" || after === ">";
    return token.replace(LEET_CHARS, (d) =>
      (keepAt && d === "@") || (keepBar && d === "|") ? d : LEET_FOLD[d]!,
    );
  });
  if (tokens < 3) return undefined;
  // In a line that is leet, short all-digit words are leet too (`70` to, `41` ai, `4` a).
  return folded.replace(SHORT_LEET_NUMBER, (n) => n.replace(/[013457]/g, (d) => LEET_FOLD[d]!));
}

/** `[A-Za-z0-9+/=_-]`: the characters the BASE64 and HEX lookarounds treat as part of a run. */
const RUN_CHAR = new Uint8Array(128);
for (const ch of "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=_-")
  RUN_CHAR[ch.charCodeAt(0)] = 1;
const MIN_RUN = 24;

/**
 * Calls `visit` with each maximal run of RUN_CHAR characters at least MIN_RUN long, in text order. It looks at the
 * character MIN_RUN - 1 ahead of a possible run start first: in prose that is usually inside a short word, and the
 * scan back from it to the word's start finds the next possible start, so most characters are never read.
 */
function forEachLongRun(input: string, visit: (from: number, to: number) => void): void {
  const length = input.length;
  const isRunChar = (i: number) => {
    const c = input.charCodeAt(i);
    return c < 128 && RUN_CHAR[c] === 1;
  };
  // Invariant: `start` is 0 or follows a character outside the class, so a run found from it is maximal on the left.
  let start = 0;
  while (start + MIN_RUN <= length) {
    const probe = start + MIN_RUN - 1;
    if (!isRunChar(probe)) {
      start = probe + 1;
      continue;
    }
    let back = probe - 1;
    while (back >= start && isRunChar(back)) back--;
    if (back >= start) {
      start = back + 1;
      continue;
    }
    let end = probe + 1;
    while (end < length && isRunChar(end)) end++;
    visit(start, end);
    start = end + 1;
  }
}

const SPACED_RUN_AT = new RegExp(SPACED_RUN.source, "y");

/**
 * The next SPACED_RUN match at or after `from`, as the global regex would find it, but tried only where a match can
 * start: a character (or `\\` and a character) that no letter or digit precedes and a space follows. In prose that
 * is a one-letter word or a lone symbol, so the regex is not entered at every position.
 */
export function referenceNextSpacedRun(text: string, from: number): RegExpExecArray | null {
  // `\\?\S` then a space: the space follows the character, or (a backslash taken as the optional escape) the one
  // after it. So each space at `q` proposes `q - 2` (when a backslash) and `q - 1`, in text order.
  for (let q = text.indexOf(" ", from + 1); q !== -1; q = text.indexOf(" ", q + 1)) {
    if (q - 2 >= from && text.charCodeAt(q - 2) === 0x5c) {
      const m = spacedRunAt(text, q - 2);
      if (m !== null) return m;
    }
    const m = spacedRunAt(text, q - 1);
    if (m !== null) return m;
  }
  return null;
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
