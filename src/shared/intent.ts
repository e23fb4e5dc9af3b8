/**
 * Intent facts (issue 17, intent binding): what kind of effect the user asked for in this turn, and which words
 * the user said, as keyed hashes, so the flow step can tell "send to the address in the e-mail you asked about"
 * from "send to an address a result planted". Shared by the install (the user's turn), the output check (what a
 * call pointed at, and which words sit next to each value of its result) and `tollgate serve`, so every side
 * spells a word the same way.
 *
 * Invariants:
 * - Words leave this module only hashed with the thread's salt (`wordHash`), never in clear: a checkpoint holds no
 *   text of the user's message or of a result.
 * - The effect families are a closed list of English verbs (and a few phrases); a request in another language
 *   asks for nothing, so its calls are reviewed as without intent binding (the cautious side).
 */
import { hash as oneShotHash } from "node:crypto";

/** The kinds of effect a user can ask for, and a sink tool can have. */
export type EffectFamily = "send" | "pay" | "invite" | "open" | "share" | "delete" | "schedule" | "write";
export const EFFECT_FAMILIES: readonly EffectFamily[] = [
  "send",
  "pay",
  "invite",
  "open",
  "share",
  "delete",
  "schedule",
  "write",
];

/** What the user's turn (the last human message; never a summary) asks for, hashed. */
export interface TurnIntent {
  /** Effect families the message asks for. */
  effects: EffectFamily[];
  /** Word hashes of the message (distinct, no stop words; capped). */
  words: string[];
  /** Word hashes of what reads as a name: capitalised inside a sentence, or quoted (capped). */
  names: string[];
  /**
   * Hashes of the message's identifier tokens (`identifierTokens`: `v1.4.2`, `feature/retry-backoff`, `ev-303`),
   * for `flow.destructive_target`. Optional: an install of an earlier version sends none.
   */
  ids?: string[];
}

/** What a call's argument pointed at: the hash of a whole address/number value, or the hashes of its words. */
export interface ArgPointer {
  h?: string;
  words?: string[];
}

export const MAX_TURN_WORDS = 256;
export const MAX_POINTER_WORDS = 16;

/**
 * Keyed hash of one normalised word: SHA-256 over a length-prefixed (domain, salt, word), 12 characters (72 bits)
 * of base64url. Its own domain, so a word hash never equals a value hash of src/shared/provenance.ts.
 */
export function wordHash(word: string, salt: string): string {
  return oneShotHash(
    "sha256",
    `tollgate.intent.v1\u0000${salt.length}:${salt}\u0000${word}`,
    "base64url",
  ).slice(0, 12);
}

const STOP_WORDS = new Set(
  (
    "a an the and or but of to in on at for from by with about as into onto over under is are was were be been am " +
    "it its this that these those there here my me mine i you your yours we our us they them their he him his she " +
    "her hers what which who whom whose when where why how please can could would should will shall may might must " +
    "do does did done have has had not no yes if then than so also just all any some each every one s t"
  ).split(" "),
);

/** Lower-case words of a text (NFKC, letters and digits), without stop words and one-character words. */
export function textWords(text: string): string[] {
  const out: string[] = [];
  const normalised = /[^\x00-\x7f]/.test(text) ? text.normalize("NFKC") : text;
  for (const match of normalised.toLowerCase().matchAll(/[\p{L}\p{N}]+/gu)) {
    const word = match[0];
    if (word.length >= 2 && !STOP_WORDS.has(word)) out.push(word);
  }
  return out;
}

const NOT_NAMES = new Set(
  (
    "i monday tuesday wednesday thursday friday saturday sunday january february march april may june july " +
    "august september october november december utc eur usd"
  ).split(" "),
);

/**
 * Words that read as names: capitalised words that do not start a sentence, and the words of quoted phrases
 * ('Vendor review'). Days, months and currencies are left out (they name nothing in a result).
 */
export function nameWordsOf(text: string): string[] {
  const names = new Set<string>();
  for (const quoted of text.matchAll(/['"\u2018\u201c]([^'"\u2019\u201d\n]{2,80})['"\u2019\u201d]/gu))
    for (const word of textWords(quoted[1] ?? "")) names.add(word);
  for (const sentence of text.split(/[.!?;:\n]+\s*/u)) {
    const tokens = sentence.trim().split(/\s+/u);
    for (let i = 1; i < tokens.length; i++) {
      const token = tokens[i]!.replace(/^[^\p{L}\p{N}]+/u, "");
      if (!/^\p{Lu}/u.test(token)) continue;
      for (const word of textWords(token)) if (!NOT_NAMES.has(word)) names.add(word);
    }
  }
  return [...names];
}

/** Characters an identifier token is trimmed of at its start, and at its end (quotes, brackets, punctuation). */
const LEADING_EDGES = new Set([..."\"'`\u2018\u2019\u201c\u201d([{<"]);
const TRAILING_EDGES = new Set([..."\"'`\u2018\u2019\u201c\u201d)]}>.,;:!?"]);

/**
 * Identifier tokens of a text: its whitespace-separated pieces, trimmed of quotes, brackets and sentence punctuation,
 * NFKC lower-case, 1 to 128 characters (a longer piece is no identifier). A tag (`v1.4.2`), a branch
 * (`release/1.4`), an id (`ev-303`) stays one token; a name of several words is several tokens. The user's message
 * and a destructive call's argument are read alike. Linear: one split, then an index walk per piece.
 */
export function identifierTokens(text: string): string[] {
  const out: string[] = [];
  const normalised = /[^\x00-\x7f]/.test(text) ? text.normalize("NFKC") : text;
  for (const piece of normalised.toLowerCase().split(/\s+/u)) {
    if (piece.length === 0 || piece.length > 256) continue;
    let start = 0;
    let end = piece.length;
    while (start < end && LEADING_EDGES.has(piece[start]!)) start++;
    while (end > start && TRAILING_EDGES.has(piece[end - 1]!)) end--;
    if (end > start && end - start <= 128) out.push(piece.slice(start, end));
  }
  return out;
}

/** Verbs (first word of a clause or anywhere) per family; `e-mail`/`email`/`mail` are verbs only where noted. */
const FAMILY_VERBS: Record<EffectFamily, readonly string[]> = {
  send: ["send", "reply", "respond", "forward", "dm", "post", "notify", "remind", "ping", "cc"],
  pay: ["pay", "transfer", "wire", "settle", "refund", "reimburse"],
  invite: ["invite", "add"],
  open: ["open", "visit", "fetch", "load", "browse", "follow", "click", "download"],
  share: ["share"],
  delete: ["delete", "remove", "cancel", "trash", "erase", "unsubscribe"],
  schedule: ["schedule", "book", "invite", "arrange", "reschedule", "block"],
  write: ["write", "save", "create", "append", "store"],
};

/**
 * The effect families a user's message asks for. Besides the verbs: "e-mail"/"email"/"mail" used as a verb (at
 * the start of a clause, or before a pronoun or an address) and "write to" ask to send; "read/check/see" with
 * "page/link/site" asks to open; "calendar" asks to schedule.
 */
export function effectsOfText(text: string): EffectFamily[] {
  // Addresses, URLs and paths name no effect (`https://x.example/post`, `pay@x.example`): only the prose counts.
  const lower = text.toLowerCase().replace(/\S*(?::\/\/|@|\/)\S*/gu, " ");
  const words = new Set(lower.match(/[\p{L}\p{N}]+/gu) ?? []);
  const found = new Set<EffectFamily>();
  for (const family of EFFECT_FAMILIES)
    if (FAMILY_VERBS[family].some((verb) => words.has(verb))) found.add(family);
  const mailVerb =
    /(?:^|[.!?;:,\n]\s*|\b(?:and|then|please|to)\s+)e-?mail\b/u.test(lower) ||
    /\be-?mail\s+(?:them|him|her|me|us|everyone|everybody|all|the\s+\w+\s+(?:that|about)|[\w.+-]+@)/u.test(
      lower,
    ) ||
    /\bwrite\s+(?:to|back)\b/u.test(lower);
  if (mailVerb) found.add("send");
  if (/\b(?:read|check|see|look\s+at)\b[^.!?\n]{0,40}\b(?:page|link|linked|site|website|url)\b/u.test(lower))
    found.add("open");
  if (words.has("calendar")) found.add("schedule");
  return EFFECT_FAMILIES.filter((family) => found.has(family));
}

/** Tool-name words per family (a tool's effect is the first family its name's words name). */
const TOOL_WORDS: [EffectFamily, readonly string[]][] = [
  ["pay", ["pay", "payment", "transfer", "wire", "refund", "remit", "payout"]],
  ["share", ["share", "grant"]],
  ["invite", ["invite", "member", "members"]],
  ["delete", ["delete", "remove", "cancel", "trash", "erase", "unsubscribe", "rm"]],
  ["schedule", ["event", "events", "meeting", "schedule", "calendar", "booking", "book"]],
  ["open", ["fetch", "open", "browse", "visit", "download", "url", "http", "navigate", "scrape"]],
  ["send", ["send", "reply", "forward", "email", "mail", "message", "post", "notify", "sms", "dm", "chat"]],
  ["write", ["write", "save", "append", "upload", "put", "create", "update"]],
];

/** The effect family of a sink tool, from its name's words; `undefined` when its name names none. */
export function toolEffect(words: readonly string[]): EffectFamily | undefined {
  for (const [family, names] of TOOL_WORDS) if (words.some((w) => names.includes(w))) return family;
  return undefined;
}

/**
 * Request words that are also nouns ("a refund", "the transfer", "any update"). Not the destructive verbs: "the
 * delete" stays a request to delete (the destructive rule's reading of the message does not narrow).
 */
const NOUN_OR_VERB =
  "refund transfer payment pay share shared post posted update updated change changed reply answer order send forward forwarded comment invite invited wire".split(
    " ",
  );
const NOUN_POSITION = new RegExp(
  `\\b(a|an|the|any|my|your|his|her|its|our|their|this|that|these|those|about|of|no|some|each|every|which|what|whose|\\p{L}+['\u2019]s)\\s+(?:${NOUN_OR_VERB.join("|")})\\b`,
  "giu",
);

/**
 * The words of a message that can ask for an effect, read less loosely: a request word after a determiner or a
 * possessive is a noun or an adjective ("a customer asked about a refund", "the status of the transfer", "our
 * shared folder", "Mia's invite"), and "tell me", "show me", "inform us" ask the
 * agent to answer, not to send. Both are dropped before the message's effects and words are read; its names and
 * ids are read from the whole message.
 */
function requestReading(text: string): string {
  return text.replace(NOUN_POSITION, "$1").replace(/\b(?:tell|show|inform)\s+(me|us)\b/giu, "$1");
}

/** The hashed intent of one user message. */
export function turnIntent(text: string, salt: string): TurnIntent {
  const read = requestReading(text);
  const words = [...new Set(textWords(read))].slice(0, MAX_TURN_WORDS);
  return {
    effects: effectsOfText(read),
    words: words.map((w) => wordHash(w, salt)),
    names: nameWordsOf(text)
      .slice(0, 64)
      .map((w) => wordHash(w, salt)),
    ids: [...new Set(identifierTokens(text))].slice(0, MAX_TURN_WORDS).map((w) => wordHash(w, salt)),
  };
}

/** A well-formed `TurnIntent` (the wire and the thread state hand it over as plain JSON). */
export function isTurnIntent(value: unknown): value is TurnIntent {
  if (typeof value !== "object" || value === null) return false;
  const v = value as Partial<TurnIntent>;
  const strings = (a: unknown, max: number) =>
    Array.isArray(a) && a.length <= max && a.every((s) => typeof s === "string");
  return (
    Array.isArray(v.effects) &&
    v.effects.every((e) => EFFECT_FAMILIES.includes(e)) &&
    strings(v.words, MAX_TURN_WORDS) &&
    strings(v.names, MAX_TURN_WORDS) &&
    (v.ids === undefined || strings(v.ids, MAX_TURN_WORDS))
  );
}

// A confirmation ("yes, go ahead", "ok, do it") or a continuation ("four more", "again", "the same for the rest") is
// short, holds such a word and asks for no effect of its own words; the turn's intent then also holds what the
// messages it confirms or continues asked (`confirmedTurnIntent`). Only human messages are read here: a tool cannot
// write one, so these words widen nothing an injected text controls.
const CONFIRMATION_WORDS = new Set(
  "yes yeah yep yup ok okay sure go ahead proceed confirm confirmed approve approved agreed correct right fine perfect great good lgtm continue more again another same rest remaining".split(
    " ",
  ),
);
// Other words a confirmation may hold besides stop words ("let's", "thanks", "sounds good", "looks like") and counts
// ("three more", "another 5").
const CONFIRMATION_FILLERS = new Set(
  "let lets thanks thank sounds looks like both please one ones two three four five six seven eight nine ten few couple times".split(
    " ",
  ),
);
const isCount = (word: string) => /^\p{N}+$/u.test(word);
const MAX_CONFIRMATION_WORDS = 10;

/** How many earlier human messages a chain of confirmations reaches back to. */
export const MAX_CONFIRMED_MESSAGES = 3;

/** Whether a human message only confirms or continues what was asked before ("Yes, go ahead.", "Four more."). */
export function isConfirmation(text: string): boolean {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  if (words.length === 0 || words.length > MAX_CONFIRMATION_WORDS) return false;
  if (!words.some((w) => CONFIRMATION_WORDS.has(w))) return false;
  return words.every(
    (w) => CONFIRMATION_WORDS.has(w) || STOP_WORDS.has(w) || CONFIRMATION_FILLERS.has(w) || isCount(w),
  );
}

const union = (a: readonly string[], b: readonly string[] | undefined) =>
  [...new Set([...a, ...(b ?? [])])].slice(0, MAX_TURN_WORDS);

/** One intent holding what two messages asked. */
export function mergeIntents(latest: TurnIntent, earlier: TurnIntent): TurnIntent {
  const merged: TurnIntent = {
    effects: EFFECT_FAMILIES.filter((f) => latest.effects.includes(f) || earlier.effects.includes(f)),
    words: union(latest.words, earlier.words),
    names: union(latest.names, earlier.names),
  };
  if (latest.ids !== undefined || earlier.ids !== undefined)
    merged.ids = union(latest.ids ?? [], earlier.ids);
  return merged;
}

/** Whether the request the last human messages make or confirm is in sight (oldest first). */
export function requestInSight(said: readonly string[]): boolean {
  // False with no message, or when the last ones only confirm and nothing before them is left (a summary replaced
  // the request): the rules that read the user's request then do not run, as without any human message.
  let i = said.length - 1;
  for (let back = 0; i >= 0 && back <= MAX_CONFIRMED_MESSAGES && isConfirmation(said[i]!); back++) i--;
  return i >= 0;
}

/** The hashed intent of the user's turn from the human messages so far (oldest first; never a summary). */
export function confirmedTurnIntent(said: readonly string[], salt: string): TurnIntent | undefined {
  // The last message's intent and, while a message only confirms, the one before it too, up to
  // MAX_CONFIRMED_MESSAGES back: "Delete the stale branches." ... "Yes, go ahead." asks for a deletion; "Delete the
  // stale branches." ... "Now summarise the log." asks for none.
  if (!requestInSight(said)) return undefined;
  let i = said.length - 1;
  let intent = turnIntent(said[i]!, salt);
  for (let back = 0; back < MAX_CONFIRMED_MESSAGES && i > 0 && isConfirmation(said[i]!); back++) {
    i--;
    intent = mergeIntents(intent, turnIntent(said[i]!, salt));
  }
  return intent;
}
