/**
 * Where the scorer cuts a text into the units it scores: lines (real or JSON-escaped breaks), then sentences inside
 * a line (`.`, `!`, `?`, `;` before a space, and the CJK full stops anywhere), then the data a sentence is made of
 * (the fields of JSON text, the values of a list or a CSV row), and a long run without any of these in windows of
 * at most a sentence's size that end at a space. A planted instruction in a long benign document is then scored on
 * its own, not diluted by the document; a list of values is scored value by value, never as one "sentence" (a
 * comma-separated list of 30 e-mail addresses once scored as one 583-character instruction); and the finding covers
 * the sentence or the value, so `neutralise` cuts that.
 *
 * `forEachSegment` is the reference: training reads it, and inference runs the same segmentation in
 * wasm/injection-scorer.ts (scorer-wasm.ts), which test/property/injection-scorer-wasm.property.test.ts checks
 * against it. Change both.
 */

import { isRegexSpace } from "../instruction-span.js";
import { blankQuotedMentions } from "../quoted-mention.js";
import { mayOpenQuotedSpeech, quotedSpeechRanges } from "../reported-speech.js";

/**
 * The text the model reads: the reading view with every quoted mention (a short quotation after a naming word,
 * "phrases such as "ignore all previous instructions"") blanked to spaces, so writing about an attack is scored on
 * what it says around the quotation, not on the attack it names. Same length, so offsets carry over. Training
 * (bench/scorer/train.ts) reads documents through this too.
 */
export function scoringText(view: string): string {
  const mentions = mayHoldQuotedMention(view) ? (blankQuotedMentions(view) ?? view) : view;
  return blankSpeech(view, mentions);
}

/**
 * `blanked` with the quotations of quoted speech in `view` (reported-speech.ts: the words of a page, a ticket or a
 * payload, quoted after what says so) blanked too: found on the view, as the module's path finds them.
 */
function blankSpeech(view: string, blanked: string): string {
  const quotes: number[] = [];
  for (const quote of ['"', "\u201c"])
    for (let q = view.indexOf(quote); q !== -1; q = view.indexOf(quote, q + 1))
      if (mayOpenQuotedSpeech(view, q)) quotes.push(q);
  const ranges: number[] = [];
  if (quotes.length === 0 || quotedSpeechRanges(view, quotes, quotes.length, ranges) === 0) return blanked;
  let out = blanked;
  for (let r = 0; r < ranges.length; r += 2)
    out = out.slice(0, ranges[r]) + " ".repeat(ranges[r + 1]! - ranges[r]!) + out.slice(ranges[r + 1]);
  return out;
}

/**
 * The last word of each naming cue of quoted-mention.ts (`such as` -> `as`), and the attack nouns of its second form
 * (a noun, at most 30 characters, then `,` or `:`). test/unit/injection-scorer-gate.test.ts checks this list against
 * the cue pattern, so a cue added there without its word here fails a test.
 */
export const CUE_LAST_WORDS: ReadonlySet<string> = new Set(
  "to as like e.g. i.e. example instance phrase phrases string strings sentence sentences wording wordings words text texts quote quotes quoted quoting contain contains containing contained of why called named matches matching match pattern patterns follows followed obeys obeyed rewrite rephrase paraphrase typed pasted planted embedded injected inserted hid".split(
    " ",
  ),
);
const ATTACK_NOUN = /attack|attempt|injection|jailbreak|payload|phishing|malicious|lure/i;
/** The opening quotes of quoted-mention.ts. */
const OPENING_QUOTES = ['"', "'", "\u201c", "\u2018", "\u00ab", "\u201e"];
/** How far before its `,` / `:` an attack noun of the second form can start (noun, then at most 30 characters). */
const NOUN_REACH = 48;
/** CUE_LAST_WORDS by their last character's code, so a word before a quote is compared with few of them. */
const CUES_BY_LAST = new Map<number, string[]>();
for (const word of CUE_LAST_WORDS) {
  const last = word.charCodeAt(word.length - 1);
  CUES_BY_LAST.set(last, [...(CUES_BY_LAST.get(last) ?? []), word]);
}

/**
 * Whether `text` may hold a quoted mention: some opening quote has, at most three regex spaces before it, the end of
 * a naming cue (one of CUE_LAST_WORDS, in any ASCII case, ending right there; or a `,` / `:` after one of them or
 * after an attack noun). A necessary condition of quoted-mention.ts's cue-then-quote pattern, read at each quote
 * from its end, so most texts (quotes after ordinary words: `don't`, `"key":`) skip that pattern's scan.
 */
export function mayHoldQuotedMention(text: string): boolean {
  for (const quote of OPENING_QUOTES)
    for (let q = text.indexOf(quote); q !== -1; q = text.indexOf(quote, q + 1))
      if (mayOpenQuotedMention(text, q)) return true;
  return false;
}

/**
 * Whether the opening quote at `q` may follow a naming cue (`mayHoldQuotedMention`, at one quote). A data format's
 * escape before it (`\"` in JSON, `""` in CSV: the pattern's optional escape unit) is stepped over.
 */
export function mayOpenQuotedMention(text: string, q: number): boolean {
  const before = text.charCodeAt(q - 1);
  if ((before === 0x5c || before === 0x22) && text.charCodeAt(q) === 0x22 && followsCue(text, q - 1))
    return true;
  return followsCue(text, q);
}

/** Whether a naming cue may end, at most three regex spaces before `q`. */
function followsCue(text: string, q: number): boolean {
  let k = q - 1;
  for (let s = 0; s < 3 && k >= 0 && isRegexSpace(text.charCodeAt(k)); s++) k--;
  if (k < 0) return false;
  const c = text.charCodeAt(k);
  if (c === 0x2c || c === 0x3a) return endsWithCueWord(text, k) || nounBefore(text, k);
  return endsWithCueWord(text, k + 1);
}

/**
 * Whether an attack noun of the second cue form can end before the `,` / `:` at `k`: between the noun and it come at
 * most 30 units none of which is `.!?:"` or a line break, so the noun lies in the run of such units before `k`.
 */
function nounBefore(text: string, k: number): boolean {
  let from = k;
  while (from > 0 && k - from < NOUN_REACH && !endsNounGap(text.charCodeAt(from - 1))) from--;
  // The shortest noun (`lure`) has four letters.
  return k - from >= 4 && ATTACK_NOUN.test(text.slice(from, k));
}

/** The units the second cue form's gap `[^.!?:"\n]` leaves out. */
function endsNounGap(c: number): boolean {
  return c === 0x2e || c === 0x21 || c === 0x3f || c === 0x3a || c === 0x22 || c === 0x0a;
}

/** Whether `text[.., end)` ends with a word of CUE_LAST_WORDS in any ASCII case (the pattern's `\b` before it unchecked). */
function endsWithCueWord(text: string, end: number): boolean {
  const words = CUES_BY_LAST.get(text.charCodeAt(end - 1) | 0x20);
  if (words === undefined) return false;
  for (const word of words) {
    const from = end - word.length;
    if (from < 0) continue;
    let k = 0;
    // `| 0x20` lower-cases an ASCII letter and keeps `.` (U+000E reads as a dot too: more texts pass, never fewer).
    while (k < word.length && (text.charCodeAt(from + k) | 0x20) === word.charCodeAt(k)) k++;
    if (k === word.length) return true;
  }
  return false;
}

/** The longest unit scored: a sentence-sized window. A longer run is scored in windows that end at a space. */
export const MAX_SEGMENT = 300;

/**
 * Called for each segment `[start, end)`, trimmed of spaces. `line` numbers the line it sits in; each field or value
 * of data gets a number of its own, so two adjacent segments are scored as a pair only when they are sentences of
 * one line of prose, never two values of a list.
 */
export type SegmentVisitor = (start: number, end: number, line: number) => void;

function isBlank(c: number): boolean {
  return c === 0x20 || c === 0x09 || c === 0x0d || c === 0xa0 || c === 0x3000;
}

/**
 * A line break, a JSON-escaped line break (`\n` or `\r` written as backslash and letter, not after another
 * backslash: a commit or a diff returned as one JSON string has its lines only so), a CJK full stop, or `.!?;` before
 * a space. The escaped break makes the span of a finding one line of such a string, not the whole string.
 */
const BOUNDARY = /[\n\u2028\u2029\u3002\uff01\uff1f]|(?<!\\)\\[nr]|[.!?;](?=[ \t\r\u00a0\u3000])/g;

/**
 * JSON text in a sentence: a key (`"name":`), two strings in a row (`"a", "b"`) or a string opening an array or
 * object. Only such a sentence is split at JSON's structural characters, so prose that quotes ("he said: "...")
 * keeps its sentences whole.
 */
const JSON_HINT = /"[^"\n]{0,80}"\s*:|"\s*,\s*"|[[{]\s*"/g;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;

function isStructural(c: number): boolean {
  // { } [ ] , :
  return c === 0x7b || c === 0x7d || c === 0x5b || c === 0x5d || c === 0x2c || c === 0x3a;
}

/** A list separator of delimited data: `,`, `|` or a tab. */
function isListSeparator(c: number): boolean {
  return c === 0x2c || c === 0x7c || c === 0x09;
}

/** The next non-blank code unit at or after `i` going by `step`, or -1 past `[from, to)`. */
function neighbour(text: string, i: number, step: 1 | -1, from: number, to: number): number {
  for (let k = i; k >= from && k < to; k += step) {
    const c = text.charCodeAt(k);
    if (!isBlank(c)) return c;
  }
  return -1;
}

/** An unescaped double quote at `k`. */
function isQuoteAt(text: string, k: number): boolean {
  return text.charCodeAt(k) === QUOTE && text.charCodeAt(k - 1) !== BACKSLASH;
}

/**
 * The fields of JSON text in `[from, to)`: split at each structural character next to a quote, another structural
 * character or the sentence's end (`"id":100,"name":"Ann"` gives `id`, `100`, `name`, `Ann`); a comma inside a
 * string value (`"note":"Assistant, stop"`) has letters on both sides and stays. Each field loses its quotes.
 */
function jsonFields(text: string, from: number, to: number, piece: (a: number, b: number) => void): void {
  let start = from;
  for (let k = from; k < to; k++) {
    const c = text.charCodeAt(k);
    if (!isStructural(c)) continue;
    const before = neighbour(text, k - 1, -1, from, to);
    const after = neighbour(text, k + 1, 1, from, to);
    const beforeQuote = before === QUOTE && isQuoteAt(text, lastNonBlank(text, k - 1, from));
    const next = firstNonBlank(text, k + 1, to);
    const afterQuote = after === QUOTE && isQuoteAt(text, next);
    if (
      beforeQuote ||
      afterQuote ||
      before === -1 ||
      after === -1 ||
      isStructural(before) ||
      isStructural(after)
    ) {
      piece(start, k);
      start = k + 1;
    }
  }
  piece(start, to);
}

function lastNonBlank(text: string, i: number, from: number): number {
  let k = i;
  while (k >= from && isBlank(text.charCodeAt(k))) k--;
  return k;
}

function firstNonBlank(text: string, i: number, to: number): number {
  let k = i;
  while (k < to && isBlank(text.charCodeAt(k))) k++;
  return k;
}

/**
 * The separator of a list in `[from, to)`, or -1 when it is no list: at least three of one separator outside double
 * quotes (a CSV cell's own commas stay), and on average at most two words a value (a list of addresses, numbers or
 * names; a CSV row with a sentence in a cell is left whole, its cells are split by `cutBounds` when it is reported).
 */
/** The first index of `sorted` whose value is at least `value`. */
function lowerBound(sorted: readonly number[], value: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid]! < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Separator positions of a whole text, found by one native scan, so a sentence with fewer than three is ruled out
 * without reading it character by character (most prose sentences). */
const SEPARATORS = /[,|\t]/g;

function separatorPositions(text: string): number[] {
  const out: number[] = [];
  SEPARATORS.lastIndex = 0;
  for (let m = SEPARATORS.exec(text); m !== null; m = SEPARATORS.exec(text)) out.push(m.index);
  return out;
}

function listSeparator(text: string, from: number, to: number, separators: readonly number[]): number {
  if (lowerBound(separators, to) - lowerBound(separators, from) < 3) return -1;
  let commas = 0;
  let pipes = 0;
  let tabs = 0;
  let words = 0;
  let quoted = false;
  let inWord = false;
  for (let k = from; k < to; k++) {
    const c = text.charCodeAt(k);
    if (c === QUOTE) quoted = !quoted;
    else if (!quoted && c === 0x2c) commas++;
    else if (!quoted && c === 0x7c) pipes++;
    else if (!quoted && c === 0x09) tabs++;
    const wordy = !isBlank(c) && !isListSeparator(c);
    if (wordy && !inWord) words++;
    inWord = wordy;
  }
  const most = Math.max(commas, pipes, tabs);
  if (most < 3 || words > 2 * (most + 1)) return -1;
  return most === commas ? 0x2c : most === pipes ? 0x7c : 0x09;
}

function listValues(
  text: string,
  from: number,
  to: number,
  separator: number,
  piece: (a: number, b: number) => void,
): void {
  let start = from;
  let quoted = false;
  for (let k = from; k < to; k++) {
    const c = text.charCodeAt(k);
    if (c === QUOTE) quoted = !quoted;
    else if (!quoted && c === separator) {
      piece(start, k);
      start = k + 1;
    }
  }
  piece(start, to);
}

/** Where a value's marks are (`@` of an address, `/` of a URL or a path), from one native scan of the whole text. */
const MARKS = /[@/]/g;

function markPositions(text: string): number[] {
  const out: number[] = [];
  MARKS.lastIndex = 0;
  for (let m = MARKS.exec(text); m !== null; m = MARKS.exec(text)) out.push(m.index);
  return out;
}

/** A unit of a value: `@`, `/` or a digit. */
function isValueMark(c: number): boolean {
  return c === 0x40 || c === 0x2f || (c >= 0x30 && c <= 0x39);
}

/**
 * `[from, to)` as values joined by blanks, each value a unit: at least three `@` or `/` in it, at least three
 * blank-separated tokens, and every token holds `@`, `/` or a digit (addresses, URLs, paths or ids joined by spaces:
 * ten addresses joined by spaces once scored as one instruction). A single plain word makes it prose, so an
 * instruction that names an address or a URL is never split. False when it is not such a run.
 */
function asValueRun(
  text: string,
  from: number,
  to: number,
  marks: readonly number[],
  unit: (a: number, b: number) => void,
): boolean {
  if (lowerBound(marks, to) - lowerBound(marks, from) < 3) return false;
  let tokens = 0;
  let inToken = false;
  let valued = false;
  for (let k = from; k < to; k++) {
    const c = text.charCodeAt(k);
    if (isBlank(c)) {
      if (inToken && !valued) return false;
      if (inToken) tokens++;
      inToken = false;
    } else {
      if (!inToken) valued = false;
      inToken = true;
      if (isValueMark(c)) valued = true;
    }
  }
  if (inToken && !valued) return false;
  if (inToken) tokens++;
  if (tokens < 3) return false;
  let start = -1;
  for (let k = from; k < to; k++) {
    if (isBlank(text.charCodeAt(k))) {
      if (start >= 0) unit(start, k);
      start = -1;
    } else if (start < 0) start = k;
  }
  if (start >= 0) unit(start, to);
  return true;
}

/**
 * The data units of one sentence `[from, to)`: its JSON fields when it is JSON text, each split again into values
 * when it is a list or a run of values joined by blanks; the values of a list or of such a run; `[from, to)` itself
 * when it is prose. Returns false when the sentence was prose.
 */
function dataUnits(
  text: string,
  from: number,
  to: number,
  json: boolean,
  separators: readonly number[],
  marks: readonly number[],
  unit: (a: number, b: number) => void,
): boolean {
  if (!json) return asList(text, from, to, separators, unit) || asValueRun(text, from, to, marks, unit);
  // Only JSON sentences pay for this closure; prose takes the branch above without allocating one.
  jsonFields(text, from, to, (a, b) => {
    if (!asList(text, a, b, separators, unit) && !asValueRun(text, a, b, marks, unit)) unit(a, b);
  });
  return true;
}

/** `[from, to)` as list values when it is a list (`listSeparator`); false when it is not. */
function asList(
  text: string,
  from: number,
  to: number,
  separators: readonly number[],
  unit: (a: number, b: number) => void,
): boolean {
  const separator = listSeparator(text, from, to, separators);
  if (separator === -1) return false;
  listValues(text, from, to, separator, unit);
  return true;
}

export function forEachSegment(text: string, visit: SegmentVisitor): void {
  // Numbers lines and data units: every line break and every unit of data moves it on.
  let line = 0;
  let start = 0;
  /** `[from, to)` trimmed of blanks (and, for a data unit, of its quotes), in windows of at most MAX_SEGMENT. */
  const emit = (from: number, to: number, unquote: boolean) => {
    let a = from;
    let b = to;
    while (a < b && isBlank(text.charCodeAt(a))) a++;
    while (b > a && isBlank(text.charCodeAt(b - 1))) b--;
    if (unquote && b - a >= 2 && text.charCodeAt(a) === QUOTE && isQuoteAt(text, b - 1)) {
      a++;
      b--;
    }
    while (b - a > MAX_SEGMENT) {
      let cut = a + MAX_SEGMENT;
      for (let k = cut; k > a + MAX_SEGMENT / 2; k--) {
        if (isBlank(text.charCodeAt(k))) {
          cut = k;
          break;
        }
      }
      visit(a, cut, line);
      a = cut;
      while (a < b && isBlank(text.charCodeAt(a))) a++;
    }
    if (b > a) visit(a, b, line);
  };
  // Where JSON text starts, from one scan of the whole text (none without a double quote); a sentence is JSON text
  // when one of these starts inside it. Sentences come in text order, so one cursor walks the list.
  const hints: number[] = [];
  if (text.includes('"')) {
    JSON_HINT.lastIndex = 0;
    for (let m = JSON_HINT.exec(text); m !== null; m = JSON_HINT.exec(text)) hints.push(m.index);
  }
  let hint = 0;
  const separators = separatorPositions(text);
  const marks = markPositions(text);
  // One callback for every data unit of the text, not one closure per sentence.
  const onUnit = (a: number, b: number) => {
    line++;
    emit(a, b, true);
  };
  const close = (from: number, to: number) => {
    while (hint < hints.length && hints[hint]! < from) hint++;
    const json = hint < hints.length && hints[hint]! < to;
    const data = dataUnits(text, from, to, json, separators, marks, onUnit);
    if (data) line++;
    else emit(from, to, false);
  };
  // The boundaries are found by one native regex scan rather than a per-unit loop in JS (measured on 1 MB of the
  // bench text: 9 ms with the loop).
  BOUNDARY.lastIndex = 0;
  for (let m = BOUNDARY.exec(text); m !== null; m = BOUNDARY.exec(text)) {
    const at = m.index;
    if (text.charCodeAt(at) === 0x0a || text.charCodeAt(at) === 0x2028 || text.charCodeAt(at) === 0x2029) {
      close(start, at);
      start = at + 1;
      line++;
    } else if (text.charCodeAt(at) === 0x5c) {
      close(start, at);
      start = at + 2;
      line++;
    } else {
      close(start, at + 1);
      start = at + 1;
    }
  }
  close(start, text.length);
}
