import { unpackBytes } from "../packed-bytes.js";

/**
 * Loading the WebAssembly modules embedded under src/shared/wasm (generated from wasm/ by scripts/build-wasm.mjs,
 * packed: ../packed-bytes.ts). Each module is unpacked and compiled once per process, on first use (a few kilobytes:
 * synchronous compilation is allowed on the main thread), and each caller gets its own instance, so the scan state a
 * module keeps in its globals and memory is never shared between two users.
 */

/** A module's exported memory (the project's `lib` has no DOM, where the WebAssembly types live). */
export interface WasmMemory {
  readonly buffer: ArrayBuffer;
  grow(pages: number): number;
}

interface WasmApi {
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object, imports: object) => { readonly exports: object };
}

const wasm = (globalThis as unknown as { WebAssembly: WasmApi }).WebAssembly;
const compiled = new Map<string, object>();

/**
 * A new instance of the embedded module `packed` (a generated file's `MODULE_PACKED`); its exports typed as `T` by
 * the caller, who knows the module's source. `abort` is what the module calls when it traps on purpose
 * (AssemblyScript's `abort` import).
 */
export function instantiateEmbedded<T>(packed: string, abort: () => never): T {
  let module = compiled.get(packed);
  if (module === undefined) {
    module = new wasm.Module(unpackBytes(packed));
    compiled.set(packed, module);
  }
  return new wasm.Instance(module, { env: { abort } }).exports as T;
}

/** A region of a module's memory: contents to copy in, or a count of bytes to reserve. */
export type Region = ArrayBufferView | number;

/** Where the host's regions start: the module's first page holds its own data and stack. */
const FIRST_REGION = 65536;

/**
 * Lays `regions` out one after another from the module's second page, each 8-byte aligned, grows the memory to hold
 * them all, copies in the contents of those that have any, and returns each region's byte offset, in order.
 */
export function layOut(memory: WasmMemory, regions: readonly Region[]): number[] {
  const offsets: number[] = [];
  let end = FIRST_REGION;
  for (const region of regions) {
    offsets.push(end);
    end = (end + (typeof region === "number" ? region : region.byteLength) + 7) & ~7;
  }
  if (memory.buffer.byteLength < end) memory.grow(Math.ceil((end - memory.buffer.byteLength) / 65536));
  const bytes = new Uint8Array(memory.buffer);
  regions.forEach((region, i) => {
    if (typeof region !== "number")
      bytes.set(new Uint8Array(region.buffer, region.byteOffset, region.byteLength), offsets[i]);
  });
  return offsets;
}
