import type { FindingKind } from "../../shared/vocabulary.js";
import type { TextMatch } from "../types.js";

/** What the matches of one rule share: everything but the offsets. */
export interface MatchRule {
  readonly kind: FindingKind;
  readonly type: string;
  readonly ruleId: string;
}

/**
 * Sanitizer matches held as runs in typed arrays (start, end, rule index: 10 bytes a match) instead of one object
 * each. A result made of a million stripped characters between letters (`"a\u200b"` repeated) yields a million
 * matches that cannot be merged (each run is one character); held as objects they cost ~100 bytes each, here 10.
 * A `TextMatch` is made only for the one being looked at (`at`), and dies young.
 */
export class MatchRuns {
  #start = new Int32Array(16);
  #end = new Int32Array(16);
  #rule = new Uint16Array(16);
  #size = 0;
  readonly #rules: MatchRule[] = [];
  readonly #ruleIndex = new Map<string, number>();
  /** The order `at` walks: undefined while pushes came in position order. */
  #order: Uint32Array | undefined;
  #sorted = true;

  get size(): number {
    return this.#size;
  }

  /** Bytes held by the typed arrays (capacity, not only what is used). */
  get bytes(): number {
    return (
      this.#start.byteLength + this.#end.byteLength + this.#rule.byteLength + (this.#order?.byteLength ?? 0)
    );
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
    const n = this.#size;
    if (n === this.#start.length) this.#grow();
    if (n > 0 && byPosition(this.#start[n - 1]!, this.#end[n - 1]!, start, end) > 0) this.#sorted = false;
    this.#start[n] = start;
    this.#end[n] = end;
    this.#rule[n] = rule;
    this.#size = n + 1;
    this.#order = undefined;
  }

  /** Orders the runs by start, longer first at one start (as the scanner's `byPosition`); stable. */
  sort(): void {
    if (this.#sorted || this.#order !== undefined) return;
    const order = new Uint32Array(this.#size);
    for (let i = 0; i < order.length; i++) order[i] = i;
    const start = this.#start;
    const end = this.#end;
    order.sort((a, b) => byPosition(start[a]!, end[a]!, start[b]!, end[b]!) || a - b);
    this.#order = order;
  }

  /** The i-th match in sorted order (call `sort` first), as a fresh object. */
  at(i: number): TextMatch {
    const k = this.#order === undefined ? i : this.#order[i]!;
    const rule = this.#rules[this.#rule[k]!]!;
    return {
      kind: rule.kind,
      type: rule.type,
      start: this.#start[k]!,
      end: this.#end[k]!,
      ruleId: rule.ruleId,
    };
  }

  #grow(): void {
    const capacity = this.#start.length * 2;
    const start = new Int32Array(capacity);
    start.set(this.#start);
    const end = new Int32Array(capacity);
    end.set(this.#end);
    const rule = new Uint16Array(capacity);
    rule.set(this.#rule);
    this.#start = start;
    this.#end = end;
    this.#rule = rule;
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
 * Half-open ranges [start, end) of a string, two Int32Arrays (8 bytes a range). `normalise` sorts them and merges
 * the overlapping or touching ones, so the list is the union as runs.
 */
export class RangeList {
  #start = new Int32Array(16);
  #end = new Int32Array(16);
  #size = 0;

  get size(): number {
    return this.#size;
  }

  startAt(i: number): number {
    return this.#start[i]!;
  }

  endAt(i: number): number {
    return this.#end[i]!;
  }

  /** Adds a range; when it overlaps or touches the last one (the common, in-order case) the last one grows. */
  add(start: number, end: number): void {
    const n = this.#size;
    if (n > 0 && start >= this.#start[n - 1]! && start <= this.#end[n - 1]!) {
      if (end > this.#end[n - 1]!) this.#end[n - 1] = end;
      return;
    }
    if (n === this.#start.length) {
      const s = new Int32Array(n * 2);
      s.set(this.#start);
      const e = new Int32Array(n * 2);
      e.set(this.#end);
      this.#start = s;
      this.#end = e;
    }
    this.#start[n] = start;
    this.#end[n] = end;
    this.#size = n + 1;
  }

  /** Sorts by start and merges overlapping and touching ranges in place. */
  normalise(): void {
    const n = this.#size;
    let sorted = true;
    for (let i = 1; i < n && sorted; i++) if (this.#start[i]! < this.#start[i - 1]!) sorted = false;
    if (!sorted) {
      const order = new Uint32Array(n);
      for (let i = 0; i < n; i++) order[i] = i;
      const s0 = this.#start;
      const e0 = this.#end;
      order.sort((a, b) => s0[a]! - s0[b]! || a - b);
      const s = new Int32Array(Math.max(16, n));
      const e = new Int32Array(Math.max(16, n));
      for (let i = 0; i < n; i++) {
        s[i] = s0[order[i]!]!;
        e[i] = e0[order[i]!]!;
      }
      this.#start = s;
      this.#end = e;
    }
    let w = 0;
    for (let i = 0; i < n; i++) {
      const start = this.#start[i]!;
      const end = this.#end[i]!;
      if (w > 0 && start <= this.#end[w - 1]!) {
        if (end > this.#end[w - 1]!) this.#end[w - 1] = end;
        continue;
      }
      this.#start[w] = start;
      this.#end[w] = end;
      w++;
    }
    this.#size = w;
  }
}
