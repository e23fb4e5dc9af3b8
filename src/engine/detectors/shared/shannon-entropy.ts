/** Shannon entropy of `value` in bits per UTF-16 code unit (0 for empty or single-symbol strings). */
export function shannonEntropy(value: string): number {
  const n = value.length;
  if (n === 0) return 0;
  const counts = new Map<number, number>();
  for (let i = 0; i < n; i++) {
    const c = value.charCodeAt(i);
    counts.set(c, (counts.get(c) ?? 0) + 1);
  }
  let bits = 0;
  for (const count of counts.values()) {
    const p = count / n;
    bits -= p * Math.log2(p);
  }
  return bits;
}
