/**
 * The phrase rules' one pass over a text: every lead word (where a word boundary may hold on both sides), every
 * occurrence of every gate literal, each with the compressed units before its end (see phrase-literals.ts), and
 * whether the text needs folding. A WebAssembly loop (wasm/phrase-triggers.ts, on the shared literal automaton's DFA)
 * over the text's UTF-8 bytes, 64 KB at a time, reporting UTF-16 offsets; JavaScript sees only what it reports.
 */
import { buildDfa, type Dfa, utf8Literals } from "../../../shared/literal-automaton.js";
import { MODULE_BASE64 } from "../../../shared/wasm/phrase-triggers.generated.js";

/** How a literal is reported: a lead word only where it may be a whole word, a gate literal everywhere. */
export const LEAD_WORD = 1;
export const GATE_LITERAL = 2;

interface WasmMemory {
  readonly buffer: ArrayBuffer;
  grow(pages: number): number;
}
interface WasmApi {
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object, imports: object) => { readonly exports: object };
}
const wasm = (globalThis as unknown as { WebAssembly: WasmApi }).WebAssembly;

interface TriggerExports {
  readonly memory: WasmMemory;
  configure(...offsets: number[]): void;
  reset(): void;
  chunk(first: number): void;
  hits(): number;
  drain(): void;
  outsidePrintable(): number;
  scan(text: number, from: number, to: number, ascii: number): number;
}

let compiled: object | undefined;
const CHUNK_BYTES = 64 * 1024;
const HIT_CAP = 4096;

/** byte -> bit 0 space-like, bit 1 word character, bit 2 outside printable ASCII/tab/LF/CR, bit 3 one of `nrt`. */
function byteTable(): Uint8Array {
  const table = new Uint8Array(256);
  for (let b = 0; b < 256; b++) {
    const space = b === 0x20 || (b >= 9 && b <= 13) || b === 0x5c || b >= 0x80;
    const word = /\w/.test(String.fromCharCode(b)) && b < 0x80;
    const outside = !(b === 9 || b === 10 || b === 13 || (b >= 0x20 && b <= 0x7e));
    const escapeLetter = b === 0x6e || b === 0x72 || b === 0x74;
    table[b] = (space ? 1 : 0) | (word ? 2 : 0) | (outside ? 4 : 0) | (escapeLetter ? 8 : 0);
  }
  return table;
}

function place(ex: TriggerExports, dfa: Dfa, kinds: Int32Array, lengths: Int32Array): { hits: number; text: number } {
  const align = (n: number) => (n + 7) & ~7;
  const classes = 65536;
  const bytes = classes + 256;
  const table = align(bytes + 256);
  const outStart = align(table + dfa.table.byteLength);
  const outIds = align(outStart + dfa.outStart.byteLength);
  const kindsAt = align(outIds + dfa.outIds.byteLength);
  const lengthsAt = align(kindsAt + kinds.byteLength);
  const hits = align(lengthsAt + lengths.byteLength);
  const cap = Math.max(HIT_CAP, dfa.mostOutputs);
  const text = align(hits + cap * 12);
  const needed = text + CHUNK_BYTES;
  if (ex.memory.buffer.byteLength < needed)
    ex.memory.grow(Math.ceil((needed - ex.memory.buffer.byteLength) / 65536));
  const memory = new Uint8Array(ex.memory.buffer);
  memory.set(dfa.classes, classes);
  memory.set(byteTable(), bytes);
  memory.set(new Uint8Array(dfa.table.buffer), table);
  memory.set(new Uint8Array(dfa.outStart.buffer), outStart);
  memory.set(new Uint8Array(dfa.outIds.buffer), outIds);
  memory.set(new Uint8Array(kinds.buffer), kindsAt);
  memory.set(new Uint8Array(lengths.buffer), lengthsAt);
  ex.configure(
    classes,
    bytes,
    table,
    dfa.classCount,
    dfa.firstAccept,
    outStart,
    outIds,
    kindsAt,
    lengthsAt,
    hits,
    cap,
  );
  return { hits, text };
}

const encoder = new TextEncoder();

/** The hits of the last scan, in ascending order of end: literal id, UTF-16 end, compressed units before the end. */
export class TriggerHits {
  count = 0;
  ids = new Int32Array(256);
  ends = new Int32Array(256);
  units = new Int32Array(256);

  push(id: number, end: number, units: number): void {
    if (this.count === this.ids.length) {
      const grow = (a: Int32Array) => {
        const b = new Int32Array(a.length * 2);
        b.set(a);
        return b;
      };
      this.ids = grow(this.ids);
      this.ends = grow(this.ends);
      this.units = grow(this.units);
    }
    this.ids[this.count] = id;
    this.ends[this.count] = end;
    this.units[this.count] = units;
    this.count++;
  }
}

export class PhraseTriggerScan {
  readonly #ex: TriggerExports;
  readonly #layout: { hits: number; text: number };

  /** `literals` lower case ASCII, `kinds[i]` a union of LEAD_WORD and GATE_LITERAL; matched ASCII case-insensitively. */
  constructor(
    readonly literals: readonly string[],
    kinds: readonly number[],
  ) {
    if (literals.some((l) => /[^\x21-\x7e]/.test(l)))
      throw new Error("phrase trigger literals are printable ASCII without spaces");
    compiled ??= new wasm.Module(Buffer.from(MODULE_BASE64, "base64"));
    const instance = new wasm.Instance(compiled, { env: { abort: abortFromModule } });
    this.#ex = instance.exports as unknown as TriggerExports;
    const dfa = buildDfa(utf8Literals(literals, true), true);
    this.#layout = place(
      this.#ex,
      dfa,
      Int32Array.from(kinds),
      Int32Array.from(literals, (l) => l.length),
    );
  }

  /** Scans `text` into `out` (cleared first); returns whether the text has a character outside printable ASCII. */
  scan(text: string, out: TriggerHits): boolean {
    const ex = this.#ex;
    ex.reset();
    out.count = 0;
    let rest = text;
    let first = 1;
    while (rest.length > 0) {
      const room = new Uint8Array(ex.memory.buffer, this.#layout.text, CHUNK_BYTES);
      const { read, written } = encoder.encodeInto(rest, room);
      ex.chunk(first);
      first = 0;
      const ascii = read === written ? 1 : 0;
      for (let at = 0; at < written; ) {
        at = ex.scan(this.#layout.text, at, written, ascii);
        this.#deliver(out);
      }
      rest = read === rest.length ? "" : rest.slice(read);
    }
    return ex.outsidePrintable() !== 0;
  }

  #deliver(out: TriggerHits): void {
    const ex = this.#ex;
    const count = ex.hits();
    if (count === 0) return;
    const triples = new Int32Array(ex.memory.buffer, this.#layout.hits, count * 3);
    for (let i = 0; i < triples.length; i += 3) out.push(triples[i]!, triples[i + 1]!, triples[i + 2]!);
    ex.drain();
  }
}

function abortFromModule(): never {
  throw new Error("the phrase trigger module aborted");
}
