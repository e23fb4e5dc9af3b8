import { stringAround } from "../../scan/string-bounds.js";
import type { TextMatch } from "../../types.js";

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
 * Only `system_prompt_exfiltration` findings are read so: what a program does with its prompt. Not a tool named with
 * its arguments: that is how an attack in a commit subject orders a tool call (issue 18), and a changelog names its
 * own functions without the rules' tool-call forms.
 *
 * Lines end at a line break or at a JSON escape `\n`/`\r` (a commit or a changelog returned as one JSON string), and
 * are read within REACH of the match and never outside the string that holds it (string-bounds.ts).
 */

/** The longest line read as one entry; a longer line is prose. */
const MAX_ENTRY = 200;
const MIN_ITEMS = 3;
/** How far from a match its entry's list or header is looked for: the work per finding is bounded. */
const REACH = 1200;
/** The most findings of one text checked; beyond, a text of so many is an attack, not a changelog. */
const MAX_CHECKED = 64;
const BREAK = /\r\n|[\n\r]|\\r\\n|\\[nr]/;

const ADDRESS =
  /\b(?:you|your|yourself|assistant|ai|models?|llm|agents?|(?:chat)?bots?|gpt|claude|important|instructions?|repl(?:y|ies)|respon(?:d|se)|answer|chat|conversation|now|immediately|right away)\b|\b(?:system|admin|operator|developer)\s*[:\]]|https?:|www\.|\w@[\w-]+\.[a-z]/i;
/** A second sentence: an entry is one (a bullet, a subject line); an order and its insistence are two. */
const SECOND_SENTENCE = /[.!?:]\s+\S/;
/** A short prefix that ends a field: a CSV row's cells, a key (`text: `), a JSON string's opening (`{"log":"`). */
const PREFIX = '^(?:[^\\n]{0,60}?[,:"][ \\t]?)?';
/** A list item: its marker at the line's start or after PREFIX. */
const ITEM = new RegExp(`${PREFIX}[ \\t]*(?:[-*+\\u2022]|\\d{1,3}[.)])[ \\t]+(?=\\S)`);
const COMMIT = new RegExp(`${PREFIX}commit [0-9a-f]{7,40}\\b`);
const HEADER_FIELD = /^(?:Author|Merge|Date):[ \t]/;

/** Removes the `system_prompt_exfiltration` findings of `out` from `from` on that stand in a change entry of `text`. */
export function dropChangeEntries(text: string, out: TextMatch[], from: number): void {
  let kept = from;
  let checked = 0;
  for (let i = from; i < out.length; i++) {
    const m = out[i]!;
    const drop =
      m.type === "system_prompt_exfiltration" &&
      checked++ < MAX_CHECKED &&
      inChangeEntry(text, m.start, m.end);
    if (!drop) out[kept++] = m;
  }
  out.length = kept;
}

/** Whether [start, end) lies on one line of `text` that is a change entry (see above). */
export function inChangeEntry(text: string, start: number, end: number): boolean {
  const [lo, hi] = stringAround(text, start);
  const above = text.slice(Math.max(lo, start - REACH), start).split(BREAK);
  const below = text.slice(end, Math.min(hi, end + REACH)).split(BREAK);
  const match = text.slice(start, end);
  const entry = above.pop()! + match + below.shift()!;
  if (BREAK.test(match) || entry.length > MAX_ENTRY || ADDRESS.test(entry)) return false;
  const item = ITEM.exec(entry);
  if (SECOND_SENTENCE.test(item === null ? entry : entry.slice(item[0].length))) return false;
  if (item !== null) return countItems(above.reverse()) + 1 + countItems(below) >= MIN_ITEMS;
  // A commit message: past its indented or blank lines, the header's fields, then the commit line.
  let k = above.length - 1;
  while (k >= 0 && /^(?:[ \t]|$)/.test(above[k]!) && above.length - k <= 12) k--;
  let fields = 0;
  for (; k >= 0 && HEADER_FIELD.test(above[k]!); k--) fields++;
  return fields > 0 && k >= 0 && COMMIT.test(above[k]!);
}

/** How many list items `lines` (read away from an entry) hold before anything else; blank lines between are skipped. */
function countItems(lines: readonly string[]): number {
  let items = 0;
  for (const line of lines.slice(0, 8)) {
    if (line.trim() === "") continue;
    if (line.length > MAX_ENTRY || !ITEM.test(line)) break;
    items++;
  }
  return items;
}
