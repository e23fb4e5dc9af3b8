import { isWordCode } from "../shared/char-codes.js";
import { windowStart } from "../shared/keyword-window.js";

// A phone word, then at most three short words ("call me on", "phone number is", "message on my registered").
// `\w+\W+` has disjoint parts and the window is 40 characters, so this cannot backtrack badly. The simple form of
// `phoneWordBefore` (the property tests compare both).
export const PHONE_WORD_BEFORE =
  /\b(?:phone|telephone|tel|mobile|cell|fax|desk|call|dial|ring|whatsapp|sms|text|message|messages|contact|reach|answering)\b\W{0,4}(?:\w+\W+){0,3}$/;
const PHONE_WORDS = new Set(
  "phone telephone tel mobile cell fax desk call dial ring whatsapp sms text message messages contact reach answering".split(
    " ",
  ),
);
const SHORTEST_WORD = 3;
const LONGEST_WORD = 9;
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
 */
export function phoneWordBefore(text: string, index: number): boolean {
  const from = windowStart(text, index, PHONE_CONTEXT_WINDOW);
  let i = index;
  for (let words = 0; words < 4; words++) {
    let j = i;
    for (; j > from; j--) {
      const code = text.charCodeAt(j - 1);
      if (code >= 128) return byRegex(text, from, index);
      if (isWordCode(code)) break;
    }
    if (j === from) return false;
    let k = j;
    for (; k > from; k--) {
      const code = text.charCodeAt(k - 1);
      if (code >= 128) return byRegex(text, from, index);
      if (!isWordCode(code)) break;
    }
    if (i - j <= 4 && isPhoneWord(text, k, j)) return true;
    // Ending with a word character, the window's only candidate is its last word.
    if (i === index && j === index) return false;
    i = k;
  }
  return false;
}

function isPhoneWord(text: string, start: number, end: number): boolean {
  const n = end - start;
  return n >= SHORTEST_WORD && n <= LONGEST_WORD && PHONE_WORDS.has(text.slice(start, end).toLowerCase());
}

function byRegex(text: string, from: number, index: number): boolean {
  return PHONE_WORD_BEFORE.test(text.slice(from, index).toLowerCase());
}
