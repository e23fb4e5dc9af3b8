/**
 * Where a word starts glued to the one before it (issue 18's glued class: "200You are now...", "okPlease invoke...",
 * an ANSI escape's final `m` before "You"), the one definition the detector reads it by. A lead word may start there
 * (index.ts `isWordAt`), and a rule whose lookbehind (`before`) starts at a word boundary (`\b`, `^`, after a stop)
 * reads its first word from there too: when a lead word's rules fail, they are tried once more on a view of the text
 * around it in which each glued start before the lead word is a word start (`execGlued`).
 */

/**
 * A word glued to a field's value with no space: after a digit ("200Ignore the previous..."), at a change from a
 * lower-case to an upper-case letter ("okPlease send..."), or at an upper-case letter between an upper-case one and
 * a lower-case one ("PASSEDIgnore"). The trigger pass reports these too (wasm/phrase-triggers.ts: `mayStartGlued`).
 */
export function startsGlued(before: number, first: number, second: number): boolean {
  if (before >= 0x30 && before <= 0x39) return true;
  if (first < 0x41 || first > 0x5a) return false;
  return (
    (before >= 0x61 && before <= 0x7a) ||
    (before >= 0x41 && before <= 0x5a && second >= 0x61 && second <= 0x7a)
  );
}

/** How far before a lead word a glued start is looked for, in UTF-16 units: a lookbehind's few words. */
export const GLUED_BEHIND = 48;
/** How far after the lead word the view reaches: past any match (every rule is bounded, phrase-pattern.ts). */
const GLUED_AHEAD = 256;

function isLetter(c: number): boolean {
  return (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a);
}

function isWord(c: number): boolean {
  return isLetter(c) || (c >= 0x30 && c <= 0x39) || c === 0x5f;
}

/**
 * The view of `text` around the lead word at `start` on which its rules are tried once more: every word glued to the
 * one before it (`startsGlued`, a letter after it) within GLUED_BEHIND units before `start` starts a line, the
 * character before it read as a line break (a field's value ends there, so a rule that wants its order at a line's
 * start reads it). The view is `text` from a non-word character before the first such start (so `\b` and every class
 * read there as in `text`; `^` cannot reach a lead word from there: a lookbehind that reads `^` allows at most a few
 * spaces after it) to GLUED_AHEAD units after `start`; the lead word stands at `at` of it, and `from` is where the
 * view starts in `text` (a view offset plus `from` is a text offset from the lead word on: the view holds the text's
 * own characters from there). Undefined when there is no glued start there. Bounded work: at most GLUED_BEHIND +
 * GLUED_AHEAD + a word's length of units read.
 */
export function gluedView(
  text: string,
  start: number,
): { text: string; at: number; from: number } | undefined {
  const lowest = Math.max(1, start - GLUED_BEHIND);
  let first = -1;
  for (let at = start; at >= lowest; at--) {
    const c = text.charCodeAt(at);
    if (isLetter(c) && startsGlued(text.charCodeAt(at - 1), c, text.charCodeAt(at + 1))) first = at;
  }
  if (first === -1) return undefined;
  // From a non-word character (or the text's start) before the glued word's word.
  let from = first - 1;
  while (from > 0 && isWord(text.charCodeAt(from - 1))) if (--from < first - GLUED_BEHIND) return undefined;
  if (from > 0) from--;
  const to = Math.min(text.length, start + GLUED_AHEAD);
  let view = "";
  let copied = from;
  for (let at = first; at <= start; at++) {
    const c = text.charCodeAt(at);
    if (isLetter(c) && startsGlued(text.charCodeAt(at - 1), c, text.charCodeAt(at + 1))) {
      view += `${text.slice(copied, at - 1)}\n`;
      copied = at;
    }
  }
  view += text.slice(copied, to);
  return { text: view, at: start - from, from };
}

/**
 * `rules` (a sticky regex) tried at `start` of `text` on its glued view (`gluedView`): the match's end in `text` and
 * the match, or undefined when there is no glued start there or the rules do not match on the view either. One regex
 * call. (The detector tries its rules on the view itself; test/helpers/phrase-detector-reference.ts calls this.)
 */
export function execGlued(
  rules: RegExp,
  text: string,
  start: number,
): { match: RegExpExecArray; end: number } | undefined {
  const view = gluedView(text, start);
  if (view === undefined) return undefined;
  rules.lastIndex = view.at;
  const match = rules.exec(view.text);
  if (match === null) return undefined;
  return { match, end: rules.lastIndex + view.from };
}
