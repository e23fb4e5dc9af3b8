/**
 * Up to this many needles are searched one by one (`includes`, V8's fast substring search); more are searched
 * together in one pass, so the work stays linear in the haystack whatever their number.
 */
const ONE_BY_ONE = 16;

/**
 * Whether any of `needles` occurs in `haystack`: one pass of an Aho-Corasick automaton over UTF-16 code units, in
 * time linear in the haystack plus the needles' total length. Hand-written: the one use is this yes/no question on
 * a few hundred lines of code, and a regex alternation of arbitrary literals is not linear in V8.
 */
export function containsAny(haystack: string, needles: Iterable<string>): boolean {
  const list: string[] = [];
  for (const n of needles) if (n.length > 0) list.push(n);
  if (list.length <= ONE_BY_ONE) return list.some((n) => haystack.includes(n));
  const next: Map<number, number>[] = [new Map()];
  const fail: number[] = [0];
  const final: boolean[] = [false];
  for (const needle of list) {
    let state = 0;
    for (let i = 0; i < needle.length; i++) {
      const c = needle.charCodeAt(i);
      let to = next[state]!.get(c);
      if (to === undefined) {
        to = next.length;
        next.push(new Map());
        fail.push(0);
        final.push(false);
        next[state]!.set(c, to);
      }
      state = to;
    }
    final[state] = true;
  }
  // Failure links, breadth first: a state's link is the longest proper suffix of its path that is also a path.
  const queue: number[] = [...next[0]!.values()];
  for (let q = 0; q < queue.length; q++) {
    const state = queue[q]!;
    for (const [c, to] of next[state]!) {
      let f = fail[state]!;
      while (f !== 0 && !next[f]!.has(c)) f = fail[f]!;
      fail[to] = next[f]!.get(c) ?? 0;
      if (final[fail[to]!]) final[to] = true;
      queue.push(to);
    }
  }
  let state = 0;
  for (let i = 0; i < haystack.length; i++) {
    const c = haystack.charCodeAt(i);
    while (state !== 0 && !next[state]!.has(c)) state = fail[state]!;
    state = next[state]!.get(c) ?? 0;
    if (final[state]) return true;
  }
  return false;
}
