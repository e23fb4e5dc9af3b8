/** Small statistics and formatting helpers shared by the bench scripts. */

/** Nearest-rank percentile of an unsorted sample (`p` in 0..100). */
export function percentile(sample: readonly number[], p: number): number {
  if (sample.length === 0) return Number.NaN;
  const sorted = [...sample].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank]!;
}

export function median(sample: readonly number[]): number {
  return percentile(sample, 50);
}

/** Wilson score interval (95%) of `hit` in `n`; NaN bounds when `n` is 0. */
export function wilson(hit: number, n: number): [number, number] {
  if (n === 0) return [Number.NaN, Number.NaN];
  const z = 1.96;
  const p = hit / n;
  const denom = 1 + (z * z) / n;
  const centre = (p + (z * z) / (2 * n)) / denom;
  const half = (z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n))) / denom;
  return [Math.max(0, centre - half), Math.min(1, centre + half)];
}

/** `hit/n = x% [lo–hi]`, the rate with its 95% Wilson interval. */
export function rateWithInterval(hit: number, n: number): string {
  const [lo, hi] = wilson(hit, n);
  return `${hit}/${n} = ${((100 * hit) / n).toFixed(1)}% [${(100 * lo).toFixed(1)}–${(100 * hi).toFixed(1)}]`;
}

/** Fisher-Yates shuffle with a seeded generator, in place. */
export function shuffle<T>(items: T[], rand: () => number): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}

export function fmt(value: number, digits = 1): string {
  if (!Number.isFinite(value)) return "n/a";
  return value.toLocaleString("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

/** Renders a GitHub-flavoured markdown table. */
export function markdownTable(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const line = (cells: readonly string[]) => `| ${cells.join(" | ")} |`;
  return [line(header), line(header.map(() => "---")), ...rows.map(line)].join("\n");
}

/** Forces a full GC when node runs with --expose-gc; a no-op otherwise. */
export function collectGarbage(): void {
  (globalThis as { gc?: () => void }).gc?.();
}
