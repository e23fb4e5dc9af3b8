import { classifyInvisible } from "../../../sanitizer/invisible-chars.js";
import { CONFUSABLE_FOLDS } from "../confusables.js";

/**
 * The text as a model reads it, for the structure rules: lower case, invisible characters dropped, Unicode tag
 * characters (U+E0020-E007E, invisible when rendered but read by a model) decoded to the ASCII they shadow,
 * compatibility forms (full-width) and diacritics folded. Unlike the phrase detector's fold, a Cyrillic or Greek
 * lookalike becomes Latin only next to a Latin letter (`іgnоre`), so Russian words stay Russian and the Russian
 * lexicon can match them.
 *
 * `origin[i]` is the offset in the input of the code point that produced character `i`; `origin[text.length]` is the
 * input length. Printable ASCII (the common case) keeps every offset, so no table is built (`origin` undefined).
 */
export interface ReadingView {
  readonly text: string;
  readonly origin: Int32Array | undefined;
  readonly inputLength: number;
}

const NEEDS_FOLDING = /[^\t\n\r\x20-\x7e]/;
/** Runs of what needs folding; tab, LF and CR are kept as they are, inside or outside a run. */
const FOLD_RUN = /[^\t\n\r\x20-\x7e]+/g;
const COMBINING_MARKS = /\p{M}/gu;
const LATIN_ASCII_LETTER = /[a-z]/;
const WORD_CHAR = /[\p{L}\p{M}]/u;
const foldCache = new Map<number, string>();
const FOLD_CACHE_LIMIT = 8192;

export function toReadingView(input: string): ReadingView {
  if (!NEEDS_FOLDING.test(input))
    return { text: input.toLowerCase(), origin: undefined, inputLength: input.length };
  const parts: string[] = [];
  let origin = new Int32Array(input.length + 16);
  let length = 0;
  const reserve = (more: number) => {
    if (length + more + 1 <= origin.length) return;
    const grown = new Int32Array(Math.max(origin.length * 2, length + more + 16));
    grown.set(origin);
    origin = grown;
  };
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
      reserve(slice.length);
      for (let k = 0; k < slice.length; k++) origin[length + k] = copied + k;
      parts.push(slice.toLowerCase());
      length += slice.length;
      latinSeenInWord = LATIN_ASCII_LETTER.test(slice[slice.length - 1]!.toLowerCase());
    }
    const runEnd = run.index + run[0].length;
    for (let i = run.index; i < runEnd; ) {
      const cp = input.codePointAt(i)!;
      const width = cp > 0xffff ? 2 : 1;
      let folded: string;
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
        reserve(folded.length);
        for (let k = 0; k < folded.length; k++) origin[length + k] = i;
        parts.push(folded);
        length += folded.length;
      }
      i += width;
    }
    copied = runEnd;
  }
  if (copied < input.length) {
    const slice = input.slice(copied);
    reserve(slice.length);
    for (let k = 0; k < slice.length; k++) origin[length + k] = copied + k;
    parts.push(slice.toLowerCase());
    length += slice.length;
  }
  reserve(0);
  origin[length] = input.length;
  return { text: parts.join(""), origin: origin.subarray(0, length + 1), inputLength: input.length };
}

/** Maps a `[start, end)` range of the view back to the input. */
export function viewToInput(view: ReadingView, start: number, end: number): [number, number] {
  if (view.origin === undefined) return [start, end];
  const from = view.origin[start]!;
  if (end <= start) return [from, from];
  // The last character's code point ends at the next code point that produced a character, or the input end.
  const lastOrigin = view.origin[end - 1]!;
  let to = view.origin[end]!;
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

/** Folds a lexicon entry the way `toReadingView` folds text (no lookalike step: entries are written in their script). */
export function foldLexiconEntry(entry: string): string {
  return entry.normalize("NFKD").replace(COMBINING_MARKS, "").toLowerCase();
}
