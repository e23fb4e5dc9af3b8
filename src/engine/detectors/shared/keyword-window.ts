/**
 * Context checks: does a keyword appear within a few characters of a candidate? The window is sliced and lower-cased
 * once per candidate, so the cost is bounded by the window, not by the text.
 */
export function hasKeywordBefore(text: string, index: number, keyword: RegExp, window: number): boolean {
  const from = Math.max(0, index - window);
  return keyword.test(text.slice(from, index).toLowerCase());
}

export function hasKeywordAfter(text: string, index: number, keyword: RegExp, window: number): boolean {
  return keyword.test(text.slice(index, Math.min(text.length, index + window)).toLowerCase());
}
