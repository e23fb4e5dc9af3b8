/**
 * Numbers appended one at a time and read by index, held in fixed-size typed chunks: growing never copies what is
 * held, and never leaves a half-size array behind. A typed array that doubles holds up to twice its data while it
 * grows, and the array it outgrew stays in memory until a full collection (an ArrayBuffer's memory is outside the
 * JS heap and freed only when its object is collected): for the per-run maps of a hostile text, built to millions of
 * entries, that was as much memory as the maps themselves. Small lists stay small: the first chunk starts at 16
 * entries and doubles up to the chunk size, so only a list past one chunk (65,536 entries) adds whole chunks.
 *
 * Hand-written: a chunked typed list is a few lines, and the scanner's maps need nothing more (push, read, write,
 * shrink).
 */
type Typed = Int32Array | Uint16Array | Uint8Array;

const SHIFT = 16;
/** Entries per chunk. */
export const CHUNK_ENTRIES = 1 << SHIFT;
const MASK = CHUNK_ENTRIES - 1;
const FIRST = 16;

class TypedChunks<T extends Typed> {
  #chunks: T[];
  #size = 0;
  readonly #make: (length: number) => T;

  constructor(make: (length: number) => T) {
    this.#make = make;
    this.#chunks = [make(FIRST)];
  }

  get size(): number {
    return this.#size;
  }

  /** Bytes held (capacity, not only what is used). */
  get bytes(): number {
    let total = 0;
    for (const chunk of this.#chunks) total += chunk.byteLength;
    return total;
  }

  push(value: number): void {
    const n = this.#size;
    const index = n >>> SHIFT;
    let chunk = this.#chunks[index];
    if (chunk === undefined) {
      chunk = this.#make(CHUNK_ENTRIES);
      this.#chunks.push(chunk);
    } else if ((n & MASK) === chunk.length) {
      // Only the first chunk is ever short: it doubles until it is a whole chunk.
      const grown = this.#make(chunk.length * 2);
      grown.set(chunk);
      chunk = grown;
      this.#chunks[index] = chunk;
    }
    chunk[n & MASK] = value;
    this.#size = n + 1;
  }

  get(i: number): number {
    return this.#chunks[i >>> SHIFT]![i & MASK]!;
  }

  set(i: number, value: number): void {
    this.#chunks[i >>> SHIFT]![i & MASK] = value;
  }

  /** The last entry; undefined when empty. */
  last(): number | undefined {
    return this.#size === 0 ? undefined : this.get(this.#size - 1);
  }

  /** Keeps the first `size` entries (whole chunks past them are let go). */
  truncate(size: number): void {
    if (size >= this.#size) return;
    this.#size = size;
    const keep = Math.max(1, Math.ceil(size / CHUNK_ENTRIES));
    if (this.#chunks.length > keep) this.#chunks.length = keep;
  }

  *[Symbol.iterator](): Iterator<number> {
    for (let i = 0; i < this.#size; i++) yield this.get(i);
  }
}

export class Int32Chunks extends TypedChunks<Int32Array> {
  constructor() {
    super((length) => new Int32Array(length));
  }
}

export class Uint16Chunks extends TypedChunks<Uint16Array> {
  constructor() {
    super((length) => new Uint16Array(length));
  }
}

export class Uint8Chunks extends TypedChunks<Uint8Array> {
  constructor() {
    super((length) => new Uint8Array(length));
  }
}
