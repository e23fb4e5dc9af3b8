// AssemblyScript source of the multi-literal automaton (src/shared/literal-automaton.ts drives it). Compiled by
// scripts/build-wasm.mjs into src/shared/wasm/literal-automaton.generated.ts; `npm run build:wasm` after an edit.
//
// Why hand-written: the scan needs every occurrence of hundreds of literals in one pass over the text. V8's regex
// engine tries an alternation branch by branch at every position where a branch's first character occurs (15-18 ms
// per MB of prose for 160 literals, against 3-5 here), and a JavaScript automaton pays V8's per-character cost
// (4-5 ms per MB for a bare loop). No maintained npm package ships a WebAssembly Aho-Corasick over UTF-8 that
// reports UTF-16 offsets.
//
// Memory layout, written by the host before the first scan (offsets in bytes, all set through `configure`):
//   classes    u8[256]        byte -> input class (0: a byte no literal holds)
//   table      i32[states*K]  state's row + class -> the next state's row, as a byte offset from the table's start
//                             (a complete DFA: failure links already folded in; a row is K entries, so
//                             row = state * K * 4: the hot loop needs no multiply)
//   outStart   i32[states+1]  for an accepting state s, its literal ids are outIds[outStart[s - firstAccept] ..
//                             outStart[s - firstAccept + 1]) (states are numbered so that every accepting state is
//                             >= firstAccept: the hot loop tests acceptance with a compare on the row, not a load)
//   outIds     i32[]          literal ids, each literal's UTF-16 length in the host
//   hits       i32[2*cap]     (literal id, UTF-16 offset of the literal's last code unit + 1) pairs
//   text       u8[]           the chunk of UTF-8 to scan
//
// Invariant: the scan resumes exactly where it stopped (state, UTF-16 position and byte position are globals), so a
// text scanned in chunks, or with a full hit buffer drained midway, reports what one scan of the whole text would.

let classesOff: usize = 0;
let tableOff: usize = 0;
let classCount: i32 = 0;
let firstAccept: i32 = 0;
let outStartOff: usize = 0;
let outIdsOff: usize = 0;
let hitsOff: usize = 0;
let hitCap: i32 = 0;

let row: i32 = 0;
let utf16: i32 = 0;
let hitCount: i32 = 0;

export function configure(
  classes: usize,
  table: usize,
  k: i32,
  accept: i32,
  outStart: usize,
  outIds: usize,
  hits: usize,
  cap: i32,
): void {
  classesOff = classes;
  tableOff = table;
  classCount = k;
  firstAccept = accept;
  outStartOff = outStart;
  outIdsOff = outIds;
  hitsOff = hits;
  hitCap = cap;
}

/** Starts a new text: root state, UTF-16 position 0. */
export function reset(): void {
  row = 0;
  utf16 = 0;
  hitCount = 0;
}

/** Hits written since the last `drain`. */
export function hits(): i32 {
  return hitCount;
}

export function drain(): void {
  hitCount = 0;
}

/** Writes the accepting state's literals, ending at UTF-16 offset `end`; false when the buffer cannot take them all. */
@inline
function report(r: i32, end: i32): bool {
  const base = outStartOff + (<usize>(r / (classCount << 2) - firstAccept) << 2);
  const from = load<i32>(base);
  const to = load<i32>(base + 4);
  if (hitCount + (to - from) > hitCap) return false;
  for (let k = from; k < to; k++) {
    const at = hitsOff + (<usize>hitCount << 3);
    store<i32>(at, load<i32>(outIdsOff + (<usize>k << 2)));
    store<i32>(at + 4, end);
    hitCount++;
  }
  return true;
}

/**
 * Scans text bytes [from, to) of the chunk at `text`. `ascii`: every byte of the chunk is below 0x80 (then a byte is
 * one UTF-16 unit). Returns the byte offset it stopped at: `to`, or the first byte whose hits did not fit (the host
 * drains and calls again from there; that byte's transition has not been taken).
 */
export function scan(text: usize, from: i32, to: i32, ascii: bool): i32 {
  let s = row;
  const acceptRow = firstAccept * (classCount << 2);
  // The layout in locals: a global is read from memory at every step, a local stays in a register.
  const classes = classesOff;
  const table = tableOff;
  let pos = utf16;
  if (ascii) {
    for (let i = from; i < to; i++) {
      const c = <i32>load<u8>(classes + <usize>load<u8>(text + <usize>i));
      const next = load<i32>(table + <usize>s + (<usize>c << 2));
      if (next >= acceptRow && !report(next, pos + 1)) {
        row = s;
        utf16 = pos;
        return i;
      }
      s = next;
      pos++;
    }
  } else {
    for (let i = from; i < to; i++) {
      const b = <i32>load<u8>(text + <usize>i);
      const c = <i32>load<u8>(classes + <usize>b);
      const next = load<i32>(table + <usize>s + (<usize>c << 2));
      // UTF-16 units so far, counting this byte's character: a lead or ASCII byte starts one unit, a four-byte
      // sequence's lead two (a surrogate pair); continuation bytes add none.
      const step = (b & 0xc0) != 0x80 ? (b >= 0xf0 ? 2 : 1) : 0;
      if (next >= acceptRow && !report(next, pos + step)) {
        row = s;
        utf16 = pos;
        return i;
      }
      s = next;
      pos += step;
    }
  }
  row = s;
  utf16 = pos;
  return to;
}
