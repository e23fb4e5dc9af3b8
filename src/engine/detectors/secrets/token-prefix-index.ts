import { memoizeLastText } from "../shared/last-text-memo.js";

/**
 * One pass that finds every vendor token prefix at once (`ghp_`, `glpat-`, `xoxb-`, `sk-`, `AKIA`, `AccountKey=`...).
 * Scanning for eleven prefixes separately costs eleven passes over the text; this alternation costs about one, and
 * each prefixed-token detector then only checks its own prefix at the positions found here.
 *
 * Every prefix a PrefixedTokenSpec uses must be matched by this regex (a unit test checks the fakes of all types).
 *
 * The regex is anchored on each prefix's rare last character (`_`, `-`, `=`, `/`) or on a capital `A`, and checks
 * the rest with a bounded lookbehind whose capture gives the prefix length. Written prefix-first
 * (`gh[pousr]_|github_pat_|...|sk-|npm_|AIza|A(?:KIA|...)`) the alternation was tried at every `s`, `r`, `g`, `h`,
 * `n` and `x` of the text: 2.7 ms per MB of prose, the second-largest regex of the output check. Anchored on the
 * rare characters, V8 skips between candidates: 0.55 ms per MB (bench/fixtures prose; the same positions found).
 */
const ANY_TOKEN_PREFIX =
  /_(?<=(gh[pousr]|github_pat|[sr]k_(?:live|test)|npm|hf|whsec)_)|-(?<=(gl(?:pat|dt|rt|ptt|ft|oas|cbt)|xox[abposre]|xapp|sk)-)|=(?<=(AccountKey|SharedAccessKey)=)|\/(?<=(hooks\.slack\.com)\/)|A(?:Iza|KIA|SIA|BIA|CCA|GPA|IDA|IPA|NPA|NVA|ROA|PKA|SCA)/g;

function findTokenPrefixes(text: string): number[] {
  const positions: number[] = [];
  const re = ANY_TOKEN_PREFIX;
  re.lastIndex = 0;
  // Prefixes never overlap one another; `lastEnd` keeps the old prefix-first scan's rule anyway (a match is never
  // reported inside the previous one), which also keeps the positions ascending.
  let lastEnd = 0;
  for (let m = re.exec(text); m !== null; m = re.exec(text)) {
    const head = m[1] ?? m[2] ?? m[3] ?? m[4];
    const start = head === undefined ? m.index : m.index - head.length;
    if (start < lastEnd) continue;
    positions.push(start);
    lastEnd = re.lastIndex;
  }
  return positions;
}

/** Start offsets (ascending) of every vendor token prefix in `text`. */
export const tokenPrefixPositions: (text: string) => readonly number[] = memoizeLastText(findTokenPrefixes);
