/**
 * Counts by a label whose values the clients choose (connector types: servers name their tools), exported with
 * only the `limit` most frequent values as their own label and everything else summed as `other`, so a client
 * cannot blow up the metric's series. Counted per value (up to `tracked` distinct values, beyond which newcomers
 * are counted straight into `other`) and ranked at scrape time. A value that climbs into the top moves its count
 * out of `other`, which a scraper sees as a reset of the `other` series.
 */
export class TopLabelCounter {
  readonly #limit: number;
  readonly #tracked: number;
  /** value -> (rest-of-labels key -> count) */
  readonly #byValue = new Map<string, Map<string, number>>();
  readonly #totals = new Map<string, number>();
  readonly #overflow = new Map<string, number>();

  constructor(limit: number, tracked = Math.max(limit * 10, 1000)) {
    this.#limit = Math.max(0, limit);
    this.#tracked = Math.max(this.#limit, tracked);
  }

  add(value: string, key: string, n = 1): void {
    let counts = this.#byValue.get(value);
    if (!counts) {
      if (this.#byValue.size >= this.#tracked) {
        this.#overflow.set(key, (this.#overflow.get(key) ?? 0) + n);
        return;
      }
      counts = new Map();
      this.#byValue.set(value, counts);
    }
    counts.set(key, (counts.get(key) ?? 0) + n);
    this.#totals.set(value, (this.#totals.get(value) ?? 0) + n);
  }

  /** Every (label value, key, count) to export: the top `limit` values by count, the rest as `other`. */
  snapshot(other = "other"): { value: string; key: string; count: number }[] {
    const ranked = [...this.#totals.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
    const out: { value: string; key: string; count: number }[] = [];
    const rest = new Map(this.#overflow);
    ranked.forEach(([value], index) => {
      const counts = this.#byValue.get(value)!;
      for (const [key, count] of counts) {
        if (index < this.#limit && value !== other) out.push({ value, key, count });
        else rest.set(key, (rest.get(key) ?? 0) + count);
      }
    });
    for (const [key, count] of rest) out.push({ value: other, key, count });
    return out;
  }
}
