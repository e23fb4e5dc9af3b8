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

/** The 32-bit finaliser of every feature hash (exported for bench/scorer/conv, which hashes the same way). */
export function fmix32(h: number): number {
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

/** The character n-gram sizes that are on, as a bit set (bit `n` for size `n`, 2..6). */
function sizeBits(sizes: readonly number[]): number {
  let bits = 0;
  for (const n of sizes) if (n >= 2 && n <= 6) bits |= 1 << n;
  return bits;
}

/**
 * The code of the character n-gram of the last `n` symbols (`last[0]` the newest): FNV-1a from its size's seed over
 * the symbols oldest first, then the finaliser.
 */
function charGramCode(last: Int32Array, n: number, mask: number): number {
  let h = FNV_OFFSET ^ Math.imul(SEED_CHAR, n);
  for (let k = n - 1; k >= 0; k--) h = Math.imul(h ^ last[k]!, FNV_PRIME);
  h = fmix32(h);
  return (h & mask) * 2 + (h >>> 31);
}

/**
 * The state of one segment's feature stream: the open word's hash, the previous word's, and the last six symbols of
 * the collapsed stream (a leading space pads the segment start). Each step writes the codes it completes to `out`.
 */
class FeatureStream {
  count = 0;
  private readonly last = new Int32Array(6);
  private seen = 1;
  private wordHash = FNV_OFFSET;
  private inWord = false;
  private previousWord = 0;
  private havePrevious = false;

  constructor(
    private readonly mask: number,
    private readonly sizes: number,
    private readonly words: boolean,
    private readonly out: Int32Array,
  ) {
    this.last[0] = SPACE;
  }

  /** One unit of the segment (a space after its last unit closes the last word and pads). */
  step(code: number): void {
    let c = code;
    let symbol: number;
    let wordUnit = false;
    if (isSpace(c)) {
      symbol = this.last[0] === SPACE ? -1 : SPACE;
    } else {
      if (c >= 0x30 && c <= 0x39) c = ZERO;
      wordUnit = isWordUnit(c);
      symbol = c;
    }
    if (wordUnit) {
      if (!this.inWord) {
        this.inWord = true;
        this.wordHash = FNV_OFFSET;
      }
      this.wordHash = Math.imul(this.wordHash ^ c, FNV_PRIME);
    } else if (this.inWord) {
      this.inWord = false;
      if (this.words) this.closeWord();
    }
    if (symbol >= 0) this.pushSymbol(symbol);
  }

  /** A word ended: its unigram, and its bigram with the word before. */
  private closeWord(): void {
    let h = fmix32(this.wordHash ^ SEED_WORD);
    this.out[this.count++] = (h & this.mask) * 2 + (h >>> 31);
    if (this.havePrevious) {
      h = fmix32(Math.imul(this.previousWord ^ SEED_BIGRAM, FNV_PRIME) ^ this.wordHash);
      this.out[this.count++] = (h & this.mask) * 2 + (h >>> 31);
    }
    this.previousWord = this.wordHash;
    this.havePrevious = true;
  }

  /** A symbol of the collapsed stream: shifted in, then each n-gram size on that has seen enough, smallest first. */
  private pushSymbol(symbol: number): void {
    const last = this.last;
    last.copyWithin(1, 0, 5);
    last[0] = symbol;
    this.seen++;
    for (let n = 2; n <= 6; n++)
      if ((this.sizes & (1 << n)) !== 0 && this.seen >= n)
        this.out[this.count++] = charGramCode(last, n, this.mask);
  }
}

/**
 * Writes the feature codes of `text[start, end)` into `out` (from index 0) and returns how many. Linear in the
 * segment: each unit is looked at once, and each character n-gram is hashed from the last `n` symbols held.
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
  const stream = new FeatureStream(mask, sizeBits(config.charSizes), config.words, out);
  for (let i = start; i < end; i++) stream.step(text.charCodeAt(i));
  stream.step(SPACE);
  return stream.count;
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
