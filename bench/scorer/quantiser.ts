/**
 * The trainer's quantiser scale (bench/scorer/train.ts, session 21): which float weight is written as 127.
 */

/**
 * The `q` quantile of the non-zero |weights| (q = 1: the largest, the rule the shipped weights were written with).
 * Weights above it are clipped to +-127 by the quantiser, so one runaway weight no longer sets every other weight's
 * resolution.
 */
export function quantiserTop(w: Float64Array, q: number): number {
  const mags: number[] = [];
  for (const x of w) if (x !== 0) mags.push(Math.abs(x));
  if (mags.length === 0) return 0;
  mags.sort((a, b) => a - b);
  return mags[Math.min(mags.length - 1, Math.max(0, Math.ceil(q * mags.length) - 1))]!;
}
