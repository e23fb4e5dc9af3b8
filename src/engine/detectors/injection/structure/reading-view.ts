import { classifyInvisible } from "../../../sanitizer/invisible-chars.js";
import { TextBuilder } from "../../../scan/offset-map.js";
import { CONFUSABLE_FOLDS } from "../confusables.js";
import { isPrintableAscii } from "../normalise.js";

/**
 * The text as a model reads it, for the structure rules: lower case, invisible characters dropped, Unicode tag
 * characters (U+E0020-E007E, invisible when rendered but read by a model) decoded to the ASCII they shadow,
 * compatibility forms (full-width) and diacritics folded. Unlike the phrase detector's fold, a Cyrillic or Greek
 * lookalike becomes Latin only next to a Latin letter (`іgnоre`), so Russian words stay Russian and the Russian
 * lexicon can match them.
 *
 * `origin.at(i)` is the offset in the input of the code point that produced character `i`; `origin.at(text.length)` is the
 * input length. Printable ASCII (the common case) keeps every offset, so no table is built (`origin` undefined).
 */
export interface ReadingView {
  readonly text: string;
  readonly origin: OriginTable | undefined;
  readonly inputLength: number;
}

/** Characters between two absolute entries of an OriginTable; a lookup adds at most this many steps. */
const MARK_EVERY = 64;
/** A step that does not fit a byte: the absolute origin is kept aside. */
const WIDE_STEP = 255;

/**
 * The origin table, compact: per view character one byte, the step from the previous character's origin, with the
 * absolute origin every MARK_EVERY characters and steps that do not fit a byte (or go back) kept in a map. A hostile
 * text with an invisible character after every letter makes a view character for every two input units; as an
 * Int32Array sized to the input the table cost 4 bytes per input unit (16 MB for an 8 MB result), here about one
 * byte per view character. Entries are pushed in view order; `at(length)` is the input length.
 */
export class OriginTable {
  #steps: Uint8Array;
  #marks: Int32Array;
  readonly #wide = new Map<number, number>();
  #length = 0;
  #last = 0;

  constructor(capacity: number) {
    this.#steps = new Uint8Array(Math.max(16, capacity));
    this.#marks = new Int32Array(Math.ceil(this.#steps.length / MARK_EVERY));
  }

  get length(): number {
    return this.#length;
  }

  /** Bytes held by the typed arrays (capacity); the map of wide steps is left out (one entry per long gap). */
  get byteLength(): number {
    return this.#steps.byteLength + this.#marks.byteLength;
  }

  push(origin: number): void {
    const i = this.#length;
    if (i === this.#steps.length) this.#grow();
    if (i % MARK_EVERY === 0) {
      this.#marks[i / MARK_EVERY] = origin;
      this.#steps[i] = 0;
    } else {
      const step = origin - this.#last;
      if (step >= 0 && step < WIDE_STEP) this.#steps[i] = step;
      else {
        this.#steps[i] = WIDE_STEP;
        this.#wide.set(i, origin);
      }
    }
    this.#last = origin;
    this.#length = i + 1;
  }

  /**
   * Pushes `first`, `first + 1`, ... `first + count - 1`: the same entries as that many `push` calls (a copied ASCII
   * slice keeps every offset), written as a fill of unit steps and the marks that fall inside.
   */
  pushRun(first: number, count: number): void {
    if (count <= 0) return;
    this.push(first);
    if (count === 1) return;
    const from = this.#length;
    const to = from + count - 1;
    while (to > this.#steps.length) this.#grow();
    this.#steps.fill(1, from, to);
    for (let j = Math.ceil(from / MARK_EVERY) * MARK_EVERY; j < to; j += MARK_EVERY) {
      this.#marks[j / MARK_EVERY] = first + (j - from + 1);
      this.#steps[j] = 0;
    }
    this.#last = first + count - 1;
    this.#length = to;
  }

  at(index: number): number {
    const mark = Math.floor(index / MARK_EVERY);
    let origin = this.#marks[mark]!;
    for (let j = mark * MARK_EVERY + 1; j <= index; j++) {
      const step = this.#steps[j]!;
      origin = step === WIDE_STEP ? this.#wide.get(j)! : origin + step;
    }
    return origin;
  }

  /** Gives back the capacity past the last entry (the table was sized for the input; views are often shorter). */
  trim(): void {
    if (this.#length === this.#steps.length) return;
    this.#steps = this.#steps.slice(0, this.#length);
    this.#marks = this.#marks.slice(0, Math.ceil(this.#length / MARK_EVERY));
  }

  #grow(): void {
    const steps = new Uint8Array(this.#steps.length * 2);
    steps.set(this.#steps);
    this.#steps = steps;
    const marks = new Int32Array(Math.ceil(steps.length / MARK_EVERY));
    marks.set(this.#marks);
    this.#marks = marks;
  }
}

/** Runs of what needs folding; tab, LF and CR are kept as they are, inside or outside a run. */
const FOLD_RUN = /[^\t\n\r\x20-\x7e]+/g;
const COMBINING_MARKS = /\p{M}/gu;
const LATIN_ASCII_LETTER = /[a-z]/;
const WORD_CHAR = /[\p{L}\p{M}]/u;
const foldCache = new Map<number, string>();
const FOLD_CACHE_LIMIT = 8192;

/**
 * The last view computed: the structure detector and the learned model read the same string one after the other
 * in a check, and the view (immutable) is then built once. One entry, so at most one input and its view are kept.
 */
let lastInput: string | undefined;
let lastView: ReadingView | undefined;

export function toReadingView(input: string): ReadingView {
  if (input === lastInput && lastView !== undefined) return lastView;
  const view = buildReadingView(input);
  lastInput = input;
  lastView = view;
  return view;
}

/** The reading view of `input` when `toReadingView` has it at hand (the last one it built), without building one. */
export function builtReadingView(input: string): ReadingView | undefined {
  return input === lastInput ? lastView : undefined;
}

function buildReadingView(input: string): ReadingView {
  if (isPrintableAscii(input))
    return { text: input.toLowerCase(), origin: undefined, inputLength: input.length };
  // The origin table is needed only to map a finding back; most texts have none, so it is built on first use by
  // the same fold run again (deterministic: the same text, now with each character's origin).
  const text = foldReading(input, undefined);
  let table: OriginTable | undefined;
  return {
    text,
    inputLength: input.length,
    get origin(): OriginTable {
      if (table === undefined) {
        table = new OriginTable(input.length + 16);
        foldReading(input, table);
      }
      return table;
    },
  };
}

/** The reading view's text of `input` (not printable ASCII), with each character's origin pushed to `origin`. */
function foldReading(input: string, origin: OriginTable | undefined): string {
  // Joined a chunk at a time: a hostile text can have a part every other character.
  const parts = new TextBuilder();
  // Lookalikes fold to Latin inside a word that has a Latin letter anywhere (`уоur`, `thе`); the scan ahead is done
  // once per word, so the pass stays linear.
  let latinSeenInWord = false;
  let wordEnd = -1;
  let latinAhead = false;
  let copied = 0;
  FOLD_RUN.lastIndex = 0;
  for (let run = FOLD_RUN.exec(input); run !== null; run = FOLD_RUN.exec(input)) {
    // Printable ASCII between runs is copied as one lower-cased slice.
    if (run.index > copied) {
      const slice = input.slice(copied, run.index);
      origin?.pushRun(copied, slice.length);
      parts.push(slice.toLowerCase());
      latinSeenInWord = LATIN_ASCII_LETTER.test(slice[slice.length - 1]!.toLowerCase());
    }
    const runEnd = run.index + run[0].length;
    for (let i = run.index; i < runEnd; ) {
      const cp = input.codePointAt(i)!;
      const width = cp > 0xffff ? 2 : 1;
      let folded: string;
      const selectorRun = selectorByte(cp) >= 0 ? measureSelectorRun(input, i, runEnd) : 0;
      if (selectorRun >= MIN_SELECTOR_RUN) {
        i = readSelectorRun(input, i, selectorRun, parts, origin);
        latinSeenInWord = false;
        continue;
      }
      if (cp >= 0xe0020 && cp <= 0xe007e) folded = String.fromCharCode(cp - 0xe0000).toLowerCase();
      else if (cp < 0x80) folded = cp === 0x09 || cp === 0x0a || cp === 0x0d ? input[i]! : "";
      else {
        folded = foldCodePoint(cp);
        const lookalike = CONFUSABLE_FOLDS.get(cp);
        if (lookalike !== undefined) {
          if (i >= wordEnd) [wordEnd, latinAhead] = scanWord(input, i);
          if (latinSeenInWord || latinAhead) folded = lookalike;
        }
      }
      if (folded.length > 0) {
        const last = folded[folded.length - 1]!;
        if (LATIN_ASCII_LETTER.test(last)) latinSeenInWord = true;
        else if (!WORD_CHAR.test(last)) latinSeenInWord = false;
        if (origin !== undefined) for (let k = 0; k < folded.length; k++) origin.push(i);
        parts.push(folded);
      }
      i += width;
    }
    copied = runEnd;
  }
  if (copied < input.length) {
    const slice = input.slice(copied);
    origin?.pushRun(copied, slice.length);
    parts.push(slice.toLowerCase());
  }
  origin?.push(input.length);
  origin?.trim();
  return parts.toString();
}

/**
 * Bytes smuggled as `count` variation selectors from `i`: read as the UTF-8 text they spell, each decoded character
 * mapped to the selector that holds its first byte (so a finding spans the run, as for tag characters), with line
 * breaks around it (a smuggled payload is a text of its own, read as its own sentences). Returns where the run ends.
 */
function readSelectorRun(
  input: string,
  i: number,
  count: number,
  parts: TextBuilder,
  origin: OriginTable | undefined,
): number {
  const bytes: number[] = [];
  const at: number[] = [];
  for (let k = 0, j = i; k < count; k++) {
    const c = input.codePointAt(j)!;
    bytes.push(selectorByte(c));
    at.push(j);
    j += c > 0xffff ? 2 : 1;
  }
  origin?.push(i);
  parts.push("\n");
  for (const [text, first] of decodeUtf8(bytes)) {
    const piece =
      text.length === 1 && text < "\x80" ? foldAsciiByte(text) : foldCodePoint(text.codePointAt(0)!);
    if (origin !== undefined) for (let k = 0; k < piece.length; k++) origin.push(at[first]!);
    parts.push(piece);
  }
  const last = at[at.length - 1]!;
  const after = last + (input.codePointAt(last)! > 0xffff ? 2 : 1);
  origin?.push(after);
  parts.push("\n");
  return after;
}

/**
 * Variation-selector smuggling: one selector per byte, U+FE00-FE0F for bytes 0-15 and U+E0100-E01EF for 16-255.
 * A single selector after a character picks a glyph (emoji presentation, an ideograph variant); a run of this many
 * is data (the sanitizer strips runs of two or more; three bytes is the shortest run worth reading as words).
 */
const MIN_SELECTOR_RUN = 3;

/** The byte a variation selector stands for, or -1. */
function selectorByte(cp: number): number {
  if (cp >= 0xfe00 && cp <= 0xfe0f) return cp - 0xfe00;
  if (cp >= 0xe0100 && cp <= 0xe01ef) return cp - 0xe0100 + 16;
  return -1;
}

/** How many variation selectors follow one another from `from` (code points, not code units). */
function measureSelectorRun(input: string, from: number, limit: number): number {
  let count = 0;
  for (let j = from; j < limit; ) {
    const c = input.codePointAt(j)!;
    if (selectorByte(c) < 0) break;
    count++;
    j += c > 0xffff ? 2 : 1;
  }
  return count;
}

/**
 * UTF-8 decoding that keeps, for each decoded character, the index of its first byte (TextDecoder gives the text but
 * not where each character came from, which the finding's span needs). Malformed bytes are skipped.
 */
function decodeUtf8(bytes: readonly number[]): [string, number][] {
  const out: [string, number][] = [];
  for (let k = 0; k < bytes.length; ) {
    const lead = bytes[k]!;
    const size =
      lead < 0x80
        ? 1
        : lead >= 0xc2 && lead <= 0xdf
          ? 2
          : lead >= 0xe0 && lead <= 0xef
            ? 3
            : lead >= 0xf0 && lead <= 0xf4
              ? 4
              : 0;
    let cp = size === 1 ? lead : size === 2 ? lead & 0x1f : size === 3 ? lead & 0x0f : lead & 0x07;
    let ok = size > 0 && k + size <= bytes.length;
    for (let n = 1; ok && n < size; n++) {
      const b = bytes[k + n]!;
      if ((b & 0xc0) !== 0x80) ok = false;
      else cp = (cp << 6) | (b & 0x3f);
    }
    if (ok && (cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))) ok = false;
    if (!ok) {
      k++;
      continue;
    }
    out.push([String.fromCodePoint(cp), k]);
    k += size;
  }
  return out;
}

/** An ASCII character from decoded bytes: printable ones lower-cased, tab and line breaks kept, other controls dropped. */
function foldAsciiByte(ch: string): string {
  const c = ch.charCodeAt(0);
  if (c === 0x09 || c === 0x0a || c === 0x0d) return ch;
  return c < 0x20 || c === 0x7f ? "" : ch.toLowerCase();
}

/** Maps a `[start, end)` range of the view back to the input. */
export function viewToInput(view: ReadingView, start: number, end: number): [number, number] {
  if (view.origin === undefined) return [start, end];
  const from = view.origin.at(start);
  if (end <= start) return [from, from];
  // The last character's code point ends at the next code point that produced a character, or the input end.
  const lastOrigin = view.origin.at(end - 1);
  let to = view.origin.at(end);
  if (to <= lastOrigin) to = lastOrigin + 1;
  return [from, to];
}

/** The end of the word starting at or containing `from`, and whether an ASCII letter occurs in it from there on. */
function scanWord(input: string, from: number): [number, boolean] {
  let latin = false;
  let i = from;
  for (; i < input.length; i++) {
    const c = input.charCodeAt(i);
    if (c < 0x80) {
      if ((c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a)) latin = true;
      else break;
    } else if (c >= 0xd800 && c <= 0xdbff) {
      // Tag characters and other astral code points: tags are invisible, so they do not end the word.
      const cp = input.codePointAt(i)!;
      if (cp < 0xe0000 || cp > 0xe0fff) break;
      i++;
    } else if (classifyInvisible(c) === undefined && !WORD_CHAR.test(input[i]!)) break;
  }
  return [i, latin];
}

function foldCodePoint(cp: number): string {
  const cached = foldCache.get(cp);
  if (cached !== undefined) return cached;
  let folded: string;
  if (classifyInvisible(cp) !== undefined || (cp >= 0xe0000 && cp <= 0xe0fff)) folded = "";
  else if (cp >= 0xd800 && cp <= 0xdfff) folded = " ";
  else {
    const char = String.fromCodePoint(cp);
    if (/\s/.test(char)) folded = " ";
    else if (cp === 0x2018 || cp === 0x2019 || cp === 0x02bc) folded = "'";
    else if (/\p{Cf}/u.test(char)) folded = "";
    else folded = char.normalize("NFKD").replace(COMBINING_MARKS, "").toLowerCase();
  }
  if (foldCache.size < FOLD_CACHE_LIMIT) foldCache.set(cp, folded);
  return folded;
}

/**
 * Whether the reading view of `input[from, to)` is its ASCII lower case with every other character kept as it is:
 * each unit outside printable ASCII belongs to a code point the view keeps (`foldCodePoint` gives it back, it is no
 * lookalike, no variation selector, no space). Such a stretch reads, to the word walk and to any pattern, as its
 * lower case does (its other characters are no word characters to either); region gating (regions.ts) reads it
 * from the input.
 */
export function foldsAsIs(input: string, from: number, to: number): boolean {
  if (to >= input.length) return foldsAsIsToEnd(input, from);
  // Inside a text, unit by unit within [from, to): a search for the next such unit would read on past `to`, to the
  // end of a long text whose blocks are asked one by one. Each code point's answer kept; no object per character.
  for (let i = from; i < to; ) {
    const c = input.charCodeAt(i);
    if ((c >= 0x20 && c <= 0x7e) || c === 0x09 || c === 0x0a || c === 0x0d) {
      i++;
      continue;
    }
    // A code point whose first unit lies in the range is read whole, as the view reads it.
    const cp = input.codePointAt(i)!;
    if (!keptAsIs(cp)) return false;
    i += cp > 0xffff ? 2 : 1;
  }
  return true;
}

/** `foldsAsIs` up to the text's end: the regex search skips the ASCII between such units faster than a loop. */
function foldsAsIsToEnd(input: string, from: number): boolean {
  let i = from;
  for (;;) {
    FOLD_UNIT.lastIndex = i;
    if (!FOLD_UNIT.test(input)) break;
    const cp = input.codePointAt(FOLD_UNIT.lastIndex - 1)!;
    if (!keptAsIs(cp)) {
      FOLD_UNIT.lastIndex = 0;
      return false;
    }
    i = FOLD_UNIT.lastIndex - 1 + (cp > 0xffff ? 2 : 1);
  }
  FOLD_UNIT.lastIndex = 0;
  return true;
}

/** One unit outside printable ASCII, tab, LF and CR (FOLD_RUN's units). */
const FOLD_UNIT = /[^\t\n\r\x20-\x7e]/g;

/**
 * The reading view of `input` as its ASCII lower case with some units replaced one for one, when it is that: the
 * (offset, unit) pairs of the replaced units, in order, flat. Every code point outside printable ASCII, tab, LF and CR
 * must be one `foldReading` folds into as many units as it has (a diacritic dropped, a space or an apostrophe of
 * another form, a lookalike next to a Latin letter, or itself): undefined when one is not (a variation selector or
 * tag character, which `foldReading` reads in runs; a control or invisible character, which it drops; a lone
 * surrogate; a fold to more or fewer units). The lookalikes are read with `foldReading`'s own state (a Latin letter
 * in the word so far or ahead). The view is then `input` with each pair's unit at its offset, read in lower case (no
 * fold holds A-Z): what the structure module reads from memory, so it need not be built (structure-detector.ts
 * `inputPass`).
 */
export function oneForOne(input: string): readonly number[] | undefined {
  // The structure detector and the model ask of the same input in turn: the last answer is kept.
  if (input !== lastOneForOneInput) {
    lastOneForOne = foldsOneForOne(input);
    lastOneForOneInput = input;
  }
  return lastOneForOne;
}

let lastOneForOneInput: string | undefined;
let lastOneForOne: readonly number[] | undefined;

function foldsOneForOne(input: string): number[] | undefined {
  const out: number[] = [];
  let latinSeenInWord = false;
  let wordEnd = -1;
  let latinAhead = false;
  let copied = 0;
  FOLD_RUN.lastIndex = 0;
  for (let run = FOLD_RUN.exec(input); run !== null; run = FOLD_RUN.exec(input)) {
    // As `foldReading` after the lower-cased slice before the run: its last character decides.
    if (run.index > copied) latinSeenInWord = LATIN_ASCII_LETTER.test(input[run.index - 1]!.toLowerCase());
    const runEnd = run.index + run[0].length;
    for (let i = run.index; i < runEnd; ) {
      const cp = input.codePointAt(i)!;
      const width = cp > 0xffff ? 2 : 1;
      if (cp < 0x80 || (cp >= 0xd800 && cp <= 0xdfff) || selectorByte(cp) >= 0) return stop();
      let folded = foldCodePoint(cp);
      const lookalike = CONFUSABLE_FOLDS.get(cp);
      if (lookalike !== undefined) {
        if (i >= wordEnd) [wordEnd, latinAhead] = scanWord(input, i);
        if (latinSeenInWord || latinAhead) folded = lookalike;
      }
      if (folded.length !== width || (width === 2 && folded !== String.fromCodePoint(cp))) return stop();
      const last = folded[folded.length - 1]!;
      if (LATIN_ASCII_LETTER.test(last)) latinSeenInWord = true;
      else if (!WORD_CHAR.test(last)) latinSeenInWord = false;
      if (width === 1 && folded.charCodeAt(0) !== cp) out.push(i, folded.charCodeAt(0));
      i += width;
    }
    copied = runEnd;
  }
  return out;
}

/** Leaves FOLD_RUN ready for its next text: `oneForOne`'s answer when the view is not the input's, one for one. */
function stop(): undefined {
  FOLD_RUN.lastIndex = 0;
  return undefined;
}

/** `foldsAsIs`'s answer for one code point outside printable ASCII, tab, LF and CR. */
const asIsCache = new Map<number, boolean>();

function keptAsIs(cp: number): boolean {
  const cached = asIsCache.get(cp);
  if (cached !== undefined) return cached;
  let kept = !(
    cp < 0xa0 ||
    (cp >= 0xd800 && cp <= 0xdfff) ||
    selectorByte(cp) >= 0 ||
    CONFUSABLE_FOLDS.has(cp)
  );
  if (kept) {
    const ch = String.fromCodePoint(cp);
    kept = foldCodePoint(cp) === ch && !/\s/.test(ch);
  }
  if (asIsCache.size < FOLD_CACHE_LIMIT) asIsCache.set(cp, kept);
  return kept;
}

/** Folds a lexicon entry the way `toReadingView` folds text (no lookalike step: entries are written in their script). */
export function foldLexiconEntry(entry: string): string {
  return entry.normalize("NFKD").replace(COMBINING_MARKS, "").toLowerCase();
}
