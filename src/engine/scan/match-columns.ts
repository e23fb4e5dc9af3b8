import type { FindingKind } from "../../shared/vocabulary.js";
import type { MatchSink, TextMatch } from "../types.js";
import { Int32Chunks, Uint8Chunks, Uint16Chunks } from "./typed-chunks.js";

/** What a match says besides its span: shared by every match of one rule and type. */
export interface MatchLabel {
  readonly kind: FindingKind;
  readonly type: string;
  readonly ruleId: string;
}

/** Labels past this many in one list cannot be indexed by a Uint16 (a scan sees a few dozen: one per rule and type). */
const MAX_LABELS = 0xffff;

/** A match's place: made on the working text, or on the original text and moved onto the (stripped) working text. */
const OWN = 0;
const MOVED = 1;
/** Moved, and wholly inside text the sanitizer stripped: recorded as a finding, nothing left to rewrite. */
const HIDDEN = 2;

/**
 * The matches of one string as typed columns: start, end and a label index per match (10 bytes), plus the original
 * offsets of matches moved from the original text (8 more, only once one is). A result dense with findings (an
 * 8 MB text with an e-mail address every 17 bytes: 470 k matches) held them as objects, ~150 bytes each across the
 * scan's copies; columns hold them at ~10 bytes, grown in chunks (typed-chunks.ts), never copied.
 *
 * A detector that only pushes (`streams`) writes here directly: each match object it makes dies young, unread.
 * Hand-written: a column store is a few typed lists and a label table, nothing a library would add.
 */
export class MatchColumns implements MatchSink {
  readonly #labels: MatchLabel[] = [];
  #lastLabel = -1;
  /** Start and end of each match, side by side: one list, not two (a JSON result makes one per string it reads). */
  readonly #spans = new Int32Chunks();
  readonly #label = new Uint16Chunks();
  /** OWN, MOVED or HIDDEN per match; undefined until the first moved match (then OWN is filled in behind it). */
  #place: Uint8Chunks | undefined;
  #originalStart: Int32Chunks | undefined;
  #originalEnd: Int32Chunks | undefined;

  get size(): number {
    return this.#spans.size >>> 1;
  }

  /** Bytes held by the columns (capacity, not only what is used); the label table is not counted. */
  get bytes(): number {
    return (
      this.#spans.bytes +
      this.#label.bytes +
      (this.#place?.bytes ?? 0) +
      (this.#originalStart?.bytes ?? 0) +
      (this.#originalEnd?.bytes ?? 0)
    );
  }

  /** As `Array.prototype.push` for one match: its fields are copied, the object is not kept. */
  push(m: TextMatch): number {
    this.add(this.labelOf(m.kind, m.type, m.ruleId), m.start, m.end);
    return this.size;
  }

  add(label: number, start: number, end: number): void {
    this.#spans.push(start);
    this.#spans.push(end);
    this.#label.push(label);
    this.#place?.push(OWN);
    this.#originalStart?.push(start);
    this.#originalEnd?.push(end);
  }

  /**
   * Adds a match made on the original text at `[originalStart, originalEnd)`, now at `[start, end)` of the working
   * text; `hidden` when it lay wholly inside stripped text (then `start === end`).
   */
  addMoved(
    label: number,
    start: number,
    end: number,
    originalStart: number,
    originalEnd: number,
    hidden: boolean,
  ): void {
    if (this.#place === undefined) {
      // The first moved match: the matches before it are the working text's own, at their own offsets.
      this.#place = new Uint8Chunks();
      this.#originalStart = new Int32Chunks();
      this.#originalEnd = new Int32Chunks();
      for (let i = 0; i < this.size; i++) {
        this.#place.push(OWN);
        this.#originalStart.push(this.#spans.get(i << 1));
        this.#originalEnd.push(this.#spans.get((i << 1) + 1));
      }
    }
    this.#spans.push(start);
    this.#spans.push(end);
    this.#label.push(label);
    this.#place.push(hidden ? HIDDEN : MOVED);
    this.#originalStart!.push(originalStart);
    this.#originalEnd!.push(originalEnd);
  }

  /** Appends every match of `other` (labels translated), at its own place. */
  append(other: MatchColumns): void {
    const labels = other.#labels.map((l) => this.labelOf(l.kind, l.type, l.ruleId));
    for (let i = 0; i < other.size; i++) {
      const label = labels[other.#label.get(i)]!;
      if (other.isMoved(i))
        this.addMoved(
          label,
          other.start(i),
          other.end(i),
          other.originalStart(i),
          other.originalEnd(i),
          other.isHidden(i),
        );
      else this.add(label, other.start(i), other.end(i));
    }
  }

  /** The index of a label in this list (added when new). */
  labelOf(kind: FindingKind, type: string, ruleId: string): number {
    const labels = this.#labels;
    const last = this.#lastLabel;
    // Detectors push runs of one label: the last one answers most lookups without a search.
    if (last >= 0) {
      const l = labels[last]!;
      if (l.ruleId === ruleId && l.type === type && l.kind === kind) return last;
    }
    // A loop, not `findIndex`: no closure per lookup (a dense text looks labels up once per match).
    let index = -1;
    for (let k = 0; k < labels.length && index < 0; k++) {
      const l = labels[k]!;
      if (l.ruleId === ruleId && l.type === type && l.kind === kind) index = k;
    }
    if (index < 0) {
      if (labels.length === MAX_LABELS)
        throw new RangeError(`more than ${MAX_LABELS} match labels in one string`);
      index = labels.length;
      labels.push({ kind, type, ruleId });
    }
    this.#lastLabel = index;
    return index;
  }

  start(i: number): number {
    return this.#spans.get(i << 1);
  }

  end(i: number): number {
    return this.#spans.get((i << 1) + 1);
  }

  label(i: number): MatchLabel {
    return this.#labels[this.#label.get(i)]!;
  }

  labelIndex(i: number): number {
    return this.#label.get(i);
  }

  /** The label table (index = `labelIndex`). */
  get labels(): readonly MatchLabel[] {
    return this.#labels;
  }

  /** Made on the original text and moved onto the working text. */
  isMoved(i: number): boolean {
    return this.#place !== undefined && this.#place.get(i) !== OWN;
  }

  isHidden(i: number): boolean {
    return this.#place !== undefined && this.#place.get(i) === HIDDEN;
  }

  /** A moved match's offsets in the original text (the working offsets for the others). */
  originalStart(i: number): number {
    return this.#originalStart === undefined ? this.#spans.get(i << 1) : this.#originalStart.get(i);
  }

  originalEnd(i: number): number {
    return this.#originalEnd === undefined ? this.#spans.get((i << 1) + 1) : this.#originalEnd.get(i);
  }

  /** Match `i` as an object (for a caller that needs one at a time; the columns stay the store). */
  match(i: number): TextMatch {
    const { kind, type, ruleId } = this.label(i);
    return { kind, type, start: this.#spans.get(i << 1), end: this.#spans.get((i << 1) + 1), ruleId };
  }

  /**
   * The indices of the matches by position (start ascending, then end descending; ties in the order added, as a
   * stable sort of the matches would leave them). Already in order, as one detector's matches are, costs one pass.
   */
  byPosition(): Int32Array {
    return this.byPositionInto(new Int32Array(this.size));
  }

  /**
   * `byPosition` written into `order` (at least `size` long; entries past `size` are left as they are), which is
   * returned: a caller deciding many short strings lends the same array to each. Its scratch (the spans and the
   * merge's second array) is this module's own, lent per call: the sort calls nothing outside this module.
   */
  byPositionInto(order: Int32Array): Int32Array {
    const n = this.size;
    if (n === 1) {
      order[0] = 0;
      return order;
    }
    // The spans copied once into flat arrays: the merge compares each match several times.
    const { starts, ends, spare: lent } = sortScratch(n);
    for (let i = 0; i < n; i++) {
      order[i] = i;
      starts[i] = this.#spans.get(i << 1);
      ends[i] = this.#spans.get((i << 1) + 1);
    }
    // The matches are each detector's matches in turn, each in order: a bottom-up merge of those runs (the order
    // (start, end descending, index) is total, so any correct sort gives this one).
    let bounds = runBounds(starts, ends, n);
    if (bounds.length <= 2) return order;
    const out = order;
    let spare = lent;
    while (bounds.length > 2) {
      const merged: number[] = [0];
      for (let r = 0; r + 1 < bounds.length; r += 2) {
        const to = bounds[Math.min(r + 2, bounds.length - 1)]!;
        mergeRuns(order, spare, starts, ends, bounds[r]!, bounds[r + 1]!, to);
        merged.push(to);
      }
      [order, spare] = [spare, order];
      bounds = merged;
    }
    // An odd number of merge rounds leaves the order in the scratch array.
    if (order !== out) for (let i = 0; i < n; i++) out[i] = order[i]!;
    return out;
  }
}

/** A rewrite's action code (below 256), and the bit beside it that says it is subsumed (RewriteColumns). */
const ACTION_BITS = 0xff;
const SUBSUMED = 0x100;

/** The largest sort whose scratch is kept between calls (3 x 16 K entries: 192 kB); a larger one makes its own. */
const KEPT_SCRATCH = 1 << 14;
// Made at the first sort that needs them (no module-level `new`: bundles that never sort keep no such code).
let scratchStarts: Int32Array | undefined;
let scratchEnds: Int32Array | undefined;
let scratchSpare: Int32Array | undefined;

/** Scratch arrays of at least `n` entries for one `byPositionInto` (the module's own up to KEPT_SCRATCH). */
function sortScratch(n: number): { starts: Int32Array; ends: Int32Array; spare: Int32Array } {
  if (n > KEPT_SCRATCH)
    return { starts: new Int32Array(n), ends: new Int32Array(n), spare: new Int32Array(n) };
  if (scratchStarts === undefined || scratchStarts.length < n) {
    const size = Math.min(KEPT_SCRATCH, Math.max(n, 64, (scratchStarts?.length ?? 0) * 2));
    scratchStarts = new Int32Array(size);
    scratchEnds = new Int32Array(size);
    scratchSpare = new Int32Array(size);
  }
  return { starts: scratchStarts, ends: scratchEnds!, spare: scratchSpare! };
}

/** Whether match `a` comes before match `b` by position: start, then the longer first, then the order added. */
function before(starts: Int32Array, ends: Int32Array, a: number, b: number): boolean {
  return (
    starts[a]! < starts[b]! ||
    (starts[a] === starts[b] && (ends[a]! > ends[b]! || (ends[a] === ends[b] && a < b)))
  );
}

/** The bounds of the maximal ordered runs of matches `0..n` as added: [0, end of run 1, ..., n]. */
function runBounds(starts: Int32Array, ends: Int32Array, n: number): number[] {
  const bounds = [0];
  for (let i = 1; i < n; i++) if (!before(starts, ends, i - 1, i)) bounds.push(i);
  bounds.push(n);
  return bounds;
}

/** Merges the ordered runs `from[lo, mid)` and `from[mid, hi)` into `to[lo, hi)` (a run alone is copied). */
function mergeRuns(
  from: Int32Array,
  to: Int32Array,
  starts: Int32Array,
  ends: Int32Array,
  lo: number,
  mid: number,
  hi: number,
): void {
  let a = lo;
  let b = mid;
  let k = lo;
  while (a < mid && b < hi) to[k++] = before(starts, ends, from[b]!, from[a]!) ? from[b++]! : from[a++]!;
  while (a < mid) to[k++] = from[a++]!;
  while (b < hi) to[k++] = from[b++]!;
}

/**
 * The rewrites of one string (matches whose decision rewrites text) as columns: the match's index in its
 * MatchColumns, the span cut (the match's own, or a neutralised instruction's sentence), how it is rewritten (a code
 * the scanner defines, below 256) and whether another rewrite subsumes it. Held as four Int32 entries a rewrite in one
 * chunked list (16 bytes a rewrite, where an object each took ~60): one list, not one per column, because a JSON
 * result makes one of these per string it rewrites, and each list is a typed array and two objects more.
 */
export class RewriteColumns {
  /** Per rewrite: match, cut start, cut end, action code with SUBSUMED set when subsumed. */
  readonly #entries = new Int32Chunks();

  get size(): number {
    return this.#entries.size >>> 2;
  }

  get bytes(): number {
    return this.#entries.bytes;
  }

  /** Adds a rewrite; returns its index. */
  add(match: number, cutStart: number, cutEnd: number, action: number, subsumed: boolean): number {
    const entries = this.#entries;
    entries.push(match);
    entries.push(cutStart);
    entries.push(cutEnd);
    entries.push(subsumed ? action | SUBSUMED : action);
    return this.size - 1;
  }

  match(r: number): number {
    return this.#entries.get(r << 2);
  }

  cutStart(r: number): number {
    return this.#entries.get((r << 2) + 1);
  }

  cutEnd(r: number): number {
    return this.#entries.get((r << 2) + 2);
  }

  action(r: number): number {
    return this.#entries.get((r << 2) + 3) & ACTION_BITS;
  }

  subsumed(r: number): boolean {
    return (this.#entries.get((r << 2) + 3) & SUBSUMED) !== 0;
  }

  subsume(r: number): void {
    const at = (r << 2) + 3;
    this.#entries.set(at, this.#entries.get(at) | SUBSUMED);
  }

  /** The rewrites in the order the rewrite walks them: by cut start, the longer cut first, ties as added. */
  byCut(): Int32Array {
    const n = this.size;
    const order = new Int32Array(n);
    let sorted = true;
    for (let r = 0; r < n; r++) {
      order[r] = r;
      if (r > 0 && sorted && this.#compare(r - 1, r) > 0) sorted = false;
    }
    if (!sorted) order.sort((a, b) => this.#compare(a, b) || a - b);
    return order;
  }

  #compare(a: number, b: number): number {
    return this.cutStart(a) - this.cutStart(b) || this.cutEnd(b) - this.cutEnd(a);
  }
}
