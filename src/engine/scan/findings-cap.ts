import type { Finding } from "../../policy/types.js";

/** Findings reported per check unless the policy's `limits.maxFindings` says otherwise. */
export const DEFAULT_MAX_FINDINGS = 1_000;

/**
 * The findings of one check: the first `cap` are kept, the rest are counted per rule id (`omitted`) and never
 * stored, so a result dense with findings (an 8 MB text of `"a\u200b"`) costs memory for `cap` findings, not one
 * object per match. Only the report is capped: the scanners still apply every rewrite past the cap, and a block
 * past the cap is kept when no block is kept yet, so the decision and its reason are those of an uncapped check
 * (at most `cap + 1` entries).
 *
 * An Array subclass, so the scanners keep pushing, marking (`length`) and fixing up entries (`findings[i] = ...`) as
 * on a plain array; derived arrays (`slice`, `map`, `filter`) are plain arrays.
 */
export class CappedFindings extends Array<Finding> {
  static override get [Symbol.species](): ArrayConstructor {
    return Array;
  }

  readonly cap: number;
  /** Findings past the cap, by rule id. */
  readonly omitted = new Map<string, number>();
  #blockKept = false;

  constructor(cap: number) {
    super();
    this.cap = cap;
  }

  /** Whether a finding with this action would be stored (when not, `omit` counts it without building it). */
  accepts(action: Finding["action"]): boolean {
    return this.length < this.cap || (action === "block" && !this.#blockKept);
  }

  omit(ruleId: string, count = 1): void {
    this.omitted.set(ruleId, (this.omitted.get(ruleId) ?? 0) + count);
  }

  override push(...items: Finding[]): number {
    for (const f of items) {
      if (!this.accepts(f.action)) {
        this.omit(f.ruleId);
        continue;
      }
      if (f.action === "block") this.#blockKept = true;
      this[this.length] = f;
    }
    return this.length;
  }

  /** The omitted counts as a plain record; undefined when nothing was omitted. */
  omittedRecord(): Record<string, number> | undefined {
    if (this.omitted.size === 0) return undefined;
    const out: Record<string, number> = {};
    for (const [ruleId, count] of this.omitted) out[ruleId] = count;
    return out;
  }
}

/** A scratch list for findings that may later join `findings`: capped like it when it is capped. */
export function scratchFor(findings: Finding[]): Finding[] {
  return findings instanceof CappedFindings ? new CappedFindings(findings.cap) : [];
}

/** Adds what a scratch list (from `scratchFor`) left uncounted to `findings`' omitted counts. */
export function absorbOmitted(findings: Finding[], scratch: readonly Finding[]): void {
  if (!(findings instanceof CappedFindings) || !(scratch instanceof CappedFindings)) return;
  for (const [ruleId, count] of scratch.omitted) findings.omit(ruleId, count);
}

/** Records a finding built on demand: not built at all when a capped list would only count it. */
export function record(
  findings: Finding[],
  ruleId: string,
  action: Finding["action"],
  build: () => Finding,
): void {
  if (findings instanceof CappedFindings && !findings.accepts(action)) findings.omit(ruleId);
  else findings.push(build());
}
