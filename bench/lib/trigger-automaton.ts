/**
 * The alternative the phrase detector's trigger scan was measured against (bench/injection-cost.ts): an
 * Aho-Corasick automaton over the same literal triggers, ASCII case-folded on the fly, a word trigger reported only
 * with a word boundary on both sides (what `\b(?:...)\b` checks). Dense transition table over ASCII (a non-ASCII
 * character returns to the root), one table lookup per character, no backtracking. Bench-only: V8's compiled
 * alternation regex was faster on prose (see the comment on `compileRules` in the detector), so it stays there.
 */

const WIDTH = 128;

export interface TriggerAutomaton {
  /** How many trigger occurrences with word boundaries the text holds (what a gate or prefilter would act on). */
  count(text: string): number;
}

const isWord = (c: number) =>
  (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || c === 0x5f;

export function buildTriggerAutomaton(triggers: readonly string[]): TriggerAutomaton {
  const words = triggers.filter((t) => /^[\x00-\x7f]+$/.test(t)).map((t) => t.toLowerCase());
  // Trie as a growable dense table: goto[node * WIDTH + c] (0 = none yet, the root is node 0).
  let goto = new Int32Array(WIDTH * 64);
  const outLength: number[] = [0];
  const outWordy: boolean[] = [false];
  let nodes = 1;
  for (const word of words) {
    let node = 0;
    for (let i = 0; i < word.length; i++) {
      const c = word.charCodeAt(i);
      let next = goto[node * WIDTH + c]!;
      if (next === 0) {
        next = nodes++;
        if (nodes * WIDTH > goto.length) {
          const grown = new Int32Array(goto.length * 2);
          grown.set(goto);
          goto = grown;
        }
        goto[node * WIDTH + c] = next;
        outLength.push(0);
        outWordy.push(false);
      }
      node = next;
    }
    outLength[node] = word.length;
    outWordy[node] = isWord(word.charCodeAt(0));
  }
  // Failure links by breadth-first search; the goto table is completed into a DFA, and `dict` links each node to
  // the nearest suffix node that ends a trigger.
  const fail = new Int32Array(nodes);
  const dict = new Int32Array(nodes).fill(-1);
  const queue: number[] = [];
  for (let c = 0; c < WIDTH; c++) {
    const next = goto[c]!;
    if (next !== 0) queue.push(next);
  }
  for (let head = 0; head < queue.length; head++) {
    const node = queue[head]!;
    const f = fail[node]!;
    dict[node] = outLength[f]! > 0 ? f : dict[f]!;
    for (let c = 0; c < WIDTH; c++) {
      const next = goto[node * WIDTH + c]!;
      if (next !== 0) {
        fail[next] = goto[f * WIDTH + c]!;
        queue.push(next);
      } else goto[node * WIDTH + c] = goto[f * WIDTH + c]!;
    }
  }
  const table = goto.subarray(0, nodes * WIDTH);
  return {
    count(text: string): number {
      let node = 0;
      let hits = 0;
      for (let i = 0; i < text.length; i++) {
        let c = text.charCodeAt(i);
        if (c >= WIDTH) {
          node = 0;
          continue;
        }
        if (c >= 0x41 && c <= 0x5a) c |= 0x20;
        node = table[node * WIDTH + c]!;
        for (let k = outLength[node]! > 0 ? node : dict[node]!; k > 0; k = dict[k]!) {
          const start = i + 1 - outLength[k]!;
          if (!outWordy[k]) hits++;
          else if ((start === 0 || !isWord(text.charCodeAt(start - 1))) && !isWord(text.charCodeAt(i + 1)))
            hits++;
        }
      }
      return hits;
    },
  };
}
