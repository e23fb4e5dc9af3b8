// asc-options: --enable simd
// AssemblyScript source of the phrase rules' trigger scan (src/engine/detectors/injection/phrase-triggers.ts drives
// it). Compiled by scripts/build-wasm.mjs into src/shared/wasm/phrase-triggers.generated.ts; `npm run build:wasm`.
//
// Why hand-written, and not the shared literal automaton: the same Aho-Corasick DFA walk (wasm/literal-automaton.ts),
// plus what the phrase rules need and JavaScript would pay for per character or per hit: (1) lead words are reported
// only where a word boundary could hold on both sides (prose holds a lead word as part of another word more often
// than as a word: "for" in "format", "do" in "document"); (2) each hit carries the "units" before its end: bytes,
// but a space-like byte right after a space-like byte counts zero, so a whitespace run is one unit however long it
// is (what bounds how far a phrase rule's match reaches: phrase-literals.ts). Space-like is a superset of what `\s`
// matches in the text the rules read: every byte up to 0x20, every byte from 0x80 (a non-ASCII character is one
// unit at most), a backslash and the byte after one (`\n`, `\r`, `\t` are read as two spaces). That is one
// table load and a few operations per byte beside the DFA's loads; the boundary check runs only on a hit.
//
// Memory layout, written by the host before the first scan (offsets in bytes, set through `configure`):
//   classes   u8[256]        byte -> input class (0: a byte no literal holds)
//   bytes     u8[256]        byte -> bit 0 space-like (every byte up to 0x20 or from 0x80, a backslash), bit 1
//                            word character [A-Za-z0-9_], bit 2 control character (below 0x20 but tab, LF, CR;
//                            0x7f), bit 3 one of `nrt`, bit 4 a backslash
//   table     u16[states*S]  complete DFA (the shared literal automaton's), S entries a row: its K classes rounded
//                            up to a multiple of 4 (columns past K never read); entries are the next state's
//                            quarter row index (state * S / 4), so a step is a load at (q << 3) + class * 2: a
//                            shift and an add on the chain of dependent loads, as the former row index's, and
//                            16-bit entries reach 65,535 * 4 / S states (7,281 at S = 36) where row indexes reached
//                            65,535 / K (1,985 at K = 33). 32-bit byte offsets (any count) measured +6% on the
//                            pass, this +1-2% (session 21)
//   outStart  i32[]          accepting state s's literals are outEntries[outStart[s - firstAccept] .. next)
//   outEntries i32[]         each such literal as id | kind << 16 | length << 21 (one load per literal a report
//                            reads); kind a union of where to report: bit 0 where a word boundary may hold on both
//                            sides, bit 1 always, bit 2 where a non-word character may stand right before it, bit 3
//                            right after, bit 4 (a lead word only) also as a word of a name joined by `_`
//                            (`joinedMayHold`): such a hit's id carries JOINED and the gate lets it out as it is
//   lengths   i32[literals]  each literal's length in bytes
//   hits      i32[3*cap]     (literal id, UTF-16 end offset, units before the end) triples
//   text      u8[]           the chunk of UTF-8 to scan
//
// Invariants: a hit is dropped only when a byte next to it, inside the chunk, shows no word boundary (nor, before it,
// a glued word start: `mayStartGlued`) can hold there in the text the rules read (where `\n`, `\r`, `\t` escapes
// are spaces); the host checks the boundaries of what is
// reported. The scan resumes exactly where it stopped (state, positions, counters are globals).

let classesOff: usize = 0;
let bytesOff: usize = 0;
let tableOff: usize = 0;
/** Entries per row (S above: a multiple of 4). */
let stride: i32 = 0;
let firstAccept: i32 = 0;
let outStartOff: usize = 0;
let outEntriesOff: usize = 0;
/** ceil(2^32 / (stride / 4)): a quarter row index q (below 2^16) over stride / 4 is q * it >> 32 (exact for every q
 * below 2^32 / (stride / 4)). */
let rowMagic: u64 = 0;
let lengthsOff: usize = 0;
let hitsOff: usize = 0;
let hitCap: i32 = 0;
/** scanChunk's regions: the second stripe's hits (`cap` triples), and per 16-byte block of the chunk its zero-unit
 * mask (u16) and the zero-unit bytes before it (i32). */
let hitsBOff: usize = 0;
let zeroMaskOff: usize = 0;
let zeroBeforeOff: usize = 0;
/** For a chunk holding non-ASCII bytes: per block, its UTF-16 units mask (a byte starting a character: bit set in
 * the first; a four-byte lead, a surrogate pair: also in the second) and the units before it. */
let leadMaskOff: usize = 0;
let pairMaskOff: usize = 0;
let utf16BeforeOff: usize = 0;
let countA: i32 = 0;
let countB: i32 = 0;

let row: i32 = 0;
let utf16: i32 = 0;
let hitCount: i32 = 0;
let units: i32 = 0;
let prevSpace: i32 = 0;
let prevBackslash: i32 = 0;
/** A control character (below 0x20 but tab, LF, CR; or 0x7f) was seen in an ASCII chunk since `reset` (1 or 0). */
let control: i32 = 0;
/** The chunk being scanned is the text's first: no byte comes before its first byte. */
let firstChunk: bool = true;

export function configure(
  classes: usize,
  bytes: usize,
  table: usize,
  k: i32,
  accept: i32,
  outStart: usize,
  outEntries: usize,
  lengths: usize,
  hits: usize,
  cap: i32,
  hitsB: usize,
  zeroMask: usize,
  zeroBefore: usize,
  leadMask: usize,
  pairMask: usize,
  utf16Before: usize,
): void {
  classesOff = classes;
  bytesOff = bytes;
  tableOff = table;
  stride = k;
  firstAccept = accept;
  outStartOff = outStart;
  outEntriesOff = outEntries;
  rowMagic = ((<u64>1 << 32) + <u64>(k >> 2) - 1) / <u64>(k >> 2);
  lengthsOff = lengths;
  hitsOff = hits;
  hitCap = cap;
  hitsBOff = hitsB;
  zeroMaskOff = zeroMask;
  zeroBeforeOff = zeroBefore;
  leadMaskOff = leadMask;
  pairMaskOff = pairMask;
  utf16BeforeOff = utf16Before;
}

/** Starts a new text. */
export function reset(): void {
  row = 0;
  utf16 = 0;
  hitCount = 0;
  control = 0;
  units = 0;
  prevSpace = 0;
  prevBackslash = 0;
}

/** Before each chunk: whether it starts the text. */
export function chunk(first: bool): void {
  firstChunk = first;
}

export function hits(): i32 {
  return hitCount;
}

/** Whether an ASCII chunk scanned since `reset` held a control character (the host folds such text). */
export function controls(): i32 {
  return control;
}

export function drain(): void {
  hitCount = 0;
}

/** Whether the byte at `at` of the chunk may be a non-word character of the read text (unknown counts as may). */
@inline
function mayBeNonWord(text: usize, at: i32, to: i32, isFirst: bool): bool {
  // Before the chunk: the text's start, or a byte of the previous chunk (unknown); after it: the end or unknown.
  if (at < 0 || at >= to) return true;
  const f = <i32>load<u8>(bytesOff + <usize>load<u8>(text + <usize>at));
  if ((f & 2) == 0) return true;
  // `\n`, `\r`, `\t` are read as two spaces: the letter of such an escape is not a word character there.
  if ((f & 8) != 0) return at == 0 ? !isFirst : load<u8>(text + <usize>at - 1) == 0x5c;
  return false;
}

/**
 * Whether a word may start at byte `at` of the chunk glued to the word before it: after a digit ("200Ignore"), at a
 * lower-to-upper change ("okPlease"), or at an upper-case letter between an upper-case one and a lower-case one
 * ("PASSEDIgnore"). A lead word starts there as it does after a boundary (the host checks). `to`: the chunk's end
 * (a byte past it is unknown: may).
 */
@inline
function mayStartGlued(text: usize, at: i32, to: i32): bool {
  if (at <= 0) return false;
  const before = <i32>load<u8>(text + <usize>at - 1);
  if (<u32>(before - 0x30) < 10) return true;
  if (<u32>(<i32>load<u8>(text + <usize>at) - 0x41) >= 26) return false;
  if (<u32>(before - 0x61) < 26) return true;
  if (<u32>(before - 0x41) >= 26) return false;
  return at + 1 >= to || <u32>(<i32>load<u8>(text + <usize>at + 1) - 0x61) < 26;
}

/** Whether a literal at bytes [start, i] of the chunk may be reported under `kind` (without bit 1): bit 0 where a
 * word boundary (or a glued word start) may hold on both sides, bit 2 where a non-word character (or a glued word
 * start) may stand before it, bit 3 after it. */
@inline
function sidesMayHold(text: usize, kind: i32, start: i32, i: i32, to: i32): bool {
  const before = mayBeNonWord(text, start - 1, to, firstChunk) || mayStartGlued(text, start, to);
  const after = mayBeNonWord(text, i + 1, to, false);
  return (before && after) || ((kind & 4) != 0 && before) || ((kind & 8) != 0 && after);
}

/** A hit's id | JOINED: a lead word reported as a word of a name joined by `_` (kind bit 4), not at a boundary. */
const JOINED: i32 = 0x10000;
/** How far the joins of such a name are looked for on each side of the lead word (past it: may). */
const JOIN_REACH: i32 = 48;

/** `_` bytes in the run of word characters from `at` stepping by `step` (-1 or 1) within JOIN_REACH bytes and the
 * chunk; 2 when the run reaches further (unknown: may). */
@noinline
function joinsFrom(text: usize, at: i32, step: i32, to: i32): i32 {
  let joins = 0;
  for (let k = 0; k < JOIN_REACH; k++, at += step) {
    if (at < 0 || at >= to) return 2;
    const b = <i32>load<u8>(text + <usize>at);
    if (b == 0x5f) joins++;
    else if ((load<u8>(bytesOff + <usize>b) & 2) == 0) return joins;
  }
  return 2;
}

/**
 * Whether a lead word at bytes [start, i] of the chunk may be a word of a name of at least three words joined by `_`
 * ("ignore_previous_instructions"): `_` on one side, `_` or a possible boundary on the other, and two joins in the
 * name (the host reads such names: phrase-slugs.ts). Unknown bytes (past the chunk, past JOIN_REACH) count as may.
 */
@noinline
function joinedMayHold(text: usize, start: i32, i: i32, to: i32): bool {
  const before = start > 0 && load<u8>(text + <usize>start - 1) == 0x5f;
  const after = i + 1 < to && load<u8>(text + <usize>i + 1) == 0x5f;
  return (before || after) && joinsHold(text, start, i, to, before, after);
}

/** `joinedMayHold` past its first check (not inlined: a lead word beside a `_` is rare). */
@noinline
function joinsHold(text: usize, start: i32, i: i32, to: i32, before: bool, after: bool): bool {
  if (!before && !mayBeNonWord(text, start - 1, to, firstChunk)) return false;
  if (!after && !mayBeNonWord(text, i + 1, to, false)) return false;
  return joinsFrom(text, start - 1, -1, to) + joinsFrom(text, i + 1, 1, to) >= 2;
}

/** The state whose quarter row index is `r` (r / (stride / 4), by a multiply: see rowMagic). */
@inline
function stateOf(r: i32): i32 {
  return <i32>((<u64>r * rowMagic) >> 32);
}

/** Writes the accepting state's reportable literals; false when the buffer cannot take them all. Not inlined: the
 * scan loops stay small (a hit is rare next to the bytes between hits). */
@noinline
function report(text: usize, r: i32, i: i32, to: i32, end: i32, u: i32): bool {
  const base = outStartOff + (<usize>(stateOf(r) - firstAccept) << 2);
  const from = load<i32>(base);
  const until = load<i32>(base + 4);
  if (hitCount + (until - from) > hitCap) return false;
  for (let k = from; k < until; k++) {
    const entry = load<i32>(outEntriesOff + (<usize>k << 2));
    let id = entry & 0xffff;
    const kind = (entry >> 16) & 31;
    const start = i + 1 - (entry >>> 21);
    if ((kind & 2) == 0 && !sidesMayHold(text, kind, start, i, to)) {
      if ((kind & 16) == 0 || !joinedMayHold(text, start, i, to)) continue;
      id |= JOINED;
    }
    const at = hitsOff + <usize>hitCount * 12;
    store<i32>(at, id);
    store<i32>(at + 4, end);
    store<i32>(at + 8, u);
    hitCount++;
  }
  return true;
}

/**
 * Scans bytes [from, to) of the chunk at `text`. `ascii`: every byte of the chunk is below 0x80. Returns the byte
 * offset it stopped at: `to`, or the first byte whose hits did not fit (drain and call again from there).
 */
export function scan(text: usize, from: i32, to: i32, ascii: bool): i32 {
  return ascii ? scanAscii(text, from, to) : scanUtf8(text, from, to);
}

// The two loops below differ only in how the UTF-16 offset advances. Per byte: its flags (one load from a 256-byte
// table: bit 0 space-like, bit 2 control character, bit 4 backslash), the units, the DFA step.

function scanAscii(text: usize, from: i32, to: i32): i32 {
  let s = row;
  const acceptRow = firstAccept * (stride >> 2);
  let u = units;
  let space = prevSpace;
  let backslash = prevBackslash;
  let seen = control;
  let i = from;
  const base = utf16 - from;
  for (; i < to; i++) {
    const b = <usize>load<u8>(text + <usize>i);
    const f = <i32>load<u8>(bytesOff + b);
    const nowSpace = (f | backslash) & 1;
    const nextUnits = u + ((nowSpace & space) ^ 1);
    const next = <i32>load<u16>(tableOff + (<usize>s << 3) + (<usize>load<u8>(classesOff + b) << 1));
    if (next >= acceptRow && !report(text, next, i, to, base + i + 1, nextUnits)) break;
    seen |= f;
    s = next;
    u = nextUnits;
    space = nowSpace;
    backslash = f >> 4;
  }
  row = s;
  utf16 = base + i;
  units = u;
  prevSpace = space;
  prevBackslash = backslash;
  control = (seen >> 2) & 1;
  return i;
}

function scanUtf8(text: usize, from: i32, to: i32): i32 {
  let s = row;
  const acceptRow = firstAccept * (stride >> 2);
  let pos = utf16;
  let u = units;
  let space = prevSpace;
  let backslash = prevBackslash;
  let i = from;
  for (; i < to; i++) {
    const b = <usize>load<u8>(text + <usize>i);
    const f = <i32>load<u8>(bytesOff + b);
    const nowSpace = (f | backslash) & 1;
    const nextUnits = u + ((nowSpace & space) ^ 1);
    const next = <i32>load<u16>(tableOff + (<usize>s << 3) + (<usize>load<u8>(classesOff + b) << 1));
    // UTF-16 units so far, counting this byte's character (see literal-automaton.ts).
    const step = (b & 0xc0) != 0x80 ? (b >= 0xf0 ? 2 : 1) : 0;
    if (next >= acceptRow && !report(text, next, i, to, pos + step, nextUnits)) break;
    s = next;
    pos += step;
    u = nextUnits;
    space = nowSpace;
    backslash = f >> 4;
  }
  // At `to`, or before the byte whose hits did not fit (its transition not taken: the host calls again from it).
  row = s;
  utf16 = pos;
  units = u;
  prevSpace = space;
  prevBackslash = backslash;
  return i;
}

// scanChunk: the same hits as `scan` over a whole ASCII chunk, in two steps. (1) A SIMD pass over 16-byte blocks
// finds the space-like bytes (as the byte table's bit 0, plus a byte after a backslash) and keeps, per block, which
// bytes count zero units (space-like after space-like) and how many zero-unit bytes come before the block; it notes a
// control character. (2) The DFA runs as two stripes (as wasm/literal-pass.ts: a DFA step is a load whose address
// depends on the previous step, so one chain runs at that load's latency and two chains overlap), with nothing else
// in the loop; a hit's units are computed from the block tables when it is reported: units before the chunk + bytes
// through the hit - zero-unit bytes through the hit. The second stripe starts `overlap` bytes (the longest literal's
// length - 1) before its half in the root state and reports only hits ending in its half, so it reports exactly what
// one sequential scan reports there. Hits go to one buffer per stripe; the host reads the first's, then the second's
// (ascending by end). Offsets are kept in locals: read from a mutable global, V8 loads them again at every step.

export function hitsInA(): i32 {
  return countA;
}

export function hitsInB(): i32 {
  return countB;
}

/** Zero-unit bytes in [0, i] of the chunk, from the block tables. */
@inline
function zerosThrough(i: i32): i32 {
  const block = <usize>(i >> 4);
  const mask = <i32>load<u16>(zeroMaskOff + (block << 1)) & ((2 << (i & 15)) - 1);
  return load<i32>(zeroBeforeOff + (block << 2)) + popcnt<i32>(mask);
}

/** UTF-16 units of bytes [0, i] of a chunk holding non-ASCII bytes, from the block tables. */
@inline
function utf16Through(i: i32): i32 {
  const block = <usize>(i >> 4);
  const m = (2 << (i & 15)) - 1;
  const leads = <i32>load<u16>(leadMaskOff + (block << 1)) & m;
  const pairs = <i32>load<u16>(pairMaskOff + (block << 1)) & m;
  return load<i32>(utf16BeforeOff + (block << 2)) + popcnt<i32>(leads) + popcnt<i32>(pairs);
}

/** Writes the accepting state `r`'s reportable literals after `count` hits of `buffer`: the new count, -1 when full.
 * `ascii`: the chunk's bytes are all ASCII (a byte is a UTF-16 unit). */
@noinline
function reportAt(buffer: usize, count: i32, text: usize, r: i32, i: i32, n: i32, base: i32, unitsBase: i32, ascii: bool): i32 {
  const at0 = outStartOff + (<usize>(stateOf(r) - firstAccept) << 2);
  const from = load<i32>(at0);
  const until = load<i32>(at0 + 4);
  if (count + (until - from) > hitCap) return -1;
  // The units and the end only once a literal passes its sides' check (about half the accepting steps of prose
  // report nothing): -1 until then.
  let u = -1;
  let end = 0;
  let c = count;
  for (let k = from; k < until; k++) {
    const entry = load<i32>(outEntriesOff + (<usize>k << 2));
    let id = entry & 0xffff;
    const kind = (entry >> 16) & 31;
    const start = i + 1 - (entry >>> 21);
    if ((kind & 2) == 0 && !sidesMayHold(text, kind, start, i, n)) {
      if ((kind & 16) == 0 || !joinedMayHold(text, start, i, n)) continue;
      id |= JOINED;
    }
    if (u < 0) {
      u = unitsBase + i + 1 - zerosThrough(i);
      end = base + (ascii ? i + 1 : utf16Through(i));
    }
    const at = buffer + <usize>c * 12;
    store<i32>(at, id);
    store<i32>(at + 4, end);
    store<i32>(at + 8, u);
    c++;
  }
  return c;
}

/** The UTF-16 tables of a chunk's n bytes (see utf16Through); returns its UTF-16 units. */
function utf16Tables(text: usize, n: i32): i32 {
  let before = 0;
  const blocks = (n + 15) >> 4;
  for (let k = 0; k < blocks; k++) {
    const v = v128.load(text + (<usize>k << 4));
    const valid = k == blocks - 1 && (n & 15) != 0 ? (1 << (n & 15)) - 1 : 0xffff;
    // A continuation byte (0x80-0xbf, as signed bytes below -64) adds no unit; a four-byte lead (from 0xf0) two.
    const leads = ~i8x16.bitmask(i8x16.lt_s(v, i8x16.splat(<i8>-64))) & valid;
    const pairs = i8x16.bitmask(i8x16.ge_u(v, i8x16.splat(<i8>0xf0))) & valid;
    store<u16>(leadMaskOff + (<usize>k << 1), <u16>leads);
    store<u16>(pairMaskOff + (<usize>k << 1), <u16>pairs);
    store<i32>(utf16BeforeOff + (<usize>k << 2), before);
    before += popcnt<i32>(leads) + popcnt<i32>(pairs);
  }
  return before;
}

/** Step (1): the block tables of bytes [0, n); returns the zero-unit bytes in all, sets the space state after them. */
function unitTables(text: usize, n: i32): i32 {
  const space20 = i8x16.splat(0x20);
  const backslashes = i8x16.splat(0x5c);
  const del = i8x16.splat(0x7f);
  const tab = i8x16.splat(0x09);
  const lf = i8x16.splat(0x0a);
  const cr = i8x16.splat(0x0d);
  let spaceCarry = prevSpace;
  let backslashCarry = prevBackslash;
  let zeros = 0;
  let controls = 0;
  const blocks = (n + 15) >> 4;
  for (let k = 0; k < blocks; k++) {
    const v = v128.load(text + (<usize>k << 4));
    // Bytes past the chunk's end (the last block's tail) are masked off below.
    const valid = k == blocks - 1 && (n & 15) != 0 ? (1 << (n & 15)) - 1 : 0xffff;
    const high = i8x16.lt_s(v, i8x16.splat(0)); // from 0x80
    const low = i8x16.le_u(v, space20);
    const bs = i8x16.bitmask(i8x16.eq(v, backslashes)) & valid;
    const spaceBytes = (i8x16.bitmask(v128.or(v128.or(low, high), i8x16.eq(v, backslashes))) & valid) | ((bs << 1) & 0xffff) | backslashCarry;
    const spaceLike = spaceBytes & valid;
    const zero = spaceLike & (((spaceLike << 1) & 0xffff) | spaceCarry);
    store<u16>(zeroMaskOff + (<usize>k << 1), <u16>zero);
    store<i32>(zeroBeforeOff + (<usize>k << 2), zeros);
    zeros += popcnt<i32>(zero);
    const ctl = v128.or(
      v128.andnot(
        i8x16.lt_u(v, space20),
        v128.or(v128.or(i8x16.eq(v, tab), i8x16.eq(v, lf)), i8x16.eq(v, cr)),
      ),
      i8x16.eq(v, del),
    );
    controls |= i8x16.bitmask(ctl) & valid;
    const last = k == blocks - 1 ? ((n - 1) & 15) : 15;
    spaceCarry = (spaceLike >> last) & 1;
    backslashCarry = (bs >> last) & 1;
  }
  prevSpace = spaceCarry;
  prevBackslash = backslashCarry;
  if (controls != 0) control = 1;
  return zeros;
}

/**
 * Scans a whole chunk of `n` bytes (at least 4 * overlap + 32; `ascii`: all below 0x80). Returns 0, or -1 when a
 * stripe's buffer filled: then nothing of the text's state changed and the host scans the chunk with `scan` instead
 * (which drains as it goes).
 */
export function scanChunk(text: usize, n: i32, overlap: i32, ascii: bool): i32 {
  return chunkPass(text, n, overlap, ascii, false);
}

/** `scanChunk`; with `printable`, returns -2 as soon as the unit tables find a control character (the host then folds
 * the text and discards its hits, so the DFA need not run). */
function chunkPass(text: usize, n: i32, overlap: i32, ascii: bool, printable: bool): i32 {
  countA = 0;
  countB = 0;
  const savedSpace = prevSpace;
  const savedBackslash = prevBackslash;
  const savedControl = control;
  const zeros = unitTables(text, n);
  if (printable && control != 0) return -2;
  const chunkUtf16 = ascii ? n : utf16Tables(text, n);
  const classes = classesOff;
  const table = tableOff;
  const acceptRow = firstAccept * (stride >> 2);
  const mid = n >> 1;
  const base = utf16;
  const unitsBase = units;
  let sa = row;
  let sb = 0;
  for (let i = mid - overlap; i < mid; i++)
    sb = <i32>load<u16>(table + (<usize>sb << 3) + (<usize>load<u8>(classes + <usize>load<u8>(text + <usize>i)) << 1));
  let a = 0;
  let b = 0;
  for (let i = 0; i < mid; i++) {
    const j = i + mid;
    const na = <i32>load<u16>(table + (<usize>sa << 3) + (<usize>load<u8>(classes + <usize>load<u8>(text + <usize>i)) << 1));
    const nb = <i32>load<u16>(table + (<usize>sb << 3) + (<usize>load<u8>(classes + <usize>load<u8>(text + <usize>j)) << 1));
    if (na >= acceptRow) {
      a = reportAt(hitsOff, a, text, na, i, n, base, unitsBase, ascii);
      if (a < 0) break;
    }
    if (nb >= acceptRow) {
      b = reportAt(hitsBOff, b, text, nb, j, n, base, unitsBase, ascii);
      if (b < 0) break;
    }
    sa = na;
    sb = nb;
  }
  // An odd byte count leaves the last byte to the second stripe.
  if (a >= 0 && b >= 0 && (n & 1) != 0) {
    const j = n - 1;
    const nb = <i32>load<u16>(table + (<usize>sb << 3) + (<usize>load<u8>(classes + <usize>load<u8>(text + <usize>j)) << 1));
    if (nb >= acceptRow) b = reportAt(hitsBOff, b, text, nb, j, n, base, unitsBase, ascii);
    sb = nb;
  }
  if (a < 0 || b < 0) {
    prevSpace = savedSpace;
    prevBackslash = savedBackslash;
    control = savedControl;
    return -1;
  }
  countA = a;
  countB = b;
  row = sb;
  utf16 = base + chunkUtf16;
  units = unitsBase + n - zeros;
  return 0;
}

// The conjunction inside the pass (`configureGates`; off until called, and then only for texts the host scans with
// gating on): the hits of a chunk go through `gateChunk` / `gateStep`, and only the lead words one of whose rules may
// match reach the host, in the pass's order (ascending by end), as (literal id, end, units) triples in `out`. A rule
// may match at a lead word (start S, `u` units before its end, length L) when it has no gate, or when the first
// gate hit of the rule ending after S has at most `u - L + 1 + reach` units (the host's former check, phrase-gates.ts);
// a rule whose reach is unbounded (REACH_ANY) only needs such a hit. Units grow with the end, so:
// - a gate hit of the rule seen before the lead hit and ending after S is the first such (or a later one has as many
//   units at most as the lead word's end): it allows the rule when L <= reach + 1, which the host checks per lead
//   and rule (else it marks the lead to keep). So only the rule's last gate end is kept (`lastEnd`);
// - after the lead hit, the rule's next gate hit decides it (later ones have no fewer units): all leads waiting on the
//   rule since its previous gate hit are decided at once; a rule whose bound is below the units reached can no longer
//   allow its lead (`maxLimit`). Each rule keeps the leads waiting on it as a list, newest first, through nodes that
//   belong to a ring slot and a position in its lead's rules (`waiting`, `nodes`), so a gate hit visits only those.
// Leads wait in a ring of `ringCap` entries, in order, and leave it from its head once decided; a full ring lets its
// head out undecided (kept: the host tries its rules, which finds what it would have found). At the text's end
// (`finish`), the undecided leads are dropped: no gate hit of their rules follows them.

const REACH_ANY: i32 = 0x3fffffff;
const PENDING: i32 = 0;
const KEPT: i32 = 1;
const DROPPED: i32 = 2;
/** A ring entry: literal id, end, units, base (u - L + 1), maxLimit, state, failed rules (bit p: the lead's p-th). */
const ENTRY: i32 = 32;

let litLeadOff: usize = 0;
let litGateFromOff: usize = 0;
let litGateRulesOff: usize = 0;
let leadKeepOff: usize = 0;
let leadRuleFromOff: usize = 0;
let leadRulesOff: usize = 0;
let reachOff: usize = 0;
let lastEndOff: usize = 0;
/** By rule: its newest waiting node, or -1. A node (slot * slots + p): the lead's seq, the next older node. */
let waitingOff: usize = 0;
let nodesOff: usize = 0;
let slots: i32 = 0;
let ringOff: usize = 0;
let outOff: usize = 0;
let ruleCount: i32 = 0;
let ringCap: i32 = 0;
let head: i32 = 0;
let tail: i32 = 0;
let outCount: i32 = 0;

export function configureGates(
  litLead: usize,
  litGateFrom: usize,
  litGateRules: usize,
  leadKeep: usize,
  leadRuleFrom: usize,
  leadRules: usize,
  reach: usize,
  rules: i32,
  lastEnd: usize,
  waiting: usize,
  nodes: usize,
  slotsPerLead: i32,
  ring: usize,
  cap: i32,
  out: usize,
): void {
  litLeadOff = litLead;
  litGateFromOff = litGateFrom;
  litGateRulesOff = litGateRules;
  leadKeepOff = leadKeep;
  leadRuleFromOff = leadRuleFrom;
  leadRulesOff = leadRules;
  reachOff = reach;
  ruleCount = rules;
  lastEndOff = lastEnd;
  waitingOff = waiting;
  nodesOff = nodes;
  slots = slotsPerLead;
  ringOff = ring;
  ringCap = cap;
  outOff = out;
}

/** Starts a new text for the gate (after `reset`). */
export function resetGates(): void {
  head = 0;
  tail = 0;
  outCount = 0;
  for (let r = 0; r < ruleCount; r++) {
    store<i32>(lastEndOff + (<usize>r << 2), -1);
    store<i32>(waitingOff + (<usize>r << 2), -1);
  }
}

export function leadsOut(): i32 {
  return outCount;
}

export function drainLeads(): void {
  outCount = 0;
}

@inline
function entryAt(seq: i32): usize {
  return ringOff + <usize>(seq % ringCap) * ENTRY;
}

@inline
function emit(id: i32, end: i32, u: i32): void {
  const at = outOff + <usize>outCount * 12;
  store<i32>(at, id);
  store<i32>(at + 4, end);
  store<i32>(at + 8, u);
  outCount++;
}

/** Lets the decided leads at the ring's head out (kept ones into `out`); a lead whose every bound is below `u`
 * units is dropped (every later gate hit has at least `u`). */
function flush(u: i32): void {
  while (head < tail) {
    const e = entryAt(head);
    let state = load<i32>(e + 20);
    if (state == PENDING) {
      if (load<i32>(e + 16) >= u) break;
      state = DROPPED;
    }
    if (state == KEPT) emit(load<i32>(e), load<i32>(e + 4), load<i32>(e + 8));
    head++;
  }
}

/** Queues a lead (state KEPT or PENDING): its seq, or -1 when a kept lead with nothing before it went straight out. */
function enqueue(id: i32, end: i32, u: i32, base: i32, maxLimit: i32, state: i32, lastUnits: i32): i32 {
  if (state == KEPT && head == tail) {
    emit(id, end, u);
    return -1;
  }
  if (tail - head == ringCap) {
    flush(lastUnits);
    if (tail - head == ringCap) {
      // Still full: the head leaves undecided, as kept.
      const e = entryAt(head);
      if (load<i32>(e + 20) != DROPPED) emit(load<i32>(e), load<i32>(e + 4), load<i32>(e + 8));
      head++;
    }
  }
  const e = entryAt(tail);
  store<i32>(e, id);
  store<i32>(e + 4, end);
  store<i32>(e + 8, u);
  store<i32>(e + 12, base);
  store<i32>(e + 16, maxLimit);
  store<i32>(e + 20, state);
  store<i32>(e + 24, 0);
  return tail++;
}

function gateHit(r: i32, end: i32, u: i32): void {
  store<i32>(lastEndOff + (<usize>r << 2), end);
  const reach = load<i32>(reachOff + (<usize>r << 2));
  const firstAt = waitingOff + (<usize>r << 2);
  let node = load<i32>(firstAt);
  store<i32>(firstAt, -1);
  // Newest first; a node of a lead that left the ring ends the list (every older one left before it), and so does a
  // node whose slot a later lead took for another rule (its next is that rule's).
  let newer: i32 = 0x7fffffff;
  while (node >= 0) {
    const at = nodesOff + (<usize>node << 3);
    const seq = load<i32>(at);
    if (seq < head || seq >= newer) break;
    newer = seq;
    const e = entryAt(seq);
    const p = node - (seq % ringCap) * slots;
    const lead = load<i32>(litLeadOff + (<usize>load<i32>(e) << 2));
    const from = load<i32>(leadRuleFromOff + (<usize>lead << 2));
    if (load<i32>(leadRulesOff + (<usize>(from + p) << 2)) != r) break;
    if (load<i32>(e + 20) == PENDING) {
      if (reach == REACH_ANY || u <= load<i32>(e + 12) + reach) store<i32>(e + 20, KEPT);
      else {
        const until = load<i32>(leadRuleFromOff + (<usize>(lead + 1) << 2));
        const failed = load<i32>(e + 24) | (1 << p);
        store<i32>(e + 24, failed);
        if (failed == (1 << (until - from)) - 1) store<i32>(e + 20, DROPPED);
      }
    }
    node = load<i32>(at + 4);
  }
}

function leadHit(id: i32, lead: i32, end: i32, u: i32, lastUnits: i32): void {
  if (load<i32>(leadKeepOff + (<usize>lead << 2)) != 0) {
    enqueue(id, end, u, 0, 0, KEPT, lastUnits);
    return;
  }
  const length = load<i32>(lengthsOff + (<usize>id << 2));
  const start = end - length;
  const base = u - length + 1;
  const from = load<i32>(leadRuleFromOff + (<usize>lead << 2));
  const until = load<i32>(leadRuleFromOff + (<usize>(lead + 1) << 2));
  let maxLimit = 0;
  for (let p = from; p < until; p++) {
    const r = load<i32>(leadRulesOff + (<usize>p << 2));
    if (load<i32>(lastEndOff + (<usize>r << 2)) > start) {
      enqueue(id, end, u, 0, 0, KEPT, lastUnits);
      return;
    }
    const reach = load<i32>(reachOff + (<usize>r << 2));
    const limit = reach == REACH_ANY ? REACH_ANY : base + reach;
    if (limit > maxLimit) maxLimit = limit;
  }
  const seq = enqueue(id, end, u, base, maxLimit, PENDING, lastUnits);
  // Waits on each of its gated rules: the node of its slot and the rule's position joins the rule's list.
  const slot = (seq % ringCap) * slots;
  for (let p = from; p < until; p++) {
    const firstAt = waitingOff + (<usize>load<i32>(leadRulesOff + (<usize>p << 2)) << 2);
    const node = slot + p - from;
    const at = nodesOff + (<usize>node << 3);
    store<i32>(at, seq);
    store<i32>(at + 4, load<i32>(firstAt));
    store<i32>(firstAt, node);
  }
}

/** A lead word of a joined name, let out as it is (not inlined: rare). */
@noinline
function joinedLead(id: i32, end: i32, u: i32, lastUnits: i32): void {
  enqueue(id, end, u, 0, 0, KEPT, lastUnits);
}

/** The gate over `count` hits at `buffer` (ascending by end), then the ring's decided head out. */
function gateHits(buffer: usize, count: i32): void {
  let lastUnits = 0;
  for (let i = 0; i < count; i++) {
    const at = buffer + <usize>i * 12;
    const id = load<i32>(at);
    const end = load<i32>(at + 4);
    const u = load<i32>(at + 8);
    // A lead word of a joined name: no gate literal's hit (they keep `_` a word character), and no gate (the host
    // reads the name with its joins as spaces, and the pass gates that).
    if (id >= JOINED) {
      joinedLead(id, end, u, lastUnits);
      lastUnits = u;
      continue;
    }
    const gatesFrom = load<i32>(litGateFromOff + (<usize>id << 2));
    const gatesUntil = load<i32>(litGateFromOff + (<usize>(id + 1) << 2));
    for (let k = gatesFrom; k < gatesUntil; k++) gateHit(load<i32>(litGateRulesOff + (<usize>k << 2)), end, u);
    const lead = load<i32>(litLeadOff + (<usize>id << 2));
    if (lead >= 0) leadHit(id, lead, end, u, lastUnits);
    lastUnits = u;
  }
  flush(lastUnits);
}

/** The gate over the hits of the last `scanChunk` (its two stripes' buffers, in order). */
export function gateChunk(): void {
  gateHits(hitsOff, countA);
  gateHits(hitsBOff, countB);
  flush(units);
}

/** The gate over the hits of the last `scan` (then `drain` them). */
export function gateStep(): void {
  gateHits(hitsOff, hitCount);
  hitCount = 0;
}

/** At the text's end: the kept leads still in the ring go out, the undecided ones are dropped. */
export function finish(): void {
  for (; head < tail; head++) {
    const e = entryAt(head);
    if (load<i32>(e + 20) == KEPT) emit(load<i32>(e), load<i32>(e + 4), load<i32>(e + 8));
  }
}

/**
 * A whole text of `n` bytes in the chunk region, gate on, in one call: `reset`, `resetGates`, the first chunk scanned
 * (by `scanChunk` when `chunked`, else by `scan` from 0 to `n`), the gate over its hits, `finish`. Returns how many
 * leads it let out (triples in `out`, as `leadsOut` after the host's calls would have given), -1 when the hits did
 * not fit the buffers (nothing let out: the host scans the text call by call, which drains as it goes), -2 when
 * `printable` and the text holds a control character (hits incomplete: the host folds the text). `ascii` as in
 * `scan`. Every lead leaves `out` at most once and the hits of one buffer fill are at most 2 * cap, so `out` holds
 * them all (its capacity is the ring's plus 2 * cap).
 */
export function scanText(text: usize, n: i32, overlap: i32, ascii: bool, printable: bool, chunked: bool): i32 {
  reset();
  resetGates();
  firstChunk = true;
  if (chunked) {
    const r = chunkPass(text, n, overlap, ascii, printable);
    if (r < 0) return r;
    gateChunk();
  } else {
    if (scan(text, 0, n, ascii) < n) return -1;
    if (printable && control != 0) return -2;
    gateStep();
  }
  finish();
  return outCount;
}
