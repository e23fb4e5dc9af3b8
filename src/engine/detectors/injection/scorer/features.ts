/**
 * The scorer's features, shared by training (bench/scorer/train.ts) and inference so the two cannot drift: word
 * unigrams and bigrams and character n-grams (2 to 4) of the reading view (lower case, invisible characters
 * dropped, Unicode tags decoded, full-width and diacritics folded: the obfuscations collapse before hashing).
 *
 * The features are those of the text read as one stream, each one placed at a unit of the text: a character n-gram
 * at its last unit, a word and the bigram it ends at the word's last unit. A segment's features are those placed
 * inside it, so inference sums a segment as the difference of two running sums (no restart per segment), and the
 * n-grams of a segment's first units read the units before it. Training reads a sentence on its own (`writeFeatures`
 * of it alone): the two differ only in those first few n-grams.
 *
 * The hash is one multiplication per feature (written by hand: a hashing library hashes strings, one substring per
 * n-gram): a unit's symbol is one byte (ASCII lower case, digits as `0`, whitespace collapsed to one space, any other
 * unit its low seven bits above 0x80), the last four symbols are packed in 32 bits, and an n-gram's code is the top
 * `bucketsLog2 + 1` bits of `(packed n symbols ^ seed) * golden`: a bucket and a sign bit (the hashing trick with
 * signed buckets, so collisions cancel on average). A word is hashed by FNV-1a over its units (one multiplication a
 * unit), then coded the same way.
 *
 * This is the reference: training reads it, and inference runs the same features in wasm/injection-scorer.ts
 * (scorer-wasm.ts), which test/property/injection-scorer-wasm.property.test.ts checks against it. Change both.
 */

export interface FeatureConfig {
  /** log2 of the number of weight buckets. */
  readonly bucketsLog2: number;
  /** Character n-gram sizes, each in 2..4. */
  readonly charSizes: readonly number[];
  /** Word unigrams and bigrams. */
  readonly words: boolean;
}

/** The n-gram sizes the packed hash can hold (four one-byte symbols in 32 bits). */
export const MIN_CHAR_SIZE = 2;
export const MAX_CHAR_SIZE = 4;

/**
 * Features are written to a caller's buffer as `bucket * 2 + signBit` (sign bit 1 for -1): no callback and no
 * allocation per feature. A text of `n` units writes at most `featureCapacity(config, n)` codes.
 */
export function featureCapacity(config: FeatureConfig, length: number): number {
  return (config.charSizes.length + 2) * (length + 1);
}

export const FNV_OFFSET = 0x811c9dc5;
export const FNV_PRIME = 0x01000193;
/** The multiplier of every code (Fibonacci hashing: the top bits of the product depend on every bit of the input). */
export const GOLDEN = 0x9e3779b1;
/** Distinct seeds per feature family, so a word and a character n-gram with the same letters land apart. */
export const SEED_WORD = 0x2545f491;
export const SEED_BIGRAM = 0x85ebca77;
/** Seeds of the 2-, 3- and 4-grams (index = size). */
export const SEED_CHAR: readonly number[] = [0, 0, 0x27d4eb2f, 0x165667b1, 0x5f356495];
const SPACE = 0x20;
const ZERO = 0x30;

/**
 * What a UTF-16 unit of the reading view counts as: a word character (letters of any script, digits folded to 0),
 * whitespace (collapsed to one space) or a symbol kept as itself (`:`, `[`, `{`, `!`: markers and markdown matter).
 * Non-ASCII punctuation blocks are symbols; every other non-ASCII unit is a word character.
 */
export function isWordUnit(c: number): boolean {
  if (c < 0x80) return (c >= 0x61 && c <= 0x7a) || (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5a);
  if (c < 0xc0) return false;
  if (c >= 0x2000 && c <= 0x2bff) return false;
  if (c >= 0x3000 && c <= 0x303f) return false;
  if (c >= 0xfe30 && c <= 0xfe4f) return false;
  if (c >= 0xff00 && c <= 0xff20) return false;
  return true;
}

export function isSpace(c: number): boolean {
  return c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d || c === 0xa0 || c === 0x3000;
}

/** The unit as a word hashes it: digits as `0`, ASCII upper case as lower case, any other unit as itself. */
export function wordUnitValue(c: number): number {
  if (c >= 0x30 && c <= 0x39) return ZERO;
  if (c >= 0x41 && c <= 0x5a) return c | 0x20;
  return c;
}

/** The one-byte symbol of a unit that is not whitespace (see the header). */
export function symbolOf(c: number): number {
  return c < 0x80 ? wordUnitValue(c) : 0x80 | (c & 0x7f);
}

/** The code (`bucket * 2 + signBit`) of a feature hashed to `x`: the top `bucketsLog2 + 1` bits of `x * GOLDEN`. */
export function codeOf(x: number, bucketsLog2: number): number {
  return Math.imul(x, GOLDEN) >>> (31 - bucketsLog2);
}

/** Receives each feature's code and the offset of the unit it is placed at, in ascending offset order. */
export type FeatureSink = (code: number, at: number) => void;

/**
 * The features of `text[start, end)` read as one stream (see the header), each placed at a unit. The unit after
 * `end` is not read: a word that runs on past `end` ends at `end - 1`. Linear: each unit is looked at once.
 */
export function streamFeatures(
  text: string,
  start: number,
  end: number,
  config: FeatureConfig,
  sink: FeatureSink,
): void {
  const log2 = config.bucketsLog2;
  const sizes = config.charSizes;
  const words = config.words;
  let packed = SPACE;
  let wordHash = FNV_OFFSET;
  let previousWord = 0;
  let havePrevious = false;
  for (let i = start; i < end; i++) {
    const c = text.charCodeAt(i);
    if (!isSpace(c) || (packed & 0xff) !== SPACE) {
      packed = (packed << 8) | (isSpace(c) ? SPACE : symbolOf(c));
      for (const n of sizes) {
        const gram = n === 4 ? packed : packed & ((1 << (8 * n)) - 1);
        sink(codeOf(gram ^ SEED_CHAR[n]!, log2), i);
      }
    }
    if (!isWordUnit(c)) continue;
    wordHash = Math.imul(wordHash ^ wordUnitValue(c), FNV_PRIME);
    if (i + 1 < end && isWordUnit(text.charCodeAt(i + 1))) continue;
    if (words) {
      sink(codeOf(wordHash ^ SEED_WORD, log2), i);
      if (havePrevious) sink(codeOf(Math.imul(previousWord ^ SEED_BIGRAM, FNV_PRIME) ^ wordHash, log2), i);
    }
    previousWord = wordHash;
    havePrevious = true;
    wordHash = FNV_OFFSET;
  }
}

/**
 * Writes the feature codes of `text[start, end)` read on its own into `out` (from index 0) and returns how many.
 * `out` must hold `featureCapacity(config, end - start)` codes.
 */
export function writeFeatures(
  text: string,
  start: number,
  end: number,
  config: FeatureConfig,
  out: Int32Array,
): number {
  let count = 0;
  streamFeatures(text, start, end, config, (code) => {
    out[count++] = code;
  });
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
