// AssemblyScript source of the shared literal pass's scan loop (src/engine/scan/literal-pass.ts drives it). Compiled
// by scripts/build-wasm.mjs into src/shared/wasm/literal-pass.generated.ts; `npm run build:wasm` after an edit.
//
// Why its own module and not wasm/literal-automaton.ts: the same DFA (built by src/shared/literal-automaton.ts's
// `buildDfa`, same memory layout), but each ASCII chunk is read as two stripes at once. A DFA step is a load whose
// address depends on the previous step's result, so one stripe runs at the latency of that chain (about 2 ns a byte
// in V8's compiled WebAssembly); two independent chains in one loop overlap. Hits go to one buffer per stripe, the
// host reads the first stripe's before the second's, so they still come in ascending order of their end.
//
// Memory layout: as wasm/literal-automaton.ts (classes, table, outStart, outIds), plus two hit buffers of `cap`
// (literal id, UTF-16 end) pairs each, the chunk of UTF-8 text, and a buffer of `runCap` (UTF-16 start, end) pairs for
// the chunk's runs of ASCII digits (`digitRunsAscii`, `digitRunsUtf8`: the byte-class gate of the PII number
// detectors, which read their regexes only where a run of digits stands).
//
// Invariant: a hit ending in the second stripe starts at most `overlap` bytes before the stripe (overlap = the longest
// literal's length - 1), so the second stripe's DFA, started in the root state `overlap` bytes early and reporting
// only hits ending inside its own stripe, reports exactly the occurrences one sequential scan would report there.

let classesOff: usize = 0;
let tableOff: usize = 0;
let classCount: i32 = 0;
let firstAccept: i32 = 0;
let outStartOff: usize = 0;
let outIdsOff: usize = 0;
let hitsA: usize = 0;
let hitsB: usize = 0;
let hitCap: i32 = 0;

let runsOff: usize = 0;
let runCap: i32 = 0;

let row: i32 = 0;
let countA: i32 = 0;
let countB: i32 = 0;

export function configure(
  classes: usize,
  table: usize,
  k: i32,
  accept: i32,
  outStart: usize,
  outIds: usize,
  a: usize,
  b: usize,
  cap: i32,
): void {
  classesOff = classes;
  tableOff = table;
  classCount = k;
  firstAccept = accept;
  outStartOff = outStart;
  outIdsOff = outIds;
  hitsA = a;
  hitsB = b;
  hitCap = cap;
}

/** Where the digit runs of a chunk are written, and how many (start, end) pairs fit there. */
export function configureRuns(runs: usize, cap: i32): void {
  runsOff = runs;
  runCap = cap;
}

/** Starts a new text: the root state. */
export function reset(): void {
  row = 0;
}

/** Hits the last scan wrote to the first stripe's buffer. */
export function hitsInA(): i32 {
  return countA;
}

/** Hits the last scan wrote to the second stripe's buffer. */
export function hitsInB(): i32 {
  return countB;
}

/** Writes the accepting state's literals ending at UTF-16 offset `end` after `count` hits of `buffer`: the new count, -1 when full. */
@inline
function report(buffer: usize, count: i32, r: i32, end: i32): i32 {
  const base = outStartOff + (<usize>(r / (classCount << 2) - firstAccept) << 2);
  const from = load<i32>(base);
  const to = load<i32>(base + 4);
  if (count + (to - from) > hitCap) return -1;
  let n = count;
  for (let k = from; k < to; k++) {
    const at = buffer + (<usize>n << 3);
    store<i32>(at, load<i32>(outIdsOff + (<usize>k << 2)));
    store<i32>(at + 4, end);
    n++;
  }
  return n;
}

// The offsets are passed in locals: read from a (mutable) global, V8 loads them again at every step.
@inline
function step(s: i32, text: usize, i: i32, classes: usize, table: usize): i32 {
  const c = <i32>load<u8>(classes + <usize>load<u8>(text + <usize>i));
  return load<i32>(table + <usize>s + (<usize>c << 2));
}

/**
 * Scans an ASCII chunk of `n` bytes whose first byte is UTF-16 offset `base` of the text. Returns 0, or -1 when a
 * stripe's buffer filled (the host gives the pass up for this text: too dense to be worth it).
 */
export function scanAscii(text: usize, n: i32, base: i32, overlap: i32): i32 {
  countA = 0;
  countB = 0;
  const acceptRow = firstAccept * (classCount << 2);
  if (n < 4 * overlap + 256) return scanRun(text, 0, n, base, acceptRow);
  const mid = n >> 1;
  const classes = classesOff;
  const table = tableOff;
  let sa = row;
  let sb = 0;
  // The second stripe's DFA reads the `overlap` bytes before its stripe without reporting (those hits end in the first).
  for (let i = mid - overlap; i < mid; i++) sb = step(sb, text, i, classes, table);
  let a = 0;
  let b = 0;
  for (let i = 0; i < mid; i++) {
    const na = step(sa, text, i, classes, table);
    const nb = step(sb, text, mid + i, classes, table);
    if (na >= acceptRow) {
      a = report(hitsA, a, na, base + i + 1);
      if (a < 0) return -1;
    }
    if (nb >= acceptRow) {
      b = report(hitsB, b, nb, base + mid + i + 1);
      if (b < 0) return -1;
    }
    sa = na;
    sb = nb;
  }
  for (let i = mid + mid; i < n; i++) {
    const nb = step(sb, text, i, classes, table);
    if (nb >= acceptRow) {
      b = report(hitsB, b, nb, base + i + 1);
      if (b < 0) return -1;
    }
    sb = nb;
  }
  countA = a;
  countB = b;
  row = sb;
  return 0;
}

/** One stripe over ASCII bytes [from, to), hits to the first buffer. */
function scanRun(text: usize, from: i32, to: i32, base: i32, acceptRow: i32): i32 {
  const classes = classesOff;
  const table = tableOff;
  let s = row;
  let a = 0;
  for (let i = from; i < to; i++) {
    const next = step(s, text, i, classes, table);
    if (next >= acceptRow) {
      a = report(hitsA, a, next, base + i + 1);
      if (a < 0) return -1;
    }
    s = next;
  }
  countA = a;
  row = s;
  return 0;
}

/**
 * Scans a chunk of `n` bytes holding non-ASCII characters, one stripe, counting UTF-16 units from `base`: a lead or
 * ASCII byte starts one unit, a four-byte sequence's lead two (a surrogate pair); continuation bytes add none.
 */
export function scanUtf8(text: usize, n: i32, base: i32): i32 {
  countA = 0;
  countB = 0;
  const acceptRow = firstAccept * (classCount << 2);
  const classes = classesOff;
  const table = tableOff;
  let s = row;
  let a = 0;
  let pos = base;
  for (let i = 0; i < n; i++) {
    const byte = <i32>load<u8>(text + <usize>i);
    const next = load<i32>(table + <usize>s + (<usize>load<u8>(classes + <usize>byte) << 2));
    const unit = (byte & 0xc0) != 0x80 ? (byte >= 0xf0 ? 2 : 1) : 0;
    if (next >= acceptRow) {
      a = report(hitsA, a, next, pos + unit);
      if (a < 0) return -1;
    }
    s = next;
    pos += unit;
  }
  countA = a;
  row = s;
  return 0;
}

// The SWAR test of 8 ASCII bytes for digits: a byte b < 0x80 has its high bit set in b + 0x50 when b >= 0x30, and in
// b + 0x46 when b >= 0x3a; no byte carries into the next (b + 0x50 < 0x100). Digits are the bytes of the first and
// not the second. Hand-written rather than SIMD: the build does not enable WebAssembly's SIMD feature.
const BELOW_ZERO: u64 = 0x5050505050505050;
const ABOVE_NINE: u64 = 0x4646464646464646;
const HIGH_BITS: u64 = 0x8080808080808080;

/** Writes run `count` ([start, end) in UTF-16 units): the new count, -1 when the buffer is full. */
@inline
function writeRun(count: i32, start: i32, end: i32): i32 {
  if (count >= runCap) return -1;
  const at = runsOff + (<usize>count << 3);
  store<i32>(at, start);
  store<i32>(at + 4, end);
  return count + 1;
}

/** The digit bytes of 8 ASCII bytes: 0x80 in each byte that is a digit, 0 elsewhere. */
@inline
function digitsOf(v: u64): u64 {
  return (v + BELOW_ZERO) & ~(v + ABOVE_NINE) & HIGH_BITS;
}

// The open run's start (-1: none) and the runs written, while `digitRunsAscii` walks a chunk.
let runStart: i32 = -1;
let runCount: i32 = 0;

/**
 * Writes the runs that start or end in the 8 bytes at UTF-16 offset `at` whose digit bytes are `digits`; `before` is
 * 0x80 when the byte before them is a digit. False when the runs buffer is full.
 */
function emitEdges(digits: u64, before: u64, at: i32): bool {
  // A set bit where a byte differs from the one before it in being a digit: a run starts or ends there.
  let edges = digits ^ ((digits << 8) | before);
  while (edges != 0) {
    const bit = <i32>ctz(edges);
    const where = at + (bit >> 3);
    if (((digits >> <u64>bit) & 1) != 0) runStart = where;
    else {
      runCount = writeRun(runCount, runStart, where);
      if (runCount < 0) return false;
      runStart = -1;
    }
    edges &= edges - 1;
  }
  return true;
}

/**
 * The maximal runs of ASCII digits of an ASCII chunk of `n` bytes whose first byte is UTF-16 offset `base`, written
 * in order to the runs buffer: their count, or -1 when they do not fit. A run reaching a chunk's end is closed
 * there: the host joins it to a run starting at the next chunk's first byte. Most stretches of 32 bytes of prose hold
 * no digit and cost four loads and a test.
 */
export function digitRunsAscii(text: usize, n: i32, base: i32): i32 {
  runStart = -1;
  runCount = 0;
  // 0x80 when the byte before the current 8 is a digit.
  let before: u64 = 0;
  let i = 0;
  for (; i + 32 <= n; i += 32) {
    const at = text + <usize>i;
    const d0 = digitsOf(load<u64>(at));
    const d1 = digitsOf(load<u64>(at, 8));
    const d2 = digitsOf(load<u64>(at, 16));
    const d3 = digitsOf(load<u64>(at, 24));
    if ((d0 | d1 | d2 | d3 | before) == 0) continue;
    if (!emitEdges(d0, before, base + i)) return -1;
    if (!emitEdges(d1, d0 >> 56, base + i + 8)) return -1;
    if (!emitEdges(d2, d1 >> 56, base + i + 16)) return -1;
    if (!emitEdges(d3, d2 >> 56, base + i + 24)) return -1;
    before = d3 >> 56;
  }
  for (; i < n; i++) {
    const digit = <u32>(<i32>load<u8>(text + <usize>i) - 48) < 10;
    if (digit) {
      if (runStart < 0) runStart = base + i;
    } else if (runStart >= 0) {
      runCount = writeRun(runCount, runStart, base + i);
      if (runCount < 0) return -1;
      runStart = -1;
    }
  }
  if (runStart >= 0) runCount = writeRun(runCount, runStart, base + n);
  return runCount;
}

/** `digitRunsAscii` for a chunk holding non-ASCII characters, counting UTF-16 units as `scanUtf8` does. */
export function digitRunsUtf8(text: usize, n: i32, base: i32): i32 {
  let count = 0;
  let start = -1;
  let pos = base;
  for (let i = 0; i < n; i++) {
    const byte = <i32>load<u8>(text + <usize>i);
    const unit = (byte & 0xc0) != 0x80 ? (byte >= 0xf0 ? 2 : 1) : 0;
    if (<u32>(byte - 48) < 10) {
      if (start < 0) start = pos;
    } else if (start >= 0 && unit > 0) {
      count = writeRun(count, start, pos);
      if (count < 0) return -1;
      start = -1;
    }
    pos += unit;
  }
  if (start >= 0) count = writeRun(count, start, pos);
  return count;
}
