/**
 * Interleaved timing for ratio rows: each round runs every variant once (order shuffled per round), so load on a
 * shared machine hits all variants of a round alike; a row's figure is the median over rounds of the per-round
 * ratio, never an absolute time.
 */
import { collectGarbage, median, percentile, shuffle } from "./stats.js";

export interface Variant {
  name: string;
  run: () => unknown;
}

export interface InterleavedResult {
  rounds: number;
  /** Median milliseconds per variant (for the record; quote the ratios). */
  medianMs: Record<string, number>;
  /** Per round, milliseconds per variant. */
  samples: Record<string, number>[];
}

/** Runs every variant once to warm up, then `rounds` rounds of all variants in a shuffled order. */
export async function interleave(variants: readonly Variant[], rounds: number): Promise<InterleavedResult> {
  for (const v of variants) await v.run();
  let seed = 11;
  const rand = () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  const samples: Record<string, number>[] = [];
  for (let r = 0; r < rounds; r++) {
    const round: Record<string, number> = {};
    for (const v of shuffle(variants.slice(), rand)) {
      collectGarbage();
      const start = performance.now();
      await v.run();
      round[v.name] = performance.now() - start;
    }
    samples.push(round);
  }
  const medianMs: Record<string, number> = {};
  for (const v of variants) medianMs[v.name] = median(samples.map((s) => s[v.name]!));
  return { rounds, medianMs, samples };
}

/** Median over rounds of `time(numerator) / time(denominator)` measured in the same round. */
export function medianRatio(result: InterleavedResult, numerator: string, denominator: string): number {
  return median(result.samples.map((s) => s[numerator]! / s[denominator]!));
}

/** The per-round ratios' 25th and 75th percentiles, as `p25-p75`: how far one round strays on a loaded machine. */
export function ratioSpread(result: InterleavedResult, numerator: string, denominator: string): string {
  const ratios = result.samples.map((s) => s[numerator]! / s[denominator]!);
  return `${percentile(ratios, 25).toFixed(2)}-${percentile(ratios, 75).toFixed(2)}`;
}
