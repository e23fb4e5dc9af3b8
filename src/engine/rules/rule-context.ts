/**
 * Context words, as Presidio uses them, looked for case-insensitively within `window` characters (default 40)
 * before or after a match: with `require`, a match counts only next to one of them (`EMP-123456` only near
 * "employee"); with `exclude`, a match next to one of them does not count ("example", "test"). The one shape for
 * rules declared in the policy and for the built-in records (a vendor token whose prefix is too common to stand
 * alone requires the vendor's name nearby), read by one function (below).
 */
export interface RuleContext {
  require?: readonly string[];
  exclude?: readonly string[];
  window?: number;
}

/**
 * Context words (Presidio's), one shape for built-in records and rules declared in the policy (`RuleContext`), read
 * by this one function: the generic token detector applies a token record's context to its matches, the scanner a
 * declared rule's. Words are compared case-insensitively within `window` characters before or after the match.
 */

/** Characters searched on each side of a match when the context names no window. */
export const DEFAULT_CONTEXT_WINDOW = 40;

/** A context with its words lower-cased and its window set: built once per rule, read per match. */
export interface ResolvedRuleContext {
  readonly require: readonly string[];
  readonly exclude: readonly string[];
  readonly window: number;
}

export function resolveRuleContext(context: RuleContext | undefined): ResolvedRuleContext | undefined {
  if (context === undefined) return undefined;
  return {
    require: (context.require ?? []).map((word) => word.toLowerCase()),
    exclude: (context.exclude ?? []).map((word) => word.toLowerCase()),
    window: context.window ?? DEFAULT_CONTEXT_WINDOW,
  };
}

/**
 * True when the match [start, end) counts under `context`: none of its `exclude` words and, when it has `require`
 * words, one of them within the window. The window is sliced and lower-cased once per match: the cost per match is
 * bounded by the window, whatever the text's length.
 */
export function contextAllows(
  text: string,
  start: number,
  end: number,
  context: ResolvedRuleContext | undefined,
): boolean {
  if (context === undefined) return true;
  const around = text
    .slice(Math.max(0, start - context.window), Math.min(text.length, end + context.window))
    .toLowerCase();
  if (context.exclude.some((word) => around.includes(word))) return false;
  return context.require.length === 0 || context.require.some((word) => around.includes(word));
}
