import type { FindingKind } from "../../shared/vocabulary.js";
import { Int32Chunks, PackedInt32List, Uint16Chunks } from "../scan/typed-chunks.js";
import type { TextMatch } from "../types.js";

/** What the matches of one rule share: everything but the offsets. */
export interface MatchRule {
  readonly kind: FindingKind;
  readonly type: string;
  readonly ruleId: string;
}

/**
 * Sanitizer matches held as runs in typed lists (start, end, rule index: about 6 bytes a match, 16 at most)
 * instead of one object each. A result made of a million stripped characters between letters (`"a\u200b"` repeated) yields a million
 * matches that cannot be merged (each run is one character); held as objects they cost ~100 bytes each, here 10.
 * A `TextMatch` is made only for the one being looked at (`at`), and dies young.
 */
export class MatchRuns {
  // Starts and ends packed as differences (about 2 bytes each when runs are close, as in a dense text).
  readonly #start = new PackedInt32List();
  readonly #end = new PackedInt32List();
  readonly #rule = new Uint16Chunks();
  readonly #rules: MatchRule[] = [];
  readonly #ruleIndex = new Map<string, number>();
  /** The order `at` walks: undefined while pushes came in position order. */
  #order: Uint32Array | undefined;
  #sorted = true;

  get size(): number {
    return this.#start.size;
  }

  /** Bytes held by the typed arrays (capacity, not only what is used). */
  get bytes(): number {
    return this.#start.bytes + this.#end.bytes + this.#rule.bytes + (this.#order?.byteLength ?? 0);
  }

  /** The index of a rule (kind, type, id), for `pushRun`; a handful per scan. */
  ruleOf(rule: MatchRule): number {
    const key = `${rule.ruleId}\u0000${rule.type}\u0000${rule.kind}`;
    let index = this.#ruleIndex.get(key);
    if (index === undefined) {
      index = this.#rules.length;
      this.#rules.push({ kind: rule.kind, type: rule.type, ruleId: rule.ruleId });
      this.#ruleIndex.set(key, index);
    }
    return index;
  }

  push(match: TextMatch): void {
    this.pushRun(this.ruleOf(match), match.start, match.end);
  }

  pushRun(rule: number, start: number, end: number): void {
    const n = this.#start.size;
    if (n > 0 && byPosition(this.#start.get(n - 1), this.#end.get(n - 1), start, end) > 0)
      this.#sorted = false;
    this.#start.push(start);
    this.#end.push(end);
    this.#rule.push(rule);
    this.#order = undefined;
  }

  /** Orders the runs by start, longer first at one start (as the scanner's `byPosition`); stable. */
  sort(): void {
    if (this.#sorted || this.#order !== undefined) return;
    const order = new Uint32Array(this.#start.size);
    for (let i = 0; i < order.length; i++) order[i] = i;
    const start = this.#start;
    const end = this.#end;
    order.sort((a, b) => byPosition(start.get(a), end.get(a), start.get(b), end.get(b)) || a - b);
    this.#order = order;
  }

  /** The i-th match in sorted order (call `sort` first), as a fresh object. */
  at(i: number): TextMatch {
    const k = this.#order === undefined ? i : this.#order[i]!;
    const rule = this.#rules[this.#rule.get(k)]!;
    return {
      kind: rule.kind,
      type: rule.type,
      start: this.#start.get(k),
      end: this.#end.get(k),
      ruleId: rule.ruleId,
    };
  }
}

function byPosition(aStart: number, aEnd: number, bStart: number, bEnd: number): number {
  return aStart - bStart || bEnd - aEnd;
}

/**
 * A detector that can hand its matches over as runs, without making an object per match (the control-character
 * detector, whose matches can be one per character). The scanner uses `detectRuns` when it is there.
 */
export interface RunDetector {
  detectRuns(text: string, into: MatchRuns): void;
}

export function detectsRuns<T extends object>(detector: T): detector is T & RunDetector {
  return typeof (detector as Partial<RunDetector>).detectRuns === "function";
}

/**
 * Half-open ranges [start, end) of a string, in two chunked Int32 lists (8 bytes a range). `normalise` sorts them
 * and merges the overlapping or touching ones, so the list is the union as runs. `take` hands the lists over (to
 * `OffsetMap.fromRanges`, which turns them into the offset map in place) and leaves the list empty.
 */
export class RangeList {
  #start = new Int32Chunks();
  #end = new Int32Chunks();

  get size(): number {
    return this.#start.size;
  }

  /** Bytes held by the chunks. */
  get bytes(): number {
    return this.#start.bytes + this.#end.bytes;
  }

  startAt(i: number): number {
    return this.#start.get(i);
  }

  endAt(i: number): number {
    return this.#end.get(i);
  }

  /** Adds a range; when it overlaps or touches the last one (the common, in-order case) the last one grows. */
  add(start: number, end: number): void {
    const n = this.#start.size;
    if (n > 0 && start >= this.#start.get(n - 1) && start <= this.#end.get(n - 1)) {
      if (end > this.#end.get(n - 1)) this.#end.set(n - 1, end);
      return;
    }
    this.#start.push(start);
    this.#end.push(end);
  }

  /** Sorts by start and merges overlapping and touching ranges in place. */
  normalise(): void {
    const n = this.#start.size;
    let sorted = true;
    for (let i = 1; i < n && sorted; i++) if (this.#start.get(i) < this.#start.get(i - 1)) sorted = false;
    if (!sorted) {
      const order = new Uint32Array(n);
      for (let i = 0; i < n; i++) order[i] = i;
      const s0 = this.#start;
      const e0 = this.#end;
      order.sort((a, b) => s0.get(a) - s0.get(b) || a - b);
      const s = new Int32Chunks();
      const e = new Int32Chunks();
      for (let i = 0; i < n; i++) {
        s.push(s0.get(order[i]!));
        e.push(e0.get(order[i]!));
      }
      this.#start = s;
      this.#end = e;
    }
    // Merged in place: the write index never passes the read index.
    let w = 0;
    for (let i = 0; i < n; i++) {
      const start = this.#start.get(i);
      const end = this.#end.get(i);
      if (w > 0 && start <= this.#end.get(w - 1)) {
        if (end > this.#end.get(w - 1)) this.#end.set(w - 1, end);
        continue;
      }
      this.#start.set(w, start);
      this.#end.set(w, end);
      w++;
    }
    this.#start.truncate(w);
    this.#end.truncate(w);
  }

  /** The two lists (starts, ends), handed over: this list is empty afterwards. */
  take(): { starts: Int32Chunks; ends: Int32Chunks } {
    const taken = { starts: this.#start, ends: this.#end };
    this.#start = new Int32Chunks();
    this.#end = new Int32Chunks();
    return taken;
  }
}
