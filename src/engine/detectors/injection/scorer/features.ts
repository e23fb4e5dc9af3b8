/**
 * The scorer's features, shared by training (bench/scorer/train.ts) and inference so the two cannot drift: word
 * unigrams and bigrams and character n-grams of one segment of the reading view (lower case, invisible characters
 * dropped, Unicode tags decoded, full-width and diacritics folded: the obfuscations collapse before hashing).
 *
 * Each feature is hashed (FNV-1a over UTF-16 units, then a murmur3 finaliser) into `2^bucketsLog2` buckets with a
 * sign bit (the hashing trick with signed buckets, so collisions cancel on average instead of adding up). Written by
 * hand rather than with a hashing library: the loop walks the segment once, keeps the last few characters in
 * locals and allocates nothing, which a string-in, number-out hash API (one substring per n-gram) cannot do.
 *
 * This is the reference: training reads it, and inference runs the same features in wasm/injection-scorer.ts
 * (scorer-wasm.ts), which test/property/injection-scorer-wasm.property.test.ts checks against it. Change both.
 */

export interface FeatureConfig {
  /** log2 of the number of weight buckets. */
  readonly bucketsLog2: number;
  /** Character n-gram sizes, each in 2..6. */
  readonly charSizes: readonly number[];
  /** Word unigrams and bigrams. */
  readonly words: boolean;
}

/**
 * Features are written to a caller's buffer as `bucket * 2 + signBit` (sign bit 1 for -1): no callback and no
 * allocation per feature. A segment of `n` units writes at most `featureCapacity(config, n)` codes.
 */
export function featureCapacity(config: FeatureConfig, length: number): number {
  return (config.charSizes.length + 2) * (length + 2);
}

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
 * Writes the feature codes of `text[start, end)` into `out` (from index 0) and returns how many. Linear in the
 * segment: each unit is looked at once, and each character n-gram is hashed from the last `n` units held in locals.
 * `out` must hold `featureCapacity(config, end - start)` codes.
 */
export function writeFeatures(
  text: string,
  start: number,
  end: number,
  config: FeatureConfig,
  out: Int32Array,
): number {
  const mask = (1 << config.bucketsLog2) - 1;
  const sizes = config.charSizes;
  const words = config.words;
  // Which n-gram sizes are on, as locals: the loop below tests booleans instead of walking an array per unit.
  let want2 = false;
  let want3 = false;
  let want4 = false;
  let want5 = false;
  let want6 = false;
  for (const n of sizes) {
    if (n === 2) want2 = true;
    else if (n === 3) want3 = true;
    else if (n === 4) want4 = true;
    else if (n === 5) want5 = true;
    else if (n === 6) want6 = true;
  }
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
  // One extra round after the last unit closes the last word and pads with a space.
  for (let i = start; i <= end; i++) {
    let c = i === end ? SPACE : text.charCodeAt(i);
    let symbol: number;
    let wordUnit = false;
    if (isSpace(c)) {
      symbol = c1 === SPACE ? -1 : SPACE;
    } else {
      if (c >= 0x30 && c <= 0x39) c = ZERO;
      wordUnit = isWordUnit(c);
      symbol = c;
    }
    if (wordUnit) {
      if (!inWord) {
        inWord = true;
        wordHash = FNV_OFFSET;
      }
      wordHash = Math.imul(wordHash ^ c, FNV_PRIME);
    } else if (inWord) {
      inWord = false;
      if (words) {
        let h = fmix32(wordHash ^ SEED_WORD);
        out[count++] = (h & mask) * 2 + (h >>> 31);
        if (havePrevious) {
          h = fmix32(Math.imul(previousWord ^ SEED_BIGRAM, FNV_PRIME) ^ wordHash);
          out[count++] = (h & mask) * 2 + (h >>> 31);
        }
        previousWord = wordHash;
        havePrevious = true;
      }
    }
    if (symbol < 0) continue;
    c6 = c5;
    c5 = c4;
    c4 = c3;
    c3 = c2;
    c2 = c1;
    c1 = symbol;
    seen++;
    // Oldest first, as the n-gram reads; each size has its own seed.
    if (want2 && seen >= 2) {
      const h = fmix32(
        Math.imul(Math.imul(FNV_OFFSET ^ Math.imul(SEED_CHAR, 2) ^ c2, FNV_PRIME) ^ c1, FNV_PRIME),
      );
      out[count++] = (h & mask) * 2 + (h >>> 31);
    }
    if (want3 && seen >= 3) {
      let h = Math.imul(FNV_OFFSET ^ Math.imul(SEED_CHAR, 3) ^ c3, FNV_PRIME);
      h = Math.imul(Math.imul(h ^ c2, FNV_PRIME) ^ c1, FNV_PRIME);
      h = fmix32(h);
      out[count++] = (h & mask) * 2 + (h >>> 31);
    }
    if (want4 && seen >= 4) {
      let h = Math.imul(FNV_OFFSET ^ Math.imul(SEED_CHAR, 4) ^ c4, FNV_PRIME);
      h = Math.imul(h ^ c3, FNV_PRIME);
      h = Math.imul(Math.imul(h ^ c2, FNV_PRIME) ^ c1, FNV_PRIME);
      h = fmix32(h);
      out[count++] = (h & mask) * 2 + (h >>> 31);
    }
    if (want5 && seen >= 5) {
      let h = Math.imul(FNV_OFFSET ^ Math.imul(SEED_CHAR, 5) ^ c5, FNV_PRIME);
      h = Math.imul(Math.imul(h ^ c4, FNV_PRIME) ^ c3, FNV_PRIME);
      h = Math.imul(Math.imul(h ^ c2, FNV_PRIME) ^ c1, FNV_PRIME);
      h = fmix32(h);
      out[count++] = (h & mask) * 2 + (h >>> 31);
    }
    if (want6 && seen >= 6) {
      let h = Math.imul(FNV_OFFSET ^ Math.imul(SEED_CHAR, 6) ^ c6, FNV_PRIME);
      h = Math.imul(Math.imul(h ^ c5, FNV_PRIME) ^ c4, FNV_PRIME);
      h = Math.imul(Math.imul(h ^ c3, FNV_PRIME) ^ c2, FNV_PRIME);
      h = fmix32(Math.imul(h ^ c1, FNV_PRIME));
      out[count++] = (h & mask) * 2 + (h >>> 31);
    }
  }
  return count;
}

/** The features of `text[start, end)` as `(bucket, sign)` pairs, for training and tests (allocates). */
export function forEachFeature(
  text: string,
  start: number,
  end: number,
  config: FeatureConfig,
  sink: (bucket: number, sign: number) => void,
): number {
  const out = new Int32Array(featureCapacity(config, end - start));
  const n = writeFeatures(text, start, end, config, out);
  for (let k = 0; k < n; k++) sink(out[k]! >>> 1, (out[k]! & 1) === 1 ? -1 : 1);
  return n;
}
