// asc-options: --enable simd
// AssemblyScript source of the shared literal pass's scan loop (src/engine/scan/literal-pass.ts drives it). Compiled
// by scripts/build-wasm.mjs into src/shared/wasm/literal-pass.generated.ts; `npm run build:wasm` after an edit.
//
// Why its own module and not wasm/literal-automaton.ts: the same DFA (built by src/shared/literal-automaton.ts's
// `buildDfa`), laid out for this loop by the host (literal-pass.ts `place`): each byte's class as its column's byte
// offset (16 bits), and the accepting states' rows moved up to `firstAccept`, a power of two, so a state accepts
// exactly when its offset has that bit set. Each ASCII chunk is read as four stripes at once: a DFA step is a load
// whose address depends on the previous step's result, so one stripe runs at the latency of that chain; four
// independent chains in one loop overlap, and one OR and AND of their four next states tells whether any accepts.
// Hits go to one buffer per stripe, the host reads them stripe by stripe, so they still come in ascending order of
// their end.
//
// Memory layout: classes (16-bit column offsets), table, outStart, outIds, four hit buffers of `cap`
// (literal id, UTF-16 end) pairs each, the chunk of UTF-8 text, a buffer of `runCap` (UTF-16 start, end) pairs for
// the chunk's runs of ASCII digits and one of their sides (`sidesOff`) (`sidesAscii`, `digitRunsUtf8`: the byte-class
// gate of the PII number detectors, which read their regexes only where a run of digits stands).
//
// Invariant: a hit ending in a stripe after the first starts at most `overlap` bytes before the stripe (overlap = the
// longest literal's length - 1), so that stripe's DFA, started in the root state `overlap` bytes early and reporting
// only hits ending inside its own stripe, reports exactly the occurrences one sequential scan would report there.

let firstAccept: i32 = 0;
let rowBytes: i32 = 0;
let outStartOff: usize = 0;
let outIdsOff: usize = 0;
let hitsA: usize = 0;
let hitsB: usize = 0;
let hitsC: usize = 0;
let hitsD: usize = 0;
let hitCap: i32 = 0;

let runsOff: usize = 0;
let runCap: i32 = 0;

let row: i32 = 0;
let countA: i32 = 0;
let countB: i32 = 0;
let countC: i32 = 0;
let countD: i32 = 0;

/** The layout past the classes and the table (at CLASSES and TABLE, below). */
export function configure(
  k: i32,
  accept: i32,
  outStart: usize,
  outIds: usize,
  a: usize,
  b: usize,
  c: usize,
  d: usize,
  cap: i32,
): void {
  firstAccept = accept;
  rowBytes = k << 2;
  outStartOff = outStart;
  outIdsOff = outIds;
  hitsA = a;
  hitsB = b;
  hitsC = c;
  hitsD = d;
  hitCap = cap;
}

// Beside each run of an ASCII chunk (`sidesAscii`), four bytes at `sidesOff + 4 * run`: the bytes two and one before
// its start and the bytes at its end and one after, where the chunk holds them (the host reads the first and last
// run's from the text: only those can stand within two bytes of the chunk's edges).
let sidesOff: usize = 0;

/** Where the digit runs of a chunk are written, how many (start, end) pairs fit there, and where their sides go. */
export function configureRuns(runs: usize, cap: i32, sides: usize): void {
  runsOff = runs;
  runCap = cap;
  sidesOff = sides;
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

/** Hits the last scan wrote to the third stripe's buffer. */
export function hitsInC(): i32 {
  return countC;
}

/** Hits the last scan wrote to the fourth stripe's buffer. */
export function hitsInD(): i32 {
  return countD;
}

/** Writes the accepting state's literals ending at UTF-16 offset `end` after `count` hits of `buffer`: the new count, -1 when full. */
@inline
function report(buffer: usize, count: i32, r: i32, end: i32): i32 {
  const base = outStartOff + (<usize>((r - firstAccept) / rowBytes) << 2);
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

// Where the host lays out the classes and the table (src/engine/scan/literal-pass.ts `place` checks it): the first
// regions of the host's memory, the classes (256 16-bit column offsets) at the second page's start, the table right
// after them. Constants, so a step's loads take them as the instruction's offset and the chain from one state to the
// next is one add (the state's row and the byte's column) and one load.
const CLASSES: usize = 65536;
const TABLE: usize = 65536 + 512;

// `firstAccept`: the first accepting state's row offset, a power of two (see the header).
/** The state after state `s` reads the byte at `at`. */
@inline
function step(s: i32, at: usize): i32 {
  const c = <usize>load<u16>(<usize>load<u8>(at) << 1, CLASSES);
  return load<i32>(<usize>s + c, TABLE);
}

/**
 * Scans an ASCII chunk of `n` bytes whose first byte is UTF-16 offset `base` of the text. Returns 0, or -1 when a
 * stripe's buffer filled (the host gives the pass up for this text: too dense to be worth it).
 */
export function scanAscii(text: usize, n: i32, base: i32, overlap: i32): i32 {
  countA = 0;
  countB = 0;
  countC = 0;
  countD = 0;
  const acceptRow = firstAccept;
  if (n < 8 * overlap + 512) return scanRun(text, 0, n, base, acceptRow);
  const q = n >> 2;
  stateA = row;
  // Stripes two to four start in the root state `overlap` bytes before their stripe, reading without reporting (those
  // hits end in the stripe before).
  stateB = lead(text, q - overlap, q);
  stateC = lead(text, 2 * q - overlap, 2 * q);
  stateD = lead(text, 3 * q - overlap, 3 * q);
  let a = 0;
  let b = 0;
  let c = 0;
  let d = 0;
  const qa = <usize>q;
  const end = text + qa;
  for (let p = text; ; p++) {
    p = untilAccept(p, end, qa, acceptRow);
    if (p >= end) break;
    const i = <i32>(p - text);
    if (stateA >= acceptRow) {
      a = report(hitsA, a, stateA, base + i + 1);
      if (a < 0) return -1;
    }
    if (stateB >= acceptRow) {
      b = report(hitsB, b, stateB, base + q + i + 1);
      if (b < 0) return -1;
    }
    if (stateC >= acceptRow) {
      c = report(hitsC, c, stateC, base + 2 * q + i + 1);
      if (c < 0) return -1;
    }
    if (stateD >= acceptRow) {
      d = report(hitsD, d, stateD, base + 3 * q + i + 1);
      if (d < 0) return -1;
    }
  }
  let sd = stateD;
  for (let i = 4 * q; i < n; i++) {
    const nd = step(sd, text + <usize>i);
    if (nd >= acceptRow) {
      d = report(hitsD, d, nd, base + i + 1);
      if (d < 0) return -1;
    }
    sd = nd;
  }
  countA = a;
  countB = b;
  countC = c;
  countD = d;
  row = sd;
  return 0;
}

// The four stripes' states between `untilAccept` and its caller.
let stateA: i32 = 0;
let stateB: i32 = 0;
let stateC: i32 = 0;
let stateD: i32 = 0;

/**
 * Steps the four stripes from their states, reading the bytes at `p`, `p + qa`, `p + 2qa`, `p + 3qa`, `p` rising,
 * until a step's next states hold an accepting one or `p` reaches `end`: returns where it stopped (the accepting
 * step's `p`, or `end`), the states after the last step read in stateA to stateD. Its own function, with no call in
 * its loop: the four states stay in registers from one step to the next (in one loop with the reports, V8 spilled
 * three of them to the stack at every step, each step's chain then running through a store and a load).
 */
export function untilAccept(p: usize, end: usize, qa: usize, acceptRow: i32): usize {
  let sa = stateA;
  let sb = stateB;
  let sc = stateC;
  let sd = stateD;
  for (; p < end; p++) {
    sa = step(sa, p);
    sb = step(sb, p + qa);
    sc = step(sc, p + 2 * qa);
    sd = step(sd, p + 3 * qa);
    if (((sa | sb | sc | sd) & acceptRow) != 0) break;
  }
  stateA = sa;
  stateB = sb;
  stateC = sc;
  stateD = sd;
  return p;
}

/** The state after reading bytes [from, to) from the root, reporting nothing. */
@inline
function lead(text: usize, from: i32, to: i32): i32 {
  let s = 0;
  for (let i = from; i < to; i++) s = step(s, text + <usize>i);
  return s;
}

/** One stripe over ASCII bytes [from, to), hits to the first buffer. */
function scanRun(text: usize, from: i32, to: i32, base: i32, acceptRow: i32): i32 {
  let s = row;
  let a = 0;
  for (let i = from; i < to; i++) {
    const next = step(s, text + <usize>i);
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
  countC = 0;
  countD = 0;
  const acceptRow = firstAccept;
  let s = row;
  let a = 0;
  let pos = base;
  for (let i = 0; i < n; i++) {
    const byte = <i32>load<u8>(text + <usize>i);
    const next = step(s, text + <usize>i);
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

/** Writes run `count` ([start, end) in UTF-16 units): the new count, -1 when the buffer is full. */
@inline
function writeRun(count: i32, start: i32, end: i32): i32 {
  if (count >= runCap) return -1;
  const at = runsOff + (<usize>count << 3);
  store<i32>(at, start);
  store<i32>(at + 4, end);
  return count + 1;
}

/**
 * Writes run `count`'s sides (see `sidesOff`), its start and end `start`, `end` bytes into the chunk at `text`. The
 * bytes are read without a test of the chunk's bounds: a side outside it is a byte of the memory around the chunk
 * (the hit buffers before it, the runs after it: never outside the module's memory), and the host reads the first
 * and last run's sides from the text, the only ones that can stand there.
 */
@inline
function writeSides(count: i32, text: usize, start: i32, end: i32): void {
  const at = sidesOff + (<usize>count << 2);
  store<u8>(at, load<u8>(text + <usize>(start - 2)));
  store<u8>(at, load<u8>(text + <usize>(start - 1)), 1);
  store<u8>(at, load<u8>(text + <usize>end), 2);
  store<u8>(at, load<u8>(text + <usize>(end + 1)), 3);
}

/** One bit per byte of `v`: set where the byte is an ASCII digit. */
@inline
function digitBits(v: v128): u32 {
  return <u32>i8x16.bitmask(i8x16.lt_u(i8x16.sub(v, i8x16.splat(48)), i8x16.splat(10)));
}

// Where the gapped pairs of a chunk are written (UTF-16 offsets of a pair's first byte) and how many fit; how many the
// last `sidesAscii` or `pairsAscii` wrote (-1: they did not fit).
let pairsOff: usize = 0;
let pairCap: i32 = 0;
let pairCount: i32 = 0;

export function configurePairs(out: usize, cap: i32): void {
  pairsOff = out;
  pairCap = cap;
}

// Where the colons a hex digit or a colon follows are written (UTF-16 offsets), how many fit, how many the last
// `sidesAscii` wrote (-1: they did not fit). Every IPv6 address holds one (`::`, or two groups meeting at a colon).
let colonsOff: usize = 0;
let colonCap: i32 = 0;
let colonCount: i32 = 0;

export function configureColons(out: usize, cap: i32): void {
  colonsOff = out;
  colonCap = cap;
}

// Presence: up to eight ASCII bytes whose occurrence anywhere in a chunk the walks note, one bit each (a byte b is
// bit k's when bit k is set in both `presenceOff[b & 15]` and `presenceOff[16 + (b >> 4)]`: the host sets each bit
// for exactly one byte, and a byte of 0x80 or more has no bit, its high half's entry being 0), and `:` and `[` as
// bits 8 and 9 (COLON_BIT, BRACKET_BIT: by compares, the walk testing every byte for `:` already).
let presenceOff: usize = 0;
let presenceBits: i32 = 0;

export function configurePresence(tables: usize): void {
  presenceOff = tables;
}

/** The presence bits of the chunk the last `sidesAscii` read whole (not after it returned -1). */
export function presenceFound(): i32 {
  return presenceBits;
}

/** The presence bits of each 16 bytes of `v`, as lanes. */
@inline
function presenceLanes(v: v128, lo: v128, hi: v128): v128 {
  return v128.and(i8x16.swizzle(lo, v128.and(v, i8x16.splat(15))), i8x16.swizzle(hi, i8x16.shr_u(v, 4)));
}

// Two presence bits past the tables' eight, by compares: `:` (bit 8) and `[` (bit 9).
const COLON_BIT = 1 << 8;
const BRACKET_BIT = 1 << 9;

/** The presence bits of byte `b` (the tables' eight, COLON_BIT and BRACKET_BIT). */
@inline
function presenceOfByte(b: i32): i32 {
  const bits = <i32>load<u8>(presenceOff + <usize>(b & 15)) & <i32>load<u8>(presenceOff + 16 + <usize>(b >> 4));
  return bits | (b == 58 ? COLON_BIT : 0) | (b == 91 ? BRACKET_BIT : 0);
}

/** The lanes of `seen` ORed into one presence byte. */
@inline
function presenceOfLanes(seen: v128): i32 {
  let x = i64x2.extract_lane(seen, 0) | i64x2.extract_lane(seen, 1);
  x |= x >> 32;
  x |= x >> 16;
  x |= x >> 8;
  return <i32>(x & 0xff);
}

/** The presence bits of the `n` bytes at `text` (any UTF-8: a presence byte is ASCII, so it is never part of another). */
export function presenceOf(text: usize, n: i32): i32 {
  const lo = v128.load(presenceOff);
  const hi = v128.load(presenceOff, 16);
  let seen = i8x16.splat(0);
  let colons = i8x16.splat(0);
  let brackets = i8x16.splat(0);
  let i = 0;
  for (; i + 16 <= n; i += 16) {
    const v = v128.load(text + <usize>i);
    seen = v128.or(seen, presenceLanes(v, lo, hi));
    colons = v128.or(colons, i8x16.eq(v, i8x16.splat(58)));
    brackets = v128.or(brackets, i8x16.eq(v, i8x16.splat(91)));
  }
  let bits = presenceOfLanes(seen);
  if (v128.any_true(colons)) bits |= COLON_BIT;
  if (v128.any_true(brackets)) bits |= BRACKET_BIT;
  for (; i < n; i++) bits |= presenceOfByte(<i32>load<u8>(text + <usize>i));
  return bits;
}

/** The colons the last `sidesAscii` wrote, or -1 when they did not fit. */
export function colonsFound(): i32 {
  return colonCount;
}

/** Writes colon `count` at UTF-16 offset `at`: the new count, -1 when the buffer is full. */
@inline
function writeColon(count: i32, at: i32): i32 {
  if (count < 0 || count >= colonCap) return -1;
  store<i32>(colonsOff + (<usize>count << 2), at);
  return count + 1;
}

/** 0xff in each byte of `v` that is a hex digit or a colon. */
@inline
function hexOrColon(v: v128): v128 {
  const digit = i8x16.lt_u(i8x16.sub(v, i8x16.splat(48)), i8x16.splat(10));
  const letter = i8x16.lt_u(i8x16.sub(v128.or(v, i8x16.splat(32)), i8x16.splat(97)), i8x16.splat(6));
  return v128.or(v128.or(digit, letter), i8x16.eq(v, i8x16.splat(58)));
}

@inline
function isHexOrColonByte(b: i32): bool {
  return <u32>(b - 48) < 10 || <u32>((b | 32) - 97) < 6 || b == 58;
}

/** The pairs the last `sidesAscii` or `pairsAscii` wrote, or -1 when they did not fit. */
export function pairsFound(): i32 {
  return pairCount;
}

/** Writes pair `count` at UTF-16 offset `at`: the new count, -1 when the buffer is full. */
@inline
function writePair(count: i32, at: i32): i32 {
  if (count < 0 || count >= pairCap) return -1;
  store<i32>(pairsOff + (<usize>count << 2), at);
  return count + 1;
}

/** Writes the pairs whose first byte is bit k of `bits`, at UTF-16 offset `at + k`: the new count (-1: full). */
@inline
function writePairs(count: i32, bits: u32, at: i32): i32 {
  let n = count;
  while (bits != 0) {
    n = writePair(n, at + <i32>ctz(bits));
    bits &= bits - 1;
  }
  return n;
}

/**
 * Two readings of an ASCII chunk of `n` bytes whose first byte is UTF-16 offset `base`, in one walk over it:
 * - its maximal runs of ASCII digits, written in order to the runs buffer: their count is returned, -1 when they do
 *   not fit. A run reaching the chunk's end is closed there: the host joins it to a run starting at the next chunk's
 *   first byte.
 * - the offsets where byte `first` stands with byte `second` `gap` bytes on (gap >= 1), for every such offset whose
 *   second byte is in the chunk, written in order to the pairs buffer (`pairsFound`); pairs whose second byte is in
 *   the next chunk are the host's to find. `first` 255 (no ASCII byte) asks for none.
 * - the colons a hex digit or a colon follows in the chunk, written in order to the colons buffer (`colonsFound`); a
 *   colon that ends the chunk is the host's to read.
 * 32 bytes at a time: a stretch of prose with neither costs four loads, a dozen vector operations and a test.
 */
export function sidesAscii(text: usize, n: i32, base: i32, first: i32, gap: i32, second: i32): i32 {
  const firsts = i8x16.splat(<i8>first);
  const seconds = i8x16.splat(<i8>second);
  const colon = i8x16.splat(58);
  const lo = v128.load(presenceOff);
  const hi = v128.load(presenceOff, 16);
  let seen = i8x16.splat(0);
  let brackets = i8x16.splat(0);
  let colonSeen = false;
  let count = 0;
  let pairs = 0;
  let colons = 0;
  let start = -1;
  // Bit 0 set when the byte before the current 32 is a digit.
  let before: u32 = 0;
  let i = 0;
  for (; i + 32 + gap <= n; i += 32) {
    const p = text + <usize>i;
    const v0 = v128.load(p);
    const v1 = v128.load(p, 16);
    const d0 = i8x16.lt_u(i8x16.sub(v0, i8x16.splat(48)), i8x16.splat(10));
    const d1 = i8x16.lt_u(i8x16.sub(v1, i8x16.splat(48)), i8x16.splat(10));
    const q0 = v128.and(i8x16.eq(v0, firsts), i8x16.eq(v128.load(p + <usize>gap), seconds));
    const q1 = v128.and(i8x16.eq(v1, firsts), i8x16.eq(v128.load(p + <usize>gap, 16), seconds));
    const e0 = i8x16.eq(v0, colon);
    const e1 = i8x16.eq(v1, colon);
    seen = v128.or(seen, v128.or(presenceLanes(v0, lo, hi), presenceLanes(v1, lo, hi)));
    brackets = v128.or(brackets, v128.or(i8x16.eq(v0, i8x16.splat(91)), i8x16.eq(v1, i8x16.splat(91))));
    const any = v128.or(v128.or(v128.or(d0, d1), v128.or(q0, q1)), v128.or(e0, e1));
    if (before == 0 && !v128.any_true(any)) continue;
    const pairBits = <u32>i8x16.bitmask(q0) | (<u32>i8x16.bitmask(q1) << 16);
    if (pairBits != 0) pairs = writePairs(pairs, pairBits, base + i);
    if (v128.any_true(v128.or(e0, e1))) {
      colonSeen = true;
      const c0 = v128.and(e0, hexOrColon(v128.load(p, 1)));
      const c1 = v128.and(e1, hexOrColon(v128.load(p, 17)));
      let colonBits = <u32>i8x16.bitmask(c0) | (<u32>i8x16.bitmask(c1) << 16);
      while (colonBits != 0) {
        colons = writeColon(colons, base + i + <i32>ctz(colonBits));
        colonBits &= colonBits - 1;
      }
    }
    const digits = <u32>i8x16.bitmask(d0) | (<u32>i8x16.bitmask(d1) << 16);
    // A set bit where a byte differs from the one before it in being a digit: a run starts or ends there.
    let edges = digits ^ ((digits << 1) | before);
    while (edges != 0) {
      const bit = <i32>ctz(edges);
      if (((digits >> <u32>bit) & 1) != 0) start = base + i + bit;
      else {
        if (count >= 0 && count < runCap) writeSides(count, text, start - base, i + bit);
        count = writeRun(count, start, base + i + bit);
        if (count < 0) return digitsTooDense();
        start = -1;
      }
      edges &= edges - 1;
    }
    before = digits >> 31;
  }
  let bits = presenceOfLanes(seen);
  if (colonSeen) bits |= COLON_BIT;
  if (v128.any_true(brackets)) bits |= BRACKET_BIT;
  for (; i < n; i++) {
    const byte = <i32>load<u8>(text + <usize>i);
    bits |= presenceOfByte(byte);
    if (<u32>(byte - 48) < 10) {
      if (start < 0) start = base + i;
    } else if (start >= 0) {
      if (count >= 0 && count < runCap) writeSides(count, text, start - base, i);
      count = writeRun(count, start, base + i);
      if (count < 0) return digitsTooDense();
      start = -1;
    }
    if (byte == first && i + gap < n && <i32>load<u8>(text + <usize>(i + gap)) == second)
      pairs = writePair(pairs, base + i);
    if (byte == 58 && i + 1 < n && isHexOrColonByte(<i32>load<u8>(text + <usize>(i + 1))))
      colons = writeColon(colons, base + i);
  }
  if (start >= 0) {
    if (count >= 0 && count < runCap) writeSides(count, text, start - base, n);
    count = writeRun(count, start, base + n);
  }
  pairCount = pairs;
  colonCount = colons;
  presenceBits = bits;
  return count < 0 ? digitsTooDense() : count;
}

/** A chunk whose runs do not fit: -1, and its pairs and colons are not given either (the walk stopped). */
function digitsTooDense(): i32 {
  pairCount = -1;
  colonCount = -1;
  return -1;
}

/** `sidesAscii`'s pairs alone, for a second pair. */
export function pairsAscii(text: usize, n: i32, base: i32, first: i32, gap: i32, second: i32): i32 {
  const firsts = i8x16.splat(<i8>first);
  const seconds = i8x16.splat(<i8>second);
  let pairs = 0;
  let i = 0;
  for (; i + 16 + gap <= n; i += 16) {
    const p = text + <usize>i;
    const bits = i8x16.bitmask(v128.and(i8x16.eq(v128.load(p), firsts), i8x16.eq(v128.load(p + <usize>gap), seconds)));
    if (bits != 0) pairs = writePairs(pairs, <u32>bits, base + i);
  }
  for (; i + gap < n; i++)
    if (<i32>load<u8>(text + <usize>i) == first && <i32>load<u8>(text + <usize>(i + gap)) == second)
      pairs = writePair(pairs, base + i);
  pairCount = pairs;
  return pairs;
}

/** `sidesAscii`'s digit runs for a chunk holding non-ASCII characters, counting UTF-16 units as `scanUtf8` does. */
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
