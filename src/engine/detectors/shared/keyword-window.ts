/**
 * Context checks: does a keyword appear within a few characters of a candidate? The window is sliced and lower-cased
 * once per candidate, so the cost is bounded by the window, not by the text.
 *
 * A window read back never crosses an empty line (a line of nothing but spaces, tabs or a carriage return): what
 * stands above a blank line is another block, not the candidate's context. It is also what lets a JSON screening
 * join strings with a short separator (scan/json-screen.ts ends each with an empty line): a detector reading back
 * only through these windows reads nothing of a neighbour string.
 */
export function hasKeywordBefore(text: string, index: number, keyword: RegExp, window: number): boolean {
  return keyword.test(text.slice(windowStart(text, index, window), index).toLowerCase());
}

export function hasKeywordAfter(text: string, index: number, keyword: RegExp, window: number): boolean {
  return keyword.test(text.slice(index, Math.min(text.length, index + window)).toLowerCase());
}

/**
 * Where a look-back of `window` characters before `index` starts: `index - window` (at least 0), or just after the
 * last empty line in between, if it ends later. Reads only the window's characters, back from `index` (a
 * `lastIndexOf` for the line break would read to the text's start on a text without one).
 */
export function windowStart(text: string, index: number, window: number): number {
  const from = Math.max(0, index - window);
  // The last line break read, and whether only blanks stand between it and the character being read.
  let lineEnd = -1;
  let blank = false;
  for (let i = index - 1; i >= from; i--) {
    const code = text.charCodeAt(i);
    if (code === 10) {
      if (blank) return lineEnd + 1;
      lineEnd = i;
      blank = true;
    } else if (code !== 32 && code !== 9 && code !== 13) blank = false;
  }
  return from;
}
