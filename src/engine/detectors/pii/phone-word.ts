import { isWordCode } from "../shared/char-codes.js";
import { windowStart } from "../shared/keyword-window.js";

// PHONE_WORD_BEFORE's words.
const PHONE_WORD_LIST =
  "phone telephone tel mobile cell fax desk call dial ring whatsapp sms text message messages contact reach answering";
// A phone word, then at most three short words ("call me on", "phone number is", "message on my registered").
// `\w+\W+` has disjoint parts and the window is 40 characters, so this cannot backtrack badly. The simple form of
// `phoneWordBefore` (the property tests compare both).
export const PHONE_WORD_BEFORE =
  /\b(?:phone|telephone|tel|mobile|cell|fax|desk|call|dial|ring|whatsapp|sms|text|message|messages|contact|reach|answering)\b\W{0,4}(?:\w+\W+){0,3}$/;
// The words by length (all lower-case ASCII letters).
const PHONE_WORDS_BY_LENGTH: string[][] = [];
for (const word of PHONE_WORD_LIST.split(" ")) {
  const list = PHONE_WORDS_BY_LENGTH[word.length] ?? [];
  list.push(word);
  PHONE_WORDS_BY_LENGTH[word.length] = list;
}
export const PHONE_CONTEXT_WINDOW = 40;

/**
 * `PHONE_WORD_BEFORE` on the lower-cased window of PHONE_CONTEXT_WINDOW characters before `index` (keyword-window.ts
 * `hasKeywordBefore`), read back from `index` without a copy of the window. The regex's reading, anchored at the
 * window's end: the window ends with a whole word that is a phone word (`\b` both sides, so a maximal run of `\w`),
 * then at most four non-word characters, then at most three groups of a word and the non-word characters after it.
 * Read back, that is: the last four word runs, each tried where the non-word run after it is at most four long, and
 * only the last word run when the window ends with a word character (a group must end with `\W`). `\w` is ASCII (no
 * `u` flag) and lower-casing an ASCII letter keeps it a letter; a window whose read part holds a character of 128 or
 * more (one whose lower case may hold a word character, `İ`) is given to the regex.
 *
 * The window's start (windowStart: after its last empty line) is looked for only when the part read holds a line
 * break: without one, any empty line stands before every character read, so the reading is the same from the window's
 * plain start.
 */
export function phoneWordBefore(text: string, index: number): boolean {
  const answer = readBack(text, index, Math.max(0, index - PHONE_CONTEXT_WINDOW), true);
  return answer !== LINE_BREAK
    ? answer === YES
    : readBack(text, index, windowStart(text, index, PHONE_CONTEXT_WINDOW), false) === YES;
}

const NO = 0;
const YES = 1;
const LINE_BREAK = 2;

/** The reading from `from` (see phoneWordBefore); LINE_BREAK when `stopAtLineBreak` and it read one. */
function readBack(text: string, index: number, from: number, stopAtLineBreak: boolean): number {
  let i = index;
  for (let words = 0; words < 4; words++) {
    let j = i;
    for (; j > from; j--) {
      const code = text.charCodeAt(j - 1);
      if (code === 10 && stopAtLineBreak) return LINE_BREAK;
      if (code >= 128) return byRegex(text, index);
      if (isWordCode(code)) break;
    }
    if (j === from) return NO;
    let k = j;
    for (; k > from; k--) {
      const code = text.charCodeAt(k - 1);
      if (code === 10 && stopAtLineBreak) return LINE_BREAK;
      if (code >= 128) return byRegex(text, index);
      if (!isWordCode(code)) break;
    }
    if (i - j <= 4 && isPhoneWord(text, k, j)) return YES;
    // Ending with a word character, the window's only candidate is its last word.
    if (i === index && j === index) return NO;
    i = k;
  }
  return NO;
}

/** Whether `text[start, end)`, a run of `\w`, lower-cased is a phone word (`| 0x20` lower-cases a letter; a digit or `_` stays no letter). */
function isPhoneWord(text: string, start: number, end: number): boolean {
  const words = PHONE_WORDS_BY_LENGTH[end - start];
  if (words === undefined) return false;
  for (const word of words) {
    let k = 0;
    while (k < word.length && (text.charCodeAt(start + k) | 0x20) === word.charCodeAt(k)) k++;
    if (k === word.length) return true;
  }
  return false;
}

function byRegex(text: string, index: number): number {
  const from = windowStart(text, index, PHONE_CONTEXT_WINDOW);
  return PHONE_WORD_BEFORE.test(text.slice(from, index).toLowerCase()) ? YES : NO;
}
