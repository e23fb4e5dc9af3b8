import { stringAround } from "../../scan/string-bounds.js";
import type { TextMatch } from "../../types.js";
import type { InjectionType } from "./rules.js";

/**
 * A change entry: one line of a changelog, release notes, a list of steps or a git log, which says what a program
 * does or what a person did ("- Send the system prompt as the first message for providers that require it"). Its
 * imperative is the genre's (a commit subject, a changelog bullet), and the same words outside the genre are an
 * order; so the genre is read from the text's structure, never from the entry's words:
 * - a commit message line of `git log` output: above it, past the message's indented or blank lines, the entry's
 *   header (`Date:`, `Author:`, an optional `Merge:`, then `commit <hash>`);
 * - an item of a list of at least MIN_ITEMS one-line items (`-`, `*`, `+`, `•` or `1.`, also after a field's prefix:
 *   a CSV row's cells, a key, a JSON string's opening), as a changelog, release notes or numbered steps are written.
 * An entry that addresses the model is never one (ADDRESS): a second person, a model named, a turn or priority
 * marker, a reply, a time ("now"), or a destination (a URL, an e-mail address); nor is a line of two sentences or a
 * label and a sentence ("Required next step: ..."). So an instruction to the model written into a commit subject or
 * a changelog bullet still fires.
 *
 * Lines end at a line break or at a JSON escape `\n`/`\r` (a commit or a changelog returned as one JSON string), and
 * never outside the string that holds the match (string-bounds.ts).
 */

/**
 * Phrase-rule types a change entry can be read as: what a program does with its prompt ("Send the system prompt as
 * the first message"). Not a tool named with its arguments: that is how an attack in a commit subject orders a tool
 * call (issue 18), and a changelog names its own functions without the rules' tool-call forms.
 */
const ENTRY_TYPES: ReadonlySet<InjectionType> = new Set(["system_prompt_exfiltration"]);
/** The longest line read as one entry; a longer line is prose. */
const MAX_ENTRY = 200;
const MIN_ITEMS = 3;
/** The most lines of a commit message read above an entry on the way to its header. */
const MAX_MESSAGE_LINES = 12;
/** Lines read on either side of a list entry, blank ones included. */
const MAX_SIBLING_LINES = 8;

const ADDRESS =
  /\b(?:you|your|yours|yourself|u|assistants?|ai|models?|llms?|agents?|chatbots?|bots?|gpt|chatgpt|claude|copilot|gemini|important|urgent|attention|instructions?|reply|replies|respond|response|answer|conversation|chat|now|immediately|right away)\b|\b(?:system|admin|operator|developer)\s*[:\]]|https?:|www\.|[\w.+-]@[\w-]+\.[a-z]/i;
/** A second sentence: an entry is one (a bullet, a subject line); an order and its insistence are two. */
const SECOND_SENTENCE = /[.!?:]\s+\S/;
/**
 * A list item: its marker at the line's start, or after a short prefix that ends a field: a CSV row's cells (`,`), a
 * key (`text: `), or the opening of a JSON string (`{"text":"`) whose first line is the item.
 */
const ITEM = /^(?:[^\n]{0,60}?[,:"][ \t]?)?[ \t]*(?:[-*+\u2022]|\d{1,3}[.)])[ \t]+(?=\S)/;
/** A commit line, at the line's start or at a JSON string's opening (`{"log":"commit ...`). */
const COMMIT = /^(?:[^\n]{0,60}?[:"][ \t]?)?commit [0-9a-f]{7,40}\b/;
const HEADER_FIELD = /^(?:Author|Merge|Date):[ \t]/;

/** Removes the phrase-rule findings of `out` from `from` on that stand in a change entry of `text`. */
export function dropChangeEntries(text: string, out: TextMatch[], from: number): void {
  let kept = from;
  for (let i = from; i < out.length; i++) {
    const m = out[i]!;
    const type = m.type as InjectionType;
    if (!(ENTRY_TYPES.has(type) && inChangeEntry(text, m.start, m.end))) out[kept++] = m;
  }
  out.length = kept;
}

/** Whether [start, end) lies on one line of `text` that is a change entry (see above). */
export function inChangeEntry(text: string, start: number, end: number): boolean {
  const [lo, hi] = stringAround(text, start);
  const line = lineAt(text, start, lo, hi);
  if (end > line[1] || isLong(line)) return false;
  const entry = text.slice(line[0], line[1]);
  const item = ITEM.exec(entry);
  if (ADDRESS.test(entry) || SECOND_SENTENCE.test(item === null ? entry : entry.slice(item[0].length)))
    return false;
  return item !== null ? inList(text, line, lo, hi) : inCommitMessage(text, line, lo, hi);
}

type Line = [number, number];

/** Whether a line break (a character or a JSON escape) ends at `i`; returns its length, 0 if none. */
function breakEndingAt(text: string, i: number, lo: number): number {
  const c = text.charCodeAt(i);
  if (c === 10 || c === 13) return 1;
  if ((c === 110 || c === 114) && i - 1 >= lo && text.charCodeAt(i - 1) === 92) return 2;
  return 0;
}

/** Whether a line break starts at `i`; returns its length, 0 if none. */
function breakStartingAt(text: string, i: number, hi: number): number {
  const c = text.charCodeAt(i);
  if (c === 10 || c === 13) return 1;
  if (c === 92 && i + 1 < hi) {
    const d = text.charCodeAt(i + 1);
    if (d === 110 || d === 114) return 2;
  }
  return 0;
}

/**
 * The line of `text` within [lo, hi) that holds `at`, without its line breaks. Reads at most MAX_ENTRY + 1
 * characters on either side, so a line longer than MAX_ENTRY comes back longer than MAX_ENTRY but not whole (`isLong`):
 * the work per finding is bounded whatever the text.
 */
function lineAt(text: string, at: number, lo: number, hi: number): Line {
  const floor = Math.max(lo, at - MAX_ENTRY - 1);
  const ceiling = Math.min(hi, at + MAX_ENTRY + 1);
  let s = at;
  while (s > floor && breakEndingAt(text, s - 1, lo) === 0) s--;
  let e = at;
  while (e < ceiling && breakStartingAt(text, e, hi) === 0) e++;
  return [s, e];
}

const isLong = (line: Line) => line[1] - line[0] > MAX_ENTRY;

/** The line before `line` (empty lines included), or undefined at the string's start. */
function lineBefore(text: string, line: Line, lo: number, hi: number): Line | undefined {
  if (line[0] <= lo) return undefined;
  return lineAt(text, line[0] - breakEndingAt(text, line[0] - 1, lo), lo, hi);
}

/** The line after `line`, or undefined at the string's end. */
function lineAfter(text: string, line: Line, lo: number, hi: number): Line | undefined {
  if (line[1] >= hi) return undefined;
  const next = line[1] + breakStartingAt(text, line[1], hi);
  return lineAt(text, next, lo, hi);
}

const isBlank = (text: string, line: Line) => text.slice(line[0], line[1]).trim() === "";

/** Whether `line` is one of at least MIN_ITEMS items of a list (blank lines between items allowed). */
function inList(text: string, line: Line, lo: number, hi: number): boolean {
  let items = 1;
  for (const step of [lineBefore, lineAfter]) {
    let at: Line | undefined = line;
    for (let read = 0; read < MAX_SIBLING_LINES && items < MIN_ITEMS; read++) {
      at = step(text, at, lo, hi);
      if (at === undefined || isLong(at)) break;
      if (isBlank(text, at)) continue;
      if (!ITEM.test(text.slice(at[0], at[1]))) break;
      items++;
    }
  }
  return items >= MIN_ITEMS;
}

/** Whether `line` is in the message of a `git log` entry: its header above, past indented or blank lines. */
function inCommitMessage(text: string, line: Line, lo: number, hi: number): boolean {
  let at: Line | undefined = line;
  let read = 0;
  // Past the message: lines that are blank or indented.
  for (;;) {
    at = lineBefore(text, at, lo, hi);
    if (at === undefined || isLong(at) || ++read > MAX_MESSAGE_LINES) return false;
    const words = text.slice(at[0], at[1]);
    if (words.trim() === "" || /^[ \t]/.test(words)) continue;
    break;
  }
  // The header: its fields, then the commit line.
  for (let fields = 0; at !== undefined && !isLong(at) && fields <= 3; fields++) {
    const words = text.slice(at[0], at[1]);
    if (COMMIT.test(words)) return fields > 0;
    if (!HEADER_FIELD.test(words)) return false;
    at = lineBefore(text, at, lo, hi);
  }
  return false;
}
