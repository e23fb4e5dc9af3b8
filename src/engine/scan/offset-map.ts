/**
 * Maps offsets in a string with some spans removed back to offsets in the original string, so findings made
 * after stripping invisible characters still point into the text the tool actually returned.
 */
export class OffsetMap {
  // removedStart[i] is the offset, in the stripped text, where the i-th removed run was; removedTotal[i] is the
  // total length removed up to and including that run.
  readonly #at: number[] = [];
  readonly #total: number[] = [];

  static identity = new OffsetMap();

  add(strippedOffset: number, removedLength: number): void {
    const prev = this.#total.length > 0 ? this.#total[this.#total.length - 1]! : 0;
    this.#at.push(strippedOffset);
    this.#total.push(prev + removedLength);
  }

  /** Original offset of a start position (a removed run at the same place lies before it). */
  toOriginal(offset: number): number {
    const at = this.#at;
    if (at.length === 0) return offset;
    let lo = 0;
    let hi = at.length - 1;
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
    let hi = at.length - 1;
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
