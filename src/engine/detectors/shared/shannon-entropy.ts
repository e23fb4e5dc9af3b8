/**
 * Each code unit's count in the value being measured (all zero between calls), and the distinct units in the order
 * they first appear. Counting in a typed array instead of a Map keeps the sum in the same order (first appearance,
 * a Map's iteration order), so the result is the same double as the Map version's, bit for bit.
 */
const COUNTS = new Uint32Array(65536);
let order = new Uint16Array(64);

/** Counts `value`'s code units into COUNTS and `order`; how many are distinct, and the largest count. */
function count(value: string): { distinct: number; most: number } {
  const n = value.length;
  if (order.length < n) order = new Uint16Array(n);
  let distinct = 0;
  let most = 0;
  for (let i = 0; i < n; i++) {
    const c = value.charCodeAt(i);
    const seen = COUNTS[c]!;
    COUNTS[c] = seen + 1;
    if (seen === 0) order[distinct++] = c;
    else if (seen >= most) most = seen + 1;
  }
  return { distinct, most: Math.max(most, 1) };
}

/** The entropy of the counts `count` left (in first-appearance order), clearing them. */
function sumCounts(distinct: number, n: number): number {
  let bits = 0;
  for (let k = 0; k < distinct; k++) {
    const c = order[k]!;
    const p = COUNTS[c]! / n;
    COUNTS[c] = 0;
    bits -= p * Math.log2(p);
  }
  return bits;
}

function clearCounts(distinct: number): void {
  for (let k = 0; k < distinct; k++) COUNTS[order[k]!] = 0;
}

/** Shannon entropy of `value` in bits per UTF-16 code unit (0 for empty or single-symbol strings). */
export function shannonEntropy(value: string): number {
  const n = value.length;
  if (n === 0) return 0;
  const { distinct } = count(value);
  return sumCounts(distinct, n);
}

/**
 * Exactly `shannonEntropy(value) >= bits`, mostly without the logarithms: the Shannon entropy is at least the
 * min-entropy `-log2(most / n)` (`most` the largest count), so where that clears `bits` by far more than the sum's
 * rounding error (MARGIN) the answer is yes; otherwise the entropy is summed as `shannonEntropy` sums it.
 */
export function entropyAtLeast(value: string, bits: number): boolean {
  const n = value.length;
  if (n === 0) return 0 >= bits;
  const { distinct, most } = count(value);
  if (-Math.log2(most / n) >= bits + MARGIN) {
    clearCounts(distinct);
    return true;
  }
  return sumCounts(distinct, n) >= bits;
}

/** Far above the rounding error of a sum of a few thousand terms of at most 16 bits each (below 1e-9). */
const MARGIN = 1e-6;
