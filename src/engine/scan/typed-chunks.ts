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
  /** Empty until the first push: most lists of a JSON screening (one per joined read, per kept string) stay empty. */
  readonly #chunks: T[] = [];
  #size = 0;
  readonly #make: (length: number) => T;

  constructor(make: (length: number) => T) {
    this.#make = make;
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
      chunk = this.#make(index === 0 ? FIRST : CHUNK_ENTRIES);
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

const int32 = (length: number) => new Int32Array(length);
const uint16 = (length: number) => new Uint16Array(length);
const uint8 = (length: number) => new Uint8Array(length);

export class Int32Chunks extends TypedChunks<Int32Array> {
  constructor() {
    super(int32);
  }
}

export class Uint16Chunks extends TypedChunks<Uint16Array> {
  constructor() {
    super(uint16);
  }
}

export class Uint8Chunks extends TypedChunks<Uint8Array> {
  constructor() {
    super(uint8);
  }
}

const BLOCK_SHIFT = 6;
const BLOCK = 1 << BLOCK_SHIFT;
const BLOCK_MASK = BLOCK - 1;
const MAX_DELTA = 0xffff;

/**
 * Int32 values held as two-byte differences from the first value of their block of 64 (about 2 bytes a value
 * instead of 4): the segment map of a text with a segment every other character holds offsets a few characters
 * apart. A block with a value its difference cannot hold (a jump of 64 K characters, a smaller value) is kept whole
 * as an Int32Array of its own; such blocks are few (a jump that wide means few segments per character).
 */
export class PackedInt32List {
  readonly #base = new Int32Chunks();
  readonly #delta = new Uint16Chunks();
  /** 1 for a block held whole in #whole. */
  readonly #isWhole = new Uint8Chunks();
  readonly #whole = new Map<number, Int32Array>();
  #size = 0;

  get size(): number {
    return this.#size;
  }

  get bytes(): number {
    return this.#base.bytes + this.#delta.bytes + this.#isWhole.bytes + this.#whole.size * BLOCK * 4;
  }

  push(value: number): void {
    const n = this.#size;
    const block = n >>> BLOCK_SHIFT;
    if ((n & BLOCK_MASK) === 0) {
      this.#base.push(value);
      this.#isWhole.push(0);
    }
    this.#delta.push(0);
    this.#size = n + 1;
    this.#store(block, n, value);
  }

  get(i: number): number {
    const block = i >>> BLOCK_SHIFT;
    if (this.#isWhole.get(block) === 1) return this.#whole.get(block)![i & BLOCK_MASK]!;
    return this.#base.get(block) + this.#delta.get(i);
  }

  set(i: number, value: number): void {
    this.#store(i >>> BLOCK_SHIFT, i, value);
  }

  #store(block: number, i: number, value: number): void {
    if (this.#isWhole.get(block) === 0) {
      const delta = value - this.#base.get(block);
      if (delta >= 0 && delta <= MAX_DELTA) {
        this.#delta.set(i, delta);
        return;
      }
      this.#makeWhole(block);
    }
    this.#whole.get(block)![i & BLOCK_MASK] = value;
  }

  #makeWhole(block: number): void {
    const values = new Int32Array(BLOCK);
    const first = block << BLOCK_SHIFT;
    const end = Math.min(this.#size, first + BLOCK);
    const base = this.#base.get(block);
    for (let i = first; i < end; i++) values[i - first] = base + this.#delta.get(i);
    this.#whole.set(block, values);
    this.#isWhole.set(block, 1);
  }
}
