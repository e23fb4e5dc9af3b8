// AssemblyScript source of the structure detector's first pass (src/engine/detectors/injection/structure/
// first-pass-wasm.ts drives it). Compiled by scripts/build-wasm.mjs into
// src/shared/wasm/injection-first-pass.generated.ts; `npm run build:wasm` after an edit.
//
// Why hand-written: the first pass reads every character of every tool output. In JavaScript that per-character loop
// (the word walk of anchor-gate.ts, and the decoders' gates) is at V8's floor, about twice a bare character loop; a V8
// regex alternation over the same words costs more (bench/results/2026-11-26-s8-injwalk.md). Here the same walk runs
// over the text's UTF-16 code units, so every offset, character class and distance is the JavaScript one: the pass is
// exact on any text, ASCII or not (test/property/injection-first-pass.property.test.ts compares it with the
// JavaScript walk, which stays as the reference).
//
// Memory layout, written by the host before the first walk (byte offsets, set through `configure`):
//   wordKeys/wordValues/wordMarks i32[wordMask+1]  word hash -> lexicon bits and marks (open addressing, -1 empty)
//   pairKeys/pairValues           i32[pairMask+1]  pair hash -> lexicon bits
//   lits                          i32[2*n]         (offset, length) of each literal below, as u16 units in memory
//   text                          u16[]            the text, UTF-16 code units as JavaScript holds them
//
// Invariant: `walk(from, to)` returns what anchor-gate.ts `mayBitsReference(text.slice(from, to))` returns; `gates`
// returns, for each decoder gate, whether the JavaScript gate can pass on the text.

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

/** The signals read from single characters and substrings: markers at `<`/`[`, `a.i.`, URL, e-mail and tool needles. */
function characterBits(from: i32, to: i32): i32 {
  let bits = 0;
  for (let k = from; k < to; k++) {
    const c = ch(k);
    if (c == 60 || c == 91) {
      if ((bits & TURN) == 0 && markerAt(k, to)) bits |= TURN;
    } else if (c == 64) bits |= EMAIL;
    else if (c == 95 || c == 96) bits |= TOOL;
    else if (c == 104) {
      if (startsWith(k, LIT_HTTP, to)) bits |= URL;
    } else if (c == 119) {
      if (startsWith(k, LIT_WWW, to)) bits |= URL;
    } else if (c == 97) {
      if (startsWith(k, LIT_AI, to)) bits |= ADDRESSEE;
    }
  }
  return bits;
}

/** The lower-case reading for the walks and gates that follow (`lower` != 0: A-Z read as a-z). */
export function setLower(lower: i32): void {
  lowerCase = lower != 0;
}

/** anchor-gate.ts `mayBitsReference(text.slice(from, to))`, on the text in memory. */
export function walk(from: i32, to: i32): i32 {
  let bits = unkeyed | characterBits(from, to);
  let seen = 0;
  let previous = -1;
  let previousPair = -1;
  let previousMarks = 0;
  let sinceAi = FAR;
  let sinceReader = FAR;
  let i = from;
  while (i < to) {
    let c = ch(i);
    if (!isWord(c)) {
      i++;
      continue;
    }
    const start = i;
    let h = 0;
    do {
      h = (h * 31 + c) & HASH_MASK;
      i++;
      c = i < to ? ch(i) : 32;
    } while (isWord(c));
    let marks = 0;
    const at = findWord(h);
    if (at >= 0) {
      bits |= load<i32>(wordValues + (<usize>at << 2));
      marks = load<i32>(wordMarks + (<usize>at << 2));
    }
    const pair = previous < 0 ? -1 : hashPair(previous, h);
    if (pair >= 0) {
      bits |= pairBits(pair);
      if (previousPair >= 0) bits |= pairBits(hashPair(previousPair, h));
    }
    sinceAi++;
    sinceReader++;
    if ((marks | previousMarks) != 0) {
      seen |= marks | pairMarks(previousMarks, marks);
      const reader = readerBits(marks, previousMarks, sinceAi, sinceReader);
      if ((reader & FOUND) != 0) bits |= ADDRESSEE;
      if ((reader & AI_END) != 0) sinceAi = 0;
      if ((reader & READER_END) != 0) sinceReader = 0;
      if (
        (marks & VOCATIVE_NOUN) != 0 &&
        separatorWithin(i, 4, to) &&
        ((previousMarks & VOCATIVE_FIRST) != 0 || vocativeContext(start, from))
      )
        bits |= ADDRESSEE;
      if ((marks & TURN_ROLE) != 0 && firstOnLine(start, from) && turnColonAfter(i, to)) bits |= TURN;
    }
    if (ch(i - 1) == 115 && i - start >= 5 && startsWith(i - 5, LIT_MODUS, to)) seen |= MODE_WORD;
    previousPair = pair;
    previous = h;
    previousMarks = marks;
  }
  return bits | seenBits(seen);
}

// Gate bits returned by `gates`.
const PRINTABLE: i32 = 1;
const LONG_RUN: i32 = 2;
const SPACED_CHAIN: i32 = 4;
const SEPARATED: i32 = 8;
const LEET_LINE: i32 = 16;
const IMAGE: i32 = 32;

/**
 * One pass over text[0, to): PRINTABLE when every unit is printable ASCII, tab, LF or CR (normalise.ts
 * `NEEDS_FOLDING` finds none); and, read as the structure detector's reading of such a text (lower case), whether
 * each decoder's gate of encoded-segments.ts can pass: LONG_RUN (a run of `[A-Za-z0-9+/=_-]` of 24 or more),
 * SPACED_CHAIN (`SPACED_CHAIN` matches: six one-unit tokens, or `\` and one, each between spaces, 1-3 spaces
 * apart), SEPARATED (`SEPARATED_HINT` matches: `[a-z0-9]` and `[.*_~|-]` alternating over seven units), LEET_LINE (a
 * line with three leet hints, as `leetHintLines` counts them); and IMAGE (`![` occurs).
 */
export function gates(to: i32): i32 {
  let out = PRINTABLE;
  let run = 0;
  let alt = 0;
  let hints = 0;
  // Letter spacing: the current segment between spaces, the gap of spaces before it, and the chain so far.
  let inSegment = false;
  let segment = 0;
  let segmentFirst = 0;
  let segmentBad = false;
  let gapBefore = 0;
  let gap = 0;
  let chain = 0;
  let previous = 10;
  for (let i = 0; i < to; i++) {
    const c = ch(i);
    if (c >= 127 || (c < 32 && c != 9 && c != 10 && c != 13)) out &= ~PRINTABLE;
    // Base64 / hex runs.
    const runChar = isWord(c) || c == 43 || c == 47 || c == 61 || c == 45;
    run = runChar ? run + 1 : 0;
    if (run >= 24) out |= LONG_RUN;
    // Separated letters: `alt` units alternating, odd when the last is `[a-z0-9]`.
    const alnum = (c >= 97 && c <= 122) || (c >= 48 && c <= 57);
    const separator = c == 46 || c == 42 || c == 95 || c == 126 || c == 124 || c == 45;
    if (alnum) {
      alt = alt > 0 && (alt & 1) == 0 ? alt + 1 : 1;
      if (alt >= 7) out |= SEPARATED;
    } else alt = separator && (alt & 1) == 1 ? alt + 1 : 0;
    // Leet hints, counted per line at each leet character: its lower-case neighbours.
    if (c == 10) hints = 0;
    else if ((c >= 48 && c <= 57 && c != 50 && c != 54) || c == 64 || c == 36 || c == 124) {
      if (previous >= 97 && previous <= 122) hints++;
      if (i + 1 < to) {
        const next = ch(i + 1);
        if (next >= 97 && next <= 122) hints++;
      }
      if (hints >= 3) out |= LEET_LINE;
    }
    // Letter spacing.
    if (c == 32) {
      if (inSegment) {
        const token = !segmentBad && (segment == 1 || (segment == 2 && segmentFirst == 92));
        if (!token || gapBefore == 0) chain = 0;
        else chain = chain > 0 && gapBefore <= 3 ? chain + 1 : 1;
        if (chain >= 6) out |= SPACED_CHAIN;
        inSegment = false;
        gap = 0;
      }
      gap++;
    } else {
      if (!inSegment) {
        inSegment = true;
        segment = 0;
        segmentFirst = c;
        segmentBad = false;
        gapBefore = gap;
        gap = 0;
      }
      segment++;
      if (isSpace(c)) segmentBad = true;
    }
    if (c == 33 && i + 1 < to && ch(i + 1) == 91) out |= IMAGE;
    previous = c;
  }
  return out;
}
