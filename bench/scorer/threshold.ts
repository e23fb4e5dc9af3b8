/**
 * How the learned model's threshold is chosen on dev (bench/scorer/train.ts): counts of dev benign documents the
 * model would add to what the rules flag, and the margin that makes the threshold hold for carriers it was not
 * chosen on.
 */

/** What threshold choice needs of a dev document. */
export interface HeldOutDoc {
  positive: boolean;
  source: string;
  /** The carrier it is held out by: the eval set's carrier, else the corpus source. */
  group?: string;
  /** Flagged by the default rules (the model off). */
  byRules: boolean;
}

/** The margins tried above the strict threshold, smallest first. */
export const MARGINS = [0, 0.25, 0.5, 0.75, 1, 1.25, 1.5, 2, 2.5, 3];

/** The lowest logit at or above which at most `k` of `logits` lie (never below 0). */
export function countCut(logits: number[], k: number): number {
  const sorted = [...logits].sort((a, b) => b - a);
  return Math.max(0, (sorted[Math.max(0, k)] ?? Number.NEGATIVE_INFINITY) + 1e-3);
}

/**
 * The strict threshold is the highest dev benign logit the rules leave alone: an extreme of the carriers dev holds,
 * which an unseen carrier can exceed (the eval set's test split has carriers and benign templates dev has not).
 * Held out by carrier: for each dev carrier (the eval set's carriers; each corpus source as one), the strict
 * threshold chosen on the other carriers, plus a margin, must flag none of the held-out carrier's benign documents
 * that the rules leave alone. The smallest such margin of MARGINS is returned (the largest when none holds).
 */
export function carrierMargin(
  dev: readonly HeldOutDoc[],
  logits: readonly number[],
  floor: number,
  log?: (line: string) => void,
): number {
  const groups = [...new Set(dev.map((d) => d.group ?? d.source))];
  const unflagged = (keep: (group: string) => boolean) =>
    logits.filter((_, i) => !dev[i]!.positive && !dev[i]!.byRules && keep(dev[i]!.group ?? dev[i]!.source));
  const heldOut = groups.map((g) => ({
    strict: Math.max(
      countCut(
        unflagged((h) => h !== g),
        0,
      ),
      floor,
    ),
    benign: unflagged((h) => h === g),
  }));
  for (const margin of MARGINS) {
    const added = heldOut.reduce((n, h) => n + h.benign.filter((z) => z >= h.strict + margin).length, 0);
    log?.(`    margin ${margin}: carrier-held-out added dev FP ${added}`);
    if (added === 0) return margin;
  }
  return MARGINS[MARGINS.length - 1]!;
}
