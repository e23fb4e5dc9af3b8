/**
 * The tokens the convolutional scorer reads, one segment of the reading view at a time (the same segments as the
 * linear scorer: segments.ts). A token is a word (a run of word units, digits folded to 0) or one symbol (a
 * non-space, non-word unit; a run of the same symbol is one token). Each token is written as its word bucket
 * (`[0, 2^wordsLog2)`) and up to MAX_GRAMS character-trigram buckets of `<word>` (offset by `2^wordsLog2`, so one
 * table holds both). Symbols have no trigrams.
 *
 * Training (train.py) never sees text: the exporter writes these ids, so the Python side cannot drift from
 * inference. Hashing is FNV-1a over UTF-16 units with a murmur3 finaliser, as features.ts.
 */
import { fmix32, isSpace, isWordUnit } from "../../../src/engine/detectors/injection/scorer/features.js";

export interface ConvVocabulary {
  readonly wordsLog2: number;
  readonly gramsLog2: number;
}

export const MAX_GRAMS = 12;
/** Longest segment read, in tokens (a 300-unit segment rarely has more). */
export const MAX_TOKENS = 96;

const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;
const SEED_WORD = 0x9e3779b1;
const SEED_GRAM = 0xc2b2ae3d;
const BOUNDARY = 0x23; // '#', the word boundary of a trigram

/**
 * Calls `token(word, grams, gramCount)` for each token of `text[start, end)`, at most MAX_TOKENS; `grams` is reused
 * between calls. Returns the number of tokens.
 */
export function forEachToken(
  text: string,
  start: number,
  end: number,
  vocab: ConvVocabulary,
  token: (word: number, grams: Int32Array, gramCount: number) => void,
): number {
  const wordMask = (1 << vocab.wordsLog2) - 1;
  const gramMask = (1 << vocab.gramsLog2) - 1;
  const gramBase = 1 << vocab.wordsLog2;
  const grams = new Int32Array(MAX_GRAMS);
  let count = 0;
  let i = start;
  while (i < end && count < MAX_TOKENS) {
    let c = text.charCodeAt(i);
    if (isSpace(c)) {
      i++;
      continue;
    }
    if (!isWordUnit(c)) {
      let j = i + 1;
      while (j < end && text.charCodeAt(j) === c) j++;
      const h = fmix32(Math.imul(FNV_OFFSET ^ c, FNV_PRIME) ^ SEED_WORD);
      token(h & wordMask, grams, 0);
      count++;
      i = j;
      continue;
    }
    let h = FNV_OFFSET;
    let g = 0;
    // The trigram window: the two units before the current one (boundary at the word's start).
    let a = BOUNDARY;
    let b = BOUNDARY;
    let first = true;
    while (i < end) {
      c = text.charCodeAt(i);
      if (!isWordUnit(c)) break;
      if (c >= 0x30 && c <= 0x39) c = 0x30;
      h = Math.imul(h ^ c, FNV_PRIME);
      if (!first && g < MAX_GRAMS) grams[g++] = gramBase + gramHash(a, b, c, gramMask);
      a = b;
      b = c;
      if (first) {
        // `#x`: the boundary and the first unit make the first trigram with the second unit; `##x` is left out.
        first = false;
      }
      i++;
    }
    if (g < MAX_GRAMS) grams[g++] = gramBase + gramHash(a, b, BOUNDARY, gramMask);
    token(fmix32(h ^ SEED_WORD) & wordMask, grams, g);
    count++;
  }
  return count;
}

function gramHash(a: number, b: number, c: number, mask: number): number {
  let h = FNV_OFFSET ^ SEED_GRAM;
  h = Math.imul(h ^ a, FNV_PRIME);
  h = Math.imul(h ^ b, FNV_PRIME);
  h = Math.imul(h ^ c, FNV_PRIME);
  return fmix32(h) & mask;
}

/** The tokens of `text[start, end)` as arrays (export and tests; allocates). */
export function tokensOf(text: string, start: number, end: number, vocab: ConvVocabulary): number[][] {
  const out: number[][] = [];
  forEachToken(text, start, end, vocab, (word, grams, n) => {
    out.push([word, ...grams.subarray(0, n)]);
  });
  return out;
}
