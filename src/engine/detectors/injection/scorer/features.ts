/**
 * The scorer's features, shared by training (bench/scorer/train.ts) and inference so the two cannot drift: word
 * unigrams and bigrams and character n-grams of one segment of the reading view (lower case, invisible characters
 * dropped, Unicode tags decoded, full-width and diacritics folded: the obfuscations collapse before hashing).
 *
 * Each feature is hashed (FNV-1a over UTF-16 units, then a murmur3 finaliser) into `2^bucketsLog2` buckets with a
 * sign bit (the hashing trick with signed buckets, so collisions cancel on average instead of adding up). Written by
 * hand rather than with a hashing library: the loop walks the segment once, keeps the last few characters in
 * locals and allocates nothing, which a string-in, number-out hash API (one substring per n-gram) cannot do.
 */

export interface FeatureConfig {
  /** log2 of the number of weight buckets. */
  readonly bucketsLog2: number;
  /** Character n-gram sizes, each in 2..6. */
  readonly charSizes: readonly number[];
  /** Word unigrams and bigrams. */
  readonly words: boolean;
}

/** Called once per feature occurrence with its bucket and sign (+1 or -1). */
export type FeatureSink = (bucket: number, sign: number) => void;

const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;
/** Distinct seeds per feature family, so a word and a character n-gram with the same letters land apart. */
const SEED_WORD = 0x9e3779b1;
const SEED_BIGRAM = 0x85ebca77;
const SEED_CHAR = 0xc2b2ae3d;
const SPACE = 0x20;
const ZERO = 0x30;

function fmix32(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/**
 * What a UTF-16 unit of the reading view counts as: a word character (letters of any script, digits folded to 0),
 * whitespace (collapsed to one space) or a symbol kept as itself (`:`, `[`, `{`, `!`: markers and markdown matter).
 * Non-ASCII punctuation blocks are symbols; every other non-ASCII unit is a word character.
 */
function isWordUnit(c: number): boolean {
  if (c < 0x80) return (c >= 0x61 && c <= 0x7a) || (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5a);
  if (c < 0xc0) return false;
  if (c >= 0x2000 && c <= 0x2bff) return false;
  if (c >= 0x3000 && c <= 0x303f) return false;
  if (c >= 0xfe30 && c <= 0xfe4f) return false;
  if (c >= 0xff00 && c <= 0xff20) return false;
  return true;
}

function isSpace(c: number): boolean {
  return c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d || c === 0xa0 || c === 0x3000;
}

/**
 * Visits every feature of `text[start, end)`; returns the number visited. Linear in the segment: each unit is
 * looked at once, and each character n-gram is hashed from the last `n` units held in locals.
 */
export function forEachFeature(
  text: string,
  start: number,
  end: number,
  config: FeatureConfig,
  sink: FeatureSink,
): number {
  const mask = (1 << config.bucketsLog2) - 1;
  const sizes = config.charSizes;
  const words = config.words;
  let count = 0;
  // Last six symbols of the collapsed stream (c1 newest); a leading space pads the segment start.
  let c1 = SPACE;
  let c2 = 0;
  let c3 = 0;
  let c4 = 0;
  let c5 = 0;
  let c6 = 0;
  let seen = 1;
  let wordHash = FNV_OFFSET;
  let inWord = false;
  let previousWord = 0;
  let havePrevious = false;

  const emit = (h: number) => {
    const mixed = fmix32(h);
    sink(mixed & mask, mixed >>> 31 === 1 ? -1 : 1);
    count++;
  };
  const endWord = () => {
    if (!inWord) return;
    inWord = false;
    if (!words) return;
    emit(wordHash ^ SEED_WORD);
    if (havePrevious) emit(Math.imul(previousWord ^ SEED_BIGRAM, FNV_PRIME) ^ wordHash);
    previousWord = wordHash;
    havePrevious = true;
  };
  const push = (symbol: number) => {
    c6 = c5;
    c5 = c4;
    c4 = c3;
    c3 = c2;
    c2 = c1;
    c1 = symbol;
    seen++;
    for (let k = 0; k < sizes.length; k++) {
      const n = sizes[k]!;
      if (seen < n) continue;
      // Oldest first, as the n-gram reads.
      let h = FNV_OFFSET ^ Math.imul(SEED_CHAR, n);
      if (n >= 6) h = Math.imul(h ^ c6, FNV_PRIME);
      if (n >= 5) h = Math.imul(h ^ c5, FNV_PRIME);
      if (n >= 4) h = Math.imul(h ^ c4, FNV_PRIME);
      if (n >= 3) h = Math.imul(h ^ c3, FNV_PRIME);
      h = Math.imul(h ^ c2, FNV_PRIME);
      h = Math.imul(h ^ c1, FNV_PRIME);
      emit(h);
    }
  };

  for (let i = start; i < end; i++) {
    let c = text.charCodeAt(i);
    if (isSpace(c)) {
      endWord();
      if (c1 !== SPACE) push(SPACE);
      continue;
    }
    if (c >= 0x30 && c <= 0x39) c = ZERO;
    if (isWordUnit(c)) {
      if (!inWord) {
        inWord = true;
        wordHash = FNV_OFFSET;
      }
      wordHash = Math.imul(wordHash ^ c, FNV_PRIME);
    } else {
      endWord();
    }
    push(c);
  }
  endWord();
  if (c1 !== SPACE) push(SPACE);
  return count;
}
