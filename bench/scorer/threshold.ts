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

/**
 * The carriers' highest benign logits the rules leave alone, highest first (one per dev carrier that has any).
 */
export function carrierMaxima(dev: readonly HeldOutDoc[], logits: readonly number[]): number[] {
  const top = new Map<string, number>();
  dev.forEach((d, i) => {
    if (d.positive || d.byRules) return;
    const g = d.group ?? d.source;
    top.set(g, Math.max(top.get(g) ?? Number.NEGATIVE_INFINITY, logits[i]!));
  });
  return [...top.values()].sort((a, b) => b - a);
}

/**
 * A smoother margin (session 21, `TOLLGATE_THRESHOLD=carrier3`): the mean gap between consecutive carrier maxima
 * over the top `k + 1` carriers, `(m1 - m(k+1)) / k`, not grid-rounded. `carrierMargin` is in effect the one gap
 * `m1 - m2` rounded up to MARGINS: leaving one carrier out, only the top carrier ever exceeds the others, so one dev
 * document (the top carrier's highest) sets both the strict threshold and the margin over it. The mean of the top
 * `k` gaps estimates the same quantity (how far an unseen carrier's maximum lies above the seen ones) from `k` pairs
 * of neighbouring carriers. The threshold stays at or above the strict one, so dev false positives do not change.
 */
export function smoothCarrierMargin(dev: readonly HeldOutDoc[], logits: readonly number[], k = 3): number {
  const maxima = carrierMaxima(dev, logits);
  if (maxima.length < 2) return 0;
  const last = Math.min(k, maxima.length - 1);
  return (maxima[0]! - maxima[last]!) / last;
}
