/**
 * Where a text leaves printable ASCII (tab, LF and CR allowed): whether it does at all (`isPrintableAscii`'s
 * question) and every maximal run of units outside it (what the injection folds look at, normalise.ts). The text's
 * UTF-16 units are written into a WebAssembly module's memory and scanned there eight at a time
 * (wasm/fold-runs.ts), a chunk of at most CHUNK_UNITS units at a time.
 */
import { instantiateEmbedded, layOut, type WasmMemory } from "../../../shared/wasm/embedded.js";
import { MODULE_PACKED } from "../../../shared/wasm/fold-runs.generated.js";

interface FoldRunExports {
  readonly memory: WasmMemory;
  configure(units: number, runs: number): void;
  oddRuns(n: number): number;
}

/** Units written and scanned at once (the module's memory holds two bytes a unit and the runs of one chunk). */
const CHUNK_UNITS = 1 << 15;

/** Below this length a regex answers sooner than a write into the module and a call. */
const SHORT = 48;
const NEEDS_FOLDING = /[^\t\n\r\x20-\x7e]/;

interface Module {
  readonly ex: FoldRunExports;
  /** The units region as bytes (what `Buffer.write` fills), and the runs region. */
  readonly units: Buffer;
  readonly runs: Int32Array;
}

let loaded: Module | undefined;

function module(): Module {
  if (loaded === undefined) {
    const ex = instantiateEmbedded<FoldRunExports>(MODULE_PACKED, () => {
      throw new Error("fold-runs aborted");
    });
    const [units, runs] = layOut(ex.memory, [2 * CHUNK_UNITS + 32, 4 * CHUNK_UNITS + 16]) as [number, number];
    ex.configure(units, runs);
    const buffer = ex.memory.buffer;
    loaded = {
      ex,
      units: Buffer.from(buffer, units, 2 * CHUNK_UNITS),
      runs: new Int32Array(buffer, runs, CHUNK_UNITS + 4),
    };
  }
  return loaded;
}

/** Writes input[from, from + n) (n at most CHUNK_UNITS) into the module as UTF-16 units. */
function write(m: Module, input: string, from: number, n: number): void {
  m.units.write(from === 0 && n === input.length ? input : input.slice(from, from + n), 0, 2 * n, "utf16le");
}

/** Whether every unit of `input` is printable ASCII, tab, LF or CR. */
export function printableAscii(input: string): boolean {
  if (input.length < SHORT) return !NEEDS_FOLDING.test(input);
  const m = module();
  for (let from = 0; from < input.length; from += CHUNK_UNITS) {
    const n = Math.min(CHUNK_UNITS, input.length - from);
    write(m, input, from, n);
    if (m.ex.oddRuns(n) > 0) return false;
  }
  return true;
}

/**
 * The maximal runs of units outside printable ASCII, tab, LF and CR in `input`, in order: runs[2i] is the i-th run's
 * start and runs[2i + 1] its end. The array is reused by the next call (read it before calling again).
 */
export class OddRuns {
  count = 0;
  runs = new Int32Array(64);

  // The runs of `input`; returns this.
  of(input: string): this {
    this.count = 0;
    const m = module();
    for (let from = 0; from < input.length; from += CHUNK_UNITS) {
      const n = Math.min(CHUNK_UNITS, input.length - from);
      write(m, input, from, n);
      const found = m.ex.oddRuns(n);
      for (let i = 0; i < 2 * found; i += 2) {
        const start = from + m.runs[i]!;
        const end = from + m.runs[i + 1]!;
        // A run that ends at a chunk's end and one that starts at the next chunk's start are one run.
        if (this.count > 0 && start === from && this.runs[2 * this.count - 1] === from) {
          this.runs[2 * this.count - 1] = end;
          continue;
        }
        if (2 * this.count + 2 > this.runs.length) {
          const grown = new Int32Array(this.runs.length * 2);
          grown.set(this.runs);
          this.runs = grown;
        }
        this.runs[2 * this.count] = start;
        this.runs[2 * this.count + 1] = end;
        this.count++;
      }
    }
    return this;
  }
}
