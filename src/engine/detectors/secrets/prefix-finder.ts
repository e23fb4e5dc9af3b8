import { candidateIndex, MIN_PASS_LENGTH, type PassLiterals, passLiterals } from "../../scan/candidates.js";
import { forEachLiteral, SHORT_TEXT } from "./candidate-scan.js";

/**
 * One pass that finds every token prefix of every record at once. On a text long enough for the shared literal pass
 * (scan/candidates.ts), the prefixes are among its literals and each folded hit is confirmed exact-case; shorter
 * texts, and texts too dense for the pass, use the regex below. The regex is generated from the prefixes: each is
 * anchored on its rarest character (punctuation, then digits, then capitals, then lower case) and checks the rest
 * with a lookbehind and a lookahead, so V8 skips between occurrences of the anchor characters instead of trying an
 * alternation of literals at every position (written prefix-first, the hand-written version of this index cost
 * 2.7 ms per MB of prose; anchored, 0.55: see the old token-prefix-index.ts in git history).
 */

/**
 * Punctuation a prefix may be anchored on, rarest in tool output first (measured on bench/fixtures, 1 MB each: `_`
 * about 250 times in prose, `-` 1k in prose and 9k in JSON, `.` 16k). V8 scans one alternation quickly only when its
 * branches start with few distinct characters: with ~20 (an anchor per prefix's rarest letter) the scan cost 30 ms
 * per MB instead of about 1, so letters are used only as a prefix's first character, and few of them.
 */
const ANCHORS = "~=_/:+-.";

/**
 * Where the scan anchors a prefix: its rarest punctuation (the last of equals); failing that, its first character
 * when that is a capital; -1 when neither (`dapi`, `4b1d`), and the prefix is found by a literal search.
 */
function anchorIndex(prefix: string): number {
  for (const anchor of ANCHORS) {
    const at = prefix.lastIndexOf(anchor);
    if (at !== -1) return at;
  }
  return /^[A-Z]/.test(prefix) ? 0 : -1;
}

const escapeRegex = (s: string): string => s.replace(/[.*+?^${}()|[\]\\/-]/g, "\\$&");

interface Trie {
  readonly children: Map<string, Trie>;
  end: boolean;
}

/**
 * A pattern matching exactly `texts`, factored by common endings (`reversed`, for a lookbehind, which V8 matches right
 * to left) or common beginnings (for a lookahead): a trie, so each character is read once whatever the count.
 */
function triePattern(texts: readonly string[], reversed: boolean): string {
  const root: Trie = { children: new Map(), end: false };
  for (const text of texts) {
    let node = root;
    for (let k = 0; k < text.length; k++) {
      const c = text[reversed ? text.length - 1 - k : k]!;
      let next = node.children.get(c);
      if (next === undefined) {
        next = { children: new Map(), end: false };
        node.children.set(c, next);
      }
      node = next;
    }
    node.end = true;
  }
  return emitTrie(root, reversed);
}

function emitTrie(node: Trie, reversed: boolean): string {
  const alternatives = [...node.children].map(([c, child]) =>
    reversed
      ? `${emitTrie(child, reversed)}${escapeRegex(c)}`
      : `${escapeRegex(c)}${emitTrie(child, reversed)}`,
  );
  if (node.end) alternatives.push("");
  return alternatives.length === 1 ? alternatives[0]! : `(?:${alternatives.join("|")})`;
}

export interface PrefixFinder {
  /** Calls `found(start, prefix)` for each prefix occurrence, ascending; the longest prefix at a start wins. */
  scan(text: string, found: (start: number, prefix: string) => void): void;
}

type AnchorGroups = Map<string, { before: string; after: string; prefix: string }[]>;

/**
 * One regex for the anchor groups (all but `skip`): each anchor first, then what must precede it (a lookbehind) and
 * follow it (a lookahead), each one alternation factored as a trie, so V8 reads each neighbouring character once
 * instead of trying every prefix in turn (with ~50 prefixes around `-`, a plain alternation cost 10 ms per MB of
 * JSON). The two are checked separately, a superset of the prefixes; `scan` confirms each candidate with `startsWith`.
 */
function anchorPattern(byAnchor: AnchorGroups, skip: string | undefined): RegExp {
  const branches: string[] = [];
  for (const [anchor, list] of byAnchor) {
    if (anchor === skip) continue;
    const befores = list.map(({ before }) => before);
    const afters = list.map(({ after }) => after);
    const behind = befores.includes("") ? "" : `(?<=${triePattern(befores, true)}.)`;
    const ahead = afters.includes("") ? "" : `(?=${triePattern(afters, false)})`;
    branches.push(`${escapeRegex(anchor)}${behind}${ahead}`);
  }
  return new RegExp(branches.join("|") || "(?!)", "g");
}

export function createPrefixFinder(prefixes: readonly string[]): PrefixFinder {
  const unique = [...new Set(prefixes)].sort((a, b) => b.length - a.length);
  const byAnchor: AnchorGroups = new Map();
  // Prefixes made only of common characters (`dapi`, `dp.pt.`): V8's literal search finds each faster than stopping
  // at every `i` or `.` of the text (each searched for from its rarest character: candidate-scan.ts).
  const literals = unique.filter((prefix) => anchorIndex(prefix) === -1);
  for (const prefix of unique) {
    if (literals.includes(prefix)) continue;
    const at = anchorIndex(prefix);
    const anchor = prefix[at]!;
    const list = byAnchor.get(anchor) ?? [];
    list.push({ before: prefix.slice(0, at), after: prefix.slice(at + 1), prefix });
    byAnchor.set(anchor, list);
  }
  // The dot-anchored prefixes are found from the index's dots (findDotPrefixes), unless the text is dense in dots:
  // then by the regex with their group, as every prefix was before.
  const dotGroup = byAnchor.get(".") ?? [];
  const dots = dotPrefixes(dotGroup.map(({ prefix }) => prefix));
  const withDots = anchorPattern(byAnchor, undefined);
  const tableHoldsAll = dotGroup.length > 0 && dots.size === dotGroup.length;
  const withoutDots = tableHoldsAll ? anchorPattern(byAnchor, ".") : withDots;
  // Per anchor position: the prefixes that may end there, longest first.
  const candidates = new Map<string, { offset: number; prefix: string }[]>();
  for (const [anchor, list] of byAnchor)
    candidates.set(
      anchor,
      list.map(({ before, prefix }) => ({ offset: before.length, prefix })),
    );
  const pass = passLiterals(unique);
  return {
    scan(text, found) {
      // Prefixes of one start may end at different anchors (`sk-` and `sk-ant-api03-`): gather, then keep the longest.
      const found0: [number, string][] = [];
      const note = noteInto(found0);
      if (!notePassHits(text, pass, note)) {
        const dotsAt = withoutDots === withDots ? undefined : dotsUpTo(text, text.length >> 4);
        const pattern = dotsAt === undefined ? withDots : withoutDots;
        pattern.lastIndex = 0;
        for (let m = pattern.exec(text); m !== null; m = pattern.exec(text)) {
          const at = m.index;
          for (const { offset, prefix } of candidates.get(text[at]!) ?? []) {
            const start = at - offset;
            if (start >= 0 && text.startsWith(prefix, start)) note(start, prefix);
          }
          pattern.lastIndex = at + 1;
        }
        forEachLiteral(text, literals, note);
        if (dotsAt !== undefined) findDotPrefixes(text, dotsAt, dots, note);
      }
      if (found0.length === 0) return;
      found0.sort((x, y) => x[0] - y[0] || y[1].length - x[1].length);
      let last = -1;
      for (const [start, prefix] of found0) {
        if (start === last) continue;
        last = start;
        found(start, prefix);
      }
    },
  };
}

/**
 * Every exact-case occurrence of the set's prefixes from the shared pass, or false when the pass did not run on this
 * text (then the caller searches itself).
 */
function notePassHits(
  text: string,
  pass: PassLiterals,
  note: (start: number, prefix: string) => void,
): boolean {
  if (text.length < MIN_PASS_LENGTH) return false;
  const hits = candidateIndex(text).passHits(pass);
  if (hits === undefined) return false;
  hits.forEach((starts, k) => {
    const prefix = pass.literals[k]!;
    for (const start of starts) if (text.startsWith(prefix, start)) note(start, prefix);
  });
  return true;
}

/**
 * Prefixes anchored on a `.` (`SG.`, `dp.pt.`, `hvs.`), keyed by the character before that dot: prose ends a sentence
 * with a dot every ~60 characters, where the regex stopped and ran its lookbehind (1.4 ms of the finder's 3 per MB
 * of prose). Their dots come from the shared candidate index and one look at the character before each.
 */
interface DotPrefixes {
  readonly size: number;
  /** By the code of the character before the anchoring dot (ASCII): each prefix and the dot's offset in it. */
  readonly byBefore: readonly ({ prefix: string; offset: number }[] | undefined)[];
}

function dotPrefixes(prefixes: readonly string[]): DotPrefixes {
  // A prefix starting with its dot would need every dot (none does), and the table is ASCII: the regex keeps others.
  const all = new Set(
    prefixes.filter((p) => p.lastIndexOf(".") > 0 && p.charCodeAt(p.lastIndexOf(".") - 1) < 128),
  );
  const byBefore: { prefix: string; offset: number }[][] = [];
  for (const prefix of all) {
    const offset = prefix.lastIndexOf(".");
    const before = prefix.charCodeAt(offset - 1);
    byBefore[before] = [...(byBefore[before] ?? []), { prefix, offset }];
  }
  return { size: all.size, byBefore };
}

/**
 * The text's dots, ascending, or undefined when there are more than `limit`: from the shared candidate index, or on a
 * short text (SHORT_TEXT) by a search of its own, where the index's bookkeeping costs more than the search.
 */
function dotsUpTo(text: string, limit: number): readonly number[] | undefined {
  if (text.length >= SHORT_TEXT) return candidateIndex(text).startsUpTo(DOT, limit);
  const dots: number[] = [];
  for (let at = text.indexOf("."); at !== -1; at = text.indexOf(".", at + 1)) {
    if (dots.length >= limit) return undefined;
    dots.push(at);
  }
  return dots;
}
const DOT: readonly (readonly [string, number])[] = [[".", 0]];

function findDotPrefixes(
  text: string,
  dotsAt: readonly number[],
  dots: DotPrefixes,
  note: (start: number, prefix: string) => void,
): void {
  for (const at of dotsAt) {
    const before = text.charCodeAt(at - 1);
    const list = before < 128 ? dots.byBefore[before] : undefined;
    if (list === undefined) continue;
    for (const { prefix, offset } of list) {
      const start = at - offset;
      if (start >= 0 && text.startsWith(prefix, start)) note(start, prefix);
    }
  }
}

/**
 * A callback appending each `(start, prefix)` to `list`. Made here, not as a named arrow in `scan`: the package's
 * build keeps function names (esbuild `keepNames`), which costs a `defineProperty` per named closure per call.
 */
function noteInto(list: [number, string][]): (start: number, prefix: string) => void {
  return (start, prefix) => {
    list.push([start, prefix]);
  };
}
