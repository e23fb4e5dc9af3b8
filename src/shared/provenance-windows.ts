/**
 * The byte passes of the provenance facts over an ASCII text, run by a WebAssembly module
 * (wasm/provenance-windows.ts): the text's token runs, and its passage windows found, deduplicated and hashed in one
 * loop. src/shared/provenance.ts uses it for the facts of a tool result or a user message (the hot path: a 64 KB
 * result has about 500 distinct windows); every other caller keeps the JavaScript path, which gives the same values
 * and, through node:crypto, the same hashes.
 *
 * Invariants (test/property/provenance-windows.property.test.ts checks them against the JavaScript path):
 * - `windowHashes` returns, in order, `hashValue`'s hash of each of the first `limit` distinct windows
 *   `passageWindows` finds in the same ASCII text;
 * - `tokenRuns` visits the same pieces as the JavaScript token scan.
 * One instance per process; a call reads and overwrites its memory, so calls never interleave (all synchronous).
 */
import { instantiateEmbedded, type WasmMemory } from "./wasm/embedded.js";
import { MODULE_PACKED } from "./wasm/provenance-windows.generated.js";

interface WindowsExports {
  readonly memory: WasmMemory;
  tokenRuns(text: number, len: number, minLength: number, out: number): number;
  passages(
    text: number,
    len: number,
    prefix: number,
    prefixBytes: number,
    limit: number,
    arena: number,
    table: number,
    mask: number,
    out: number,
  ): number;
  hash(prefix: number, prefixBytes: number, data: number, n: number, out: number): void;
}

/** Windows one call may hash (a text's facts are capped at 512: see MAX_VALUES_PER_TEXT). */
export const MAX_WASM_WINDOWS = 4096;
/** The longest hash prefix (UTF-8 bytes) the module takes; a longer one (a very long key) keeps the JS path. */
export const MAX_WASM_PREFIX = 16_384;

const HASH_CHARS = 22;
const WINDOW_SLOT = 40;
const TABLE_SLOTS = 2 * MAX_WASM_WINDOWS;
// Fixed regions after the module's own first page, then the text and its runs.
const PREFIX_AT = 65_536;
const OUT_AT = PREFIX_AT + MAX_WASM_PREFIX;
const TABLE_AT = OUT_AT + ((MAX_WASM_WINDOWS * HASH_CHARS + 7) & ~7);
const ARENA_AT = TABLE_AT + TABLE_SLOTS * 4;
const TEXT_AT = ARENA_AT + (MAX_WASM_WINDOWS + 1) * WINDOW_SLOT;

export class WindowsModule {
  readonly #exports: WindowsExports;
  #view: Buffer;
  #prefix = "";
  #prefixBytes = 0;
  #len = 0;

  constructor() {
    this.#exports = instantiateEmbedded<WindowsExports>(MODULE_PACKED, () => {
      throw new Error("provenance-windows: the module trapped");
    });
    this.#view = Buffer.from(this.#exports.memory.buffer);
    // The fixed regions exist from the start (the prefix is written before any text).
    this.#reserve(0);
  }

  /** Room for `bytes` past `TEXT_AT` (the memory grows; the view follows). */
  #reserve(bytes: number): void {
    const memory = this.#exports.memory;
    const end = TEXT_AT + bytes;
    if (memory.buffer.byteLength < end) memory.grow(Math.ceil((end - memory.buffer.byteLength) / 65_536));
    if (this.#view.buffer !== memory.buffer) this.#view = Buffer.from(memory.buffer);
  }

  /** Copies an ASCII `text` in; what the next `tokenRuns` and `windowHashes` read. */
  load(text: string): void {
    // The text, then its runs: at most one (start, end) pair per 7 bytes (a run of 6 and a break) and one more.
    this.#reserve(text.length + 8 + 8 * (Math.ceil(text.length / 7) + 1));
    this.#len = this.#view.write(text, TEXT_AT, "latin1");
  }

  /** The (start, end) runs of TOKEN's class of at least `minLength` in the loaded text. */
  tokenRuns(minLength: number): Int32Array {
    const runsAt = (TEXT_AT + this.#len + 7) & ~7;
    const count = this.#exports.tokenRuns(TEXT_AT, this.#len, minLength, runsAt);
    return new Int32Array(this.#exports.memory.buffer, runsAt, 2 * count);
  }

  /** Sets the hash prefix (`hashPrefix(salt, key)`); false when it is too long for the module. */
  setPrefix(prefix: string): boolean {
    if (prefix === this.#prefix && this.#prefixBytes > 0) return true;
    if (Buffer.byteLength(prefix) > MAX_WASM_PREFIX) return false;
    this.#prefix = prefix;
    this.#prefixBytes = this.#view.write(prefix, PREFIX_AT, "utf8");
    return true;
  }

  /**
   * The hashes of the loaded text's first `limit` distinct passage windows (the text is compacted in place, so
   * `tokenRuns` must come first).
   */
  windowHashes(limit: number): string[] {
    const e = this.#exports;
    const want = Math.min(limit, MAX_WASM_WINDOWS);
    // A table at least twice the windows kept (filled at most half), cleared by each call.
    const mask = Math.max(64, 2 ** Math.ceil(Math.log2(2 * want))) - 1;
    const count = e.passages(
      TEXT_AT,
      this.#len,
      PREFIX_AT,
      this.#prefixBytes,
      want,
      ARENA_AT,
      TABLE_AT,
      mask,
      OUT_AT,
    );
    const all = this.#view.toString("latin1", OUT_AT, OUT_AT + count * HASH_CHARS);
    const out = new Array<string>(count);
    for (let i = 0; i < count; i++) out[i] = all.slice(i * HASH_CHARS, (i + 1) * HASH_CHARS);
    return out;
  }

  /** For tests: the module's hash of prefix || data (22 base64url characters). */
  hash(prefix: string, data: string): string {
    this.#prefix = "";
    const prefixBytes = this.#view.write(prefix, PREFIX_AT, "utf8");
    this.load(data);
    this.#exports.hash(PREFIX_AT, prefixBytes, TEXT_AT, this.#len, OUT_AT);
    return this.#view.toString("latin1", OUT_AT, OUT_AT + HASH_CHARS);
  }
}

let instance: WindowsModule | undefined;

/** The process's instance (compiled on first use). */
export function windowsModule(): WindowsModule {
  instance ??= new WindowsModule();
  return instance;
}
