/**
 * Values that only stand in for a secret: masks (`****`, `xxxx`), template references (`${DB_PASSWORD}`,
 * `{{ token }}`, `<password>`, `%s`), and the handful of words documentation uses ("changeme", "your_api_key").
 * Redacting them would hide useful text and report findings nobody can act on.
 */

const PLACEHOLDER_WORDS = new Set([
  "password",
  "passwd",
  "secret",
  "token",
  "changeme",
  "change_me",
  "changeit",
  "redacted",
  "removed",
  "hidden",
  "masked",
  "null",
  "nil",
  "none",
  "undefined",
  "true",
  "false",
  "empty",
  "example",
  "placeholder",
  "dummy",
  "test",
  "todo",
  "tbd",
  "string",
]);

const TEMPLATE =
  /^(?:\$\{[^}]*\}|\$\(.*\)|\{\{.*\}\}|<[^<>]*>|\[[^[\]]*\]|%[sd]|%\([^)]*\)s|\$[A-Z_][A-Z0-9_]*)$/;
const INSTRUCTION =
  /^(?:your|my|the|enter|insert|put|replace|add)[_\- ]?.*(?:here|key|token|secret|password|pass)$/i;

// A value cut short for display (`eyJhbGciOi...`, `sk-...4f2a`): an ellipsis never occurs in a generated token.
const TRUNCATED = /\.\.\.|\u2026/;
// The word "your" as a word of its own inside a value (`ghp_YOUR_GITHUB_TOKEN`, `sk-your-key`, `yourApiKey`): a
// value naming whose secret goes there. Inside random base62 it would need a separator or a capital after it.
const YOUR_WORD = /(?:^|[^A-Za-z])(?:your|YOUR|Your)(?:[_-]|[A-Z])/;

// A value masked for display in part (`***REMOVED***`, `sk-***abcd`, `ab••••••cd`): three mask characters in a row.
const MASK_RUN = /\*\*\*|\u2022\u2022\u2022|\u25cf\u25cf\u25cf/;

/** The longest of PLACEHOLDER_WORDS: a longer value is none of them. */
const LONGEST_WORD = Math.max(...[...PLACEHOLDER_WORDS].map((w) => w.length));

/**
 * `isPlaceholderValue` for a non-empty value of ASCII letters and digits only (the caller checks), without its
 * stand-in words (`redacted`, `example`, `xxxx` in the lower-cased value): the look-alike test asks those through
 * STAND_IN_WORDS (lookalike.ts), which holds all three case-insensitively, so its answer is the same. Left out as well
 * because such a value cannot match them: TRUNCATED (needs `.` or an ellipsis), MASK_RUN (`*` or a bullet), TEMPLATE
 * (every form opens with `$`, `{`, `<`, `[` or `%`). Nothing is lower-cased unless the value could be a placeholder
 * word: an ASCII letter's lower case is its code with 0x20 set, and a digit's code already has that bit.
 */
export function isAlnumPlaceholder(value: string): boolean {
  if (YOUR_WORD.test(value)) return true;
  if (value.length <= LONGEST_WORD && PLACEHOLDER_WORDS.has(value.toLowerCase())) return true;
  if (INSTRUCTION.test(value)) return true;
  if (value.length >= 8 && hasRepeatedUnit(value, FOLD_ALNUM)) return true;
  const first = value.charCodeAt(0);
  for (let i = 1; i < value.length; i++) if (value.charCodeAt(i) !== first) return false;
  return true;
}

export function isPlaceholderValue(value: string): boolean {
  if (value.length === 0) return true;
  if (TRUNCATED.test(value) || YOUR_WORD.test(value) || MASK_RUN.test(value)) return true;
  const lower = value.toLowerCase();
  if (PLACEHOLDER_WORDS.has(lower)) return true;
  if (TEMPLATE.test(value) || INSTRUCTION.test(value)) return true;
  if (lower.includes("redacted") || lower.includes("example") || lower.includes("xxxx")) return true;
  if (isRepeatedUnit(lower)) return true;
  // One repeated character ("********", "........", "aaaaaaaa").
  const first = value.charCodeAt(0);
  for (let i = 1; i < value.length; i++) if (value.charCodeAt(i) !== first) return false;
  return true;
}

/**
 * A short unit written over and over (`abcd1234abcd1234...`, `Pass1234Pass1234Pass1234`): a run of one unit of 2 to 8
 * characters, repeated at least three times, covers two thirds of the value (case folded, so `abcd...ABCD...` is one
 * run). A generated secret repeats a unit of its own three times about never.
 *
 * For a unit `u`, "position i repeats" means `lower[i] === lower[i - u]`; a run of `r` repeating positions covers
 * `r + u` characters. The value is a repeated unit when some `u` has a run of at least `minimumRun(u)` positions.
 */
export function isRepeatedUnit(lower: string): boolean {
  if (lower.length < 8) return false;
  return hasRepeatedUnit(lower, 0);
}

/** Read with 0x20 set on every code: the lower case of a value of ASCII letters and digits (isAlnumPlaceholder). */
const FOLD_ALNUM = 0x20;

/** `isRepeatedUnit` of the value whose codes are `value`'s with `fold` set, for a value of 8 or more. */
function hasRepeatedUnit(value: string, fold: number): boolean {
  for (let unit = 2; unit <= 8; unit++)
    if (hasRepeatRun(value, unit, minimumRun(value.length, unit), fold)) return true;
  return false;
}

/** The run that covers both three units (`r + u >= 3u`) and two thirds of `n` characters (`3(r + u) >= 2n`). */
function minimumRun(n: number, unit: number): number {
  return Math.max(2 * unit, Math.ceil((2 * n) / 3) - unit);
}

/**
 * Whether `need` consecutive positions of `[unit, n)` repeat at distance `unit`. Any such run holds exactly one
 * position of the progression `unit + need - 1 + k * need`, so only those are probed, and the run is measured around
 * a probe that repeats: a random value costs about `n / need` comparisons per unit instead of `n`.
 */
function hasRepeatRun(lower: string, unit: number, need: number, fold: number): boolean {
  const n = lower.length;
  for (let probe = unit + need - 1; probe < n; probe += need) {
    if (!repeatsAt(lower, probe, unit, fold)) continue;
    let low = probe;
    while (low > unit && repeatsAt(lower, low - 1, unit, fold)) low--;
    let high = probe;
    while (high + 1 < n && repeatsAt(lower, high + 1, unit, fold)) high++;
    if (high - low + 1 >= need) return true;
  }
  return false;
}

const repeatsAt = (lower: string, i: number, unit: number, fold: number): boolean =>
  (lower.charCodeAt(i) | fold) === (lower.charCodeAt(i - unit) | fold);
