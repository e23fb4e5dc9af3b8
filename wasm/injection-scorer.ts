// asc-options: --enable simd
// AssemblyScript source of the learned injection model's inner loop (src/engine/detectors/injection/scorer/
// scorer-wasm.ts drives it). Compiled by scripts/build-wasm.mjs into src/shared/wasm/injection-scorer.generated.ts;
// `npm run build:wasm` after an edit.
//
// Why hand-written and its own module: the model's cost was its per-character JavaScript (the segmentation's helper
// calls and closures, the feature hashing), not any one regex. This is the same algorithm as the JavaScript reference
// in scorer/segments.ts (`forEachSegment`) and scorer/features.ts (`writeFeatures`), which training still uses, written
// as one loop per stage over the UTF-16 units the host copies in, summing each segment's signed weights as it hashes
// (no feature buffer). test/property/injection-scorer-wasm.property.test.ts checks it against the reference.
//
// Memory layout (the host's, from the second page): the weights (int8, 2^bucketsLog2 of them), the text (u16 units),
// the segment records (five i32 each: start, end, line, weight sum, feature count).
//
// Invariant: the segments visited are those of `forEachSegment`, in its order, with its line numbers; the records kept
// are the visited ones numbered `skip` .. `skip + cap - 1` (a text with more segments than the record region holds is
// read in several runs; features are computed only for the records kept).

const QUOTE: i32 = 0x22;
const BACKSLASH: i32 = 0x5c;
const SPACE: i32 = 0x20;
const ZERO: i32 = 0x30;
const MAX_SEGMENT: i32 = 300;

const FNV_OFFSET: i32 = 0x811c9dc5;
const FNV_PRIME: i32 = 0x01000193;
const SEED_WORD: i32 = 0x9e3779b1;
const SEED_BIGRAM: i32 = 0x85ebca77;
const SEED_CHAR: i32 = 0xc2b2ae3d;

// Classes of UTF-16 units, one byte each in a 64 KB table (`buildClasses`), so each loop tests one load instead of
// a chain of comparisons.
const K_SPACE: i32 = 1; // whitespace as the features collapse it (isSpace)
const K_WORD: i32 = 2; // a word unit of the features (isWordUnit), digits included
const K_BLANK: i32 = 4; // a blank the segments trim (isBlank)
const K_STOP: i32 = 8; // where the boundary scan looks closer: line breaks, CJK stops, `\\`, `.!?;`
const K_SEP: i32 = 16; // a list separator: `,` `|` tab
const K_DIGIT: i32 = 32;
const K_FIELD: i32 = 64; // what a JSON field's scan stops at: a structural unit (`{}[],:`), `@` or `/`
const K_QUOTE: i32 = 128; // an opening quote of quoted-mention.ts: `"` `'` and the typographic ones

// The units where a JSON hint can start (`"` `[` `{`, `hintLanes`) and those of K_QUOTE (`buildClasses`, `quoteLanes`).
const BRACKET: i32 = 0x5b;
const BRACE: i32 = 0x7b;
const APOSTROPHE: i32 = 0x27;
const LEFT_DOUBLE: i32 = 0x201c;
const LEFT_SINGLE: i32 = 0x2018;
const GUILLEMET: i32 = 0xab;
const LOW_DOUBLE: i32 = 0x201e;

let classesOff: usize = 0;
let weightsOff: usize = 0;
let mask: i32 = 0;
let want2 = false;
let want3 = false;
let want4 = false;
let want5 = false;
let want6 = false;
let words = false;
/** The family is character 4-grams and words (the shipped model's): `features4w`. */
let only4w = false;

let textOff: usize = 0;
let textLen: i32 = 0;
let recOff: usize = 0;
let recCap: i32 = 0;
let skip: i32 = 0;
let kept: i32 = 0;
let total: i32 = 0;
let line: i32 = 0;
/** The next JSON hint at or after the last sentence's start (`textLen` for none), and where its search resumes. */
let hint: i32 = 0;
let hintScan: i32 = 0;

/** Writes the class table at `at` (65,536 bytes) and uses it from then on. */
export function buildClasses(at: usize): void {
  for (let c = 0; c < 0x10000; c++) {
    let k = 0;
    if (isSpace(c)) k |= K_SPACE;
    if (isWordUnit(c)) k |= K_WORD;
    if (isBlank(c)) k |= K_BLANK;
    if (c == 0x0a || c == 0x2028 || c == 0x2029 || c == 0x3002 || c == 0xff01 || c == 0xff1f || c == BACKSLASH)
      k |= K_STOP;
    if (isStop(c)) k |= K_STOP;
    if (isListSeparator(c)) k |= K_SEP;
    if (c >= 0x30 && c <= 0x39) k |= K_DIGIT;
    if (isStructural(c) || c == 0x40 || c == 0x2f) k |= K_FIELD;
    if (c == QUOTE || c == APOSTROPHE || c == LEFT_DOUBLE || c == LEFT_SINGLE || c == GUILLEMET || c == LOW_DOUBLE)
      k |= K_QUOTE;
    store<u8>(at + <usize>c, <u8>k);
  }
  classesOff = at;
}

/** The model: where its weights are, its bucket count and its feature families (bit n: character n-grams). */
export function configure(weights: usize, bucketsLog2: i32, charSizes: i32, wordFeatures: bool): void {
  weightsOff = weights;
  mask = (1 << bucketsLog2) - 1;
  want2 = (charSizes & 4) != 0;
  want3 = (charSizes & 8) != 0;
  want4 = (charSizes & 16) != 0;
  want5 = (charSizes & 32) != 0;
  want6 = (charSizes & 64) != 0;
  words = wordFeatures;
  only4w = charSizes == 16 && wordFeatures;
}

@inline
function unit(i: i32): i32 {
  return <i32>load<u16>(textOff + (<usize>i << 1));
}

/** The unit at `i`, or -1 outside the text (where the reference's `charCodeAt` gives NaN, equal to nothing). */
@inline
function at(i: i32): i32 {
  return i < 0 || i >= textLen ? -1 : unit(i);
}

@inline
function isBlank(c: i32): bool {
  return c == 0x20 || c == 0x09 || c == 0x0d || c == 0xa0 || c == 0x3000;
}

/** JavaScript's regex `\s`. */
function isRegexSpace(c: i32): bool {
  if (c < 0x80) return c == 0x20 || (c >= 0x09 && c <= 0x0d);
  return (
    c == 0xa0 ||
    c == 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c == 0x2028 ||
    c == 0x2029 ||
    c == 0x202f ||
    c == 0x205f ||
    c == 0x3000 ||
    c == 0xfeff
  );
}

@inline
function isStructural(c: i32): bool {
  return c == 0x7b || c == 0x7d || c == 0x5b || c == 0x5d || c == 0x2c || c == 0x3a;
}

@inline
function isListSeparator(c: i32): bool {
  return c == 0x2c || c == 0x7c || c == 0x09;
}

@inline
function isQuoteAt(k: i32): bool {
  return at(k) == QUOTE && at(k - 1) != BACKSLASH;
}

// ---- features (scorer/features.ts) ----

function isWordUnit(c: i32): bool {
  if (c < 0x80) return (c >= 0x61 && c <= 0x7a) || (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5a);
  if (c < 0xc0) return false;
  if (c >= 0x2000 && c <= 0x2bff) return false;
  if (c >= 0x3000 && c <= 0x303f) return false;
  if (c >= 0xfe30 && c <= 0xfe4f) return false;
  if (c >= 0xff00 && c <= 0xff20) return false;
  return true;
}

@inline
function isSpace(c: i32): bool {
  return c == 0x20 || c == 0x09 || c == 0x0a || c == 0x0d || c == 0xa0 || c == 0x3000;
}

@inline
function fmix32(x: i32): i32 {
  let h = x;
  h ^= h >>> 16;
  h = h * 0x85ebca6b;
  h ^= h >>> 13;
  h = h * 0xc2b2ae35;
  h ^= h >>> 16;
  return h;
}

/** `fmix32` in each i32 lane. */
@inline
function fmix32x4(x: v128): v128 {
  let h = v128.xor(x, i32x4.shr_u(x, 16));
  h = i32x4.mul(h, i32x4.splat(0x85ebca6b));
  h = v128.xor(h, i32x4.shr_u(h, 13));
  h = i32x4.mul(h, i32x4.splat(0xc2b2ae35));
  return v128.xor(h, i32x4.shr_u(h, 16));
}

/** The signed weight of the feature hashed to `h` (after fmix32): bucket `h & mask`, sign bit 31. */
@inline
function weightOf(h: i32, weights: usize, m: i32): i32 {
  const w = <i32>load<i8>(weights + <usize>(h & m));
  // `sign` is -1 or 0: `(w ^ -1) - -1` is `-w` in two's complement, `(w ^ 0) - 0` is `w` (no branch).
  const sign = h >> 31;
  return (w ^ sign) - sign;
}

let featureSum: i32 = 0;

/** The number of features of `[start, end)` (as `writeFeatures` writes them); their signed weight sum in featureSum. */
function features(start: i32, end: i32): i32 {
  const weights = weightsOff;
  const m = mask;
  const w2 = want2;
  const w3 = want3;
  const w4 = want4;
  const w5 = want5;
  const w6 = want6;
  const wordsOn = words;
  const s2 = FNV_OFFSET ^ (SEED_CHAR * 2);
  const s3 = FNV_OFFSET ^ (SEED_CHAR * 3);
  const s4 = FNV_OFFSET ^ (SEED_CHAR * 4);
  const s5 = FNV_OFFSET ^ (SEED_CHAR * 5);
  const s6 = FNV_OFFSET ^ (SEED_CHAR * 6);
  let count = 0;
  let sum = 0;
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
  const classes = classesOff;
  const text = textOff;
  for (let i = start; i <= end; i++) {
    let c = i == end ? SPACE : <i32>load<u16>(text + (<usize>i << 1));
    const k = <i32>load<u8>(classes + <usize>c);
    let symbol: i32;
    let wordUnit = false;
    if ((k & K_SPACE) != 0) {
      symbol = c1 == SPACE ? -1 : SPACE;
    } else {
      if ((k & K_DIGIT) != 0) c = ZERO;
      wordUnit = (k & K_WORD) != 0;
      symbol = c;
    }
    if (wordUnit) {
      if (!inWord) {
        inWord = true;
        wordHash = FNV_OFFSET;
      }
      wordHash = (wordHash ^ c) * FNV_PRIME;
    } else if (inWord) {
      inWord = false;
      if (wordsOn) {
        sum += weightOf(fmix32(wordHash ^ SEED_WORD), weights, m);
        count++;
        if (havePrevious) {
          sum += weightOf(fmix32(((previousWord ^ SEED_BIGRAM) * FNV_PRIME) ^ wordHash), weights, m);
          count++;
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
    if (w2 && seen >= 2) {
      sum += weightOf(fmix32(((s2 ^ c2) * FNV_PRIME ^ c1) * FNV_PRIME), weights, m);
      count++;
    }
    if (w3 && seen >= 3) {
      sum += weightOf(fmix32((((s3 ^ c3) * FNV_PRIME ^ c2) * FNV_PRIME ^ c1) * FNV_PRIME), weights, m);
      count++;
    }
    if (w4 && seen >= 4) {
      let h = (s4 ^ c4) * FNV_PRIME;
      h = (h ^ c3) * FNV_PRIME;
      h = ((h ^ c2) * FNV_PRIME ^ c1) * FNV_PRIME;
      sum += weightOf(fmix32(h), weights, m);
      count++;
    }
    if (w5 && seen >= 5) {
      let h = (s5 ^ c5) * FNV_PRIME;
      h = ((h ^ c4) * FNV_PRIME ^ c3) * FNV_PRIME;
      h = ((h ^ c2) * FNV_PRIME ^ c1) * FNV_PRIME;
      sum += weightOf(fmix32(h), weights, m);
      count++;
    }
    if (w6 && seen >= 6) {
      let h = (s6 ^ c6) * FNV_PRIME;
      h = ((h ^ c5) * FNV_PRIME ^ c4) * FNV_PRIME;
      h = ((h ^ c3) * FNV_PRIME ^ c2) * FNV_PRIME;
      sum += weightOf(fmix32((h ^ c1) * FNV_PRIME), weights, m);
      count++;
    }
  }
  featureSum = sum;
  return count;
}


/**
 * The symbols of one segment, one i32 each (features4w's first pass): a leading space, then at most one a unit and the
 * closing space, so at most MAX_SEGMENT + 2 of them.
 */
const SYMBOLS: usize = memory.data(4 * (MAX_SEGMENT + 16), 16);

/**
 * The hashes of one segment's words, in order (features4w's first pass): a word ends at a unit after it or at the
 * closing space, so at most (MAX_SEGMENT + 1) / 2 + 1 of them, and one more slot is written past the last.
 */
const WORD_HASHES: usize = memory.data(4 * (MAX_SEGMENT + 16), 16);

/**
 * `features` for the shipped family alone (character 4-grams and words). A first pass, with no branch per unit, hashes
 * the words (each word's FNV hash to WORD_HASHES as it ends) and writes the segment's symbols (spaces collapsed,
 * digits folded: the symbols `features` hashes its n-grams over) to SYMBOLS; then the words' unigrams and bigrams are
 * summed from WORD_HASHES, and the 4-grams hashed four at a time (i32x4 lanes, each the scalar hash of one 4-gram,
 * then each lane's weight looked up). The same features as `features`, so
 * the same count, and the same integer sum in another order.
 */
function features4w(start: i32, end: i32): i32 {
  // Every segment `emit` visits is at most MAX_SEGMENT units; a longer one would overrun SYMBOLS.
  if (end - start > MAX_SEGMENT) return features(start, end);
  const weights = weightsOff;
  const m = mask;
  const classes = classesOff;
  const text = textOff;
  let c1 = SPACE;
  let wordHash = FNV_OFFSET;
  let inWord = 0; // 1 when the unit before was a word unit
  let ends = WORD_HASHES;
  store<i32>(SYMBOLS, SPACE);
  let out = SYMBOLS + 4;
  const last = text + (<usize>end << 1);
  // No branch per unit: each unit writes the open word's hash at `ends` and the symbol at `out`, and each pointer
  // moves on only when what it wrote counts (a word ended here; a symbol that is not a second space in a row).
  for (let p = text + (<usize>start << 1); p < last; p += 2) {
    const u = <i32>load<u16>(p);
    const k = <i32>load<u8>(classes + <usize>u);
    const wordUnit = (k >> 1) & 1; // K_WORD
    const c = select<i32>(ZERO, u, (k & K_DIGIT) != 0);
    store<i32>(ends, wordHash);
    ends += <usize>((inWord & ~wordUnit) << 2);
    // A word starts from FNV_OFFSET; after a unit that is no word unit, the hash is never read but restarted.
    wordHash = (select<i32>(wordHash, FNV_OFFSET, inWord != 0) ^ c) * FNV_PRIME;
    inWord = wordUnit;
    const space = k & K_SPACE;
    const symbol = select<i32>(SPACE, c, space != 0);
    store<i32>(out, symbol);
    out += <usize>(((space & <i32>(c1 == SPACE)) ^ 1) << 2);
    c1 = symbol;
  }
  // The closing space: it ends the open word, and is a symbol unless one was just written.
  store<i32>(ends, wordHash);
  ends += <usize>(inWord << 2);
  store<i32>(out, SPACE);
  out += <usize>(<i32>(c1 != SPACE) << 2);
  // Each word's unigram, and from the second on its bigram with the word before.
  const wordCount = <i32>((ends - WORD_HASHES) >> 2);
  let sum = 0;
  let count = 0;
  if (wordCount > 0) {
    sum = weightOf(fmix32(load<i32>(WORD_HASHES) ^ SEED_WORD), weights, m);
    // Four words at a time (i32x4 lanes, each the scalar hash of its word's unigram, then of its bigram with the word
    // before), then the last ones one at a time: the same features as one word at a time.
    let w = 1;
    for (; w + 3 < wordCount; w += 4) {
      const at = WORD_HASHES + (<usize>w << 2);
      const h = v128.load(at);
      const unigrams = fmix32x4(v128.xor(h, i32x4.splat(SEED_WORD)));
      const before = i32x4.mul(v128.xor(v128.load(at - 4), i32x4.splat(SEED_BIGRAM)), i32x4.splat(FNV_PRIME));
      const bigrams = fmix32x4(v128.xor(before, h));
      sum += weightOf(i32x4.extract_lane(unigrams, 0), weights, m);
      sum += weightOf(i32x4.extract_lane(unigrams, 1), weights, m);
      sum += weightOf(i32x4.extract_lane(unigrams, 2), weights, m);
      sum += weightOf(i32x4.extract_lane(unigrams, 3), weights, m);
      sum += weightOf(i32x4.extract_lane(bigrams, 0), weights, m);
      sum += weightOf(i32x4.extract_lane(bigrams, 1), weights, m);
      sum += weightOf(i32x4.extract_lane(bigrams, 2), weights, m);
      sum += weightOf(i32x4.extract_lane(bigrams, 3), weights, m);
    }
    for (; w < wordCount; w++) {
      const h = load<i32>(WORD_HASHES + (<usize>w << 2));
      const previous = load<i32>(WORD_HASHES + (<usize>(w - 1) << 2));
      sum += weightOf(fmix32(h ^ SEED_WORD), weights, m);
      sum += weightOf(fmix32(((previous ^ SEED_BIGRAM) * FNV_PRIME) ^ h), weights, m);
    }
    count = 2 * wordCount - 1;
  }
  // A 4-gram ends at each symbol from the fourth on (`features`' `seen >= 4`).
  const symbols = <i32>((out - SYMBOLS) >> 2);
  if (symbols < 4) {
    featureSum = sum;
    return count;
  }
  count += symbols - 3;
  const seed = i32x4.splat(FNV_OFFSET ^ (SEED_CHAR * 4));
  const prime = i32x4.splat(FNV_PRIME);
  let j = 3;
  for (; j + 3 < symbols; j += 4) {
    const at = SYMBOLS + (<usize>(j - 3) << 2);
    let h = i32x4.mul(v128.xor(seed, v128.load(at)), prime);
    h = i32x4.mul(v128.xor(h, v128.load(at, 4)), prime);
    h = i32x4.mul(v128.xor(h, v128.load(at, 8)), prime);
    h = fmix32x4(i32x4.mul(v128.xor(h, v128.load(at, 12)), prime));
    sum += weightOf(i32x4.extract_lane(h, 0), weights, m);
    sum += weightOf(i32x4.extract_lane(h, 1), weights, m);
    sum += weightOf(i32x4.extract_lane(h, 2), weights, m);
    sum += weightOf(i32x4.extract_lane(h, 3), weights, m);
  }
  // The last symbols' 4-grams, fewer than four, one at a time.
  const s4 = FNV_OFFSET ^ (SEED_CHAR * 4);
  for (; j < symbols; j++) {
    const at = SYMBOLS + (<usize>(j - 3) << 2);
    const h = ((((s4 ^ load<i32>(at)) * FNV_PRIME ^ load<i32>(at, 4)) * FNV_PRIME ^ load<i32>(at, 8)) * FNV_PRIME ^ load<i32>(at, 12)) * FNV_PRIME;
    sum += weightOf(fmix32(h), weights, m);
  }
  featureSum = sum;
  return count;
}

// ---- segmentation (scorer/segments.ts) ----

/**
 * `alone`: no other segment has this one's line (a data unit visited whole). In reporting mode such a segment shorter
 * than MIN_REPORTED_LENGTH is never reported: not alone (too short), nor in a pair (a pair is two segments of one
 * line), so its features are not computed (`pass`).
 */
function visit(a: i32, b: i32, alone: bool): void {
  const index = total++;
  if (reporting) {
    if (alone && b - a < MIN_REPORTED_LENGTH) pass(a, b);
    else report(a, b, only4w ? features4w(a, b) : features(a, b));
    return;
  }
  if (index < skip || index - skip >= recCap) return;
  const count = only4w ? features4w(a, b) : features(a, b);
  storeRecord(a, b, featureSum, count);
}

@inline
function storeRecord(a: i32, b: i32, sum: i32, count: i32): void {
  const rec = recOff + (<usize>kept << 2) * 5;
  store<i32>(rec, a);
  store<i32>(rec, b, 4);
  store<i32>(rec, line, 8);
  store<i32>(rec, sum, 12);
  store<i32>(rec, count, 16);
  kept++;
}

// ---- the spans a threshold reports (scorer/score-text.ts's `scoreText`) ----

/** Spans shorter than this are never reported alone (score-text.ts' MIN_REPORTED_LENGTH). */
const MIN_REPORTED_LENGTH: i32 = 20;

/** `segment` keeps only the spans `scoreText` reports (`configureReport`), not every segment. */
let reporting = false;
let bias: f64 = 0;
let scale: f64 = 0;
let minLogit: f64 = 0;
let pairs = false;
/** More spans were reported than the records' region holds: the host reads the text segment by segment instead. */
let overflow = false;
let previousStart: i32 = -1;
let previousEnd: i32 = -1;
let previousLine: i32 = -1;
let previousSum: i32 = 0;
let previousCount: i32 = 0;
let previousLogit: f64 = -Infinity;
let previousHit = false;

/** The next `segment` call keeps the spans whose logit reaches `threshold` (`report` false: every segment). */
export function configureReport(on: bool, modelBias: f64, modelScale: f64, threshold: f64, pairsOn: bool): void {
  reporting = on;
  bias = modelBias;
  scale = modelScale;
  minLogit = threshold;
  pairs = pairsOn;
}

/** Whether the last `segment` call in reporting mode had more spans than records. */
export function overflowed(): bool {
  return overflow;
}

/** score-text.ts' `logitOf`, in the same double operations in the same order (so the same value, bit for bit). */
@inline
function logitOf(sum: i32, count: i32): f64 {
  return count == 0 ? bias : bias + (scale * <f64>sum) / Math.sqrt(<f64>count);
}

/** A span `scoreText` reports, with the weight sum and feature count its logit is read from. */
function keep(a: i32, b: i32, sum: i32, count: i32): void {
  if (kept == recCap) {
    overflow = true;
    return;
  }
  storeRecord(a, b, sum, count);
}

/**
 * `report` of a segment that cannot be reported (`visit`): the one before the next segment, with no features, so it
 * pairs with none (a pair needs the previous segment's count above zero; the next segment has another line anyway).
 */
function pass(a: i32, b: i32): void {
  previousStart = a;
  previousEnd = b;
  previousLine = line;
  previousSum = 0;
  previousCount = 0;
  previousLogit = -Infinity;
  previousHit = false;
}

/** `scoreText`'s visitor: a segment reported alone, or with the one before it as a pair. */
function report(a: i32, b: i32, count: i32): void {
  const sum = featureSum;
  const logit = logitOf(sum, count);
  const hit = logit >= minLogit && b - a >= MIN_REPORTED_LENGTH;
  if (hit) keep(a, b, sum, count);
  else if (pairs && !previousHit && previousLine == line && previousCount > 0 && b - previousStart >= MIN_REPORTED_LENGTH) {
    const pairSum = sum + previousSum;
    const pairCount = count + previousCount;
    if (logitOf(pairSum, pairCount) >= minLogit) {
      const previousLong = previousEnd - previousStart >= MIN_REPORTED_LENGTH;
      const currentLong = b - a >= MIN_REPORTED_LENGTH;
      if (!previousLong && !currentLong) keep(previousStart, b, pairSum, pairCount);
      else if (previousLong && (!currentLong || previousLogit > logit)) keep(previousStart, previousEnd, pairSum, pairCount);
      else keep(a, b, pairSum, pairCount);
    }
  }
  previousStart = a;
  previousEnd = b;
  previousLine = line;
  previousSum = sum;
  previousCount = count;
  previousLogit = logit;
  previousHit = hit;
}

/** `[from, to)` trimmed of blanks (and, for a data unit, of its quotes), in windows of at most MAX_SEGMENT. */
function emit(from: i32, to: i32, unquote: bool): void {
  let a = from;
  let b = to;
  while (a < b && isBlank(unit(a))) a++;
  while (b > a && isBlank(unit(b - 1))) b--;
  if (unquote && b - a >= 2 && unit(a) == QUOTE && isQuoteAt(b - 1)) {
    a++;
    b--;
  }
  const whole = b - a <= MAX_SEGMENT;
  while (b - a > MAX_SEGMENT) {
    let cut = a + MAX_SEGMENT;
    for (let k = cut; k > a + MAX_SEGMENT / 2; k--) {
      if (isBlank(unit(k))) {
        cut = k;
        break;
      }
    }
    visit(a, cut, false);
    a = cut;
    while (a < b && isBlank(unit(a))) a++;
  }
  // A data unit (`unquote`) visited in one piece is alone on its line: `dataUnit` numbers each apart.
  if (b > a) visit(a, b, unquote && whole);
}

/** A data unit: numbered apart. */
@inline
function dataUnit(a: i32, b: i32): void {
  line++;
  emit(a, b, true);
}

/**
 * The separator of a list in `[from, to)` (`listSeparator` of the reference), or -1. `separators` counts the sentence's
 * `,` `|` and tabs, quoted or not: no separator occurs more often outside quotes, so once the words outnumber what
 * that many values allow (`2 * (separators + 1)`), it is no list whatever follows, and the scan stops there.
 */
function listSeparator(from: i32, to: i32, separators: i32): i32 {
  let commas = 0;
  let pipes = 0;
  let tabs = 0;
  let wordCount = 0;
  let quoted = false;
  let inWord = false;
  const wordBound = 2 * (separators + 1);
  const classes = classesOff;
  const text = textOff;
  for (let k = from; k < to; k++) {
    const c = <i32>load<u16>(text + (<usize>k << 1));
    const kind = <i32>load<u8>(classes + <usize>c);
    if (c == QUOTE) quoted = !quoted;
    else if (!quoted && (kind & K_SEP) != 0) {
      if (c == 0x2c) commas++;
      else if (c == 0x7c) pipes++;
      else tabs++;
    }
    const wordy = (kind & (K_BLANK | K_SEP)) == 0;
    if (wordy && !inWord) {
      wordCount++;
      if (wordCount > wordBound) return -1;
    }
    inWord = wordy;
  }
  let most = commas > pipes ? commas : pipes;
  if (tabs > most) most = tabs;
  if (most < 3 || wordCount > 2 * (most + 1)) return -1;
  return most == commas ? 0x2c : most == pipes ? 0x7c : 0x09;
}

/** `[from, to)` as list values when it is a list; false when it is not. */
function asList(from: i32, to: i32, separators: i32): bool {
  const separator = listSeparator(from, to, separators);
  if (separator == -1) return false;
  let start = from;
  let quoted = false;
  for (let k = from; k < to; k++) {
    const c = unit(k);
    if (c == QUOTE) quoted = !quoted;
    else if (!quoted && c == separator) {
      dataUnit(start, k);
      start = k + 1;
    }
  }
  dataUnit(start, to);
  return true;
}

/**
 * `[from, to)` as values joined by blanks, each a data unit (`asValueRun` of the reference): every blank-separated
 * token holds `@`, `/` or a digit, and there are at least three. The caller has counted three `@` or `/` in it.
 */
function asValueRun(from: i32, to: i32): bool {
  let tokens = 0;
  let inToken = false;
  let valued = false;
  for (let k = from; k < to; k++) {
    const c = unit(k);
    if (isBlank(c)) {
      if (inToken && !valued) return false;
      if (inToken) tokens++;
      inToken = false;
    } else {
      if (!inToken) valued = false;
      inToken = true;
      if (c == 0x40 || c == 0x2f || (c >= 0x30 && c <= 0x39)) valued = true;
    }
  }
  if (inToken && !valued) return false;
  if (inToken) tokens++;
  if (tokens < 3) return false;
  let start = -1;
  for (let k = from; k < to; k++) {
    if (isBlank(unit(k))) {
      if (start >= 0) dataUnit(start, k);
      start = -1;
    } else if (start < 0) start = k;
  }
  if (start >= 0) dataUnit(start, to);
  return true;
}

/**
 * A field of JSON text; `separators` counts its `,` `|` and tabs (a list needs three: fewer rule it out unread),
 * `marks` its `@` and `/` (so does a run of values).
 */
@inline
function jsonPiece(a: i32, b: i32, separators: i32, marks: i32): void {
  if (separators >= 3 && asList(a, b, separators)) return;
  if (marks >= 3 && asValueRun(a, b)) return;
  dataUnit(a, b);
}

/** The fields of JSON text in `[from, to)` (`jsonFields` of the reference), each split again when it is a list. */
function jsonFields(from: i32, to: i32): void {
  let start = from;
  let separators = 0;
  let marks = 0;
  const classes = classesOff;
  for (let k = from; k < to; k++) {
    // Sixteen units at a time up to the next K_FIELD or K_SEP unit (FIELD_TABLE): every unit skipped is neither.
    while (k + 16 <= to) {
      const lanes = fieldLanes(k);
      if (lanes != 0) {
        k += ctz(lanes);
        break;
      }
      k += 16;
    }
    if (k >= to) break;
    const c = unit(k);
    const kind = <i32>load<u8>(classes + <usize>c);
    // Only structural units, separators and marks change what this loop keeps.
    if ((kind & (K_FIELD | K_SEP)) == 0) continue;
    if (isStructural(c)) {
      // The non-blank units either side (the reference's `neighbour`, and where they are for the quote test).
      let last = k - 1;
      while (last >= from && isBlank(unit(last))) last--;
      let next = k + 1;
      while (next < to && isBlank(unit(next))) next++;
      const before = last >= from ? unit(last) : -1;
      const after = next < to ? unit(next) : -1;
      const beforeQuote = before == QUOTE && isQuoteAt(last);
      const afterQuote = after == QUOTE && isQuoteAt(next);
      if (beforeQuote || afterQuote || before == -1 || after == -1 || isStructural(before) || isStructural(after)) {
        jsonPiece(start, k, separators, marks);
        start = k + 1;
        separators = 0;
        marks = 0;
        continue;
      }
    }
    if ((kind & K_SEP) != 0) separators++;
    else if (c == 0x40 || c == 0x2f) marks++;
  }
  jsonPiece(start, to, separators, marks);
}

/** Where the JSON hint regex of the reference matching at `p` ends, or -1 when it does not match there. */
function hintEnd(p: i32): i32 {
  const c = unit(p);
  if (c == QUOTE) {
    // "[^"\n]{0,80}"\s*: from the first `"` or line break of the 81 units after `p`, eight units at a time (the host
    // keeps 16 bytes of memory past the text; lanes past the range are masked out).
    const limit = min(p + 82, textLen);
    for (let k = p + 1; k < limit; k += 8) {
      const v = v128.load(textOff + (<usize>k << 1));
      const left = limit - k;
      const lanes =
        i16x8.bitmask(v128.or(i16x8.eq(v, i16x8.splat(<i16>QUOTE)), i16x8.eq(v, i16x8.splat(0x0a)))) &
        (left < 8 ? (1 << left) - 1 : 0xff);
      if (lanes == 0) continue;
      const d = k + ctz(lanes);
      if (unit(d) == QUOTE) {
        let r = d + 1;
        while (r < textLen && isRegexSpace(unit(r))) r++;
        if (at(r) == 0x3a) return r + 1;
      }
      break;
    }
    // "\s*,\s*"
    let r = p + 1;
    while (r < textLen && isRegexSpace(unit(r))) r++;
    if (at(r) != 0x2c) return -1;
    r++;
    while (r < textLen && isRegexSpace(unit(r))) r++;
    return at(r) == QUOTE ? r + 1 : -1;
  }
  if (c == 0x5b || c == 0x7b) {
    // [[{]\s*"
    let r = p + 1;
    while (r < textLen && isRegexSpace(unit(r))) r++;
    return at(r) == QUOTE ? r + 1 : -1;
  }
  return -1;
}

/** Whether a JSON hint can start at a unit (`hintLanes` tests the same units). */
@inline
function isHintStart(c: i32): bool {
  return c == QUOTE || c == BRACKET || c == BRACE;
}

/** Bit `i` set when unit `p + i` of the text is one where a JSON hint can start, for the eight units from `p`. */
@inline
function hintLanes(p: i32): i32 {
  const v = v128.load(textOff + (<usize>p << 1));
  const hit = v128.or(
    i16x8.eq(v, i16x8.splat(<i16>QUOTE)),
    v128.or(i16x8.eq(v, i16x8.splat(<i16>BRACKET)), i16x8.eq(v, i16x8.splat(<i16>BRACE))),
  );
  return i16x8.bitmask(hit);
}

/** Bit `i` set when unit `p + i` of the text is a K_QUOTE unit, for the eight units from `p`. */
@inline
function quoteLanes(p: i32): i32 {
  const v = v128.load(textOff + (<usize>p << 1));
  const hit = v128.or(
    v128.or(
      v128.or(i16x8.eq(v, i16x8.splat(<i16>QUOTE)), i16x8.eq(v, i16x8.splat(<i16>APOSTROPHE))),
      v128.or(i16x8.eq(v, i16x8.splat(<i16>LEFT_DOUBLE)), i16x8.eq(v, i16x8.splat(<i16>LEFT_SINGLE))),
    ),
    v128.or(i16x8.eq(v, i16x8.splat(<i16>GUILLEMET)), i16x8.eq(v, i16x8.splat(<i16>LOW_DOUBLE))),
  );
  return i16x8.bitmask(hit);
}

/**
 * The first unit where a JSON hint can start at or after `p` among whole runs of eight units, or where fewer than
 * eight are left (the caller tests each of those): no hint starts at a unit skipped.
 */
@inline
function skipToHint(p: i32): i32 {
  let at = p;
  while (at + 8 <= textLen) {
    const lanes = hintLanes(at);
    if (lanes != 0) return at + ctz(lanes);
    at += 8;
  }
  return at;
}

/** The start of the next JSON hint match from `hintScan` (the global regex's next match), or `textLen`. */
function nextHint(): i32 {
  for (let p = hintScan; p < textLen; p++) {
    p = skipToHint(p);
    if (p >= textLen) break;
    if (!isHintStart(unit(p))) continue;
    const end = hintEnd(p);
    if (end >= 0) {
      hintScan = end;
      return p;
    }
  }
  hintScan = textLen;
  return textLen;
}

/** One sentence `[from, to)`: its data units when it is JSON text or a list, else itself. */
function close(from: i32, to: i32, separators: i32, marks: i32): void {
  while (hint < from) hint = nextHint();
  if (hint < to) {
    jsonFields(from, to);
    line++;
    // A sentence with fewer than three separators is no list, with fewer than three `@` or `/` no run of values (the
    // reference rules them out by the same counts).
  } else if (separators >= 3 && asList(from, to, separators)) line++;
  else if (marks >= 3 && asValueRun(from, to)) line++;
  else emit(from, to, false);
}

@inline
function isStop(c: i32): bool {
  return c == 0x2e || c == 0x21 || c == 0x3f || c == 0x3b;
}

@inline
function afterStop(c: i32): bool {
  return c == 0x20 || c == 0x09 || c == 0x0d || c == 0xa0 || c == 0x3000;
}

// `segment`'s skip over units that are neither K_STOP nor K_SEP, sixteen at a time. The units are narrowed to bytes
// (saturating: 0x80-0xff stay, 0x100-0x7fff become 0xff, 0x8000 up become 0), and the byte at index `lo` of a table has
// bit `hi` set when the ASCII unit `hi * 16 + lo` is in its class (`byteLanes`). A lane is a possible boundary
// (`BOUNDARY_TABLE` or a byte from 0x80 up) when its unit is `\t` `\n` `!` `,` `.` `;` `?` `\` `|`, 0 (a unit from
// 0x8000 up, as U+FF01 and U+FF1F narrow to) or any unit from 0x80 up (U+2028, U+2029, U+3002 among them): a superset
// of K_STOP | K_SEP, so the per-unit step decides each of those lanes. `MARK_TABLE`: `@` and `/`.
const BOUNDARY_TABLE: usize = memory.data<u8>([1, 4, 0, 0, 0, 0, 0, 0, 0, 1, 1, 8, 164, 0, 4, 8]);
const MARK_TABLE: usize = memory.data<u8>([16, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 4]);
/** `1 << hi` for the high nibbles of ASCII, 0 from 0x80 up. */
const HIGH_NIBBLES: usize = memory.data<u8>([1, 2, 4, 8, 16, 32, 64, 128, 0, 0, 0, 0, 0, 0, 0, 0]);

/** Bit `i` set when byte `i` (its low nibble in `lo`, `1 << hi` in `high`) is in the class of `table`. */
@inline
function byteLanes(table: usize, lo: v128, high: v128): i32 {
  return i8x16.bitmask(i8x16.ne(v128.and(i8x16.swizzle(v128.load(table), lo), high), i8x16.splat(0)));
}

/**
 * `jsonFields`' units, K_FIELD | K_SEP: `{` `}` `[` `]` `,` `:` `@` `/` `|` and tab, all ASCII (a unit from 0x80 up
 * narrows to a byte no row holds: 0x80-0xff, 0xff or 0).
 */
const FIELD_TABLE: usize = memory.data<u8>([16, 0, 0, 0, 0, 0, 0, 0, 0, 1, 8, 160, 132, 160, 0, 4]);

/** Bit `i` set when unit `k + i` of the text is a K_FIELD or K_SEP unit, for the sixteen units from `k`. */
@inline
function fieldLanes(k: i32): i32 {
  const p = textOff + (<usize>k << 1);
  const b = i8x16.narrow_i16x8_u(v128.load(p), v128.load(p, 16));
  const high = i8x16.swizzle(v128.load(HIGH_NIBBLES), i8x16.shr_u(b, 4));
  return byteLanes(FIELD_TABLE, v128.and(b, i8x16.splat(15)), high);
}

/**
 * Segments the `n` units at `text` (scorer/segments.ts's `forEachSegment`), keeping at most `cap` records from the
 * `first`-th segment on at `records`. Returns the number of segments of the whole text (the host runs again from
 * `first + cap` while that is more than it has read).
 */
export function segment(text: usize, n: i32, records: usize, cap: i32, first: i32, quotes: bool): i32 {
  textOff = text;
  textLen = n;
  recOff = records;
  recCap = cap;
  skip = first;
  kept = 0;
  total = 0;
  line = 0;
  hintScan = 0;
  overflow = false;
  previousStart = -1;
  previousEnd = -1;
  previousLine = -1;
  previousSum = 0;
  previousCount = 0;
  previousLogit = -Infinity;
  previousHit = false;
  // Every JSON hint holds a double quote: a text without one has none.
  hint = quotes ? -1 : n;
  let start = 0;
  let separators = 0;
  let marks = 0;
  let i = 0;
  const classes = classesOff;
  while (i < n) {
    // Sixteen units at a time up to the next one that may be K_STOP or K_SEP (BOUNDARY_TABLE): every unit skipped is
    // neither, so it only counts as a mark when it is one (`@` `/`), as the per-unit step below would count it.
    if (i + 16 <= n) {
      const p = text + (<usize>i << 1);
      const b = i8x16.narrow_i16x8_u(v128.load(p), v128.load(p, 16));
      const lo = v128.and(b, i8x16.splat(15));
      const high = i8x16.swizzle(v128.load(HIGH_NIBBLES), i8x16.shr_u(b, 4));
      const events = byteLanes(BOUNDARY_TABLE, lo, high) | i8x16.bitmask(b);
      const markLanes = byteLanes(MARK_TABLE, lo, high);
      if (events == 0) {
        marks += <i32>popcnt(markLanes);
        i += 16;
        continue;
      }
      const j = <i32>ctz(events);
      marks += <i32>popcnt(markLanes & ((1 << j) - 1));
      i += j;
    }
    const c = <i32>load<u16>(text + (<usize>i << 1));
    const k = <i32>load<u8>(classes + <usize>c);
    if ((k & (K_STOP | K_SEP)) == 0) {
      // `@` and `/`: the marks of a run of values (the class table has no bit left for them).
      if (c == 0x40 || c == 0x2f) marks++;
      i++;
      continue;
    }
    if ((k & K_SEP) != 0) {
      separators++;
      i++;
      continue;
    }
    if (c == 0x0a || c == 0x2028 || c == 0x2029) {
      close(start, i, separators, marks);
      start = i + 1;
      line++;
      i++;
    } else if (c == 0x3002 || c == 0xff01 || c == 0xff1f) {
      close(start, i + 1, separators, marks);
      start = i + 1;
      i++;
    } else if (c == BACKSLASH) {
      if (at(i - 1) != BACKSLASH && (at(i + 1) == 0x6e || at(i + 1) == 0x72)) {
        close(start, i, separators, marks);
        start = i + 2;
        line++;
        i += 2;
      } else {
        i++;
        continue;
      }
    } else if (afterStop(at(i + 1))) {
      close(start, i + 1, separators, marks);
      start = i + 1;
      i++;
    } else {
      i++;
      continue;
    }
    separators = 0;
    marks = 0;
  }
  close(start, n, separators, marks);
  return total;
}

/**
 * Writes the offsets of the opening quotes among the `n` units at `text`, from unit `from` on, to `out` (i32 each),
 * ascending, at most `cap` of them; returns how many (`cap` when there may be more: the host asks again after the
 * last one). Only quotes that may follow a naming cue (`mayFollowCue`) are listed.
 */
export function findQuotes(text: usize, n: i32, from: i32, out: usize, cap: i32): i32 {
  const classes = classesOff;
  textOff = text;
  textLen = n;
  let count = 0;
  for (let i = from; i < n; i++) {
    // Eight units at a time up to the next K_QUOTE unit: every unit skipped is none.
    while (i + 8 <= n) {
      const lanes = quoteLanes(i);
      if (lanes != 0) {
        i += ctz(lanes);
        break;
      }
      i += 8;
    }
    if (i >= n) break;
    const c = <i32>load<u16>(text + (<usize>i << 1));
    if ((<i32>load<u8>(classes + <usize>c) & K_QUOTE) == 0) continue;
    if (!mayFollowCue(i)) continue;
    store<i32>(out + (<usize>count << 2), i);
    count++;
    if (count == cap) return count;
  }
  return count;
}

/**
 * The naming cues' last words (the host's CUE_LAST_WORDS, written by the host through `cueWords`): an index of 128
 * entries by a word's last unit (u16 start into the words, u16 count), then the words, each a length byte and its
 * units (ASCII, lower case).
 */
const CUE_INDEX_BYTES: i32 = 128 * 4;
const CUE_BYTES: i32 = 4096;
const CUES: usize = memory.data(CUE_BYTES, 16);
/** Whether the host has written the cue words (until then any letter or dot may end one). */
let cuesWritten = false;

/** Where the host writes the cue words: CUE_BYTES bytes, the index then the words (`cueWordsWritten` after). */
export function cueWordsAt(): usize {
  return CUES;
}

/** The room at `cueWordsAt`, in bytes. */
export function cueWordsBytes(): i32 {
  return CUE_BYTES;
}

/** The cue words are written: `findQuotes` lists only quotes after one of them (or after a `,` / `:`). */
export function cueWordsWritten(): void {
  cuesWritten = true;
  memory.fill(CUE_PAIRS, 0, CUE_PAIR_BYTES);
  // Each word sets the bit of its last two units in CUE_PAIRS; a one-unit word sets every bit of its unit's row.
  for (let last = 0; last < 128; last++) {
    const entry = CUES + (<usize>last << 2);
    let word = CUES + <usize>CUE_INDEX_BYTES + <usize>load<u16>(entry);
    const words = <i32>load<u16>(entry, 2);
    for (let w = 0; w < words; w++) {
      const length = <i32>load<u8>(word);
      if (length == 1) memory.fill(CUE_PAIRS + (<usize>last << 4), 0xff, 16);
      else if (length > 1) {
        const before = <i32>load<u8>(word + <usize>(length - 1));
        const at = CUE_PAIRS + (<usize>last << 4) + <usize>(before >> 3);
        store<u8>(at, <u8>(<i32>load<u8>(at) | (1 << (before & 7))));
      }
      word += 1 + <usize>length;
    }
  }
}

/**
 * The cue words' last two units (`cueWordsWritten`): bit `before` of row `last` (16 bytes a row) is set when a cue
 * word ends with `before` then `last` (both ASCII lower case), or is the one unit `last` (every bit of its row). A
 * clear bit means no cue word ends there, so `endsWithCueWord` compares none of them.
 */
const CUE_PAIR_BYTES: i32 = 128 * 16;
const CUE_PAIRS: usize = memory.data(CUE_PAIR_BYTES, 16);

/**
 * Whether the units before `end` end with a cue word in any ASCII case, as the host's `endsWithCueWord` reads them
 * (`| 0x20` on each unit, compared with the word's lower-case units).
 */
function endsWithCueWord(end: i32): bool {
  if (end <= 0) return false;
  const last = unit(end - 1) | 0x20;
  if (last >= 128) return false;
  // The unit before `last`, as the words' units are compared (`| 0x20`; 128 up: no word's, as every word is ASCII);
  // -1 at the text's start, where only a one-unit word can end.
  const before = end >= 2 ? unit(end - 2) | 0x20 : -1;
  const row = CUE_PAIRS + (<usize>last << 4);
  const pair = before >= 0 && before < 128 ? (<i32>load<u8>(row + <usize>(before >> 3)) >> (before & 7)) & 1 : 0;
  // A row of set bits is a one-unit word's (or every pair's): compared as before.
  if (pair == 0 && ~load<u64>(row) != 0) return false;
  const entry = CUES + (<usize>last << 2);
  let word = CUES + <usize>CUE_INDEX_BYTES + <usize>load<u16>(entry);
  const words = <i32>load<u16>(entry, 2);
  for (let w = 0; w < words; w++) {
    const length = <i32>load<u8>(word);
    const from = end - length;
    if (from >= 0) {
      let k = 0;
      while (k < length && (unit(from + k) | 0x20) == <i32>load<u8>(word + 1 + <usize>k)) k++;
      if (k == length) return true;
    }
    word += 1 + <usize>length;
  }
  return false;
}

/**
 * Whether what comes before the quote at `q` can end a naming cue, as the host's `mayOpenQuotedMention` reads it: at
 * most three regex spaces back, the end of a cue word, or a `,` / `:` with a unit before it that a cue word or an
 * attack noun's gap can end on (not `.!?:"` nor a line break, or a letter or dot). A superset of the quotes the
 * host's test passes (`"key": "value"` and `"bug"` are left out); exactly its test where no `,` / `:` comes first.
 */
function mayFollowCue(q: i32): bool {
  // A data format's escape before a `"` (`\"` JSON, `""` CSV) is stepped over, as the host's mayOpenQuotedMention.
  const before = at(q - 1);
  if ((before == BACKSLASH || before == QUOTE) && unit(q) == QUOTE && followsCue(q - 1)) return true;
  return followsCue(q);
}

/** Whether a naming cue may end at most three regex spaces before `q` (`followsCue` in segments.ts). */
function followsCue(q: i32): bool {
  let k = q - 1;
  for (let s = 0; s < 3 && k >= 0 && isRegexSpace(unit(k)); s++) k--;
  if (k < 0) return false;
  const c = unit(k);
  if (c != 0x2c && c != 0x3a) return cuesWritten ? endsWithCueWord(k + 1) : isCueEnd(c);
  const before = at(k - 1);
  if (before < 0) return false;
  return isCueEnd(before) || !(before == 0x2e || before == 0x21 || before == 0x3f || before == 0x3a || before == QUOTE || before == 0x0a);
}

/** A unit that `| 0x20` makes an ASCII lower-case letter or a dot. */
@inline
function isCueEnd(c: i32): bool {
  const lower = c | 0x20;
  return (lower >= 0x61 && lower <= 0x7a) || lower == 0x2e;
}

/** Records kept by the last `segment` call. */
export function keptRecords(): i32 {
  return kept;
}


/**
 * Reads the `n` units at `text` in ASCII lower case in place (A-Z to a-z, every other unit kept) and returns 1 when
 * every unit is printable ASCII, a tab, LF or CR (normalise.ts `isPrintableAscii`), else 0. For such a text the
 * result is its reading view (`toReadingView`: the input's `toLowerCase`), so the host need not build it. Eight units
 * at a time; the host keeps 16 bytes of memory past the text.
 */
export function lowerAscii(text: usize, n: i32): i32 {
  let outside = 0;
  for (let i = 0; i < n; i += 8) {
    const p = text + (<usize>i << 1);
    const v = v128.load(p);
    const left = n - i;
    // Lanes past the text are masked out of the test and written back as they were.
    const valid = left < 8 ? (1 << left) - 1 : 0xff;
    const upper = i16x8.lt_u(i16x8.sub(v, i16x8.splat(65)), i16x8.splat(26));
    const control = v128.andnot(
      i16x8.lt_u(v, i16x8.splat(32)),
      v128.or(v128.or(i16x8.eq(v, i16x8.splat(9)), i16x8.eq(v, i16x8.splat(10))), i16x8.eq(v, i16x8.splat(13))),
    );
    outside |= i16x8.bitmask(v128.or(control, i16x8.gt_u(v, i16x8.splat(126)))) & valid;
    const lowered = v128.or(v, v128.and(upper, i16x8.splat(32)));
    v128.store(p, left < 8 ? v128.bitselect(lowered, v, laneMask(left)) : lowered);
  }
  return outside == 0 ? 1 : 0;
}

/** The i16x8 lanes below `left` (1..7) set. */
@inline
function laneMask(left: i32): v128 {
  const lane = i16x8(0, 1, 2, 3, 4, 5, 6, 7);
  return i16x8.lt_u(lane, i16x8.splat(<i16>left));
}
