/**
 * The shared literal pass's scanner (scan/candidates.ts runs it once per long text): the DFA of
 * src/shared/literal-automaton.ts (same construction, ASCII letters folded) run by wasm/literal-pass.ts, which reads
 * each ASCII chunk as two stripes at once (two independent DFA chains in one loop: about twice the bytes per
 * nanosecond of the shared automaton's one chain), and hands back every occurrence of every literal as per-literal
 * lists of starts (no callback per hit). Gives up on a text whose hits fill a stripe's buffer: the callers' own
 * searches, which give up on dense texts too, are cheaper there.
 *
 * Invariant (test/property/literal-pass.property.test.ts): each list is every ASCII-case-folded occurrence of its
 * literal, overlapping ones included, ascending, with UTF-16 offsets.
 */
import { buildDfa, type Dfa, utf8Literals } from "../../shared/literal-automaton.js";
import { instantiateEmbedded, layOut, type WasmMemory } from "../../shared/wasm/embedded.js";
import { MODULE_BASE64 } from "../../shared/wasm/literal-pass.generated.js";

interface PassExports {
  readonly memory: WasmMemory;
  configure(
    classes: number,
    table: number,
    k: number,
    accept: number,
    outStart: number,
    outIds: number,
    a: number,
    b: number,
    cap: number,
  ): void;
  reset(): void;
  hitsInA(): number;
  hitsInB(): number;
  scanAscii(text: number, n: number, base: number, overlap: number): number;
  scanUtf8(text: number, n: number, base: number): number;
}

const CHUNK_BYTES = 64 * 1024;
/** Hits each stripe's buffer holds per chunk: one per 8 bytes of a stripe; more and the pass gives up. */
const STRIPE_HITS = CHUNK_BYTES / 2 / 8;

interface Layout {
  readonly a: number;
  readonly b: number;
  readonly text: number;
}

function place(exports: PassExports, dfa: Dfa): Layout {
  const cap = Math.max(STRIPE_HITS, dfa.mostOutputs);
  const [classes, table, outStart, outIds, a, b, text] = layOut(exports.memory, [
    dfa.classes,
    dfa.table,
    dfa.outStart,
    dfa.outIds,
    cap * 8,
    cap * 8,
    CHUNK_BYTES,
  ]) as [number, number, number, number, number, number, number];
  exports.configure(classes, table, dfa.classCount, dfa.firstAccept, outStart, outIds, a, b, cap);
  return { a, b, text };
}

const encoder = new TextEncoder();

export class LiteralPass {
  readonly #exports: PassExports;
  readonly #layout: Layout;
  readonly #lengths: Int32Array;
  /** The longest literal's UTF-8 length - 1: how far before its stripe the second stripe's DFA starts. */
  readonly #overlap: number;

  /** Compiles `literals` (non-empty), matched with ASCII letters folded. */
  constructor(readonly literals: readonly string[]) {
    const bytes = utf8Literals(literals, true);
    const dfa = buildDfa(bytes, true);
    this.#exports = instantiateEmbedded<PassExports>(MODULE_BASE64, abortFromModule);
    this.#layout = place(this.#exports, dfa);
    this.#lengths = Int32Array.from(literals, (literal) => literal.length);
    this.#overlap = Math.max(0, ...bytes.map((b) => b.length - 1));
  }

  /**
   * Every occurrence of each literal, by literal index (undefined: none), or undefined when more than `cap` hits
   * in all, or a stripe's buffer filled.
   */
  run(text: string, cap: number): (number[] | undefined)[] | undefined {
    const ex = this.#exports;
    const lists: (number[] | undefined)[] = new Array(this.literals.length);
    let count = 0;
    let base = 0;
    ex.reset();
    let rest = text;
    while (rest.length > 0) {
      const room = new Uint8Array(ex.memory.buffer, this.#layout.text, CHUNK_BYTES);
      // encodeInto never splits a character (nor a surrogate pair) across two chunks.
      const { read, written } = encoder.encodeInto(rest, room);
      const status =
        read === written
          ? ex.scanAscii(this.#layout.text, written, base, this.#overlap)
          : ex.scanUtf8(this.#layout.text, written, base);
      if (status < 0) return undefined;
      count += this.#collect(lists, this.#layout.a, ex.hitsInA());
      count += this.#collect(lists, this.#layout.b, ex.hitsInB());
      if (count > cap) return undefined;
      base += read;
      rest = read === rest.length ? "" : rest.slice(read);
    }
    return lists;
  }

  /** Appends `count` (literal, end) pairs at `at` to the lists; returns `count`. */
  #collect(lists: (number[] | undefined)[], at: number, count: number): number {
    if (count === 0) return 0;
    const pairs = new Int32Array(this.#exports.memory.buffer, at, count * 2);
    const lengths = this.#lengths;
    for (let i = 0; i < pairs.length; i += 2) {
      const id = pairs[i]!;
      const start = pairs[i + 1]! - lengths[id]!;
      const list = lists[id];
      if (list === undefined) lists[id] = [start];
      else list.push(start);
    }
    return count;
  }
}

function abortFromModule(): never {
  throw new Error("the literal pass's module aborted");
}
