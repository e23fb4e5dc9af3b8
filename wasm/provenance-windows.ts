// asc-options: --enable simd
// AssemblyScript source of the provenance facts' byte passes over an ASCII text (src/shared/provenance-windows.ts
// drives it). Compiled by scripts/build-wasm.mjs into src/shared/wasm/provenance-windows.generated.ts; `npm run
// build:wasm` after an edit.
//
// Why hand-written and its own module: src/shared/provenance.ts reads a tool result's text twice byte by byte (its
// token runs, then its passage text's content-defined windows) and hashes every distinct window with a keyed
// SHA-256. In JavaScript each window costs a string, a Set lookup and one call into node:crypto with a string
// concatenation around it; here the windows are found, deduplicated and hashed in one loop over the bytes, and the
// host gets back the base64url text of each window's hash. The hash is the same SHA-256 as `hashValue` (FIPS 180-4,
// written out below), so a window hashed here equals one hashed by node:crypto anywhere else in the package. The
// windows of a text are hashed four at a time, one per 32-bit lane of a v128 (every window's message has the same
// length), the compression written once for four lanes instead of once per window.
//
// Memory: the host lays out every region (text, prefix, runs, arena, table, out) past the first page; the first page
// holds this module's constants (the round constants, the byte classes) and its scratch (the message schedule, one
// message block pair, and the same for four lanes).

const K: usize = memory.data<u32>([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98,
  0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
  0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8,
  0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
  0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819,
  0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
  0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
  0xc67178f2,
]);

/** The message schedule (64 words; also the digest's bytes), and the message being hashed (two blocks). */
const W: usize = memory.data(256);
const MSG: usize = memory.data(192);
/** The hash state after the prefix's whole blocks (the midstate), and the running state. */
const MID: usize = memory.data(32);
const H: usize = memory.data(32);
/**
 * Four windows hashed side by side (one per 32-bit lane of a v128): each lane's message (two blocks, 128 bytes), the
 * schedule (64 words of four lanes) and the state (8 words of four lanes).
 */
const MSG4: usize = memory.data(512, 16);
const W4: usize = memory.data(1024, 16);
const H4: usize = memory.data(128, 16);

const B64: usize = memory.data<u8>([
  65, 66, 67, 68, 69, 70, 71, 72, 73, 74, 75, 76, 77, 78, 79, 80, 81, 82, 83, 84, 85, 86, 87, 88, 89, 90, 97, 98, 99,
  100, 101, 102, 103, 104, 105, 106, 107, 108, 109, 110, 111, 112, 113, 114, 115, 116, 117, 118, 119, 120, 121, 122,
  48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 45, 95,
]);

/** By ASCII code: 1 for what TOKEN's class leaves out (`\s` and `"'`<>()[]{},;`). */
const TOKEN_BREAK: usize = memory.data(128);
/** By ASCII code: the passage text's code (digit, lower-case letter), 0 for what passages drop. */
const PASSAGE_BYTE: usize = memory.data(128);

let tablesReady = false;

function initTables(): void {
  const breaks = "\t\n\x0b\x0c\r \"'`<>()[]{},;";
  for (let i = 0; i < breaks.length; i++) store<u8>(TOKEN_BREAK + <usize>breaks.charCodeAt(i), 1);
  for (let c = 48; c <= 57; c++) store<u8>(PASSAGE_BYTE + <usize>c, <u8>c);
  for (let c = 97; c <= 122; c++) store<u8>(PASSAGE_BYTE + <usize>c, <u8>c);
  for (let c = 65; c <= 90; c++) store<u8>(PASSAGE_BYTE + <usize>c, <u8>(c + 32));
  tablesReady = true;
}

// ---------------------------------------------------------------------------------------------------------------
// Token runs
// ---------------------------------------------------------------------------------------------------------------

// @ts-ignore: decorator
@inline
function isBreak(text: usize, i: i32): bool {
  return load<u8>(TOKEN_BREAK + <usize>load<u8>(text + <usize>i)) == 1;
}

/**
 * The maximal runs of TOKEN's class in `len` ASCII bytes at `text` that are at least `minLength` long, as (start,
 * end) i32 pairs at `out`; returns how many. (A run shorter than `minLength` holds no piece the host reads.)
 *
 * A skip search: from `i` (0, or right after a break), a run of `minLength` starting at `i` or later covers position
 * `i + minLength - 1`; when that byte is a break no such run starts before it, so the scan moves past it without
 * reading the bytes between (most words of prose are shorter than a token). Otherwise the run holding it is read
 * back to its start (not before `i`) and on to its end.
 */
export function tokenRuns(text: usize, len: i32, minLength: i32, out: usize): i32 {
  if (!tablesReady) initTables();
  let count = 0;
  let i = 0;
  const reach = max(minLength, 1) - 1;
  while (i + reach < len) {
    const probe = i + reach;
    if (isBreak(text, probe)) {
      i = probe + 1;
      continue;
    }
    let start = probe;
    while (start > i && !isBreak(text, start - 1)) start--;
    let end = probe + 1;
    while (end < len && !isBreak(text, end)) end++;
    if (end - start >= minLength) {
      store<i32>(out + (<usize>count << 3), start);
      store<i32>(out + (<usize>count << 3) + 4, end);
      count++;
    }
    i = end + 1;
  }
  return count;
}

// ---------------------------------------------------------------------------------------------------------------
// SHA-256 (FIPS 180-4)
// ---------------------------------------------------------------------------------------------------------------

function initState(state: usize): void {
  store<u32>(state, 0x6a09e667);
  store<u32>(state + 4, 0xbb67ae85);
  store<u32>(state + 8, 0x3c6ef372);
  store<u32>(state + 12, 0xa54ff53a);
  store<u32>(state + 16, 0x510e527f);
  store<u32>(state + 20, 0x9b05688c);
  store<u32>(state + 24, 0x1f83d9ab);
  store<u32>(state + 28, 0x5be0cd19);
}

/** One 64-byte block at `block` into the state at `state`. */
function compress(state: usize, block: usize): void {
  for (let t: usize = 0; t < 16; t++) store<u32>(W + (t << 2), bswap<u32>(load<u32>(block + (t << 2))));
  for (let t: usize = 16; t < 64; t++) {
    const w15 = load<u32>(W + ((t - 15) << 2));
    const w2 = load<u32>(W + ((t - 2) << 2));
    const s0 = rotr<u32>(w15, 7) ^ rotr<u32>(w15, 18) ^ (w15 >>> 3);
    const s1 = rotr<u32>(w2, 17) ^ rotr<u32>(w2, 19) ^ (w2 >>> 10);
    store<u32>(W + (t << 2), load<u32>(W + ((t - 16) << 2)) + s0 + load<u32>(W + ((t - 7) << 2)) + s1);
  }
  let a = load<u32>(state);
  let b = load<u32>(state + 4);
  let c = load<u32>(state + 8);
  let d = load<u32>(state + 12);
  let e = load<u32>(state + 16);
  let f = load<u32>(state + 20);
  let g = load<u32>(state + 24);
  let h = load<u32>(state + 28);
  for (let t: usize = 0; t < 64; t++) {
    const S1 = rotr<u32>(e, 6) ^ rotr<u32>(e, 11) ^ rotr<u32>(e, 25);
    const ch = (e & f) ^ (~e & g);
    const t1 = h + S1 + ch + load<u32>(K + (t << 2)) + load<u32>(W + (t << 2));
    const S0 = rotr<u32>(a, 2) ^ rotr<u32>(a, 13) ^ rotr<u32>(a, 22);
    const maj = (a & b) ^ (a & c) ^ (b & c);
    const t2 = S0 + maj;
    h = g;
    g = f;
    f = e;
    e = d + t1;
    d = c;
    c = b;
    b = a;
    a = t1 + t2;
  }
  store<u32>(state, load<u32>(state) + a);
  store<u32>(state + 4, load<u32>(state + 4) + b);
  store<u32>(state + 8, load<u32>(state + 8) + c);
  store<u32>(state + 12, load<u32>(state + 12) + d);
  store<u32>(state + 16, load<u32>(state + 16) + e);
  store<u32>(state + 20, load<u32>(state + 20) + f);
  store<u32>(state + 24, load<u32>(state + 24) + g);
  store<u32>(state + 28, load<u32>(state + 28) + h);
}

let prefixTail: usize = 0;
let prefixTailLen: i32 = 0;
let prefixLen: i32 = 0;

/** Hashes the prefix's whole blocks once; every window's message is the prefix's tail, the window, the padding. */
function setPrefix(prefix: usize, len: i32): void {
  initState(MID);
  const whole = len & ~63;
  for (let at = 0; at < whole; at += 64) compress(MID, prefix + <usize>at);
  prefixTail = prefix + <usize>whole;
  prefixTailLen = len - whole;
  prefixLen = len;
}

/** SHA-256 of prefix || the `n` bytes at `data`, its first 22 base64url characters written at `out`. */
function hashWindow(data: usize, n: i32, out: usize): void {
  memory.copy(MSG, prefixTail, <usize>prefixTailLen);
  memory.copy(MSG + <usize>prefixTailLen, data, <usize>n);
  let m = prefixTailLen + n;
  store<u8>(MSG + <usize>m, 0x80);
  m++;
  const blocks = (m + 8 + 63) >> 6;
  const end = blocks << 6;
  memory.fill(MSG + <usize>m, 0, <usize>(end - 8 - m));
  const bits = (<u64>(prefixLen + n)) << 3;
  store<u64>(MSG + <usize>(end - 8), bswap<u64>(bits));
  memory.copy(H, MID, 32);
  for (let b = 0; b < blocks; b++) compress(H, MSG + (<usize>b << 6));
  for (let i: usize = 0; i < 5; i++) store<u32>(W + (i << 2), bswap<u32>(load<u32>(H + (i << 2))));
  encodeDigest(out);
}

/** The digest's first 18 bytes, big-endian at W, as the 22 base64url characters of `hashValue` at `out`. */
function encodeDigest(out: usize): void {
  // 22 characters of base64url cover the digest's first 16.5 bytes: encode 18 (six groups of three).
  for (let g: usize = 0; g < 6; g++) {
    const v =
      (<u32>load<u8>(W + g * 3) << 16) | (<u32>load<u8>(W + g * 3 + 1) << 8) | <u32>load<u8>(W + g * 3 + 2);
    const o = out + g * 4;
    store<u8>(o, load<u8>(B64 + <usize>((v >>> 18) & 63)));
    store<u8>(o + 1, load<u8>(B64 + <usize>((v >>> 12) & 63)));
    if (g < 5) {
      store<u8>(o + 2, load<u8>(B64 + <usize>((v >>> 6) & 63)));
      store<u8>(o + 3, load<u8>(B64 + <usize>(v & 63)));
    }
  }
}

// @ts-ignore: decorator
@inline
function rotr4(x: v128, n: i32): v128 {
  return v128.or(i32x4.shr_u(x, n), i32x4.shl(x, 32 - n));
}

/** `compress` on four messages at once: lane j of each word is message j's (block at MSG4 + j * 128 + `block`). */
function compress4(block: usize): void {
  for (let t: usize = 0; t < 16; t++) {
    for (let j: usize = 0; j < 4; j++)
      store<u32>(W4 + (t << 4) + (j << 2), bswap<u32>(load<u32>(MSG4 + (j << 7) + block + (t << 2))));
  }
  for (let t: usize = 16; t < 64; t++) {
    const w15 = v128.load(W4 + ((t - 15) << 4));
    const w2 = v128.load(W4 + ((t - 2) << 4));
    const s0 = v128.xor(v128.xor(rotr4(w15, 7), rotr4(w15, 18)), i32x4.shr_u(w15, 3));
    const s1 = v128.xor(v128.xor(rotr4(w2, 17), rotr4(w2, 19)), i32x4.shr_u(w2, 10));
    const w16 = v128.load(W4 + ((t - 16) << 4));
    const w7 = v128.load(W4 + ((t - 7) << 4));
    v128.store(W4 + (t << 4), i32x4.add(i32x4.add(w16, s0), i32x4.add(w7, s1)));
  }
  let a = v128.load(H4);
  let b = v128.load(H4 + 16);
  let c = v128.load(H4 + 32);
  let d = v128.load(H4 + 48);
  let e = v128.load(H4 + 64);
  let f = v128.load(H4 + 80);
  let g = v128.load(H4 + 96);
  let h = v128.load(H4 + 112);
  for (let t: usize = 0; t < 64; t++) {
    const S1 = v128.xor(v128.xor(rotr4(e, 6), rotr4(e, 11)), rotr4(e, 25));
    // Ch(e, f, g): f where e has a 1, g elsewhere.
    const ch = v128.bitselect(f, g, e);
    const k = i32x4.add(i32x4.splat(load<u32>(K + (t << 2))), v128.load(W4 + (t << 4)));
    const t1 = i32x4.add(i32x4.add(h, S1), i32x4.add(ch, k));
    const S0 = v128.xor(v128.xor(rotr4(a, 2), rotr4(a, 13)), rotr4(a, 22));
    const maj = v128.or(v128.and(a, b), v128.and(c, v128.or(a, b)));
    h = g;
    g = f;
    f = e;
    e = i32x4.add(d, t1);
    d = c;
    c = b;
    b = a;
    a = i32x4.add(t1, i32x4.add(S0, maj));
  }
  v128.store(H4, i32x4.add(v128.load(H4), a));
  v128.store(H4 + 16, i32x4.add(v128.load(H4 + 16), b));
  v128.store(H4 + 32, i32x4.add(v128.load(H4 + 32), c));
  v128.store(H4 + 48, i32x4.add(v128.load(H4 + 48), d));
  v128.store(H4 + 64, i32x4.add(v128.load(H4 + 64), e));
  v128.store(H4 + 80, i32x4.add(v128.load(H4 + 80), f));
  v128.store(H4 + 96, i32x4.add(v128.load(H4 + 96), g));
  v128.store(H4 + 112, i32x4.add(v128.load(H4 + 112), h));
}

/**
 * `hashWindow` of the `count` windows (WINDOW bytes each, 40 apart from `arena`), four at a time, each hash's 22
 * characters at `out` in the windows' order. Every message is the prefix's tail, a window, the padding and the
 * length, so all have the same length and block count; a short last group repeats its first window in the lanes it
 * does not use and writes only its own.
 */
function hashWindows(arena: usize, count: i32, out: usize): void {
  const m = prefixTailLen + WINDOW;
  const blocks = (m + 8 + 64) >> 6;
  const end = blocks << 6;
  for (let j: usize = 0; j < 4; j++) {
    const msg = MSG4 + (j << 7);
    memory.copy(msg, prefixTail, <usize>prefixTailLen);
    store<u8>(msg + <usize>m, 0x80);
    memory.fill(msg + <usize>(m + 1), 0, <usize>(end - 8 - m - 1));
    store<u64>(msg + <usize>(end - 8), bswap<u64>((<u64>(prefixLen + WINDOW)) << 3));
  }
  for (let i = 0; i < count; i += 4) {
    for (let j = 0; j < 4; j++) {
      const k = i + j < count ? i + j : i;
      memory.copy(MSG4 + (<usize>j << 7) + <usize>prefixTailLen, arena + <usize>k * 40, <usize>WINDOW);
    }
    for (let w: usize = 0; w < 8; w++) v128.store(H4 + (w << 4), i32x4.splat(load<u32>(MID + (w << 2))));
    for (let b = 0; b < blocks; b++) compress4(<usize>b << 6);
    for (let j = 0; j < 4 && i + j < count; j++) {
      for (let w: usize = 0; w < 5; w++)
        store<u32>(W + (w << 2), bswap<u32>(load<u32>(H4 + (w << 4) + (<usize>j << 2))));
      encodeDigest(out + <usize>(i + j) * 22);
    }
  }
}

/** For the host's test of the hash: SHA-256 of prefix || `n` bytes at `data`, 22 base64url characters at `out`. */
export function hash(prefix: usize, prefixBytes: i32, data: usize, n: i32, out: usize): void {
  setPrefix(prefix, prefixBytes);
  hashWindow(data, n, out);
}

// ---------------------------------------------------------------------------------------------------------------
// Passage windows
// ---------------------------------------------------------------------------------------------------------------

const WINDOW: i32 = 33;
const HALF: i32 = 16;
const SPACING_MASK: i32 = 63;
const MIN_LENGTH: i32 = 64;

/** A cheap hash of a window's 33 bytes, for the table of windows seen. */
function windowKey(at: usize): u32 {
  let x = load<u64>(at) * 0x9e3779b97f4a7c15;
  x = (x ^ load<u64>(at + 8)) * 0x9e3779b97f4a7c15;
  x = (x ^ load<u64>(at + 16)) * 0x9e3779b97f4a7c15;
  x = (x ^ load<u64>(at + 24)) * 0x9e3779b97f4a7c15;
  x = (x ^ <u64>load<u8>(at + 32)) * 0x9e3779b97f4a7c15;
  return <u32>(x >>> 32);
}

function sameWindow(a: usize, b: usize): bool {
  return (
    load<u64>(a) == load<u64>(b) &&
    load<u64>(a + 8) == load<u64>(b + 8) &&
    load<u64>(a + 16) == load<u64>(b + 16) &&
    load<u64>(a + 24) == load<u64>(b + 24) &&
    load<u8>(a + 32) == load<u8>(b + 32)
  );
}

/**
 * Compacts the `len` ASCII bytes at `text` in place to the passage text's codes (letters and digits, lower case),
 * then finds its windows as src/shared/provenance.ts's `eachPassageWindow` does (anchors where the sum of the nine
 * codes centred on a position is 0 modulo 64; each window in its canonical orientation, the smaller of itself and
 * its reverse), skips those already seen, and hashes the first `limit` distinct ones with the prefix (once all are
 * found, four at a time: `hashWindows`): 22 base64url characters each at `out`, in order of first appearance.
 * `arena`: 40 bytes per window; `table`: `mask + 1` i32 slots (a power of two above `limit`), zeroed here. Returns
 * how many windows were hashed.
 */
export function passages(
  text: usize,
  len: i32,
  prefix: usize,
  prefixBytes: i32,
  limit: i32,
  arena: usize,
  table: usize,
  mask: i32,
  out: usize,
): i32 {
  if (!tablesReady) initTables();
  let n = 0;
  // Branch-free: every code is stored, and the position moves on only past a kept one (a letter or digit follows a
  // space or a mark about one time in five in prose, too often for a branch to guess).
  for (let i = 0; i < len; i++) {
    const code = load<u8>(PASSAGE_BYTE + <usize>load<u8>(text + <usize>i));
    store<u8>(text + <usize>n, code);
    n += <i32>(code != 0);
  }
  if (n < MIN_LENGTH || limit <= 0) return 0;
  memory.fill(table, 0, <usize>(mask + 1) << 2);
  setPrefix(prefix, prefixBytes);
  let count = 0;
  let sum = 0;
  for (let i = 0; i < 9; i++) sum += <i32>load<u8>(text + <usize>i);
  for (let c = 4; c + 4 < n; c++) {
    if (c > 4) sum += <i32>load<u8>(text + <usize>(c + 4)) - <i32>load<u8>(text + <usize>(c - 5));
    if ((sum & SPACING_MASK) != 0 || c - HALF < 0 || c + HALF >= n) continue;
    const slot = arena + <usize>count * 40;
    canonicalWindow(text + <usize>(c - HALF), slot);
    let at = windowKey(slot) & <u32>mask;
    let seen = false;
    for (;;) {
      const entry = load<i32>(table + (<usize>at << 2));
      if (entry == 0) break;
      if (sameWindow(arena + <usize>(entry - 1) * 40, slot)) {
        seen = true;
        break;
      }
      at = (at + 1) & <u32>mask;
    }
    if (seen) continue;
    store<i32>(table + (<usize>at << 2), count + 1);
    count++;
    if (count >= limit) break;
  }
  // The distinct windows stay in the arena in order: hashed four at a time.
  hashWindows(arena, count, out);
  return count;
}

/** The 33 bytes at `lo`, or their reverse when that is smaller (as `canonicalWindow` in provenance.ts), to `to`. */
function canonicalWindow(lo: usize, to: usize): void {
  let i: usize = 0;
  let j: usize = <usize>(WINDOW - 1);
  while (i < j && load<u8>(lo + i) == load<u8>(lo + j)) {
    i++;
    j--;
  }
  if (i >= j || load<u8>(lo + i) < load<u8>(lo + j)) {
    memory.copy(to, lo, <usize>WINDOW);
    return;
  }
  for (let k: usize = 0; k < <usize>WINDOW; k++) store<u8>(to + k, load<u8>(lo + <usize>(WINDOW - 1) - k));
}
