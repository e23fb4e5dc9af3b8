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
  configureRuns(runs: number, cap: number): void;
  digitRunsAscii(text: number, n: number, base: number): number;
  digitRunsUtf8(text: number, n: number, base: number): number;
}

const CHUNK_BYTES = 64 * 1024;
/** Hits each stripe's buffer holds per chunk: one per 8 bytes of a stripe; more and the pass gives up. */
const STRIPE_HITS = CHUNK_BYTES / 2 / 8;
/** Digit runs a chunk may hold, one per 8 of its bytes; more and the text's runs are not given (a table of numbers). */
const CHUNK_RUNS = CHUNK_BYTES / 8;

interface Layout {
  readonly a: number;
  readonly b: number;
  readonly text: number;
  readonly runs: number;
}

function place(exports: PassExports, dfa: Dfa): Layout {
  const cap = Math.max(STRIPE_HITS, dfa.mostOutputs);
  const [classes, table, outStart, outIds, a, b, text, runs] = layOut(exports.memory, [
    dfa.classes,
    dfa.table,
    dfa.outStart,
    dfa.outIds,
    cap * 8,
    cap * 8,
    CHUNK_BYTES,
    CHUNK_RUNS * 8,
  ]) as [number, number, number, number, number, number, number, number];
  exports.configure(classes, table, dfa.classCount, dfa.firstAccept, outStart, outIds, a, b, cap);
  exports.configureRuns(runs, CHUNK_RUNS);
  return { a, b, text, runs };
}

/** What one pass over a text found. */
export interface PassResult {
  /** Every occurrence of each literal, by literal index (undefined: none). */
  readonly lists: (number[] | undefined)[];
  /**
   * The text's maximal runs of ASCII digits `[0-9]` as `[start, end)` pairs of UTF-16 offsets, ascending
   * (`[s0, e0, s1, e1, ...]`); undefined when some 64 kB chunk holds more than one run per 8 bytes.
   */
  readonly digitRuns: Int32Array | undefined;
  /** Whether every character of the text is ASCII (every chunk encoded to as many bytes as it has characters). */
  readonly ascii: boolean;
}

/** Runs of digits gathered chunk by chunk, a run cut by a chunk's end joined to its continuation. */
class RunList {
  #pairs = new Int32Array(256);
  #size = 0;

  /** Appends `count` (start, end) pairs from `from`. */
  append(from: Int32Array, count: number): void {
    let k = 0;
    if (count > 0 && this.#size > 0 && this.#pairs[this.#size - 1] === from[0]) {
      this.#pairs[this.#size - 1] = from[1]!;
      k = 1;
    }
    const need = this.#size + (count - k) * 2;
    if (need > this.#pairs.length) {
      const grown = new Int32Array(Math.max(need, this.#pairs.length * 2));
      grown.set(this.#pairs.subarray(0, this.#size));
      this.#pairs = grown;
    }
    this.#pairs.set(from.subarray(k * 2, count * 2), this.#size);
    this.#size = need;
  }

  toArray(): Int32Array {
    return this.#pairs.slice(0, this.#size);
  }
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
   * Every occurrence of each literal and the digit runs of `text`, or undefined when more than `cap` hits in all, or
   * a stripe's buffer filled.
   */
  run(text: string, cap: number): PassResult | undefined {
    const ex = this.#exports;
    const layout = this.#layout;
    const lists: (number[] | undefined)[] = new Array(this.literals.length);
    let runs: RunList | undefined = new RunList();
    let count = 0;
    let base = 0;
    let allAscii = true;
    ex.reset();
    let rest = text;
    while (rest.length > 0) {
      const room = new Uint8Array(ex.memory.buffer, layout.text, CHUNK_BYTES);
      // encodeInto never splits a character (nor a surrogate pair) across two chunks.
      const { read, written } = encoder.encodeInto(rest, room);
      const ascii = read === written;
      allAscii &&= ascii;
      const status = ascii
        ? ex.scanAscii(layout.text, written, base, this.#overlap)
        : ex.scanUtf8(layout.text, written, base);
      if (status < 0) return undefined;
      count += this.#collect(lists, layout.a, ex.hitsInA());
      count += this.#collect(lists, layout.b, ex.hitsInB());
      if (count > cap) return undefined;
      if (runs !== undefined) {
        const found = ascii
          ? ex.digitRunsAscii(layout.text, written, base)
          : ex.digitRunsUtf8(layout.text, written, base);
        if (found < 0 || found > written >> 3) runs = undefined;
        else runs.append(new Int32Array(ex.memory.buffer, layout.runs, found * 2), found);
      }
      base += read;
      rest = read === rest.length ? "" : rest.slice(read);
    }
    return { lists, digitRuns: runs?.toArray(), ascii: allAscii };
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
