// AssemblyScript source of the learned injection model's inner loop (src/engine/detectors/injection/scorer/
// scorer-wasm.ts drives it). Compiled by scripts/build-wasm.mjs into src/shared/wasm/injection-scorer.generated.ts;
// `npm run build:wasm` after an edit.
//
// Why hand-written and its own module: the model's cost was its per-character JavaScript (the segmentation's helper
// calls and closures, the feature hashing), not any one regex. This is the same algorithm as the JavaScript reference
// in scorer/segments.ts (`forEachSegment`) and scorer/features.ts (`streamFeatures`), which training still uses: one
// loop finds the segments, then one loop reads the text as one stream of features (one multiplication a feature) and
// gives each record the difference of the running sums at its ends (no restart per segment, no feature buffer).
// test/property/injection-scorer-wasm.property.test.ts checks it against the reference.
//
// Memory layout (the host's): page 1 the class table, pages 2-5 the feature table, then the weights (int8 by code,
// 2^(bucketsLog2 + 1) of them), the text (u16 units and a NUL unit after them), the segment records (five i32 each:
// start, end, line, weight sum, feature count), the listed quotes (i32 each).
//
// Invariant: the segments visited are those of `forEachSegment`, in its order, with its line numbers; the records kept
// are the visited ones numbered `skip` .. `skip + cap - 1` (a text with more segments than the record region holds is
// read in several runs; the stream goes on from run to run, as the records of a later run come after).

const QUOTE: i32 = 0x22;
const BACKSLASH: i32 = 0x5c;
const SPACE: i32 = 0x20;
const ZERO: i32 = 0x30;
const MAX_SEGMENT: i32 = 300;

const FNV_OFFSET: i32 = 0x811c9dc5;
const FNV_PRIME: i32 = 0x01000193;
const GOLDEN: i32 = 0x9e3779b1;
const SEED_WORD: i32 = 0x2545f491;
const SEED_BIGRAM: i32 = 0x85ebca77;
const SEED_2: i32 = 0x27d4eb2f;
const SEED_3: i32 = 0x165667b1;
const SEED_4: i32 = 0x5f356495;

// Classes of UTF-16 units, one byte each in a 64 KB table (`buildClasses`), so each loop tests one load instead of
// a chain of comparisons.
const K_SPACE: i32 = 1; // whitespace as the features collapse it (isSpace)
const K_WORD: i32 = 2; // a word unit of the features (isWordUnit), digits included
const K_BLANK: i32 = 4; // a blank the segments trim (isBlank)
const K_STOP: i32 = 8; // where the boundary scan looks closer: line breaks, CJK stops, `\\`, `.!?;`
const K_SEP: i32 = 16; // a list separator: `,` `|` tab
const K_DIGIT: i32 = 32;
const K_HINT: i32 = 64; // where a JSON hint can start: `"` `[` `{`
const K_QUOTE: i32 = 128; // an opening quote of quoted-mention.ts: `"` `'` and the typographic ones

let classesOff: usize = 0;
let weightsOff: usize = 0;
let want2 = false;
let want3 = false;
let want4 = false;
let words = false;

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
    if (c == QUOTE || c == 0x5b || c == 0x7b) k |= K_HINT;
    if (c == QUOTE || c == 0x27 || c == 0x201c || c == 0x2018 || c == 0xab || c == 0x201e) k |= K_QUOTE;
    store<u8>(at + <usize>c, <u8>k);
  }
  classesOff = at;
}

@inline
function classOf(c: i32): i32 {
  return <i32>load<u8>(classesOff + <usize>c);
}

/**
 * The model: where its weights are (2^(bucketsLog2 + 1) int8 by code: bucket b's weight at 2b, its negation at
 * 2b + 1), its bucket count and its feature families (bit n: character n-grams, n in 2..4).
 */
export function configure(weights: usize, bucketsLog2: i32, charSizes: i32, wordFeatures: bool): void {
  weightsOff = weights;
  codeShift = 31 - bucketsLog2;
  want2 = (charSizes & 4) != 0;
  want3 = (charSizes & 8) != 0;
  want4 = (charSizes & 16) != 0;
  words = wordFeatures;
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

/** `wordUnitValue` of features.ts. */
function wordUnitValue(c: i32): i32 {
  if (c >= 0x30 && c <= 0x39) return ZERO;
  if (c >= 0x41 && c <= 0x5a) return c | 0x20;
  return c;
}

// The feature table: one u32 per UTF-16 unit (`buildFeatureTable`): bits 0-15 the unit as a word hashes it (0 for a
// unit that is no word unit), bits 16-23 its symbol (`symbolOf`, a space for whitespace), bit 24 whitespace.
const F_SPACE: u32 = 1 << 24;

/** Writes the feature table at `at` (262,144 bytes) and uses it from then on. */
export function buildFeatureTable(at: usize): void {
  for (let c = 0; c < 0x10000; c++) {
    let e: u32 = 0;
    if (isSpace(c)) e = F_SPACE | (<u32>SPACE << 16);
    else e = <u32>(c < 0x80 ? wordUnitValue(c) : 0x80 | (c & 0x7f)) << 16;
    if (isWordUnit(c)) e |= <u32>wordUnitValue(c);
    store<u32>(at + (<usize>c << 2), e);
  }
  featuresOff = at;
}

let featuresOff: usize = 0;
/** The code of a feature hashed to `x` is `(x * GOLDEN) >>> codeShift` (31 - bucketsLog2): a bucket and a sign bit. */
let codeShift: i32 = 0;

// The stream's state between `advance` calls (and between the runs of one text): the next unit to read, the running
// signed weight sum and feature count of the units before it, the packed last four symbols, the current word's hash,
// the previous word's hash and whether there was one.
let sPos: i32 = 0;
let sSum: i32 = 0;
let sCount: i32 = 0;
let sPacked: i32 = 0;
let sWord: i32 = 0;
let sPrevious: i32 = 0;
let sHavePrevious = false;

function resetStream(): void {
  sPos = 0;
  sSum = 0;
  sCount = 0;
  sPacked = SPACE;
  sWord = FNV_OFFSET;
  sPrevious = 0;
  sHavePrevious = false;
}

/** The signed weight of the feature hashed to `x` (the host lays the weights out by code: +w, then -w). */
@inline
function weightAt(x: i32, weights: usize, shift: i32): i32 {
  return <i32>load<i8>(weights + <usize>(<u32>(x * GOLDEN) >>> shift));
}

/**
 * Reads the stream from `sPos` up to `to` (`streamFeatures` of features.ts over the whole text), adding to the
 * running sum and count every feature placed at a unit before `to`.
 */
function advance(to: i32): void {
  let i = sPos;
  if (i >= to) return;
  const weights = weightsOff;
  const table = featuresOff;
  const text = textOff;
  const shift = codeShift;
  const g2 = want2;
  const g3 = want3;
  const g4 = want4;
  const wordsOn = words;
  let sum = sSum;
  let count = sCount;
  let packed = sPacked;
  let word = sWord;
  let previous = sPrevious;
  let havePrevious = <i32>sHavePrevious;
  let e = load<u32>(table + (<usize>load<u16>(text + (<usize>i << 1)) << 2));
  while (i < to) {
    // The host writes a NUL unit after the text: no word unit, so the last word ends at the text's end.
    const next = load<u32>(table + (<usize>load<u16>(text + (<usize>(i + 1) << 1)) << 2));
    const collapse = <i32>(e >>> 24) & <i32>((packed & 0xff) == SPACE);
    packed = select<i32>(packed, (packed << 8) | <i32>((e >>> 16) & 0xff), collapse != 0);
    const keep = collapse ^ 1;
    if (g4) {
      sum += select<i32>(0, weightAt(packed ^ SEED_4, weights, shift), collapse != 0);
      count += keep;
    }
    if (g3) {
      sum += select<i32>(0, weightAt((packed & 0xffffff) ^ SEED_3, weights, shift), collapse != 0);
      count += keep;
    }
    if (g2) {
      sum += select<i32>(0, weightAt((packed & 0xffff) ^ SEED_2, weights, shift), collapse != 0);
      count += keep;
    }
    const v = <i32>(e & 0xffff);
    if (v != 0) {
      word = (word ^ v) * FNV_PRIME;
      if ((next & 0xffff) == 0) {
        if (wordsOn) {
          sum += weightAt(word ^ SEED_WORD, weights, shift);
          count++;
          if (havePrevious) {
            sum += weightAt(((previous ^ SEED_BIGRAM) * FNV_PRIME) ^ word, weights, shift);
            count++;
          }
        }
        previous = word;
        havePrevious = 1;
        word = FNV_OFFSET;
      }
    }
    e = next;
    i++;
  }
  sPos = i;
  sSum = sum;
  sCount = count;
  sPacked = packed;
  sWord = word;
  sPrevious = previous;
  sHavePrevious = havePrevious != 0;
}

/**
 * Each record kept by the last `segment` call gets its sum and count: the running sums at its end less those at its
 * start (records ascend, and the runs of one text follow each other). Apart from `segment` so that a text the host
 * reads again (its quoted mentions blanked) is not summed twice.
 */
export function sumKept(): void {
  for (let r = 0; r < kept; r++) {
    const rec = recOff + (<usize>r << 2) * 5;
    advance(load<i32>(rec));
    const sum = sSum;
    const count = sCount;
    advance(load<i32>(rec, 4));
    store<i32>(rec, sSum - sum, 12);
    store<i32>(rec, sCount - count, 16);
  }
}

// ---- segmentation (scorer/segments.ts) ----

function visit(a: i32, b: i32): void {
  const index = total++;
  if (index < skip || index - skip >= recCap) return;
  const rec = recOff + (<usize>kept << 2) * 5;
  store<i32>(rec, a);
  store<i32>(rec, b, 4);
  store<i32>(rec, line, 8);
  kept++;
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
  while (b - a > MAX_SEGMENT) {
    let cut = a + MAX_SEGMENT;
    for (let k = cut; k > a + MAX_SEGMENT / 2; k--) {
      if (isBlank(unit(k))) {
        cut = k;
        break;
      }
    }
    visit(a, cut);
    a = cut;
    while (a < b && isBlank(unit(a))) a++;
  }
  if (b > a) visit(a, b);
}

/** A data unit: numbered apart. */
@inline
function dataUnit(a: i32, b: i32): void {
  line++;
  emit(a, b, true);
}

/** The separator of a list in `[from, to)` (`listSeparator` of the reference), or -1. */
function listSeparator(from: i32, to: i32): i32 {
  let commas = 0;
  let pipes = 0;
  let tabs = 0;
  let wordCount = 0;
  let quoted = false;
  let inWord = false;
  for (let k = from; k < to; k++) {
    const c = unit(k);
    if (c == QUOTE) quoted = !quoted;
    else if (!quoted && c == 0x2c) commas++;
    else if (!quoted && c == 0x7c) pipes++;
    else if (!quoted && c == 0x09) tabs++;
    const wordy = !isBlank(c) && !isListSeparator(c);
    if (wordy && !inWord) wordCount++;
    inWord = wordy;
  }
  let most = commas > pipes ? commas : pipes;
  if (tabs > most) most = tabs;
  if (most < 3 || wordCount > 2 * (most + 1)) return -1;
  return most == commas ? 0x2c : most == pipes ? 0x7c : 0x09;
}

/** `[from, to)` as list values when it is a list; false when it is not. */
function asList(from: i32, to: i32): bool {
  const separator = listSeparator(from, to);
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

@inline
function jsonPiece(a: i32, b: i32): void {
  if (!asList(a, b)) dataUnit(a, b);
}

/** The next non-blank unit from `i` going by `step` inside `[from, to)`, or -1. */
function neighbour(i: i32, step: i32, from: i32, to: i32): i32 {
  for (let k = i; k >= from && k < to; k += step) {
    const c = unit(k);
    if (!isBlank(c)) return c;
  }
  return -1;
}

/** The fields of JSON text in `[from, to)` (`jsonFields` of the reference), each split again when it is a list. */
function jsonFields(from: i32, to: i32): void {
  let start = from;
  for (let k = from; k < to; k++) {
    const c = unit(k);
    if (!isStructural(c)) continue;
    const before = neighbour(k - 1, -1, from, to);
    const after = neighbour(k + 1, 1, from, to);
    let last = k - 1;
    while (last >= from && isBlank(unit(last))) last--;
    const beforeQuote = before == QUOTE && isQuoteAt(last);
    let next = k + 1;
    while (next < to && isBlank(unit(next))) next++;
    const afterQuote = after == QUOTE && isQuoteAt(next);
    if (beforeQuote || afterQuote || before == -1 || after == -1 || isStructural(before) || isStructural(after)) {
      jsonPiece(start, k);
      start = k + 1;
    }
  }
  jsonPiece(start, to);
}

/** Where the JSON hint regex of the reference matching at `p` ends, or -1 when it does not match there. */
function hintEnd(p: i32): i32 {
  const c = unit(p);
  if (c == QUOTE) {
    // "[^"\n]{0,80}"\s*:
    for (let k = p + 1; k <= p + 81 && k < textLen; k++) {
      const d = unit(k);
      if (d == QUOTE) {
        let r = k + 1;
        while (r < textLen && isRegexSpace(unit(r))) r++;
        if (at(r) == 0x3a) return r + 1;
        break;
      }
      if (d == 0x0a) break;
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

/** The start of the next JSON hint match from `hintScan` (the global regex's next match), or `textLen`. */
function nextHint(): i32 {
  for (let p = hintScan; p < textLen; p++) {
    if ((classOf(unit(p)) & K_HINT) == 0) continue;
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
function close(from: i32, to: i32, separators: i32): void {
  while (hint < from) hint = nextHint();
  if (hint < to) {
    jsonFields(from, to);
    line++;
    // A sentence with fewer than three separators is no list (the reference rules it out by the same count).
  } else if (separators >= 3 && asList(from, to)) line++;
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

/**
 * Segments the `n` units at `text` (scorer/segments.ts's `forEachSegment`), keeping at most `cap` records from the
 * `first`-th segment on at `records`. Returns the number of segments of the whole text (the host runs again from
 * `first + cap` while that is more than it has read).
 */
export function segment(
  text: usize,
  n: i32,
  records: usize,
  cap: i32,
  first: i32,
  quotes: bool,
  quoteList: usize,
  quoteCap: i32,
): i32 {
  textOff = text;
  textLen = n;
  recOff = records;
  recCap = cap;
  skip = first;
  kept = 0;
  total = 0;
  line = 0;
  hintScan = 0;
  // The stream goes on from where the last run's records ended (they all come before this run's).
  if (first == 0) resetStream();
  // Every JSON hint holds a double quote: a text without one has none.
  hint = quotes ? -1 : n;
  quotesAt = quoteList;
  quotesCap = quoteCap;
  quoteCount = 0;
  // The first run lists the opening quotes that may follow a naming cue when asked (`quoteCap` > 0).
  const scanMask = first == 0 && quoteCap > 0 ? K_STOP | K_SEP | K_QUOTE : K_STOP | K_SEP;
  let start = 0;
  let separators = 0;
  let i = 0;
  const classes = classesOff;
  while (i < n) {
    const c = <i32>load<u16>(text + (<usize>i << 1));
    const k = <i32>load<u8>(classes + <usize>c);
    if ((k & scanMask) == 0) {
      i++;
      continue;
    }
    if ((k & K_QUOTE) != 0) {
      listQuote(i);
      if ((k & (K_STOP | K_SEP)) == 0) {
        i++;
        continue;
      }
    }
    if ((k & K_SEP) != 0) {
      separators++;
      i++;
      continue;
    }
    if (c == 0x0a || c == 0x2028 || c == 0x2029) {
      close(start, i, separators);
      start = i + 1;
      line++;
      i++;
    } else if (c == 0x3002 || c == 0xff01 || c == 0xff1f) {
      close(start, i + 1, separators);
      start = i + 1;
      i++;
    } else if (c == BACKSLASH) {
      // `| 0x20`: the text is a reading view (lower case) or printable ASCII read as its lower-case view.
      const escaped = at(i + 1) | 0x20;
      if (at(i - 1) != BACKSLASH && (escaped == 0x6e || escaped == 0x72)) {
        close(start, i, separators);
        start = i + 2;
        line++;
        i += 2;
      } else {
        i++;
        continue;
      }
    } else if (afterStop(at(i + 1))) {
      close(start, i + 1, separators);
      start = i + 1;
      i++;
    } else {
      i++;
      continue;
    }
    separators = 0;
  }
  close(start, n, separators);
  return total;
}

let quotesAt: usize = 0;
let quotesCap: i32 = 0;
/** Opening quotes listed by the last `segment` call; -1 once there were more than its `quoteCap`. */
let quoteCount: i32 = 0;

/** Lists the opening quote at `q` (ascending offsets, i32 each) when a naming cue may end before it. */
function listQuote(q: i32): void {
  if (quoteCount < 0 || !mayFollowCue(q)) return;
  if (quoteCount == quotesCap) {
    quoteCount = -1;
    return;
  }
  store<i32>(quotesAt + (<usize>quoteCount << 2), q);
  quoteCount++;
}

/** Opening quotes listed by the last `segment` call, or -1 when there were more than it could hold. */
export function quotesListed(): i32 {
  return quoteCount;
}

/**
 * Whether what comes before the quote at `q` can end a naming cue, as the host's `mayOpenQuotedMention` reads it: at
 * most three regex spaces back, an ASCII letter or a dot (the end of a cue word; `| 0x20` as the host compares), or a
 * `,` / `:` with a unit before it that a cue word or an attack noun's gap can end on (not `.!?:"` nor a line break,
 * or a letter or dot). A superset of the quotes the host's test passes (`"key": "value"` is left out).
 */
function mayFollowCue(q: i32): bool {
  let k = q - 1;
  for (let s = 0; s < 3 && k >= 0 && isRegexSpace(unit(k)); s++) k--;
  if (k < 0) return false;
  const c = unit(k);
  if (c != 0x2c && c != 0x3a) return isCueEnd(c);
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

