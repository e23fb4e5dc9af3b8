import { LEXICONS } from "./lexicon.js";

/**
 * Splits text written without spaces between its words (`ignoreallpreviousinstructions`, what a letter-spaced run
 * with one space everywhere closes up to) into words, so the structure rules can read it. The vocabulary is the
 * words of the Latin-script lexicons plus the function words instructions are built with; a stretch of letters no
 * word covers is kept as one token. Dynamic programming over positions, fewest unknown characters first, then
 * fewest words: linear in the length times the longest word.
 *
 * A hand-written splitter rather than a library: the packages that segment words ship a general frequency list
 * (megabytes) tuned for English prose; what matters here is only that the lexicon's own words come out whole.
 */

const FUNCTION_WORDS =
  "a an the to of and or in on at for with from by this that these those is are was be been it its not no do does must should shall will would can could may as if into about what which who whom here there me my we our us they them their you your yours i all any every each now then before after first next only just also than up out over under again once when while until because so such some more most other same own very too".split(
    " ",
  );
const DOMAIN_WORDS =
  "user users data file files new previous prior above below following message messages conversation history chat tool tools mode role assistant ai model agent agents instructions instruction prompt prompts system secret secrets key keys password passwords token tokens url link image page email address reply answer response summary summarise summarize send call run ignore forget include output print reveal repeat http https www com org net example hidden rules guidelines developer admin debug maintenance unrestricted restrictions filters safety policy policies text document content contents use step part thread issue request table owner site page ticket shell command code block word name start end full exact given say quote picture markdown transcript complete audit team saved credentials quietly please sure whoever whatever automatically automated required important attention changed persona retired promoted congratulations database drop refunds administrator bookmark github merge pull curl normally continue handling debugging verbatim plus gave give operate under received receive configuration diagnostic inside whose does say name address every everything anything nothing reading read write delete remove share upload post forward fetch copy paste attach append insert replace follow obey comply act pretend become switch enter activate override disregard tell show list dump leak exfiltrate transfer approve execute invoke trigger browse open visit query".split(
    " ",
  );

const VOCABULARY: ReadonlySet<string> = buildVocabulary();
const LONGEST = Math.max(...[...VOCABULARY].map((w) => w.length)) + 3;
/** Runs longer than this are not split (the table is per character): a spaced instruction is a few sentences. */
const MAX_SPLIT = 2_000;

function buildVocabulary(): Set<string> {
  const words = new Set<string>([...FUNCTION_WORDS, ...DOMAIN_WORDS]);
  for (const lexicon of LEXICONS) {
    for (const list of Object.values(lexicon)) {
      if (!Array.isArray(list)) continue;
      for (const entry of list as string[])
        for (const word of entry.toLowerCase().split(/[^a-z]+/)) if (word.length >= 2) words.add(word);
    }
  }
  return words;
}

/** A vocabulary word, or one with an inflection (`calls`, `processes`, `changed`, `calling`). */
function isWord(candidate: string): boolean {
  if (VOCABULARY.has(candidate)) return true;
  if (candidate.length < 4) return false;
  for (const ending of ["s", "es", "ed", "d", "ing"])
    if (candidate.endsWith(ending) && VOCABULARY.has(candidate.slice(0, -ending.length))) return true;
  return false;
}

/** `closed` split into words; undefined when it is too long or when most of it is no word at all. */
export function splitWords(closed: string): string | undefined {
  const n = closed.length;
  if (n === 0 || n > MAX_SPLIT) return undefined;
  // cost[i]: unknown characters * (n + 1) + words, for the best split of closed[0, i).
  const cost = new Float64Array(n + 1).fill(Number.POSITIVE_INFINITY);
  const from = new Int32Array(n + 1);
  const known = new Uint8Array(n + 1);
  cost[0] = 0;
  for (let i = 0; i < n; i++) {
    if (cost[i] === Number.POSITIVE_INFINITY) continue;
    // One character no word covers.
    const unknown = cost[i]! + n + 1;
    if (unknown < cost[i + 1]!) {
      cost[i + 1] = unknown;
      from[i + 1] = i;
      known[i + 1] = 0;
    }
    for (let len = 1; len <= LONGEST && i + len <= n; len++) {
      if (!isWord(closed.slice(i, i + len))) continue;
      const c = cost[i]! + 1;
      if (c < cost[i + len]!) {
        cost[i + len] = c;
        from[i + len] = i;
        known[i + len] = 1;
      }
    }
  }
  const starts: number[] = [];
  for (let i = n; i > 0; i = from[i]!) starts.push(i);
  starts.reverse();
  let unknownChars = 0;
  const words: string[] = [];
  let previousKnown = true;
  let at = 0;
  for (const end of starts) {
    const piece = closed.slice(at, end);
    if (known[end] === 1) words.push(piece);
    else {
      unknownChars += piece.length;
      // Adjacent unknown characters form one token.
      if (!previousKnown && words.length > 0) words[words.length - 1] += piece;
      else words.push(piece);
    }
    previousKnown = known[end] === 1;
    at = end;
  }
  return unknownChars * 2 > n ? undefined : words.join(" ");
}

/**
 * `closed` with every run of letters split into words; digits and punctuation stay in place, and a run that is part
 * of a host, path or query (after `/` `?` `=` `&` `#` `@` `-`, or a dotted label) stays whole.
 */
export function splitLetterRuns(closed: string): string {
  return closed.replace(/[a-z]{4,}/g, (run: string, at: number) => {
    const before = closed[at - 1] ?? "";
    const after = closed[at + run.length] ?? "";
    // A host label or file extension: after a dot, and before another dot, a slash or the end.
    const label = before === "." && run.length <= 15 && (after === "" || "./?:".includes(after));
    return label || (before !== "" && "/?=&#@-".includes(before)) ? run : (splitWords(run) ?? run);
  });
}
