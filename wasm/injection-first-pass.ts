// asc-options: --enable simd
// AssemblyScript source of the structure detector's first pass (src/engine/detectors/injection/structure/
// first-pass-wasm.ts drives it). Compiled by scripts/build-wasm.mjs into
// src/shared/wasm/injection-first-pass.generated.ts; `npm run build:wasm` after an edit.
//
// Why hand-written: the first pass reads every character of every tool output, and before this module it did so
// several times in JavaScript (the reading view's lower case, the word walk of anchor-gate.ts, and each decoder's gate
// in encoded-segments.ts); a V8 regex alternation over the lexicon's words costs more than the walk
// (bench/results/2026-11-26-s8-injwalk.md), and no npm package computes these signals. Here one loop over the text's
// UTF-16 code units computes the walk and every gate, so every offset, character class and distance is the JavaScript
// one: the walk is exact on any text, ASCII or not (test/property/injection-first-pass.property.test.ts compares it
// with the JavaScript walk, which stays as the reference). Measured: the loop alone costs about what the JavaScript
// walk alone did (its branches at word starts and ends dominate); the gain is the work it replaces around it
// (bench/results/2026-11-26-s9-injgate.md).
//
// Memory layout, written by the host before the first walk (byte offsets, set through `configure`):
//   wordKeys/wordValues/wordMarks i32[wordMask+1]  word hash -> lexicon bits and marks (open addressing, -1 empty)
//   pairKeys/pairValues           i32[pairMask+1]  pair hash -> lexicon bits
//   lits                          i32[2*n]         (offset, length) of each literal below, as u16 units in memory
//   text                          u16[]            the text, UTF-16 code units as JavaScript holds them
//
// Invariants: `walk(from, to)` returns what anchor-gate.ts `mayBitsReference(text.slice(from, to))` returns, and
// `pass(to, 0)` what `walk(0, to)` does (`pass(to, 1)` that or -1); a gate bit `pass` leaves clear (`passGates`) means that decoder reads nothing.
// `blocks(to, size, out)` is `pass(to, 0)` cut at line starts: its records' signals (with the `seen` marks' signals of
// their union) and gates add up to `pass`'s (test/property/injection-regions.property.test.ts).

let wordKeys: usize = 0;
let wordValues: usize = 0;
let wordMarks: usize = 0;
let wordMask: i32 = 0;
let pairKeys: usize = 0;
let pairValues: usize = 0;
let pairMask: i32 = 0;
let litsOff: usize = 0;
let textOff: usize = 0;
let unkeyed: i32 = 0;
let lowerCase: bool = false;

// The signal bits (features.ts `F`), set by the host.
let ADDRESSEE: i32 = 0;
let TURN: i32 = 0;
let PROMPT_REF: i32 = 0;
let MODE: i32 = 0;
let OWN_PROMPT: i32 = 0;
let URL: i32 = 0;
let EMAIL: i32 = 0;
let TOOL: i32 = 0;

export function configure(
  wk: usize,
  wv: usize,
  wm: usize,
  wmask: i32,
  pk: usize,
  pv: usize,
  pmask: i32,
  lits: usize,
  text: usize,
  unkeyedBits: i32,
): void {
  wordKeys = wk;
  wordValues = wv;
  wordMarks = wm;
  wordMask = wmask;
  pairKeys = pk;
  pairValues = pv;
  pairMask = pmask;
  litsOff = lits;
  textOff = text;
  unkeyed = unkeyedBits;
}

export function signals(
  addressee: i32,
  turn: i32,
  promptRef: i32,
  mode: i32,
  ownPrompt: i32,
  url: i32,
  email: i32,
  tool: i32,
): void {
  ADDRESSEE = addressee;
  TURN = turn;
  PROMPT_REF = promptRef;
  MODE = mode;
  OWN_PROMPT = ownPrompt;
  URL = url;
  EMAIL = email;
  TOOL = tool;
}

// Literals the host writes (index into `lits`).
const LIT_INST: i32 = 0;
const LIT_SYS: i32 = 1;
const LIT_TOOL_: i32 = 2;
const LIT_FUNCTION_RESULT: i32 = 3;
const LIT_SYSTEM: i32 = 4;
const LIT_DEVELOPER: i32 = 5;
const LIT_ADMIN: i32 = 6;
const LIT_MODUS: i32 = 7;
const LIT_HTTP: i32 = 8;
const LIT_WWW: i32 = 9;
const LIT_AI: i32 = 10;

// Word marks (anchor-gate.ts `M`) and pair marks (`P`).
const VOCATIVE_NOUN: i32 = 1 << 0;
const AI_NOUN: i32 = 1 << 1;
const READER_NOUN: i32 = 1 << 2;
const PARTICIPLE: i32 = 1 << 3;
const MACHINE_PARTICIPLE: i32 = 1 << 4;
const OBLIGATION: i32 = 1 << 5;
const TURN_ROLE: i32 = 1 << 6;
const POSSESSIVE: i32 = 1 << 7;
const PROMPT_NOUN: i32 = 1 << 8;
const MODE_WORD: i32 = 1 << 9;
const PROMPT_REF_NOUN: i32 = 1 << 10;
const PROMPT_REF_NEXT: i32 = 1 << 11;
const TURN_PAIR_FIRST: i32 = 1 << 12;
const TURN_PAIR_SECOND: i32 = 1 << 13;
const CONTEXT: i32 = 1 << 14;
const WINDOW: i32 = 1 << 15;
const SYSTEM: i32 = 1 << 16;
const MESSAGE: i32 = 1 << 17;
const LANGUAGE: i32 = 1 << 18;
const MODEL: i32 = 1 << 19;
const AI_FIRST: i32 = 1 << 20;
const AI_SECOND: i32 = 1 << 21;
const VOCATIVE_FIRST: i32 = 1 << 22;
const P_PROMPT_REF: i32 = 1 << 24;
const P_TURN_PAIR: i32 = 1 << 25;
const P_CONTEXT_WINDOW: i32 = 1 << 26;
const P_SYSTEM_MESSAGE: i32 = 1 << 27;

const HASH_MASK: i32 = 0x3fffffff;
/** `modu` as four UTF-16 units read as one little-endian u64. */
const MODU: u64 = 0x00750064006f006d;
const FAR: i32 = 1 << 20;
const PARTICIPLE_REACH: i32 = 3;
const FOUND: i32 = 1;
const AI_END: i32 = 2;
const READER_END: i32 = 4;

/** The code unit at `i`, A-Z read as a-z when the host asked for the lower-case reading. */
@inline
function ch(i: i32): i32 {
  const c = <i32>load<u16>(textOff + (<usize>i << 1));
  return lowerCase && c >= 65 && c <= 90 ? c + 32 : c;
}

/** `[A-Za-z0-9_]`. */
@inline
function isWord(c: i32): bool {
  return (
    (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || c == 95 || (c >= 65 && c <= 90)
  );
}

/** JavaScript's `\s` (without the `u` flag). */
function isSpace(c: i32): bool {
  if (c < 128) return c == 32 || (c >= 9 && c <= 13);
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

/** Whether literal `lit` starts at `k` and ends by `to`. */
function startsWith(k: i32, lit: i32, to: i32): bool {
  const at = litsOff + (<usize>lit << 3);
  const off = <usize>load<i32>(at);
  const len = load<i32>(at + 4);
  if (k < 0 || k + len > to) return false;
  for (let j = 0; j < len; j++) if (ch(k + j) != <i32>load<u16>(off + (<usize>j << 1))) return false;
  return true;
}

// Membership filters in front of the tables (`filters`): bit `filterIndex(h)` is set for every key of the table, so
// a clear bit means the hash is no key (most words and pairs of a text), without a probe into the larger table.
// The piece filter, at the word filter's index: a bit for each word of a pair or triple key, so a pair (or triple)
// is probed only when each of its words may be one (prose's words are mostly no piece of any key).
let wordFilter: usize = 0;
let pairFilter: usize = 0;
let pieceFilter: usize = 0;
let filterMask: i32 = 0;

/** Where the host wrote the word, pair and piece filters (`filterMask + 1` bits each). */
export function filters(words: usize, pairs: usize, pieces: usize, mask: i32): void {
  wordFilter = words;
  pairFilter = pairs;
  pieceFilter = pieces;
  filterMask = mask;
}

/** Bit `at` (a `filterIndex`) of the filter at `filter`. */
@inline
function filterBit(filter: usize, at: i32): bool {
  return ((<i32>load<u8>(filter + <usize>(at >>> 3)) >>> (at & 7)) & 1) != 0;
}

@inline
function filterIndex(h: i32): i32 {
  return (h ^ (h >>> 15)) & filterMask;
}

/** Whether `h` may be a key of the table whose filter is at `filter`. */
@inline
function mayHold(filter: usize, h: i32): bool {
  return filterBit(filter, filterIndex(h));
}

@inline
function probeStart(h: i32, mask: i32): i32 {
  return (h ^ (h >>> 11)) & mask;
}

/** The slot of `h` in the word table, or -1. */
function findWord(h: i32): i32 {
  for (let at = probeStart(h, wordMask); ; at = (at + 1) & wordMask) {
    const k = load<i32>(wordKeys + (<usize>at << 2));
    if (k == h) return at;
    if (k == -1) return -1;
  }
  return -1;
}

function pairBits(h: i32): i32 {
  for (let at = probeStart(h, pairMask); ; at = (at + 1) & pairMask) {
    const k = load<i32>(pairKeys + (<usize>at << 2));
    if (k == h) return load<i32>(pairValues + (<usize>at << 2));
    if (k == -1) return 0;
  }
  return 0;
}

@inline
function hashPair(first: i32, second: i32): i32 {
  return ((first * <i32>0x9e3779b1) ^ second) & HASH_MASK;
}

function readerBits(word: i32, previous: i32, sinceAi: i32, sinceReader: i32): i32 {
  let out = 0;
  if ((word & OBLIGATION) != 0 && sinceAi == 1) out |= FOUND;
  if ((word & PARTICIPLE) != 0 && sinceAi <= PARTICIPLE_REACH) out |= FOUND;
  if ((word & MACHINE_PARTICIPLE) != 0 && min(sinceAi, sinceReader) <= PARTICIPLE_REACH) out |= FOUND;
  const aiEnd =
    (word & AI_NOUN) != 0 ||
    ((previous & AI_FIRST) != 0 && (word & AI_SECOND) != 0) ||
    ((previous & LANGUAGE) != 0 && (word & MODEL) != 0);
  if (aiEnd) out |= AI_END | READER_END;
  if ((word & READER_NOUN) != 0) out |= READER_END;
  return out;
}

function pairMarks(first: i32, second: i32): i32 {
  let out = 0;
  if ((first & PROMPT_REF_NOUN) != 0 && (second & PROMPT_REF_NEXT) != 0) out |= P_PROMPT_REF;
  if ((first & TURN_PAIR_FIRST) != 0 && (second & TURN_PAIR_SECOND) != 0) out |= P_TURN_PAIR;
  if ((first & CONTEXT) != 0 && (second & WINDOW) != 0) out |= P_CONTEXT_WINDOW;
  if ((first & SYSTEM) != 0 && (second & MESSAGE) != 0) out |= P_SYSTEM_MESSAGE;
  return out;
}

function seenBits(seen: i32): i32 {
  let bits = 0;
  if ((seen & P_PROMPT_REF) != 0) bits |= PROMPT_REF;
  if ((seen & P_TURN_PAIR) != 0) bits |= TURN;
  if ((seen & MODE_WORD) != 0) bits |= MODE;
  if ((seen & POSSESSIVE) != 0 && (seen & (PROMPT_NOUN | P_CONTEXT_WINDOW | P_SYSTEM_MESSAGE)) != 0)
    bits |= OWN_PROMPT;
  return bits;
}

/** The vocative's lookbehind: back over at most four `\s` to one of `\n.!?;:"'([*>#-` or the range's start. */
function vocativeContext(start: i32, from: i32): bool {
  let spaces = 0;
  for (let k = start - 1; k >= from; k--) {
    const c = ch(k);
    if (
      c == 10 || c == 46 || c == 33 || c == 63 || c == 59 || c == 58 || c == 34 || c == 39 || c == 40 ||
      c == 91 || c == 42 || c == 62 || c == 35 || c == 45
    )
      return true;
    if (!isSpace(c) || ++spaces > 4) return false;
  }
  return true;
}

/** A `,` or `:` within `room` units after `from`. */
function separatorWithin(from: i32, room: i32, to: i32): bool {
  const end = min(to, from + room);
  for (let k = from; k < end; k++) {
    const c = ch(k);
    if (c == 44 || c == 58) return true;
  }
  return false;
}

/** Only `[ \t>#*_|[(-]` between the line's start (or the range's) and `start`. */
function firstOnLine(start: i32, from: i32): bool {
  for (let k = start - 1; k >= from; k--) {
    const c = ch(k);
    if (c == 10) return true;
    if (!(c == 32 || c == 9 || c == 62 || c == 35 || c == 42 || c == 95 || c == 124 || c == 91 || c == 40 || c == 45))
      return false;
  }
  return true;
}

/** A `:` at most 20 units after `from`, or a `(#` starting at most 20 after it. */
function turnColonAfter(from: i32, to: i32): bool {
  const end = min(to, from + 21);
  for (let k = from; k < end; k++) {
    const c = ch(k);
    if (c == 58) return true;
    if (c == 40 && k + 1 < to && ch(k + 1) == 35) return true;
  }
  return false;
}

/** A turn marker may start at the `<` or `[` at `at`. */
function markerAt(at: i32, to: i32): bool {
  const next = at + 1 < to ? ch(at + 1) : -1;
  if (ch(at) == 91) {
    const k = next == 47 ? at + 2 : at + 1;
    return startsWith(k, LIT_INST, to) || startsWith(k, LIT_SYS, to);
  }
  if (next == 124 || next == 60) return true;
  let k = at + 1;
  if (k < to && ch(k) == 47) k++;
  for (let spaces = 0; spaces < 4 && k < to && isSpace(ch(k)); spaces++) k++;
  return (
    startsWith(k, LIT_TOOL_, to) ||
    startsWith(k, LIT_FUNCTION_RESULT, to) ||
    startsWith(k, LIT_SYSTEM, to) ||
    startsWith(k, LIT_DEVELOPER, to) ||
    startsWith(k, LIT_ADMIN, to)
  );
}

/** The unit at byte address `p` (a local pointer into the text), A-Z as a-z when `lower`. */
@inline
function unitAt(p: usize, lower: bool): i32 {
  const c = <i32>load<u16>(p);
  return lower && <u32>(c - 65) < 26 ? c + 32 : c;
}

/** `[A-Za-z0-9_]`. */
@inline
function wordUnit(c: i32): bool {
  return <u32>((c | 32) - 97) < 26 || <u32>(c - 48) < 10 || c == 95;
}

/** The lower-case reading for the walks and gates that follow (`lower` != 0: A-Z read as a-z). */
export function setLower(lower: i32): void {
  lowerCase = lower != 0;
}

// Gate bits `pass` leaves in `passGates`.
const PRINTABLE: i32 = 1;
const LONG_RUN: i32 = 2;
const SPACED_CHAIN: i32 = 4;
const SEPARATED: i32 = 8;
const LEET_LINE: i32 = 16;
const IMAGE: i32 = 32;
const OTHER_SCRIPT: i32 = 64;
const OPEN_QUERY_AT: i32 = 128;
const TARGET_AT: i32 = 256;

/** encoded-segments.ts `MAX_LEET_LINE`: longer lines are not read as leetspeak. */
const MAX_LEET_LINE: i32 = 2000;
/** encoded-segments.ts `MIN_RUN`: the shortest run of `[A-Za-z0-9+/=_-]` a base64 segment fits in. */
const MIN_RUN: i32 = 24;

@inline
function rawAt(i: i32): i32 {
  return <i32>load<u16>(textOff + (<usize>i << 1));
}

/** `[A-Za-z0-9+/=_-]`: what BASE64's and HEX's lookarounds treat as part of a run. */
@inline
function runUnit(c: i32): bool {
  return wordUnit(c) || c == 43 || c == 47 || c == 61 || c == 45;
}

@inline
function hexUnit(c: i32): bool {
  return <u32>(c - 48) < 10 || <u32>((c | 32) - 97) < 6;
}

@inline
function leetUnit(c: i32): bool {
  return (<u32>(c - 48) < 10 && c != 50 && c != 54) || c == 64 || c == 36 || c == 124;
}

@inline
function lowerLetter(c: i32): bool {
  return <u32>(c - 97) < 26;
}

@inline
function separatorUnit(c: i32): bool {
  return c == 46 || c == 42 || c == 95 || c == 126 || c == 124 || c == 45;
}

@inline
function alnumUnit(c: i32): bool {
  return lowerLetter(c) || <u32>(c - 48) < 10;
}

// UTF-8 structure of decoded bytes (`utf8Byte`): continuation bytes still expected, or -1 once invalid.
let utf8Need: i32 = 0;

/**
 * Feeds one decoded byte to a structural UTF-8 check, a necessary condition of `isUtf8` (lead bytes C2-F4 followed
 * by their continuation bytes; overlong forms and surrogates are not ruled out): false once the bytes are invalid.
 */
function utf8Byte(b: i32): bool {
  if (utf8Need < 0) return false;
  if (utf8Need > 0) {
    if ((b & 0xc0) != 0x80) utf8Need = -1;
    else utf8Need--;
  } else if (b >= 0x80) {
    if (b >= 0xc2 && b <= 0xdf) utf8Need = 1;
    else if (b >= 0xe0 && b <= 0xef) utf8Need = 2;
    else if (b >= 0xf0 && b <= 0xf4) utf8Need = 3;
    else utf8Need = -1;
  }
  return utf8Need >= 0;
}

function base64Value(c: i32): i32 {
  if (<u32>(c - 65) < 26) return c - 65;
  if (<u32>(c - 97) < 26) return c - 71;
  if (<u32>(c - 48) < 10) return c + 4;
  return c == 43 ? 62 : 63;
}

/**
 * Whether `base64Run` would decode the run [from, to) and may find text: its body (less at most two final `=`) is
 * 24-65536 of `[A-Za-z0-9+/]` with a digit, `+`, `/` or an upper-case letter after the first, and the bytes of its
 * whole four-character groups pass the structural UTF-8 check (a prefix of what `decodeText` checks).
 */
function base64Read(from: i32, to: i32): bool {
  let body = to;
  while (body > from && to - body < 2 && rawAt(body - 1) == 61) body--;
  const length = body - from;
  if (length < 24 || length > 65536) return false;
  let marked = false;
  for (let i = from; i < body; i++) {
    const c = rawAt(i);
    if (!wordUnit(c) && c != 43 && c != 47) return false;
    if (c == 95) return false;
    if (<u32>(c - 48) < 10 || c == 43 || c == 47 || (<u32>(c - 65) < 26 && i > from)) marked = true;
  }
  if (!marked) return false;
  utf8Need = 0;
  for (let i = from; i + 4 <= body; i += 4) {
    const v =
      (base64Value(rawAt(i)) << 18) |
      (base64Value(rawAt(i + 1)) << 12) |
      (base64Value(rawAt(i + 2)) << 6) |
      base64Value(rawAt(i + 3));
    if (!utf8Byte(v >> 16) || !utf8Byte((v >> 8) & 255) || !utf8Byte(v & 255)) return false;
  }
  return true;
}

@inline
function hexValue(c: i32): i32 {
  return <u32>(c - 48) < 10 ? c - 48 : (c | 32) - 87;
}

/** Whether `hexRuns` reads a maximal hex-digit run in [from, to): even, 32-65536 digits, structurally UTF-8. */
function hexRead(from: i32, to: i32): bool {
  for (let i = from; i < to; ) {
    if (!hexUnit(rawAt(i))) {
      i++;
      continue;
    }
    let end = i + 1;
    while (end < to && hexUnit(rawAt(end))) end++;
    const length = end - i;
    if (length >= 32 && length <= 65536 && (length & 1) == 0) {
      utf8Need = 0;
      let valid = true;
      for (let k = i; k < end && valid; k += 2) valid = utf8Byte((hexValue(rawAt(k)) << 4) | hexValue(rawAt(k + 1)));
      if (valid) return true;
    }
    i = end;
  }
  return false;
}

/**
 * LONG_RUN: `readLongRuns` would decode a run whose bytes may be text. Its runs are found as `nextLongRun` finds
 * them (look MIN_RUN - 1 ahead of a possible start, scan back), so most units are never read.
 */
function longRuns(to: i32): bool {
  return longRunsIn(0, to);
}

/** The lanes of the eight units at `p` that are `runUnit`s, `[A-Za-z0-9+/=_-]`. */
@inline
function runLanes(p: usize): i32 {
  const v = v128.load(p);
  const letter = i16x8.lt_u(i16x8.sub(v128.or(v, i16x8.splat(32)), i16x8.splat(97)), i16x8.splat(26));
  const digit = i16x8.lt_u(i16x8.sub(v, i16x8.splat(48)), i16x8.splat(10));
  const marks = v128.or(
    v128.or(i16x8.eq(v, i16x8.splat(95)), i16x8.eq(v, i16x8.splat(43))),
    v128.or(v128.or(i16x8.eq(v, i16x8.splat(47)), i16x8.eq(v, i16x8.splat(61))), i16x8.eq(v, i16x8.splat(45))),
  );
  return i16x8.bitmask(v128.or(v128.or(letter, digit), marks));
}

/** `longRuns` over [from, to), which starts at a line start: no run crosses a line break. */
function longRunsIn(from: i32, to: i32): bool {
  let start = from;
  while (start + MIN_RUN <= to) {
    const probe = start + MIN_RUN - 1;
    // The eight units up to the probe at once (all after `start`): the last that is no run unit, if any.
    const lanes = runLanes(textOff + (<usize>(probe - 7) << 1));
    if ((lanes & 128) == 0) {
      start = probe + 1;
      continue;
    }
    const others = ~lanes & 255;
    let back = others != 0 ? probe - 7 + 31 - <i32>clz(others) : probe - 8;
    if (others == 0) while (back >= start && runUnit(rawAt(back))) back--;
    if (back >= start) {
      start = back + 1;
      continue;
    }
    let end = probe + 1;
    while (end < to && runUnit(rawAt(end))) end++;
    if (base64Read(start, end) || (end - start >= 32 && hexRead(start, end))) return true;
    start = end + 1;
  }
  return false;
}

/** SPACED_CHAIN matches at the space at `i`: six tokens (`\?\S`), 1-3 spaces apart, each followed by a space. */
function chainAt(i: i32, to: i32, lower: bool): bool {
  let k = i + 1;
  for (let t = 0; t < 6; t++) {
    if (t > 0) {
      let n = 0;
      while (n < 3 && k < to && rawAt(k) == 32) {
        k++;
        n++;
      }
      if (n == 0) return false;
    }
    if (k >= to) return false;
    const c = rawAt(k);
    if (isSpace(c)) return false;
    k += c == 92 && k + 1 < to && !isSpace(rawAt(k + 1)) ? 2 : 1;
    if (k >= to || rawAt(k) != 32) return false;
  }
  return true;
}

/**
 * Whether `readLeetLine` reads the line [from, to) (lower case): at most MAX_LEET_LINE units and three LEET_TOKEN
 * matches (`leetTokens`: maximal runs of `[a-z0-9@$|]` (ASCII; the gate is used on printable ASCII only) of 2-32
 * units with a lower-case letter and a leet character within the first 31); a line with a non-ASCII unit is read.
 * `lower` is `lowerCase` (as `ch` reads). Eight units at a time: only the tokens around a leet character are read.
 */
function leetLineRead(from: i32, to: i32, lower: bool): bool {
  if (to - from > MAX_LEET_LINE) return false;
  let tokens = 0;
  let scanned = from;
  for (let q = from; q < to; q += 8) {
    const v = v128.load(textOff + (<usize>q << 1));
    const left = to - q;
    const valid = left < 8 ? (1 << left) - 1 : 255;
    // `\p{L}\p{N}` beyond ASCII is not followed here: such a line is kept.
    if ((i16x8.bitmask(i16x8.gt_u(v, i16x8.splat(127))) & valid) != 0) return true;
    let lanes = leetLanes(v) & valid;
    while (lanes != 0) {
      const i = q + <i32>ctz(lanes);
      lanes &= lanes - 1;
      if (i < scanned) continue;
      scanned = leetToken(i, scanned, to);
      if (tokenMatches && ++tokens >= 3) return true;
    }
  }
  return false;
}

/** The lanes of the eight units `v` that are leet characters, `[01345789@$|]` (the same read in lower case). */
@inline
function leetLanes(v: v128): i32 {
  const digit = i16x8.lt_u(i16x8.sub(v, i16x8.splat(48)), i16x8.splat(10));
  const twoSix = v128.or(i16x8.eq(v, i16x8.splat(50)), i16x8.eq(v, i16x8.splat(54)));
  const marks = v128.or(
    v128.or(i16x8.eq(v, i16x8.splat(64)), i16x8.eq(v, i16x8.splat(36))),
    i16x8.eq(v, i16x8.splat(124)),
  );
  return i16x8.bitmask(v128.or(v128.andnot(digit, twoSix), marks));
}

/** `leetToken`'s other results: where the token starts, and whether it is a LEET_TOKEN match. */
let tokenStart: i32 = 0;
let tokenMatches: bool = false;

/**
 * The token (maximal run of `tokenKind` units, read as `ch` reads them, within the line from `scanned` to `to`) that
 * holds the leet character at `i`, the first leet character of the token (none lies between `scanned`, the end of the
 * token read before, and `i`): returns its end, leaves its start in `tokenStart` and in `tokenMatches` whether it is
 * a LEET_TOKEN match (2-32 units, a lower-case letter and a leet character within its first 31).
 */
function leetToken(i: i32, scanned: i32, to: i32): i32 {
  let start = i;
  while (start > scanned && tokenKind(ch(start - 1)) != 0) start--;
  let end = i + 1;
  while (end < to && tokenKind(ch(end)) != 0) end++;
  tokenStart = start;
  const points = end - start;
  let matches = points >= 2 && points <= 32 && i - start <= 30;
  if (matches) {
    const last = min(end, start + 31);
    let k = start;
    while (k < last && !lowerLetter(ch(k))) k++;
    matches = k < last;
  }
  tokenMatches = matches;
  return end;
}

/** Whether `SEPARATED_HINT` matches with its first separator at `i`. */
function separatedAt(i: i32, to: i32): bool {
  if (i < 1 || i + 5 >= to) return false;
  return (
    alnumUnit(ch(i - 1)) &&
    alnumUnit(ch(i + 1)) &&
    separatorUnit(ch(i + 2)) &&
    alnumUnit(ch(i + 3)) &&
    separatorUnit(ch(i + 4)) &&
    alnumUnit(ch(i + 5))
  );
}

/**
 * Where the last line `separatedLineAt` read without a segment ends: a hint before it is on that line (hints come
 * in text order within a pass), so the line is read once. -1 at the start of each pass and walk.
 */
let separatedNoUntil: i32 = -1;

/**
 * Whether encoded-segments.ts `readSeparatedLines` reads the line of the hint at `i` (lines end at LF only): at most
 * MAX_LEET_LINE units and three separated words (`separatedWord`: a token of `\S` units, three or more, whose unit
 * at every odd position is one of `[.*_~|-]`, the same one). So SEPARATED passes exactly where that decoder reads a
 * line: a hint alone (a version `1.2.3.4`, `a-b-c-d` in a path) keeps no text.
 */
function separatedLineAt(i: i32, to: i32): bool {
  if (i < separatedNoUntil) return false;
  let start = i;
  while (start > 0 && ch(start - 1) != 10) start--;
  let end = i;
  while (end < to && ch(end) != 10) end++;
  if (end - start <= MAX_LEET_LINE && separatedWords(start, end) >= 3) return true;
  separatedNoUntil = end;
  return false;
}

/** The separated words among the tokens of [from, to), counted up to three. */
function separatedWords(from: i32, to: i32): i32 {
  let count = 0;
  let k = from;
  while (k < to && count < 3) {
    if (isSpace(ch(k))) {
      k++;
      continue;
    }
    let end = k + 1;
    while (end < to && !isSpace(ch(end))) end++;
    if (end - k >= 3 && separatorUnit(ch(k + 1))) {
      const separator = ch(k + 1);
      let odd = k + 3;
      while (odd < end && ch(odd) == separator) odd += 2;
      if (odd >= end) count++;
    }
    k = end;
  }
  return count;
}

/** SEPARATED for the hint whose first separator is at `i` (`separatedAt`), on a line its decoder reads. */
function separatedGate(i: i32, to: i32): void {
  if ((gateOut & SEPARATED) == 0 && separatedAt(i, to) && separatedLineAt(i, to)) gateOut |= SEPARATED;
}

/**
 * With `stop` (long texts), `pass` returns -1 as soon as a decoder's gate passes: the text cannot be dismissed then,
 * and the rest of the pass would be paid on top of the JavaScript path (which stops its own walk early).
 */
let stopOnGate: bool = false;
const STOP_GATES: i32 = SPACED_CHAIN | SEPARATED | LEET_LINE;

// State of `pass` kept out of its hot loop: the gate bits, the character signals, the current line's leet hints.
let gateOut: i32 = 0;
let charOut: i32 = 0;
let hints: i32 = 0;
let lineStart: i32 = 0;

/** The gate bits of the last `pass`. */
export function passGates(): i32 {
  return gateOut;
}

/** A `_`, or an `a`, `h` or `w` where its literal may start (`chunkClasses`), at `i`: needles, separated letters. */
function wordSpecial(c: i32, i: i32, to: i32): void {
  if (c == 95) {
    charOut |= TOOL;
    separatedGate(i, to);
  } else if (c == 104) {
    if (startsWith(i, LIT_HTTP, to)) {
      charOut |= URL;
      if ((gateOut & TARGET_AT) == 0) addressGates(i, schemeEnd(i, to));
    }
  } else if (c == 119) {
    if (startsWith(i, LIT_WWW, to)) {
      charOut |= URL;
      if ((gateOut & TARGET_AT) == 0) addressGates(i, i + 4);
    }
  } else if (c == 97) {
    if (startsWith(i, LIT_AI, to)) charOut |= ADDRESSEE;
  }
}

// OPEN_QUERY_AT and TARGET_AT: where the LAZY address signals may match (features.ts OPEN_QUERY and TARGET, on the
// reading in lower case), so that a URL or an address alone does not keep a text for their exact patterns:
//   OPEN_QUERY = (?:https?:\/\/|www\.)[^\s<>"'`)\]]{1,400}[?&][a-z0-9_]{1,30}=(?=[\s)\]'"`,;]|$)
//   TARGET = \b(?:to|into|towards|at|via|a|an|para|per|nach)\s{1,3}(?:the\s{1,3}(?:url|address|endpoint|server)\s{1,3})?
//            (?:https?:\/\/|www\.|[a-z0-9._%+-]{1,64}@[a-z0-9-])

/** Where the address after `http` at `i` starts (after `http://` or `https://`), or -1. */
function schemeEnd(i: i32, to: i32): i32 {
  let k = i + 4;
  if (k < to && ch(k) == 115) k++;
  return k + 3 <= to && ch(k) == 58 && ch(k + 1) == 47 && ch(k + 2) == 47 ? k + 3 : -1;
}

/** TARGET_AT for the URL whose scheme (or `www.`) starts at `i` and ends at `end` (-1: none). */
function addressGates(i: i32, end: i32): void {
  if (end >= 0 && prepositionBefore(i)) gateOut |= TARGET_AT;
}

/** `[^\s<>"'`)\]]`: a unit of OPEN_QUERY's address. */
@inline
function addressUnit(c: i32): bool {
  return !(isSpace(c) || c == 60 || c == 62 || c == 34 || c == 39 || c == 96 || c == 41 || c == 93);
}

/** `[a-z0-9_]`. */
@inline
function keyUnit(c: i32): bool {
  return lowerLetter(c) || <u32>(c - 48) < 10 || c == 95;
}

/**
 * OPEN_QUERY's match with its `[?&]` at `q`: 1-30 key units, `=` and a unit of `[\\s)\\]'"`,;]` or the end after it,
 * and before it, 1-400 address units back to the end of a scheme (`http://`, `https://`) or `www.` (the scheme's
 * units are address units too). Looked for at each `?` and `&`, rare in prose, rather than along every URL.
 */
function openQueryAt(q: i32, to: i32): bool {
  let k = q + 1;
  while (k < to && k - q <= 31 && keyUnit(ch(k))) k++;
  const key = k - q - 1;
  if (key < 1 || key > 30 || k >= to || ch(k) != 61) return false;
  if (k + 1 < to) {
    const t = ch(k + 1);
    if (!(isSpace(t) || t == 41 || t == 93 || t == 39 || t == 34 || t == 96 || t == 44 || t == 59)) return false;
  }
  for (let e = q - 1; e >= 0 && q - e <= 400; e--) {
    if (!addressUnit(ch(e))) return false;
    if (schemeEndsAt(e)) return true;
  }
  return false;
}

/** Whether `http://`, `https://` or `www.` ends right before `e`. */
function schemeEndsAt(e: i32): bool {
  if (e >= 4 && ch(e - 1) == 46 && ch(e - 2) == 119 && ch(e - 3) == 119 && ch(e - 4) == 119) return true;
  if (e < 7 || ch(e - 1) != 47 || ch(e - 2) != 47 || ch(e - 3) != 58) return false;
  const s = ch(e - 4) == 115 ? e - 8 : e - 7;
  return s >= 0 && ch(s) == 104 && ch(s + 1) == 116 && ch(s + 2) == 116 && ch(s + 3) == 112;
}

/** The \w-run ending at `end` (`[A-Za-z0-9_]`, read as `ch` reads it) starts where this returns. */
function runStart(end: i32): i32 {
  let k = end;
  while (k > 0 && wordUnit(ch(k - 1))) k--;
  return k;
}

/** Where the 1-3 `\s` before `at` start, or -1 when there are none or more than three. */
function spacesBefore(at: i32): i32 {
  let k = at;
  while (k > 0 && isSpace(ch(k - 1))) {
    k--;
    if (at - k > 3) return -1;
  }
  return k == at ? -1 : k;
}

/** Whether the units [from, to) spell `word` (lower case, from a list below). */
function spells(from: i32, to: i32, word: string): bool {
  if (to - from != word.length) return false;
  for (let j = 0; j < word.length; j++) if (ch(from + j) != word.charCodeAt(j)) return false;
  return true;
}

/** TARGET's preposition: the whole \w-run [from, to). */
function preposition(from: i32, to: i32): bool {
  return (
    spells(from, to, "to") || spells(from, to, "into") || spells(from, to, "towards") || spells(from, to, "at") ||
    spells(from, to, "via") || spells(from, to, "a") || spells(from, to, "an") || spells(from, to, "para") ||
    spells(from, to, "per") || spells(from, to, "nach")
  );
}

/**
 * TARGET's start before the address at `at`: 1-3 `\s`, then a preposition that is a whole \w-run, or `the`,
 * 1-3 `\s`, one of `url address endpoint server` and 1-3 `\s` after one. (Every \w-run here is whole: `\s`
 * around it, `\b` before the preposition.)
 */
function prepositionBefore(at: i32): bool {
  const end = spacesBefore(at);
  if (end < 0) return false;
  const start = runStart(end);
  if (preposition(start, end)) return true;
  if (!(spells(start, end, "url") || spells(start, end, "address") || spells(start, end, "endpoint") || spells(start, end, "server")))
    return false;
  const theEnd = spacesBefore(start);
  if (theEnd < 0) return false;
  const theStart = runStart(theEnd);
  if (!spells(theStart, theEnd, "the")) return false;
  const prepEnd = spacesBefore(theStart);
  return prepEnd >= 0 && preposition(runStart(prepEnd), prepEnd);
}

/** `[a-z0-9._%+-]`: a unit of TARGET's address before `@`. */
@inline
function localUnit(c: i32): bool {
  return lowerLetter(c) || <u32>(c - 48) < 10 || c == 46 || c == 95 || c == 37 || c == 43 || c == 45;
}

/** TARGET with the address whose `@` is at `i`: 1-64 local units before it (the whole run), `[a-z0-9-]` after. */
function emailTargetAt(i: i32, to: i32): bool {
  if (i + 1 >= to) return false;
  const next = ch(i + 1);
  if (!(lowerLetter(next) || <u32>(next - 48) < 10 || next == 45)) return false;
  let k = i;
  while (k > 0 && i - k <= 64 && localUnit(ch(k - 1))) k--;
  if (k == i || i - k > 64) return false;
  return prepositionBefore(k);
}

/**
 * Whether an image whose address holds a `?` starts at the `![` at `i`: IMAGE_WITH_QUERY's match,
 * `!\[[^\]\n]{0,120}\]\(\s{0,4}[^\s)]{1,300}\?`, which every match of the image signals (TEMPLATED_IMAGE,
 * IMAGE_WITH_QUERY) starts with. The first `]` or line break after `![` ends the alt text; whitespace after `(` is
 * skipped, since neither `\s{0,4}` nor the address can give any back to the other; the match lies within the line.
 */
function imageWithQueryAt(i: i32, to: i32): bool {
  let k = i + 2;
  const altEnd = min(to, i + 2 + 121);
  while (k < altEnd && ch(k) != 93 && ch(k) != 10) k++;
  if (k >= altEnd || ch(k) != 93 || k + 1 >= to || ch(k + 1) != 40) return false;
  let m = k + 2;
  for (let spaces = 0; m < to && isSpace(ch(m)); spaces++, m++) if (spaces == 4) return false;
  for (let j = 0; j <= 300 && m + j < to; j++) {
    const c = ch(m + j);
    if (c == 41 || isSpace(c)) return false;
    if (c == 63 && j >= 1) return true;
  }
  return false;
}

/**
 * A unit of a script the structure detector's `other` patterns read (structure-detector.ts OTHER_SCRIPT_CLASS, the
 * same ranges): Greek, Cyrillic, Hebrew, Arabic, Devanagari, Bengali, Thai, Hangul, CJK, full-width.
 */
function otherScript(c: i32): bool {
  if (c < 0x1100) return (c >= 0x370 && c <= 0x52f) || (c >= 0x590 && c <= 0x6ff) || (c >= 0x900 && c <= 0x9ff) || (c >= 0xe00 && c <= 0xe7f);
  return (
    c <= 0x11ff ||
    (c >= 0x3000 && c <= 0x30ff) ||
    (c >= 0x4e00 && c <= 0x9fff) ||
    (c >= 0xac00 && c <= 0xd7af) ||
    (c >= 0xff00 && c <= 0xffef)
  );
}

/** A unit that is not a word unit at `i`: the gates and the character signals. */
function otherUnit(c: i32, i: i32, to: i32): void {
  if (c == 10) {
    if (hints >= 3 && leetLineRead(lineStart, i, lowerCase)) leetLine(lineStart, i);
    hints = 0;
    lineStart = i + 1;
    return;
  }
  if (c >= 127 || (c < 32 && c != 9 && c != 13)) {
    gateOut &= ~PRINTABLE;
    if (otherScript(c)) gateOut |= OTHER_SCRIPT;
    return;
  }
  if (c == 60 || c == 91) {
    if ((charOut & TURN) == 0 && markerAt(i, to)) charOut |= TURN;
  } else if (c == 64) {
    charOut |= EMAIL;
    if ((gateOut & TARGET_AT) == 0 && emailTargetAt(i, to)) gateOut |= TARGET_AT;
  } else if (c == 96) charOut |= TOOL;
  else if (c == 63 || c == 38) {
    if ((gateOut & OPEN_QUERY_AT) == 0 && openQueryAt(i, to)) gateOut |= OPEN_QUERY_AT;
  }
  else if (c == 33) {
    if (i + 1 < to && rawAt(i + 1) == 91 && (gateOut & IMAGE) == 0 && imageWithQueryAt(i, to)) gateOut |= IMAGE;
  } else if (c == 124) {
    separatedGate(i, to);
  }
  if (c == 46 || c == 42 || c == 126 || c == 45) {
    separatedGate(i, to);
  }
}

/**
 * `walk(0, to)` and the gates, in one pass over the text: returns the walk's signals, and leaves in `passGates`
 * PRINTABLE when every unit is printable ASCII, tab, LF or CR (normalise.ts `NEEDS_FOLDING` finds none) and, for such
 * a text and its reading (lower case), whether each decoder of encoded-segments.ts may read something: LONG_RUN
 * (`longRuns`), SPACED_CHAIN (`chainAt`), SEPARATED (`SEPARATED_HINT` matches), LEET_LINE (a line with three leet
 * hints, as `leetHintLines` counts them, that `readLeetLine` may read); IMAGE (an image whose address has a query,
 * `imageWithQueryAt`); and OTHER_SCRIPT (a
 * unit of a script the `other` patterns read, `otherScript`: structure-detector.ts `NON_ASCII`). Plain letters, most of
 * a text, cost the walk's hash step and one class test.
 */
export function pass(to: i32, stop: i32): i32 {
  separatedNoUntil = -1;
  gateOut = PRINTABLE;
  charOut = 0;
  hints = 0;
  lineStart = 0;
  startLeetRecord();
  if (stop != 0 && to >= MIN_RUN && longRuns(to)) return -1;
  stopOnGate = stop != 0;
  // A stopping pass has read the runs above (none passed).
  trackRuns = stop == 0;
  const bits = fused(0, to);
  stopOnGate = false;
  trackRuns = false;
  // A stopped pass leaves the leetspeak records partial: `leetLinesBits` is only asked after a whole one.
  if (bits < 0) return -1;
  if (hints >= 3 && leetLineRead(lineStart, to, lowerCase)) leetLine(lineStart, to);
  recordLeet = false;
  return bits;
}

/**
 * Whether every unit of [0, to) is printable ASCII, a tab, LF or CR (normalise.ts `isPrintableAscii`, GATE.PRINTABLE of
 * a pass), 16 units at a time: narrowed to bytes with unsigned saturation, a unit above 0xff reads 0xff and one from
 * 0x8000 up 0, both outside like it.
 */
export function printable(to: i32): i32 {
  for (let q = 0; q < to; q += 16) {
    const p = textOff + (<usize>q << 1);
    const b = i8x16.narrow_i16x8_u(v128.load(p), v128.load(p, 16));
    const control = v128.andnot(
      i8x16.lt_u(b, i8x16.splat(32)),
      v128.or(v128.or(i8x16.eq(b, i8x16.splat(9)), i8x16.eq(b, i8x16.splat(10))), i8x16.eq(b, i8x16.splat(13))),
    );
    const left = to - q;
    const lanes = i8x16.bitmask(v128.or(control, i8x16.gt_u(b, i8x16.splat(126))));
    if ((lanes & (left < 16 ? (1 << left) - 1 : 0xffff)) != 0) return 0;
  }
  return 1;
}

/** LONG_RUN of `pass(to, 0)` alone/** LONG_RUN of `pass(to, 0)` alone (the only gate `inputPass` keeps from a text that is not printable ASCII). */
export function longRunGate(to: i32): i32 {
  return to >= MIN_RUN && longRuns(to) ? LONG_RUN : 0;
}

/**
 * anchor-gate.ts `mayBitsReference(text.slice(from, to))`, on the text in memory (the gates it passes through on
 * the way are not kept: they are `pass`'s, for the whole text).
 */
export function walk(from: i32, to: i32): i32 {
  separatedNoUntil = -1;
  recordLeet = false;
  gateOut = PRINTABLE;
  charOut = 0;
  hints = 0;
  lineStart = from;
  return fused(from, to);
}

/**
 * `POWERS + 32 * n`: the i32 lanes 31^(n-1), ..., 31, 1, then zeros (eight lanes in all), so the dot product of
 * these with n units is the polynomial hash `h = h * 31 + unit` of the n units from 0 (mod 2^32; the hash is kept
 * mod 2^30, which this is a multiple of). `POWERS + 32 * 9 + 4 * n`: 31^n, the factor of the hash before them.
 */
const POWERS: usize = memory.data<i32>([
  0, 0, 0, 0, 0, 0, 0, 0,
  1, 0, 0, 0, 0, 0, 0, 0,
  31, 1, 0, 0, 0, 0, 0, 0,
  961, 31, 1, 0, 0, 0, 0, 0,
  29791, 961, 31, 1, 0, 0, 0, 0,
  923521, 29791, 961, 31, 1, 0, 0, 0,
  28629151, 923521, 29791, 961, 31, 1, 0, 0,
  887503681, 28629151, 923521, 29791, 961, 31, 1, 0,
  1742810335, 887503681, 28629151, 923521, 29791, 961, 31, 1,
  1, 31, 961, 29791, 923521, 28629151, 887503681, 1742810335, -1807454463,
], 16);

/** A-Z as a-z in each lane. */
@inline
function foldLanes(v: v128): v128 {
  return i16x8.add(v, v128.and(i16x8.lt_u(i16x8.sub(v, i16x8.splat(65)), i16x8.splat(26)), i16x8.splat(32)));
}

/**
 * `HASH_HALVES + 32 * m`: the i16 lanes of the factors 31^(m-1), ..., 31, 1 (then zeros) of m units in the polynomial
 * hash, each as lo + 65536 * hi (mod 2^32, both signed 16-bit): lo's eight lanes, then hi's. Word units are below
 * 128, so the pairwise products and sums of `i32x4.dot_i16x8_s` are exact.
 */
const HASH_HALVES: usize = memory.data<i16>([
  0, 0, 0, 0, 0, 0, 0, 0,
  0, 0, 0, 0, 0, 0, 0, 0,
  1, 0, 0, 0, 0, 0, 0, 0,
  0, 0, 0, 0, 0, 0, 0, 0,
  31, 1, 0, 0, 0, 0, 0, 0,
  0, 0, 0, 0, 0, 0, 0, 0,
  961, 31, 1, 0, 0, 0, 0, 0,
  0, 0, 0, 0, 0, 0, 0, 0,
  29791, 961, 31, 1, 0, 0, 0, 0,
  0, 0, 0, 0, 0, 0, 0, 0,
  6017, 29791, 961, 31, 1, 0, 0, 0,
  14, 0, 0, 0, 0, 0, 0, 0,
  -10081, 6017, 29791, 961, 31, 1, 0, 0,
  437, 14, 0, 0, 0, 0, 0, 0,
  15169, -10081, 6017, 29791, 961, 31, 1, 0,
  13542, 437, 14, 0, 0, 0, 0, 0,
  11487, 15169, -10081, 6017, 29791, 961, 31, 1,
  26593, 13542, 437, 14, 0, 0, 0, 0,
], 16);

/** The hash (`h = h * 31 + unit`, A-Z as a-z with `lower`, mod 2^30) of the word units [start, end), eight at a time. */
@inline
function wordHash(start: i32, end: i32, lower: bool): i32 {
  let h = 0;
  let p = textOff + (<usize>start << 1);
  let n = end - start;
  for (;;) {
    const m = min(n, 8);
    const v = v128.load(p);
    const lv = lower ? foldLanes(v) : v;
    const halves = HASH_HALVES + (<usize>m << 5);
    let sum = i32x4.add(
      i32x4.dot_i16x8_s(lv, v128.load(halves)),
      i32x4.shl(i32x4.dot_i16x8_s(lv, v128.load(halves, 16)), 16),
    );
    sum = i32x4.add(sum, v128.shuffle<i32>(sum, sum, 2, 3, 0, 1));
    sum = i32x4.add(sum, v128.shuffle<i32>(sum, sum, 1, 0, 3, 2));
    h = (h * load<i32>(POWERS + 288 + (<usize>m << 2)) + i32x4.extract_lane(sum, 0)) & HASH_MASK;
    n -= m;
    if (n == 0) return h;
    p += 16;
  }
  return h;
}

// Unit classes of a chunk (`chunkClasses`), one table per class: the byte at index `lo` has bit `hi` set when the
// ASCII unit `hi * 16 + lo` is in the class. A chunk's units are narrowed to bytes first (saturating: every unit
// from 128 up becomes 0 or a byte from 128 up, neither of which is in a class but the specials'; see `chunkClasses`).
/** `[A-Za-z0-9_]`. */
const WORD_TABLE: usize = memory.data<u8>([168, 248, 248, 248, 248, 248, 248, 248, 248, 248, 240, 80, 80, 80, 80, 112]);
/** The units `otherUnit` acts on at every occurrence: controls but tab, LF and CR, DEL, and `<[@!?&`. */
const SPECIAL_TABLE: usize = memory.data<u8>([19, 7, 3, 3, 3, 3, 7, 3, 3, 2, 2, 35, 11, 2, 3, 139]);
/** SEPARATED_HINT's separators, `[.*_~|-]`: acted on only where the letters or digits around them may match. */
const SEPARATOR_TABLE: usize = memory.data<u8>([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 4, 0, 128, 4, 132, 32]);
/** Leet characters, `[01345789@$|]`: one with a lower-case letter before or after it is a leet hint each. */
const LEET_TABLE: usize = memory.data<u8>([24, 8, 0, 8, 12, 8, 0, 8, 8, 8, 0, 0, 128, 0, 0, 0]);
/** The units besides word units that BASE64's and HEX's lookarounds read as part of a run, `[+/=-]`. */
const RUN_TABLE: usize = memory.data<u8>([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 4, 0, 12, 0, 4]);
/** `1 << hi` for the high nibbles of ASCII, 0 above. */
const HIGH_BITS: usize = memory.data<u8>([1, 2, 4, 8, 16, 32, 64, 128, 0, 0, 0, 0, 0, 0, 0, 0]);

// `chunkClasses`' results for the 16 units from `q` (lanes past `to` clear): word units; line breaks; units the
// walk stops at (`otherUnit`'s and `wordSpecial`'s where they may act, and spaces where SPACED_CHAIN may match);
// the leet hints before and after each leet character (a lower-case letter, read as `ch` reads it, next to it).
let chunkWords: i32 = 0;
let chunkBreaks: i32 = 0;
let chunkStops: i32 = 0;
let chunkHintsBefore: i32 = 0;
let chunkHintsAfter: i32 = 0;
/** The chunk's run units, `[A-Za-z0-9+/=_-]` (`runUnit`), when `fused` looks for LONG_RUN (`trackRuns`). */
let chunkRuns: i32 = 0;

@inline
function classLanes(table: usize, lo: v128, high: v128): i32 {
  return i8x16.bitmask(i8x16.ne(v128.and(i8x16.swizzle(v128.load(table), lo), high), i8x16.splat(0)));
}

@inline
function laneOf(b: v128, c: i32): i32 {
  return i8x16.bitmask(i8x16.eq(b, i8x16.splat(<i8>c)));
}

/**
 * Classifies the 16 units from `q` (before `to`). Reads 32 bytes from `q` whatever `to` is (the host keeps that
 * much memory past the text). A lane whose test needs units past the chunk (or the one before it) is kept, or read
 * one by one: every unit left out of `chunkStops` is one where the per-unit walk's step does nothing.
 */
@inline
function chunkClasses(q: i32, to: i32, lower: bool): void {
  const p = textOff + (<usize>q << 1);
  // Narrowed unsigned with saturation from signed lanes: units 128-255 stay, 256-0x7fff become 255, 0x8000 up 0.
  const b = i8x16.narrow_i16x8_u(v128.load(p), v128.load(p, 16));
  const bl = lower ? i8x16.add(b, v128.and(i8x16.lt_u(i8x16.sub(b, i8x16.splat(65)), i8x16.splat(26)), i8x16.splat(32))) : b;
  const lo = v128.and(b, i8x16.splat(15));
  const high = i8x16.swizzle(v128.load(HIGH_BITS), i8x16.shr_u(b, 4));
  const left = to - q;
  const valid = left < 16 ? (1 << left) - 1 : 0xffff;
  const words = classLanes(WORD_TABLE, lo, high) & valid;
  // Units from 128 up (bytes 128-255, and 0 from the table) act every time.
  let stops = (classLanes(SPECIAL_TABLE, lo, high) | i8x16.bitmask(b)) & valid;
  // SPACED_CHAIN may match at a space followed by a unit that is not one, then a space or a `\` (`chainAt`).
  const spaces = laneOf(b, 32) & valid;
  stops |= spaces & ~(spaces >>> 1) & ((spaces >>> 2) | (laneOf(b, 92) >>> 1));
  if ((spaces & 0xc000) != 0) {
    if ((spaces & 0x8000) != 0 && q + 17 < to && rawAt(q + 16) != 32 && (rawAt(q + 17) == 32 || rawAt(q + 16) == 92))
      stops |= 0x8000;
    // Lane 14: a `\` at lane 15 is in the masks above; a space two on is the next chunk's first unit.
    if ((spaces & 0xc000) == 0x4000 && q + 16 < to && rawAt(q + 16) == 32) stops |= 0x4000;
  }
  // SEPARATED_HINT may match at a separator with a letter or digit before and after it and a separator two on.
  const separators = classLanes(SEPARATOR_TABLE, lo, high) & valid;
  const alnum = words & ~separators;
  stops |= separators & ((alnum << 1) | 1) & ((alnum >>> 1) | 0x8000) & ((separators >>> 2) | 0xc000);
  // TOOL from `_` and a backtick, until the signal is set (and where a block may end in the chunk: it starts again).
  if ((charOut & TOOL) == 0 || mayEndBlock(q)) stops |= (laneOf(b, 96) | (separators & words)) & valid;
  // `wordSpecial`'s literals `a.i.`, `http` and `www.`: an `a`, `h` or `w` followed by a separator, `t`, `w` (at the
  // chunk's last lane, by the next unit); `wordSpecial` compares them.
  const a = laneOf(bl, 97);
  const h = laneOf(bl, 104);
  const w = laneOf(bl, 119);
  stops |= ((a & (separators >>> 1)) | (h & (laneOf(bl, 116) >>> 1)) | (w & (w >>> 1))) & words;
  if (((a | h | w) & 0x8000) != 0) stops |= lastLaneLiteral(a, h, q, to);
  if (trackRuns) chunkRuns = (words | classLanes(RUN_TABLE, lo, high)) & valid;
  chunkWords = words;
  chunkBreaks = laneOf(b, 10) & valid;
  chunkStops = stops;
  const leet = classLanes(LEET_TABLE, lo, high) & valid;
  chunkHintsBefore = 0;
  chunkHintsAfter = 0;
  if (leet != 0) {
    const letters = i8x16.bitmask(i8x16.lt_u(i8x16.sub(bl, i8x16.splat(97)), i8x16.splat(26))) & valid;
    let before = leet & (letters << 1);
    if ((leet & 1) != 0 && q > 0 && lowerLetter(ch(q - 1))) before |= 1;
    let after = leet & (letters >>> 1);
    if ((leet & 0x8000) != 0 && q + 16 < to && lowerLetter(ch(q + 16))) after |= 0x8000;
    chunkHintsBefore = before;
    chunkHintsAfter = after;
  }
}

/**
 * The chunk at `q`'s last lane (an `a`, `h` or `w`, `a` and `h` its lanes of those) as a stop when its unit after
 * it, read as `ch` reads it, may go on into `wordSpecial`'s literal: a separator after `a`, `t` after `h`, `w` after
 * `w`. None at the text's end: every literal is four units long.
 */
function lastLaneLiteral(a: i32, h: i32, q: i32, to: i32): i32 {
  if (q + 16 >= to) return 0;
  const next = ch(q + 16);
  const go = (a & 0x8000) != 0 ? separatorUnit(next) : (h & 0x8000) != 0 ? next == 116 : next == 119;
  return go ? 0x8000 : 0;
}

/** In block mode, whether a line break in the 16 units from `q` may end the current block (`flushBlock`). */
@inline
function mayEndBlock(q: i32): bool {
  return blockOut != 0 && q + 16 - blockStart >= blockSize;
}

/** With `fused`, LONG_RUN is set where `longRunsIn` would set it (`pass` and `blocks`; `walk` leaves it). */
let trackRuns: bool = false;

/** LONG_RUN for the maximal run [from, to) of `runUnit`s, as `longRunsIn` reads each run. */
function longRunAt(from: i32, to: i32): void {
  if (to - from < MIN_RUN || (gateOut & LONG_RUN) != 0) return;
  if (base64Read(from, to) || (to - from >= 32 && hexRead(from, to))) gateOut |= LONG_RUN;
}

/**
 * The walk over [from, to) with the character signals and the gates' per-unit steps (see `pass`), 16 units at a
 * time: each chunk's units are classified at once (`chunkClasses`), and the walk stops only at each word's last unit
 * and at the units `chunkStops` marks, in text order, so every step sees what the per-unit walk saw at that unit (a
 * block ends, and the line's leet hints are counted, at the line break). A word may run on across chunks.
 */
function fused(from: i32, to: i32): i32 {
  let bits = unkeyed;
  let seen = 0;
  let previous = -1;
  let previousPair = -1;
  // Whether the previous word, and the two before this one, may be pieces of a pair or triple key.
  let previousPiece = false;
  let pairPiece = false;
  let previousMarks = 0;
  // The words read so far; the AI and reader distances are counted from it (`lexiconWord`).
  let count = 0;
  aiAt = -FAR;
  readerAt = -FAR;
  const lower = lowerCase;
  // Where the word (and the run of `runUnit`s, with `trackRuns`) that runs on from the chunk before starts, or -1.
  let wordFrom = -1;
  let runFrom = -1;
  for (let q = from; q < to; q += 16) {
    chunkClasses(q, to, lower);
    const last = q + 16 >= to;
    if (trackRuns) runFrom = runOnFrom(q, last, runFrom);
    const words = chunkWords;
    const stops = chunkStopsAt(q);
    const starts = words & ~((words << 1) | (wordFrom >= 0 ? 1 : 0));
    // A word ends at a word unit whose next unit is none; one at the chunk's last lane runs on, unless the text ends.
    const ends = words & ~(words >>> 1) & (last ? 0xffff : 0x7fff);
    // Outside block mode no step at a stop reads or resets what a word's step sets (only a block's end does), so the
    // chunk's stops are taken first, and its word ends after them without a test per event.
    let pending = stops;
    if (blockOut == 0 && stops != 0) {
      for (let left = stops; left != 0; left &= left - 1) {
        const j = <i32>ctz(left);
        stopAt(q + j, j, to, lower, bits, seen);
        if (stopOnGate && (gateOut & STOP_GATES) != 0) return -1;
      }
      pending = 0;
    }
    // Event bit e stands for the chunk's unit e - 1; bit 0 for the end, at `q`, of the word from the chunk before.
    let events = ((pending | ends) << 1) | (wordFrom >= 0 && (words & 1) == 0 ? 1 : 0);
    while (events != 0) {
      const j = <i32>ctz(events) - 1;
      events &= events - 1;
      if (j >= 0 && ((pending >>> j) & 1) != 0) {
        if (stopAt(q + j, j, to, lower, bits, seen)) {
          bits = unkeyed;
          seen = 0;
        }
        if (stopOnGate && (gateOut & STOP_GATES) != 0) return -1;
      }
      if (j >= 0 && ((ends >>> j) & 1) == 0) continue;
      const i = q + j + 1; // the word is [start, i)
      const own = j >= 0 ? starts & ((2 << j) - 1) : 0;
      const start = own != 0 ? q + 31 - <i32>clz(own) : wordFrom;
      if (own == 0) wordFrom = -1;
      const h = wordHash(start, i, lower);
      blockRuns++;
      count++;
      let marks = 0;
      const slot = filterIndex(h);
      // A word that is no key has no marks, and the marks' step is then a no-op (every signal and mark it sets
      // needs the word's own marks): only a word the filter may hold takes it.
      if (filterBit(wordFilter, slot)) {
        bits |= lexiconWord(h, previousMarks, count, start, i, from, to);
        marks = wordMarksOut;
        seen |= wordSeenOut;
      }
      const piece = filterBit(pieceFilter, slot);
      if (previous >= 0) {
        const pair = hashPair(previous, h);
        if (piece && previousPiece) bits |= pairProbes(pair, previousPair, h, pairPiece);
        previousPair = pair;
        pairPiece = previousPiece && piece;
      }
      previousPiece = piece;
      // Without a branch: whether a word is five units long is a coin toss in prose. (The five units before `i` are
      // in memory even for a shorter word: the host keeps 16 bytes before the text.)
      seen |= select<i32>(MODE_WORD, 0, i - start >= 5 && modusBefore(i, lower));
      previous = h;
      previousMarks = marks;
    }
    hints += <i32>popcnt(chunkHintsBefore) + <i32>popcnt(chunkHintsAfter);
    // The chunk's last word runs on into the next chunk: where it starts (here, or before the chunk).
    if ((words & 0x8000) == 0 || last) wordFrom = -1;
    else if (starts != 0) wordFrom = q + 31 - <i32>clz(starts);
  }
  lastSeen = seen;
  return bits | charOut | seenBits(seen);
}

/**
 * LONG_RUN for the runs of the chunk at `q`, read before its steps (a line break that ends a block comes after it):
 * a run of 24 or more units spans two chunks at least, so it is read at the chunk where it ends. Returns where the
 * run that runs on past this chunk starts (`runFrom`, the one from before, or -1).
 */
@inline
function runOnFrom(q: i32, last: bool, runFrom: i32): i32 {
  const runs = chunkRuns;
  if (runs == 0xffff && !last) return runFrom < 0 ? q : runFrom;
  if (runFrom >= 0) longRunAt(runFrom, q + <i32>ctz(~runs));
  return (runs & 0x8000) != 0 && !last ? q + 16 - <i32>clz(~(runs << 16)) : -1;
}

/**
 * The chunk's stops, with its line breaks where a leet hint is pending or a block may end; a line break elsewhere
 * only moves the line's start.
 */
@inline
function chunkStopsAt(q: i32): i32 {
  const breaks = chunkBreaks;
  if (hints == 0 && (chunkHintsBefore | chunkHintsAfter) == 0 && !mayEndBlock(q)) {
    if (breaks != 0) lineStart = q + 32 - <i32>clz(breaks);
    return chunkStops;
  }
  return chunkStops | breaks;
}

/**
 * The step at the stop unit `i`, lane `j` of its chunk: a line break counts the hints before it as its line's (the
 * rest of the chunk's stay for the next line) and may end the block (true: `bits` and `seen` were flushed, and the
 * caller starts them again); a word unit, a space and any other unit take their own steps.
 */
@inline
function stopAt(i: i32, j: i32, to: i32, lower: bool, bits: i32, seen: i32): bool {
  const c = rawAt(i);
  if (c == 10) {
    const below = (1 << j) - 1;
    hints += <i32>popcnt(chunkHintsBefore & below) + <i32>popcnt(chunkHintsAfter & below);
    chunkHintsBefore &= ~below;
    chunkHintsAfter &= ~below;
    otherUnit(c, i, to);
    if (blockOut != 0 && i + 1 - blockStart >= blockSize) {
      flushBlock(i + 1, bits, seen);
      return true;
    }
  } else if (wordUnit(c)) wordSpecial(lower && <u32>(c - 65) < 26 ? c + 32 : c, i, to);
  else if (c == 32) {
    if (chainAt(i, to, false)) gateOut |= SPACED_CHAIN;
  } else otherUnit(c, i, to);
  return false;
}

/** `modus` ends at `i` (read as `ch` reads it; `lower` is `lowerCase`): four units and one compared at once. */
@inline
function modusBefore(i: i32, lower: bool): bool {
  const p = textOff + (<usize>(i - 5) << 1);
  const fold: u64 = lower ? 0x0020002000200020 : 0;
  return (load<u64>(p) | fold) == MODU && (<i32>load<u16>(p, 8) | (lower ? 32 : 0)) == 115;
}

/** The pair's and the triple's lexicon bits (the triple only when its first two words may be pieces too). */
@inline
function pairProbes(pair: i32, previousPair: i32, h: i32, pairPiece: bool): i32 {
  let bits = mayHold(pairFilter, pair) ? pairBits(pair) : 0;
  if (previousPair >= 0 && pairPiece) {
    const triple = hashPair(previousPair, h);
    if (mayHold(pairFilter, triple)) bits |= pairBits(triple);
  }
  return bits;
}

// `lexiconWord`'s results besides the signals, and the AI and reader nouns' word counts (`fused`'s `count` when the
// last one ended; -FAR: none yet), so a distance in words is `count - aiAt`.
let wordMarksOut: i32 = 0;
let wordSeenOut: i32 = 0;
let aiAt: i32 = 0;
let readerAt: i32 = 0;

/**
 * The lexicon's step for the word [start, i) with hash `h`, the `count`-th word of the walk (the one before had
 * marks `previousMarks`): returns its signals, and leaves its marks in `wordMarksOut` and the `seen` marks it adds in
 * `wordSeenOut`. Exported only so that it stays out of `fused`'s loop (binaryen inlines a function called once):
 * most words never reach it.
 */
export function lexiconWord(h: i32, previousMarks: i32, count: i32, start: i32, i: i32, from: i32, to: i32): i32 {
  wordMarksOut = 0;
  wordSeenOut = 0;
  const at = findWord(h);
  if (at < 0) return 0;
  let bits = load<i32>(wordValues + (<usize>at << 2));
  const marks = load<i32>(wordMarks + (<usize>at << 2));
  wordMarksOut = marks;
  if (marks == 0) return bits;
  wordSeenOut = marks | pairMarks(previousMarks, marks);
  const reader = readerBits(marks, previousMarks, count - aiAt, count - readerAt);
  if ((reader & FOUND) != 0) bits |= ADDRESSEE;
  if ((reader & AI_END) != 0) aiAt = count;
  if ((reader & READER_END) != 0) readerAt = count;
  return bits | nounBits(marks, previousMarks, start, i, from, to);
}

/** ADDRESSEE for a vocative's noun ending at `i`, TURN for a turn role first on its line before a colon. */
@inline
function nounBits(marks: i32, previousMarks: i32, start: i32, i: i32, from: i32, to: i32): i32 {
  let bits = 0;
  if (
    (marks & VOCATIVE_NOUN) != 0 &&
    separatorWithin(i, 4, to) &&
    ((previousMarks & VOCATIVE_FIRST) != 0 || vocativeContext(start, from))
  )
    bits |= ADDRESSEE;
  if ((marks & TURN_ROLE) != 0 && firstOnLine(start, from) && turnColonAfter(i, to)) bits |= TURN;
  return bits;
}

// Block mode (`blocks`): where each block's record goes (0: off), the least units a block holds, the records written,
// where the current block starts, its word runs, and the `seen` marks `fused` ended with.
let blockOut: usize = 0;
let blockSize: i32 = 0;
let blockCount: i32 = 0;
let blockStart: i32 = 0;
let blockRuns: i32 = 0;
let lastSeen: i32 = 0;
/** i32 fields per block record: end, signals, seen marks, gate bits, word runs. */
const BLOCK_FIELDS: i32 = 5;

/**
 * Ends the current block at `end` (a line start): its record holds the signals the walk SET while reading it (the
 * walk's state, the previous words and the AI/reader distances, runs on across blocks, so a signal is recorded at the
 * word that completes it, never before its match starts), its `seen` marks, its gate bits (LONG_RUN as `fused`
 * read the runs: no run crosses a line break) and its word runs; the per-block signals and gates start again.
 */
function flushBlock(end: i32, bits: i32, seen: i32): void {
  const gates = gateOut;
  const at = blockOut + (<usize>(blockCount * BLOCK_FIELDS) << 2);
  store<i32>(at, end);
  store<i32>(at + 4, bits | charOut);
  store<i32>(at + 8, seen);
  store<i32>(at + 12, gates);
  store<i32>(at + 16, blockRuns);
  blockCount++;
  blockStart = end;
  blockRuns = 0;
  gateOut = PRINTABLE;
  charOut = 0;
}

/**
 * The pass over [0, to) in blocks: a block ends at the first line break at least `size` units after its start (or at
 * `to`); its record (BLOCK_FIELDS i32 at `out`) is what `pass` would compute for the text if the walk's signals and
 * the gates were only those set inside the block. Returns the number of records.
 */
export function blocks(to: i32, size: i32, out: usize): i32 {
  separatedNoUntil = -1;
  gateOut = PRINTABLE;
  charOut = 0;
  hints = 0;
  lineStart = 0;
  stopOnGate = false;
  startLeetRecord();
  blockOut = out;
  blockSize = size;
  blockCount = 0;
  blockStart = 0;
  blockRuns = 0;
  trackRuns = true;
  const bits = fused(0, to);
  trackRuns = false;
  if (hints >= 3 && leetLineRead(lineStart, to, lowerCase)) leetLine(lineStart, to);
  recordLeet = false;
  if (to > blockStart) flushBlock(to, bits, lastSeen);
  blockOut = 0;
  return blockCount;
}

// Leetspeak lines read in the module (`leetLinesBits`): the fold of encoded-segments.ts `foldLeetLine` and the walk
// of the folded line, so a line whose reading cannot fire is never built as a JavaScript string.

/** encoded-segments.ts TOKEN_KIND: 1 `[A-Za-z26]`, 2 a leet character `[01345789@$|]`, 0 outside the token class. */
@inline
function tokenKind(c: i32): i32 {
  if (<u32>((c | 32) - 97) < 26 || c == 50 || c == 54) return 1;
  return leetUnit(c) ? 2 : 0;
}

/** A leet character's letter (encoded-segments.ts LEET_FOLD). */
function leetLetter(c: i32): i32 {
  if (c == 48) return 111; // 0 o
  if (c == 49) return 105; // 1 i
  if (c == 51) return 101; // 3 e
  if (c == 52) return 97; // 4 a
  if (c == 53) return 115; // 5 s
  if (c == 55) return 116; // 7 t
  if (c == 56) return 98; // 8 b
  if (c == 57) return 103; // 9 g
  if (c == 64) return 97; // @ a
  if (c == 36) return 115; // $ s
  return 108; // | l
}

/** SHORT_LEET_NUMBER's class `[\p{L}\p{N}.:/-]` on ASCII. */
@inline
function numberWordUnit(c: i32): bool {
  return <u32>((c | 32) - 97) < 26 || <u32>(c - 48) < 10 || c == 46 || c == 58 || c == 47 || c == 45;
}

/** One of SHORT_LEET_NUMBER's digits `013457`. */
@inline
function shortLeetDigit(c: i32): bool {
  return c == 48 || c == 49 || c == 51 || c == 52 || c == 53 || c == 55;
}

/**
 * The LEET_TOKEN fold of the token [from, to) of the line [lineFrom, lineTo) into `out` (which holds the line from
 * `lineFrom`, this token not yet folded): each leet character as its letter, but `@` in an address (the token holds
 * one, and is followed by `.` and a letter or digit) and `|` of a chat-template marker (`<` before, `>`
 * after).
 */
function foldToken(from: i32, to: i32, lineFrom: i32, lineTo: i32, out: usize): void {
  const after = to < lineTo ? ch(to) : -1;
  let keepAt = after == 46 && to + 1 < lineTo && alnumUnit(ch(to + 1));
  if (keepAt) {
    let hasAt = false;
    for (let i = from; i < to && !hasAt; i++) hasAt = ch(i) == 64;
    keepAt = hasAt;
  }
  const keepBar = (from > lineFrom && ch(from - 1) == 60) || after == 62;
  for (let i = from; i < to; i++) {
    const p = out + (<usize>(i - lineFrom) << 1);
    const c = <i32>load<u16>(p);
    if (tokenKind(c) != 2 || (keepAt && c == 64) || (keepBar && c == 124)) continue;
    store<u16>(p, <u16>leetLetter(c));
  }
}

/**
 * `foldShortNumbers` on the `n` units at `out`, in place: a maximal run of one to three of `013457` with no
 * `[A-Za-z0-9.:/-]` on either side is read as letters. (In place is the same as reading the unfolded units: a run
 * is decided by the units before its start and at its end, which no earlier run changed.)
 */
function foldShortNumbers(out: usize, n: i32): void {
  // Eight units at a time: a lane of `013457` at or past `done` (the end of the run read before) starts a run.
  let done = 0;
  for (let q = 0; q < n; q += 8) {
    const v = v128.load(out + (<usize>q << 1));
    const left = n - q;
    let lanes = shortLeetLanes(v) & (left < 8 ? (1 << left) - 1 : 255);
    while (lanes != 0) {
      const first = q + <i32>ctz(lanes);
      lanes &= lanes - 1;
      if (first < done) continue;
      let end = first + 1;
      while (end < n && shortLeetDigit(<i32>load<u16>(out + (<usize>end << 1)))) end++;
      const before = first > 0 && numberWordUnit(<i32>load<u16>(out + (<usize>(first - 1) << 1)));
      const at = end < n && numberWordUnit(<i32>load<u16>(out + (<usize>end << 1)));
      if (end - first <= 3 && !before && !at)
        for (let k = first; k < end; k++) {
          const p = out + (<usize>k << 1);
          store<u16>(p, <u16>leetLetter(<i32>load<u16>(p)));
        }
      done = end;
    }
  }
}

/** The lanes of the eight units `v` that are one of `013457`. */
@inline
function shortLeetLanes(v: v128): i32 {
  const digit = i16x8.lt_u(i16x8.sub(v, i16x8.splat(48)), i16x8.splat(8));
  const twoSix = v128.or(i16x8.eq(v, i16x8.splat(50)), i16x8.eq(v, i16x8.splat(54)));
  return i16x8.bitmask(v128.andnot(digit, twoSix));
}

/** `leetFold`'s answers besides the folded length. */
const NO_SEGMENT: i32 = -1;
const NOT_FOLDED_HERE: i32 = -2;

/**
 * encoded-segments.ts `foldLeetLine` of the line [from, to) (its `readLeetLine`: longer than MAX_LEET_LINE, no
 * segment), written at `out` (the folded line has the line's length, every fold being one unit for one unit):
 * returns that length, NO_SEGMENT when fewer than three tokens look leet, NOT_FOLDED_HERE when a unit is not
 * printable ASCII, a tab or CR (`\p{L}` beyond ASCII, and a reading whose view would differ, are the host's).
 */
export function leetFold(from: i32, to: i32, out: usize): i32 {
  if (to - from > MAX_LEET_LINE) return NO_SEGMENT;
  // The line is copied eight units at a time (as `ch` reads them; `out` has room for the lanes past its end), then
  // its tokens are folded in place, each read around its first leet character (`leetToken`, on the text).
  const lower = lowerCase;
  for (let q = from; q < to; q += 8) {
    let v = v128.load(textOff + (<usize>q << 1));
    if (lower) v = foldLanes(v);
    const left = to - q;
    const other = v128.or(
      i16x8.gt_u(v, i16x8.splat(126)),
      v128.andnot(i16x8.lt_u(v, i16x8.splat(32)), v128.or(i16x8.eq(v, i16x8.splat(9)), i16x8.eq(v, i16x8.splat(13)))),
    );
    if ((i16x8.bitmask(other) & (left < 8 ? (1 << left) - 1 : 255)) != 0) return NOT_FOLDED_HERE;
    v128.store(out + (<usize>(q - from) << 1), v);
  }
  let tokens = 0;
  let scanned = from;
  for (let q = from; q < to; q += 8) {
    const left = to - q;
    let lanes = leetLanes(v128.load(textOff + (<usize>q << 1))) & (left < 8 ? (1 << left) - 1 : 255);
    while (lanes != 0) {
      const i = q + <i32>ctz(lanes);
      lanes &= lanes - 1;
      if (i < scanned) continue;
      scanned = leetToken(i, scanned, to);
      if (!tokenMatches) continue;
      foldToken(tokenStart, scanned, from, to, out);
      tokens++;
    }
  }
  if (tokens < 3) return NO_SEGMENT;
  foldShortNumbers(out, to - from);
  return to - from;
}

/** The gate bits of the folded lines `leetLinesBits` walked (IMAGE: an image with a query in one). */
let leetGateOut: i32 = 0;

export function leetGates(): i32 {
  return leetGateOut;
}

/** The walk over the `n` units at `at` (a folded line), read in lower case, as `walk(0, n)` of that text. */
function walkFolded(at: usize, n: i32): i32 {
  const text = textOff;
  const lower = lowerCase;
  textOff = at;
  lowerCase = true;
  const bits = walk(0, n);
  leetGateOut |= gateOut;
  textOff = text;
  lowerCase = lower;
  return bits;
}

/**
 * Over the lines of [0, to) that encoded-segments.ts `leetHintLines` returns (three leet hints: a lower-case letter
 * before or after a leet character, each counted), the union of the walk's signals over each one's `leetFold`
 * reading, the folded line's gates in `leetGates`; -1 when a line is NOT_FOLDED_HERE. `out`: room for MAX_LEET_LINE
 * units, with 16 bytes before and 32 after it that the walk may read.
 */
export function leetLinesBits(out: usize): i32 {
  leetGateOut = 0;
  if (leetLineCount > MAX_LEET_RECORDS) return -1;
  let bits = 0;
  for (let k = 0; k < leetLineCount; k++) {
    const at = leetRecordOff + (<usize>k << 3);
    const n = leetFold(load<i32>(at), load<i32>(at + 4), out);
    if (n == NOT_FOLDED_HERE) return -1;
    if (n >= 0) bits |= walkFolded(out, n);
  }
  return bits;
}

/**
 * The walk's signals over the `leetFold` reading of the `k`-th line `pass` or `blocks` recorded (its gates in
 * `leetGates`), or NO_SEGMENT / NOT_FOLDED_HERE (`leetFold`): `leetLinesBits` line by line, since the decoder's
 * segments are read one by one (a line whose reading cannot fire yields nothing, whatever the others hold).
 */
export function leetLineBits(k: i32, out: usize): i32 {
  leetGateOut = 0;
  const at = leetRecordOff + (<usize>k << 3);
  const n = leetFold(load<i32>(at), load<i32>(at + 4), out);
  return n < 0 ? n : walkFolded(out, n);
}

/** How many lines the last `pass` or `blocks` set LEET_LINE for (MAX_LEET_RECORDS + 1: more than are recorded). */
export function leetLinesRecorded(): i32 {
  return leetLineCount;
}

// The lines `pass` or `blocks` set LEET_LINE for, as (start, end) pairs at `leetRecordOff` (MAX_LEET_RECORDS at
// most; one more line makes the count say so): exactly the lines `readLeetLines` folds into a segment, since the gate
// is set where `leetHintLines` would return the line (three hints) and its fold gives one (`leetLineRead`).
const MAX_LEET_RECORDS: i32 = 1024;
let leetRecordOff: usize = 0;
let leetLineCount: i32 = 0;
let recordLeet: bool = false;

/** Where the host reserved MAX_LEET_RECORDS * 8 bytes for the records. */
export function leetRecords(at: usize): void {
  leetRecordOff = at;
}

function startLeetRecord(): void {
  leetLineCount = 0;
  recordLeet = true;
}

/** The leetspeak gate passes for the line [from, to): set it, and record the line while a pass or blocks run. */
function leetLine(from: i32, to: i32): void {
  gateOut |= LEET_LINE;
  if (!recordLeet || leetLineCount > MAX_LEET_RECORDS) return;
  if (leetLineCount < MAX_LEET_RECORDS) {
    const at = leetRecordOff + (<usize>leetLineCount << 3);
    store<i32>(at, from);
    store<i32>(at + 4, to);
  }
  leetLineCount++;
}
