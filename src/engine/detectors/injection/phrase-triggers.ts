/**
 * The phrase rules' one pass over a text: every lead word (where a word boundary may hold on both sides), every
 * occurrence of every gate literal, each with the units before its end (phrase-literals.ts), and whether the text needs folding (a character outside printable ASCII, tab,
 * LF and CR: a non-ASCII chunk stops the pass at once, a control character is noted by the loop). A WebAssembly loop (wasm/phrase-triggers.ts, on the shared literal automaton's DFA)
 * over the text's UTF-8 bytes, 64 KB at a time, reporting UTF-16 offsets; JavaScript sees only what it reports.
 */
import { instantiateEmbedded, layOut, type WasmMemory } from "../../../shared/wasm/embedded.js";
import { MODULE_BASE64 } from "../../../shared/wasm/phrase-triggers.generated.js";
import type { TriggerDfa } from "./phrase-gates.js";

/**
 * Where a literal is reported (a literal's kind is the union of its roles': it is reported where any of them holds):
 * LEAD_WORD where it may be a whole word (a lead word, or a gate literal that is a whole word in every match of its
 * rule), GATE_LITERAL everywhere, WORD_START where a non-word character may stand right before it, WORD_END right
 * after it ("may": the pass drops only sure misses; the byte next to a chunk's edge counts as may).
 */
export const LEAD_WORD = 1;
export const GATE_LITERAL = 2;
export const WORD_START = 4;
export const WORD_END = 8;

interface TriggerExports {
  readonly memory: WasmMemory;
  configure(...offsets: number[]): void;
  reset(): void;
  chunk(first: number): void;
  hits(): number;
  drain(): void;
  controls(): number;
  scan(text: number, from: number, to: number, ascii: number): number;
  scanChunk(text: number, n: number, overlap: number, ascii: number): number;
  hitsInA(): number;
  hitsInB(): number;
}

const CHUNK_BYTES = 64 * 1024;
const HIT_CAP = 4096;
const HIT_CAP_FOR = (dfa: TriggerDfa) => Math.max(HIT_CAP, dfa.mostOutputs);

/**
 * byte -> bit 0 space-like (up to 0x20, from 0x80, a backslash), bit 1 word character ([A-Za-z0-9_], `\w` without
 * the `u` flag), bit 2 control character (below 0x20 but tab, LF, CR; 0x7f), bit 3 one of `nrt`, bit 4 a backslash.
 */
function byteTable(): Uint8Array {
  const table = new Uint8Array(256);
  for (let b = 0; b < 256; b++) {
    const space = b <= 0x20 || b >= 0x80 || b === 0x5c;
    const word = b < 0x80 && /\w/.test(String.fromCharCode(b));
    const control = (b < 0x20 && b !== 9 && b !== 10 && b !== 13) || b === 0x7f;
    const escapeLetter = b === 0x6e || b === 0x72 || b === 0x74;
    table[b] =
      (space ? 1 : 0) | (word ? 2 : 0) | (control ? 4 : 0) | (escapeLetter ? 8 : 0) | (b === 0x5c ? 16 : 0);
  }
  return table;
}

function place(
  ex: TriggerExports,
  dfa: TriggerDfa,
  kinds: Int32Array,
  lengths: Int32Array,
): { hits: number; hitsB: number; text: number } {
  const cap = HIT_CAP_FOR(dfa);
  const blocks = CHUNK_BYTES / 16;
  // In the order `configure` takes them (wasm/phrase-triggers.ts), then the chunk.
  const regions = {
    classes: dfa.classes,
    bytes: byteTable(),
    table: dfa.rows,
    outStart: dfa.outStart,
    outIds: dfa.outIds,
    kinds,
    lengths,
    hits: cap * 12,
    hitsB: cap * 12,
    zeroMask: blocks * 2,
    zeroBefore: blocks * 4,
    leadMask: blocks * 2,
    pairMask: blocks * 2,
    utf16Before: blocks * 4,
    text: CHUNK_BYTES,
  };
  const at = layOut(ex.memory, Object.values(regions));
  const offset = (name: keyof typeof regions) => at[Object.keys(regions).indexOf(name)]!;
  ex.configure(
    offset("classes"),
    offset("bytes"),
    offset("table"),
    dfa.classCount,
    dfa.firstAccept,
    offset("outStart"),
    offset("outIds"),
    offset("kinds"),
    offset("lengths"),
    offset("hits"),
    cap,
    offset("hitsB"),
    offset("zeroMask"),
    offset("zeroBefore"),
    offset("leadMask"),
    offset("pairMask"),
    offset("utf16Before"),
  );
  return { hits: offset("hits"), hitsB: offset("hitsB"), text: offset("text") };
}

const encoder = new TextEncoder();

/**
 * The hits of the last scan, in ascending order of end: literal id, UTF-16 end offset, and units before the end
 * (bytes, a space-like byte after a space-like byte counting zero: see wasm/phrase-triggers.ts).
 */
export class TriggerHits {
  count = 0;
  ids = new Int32Array(256);
  ends = new Int32Array(256);
  units = new Int32Array(256);

  push(id: number, end: number, units: number): void {
    if (this.count === this.ids.length) {
      this.ids = doubled(this.ids);
      this.ends = doubled(this.ends);
      this.units = doubled(this.units);
    }
    this.ids[this.count] = id;
    this.ends[this.count] = end;
    this.units[this.count] = units;
    this.count++;
  }
}

export function doubled(a: Int32Array): Int32Array<ArrayBuffer> {
  const b = new Int32Array(a.length * 2);
  b.set(a);
  return b;
}

export class PhraseTriggerScan {
  readonly #ex: TriggerExports;
  readonly #layout: { hits: number; hitsB: number; text: number };
  /** Views of the chunk and hit regions (the memory never grows after construction, so they stay valid). */
  readonly #room: Uint8Array;
  readonly #hits: Int32Array;
  readonly #hitsB: Int32Array;
  /**
   * The longest literal's length - 1: how far before its half the chunk scan's second stripe starts. Infinity: the
   * chunk scan is off (every chunk scanned step by step; tests compare the two).
   */
  readonly #overlap: number;

  /**
   * `literals` lower case ASCII, `kinds[i]` a union of LEAD_WORD and GATE_LITERAL; matched ASCII case-insensitively
   * by `dfa`, their DFA (phrase-gates.ts: `triggerDfa`).
   */
  constructor(
    readonly literals: readonly string[],
    kinds: readonly number[],
    dfa: TriggerDfa,
    options: { chunkScan?: boolean } = {},
  ) {
    if (literals.some((l) => /[^\x21-\x7e]|\\/.test(l)))
      throw new Error("phrase trigger literals are printable ASCII without spaces or backslashes");
    this.#ex = instantiateEmbedded<TriggerExports>(MODULE_BASE64, abortFromModule);
    this.#layout = place(
      this.#ex,
      dfa,
      Int32Array.from(kinds),
      Int32Array.from(literals, (l) => l.length),
    );
    this.#room = new Uint8Array(this.#ex.memory.buffer, this.#layout.text, CHUNK_BYTES);
    this.#hits = new Int32Array(this.#ex.memory.buffer, this.#layout.hits, HIT_CAP_FOR(dfa) * 3);
    this.#hitsB = new Int32Array(this.#ex.memory.buffer, this.#layout.hitsB, HIT_CAP_FOR(dfa) * 3);
    this.#overlap =
      options.chunkScan === false ? Number.POSITIVE_INFINITY : Math.max(...literals.map((l) => l.length)) - 1;
  }

  /**
   * Scans `text` into `out` (cleared first). Returns true, with the hits incomplete, when the text holds a character
   * outside printable ASCII, tab, LF and CR (the rules read its fold instead: scan that).
   */
  scan(text: string, out: TriggerHits): boolean {
    const ex = this.#ex;
    ex.reset();
    out.count = 0;
    let rest = text;
    let first = 1;
    while (rest.length > 0) {
      const { read, written } = encoder.encodeInto(rest, this.#room);
      if (read !== written) return true;
      ex.chunk(first);
      first = 0;
      this.#scanBytes(written, true, out);
      if (ex.controls() !== 0) return true;
      rest = read === rest.length ? "" : rest.slice(read);
    }
    return false;
  }

  /** Scans text that may hold any character (a fold), into `out` (cleared first). */
  scanAny(text: string, out: TriggerHits): void {
    const ex = this.#ex;
    ex.reset();
    out.count = 0;
    let rest = text;
    let first = 1;
    while (rest.length > 0) {
      const { read, written } = encoder.encodeInto(rest, this.#room);
      ex.chunk(first);
      first = 0;
      this.#scanBytes(written, read === written, out);
      rest = read === rest.length ? "" : rest.slice(read);
    }
  }

  /** A chunk of `n` bytes: by `scanChunk` when it is long enough and its hits fit, else step by step. */
  #scanBytes(n: number, ascii: boolean, out: TriggerHits): void {
    const ex = this.#ex;
    const flag = ascii ? 1 : 0;
    if (n >= 4 * this.#overlap + 32 && ex.scanChunk(this.#layout.text, n, this.#overlap, flag) === 0) {
      copyHits(this.#hits, ex.hitsInA(), out);
      copyHits(this.#hitsB, ex.hitsInB(), out);
      return;
    }
    for (let at = 0; at < n; ) {
      at = ex.scan(this.#layout.text, at, n, flag);
      this.#deliver(out);
    }
  }

  #deliver(out: TriggerHits): void {
    const ex = this.#ex;
    const count = ex.hits();
    if (count === 0) return;
    const hits = this.#hits;
    for (let i = 0; i < count * 3; i += 3) out.push(hits[i]!, hits[i + 1]!, hits[i + 2]!);
    ex.drain();
  }
}

function copyHits(hits: Int32Array, count: number, out: TriggerHits): void {
  for (let i = 0; i < count * 3; i += 3) out.push(hits[i]!, hits[i + 1]!, hits[i + 2]!);
}

function abortFromModule(): never {
  throw new Error("the phrase trigger module aborted");
}
