import { classifyInvisible } from "../../sanitizer/invisible-chars.js";
import { SegmentMap } from "../../scan/offset-map.js";
import { CONFUSABLE_FOLDS } from "./confusables.js";
import { OddRuns, printableAscii } from "./fold-runs.js";
import { isRegexSpace } from "./instruction-span.js";

/**
 * Produces the text the injection phrases are matched against: lower case, invisible characters dropped, Unicode
 * compatibility forms and Latin lookalikes folded to ASCII, diacritics removed. Matches on that text are mapped back
 * to the original string through `toOriginal`, so reported offsets always point into what the caller passed in.
 *
 * Printable ASCII (the common case) is passed through as `toLowerCase()`, which keeps every offset, so no map is
 * built. Otherwise ASCII runs are copied in slices and only the other code points go through the per-character path.
 */

export interface MatchableText {
  /** Lower-cased, folded text; whitespace characters are kept one-for-one (mapped to a space), not collapsed. */
  readonly text: string;
  /** Maps a `[start, end)` range of `text` to the original string. */
  toOriginal(start: number, end: number): [number, number];
}

/** The runs of units outside printable ASCII, tab, LF and CR of the text being folded (one fold at a time). */
const oddRuns = new OddRuns();
const COMBINING_MARKS = /\p{M}/gu;
const WHITESPACE = /\s/;
const FOLD_CACHE_LIMIT = 8192;
const foldCache = new Map<number, string>();

/** Offsets of ASCII text are unchanged by lower-casing. One shared function: no closure per string. */
function identityRange(start: number, end: number): [number, number] {
  return [start, end];
}

export function toMatchableText(input: string): MatchableText {
  return foldText(input, true);
}

/**
 * Like `toMatchableText`, but printable ASCII keeps its case: the text the detector matches with case-insensitive
 * (`i`) regexes. Pure ASCII is returned as is, and in mixed text only the non-ASCII code points are folded (their
 * folds are lower case already). Skipping the lower-casing measured (1 MB, medians of interleaved rounds) fold
 * 2.8 -> 1.6 ms on the corpus mix (two-byte text, where `toLowerCase` of every slice is the slow ICU path) and
 * 0.8 -> 0.5 ms on the ASCII bench text (what is left is the printable-ASCII test). Why `i` on this text matches
 * exactly what the case-sensitive rules match on the lower-cased text is argued in `index.ts`.
 */
export function toFoldedText(input: string): MatchableText {
  return foldText(input, false);
}

/** The string last tested by `isPrintableAscii`, and the answer. */
let lastTested: string | undefined;
let lastPrintable = false;

/**
 * Whether `input` is printable ASCII, tab, LF and CR only: text no fold changes but for case. The phrase rules'
 * fold and the structure detector's reading view ask it of the same string one after the other in a check, so the
 * last answer is kept (one entry) and the string is scanned once.
 */
export function isPrintableAscii(input: string): boolean {
  if (input !== lastTested) {
    lastPrintable = printableAscii(input);
    lastTested = input;
  }
  return lastPrintable;
}

function foldText(input: string, lowerAscii: boolean): MatchableText {
  const lower = lowerAscii ? (ascii: string) => ascii.toLowerCase() : (ascii: string) => ascii;
  if (isPrintableAscii(input)) return { text: lower(input), toOriginal: identityRange };
  const sink = new StringSink(lower);
  const toOriginal = foldMixed(input, foldCodePoint, sink)!;
  return { text: sink.text, toOriginal };
}

/**
 * JSON-escaped whitespace (`\n`, `\r`, `\t` as a backslash and a letter) read as whitespace: a tool output that is
 * JSON text holds each line of a string behind such an escape, and the letter glued to the next line's first word
 * (`...\nIgnore previous instructions`) hid its lead word from the word-boundary trigger scan. Two characters become
 * two spaces, so offsets are unchanged; text without a backslash is returned as is.
 */
const ESCAPED_SPACE = /\\[nrt]/g;

export function openEscapes(text: string): string {
  return text.includes("\\") ? text.replace(ESCAPED_SPACE, "  ") : text;
}

/**
 * What the phrase rules read of a text holding a character outside printable ASCII: `toFoldedText`'s fold with its
 * JSON escapes opened (`openEscapes`) and every UTF-16 unit outside ASCII that no reader tells apart from another
 * standing in as one of two one-byte characters (`standIn`). Offsets and the offset map are the fold's (one unit for
 * one). The escapes are opened slice by slice as the fold copies its ASCII runs: an escape is two printable ASCII
 * characters, so none spans a run of other characters.
 */
export function toPhraseText(input: string): MatchableText {
  const sink = new StringSink(openEscapes);
  const toOriginal = foldMixed(input, phraseFold, sink)!;
  return { text: sink.text, toOriginal };
}

/** The phrase text (`toPhraseText`) as one byte per UTF-16 unit, every unit below 0x100 (Latin-1). */
export interface PhraseBytes {
  /** The text in bytes [0, length): a buffer reused by the next call. */
  readonly bytes: Uint8Array;
  readonly length: number;
  readonly toOriginal: MatchableText["toOriginal"];
  /** `toPhraseText(input).text`, decoded from the bytes (a one-byte string); call before the next fold. */
  text(): string;
}

/**
 * `toPhraseText` written into a reused byte buffer instead of a string, or undefined when a unit of it is not below
 * 0x100 (a quote the stand-ins keep: `„`). The text is a string only if a reader asks for it (`text`); a slice of a
 * two-byte input is a two-byte string even where it holds only ASCII, so the string fold of such an input stays
 * two-byte, and the decoded bytes do not.
 */
export function toPhraseBytes(input: string): PhraseBytes | undefined {
  const sink = new ByteSink(input);
  const toOriginal = foldMixed(input, phraseFold, sink);
  if (toOriginal === undefined) return undefined;
  sink.toOriginal = toOriginal;
  return sink;
}

/** Where a fold writes: the ASCII runs between the characters it folds, and each character's fold. */
interface FoldSink {
  /** Copies input[from, to): printable ASCII, tab, LF and CR. */
  copy(input: string, from: number, to: number): void;
  /** Appends one character's fold; false when this sink cannot hold it (the fold stops). */
  add(folded: string): boolean;
}

class StringSink implements FoldSink {
  text = "";
  constructor(readonly copyAscii: (ascii: string) => string) {}
  copy(input: string, from: number, to: number): void {
    this.text += this.copyAscii(input.slice(from, to));
  }
  add(folded: string): boolean {
    this.text += folded;
    return true;
  }
}

/** The byte buffer kept between folds (one at a time: `detect` is never re-entered), if at most this long. */
const KEPT_BYTES = 1 << 20;
let keptBytes = new Uint8Array(0);
let viewed: Uint8Array | undefined;
let view: Buffer | undefined;

/** A Buffer over the same memory as `bytes` (the last one asked for is kept: the sink asks for one buffer at a time). */
function latin1View(bytes: Uint8Array): Buffer {
  if (viewed !== bytes || view === undefined) {
    view = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
    viewed = bytes;
  }
  return view;
}

/**
 * The phrase text as Latin-1 bytes, escapes opened (`openEscapes`, read off the input's backslashes). The sink is
 * the fold's result (`toPhraseBytes`): a fold makes no other object.
 */
class ByteSink implements FoldSink, PhraseBytes {
  bytes: Uint8Array;
  length = 0;
  toOriginal: MatchableText["toOriginal"] = identityRange;
  /** The input's first backslash at or after the last copy's start (-1: none left). */
  #backslash = -2;

  /**
   * Sized for the input (the fold's length is near its length: it grows past it only by what folds to more), and
   * the input's units written in at once, each as its low byte: where the fold so far is as long as the input read
   * (every fold one for one, the common case), an ASCII run is in place already.
   */
  constructor(input: string) {
    if (keptBytes.length < input.length + 64) {
      const bytes = new Uint8Array(input.length + 64);
      if (bytes.length <= KEPT_BYTES) keptBytes = bytes;
      this.bytes = bytes;
    } else this.bytes = keptBytes;
    latin1View(this.bytes).write(input, 0, input.length, "latin1");
  }

  text(): string {
    return latin1View(this.bytes).toString("latin1", 0, this.length);
  }

  copy(input: string, from: number, to: number): void {
    const n = to - from;
    this.#room(n);
    const at = this.length;
    const bytes = this.bytes;
    if (at === from) {
      // In place since the constructor: every byte written since is before `at` (and growing copies every byte).
    } else if (n < 32) for (let i = 0; i < n; i++) bytes[at + i] = input.charCodeAt(from + i);
    else latin1View(bytes).write(input.slice(from, to), at, n, "latin1");
    if (this.#backslash !== -1 && this.#backslash < from) this.#backslash = input.indexOf("\\", from);
    // An escape is a backslash and `n`, `r` or `t` right after it, both inside this ASCII run.
    while (this.#backslash !== -1 && this.#backslash < to - 1) {
      const k = this.#backslash;
      const c = input.charCodeAt(k + 1);
      if (c === 0x6e || c === 0x72 || c === 0x74) {
        bytes[at + k - from] = 0x20;
        bytes[at + k - from + 1] = 0x20;
      }
      this.#backslash = input.indexOf("\\", k + 1);
    }
    this.length += n;
  }

  add(folded: string): boolean {
    this.#room(folded.length);
    for (let i = 0; i < folded.length; i++) {
      const c = folded.charCodeAt(i);
      if (c > 0xff) return false;
      this.bytes[this.length++] = c;
    }
    return true;
  }

  #room(n: number): void {
    if (this.length + n <= this.bytes.length) return;
    const grown = new Uint8Array(Math.max(this.bytes.length * 2, this.length + n));
    grown.set(this.bytes);
    this.bytes = grown;
    if (grown.length <= KEPT_BYTES) keptBytes = grown;
  }
}

const phraseFolds = new Map<number, string>();

/** `foldCodePoint` with each unit outside ASCII replaced by its stand-in. */
function phraseFold(cp: number): string {
  const cached = phraseFolds.get(cp);
  if (cached !== undefined) return cached;
  const folded = foldCodePoint(cp);
  let out = "";
  for (let i = 0; i < folded.length; i++) out += standIn(folded.charCodeAt(i));
  if (phraseFolds.size < FOLD_CACHE_LIMIT) phraseFolds.set(cp, out);
  return out;
}

/**
 * Quotes whose kind the quoted-mention check reads (quoted-mention.ts: its openers and closers; the rules' sources
 * hold no other character outside ASCII, a unit test checks it).
 */
const READ_QUOTES = new Set([0xab, 0xbb, 0x2018, 0x2019, 0x201c, 0x201d, 0x201e]);
const LETTER = /\p{L}/u;
/** A letter outside ASCII as one stand-in: `\p{L}`, not `\w`, not `\s`, no case; one byte in a V8 string. */
export const LETTER_STAND_IN = "\xaa";
/** Any other unit outside ASCII (a symbol, half of a surrogate pair): not `\w`, not `\s`, not a line break. */
export const OTHER_STAND_IN = "\x01";

/**
 * A unit outside ASCII of the fold, as the phrase rules read it, or the unit itself. Every reader of the phrase text
 * tells such units apart only as: `\s` (and the other regex spaces, kept), a quote the quoted-mention check reads
 * (kept), a letter (`\p{L}`, the quoted-mention check's apostrophe test), or none of these; word characters (`\w`,
 * `\b` without the `u` flag) are ASCII, and no unit outside ASCII matches an ASCII one under `i` without `u`. For the
 * trigger pass, both stand-ins are, like every unit outside ASCII, space-like and no word character; the pass counts
 * a run of such bytes as one unit at most, however many bytes a character takes. Exported for tests.
 */
export function standIn(unit: number): string {
  if (unit < 0x80) return String.fromCharCode(unit);
  if (unit >= 0xd800 && unit <= 0xdfff) return OTHER_STAND_IN;
  const ch = String.fromCharCode(unit);
  if (isRegexSpace(unit) || READ_QUOTES.has(unit)) return ch;
  return LETTER.test(ch) ? LETTER_STAND_IN : OTHER_STAND_IN;
}

/**
 * The fold of text holding a character outside printable ASCII: each run of such characters found by `OddRuns` (the
 * ASCII between runs is copied in slices, never looked at character by character in JavaScript), and the offset map
 * gets a segment only where the fold's offsets stop running one for one with the input's (a dropped invisible
 * character, a character folded to more or fewer units, a surrogate pair as one block, and the linear run after
 * each). A segment that would continue the linear run before it is never added, so the map is the one a segment call
 * per ASCII run and per character builds (SegmentMap merges such calls): test/property/injection-fold.property.test.ts
 * compares the two. Text no fold changes in length but for ASCII case (typographic quotes, accented letters, CJK:
 * most non-ASCII prose) keeps the identity map.
 */
function foldMixed(
  input: string,
  foldCodePoint: (cp: number) => string,
  sink: FoldSink,
): MatchableText["toOriginal"] | undefined {
  // Made at the first character that does not fold one for one (most texts have none): until then the map would
  // hold one linear segment from 0 if anything came before, which it is given then.
  let map: SegmentMap | undefined;
  let copied = 0;
  let length = 0;
  // Whether the map's last segment is linear and runs one for one up to here (a linear segment here would merge).
  let linear = false;
  // Whether every character so far folded one for one: the map is then one linear segment from 0, the identity.
  let oneForOne = true;
  const { count, runs } = oddRuns.of(input);
  for (let r = 0; r < 2 * count; r += 2) {
    const runStart = runs[r]!;
    const runEnd = runs[r + 1]!;
    if (runStart > copied) {
      if (!linear) map?.addLinear(length, copied);
      linear = true;
      sink.copy(input, copied, runStart);
      length += runStart - copied;
    }
    for (let i = runStart; i < runEnd; ) {
      const code = input.charCodeAt(i);
      const width =
        isHighSurrogate(code) && i + 1 < runEnd && isLowSurrogate(input.charCodeAt(i + 1)) ? 2 : 1;
      const folded = foldCodePoint(width === 2 ? input.codePointAt(i)! : code);
      if (folded.length === 1 && width === 1) {
        if (!linear) map?.addLinear(length, i);
        linear = true;
      } else {
        if (map === undefined) {
          map = new SegmentMap();
          if (linear) map.addLinear(0, 0);
        }
        if (folded.length > 0) map.addBlock(length, i, width);
        linear = false;
        oneForOne = false;
      }
      if (!sink.add(folded)) return undefined;
      length += folded.length;
      i += width;
    }
    copied = runEnd;
  }
  if (copied < input.length) {
    if (!linear) map?.addLinear(length, copied);
    sink.copy(input, copied, input.length);
  }
  if (oneForOne || map === undefined) return identityRange;
  const segments = map;
  return (start, end) => segments.toOriginal(start, end);
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}

/** What one non-ASCII code point becomes: "" (dropped), " " (whitespace) or one or more folded characters. */
export function foldCodePoint(cp: number): string {
  const cached = foldCache.get(cp);
  if (cached !== undefined) return cached;
  const folded = computeFold(cp);
  if (foldCache.size < FOLD_CACHE_LIMIT) foldCache.set(cp, folded);
  return folded;
}

function computeFold(cp: number): string {
  if (classifyInvisible(cp) !== undefined) return "";
  if (cp >= 0xd800 && cp <= 0xdfff) return " "; // a lone surrogate separates words like any unknown symbol
  const direct = CONFUSABLE_FOLDS.get(cp);
  if (direct !== undefined) return direct;
  const char = String.fromCodePoint(cp);
  if (WHITESPACE.test(char)) return " ";
  let result = "";
  for (const piece of char.normalize("NFKD").replace(COMBINING_MARKS, "")) result += foldPiece(piece);
  return result;
}

/** Latin letters NFKD leaves whole that are written as two ASCII letters (lower case; `ẞ` lower-cases to `ß`). */
const LATIN_PAIRS: ReadonlyMap<string, string> = new Map([
  ["ß", "ss"],
  ["æ", "ae"],
  ["œ", "oe"],
]);
const LATIN = /\p{Script=Latin}/u;

/**
 * One character of a code point's decomposition, marks removed: its lookalike fold, else lower case. A Latin letter
 * folds as its lower case does ("Ł" as "ł" -> "l", "Đ" -> "d", "Ø" -> "o"; the lookalike table lists the lower case
 * of a letter with a built-in stroke), and `LATIN_PAIRS` spell theirs, so an upper-case word folds to the same ASCII
 * as its lower case ("CAŁĄ" and "całą" -> "cala", "GROẞ" and "groß" -> "gross"). Other scripts keep the table's own
 * case rules (Cyrillic and Greek list both cases where both look Latin).
 */
function foldPiece(piece: string): string {
  const direct = CONFUSABLE_FOLDS.get(piece.codePointAt(0)!);
  if (direct !== undefined) return direct;
  const lower = piece.toLowerCase();
  if (lower === piece && !LATIN_PAIRS.has(lower)) return lower;
  if (!LATIN.test(piece)) return lower;
  return LATIN_PAIRS.get(lower) ?? CONFUSABLE_FOLDS.get(lower.codePointAt(0)!) ?? lower;
}
