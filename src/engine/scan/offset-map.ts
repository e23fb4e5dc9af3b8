import type { RangeList } from "../sanitizer/match-runs.js";
import { Int32Chunks, PackedInt32List, Uint8Chunks } from "./typed-chunks.js";

/** Offsets read in order (the normalised view's `changes`): a typed array, or the stripped offsets of an OffsetMap. */
export interface OffsetList extends Iterable<number> {
  readonly length: number;
}

/**
 * Maps offsets in a string with some spans removed back to offsets in the original string, so findings made
 * after stripping invisible characters still point into the text the tool actually returned.
 *
 * One entry per removed RUN, in two chunked Int32 lists (8 bytes a run, whatever the run's length; see
 * typed-chunks.ts): a result made of a million stripped characters between letters (`"a\u200b"` repeated) costs
 * 8 MB here, not a JS array pair per run. Made from the removed ranges (`fromRanges`), it takes their lists over
 * and rewrites them in place, so the ranges and the map are never held twice. String offsets fit: a string is
 * shorter than 2^30 code units.
 */
export class OffsetMap {
  // #at[i] is the offset, in the stripped text, where the i-th removed run was; #total[i] is the total length
  // removed up to and including that run. Both ascending.
  #at: Int32Chunks;
  #total: Int32Chunks;

  static identity = new OffsetMap();

  constructor(at = new Int32Chunks(), total = new Int32Chunks()) {
    this.#at = at;
    this.#total = total;
  }

  /**
   * The map of a text without `ranges` (sorted and merged here). The ranges' lists become the map's (in place: a
   * range's start becomes its stripped offset, its end the total removed so far), and `ranges` is left empty.
   */
  static fromRanges(ranges: RangeList): OffsetMap {
    ranges.normalise();
    const { starts, ends } = ranges.take();
    let removed = 0;
    for (let i = 0; i < starts.size; i++) {
      const start = starts.get(i);
      starts.set(i, start - removed);
      removed += ends.get(i) - start;
      ends.set(i, removed);
    }
    return new OffsetMap(starts, ends);
  }

  /** Removed runs recorded (adjacent removals at one stripped offset are one run). */
  get size(): number {
    return this.#at.size;
  }

  /** Bytes held by the map's lists. */
  get bytes(): number {
    return this.#at.bytes + this.#total.bytes;
  }

  add(strippedOffset: number, removedLength: number): void {
    const n = this.#at.size;
    const prev = n > 0 ? this.#total.get(n - 1) : 0;
    if (n > 0 && this.#at.get(n - 1) === strippedOffset) {
      this.#total.set(n - 1, prev + removedLength); // continues the run before it
      return;
    }
    this.#at.push(strippedOffset);
    this.#total.push(prev + removedLength);
  }

  /** Characters removed in all. */
  get removedLength(): number {
    return this.#total.last() ?? 0;
  }

  /** Where removed run `i` starts in the original text. */
  runStart(i: number): number {
    return this.#at.get(i) + (i > 0 ? this.#total.get(i - 1) : 0);
  }

  /** Where removed run `i` ends in the original text. */
  runEnd(i: number): number {
    return this.#at.get(i) + this.#total.get(i);
  }

  /** The removed runs as ranges of the original text (a copy: the map keeps its own). */
  removedRanges(ranges: RangeList): RangeList {
    for (let i = 0; i < this.#at.size; i++) ranges.add(this.runStart(i), this.runEnd(i));
    return ranges;
  }

  /** Where the removed runs were in the stripped text, ascending and distinct (no copy). */
  strippedOffsets(): OffsetList {
    const at = this.#at;
    return { length: at.size, [Symbol.iterator]: () => at[Symbol.iterator]() };
  }

  /** Original offset of a start position (a removed run at the same place lies before it). */
  toOriginal(offset: number): number {
    const at = this.#at;
    let lo = 0;
    let hi = at.size - 1;
    let idx = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (at.get(mid) <= offset) {
        idx = mid;
        lo = mid + 1;
      } else {
        hi = mid - 1;
      }
    }
    return idx < 0 ? offset : offset + this.#total.get(idx);
  }

  /**
   * Offset in the stripped text of an original position; a position inside a removed run maps to the place the
   * run was. Used to apply findings made on the original text to the stripped one.
   */
  toStripped(offset: number): number {
    const at = this.#at;
    const total = this.#total;
    let lo = 0;
    let hi = at.size - 1;
    let idx = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const originalStart = at.get(mid) + (mid > 0 ? total.get(mid - 1) : 0);
      if (originalStart <= offset) {
        idx = mid;
        lo = mid + 1;
      } else {
        hi = mid - 1;
      }
    }
    if (idx < 0) return offset;
    return offset < at.get(idx) + total.get(idx) ? at.get(idx) : offset - total.get(idx);
  }

  /** Original offset of an end position (exclusive): removed runs exactly at the end are not included. */
  endToOriginal(offset: number): number {
    return offset === 0 ? 0 : this.toOriginal(offset - 1) + 1;
  }
}

/** A block segment's width from this on is kept in a map (a width is one byte per segment otherwise). */
const WIDE = 255;

/**
 * Normalised-to-original offsets as segments (the scanner's normalised view): a run copied as it is is one linear
 * segment, and each character whose fold changed its length (a dropped invisible character, a decoded escape, a
 * ligature) closes it; a block segment maps each of its characters to the whole original block. The same mapping
 * as the injection normaliser's map (detectors/injection/normalise.ts), held in chunked typed lists (two offsets
 * packed as differences, about 2 bytes each when segments are close, and a one-byte width, wider blocks in a map:
 * about 5 bytes a segment, 13 at most) rather than three JS arrays, because a hostile text can have a segment every
 * other character. Lookups are a binary search, done only for reported
 * matches.
 */
export class SegmentMap {
  readonly #norm = new PackedInt32List();
  readonly #orig = new PackedInt32List();
  /** Original width of a block segment; 0 for a linear one; WIDE for a width kept in #wide. */
  readonly #width = new Uint8Chunks();
  readonly #wide = new Map<number, number>();

  get size(): number {
    return this.#norm.size;
  }

  get bytes(): number {
    return this.#norm.bytes + this.#orig.bytes + this.#width.bytes;
  }

  addLinear(norm: number, orig: number): void {
    const last = this.#norm.size - 1;
    if (
      last >= 0 &&
      this.#width.get(last) === 0 &&
      orig - this.#orig.get(last) === norm - this.#norm.get(last)
    )
      return;
    this.#push(norm, orig, 0);
  }

  addBlock(norm: number, orig: number, width: number): void {
    this.#push(norm, orig, width);
  }

  toOriginal(start: number, end: number): [number, number] {
    const first = this.#locate(start, false);
    if (end <= start) return [first, first];
    return [first, this.#locate(end - 1, true)];
  }

  #push(norm: number, orig: number, width: number): void {
    if (width >= WIDE) this.#wide.set(this.#norm.size, width);
    this.#norm.push(norm);
    this.#orig.push(orig);
    this.#width.push(Math.min(width, WIDE));
  }

  /**
   * The original start (or, with `end`, end) of normalised character `index`: one number, not a pair (a dense view
   * maps a match's two ends once per match).
   */
  #locate(index: number, end: boolean): number {
    const size = this.#norm.size;
    if (size === 0) return end ? index + 1 : index;
    let lo = 0;
    let hi = size - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.#norm.get(mid) <= index) lo = mid;
      else hi = mid - 1;
    }
    const byte = this.#width.get(lo);
    const width = byte === WIDE ? this.#wide.get(lo)! : byte;
    const orig = this.#orig.get(lo);
    if (width > 0) return end ? orig + width : orig;
    const at = orig + (index - this.#norm.get(lo));
    return end ? at + 1 : at;
  }
}

/**
 * Pieces joined a chunk at a time, so text built from a million pieces never holds a million strings. A text of up to
 * CHUNK pieces (a 1 MB text with a few thousand redactions) is copied once, by the one join; past that each chunk's
 * characters are copied twice (into the chunk, then into the text), so the chunk is large: at most CHUNK strings are
 * held at once, a few MB of slices whatever the text.
 */
export class TextBuilder {
  static readonly CHUNK = 65536;
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

  /**
   * The text of `toString` left as V8's rope (the last chunk's pieces still slices of their source): its first
   * reader copies it once, in place, instead of here and again there. At most CHUNK pieces stay unjoined.
   */
  toRope(): string {
    let text = "";
    for (const chunk of this.#chunks) text += chunk;
    for (const piece of this.#parts) text += piece;
    this.#chunks = [text];
    this.#parts = [];
    return text;
  }
}
