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
//   table     u16[states*K]  complete DFA (the shared literal automaton's), entries are the next state's row index
//                            (state * K): half the shared module's table, so more of it stays in the L1 cache
//   outStart  i32[]          accepting state s's literal ids are outIds[outStart[s - firstAccept] .. next)
//   outIds    i32[]
//   kinds     i32[literals]  bit 0: report only where a word boundary may hold on both sides; bit 1: report always
//   lengths   i32[literals]  each literal's length in bytes
//   hits      i32[3*cap]     (literal id, UTF-16 end offset, units before the end) triples
//   text      u8[]           the chunk of UTF-8 to scan
//
// Invariants: a hit is dropped only when a byte next to it, inside the chunk, shows no word boundary can hold there
// in the text the rules read (where `\n`, `\r`, `\t` escapes are spaces); the host checks the boundaries of what is
// reported. The scan resumes exactly where it stopped (state, positions, counters are globals).

let classesOff: usize = 0;
let bytesOff: usize = 0;
let tableOff: usize = 0;
let classCount: i32 = 0;
let firstAccept: i32 = 0;
let outStartOff: usize = 0;
let outIdsOff: usize = 0;
let kindsOff: usize = 0;
let lengthsOff: usize = 0;
let hitsOff: usize = 0;
let hitCap: i32 = 0;

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
  outIds: usize,
  kinds: usize,
  lengths: usize,
  hits: usize,
  cap: i32,
): void {
  classesOff = classes;
  bytesOff = bytes;
  tableOff = table;
  classCount = k;
  firstAccept = accept;
  outStartOff = outStart;
  outIdsOff = outIds;
  kindsOff = kinds;
  lengthsOff = lengths;
  hitsOff = hits;
  hitCap = cap;
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

/** Writes the accepting state's reportable literals; false when the buffer cannot take them all. Not inlined: the
 * scan loops stay small (a hit is rare next to the bytes between hits). */
@noinline
function report(text: usize, r: i32, i: i32, to: i32, end: i32, u: i32): bool {
  const base = outStartOff + (<usize>(r / classCount - firstAccept) << 2);
  const from = load<i32>(base);
  const until = load<i32>(base + 4);
  if (hitCount + (until - from) > hitCap) return false;
  for (let k = from; k < until; k++) {
    const id = load<i32>(outIdsOff + (<usize>k << 2));
    const kind = load<i32>(kindsOff + (<usize>id << 2));
    if ((kind & 2) == 0) {
      const start = i + 1 - load<i32>(lengthsOff + (<usize>id << 2));
      if (!mayBeNonWord(text, start - 1, to, firstChunk) || !mayBeNonWord(text, i + 1, to, false)) continue;
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
  const acceptRow = firstAccept * classCount;
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
    const next = <i32>load<u16>(tableOff + ((<usize>s + <usize>load<u8>(classesOff + b)) << 1));
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
  const acceptRow = firstAccept * classCount;
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
    const next = <i32>load<u16>(tableOff + ((<usize>s + <usize>load<u8>(classesOff + b)) << 1));
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
