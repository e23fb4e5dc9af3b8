/**
 * The host of the structure detector's first pass in WebAssembly (wasm/injection-first-pass.ts): the word walk of
 * anchor-gate.ts (`mayBitsReference`) and the decoders' gates of encoded-segments.ts, run over the text's UTF-16 code
 * units in the module's memory, so a text on which nothing can fire costs one copy into memory and native loops, and
 * no JavaScript per character.
 *
 * Invariants (test/property/injection-first-pass.property.test.ts): `walk(from, to)` on a loaded text equals
 * `mayBitsReference(text.slice(from, to))` on any text (the module reads the same code units, classes and
 * distances); a gate bit clear means that decoder reads nothing in the text.
 */

import { instantiateEmbedded, type WasmMemory } from "../../../../shared/wasm/embedded.js";
import { MODULE_PACKED } from "../../../../shared/wasm/injection-first-pass.generated.js";

interface PassExports {
  readonly memory: WasmMemory;
  configure(
    wordKeys: number,
    wordValues: number,
    wordMarks: number,
    wordMask: number,
    pairKeys: number,
    pairValues: number,
    pairMask: number,
    lits: number,
    text: number,
    unkeyed: number,
  ): void;
  signals(
    addressee: number,
    turn: number,
    promptRef: number,
    mode: number,
    ownPrompt: number,
    url: number,
    email: number,
    tool: number,
  ): void;
  setLower(lower: number): void;
  walk(from: number, to: number): number;
  pass(to: number, stop: number): number;
  passGates(): number;
  blocks(to: number, size: number, out: number): number;
  filters(words: number, pairs: number, pieces: number, mask: number): void;
  longRunGate(to: number): number;
  printable(to: number): number;
  leetFold(from: number, to: number, out: number): number;
  leetLinesBits(out: number): number;
  leetLineBits(k: number, out: number): number;
  leetLinesRecorded(): number;
  leetRecords(at: number): void;
  leetGates(): number;
}

/** anchor-gate.ts's open-addressing tables (keys -1 when empty). */
export interface PassTables {
  words: { keys: Int32Array; values: Int32Array; more: Int32Array; mask: number };
  pairs: { keys: Int32Array; values: Int32Array; mask: number };
  /** The piece filter (`pieceFilter`): a pair or triple is probed only when each of its words may be a piece. */
  pieces: Uint8Array;
  unkeyed: number;
}

/** The signal bits the walk sets (features.ts `F`). */
export interface PassSignals {
  ADDRESSEE: number;
  TURN: number;
  PROMPT_REF: number;
  MODE: number;
  OWN_PROMPT: number;
  URL: number;
  EMAIL: number;
  TOOL: number;
}

/** Gate bits of `gates` (see the module source). */
export const GATE = {
  PRINTABLE: 1,
  LONG_RUN: 2,
  SPACED_CHAIN: 4,
  SEPARATED: 8,
  LEET_LINE: 16,
  /** An image whose address holds a query (`![alt](url?`), where every match of the image signals starts. */
  IMAGE: 32,
  OTHER_SCRIPT: 64,
  /** Where the LAZY address signals may match (features.ts OPEN_QUERY, TARGET; see the module source). */
  OPEN_QUERY: 128,
  TARGET: 256,
} as const;
/** Fields of a `blocks` record, in order. */
export const BLOCK = { END: 0, SIGNALS: 1, SEEN: 2, GATES: 3, RUNS: 4 } as const;
export const BLOCK_FIELDS = 5;

/** Numbers a line in `FirstPass.leetLineWalks`: start, end, the walk's signals over its fold, the fold's gates. */
export const LEET_WALK = 4;

/** The gates of the decoders (a clear bit: that decoder reads nothing). */
export const DECODER_GATES = GATE.LONG_RUN | GATE.SPACED_CHAIN | GATE.SEPARATED | GATE.LEET_LINE;

/** The literals the module compares against, in the order of its LIT_* constants. */
const LITERALS = [
  "inst",
  "sys",
  "tool_",
  "function_result",
  "system",
  "developer",
  "admin",
  "modus",
  "http",
  "www.",
  "a.i.",
];

/**
 * Longest text copied into the module's memory (code units; two bytes each, so the memory stays under 2.4 MB: the
 * tables, then the text, then the records of `blocks`, 20 bytes per block of at least 256 units). WebAssembly memory never shrinks, so a longer text is walked by the JavaScript reference
 * instead (`load` returns false) and keeps every decoder.
 */
export const MAX_PASS_UNITS = 1024 * 1024;

const PAGE = 65536;

/** encoded-segments.ts `MAX_LEET_LINE`: the longest line read as leetspeak (the module's scratch line holds one). */
const MAX_LEET_LINE = 2000;
/**
 * The module's MAX_LEET_RECORDS: leetspeak lines a pass records (more, and `leetLines` leaves the text to the host).
 * A 1 MB README has a few hundred lines with three leet hints (`es2015`, `utf8`, `v1.2.3`); 8 bytes each.
 */
const LEET_RECORDS = 1024;

/**
 * Bits of each membership filter in front of the word and pair tables (4 KB each, so both stay in the first-level
 * cache beside the text where the tables, 48 and 64 KB, do not): a set bit for each key, at `filterIndex` of the
 * module. A clear bit: no key, no probe.
 */
const FILTER_BITS = 32768;

/** The filter bit of hash `h` (the module's `filterIndex`). */
const filterSlot = (h: number) => (h ^ (h >>> 15)) & (FILTER_BITS - 1);

/** Sets the filter bit of every key (-1: an empty slot) of a table, at byte `at` of the module's memory. */
function writeFilter(bytes: Uint8Array, at: number, keys: Int32Array): void {
  for (const h of keys) {
    if (h === -1) continue;
    const bit = filterSlot(h);
    bytes[at + (bit >>> 3)]! |= 1 << (bit & 7);
  }
}

/**
 * The piece filter of the word hashes `pieces` (every word of a pair or triple key): FILTER_BITS bits, bit
 * `filterSlot(h)` set for each. The module and the JavaScript walk (anchor-gate.ts) read the same bits.
 */
export function pieceFilter(pieces: Iterable<number>): Uint8Array {
  const filter = new Uint8Array(FILTER_BITS / 8);
  for (const h of pieces) filter[filterSlot(h) >>> 3]! |= 1 << (filterSlot(h) & 7);
  return filter;
}

/** Whether word hash `h` may be a piece by `filter` (`pieceFilter`). */
export function mayBePiece(filter: Uint8Array, h: number): boolean {
  const bit = filterSlot(h);
  return ((filter[bit >>> 3]! >>> (bit & 7)) & 1) !== 0;
}

export class FirstPass {
  readonly #exports: PassExports;
  readonly #textOff: number;
  #bytes: Buffer;
  /** The text in memory, whether it is read in lower case, and the lower-case string it then stands for. */
  #loaded: string | undefined;
  // The units in memory (the loaded text's, also once `patch` changed some).
  #length = 0;
  #lower = false;
  #alias: string | undefined;
  /** Where the module's leetspeak line records are (`leetLineWalks`). */
  #leetRecords = 0;

  constructor(tables: PassTables, signals: PassSignals) {
    this.#exports = instantiateEmbedded<PassExports>(MODULE_PACKED, abortFromModule);
    this.#textOff = this.#place(tables);
    this.#bytes = Buffer.from(this.#exports.memory.buffer);
    const s = signals;
    this.#exports.signals(s.ADDRESSEE, s.TURN, s.PROMPT_REF, s.MODE, s.OWN_PROMPT, s.URL, s.EMAIL, s.TOOL);
  }

  /** Lays out the tables and literals from the module's second page on (its data and stack sit in the first). */
  #place(tables: PassTables): number {
    const { words, pairs } = tables;
    const arrays = [words.keys, words.values, words.more, pairs.keys, pairs.values];
    const offsets: number[] = [];
    let at = PAGE;
    for (const a of arrays) {
      offsets.push(at);
      at += a.byteLength;
    }
    const lits = at;
    at += LITERALS.length * 8;
    const litText = at;
    at += LITERALS.reduce((n, l) => n + l.length * 2, 0);
    const wordFilter = (at + 7) & ~7;
    const pairFilter = wordFilter + FILTER_BITS / 8;
    const pieces = pairFilter + FILTER_BITS / 8;
    at = pieces + FILTER_BITS / 8;
    const leetRecords = (at + 7) & ~7;
    at = leetRecords + LEET_RECORDS * 8;
    const textOff = (at + 7) & ~7;
    this.#grow(textOff + PAGE);
    const bytes = new Uint8Array(this.#exports.memory.buffer);
    for (const [k, a] of arrays.entries())
      bytes.set(new Uint8Array(a.buffer, a.byteOffset, a.byteLength), offsets[k]!);
    const litTable = new Int32Array(this.#exports.memory.buffer, lits, LITERALS.length * 2);
    let unit = litText;
    LITERALS.forEach((literal, k) => {
      litTable[k * 2] = unit;
      litTable[k * 2 + 1] = literal.length;
      Buffer.from(this.#exports.memory.buffer).write(literal, unit, "utf16le");
      unit += literal.length * 2;
    });
    const [wk, wv, wm, pk, pv] = offsets as [number, number, number, number, number];
    this.#exports.configure(wk, wv, wm, words.mask, pk, pv, pairs.mask, lits, textOff, tables.unkeyed);
    writeFilter(bytes, wordFilter, words.keys);
    writeFilter(bytes, pairFilter, pairs.keys);
    bytes.set(tables.pieces, pieces);
    this.#exports.filters(wordFilter, pairFilter, pieces, FILTER_BITS - 1);
    this.#exports.leetRecords(leetRecords);
    this.#leetRecords = leetRecords;
    return textOff;
  }

  #grow(needed: number): void {
    const memory = this.#exports.memory;
    if (memory.buffer.byteLength >= needed) return;
    memory.grow(Math.ceil((needed - memory.buffer.byteLength) / PAGE));
    this.#bytes = Buffer.from(memory.buffer);
  }

  /**
   * Makes `text` the text in memory, read in lower case with `lower` (A-Z as a-z: the reading view of a printable
   * ASCII text, without building it). False when the text is too long for the module (`MAX_PASS_UNITS`).
   */
  load(text: string, lower: boolean): boolean {
    if (text === this.#loaded && lower === this.#lower) return true;
    if (!lower && text === this.#alias) return true;
    if (text.length > MAX_PASS_UNITS) return false;
    // 24 bytes past the text at least: the module reads eight units at a time, and three units past those (lanes and
    // units past the text's end are masked off or checked again).
    this.#grow(this.#textOff + text.length * 2 + 32);
    // utf16le copies the code units as they are, lone surrogates included.
    this.#bytes.write(text, this.#textOff, "utf16le");
    this.#exports.setLower(lower ? 1 : 0);
    this.#loaded = text;
    this.#length = text.length;
    this.#lower = lower;
    this.#alias = undefined;
    this.#whole = -1;
    this.#leetWhole = false;
    return true;
  }

  // Replaces units of the text loaded with `lower` in memory: `pairs` holds (offset, unit) pairs, flat (reading-view.ts
  // `oneForOne`). Memory then holds no loaded string any more, until `alias` names the one it reads as. (Line
  // comments: the build keeps a class member's doc comment.)
  patch(pairs: readonly number[]): void {
    for (let k = 0; k < pairs.length; k += 2)
      this.#bytes.writeUInt16LE(pairs[k + 1]!, this.#textOff + pairs[k]! * 2);
    this.#loaded = undefined;
    this.#alias = undefined;
    this.#whole = -1;
    this.#leetWhole = false;
  }

  /** `lowered` (the lower case of the text loaded with `lower`) is read from memory without copying it again. */
  alias(lowered: string): void {
    if (this.#lower) this.#alias = lowered;
  }

  /** Whether `text` (a reading, read as written) is what memory holds. */
  holds(text: string): boolean {
    return (text === this.#loaded && !this.#lower) || text === this.#alias;
  }

  /** The walk's signals over `[from, to)` of the loaded text. */
  walk(from: number, to: number): number {
    return this.#exports.walk(from, to);
  }

  /**
   * The walk over the whole loaded text (`walk(0, length)`) and its gate bits (`GATE`, then in `gates`), in one pass.
   * With `stopOnGate`, -1 as soon as a decoder's gate passes (then neither is known).
   */
  pass(stopOnGate = false): number {
    // Known from the blocks of the same loaded text (`knowWhole`), with every gate: a superset of a stopped pass.
    if (this.#whole >= 0) return this.#whole;
    const may = this.#exports.pass(this.#length, stopOnGate ? 1 : 0);
    this.gates = this.#exports.passGates();
    this.#whole = may;
    this.#leetWhole = may >= 0;
    return may;
  }

  /**
   * The pass over the loaded text in blocks of whole lines, each at least `size` units (the last may be shorter):
   * BLOCK_FIELDS numbers per block (`BLOCK`), the signals the walk set while reading the block (its state runs on
   * across blocks: a signal is recorded at the word that completes it, never before its match starts), the `seen`
   * marks of the block's words, its gate bits, its word runs. A copy: the module's memory is reused by the next call.
   */
  blocks(size: number): Int32Array {
    const length = this.#length;
    const out = (this.#textOff + length * 2 + 15) & ~7;
    const records = Math.floor(length / Math.max(1, size)) + 2;
    this.#grow(out + records * BLOCK_FIELDS * 4);
    const count = this.#exports.blocks(length, size, out);
    this.#whole = -1;
    this.#leetWhole = true;
    return new Int32Array(this.#exports.memory.buffer, out, count * BLOCK_FIELDS).slice();
  }

  /**
   * The walk's signals and gate bits over the whole loaded text, as `pass` computes them, from the records of its
   * `blocks` (which add up to the pass: test/property/injection-regions.property.test.ts), so `pass` returns them.
   */
  knowWhole(bits: number, gates: number): void {
    this.#whole = bits;
    this.gates = gates;
  }

  // Whether the loaded text is printable ASCII, tab, LF and CR only (normalise.ts `isPrintableAscii`; GATE.PRINTABLE
  // of `pass`), read from memory without the pass.
  printable(): boolean {
    return this.#exports.printable(this.#length) !== 0;
  }

  /** GATE.LONG_RUN when `pass` would set it on the loaded text, else 0, without the walk or the other gates. */
  longRunGate(): number {
    return this.#exports.longRunGate(this.#length);
  }

  /**
   * Over the lines of the loaded text (a reading view) that encoded-segments.ts `readLeetLines` reads (three leet
   * hints), the union of the walk's signals over each line's leet reading (`foldLeetLine`), and the folded lines' gate
   * bits (GATE.IMAGE: an image with a query); undefined when a line holds a unit the module does not fold (beyond printable ASCII,
   * tab and CR). A line whose fold gives no segment adds nothing.
   */
  leetLines(): { bits: number; gates: number } | undefined {
    // The lines are those the module's last whole pass (or `blocks`) over the loaded text recorded.
    if (!this.#leetWhole) this.pass();
    const bits = this.#exports.leetLinesBits(this.#scratch());
    return bits < 0 ? undefined : { bits, gates: this.#exports.leetGates() };
  }

  /**
   * `leetLines` line by line: for each line the last whole pass (or `blocks`) recorded, in text order, its start and
   * end, the walk's signals over its fold (NO_SEGMENT -1: the fold gives no segment; NOT_FOLDED_HERE -2: a unit the
   * module does not fold) and the fold's gate bits, LEET_WALK numbers a line; undefined when more lines passed than
   * are recorded.
   */
  leetLineWalks(): number[] | undefined {
    if (!this.#leetWhole) this.pass();
    const count = this.#exports.leetLinesRecorded();
    if (count > LEET_RECORDS) return undefined;
    const out = this.#scratch();
    const starts = new Int32Array(this.#exports.memory.buffer, this.#leetRecords, count * 2).slice();
    const walks: number[] = [];
    for (let k = 0; k < count; k++) {
      const bits = this.#exports.leetLineBits(k, out);
      walks.push(starts[k * 2]!, starts[k * 2 + 1]!, bits, this.#exports.leetGates());
    }
    return walks;
  }

  /**
   * `foldLeetLine` of the line [from, to) of the loaded text as the module computes it: the folded line, undefined
   * for no segment, null when the module leaves the line to the host. For tests.
   */
  leetFold(from: number, to: number): string | undefined | null {
    const out = this.#scratch();
    const n = this.#exports.leetFold(from, to, out);
    if (n === -2) return null;
    return n < 0 ? undefined : this.#bytes.toString("utf16le", out, out + n * 2);
  }

  /** Room past the loaded text (and its 32 bytes) for one folded line of MAX_LEET_LINE units and its margins. */
  #scratch(): number {
    const out = (this.#textOff + this.#length * 2 + 32 + 16 + 15) & ~15;
    this.#grow(out + MAX_LEET_LINE * 2 + 64);
    return out;
  }

  /** The walk's signals over the whole loaded text when a `pass` computed them since it was loaded, else -1. */
  get whole(): number {
    return this.#whole;
  }
  #whole = -1;
  /** Whether the module's leetspeak line records are those of a whole pass (or `blocks`) over the loaded text. */
  #leetWhole = false;

  /** The gate bits of the last `pass`. */
  gates = 0;
}

function abortFromModule(): never {
  throw new Error("injection first pass: the WebAssembly module aborted");
}
