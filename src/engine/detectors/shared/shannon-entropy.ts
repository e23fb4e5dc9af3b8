/**
 * Each code unit's count in the value being measured (all zero between calls), and the distinct units in the order
 * they first appear. Counting in a typed array instead of a Map keeps the sum in the same order (first appearance,
 * a Map's iteration order), so the result is the same double as the Map version's, bit for bit.
 */
const COUNTS = new Uint32Array(65536);
let order = new Uint16Array(64);

/** Shannon entropy of `value` in bits per UTF-16 code unit (0 for empty or single-symbol strings). */
export function shannonEntropy(value: string): number {
  const n = value.length;
  if (n === 0) return 0;
  if (order.length < n) order = new Uint16Array(n);
  let distinct = 0;
  for (let i = 0; i < n; i++) {
    const c = value.charCodeAt(i);
    const seen = COUNTS[c]!;
    COUNTS[c] = seen + 1;
    if (seen === 0) order[distinct++] = c;
  }
  let bits = 0;
  for (let k = 0; k < distinct; k++) {
    const c = order[k]!;
    const p = COUNTS[c]! / n;
    COUNTS[c] = 0;
    bits -= p * Math.log2(p);
  }
  return bits;
}
