/**
 * One pass that finds every token prefix of every record at once. The regex is generated from the prefixes: each is
 * anchored on its rarest character (punctuation, then digits, then capitals, then lower case) and checks the rest
 * with a lookbehind and a lookahead, so V8 skips between occurrences of the anchor characters instead of trying an
 * alternation of literals at every position (written prefix-first, the hand-written version of this index cost
 * 2.7 ms per MB of prose; anchored, 0.55: see the old token-prefix-index.ts in git history).
 */

function rank(code: number): number {
  if (code >= 97 && code <= 122) return 0; // lower case: the most common in text
  if (code >= 65 && code <= 90) return 1;
  if (code >= 48 && code <= 57) return 2;
  return 3;
}

const escapeRegex = (s: string): string => s.replace(/[.*+?^${}()|[\]\\/-]/g, "\\$&");

/** Index (in the prefix) of the character the scan anchors on: the rarest, the last of equals. */
function anchorIndex(prefix: string): number {
  let best = 0;
  for (let i = 0; i < prefix.length; i++)
    if (rank(prefix.charCodeAt(i)) >= rank(prefix.charCodeAt(best))) best = i;
  return best;
}

export interface PrefixFinder {
  /** Calls `found(start, prefix)` for each prefix occurrence, ascending; the longest prefix at a start wins. */
  scan(text: string, found: (start: number, prefix: string) => void): void;
}

export function createPrefixFinder(prefixes: readonly string[]): PrefixFinder {
  const unique = [...new Set(prefixes)].sort((a, b) => b.length - a.length);
  const byAnchor = new Map<string, { before: string; after: string; prefix: string }[]>();
  for (const prefix of unique) {
    const at = anchorIndex(prefix);
    const anchor = prefix[at]!;
    const list = byAnchor.get(anchor) ?? [];
    list.push({ before: prefix.slice(0, at), after: prefix.slice(at + 1), prefix });
    byAnchor.set(anchor, list);
  }
  const branches: string[] = [];
  for (const [anchor, list] of byAnchor) {
    // The anchor first, then what must surround it: V8 scans for the one character and checks the rest there.
    const around = list.map(
      ({ before, after }) =>
        `${before === "" ? "" : `(?<=${escapeRegex(before + anchor)})`}${after === "" ? "" : `(?=${escapeRegex(after)})`}`,
    );
    branches.push(`${escapeRegex(anchor)}${around.includes("") ? "" : `(?:${around.join("|")})`}`);
  }
  const pattern = new RegExp(branches.join("|") || "(?!)", "g");
  // Per anchor position: the prefixes that may end there, longest first.
  const candidates = new Map<string, { offset: number; prefix: string }[]>();
  for (const [anchor, list] of byAnchor)
    candidates.set(
      anchor,
      list.map(({ before, prefix }) => ({ offset: before.length, prefix })),
    );
  return {
    scan(text, found) {
      // Prefixes of one start may end at different anchors (`sk-` and `sk-ant-api03-`): gather, then keep the longest.
      const starts: number[] = [];
      const longest = new Map<number, string>();
      pattern.lastIndex = 0;
      for (let m = pattern.exec(text); m !== null; m = pattern.exec(text)) {
        const at = m.index;
        for (const { offset, prefix } of candidates.get(text[at]!) ?? []) {
          const start = at - offset;
          if (start < 0 || !text.startsWith(prefix, start)) continue;
          const known = longest.get(start);
          if (known === undefined) starts.push(start);
          if (known === undefined || known.length < prefix.length) longest.set(start, prefix);
        }
        pattern.lastIndex = at + 1;
      }
      starts.sort((a, b) => a - b);
      for (const start of starts) found(start, longest.get(start)!);
    },
  };
}
