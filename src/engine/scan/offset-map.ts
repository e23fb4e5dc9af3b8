/**
 * Maps offsets in a string with some spans removed back to offsets in the original string, so findings made
 * after stripping invisible characters still point into the text the tool actually returned.
 *
 * One entry per removed RUN, in two growable Int32Arrays (8 bytes a run, whatever the run's length): a result made
 * of a million stripped characters between letters (`"a\u200b"` repeated) costs 8 MB here, not a JS array pair
 * per run. String offsets fit: a string is shorter than 2^30 code units.
 */
export class OffsetMap {
  // #at[i] is the offset, in the stripped text, where the i-th removed run was; #total[i] is the total length
  // removed up to and including that run. Both ascending.
  #at = new Int32Array(0);
  #total = new Int32Array(0);
  #size = 0;

  static identity = new OffsetMap();

  /** Removed runs recorded (adjacent removals at one stripped offset are one run). */
  get size(): number {
    return this.#size;
  }

  /** Bytes held by the map's arrays. */
  get bytes(): number {
    return this.#at.byteLength + this.#total.byteLength;
  }

  add(strippedOffset: number, removedLength: number): void {
    const n = this.#size;
    const prev = n > 0 ? this.#total[n - 1]! : 0;
    if (n > 0 && this.#at[n - 1] === strippedOffset) {
      this.#total[n - 1] = prev + removedLength; // continues the run before it
      return;
    }
    if (n === this.#at.length) this.#grow();
    this.#at[n] = strippedOffset;
    this.#total[n] = prev + removedLength;
    this.#size = n + 1;
  }

  #grow(): void {
    const capacity = Math.max(16, this.#at.length * 2);
    const at = new Int32Array(capacity);
    at.set(this.#at);
    const total = new Int32Array(capacity);
    total.set(this.#total);
    this.#at = at;
    this.#total = total;
  }

  /** Original offset of a start position (a removed run at the same place lies before it). */
  toOriginal(offset: number): number {
    const at = this.#at;
    let lo = 0;
    let hi = this.#size - 1;
    let idx = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (at[mid]! <= offset) {
        idx = mid;
        lo = mid + 1;
      } else {
        hi = mid - 1;
      }
    }
    return idx < 0 ? offset : offset + this.#total[idx]!;
  }

  /**
   * Offset in the stripped text of an original position; a position inside a removed run maps to the place the
   * run was. Used to apply findings made on the original text to the stripped one.
   */
  toStripped(offset: number): number {
    const at = this.#at;
    const total = this.#total;
    let lo = 0;
    let hi = this.#size - 1;
    let idx = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const originalStart = at[mid]! + (mid > 0 ? total[mid - 1]! : 0);
      if (originalStart <= offset) {
        idx = mid;
        lo = mid + 1;
      } else {
        hi = mid - 1;
      }
    }
    if (idx < 0) return offset;
    return offset < at[idx]! + total[idx]! ? at[idx]! : offset - total[idx]!;
  }

  /** Original offset of an end position (exclusive): removed runs exactly at the end are not included. */
  endToOriginal(offset: number): number {
    return offset === 0 ? 0 : this.toOriginal(offset - 1) + 1;
  }
}

/**
 * Normalised-to-original offsets as segments (the scanner's normalised view): a run copied as it is is one linear
 * segment, and each character whose fold changed its length (a dropped invisible character, a decoded escape, a
 * ligature) closes it; a block segment maps each of its characters to the whole original block. The same mapping
 * as the injection normaliser's map (detectors/injection/normalise.ts), held in three growable Int32Arrays
 * (12 bytes a segment) rather than three JS arrays, because a hostile text can have a segment every other
 * character. Lookups are a binary search, done only for reported matches.
 */
export class SegmentMap {
  #norm = new Int32Array(16);
  #orig = new Int32Array(16);
  /** Original width of a block segment; 0 for a linear one. */
  #width = new Int32Array(16);
  #size = 0;

  get size(): number {
    return this.#size;
  }

  get bytes(): number {
    return this.#norm.byteLength + this.#orig.byteLength + this.#width.byteLength;
  }

  addLinear(norm: number, orig: number): void {
    const last = this.#size - 1;
    if (last >= 0 && this.#width[last] === 0 && orig - this.#orig[last]! === norm - this.#norm[last]!) return;
    this.#push(norm, orig, 0);
  }

  addBlock(norm: number, orig: number, width: number): void {
    this.#push(norm, orig, width);
  }

  toOriginal(start: number, end: number): [number, number] {
    const [first] = this.#locate(start);
    if (end <= start) return [first, first];
    return [first, this.#locate(end - 1)[1]];
  }

  #push(norm: number, orig: number, width: number): void {
    const n = this.#size;
    if (n === this.#norm.length) {
      const grow = (a: Int32Array) => {
        const b = new Int32Array(n * 2);
        b.set(a);
        return b;
      };
      this.#norm = grow(this.#norm);
      this.#orig = grow(this.#orig);
      this.#width = grow(this.#width);
    }
    this.#norm[n] = norm;
    this.#orig[n] = orig;
    this.#width[n] = width;
    this.#size = n + 1;
  }

  /** The original `[start, end)` of normalised character `index`. */
  #locate(index: number): [number, number] {
    if (this.#size === 0) return [index, index + 1];
    let lo = 0;
    let hi = this.#size - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.#norm[mid]! <= index) lo = mid;
      else hi = mid - 1;
    }
    const width = this.#width[lo]!;
    const orig = this.#orig[lo]!;
    if (width > 0) return [orig, orig + width];
    const at = orig + (index - this.#norm[lo]!);
    return [at, at + 1];
  }
}

/** Pieces joined a chunk at a time, so text built from a million pieces never holds a million strings. */
export class TextBuilder {
  static readonly CHUNK = 4096;
  #chunks: string[] = [];
  #parts: string[] = [];

  push(piece: string): void {
    if (piece.length === 0) return;
    this.#parts.push(piece);
    if (this.#parts.length === TextBuilder.CHUNK) {
      this.#chunks.push(this.#parts.join(""));
      this.#parts = [];
    }
  }

  toString(): string {
    this.#chunks.push(this.#parts.join(""));
    this.#parts = [];
    const text = this.#chunks.join("");
    this.#chunks = [text];
    return text;
  }
}
