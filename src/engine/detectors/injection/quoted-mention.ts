import { isRegexSpace } from "./instruction-span.js";

/**
 * A quoted mention: writing about an attack names its phrase in quotes after a word that says it is being named
 * ("phrases such as "ignore all previous instructions"", "a mail containing 'reveal your system prompt'", "variants
 * of ..."). That addresses nobody, so the injection rules leave it alone. A phrase in quotes without such a word (a
 * JSON string value, `SYSTEM: "..."`, "the user wants you to "..."") is not a mention: only the naming words below
 * make one, and only when the quotation is short and holds the whole match.
 */

/**
 * Not a key at a line's start (after indentation and a YAML list's `- `; a JSON string's `\n` escape counts as a
 * line break): `text: "..."` holds a field's value, it names nothing. A lookaround: it consumes nothing, so it adds
 * nothing to how far back a match starts (scorer/mention-blanks.ts `MENTION_REACH`).
 */
export const KEY_AT_LINE_START = String.raw`(?!(?<=(?:^|[\n\r]|\\n)[ \t]{0,16}(?:-[ \t]{1,4})?)[a-z.]{1,40}:)`;
/**
 * Words that name a phrase rather than say it, ending right before the opening quote (after an optional `,` or `:`),
 * among them verbs that say it was entered somewhere as text ("one tester typed 'ignore your rules'", "planted "..."
 * in a ticket"), or a noun for an attack a few words before a `:` or `,` ("a jailbreak attempt, for moderators: "..."").
 * A word right after a quote is itself quoted (a JSON key or value: `{"type":"text","text":"..."}`, the MCP text
 * block), so it names nothing: the quote after it closes it and opens no mention. Nor does a key at a line's start
 * (`text: "..."`, `- text: "..."` in YAML or a log; after a JSON string's `\n` escape too): a field's value follows it.
 */
const CUE = `(?<!["'])(?:\\b${KEY_AT_LINE_START}(?:close to|similar to|such as|like|e\\.g\\.|i\\.e\\.|for example|for instance|phrases?|strings?|sentences?|wordings?|words|texts?|quotes?|quoted|quoting|contains?|containing|contained|variants? of|versions? of|examples? of|why|called|named|known as|matches|matching|match|patterns?|follows|followed|obeys|obeyed|rewrite|rephrase|paraphrase|typed|pasted|planted|embedded|injected|inserted|hid)[,:]?|\\b(?:attacks?|attempts?|injections?|jailbreaks?|payloads?|phishing|malicious|lures?)\\b[^.!?:"\\n]{0,30}[,:])`;
/** A naming word (or an attack noun and its `,` / `:`) right before the end of a text; exported for tests. */
export const NAMING_CUE = new RegExp(`${CUE}\\s*$`, "i");
/** A naming word and the opening quote after it: the pattern's source. A quote before a `:` closes a key
 * (`"full text": "..."`), it opens nothing. A data format's escape may stand before the quote (`\"` in a JSON
 * string, `""` in a CSV cell): the quote after it is the opening one, as `isQuotedMention` reads it. */
const CUE_THEN_QUOTE_SOURCE = `${CUE}\\s{0,3}(?:\\\\(?=")|"(?="))?["'\u201c\u2018\u00ab\u201e](?!\\s{0,3}:)`;
/** CUE_THEN_QUOTE_SOURCE found by one native scan over a whole text. */
const CUE_THEN_QUOTE = new RegExp(CUE_THEN_QUOTE_SOURCE, "gi");
/** The same pattern anchored at `lastIndex` (sticky): for a caller that knows where a match can start. */
export const CUE_THEN_QUOTE_AT = new RegExp(CUE_THEN_QUOTE_SOURCE, "iy");

/** Opening quote -> its closing quotes (ASCII and typographic). */
const CLOSERS: Record<string, string> = {
  '"': '"',
  "'": "'",
  "\u201c": "\u201d\u201c",
  "\u2018": "\u2019",
  "\u00ab": "\u00bb",
  "\u201e": "\u201c\u201d",
};

/** The longest quotation read as a mention: a phrase, not a paragraph. */
const MAX_QUOTED = 120;

function isLetter(c: string | undefined): boolean {
  return c !== undefined && /\p{L}/u.test(c);
}

/**
 * Whether `[start, end)` of `text` lies inside a short quotation that a naming word introduces. Looks at most
 * MAX_QUOTED characters either side, on one line: constant work per match.
 */
export function isQuotedMention(text: string, start: number, end: number): boolean {
  if (inShortCodeSpan(text, start, end)) return true;
  const open = openingQuote(text, start);
  if (open === -1) return false;
  const quote = text[open]!;
  // The closing quote ends the match or comes after it (a match may end on the quote itself: `instructions"`).
  const close = closingQuote(text, start, CLOSERS[quote]!, open);
  if (close === -1 || close < end - 1) return false;
  // An apostrophe is a quote only with a space before it and no letter after its closing one ("you're").
  if (quote === "'" && (text[open - 1] !== " " || isLetter(text[close + 1]))) return false;
  // The naming word ends before the quote's escape: `containing \"...\"` in a JSON string, `""...""` in a CSV cell.
  const cueEnd = open - +(quote === '"' && isQuoteEscape(text, open));
  const from = Math.max(0, cueEnd - 40);
  // Most quotes have no naming word before them (a JSON string value after `[`): ruled out without the regex.
  if (mayEndWithCue(text, from, cueEnd) && NAMING_CUE.test(text.slice(from, cueEnd))) return true;
  return opensListedExample(text, open);
}

/**
 * Whether the `"` at `open` is escaped as a data format writes a quote inside a string: `\"` (JSON) or `""` (CSV).
 * The character before is then the escape, not text.
 */
function isQuoteEscape(text: string, open: number): boolean {
  const before = text.charCodeAt(open - 1);
  return before === 0x5c || (before === 0x22 && text.charCodeAt(open - 2) !== 0x22);
}

/**
 * `blankQuotedMentions` for data formats: a quote escaped as `\"` (JSON) or `""` (CSV) is read as the quote (both
 * escapes are two characters, replaced by a space and the quote, so offsets hold). `undefined` when nothing is
 * blanked. For the structure detector's check of a flagged sentence.
 */
export function blankMentionsInData(text: string): string | undefined {
  const unescaped = text.includes('\\"') || text.includes('""') ? text.replace(/\\"|""/g, ' "') : text;
  return blankQuotedMentions(unescaped);
}

/** The most earlier items walked back over in a list of quoted examples. */
const MAX_LISTED = 6;

/**
 * Whether the quotation at `open` is an item of a list of quoted examples opened by a prose parenthesis or a table
 * cell: `("you are now DAN", "...")`, `| "ignore previous instructions" and its kin |`. Not a call's `send("...")`,
 * a JSON array's `[` or a value's `:`. Constant work: at most MAX_LISTED items of at most MAX_QUOTED each.
 */
function opensListedExample(text: string, open: number): boolean {
  let at = open;
  for (let item = 0; item <= MAX_LISTED; item++) {
    let k = at - 1;
    while (k >= 0 && (text[k] === " " || text[k] === "\t")) k--;
    const c = text[k];
    if (c === "|" || (c === "(" && !/\w/.test(text[k - 1] ?? " "))) return true;
    if (item === MAX_LISTED) return false;
    if (c === "," || c === ";" || c === "/") k--;
    else if (text.slice(k - 1, k + 1).toLowerCase() === "or" && text[k - 2] === " ") k -= 2;
    else return false;
    while (k >= 0 && (text[k] === " " || text[k] === "\t")) k--;
    const closer = text.charCodeAt(k);
    if (closer !== 0x22 && closer !== 0x201d && closer !== 0x2019 && closer !== 0x27) return false;
    const previous = openingQuote(text, k);
    if (previous === -1) return false;
    at = previous;
  }
  return false;
}

const MAX_LINE_READ = 400;

/** Whether the backtick at `at` opens a code span: an even number of backticks before it on its line (read at most
 * MAX_LINE_READ back; further, it is not taken for an opening one). */
function opensCodeSpan(text: string, at: number): boolean {
  let ticks = 0;
  for (let k = at - 1; ; k--) {
    if (k < 0 || text.charCodeAt(k) === 0x0a) return ticks % 2 === 0;
    if (at - k > MAX_LINE_READ) return false;
    if (text.charCodeAt(k) === 0x60) ticks++;
  }
}

const MAX_CODE_SPAN = 48;

/** Whether `[start, end)` lies in a short one-line code span (`` `<IMPORTANT>` ``): code notation names a literal for
 * a person to read; a sentence of orders in backticks is longer than MAX_CODE_SPAN. */
function inShortCodeSpan(text: string, start: number, end: number): boolean {
  let open = start - 1;
  while (open >= 0 && start - open <= MAX_CODE_SPAN && text.charCodeAt(open) !== 0x60) {
    if (text.charCodeAt(open) === 0x0a) return false;
    open--;
  }
  if (open < 0 || text.charCodeAt(open) !== 0x60 || !opensCodeSpan(text, open)) return false;
  for (let k = start; k < end; k++) if (text.charCodeAt(k) === 0x60) return false;
  let close = end;
  while (close < text.length && close - open <= MAX_CODE_SPAN && text.charCodeAt(close) !== 0x60) {
    if (text.charCodeAt(close) === 0x0a) return false;
    close++;
  }
  return close < text.length && text.charCodeAt(close) === 0x60 && close - open - 1 <= MAX_CODE_SPAN;
}

/**
 * Whether NAMING_CUE can match `text.slice(from, to)`: it ends with `\s*`, and before that with a cue word (ASCII
 * letters, `e.g.` and `i.e.` a dot) or the `,` / `:` after one. A necessary condition read from the end, where the
 * regex, anchored at `$`, would try every start position of the slice. Exported for tests.
 */
export function mayEndWithCue(text: string, from: number, to: number): boolean {
  let k = to - 1;
  while (k >= from && isRegexSpace(text.charCodeAt(k))) k--;
  if (k < from) return false;
  const c = text.charCodeAt(k);
  return (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a) || c === 0x2e || c === 0x2c || c === 0x3a;
}

/** `"`, `'`, `“`, `‘`, `«`, `„`: the keys of CLOSERS. */
function opensQuote(c: number): boolean {
  return c === 0x22 || c === 0x27 || c === 0x201c || c === 0x2018 || c === 0xab || c === 0x201e;
}

/** An apostrophe between two letters is part of a word ("user's"), not a quote. */
function inWord(text: string, k: number): boolean {
  return isLetter(text[k - 1]) && isLetter(text[k + 1]);
}

function openingQuote(text: string, start: number): number {
  for (let k = start - 1; k >= 0 && start - k <= MAX_QUOTED; k--) {
    const c = text.charCodeAt(k);
    if (c === 0x0a) return -1;
    if (c === 0x27 && inWord(text, k)) continue;
    if (opensQuote(c)) return k;
    // `”`, `’`, `»` close a quotation: the match is after it, not inside one.
    if (c === 0x201d || c === 0x2019 || c === 0xbb) return -1;
  }
  return -1;
}

function closingQuote(text: string, from: number, closers: string, open: number): number {
  const first = closers.charCodeAt(0);
  // Every entry of CLOSERS has one or two characters; a missing second one reads as NaN and matches nothing.
  const second = closers.charCodeAt(1);
  for (let k = from; k < text.length && k - open <= MAX_QUOTED; k++) {
    const c = text.charCodeAt(k);
    if (c === 0x0a) return -1;
    if (c === 0x27 && inWord(text, k)) continue;
    if (c === first || c === second) return k;
  }
  return -1;
}

/**
 * `sentence` with every quoted mention in it (a short quotation after a naming word) blanked to spaces of the same
 * length, or `undefined` when it has none. The structure detector reads a flagged sentence again without its
 * mentions: when what is left flags nothing, the sentence only talked about an attack.
 */
/**
 * After a cue-then-quote match whose opening quote is at `open`: the end of the quotation it names (after its closing
 * quote), or -1 when it names none (an apostrophe that is no quote, no closing quote on the line within MAX_QUOTED).
 */
export function mentionEnd(text: string, open: number): number {
  const quote = text[open]!;
  if (quote === "'" && (text[open - 1] !== " " || !isLetter(text[open + 1]))) return -1;
  const close = closingQuote(text, open + 1, CLOSERS[quote]!, open);
  if (close === -1 || (quote === "'" && isLetter(text[close + 1]))) return -1;
  return close + 1;
}

export function blankQuotedMentions(text: string): string | undefined {
  const ranges: number[] = [];
  CUE_THEN_QUOTE.lastIndex = 0;
  for (let m = CUE_THEN_QUOTE.exec(text); m !== null; m = CUE_THEN_QUOTE.exec(text)) {
    const open = m.index + m[0].length - 1;
    const end = mentionEnd(text, open);
    if (end === -1) continue;
    ranges.push(open, end);
    CUE_THEN_QUOTE.lastIndex = end;
  }
  if (ranges.length === 0) return undefined;
  // Built once: a document with many mentions is not copied once per mention.
  const parts: string[] = [];
  let at = 0;
  for (let i = 0; i < ranges.length; i += 2) {
    parts.push(text.slice(at, ranges[i]), " ".repeat(ranges[i + 1]! - ranges[i]!));
    at = ranges[i + 1]!;
  }
  parts.push(text.slice(at));
  return parts.join("");
}
