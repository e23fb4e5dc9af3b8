import { memoizeLastText } from "../shared/last-text-memo.js";

/**
 * One pass that finds every vendor token prefix at once (`ghp_`, `glpat-`, `xoxb-`, `sk-`, `AKIA`, `AccountKey=`...).
 * Scanning for eleven prefixes separately costs eleven passes over the text; this alternation costs about one, and
 * each prefixed-token detector then only checks its own prefix at the positions found here.
 *
 * Every prefix a PrefixedTokenSpec uses must be matched by this regex (a unit test checks the fakes of all types).
 */
const ANY_TOKEN_PREFIX =
  /gh[pousr]_|github_pat_|gl(?:pat|dt|rt|ptt|ft|oas|cbt)-|xox[abposre]-|xapp-|hooks\.slack\.com\/|[sr]k_(?:live|test)_|sk-|npm_|AIza|A(?:KIA|SIA|BIA|CCA|GPA|IDA|IPA|NPA|NVA|ROA|PKA|SCA)|(?:AccountKey|SharedAccessKey)=/g;

function findTokenPrefixes(text: string): number[] {
  const positions: number[] = [];
  const re = ANY_TOKEN_PREFIX;
  re.lastIndex = 0;
  for (let m = re.exec(text); m !== null; m = re.exec(text)) positions.push(m.index);
  return positions;
}

/** Start offsets (ascending) of every vendor token prefix in `text`. */
export const tokenPrefixPositions: (text: string) => readonly number[] = memoizeLastText(findTokenPrefixes);
