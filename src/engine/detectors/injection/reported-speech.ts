/**
 * A reporting frame: writing that says what a model was made, asked or tricked to do ("users told the bot to ...",
 * "a README could instruct the agent to ...", "tried to get the assistant to act as ...", "a retrieved e-mail asks it
 * to ..."). The clause after the frame is the model's action as reported by someone, not an order to the reader: the
 * doer is a model named in the third person ("it", "the assistant"), never "you".
 *
 * Only forms that cannot be an order to the reader make a frame:
 * - a past or -ing reporting verb ("told", "asking"), or a present one that only a third party does to a model
 *   ("tricks", "convinces");
 * - a present verb of asking or telling with the pronoun "it" or "them" ("asks it to"): a claim that the user "asks
 *   the assistant to" do something is an attack's own form, so it is not a frame;
 * - a base form after a modal or "tried to" ("could instruct the agent to", "tried to get the bot to"), not after
 *   "you" ("you must get the assistant to" addresses the reader).
 * - never after "has", "is" and kin (NOT_NOW).
 * "wants" and "expects" are never frames: "the user wants the assistant to ..." is how an attack claims the user's
 * authority.
 */

const MODEL =
  "(?:models?|assistants?|agents?|ai|bots?|chatbots?|llms?|plugins?|copilots?|extensions?|tools?|systems?)";
/** The model named in the third person: a pronoun, or a determiner, up to two modifiers and a model noun. */
const OBJECT = `(?:it|them|(?:the|an?|its|their|our|this|that|some|other|such)\\s{1,3}(?:[a-z][a-z-]*\\s{1,3}){0,2}?${MODEL})`;
const PAST =
  "(?:asked|told|instructed|got|caused|tricked|convinced|persuaded|forced|made|allowed|coaxed|manipulated|induced|directed|prompted|led)";
const ING =
  "(?:asking|telling|instructing|getting|causing|tricking|convincing|persuading|forcing|making|allowing|coaxing|manipulating|inducing|directing|prompting|leading)";
const PRESENT_THIRD_PARTY = "(?:causes|tricks|convinces|persuades|forces|coaxes|manipulates|induces)";
const PRESENT_WITH_PRONOUN = "(?:asks|tells|instructs|gets|makes|lets|directs|prompts)";
const BASE =
  "(?:ask|tell|instruct|get|cause|trick|convince|persuade|force|make|coax|manipulate|induce|direct|prompt|lead|let)";
/** What makes a base form hypothetical or reported; `(?<!you\s)` keeps "you could get the agent to" an order. */
const HYPOTHETICAL =
  "(?:(?<!\\byou\\s{1,3})(?:could|can|would|might|may|did|does|cannot|can't|couldn't|wouldn't)(?:\\s{1,3}(?:not|also|still|easily|then))?|(?:tried|tries|trying|attempts?|attempted|able|managed|used|ways?|how)\\s{1,3}to)";

/**
 * Not after "has", "is" and kin: "the user has asked the assistant to", "the operator is asking it to" claim a
 * standing request now, the form an attack takes; "was told", "asked" and "asking" alone narrate.
 */
const NOT_NOW = "(?<!\\b(?:has|have|is|are|am|'s|'ve|'re)\\s{1,3}(?:(?:been|now|also|just)\\s{1,3})?)";
/** The model as the subject of a past or hypothetical act: "the old plugin would upload", "it did reveal". */
const DOER = `${OBJECT}\\s{1,3}(?:would|could|did|had)(?:\\s{1,3}(?:not|then|also|still|always|often|sometimes|happily))?`;
/**
 * An instruction someone planted for a model to find: "researchers hid a request to send ...", "embedded an instruction
 * that ...". Hiding or planting is what a report of an attack says; an attack never says it of itself.
 */
const PLANTED = `(?:hid|hidden|hides|hiding|planted|plants|planting|embedded|embeds|embedding|injected|injects|injecting|inserted|inserts|inserting|smuggled|smuggles|smuggling)\\s{1,3}(?:a|an|the|their|its|such|some)\\s{1,3}(?:[a-z][a-z-]*\\s{1,3}){0,2}?(?:requests?|instructions?|commands?|prompts?|messages?|notes?|payloads?|orders?)\\s{1,3}(?:to|that)`;
/** Bounded spaces: a frame never reads across the separator that joins two strings for one scan (string-bounds.ts). */
const FRAME_SOURCE = `\\b(?:(?:${NOT_NOW}(?:${PAST}|${ING}|${PRESENT_THIRD_PARTY})|${HYPOTHETICAL}\\s{1,3}${BASE})\\s{1,3}${OBJECT}(?:\\s{1,3}to)?|${PRESENT_WITH_PRONOUN}\\s{1,3}(?:it|them)(?:\\s{1,3}to)?|${DOER}|${PLANTED})\\s{1,3}`;

/**
 * A frame and the clause it governs, to the clause's end: `,`, `;`, a line break, or `.`, `!`, `?` before a space or
 * the end (a dot inside an address or a file name does not end it).
 */
const FRAME = new RegExp(`${FRAME_SOURCE}(?:[^,;.!?\\n]|[.!?](?=[^\\s"']))*`, "gi");
/** A frame alone, at the start of a text: where its clause begins. */
const FRAME_AT_START = new RegExp(`^${FRAME_SOURCE}`, "i");
/** A frame that ends where a match starts. */
const FRAME_AT_END = new RegExp(`${FRAME_SOURCE}$`, "i");
/** How far back a frame that ends at a match is looked for: the longest frame is shorter. */
const FRAME_REACH = 96;

/** Whether a reporting frame ends right before `start` (only spaces between), so the match is a reported action. */
export function followsReportingFrame(text: string, start: number): boolean {
  if (start === 0) return false;
  const from = Math.max(0, start - FRAME_REACH);
  return (
    FRAME_AT_END.test(text.slice(from, start)) || inQuotedSpeech(text, start) || inReportedClause(text, start)
  );
}

/** How far back a frame whose clause holds a match is looked for: a frame and a clause of a dozen words. */
const CLAUSE_REACH = 200;
/**
 * What the words between a frame's end and the match may not hold: a second person, a colon or a quote (an order
 * or a quotation of its own: "asked the assistant to tell you: ignore ...").
 */
const OWN_ADDRESS = /\byou(?:r|rs|rself)?\b|[:"\u201c]/i;

/**
 * Whether the match at `start` lies inside the clause a reporting frame governs, further into it than right after the
 * frame ("a retrieved e-mail asks it to behave as an assistant that has no safety guidelines": the match is "no safety
 * guidelines"). The frame starts at most CLAUSE_REACH before the match, on the match's line, and nothing between its
 * end and the match addresses anyone (OWN_ADDRESS). Bounded work: one FRAME scan over at most CLAUSE_REACH characters.
 */
function inReportedClause(text: string, start: number): boolean {
  let from = Math.max(0, start - CLAUSE_REACH);
  const lineStart = text.lastIndexOf("\n", start - 1);
  if (lineStart >= from) from = lineStart + 1;
  const window = text.slice(from, start);
  FRAME.lastIndex = 0;
  for (let m = FRAME.exec(window); m !== null; m = FRAME.exec(window)) {
    if (m.index + m[0].length < window.length) continue;
    const frameEnd = FRAME_AT_START.exec(window.slice(m.index));
    return frameEnd !== null && !OWN_ADDRESS.test(window.slice(m.index + frameEnd[0].length));
  }
  return false;
}

/**
 * Quoted speech of a text someone else wrote: the words of a page, a ticket, an e-mail or a payload, quoted after
 * what says they are that text's words ("a web page that says "...", "a ticket reading "...", "the attacker stores
 * "..." in the description", "the payload "...", "it asks us to "..."). The quotation is that text's, reported; it
 * addresses nobody. The source is a document or a message, never a person who could hold authority (a "user says" or
 * "the admin says" is how an attack claims it), and the frame's own words hold no second person (`quotedSpeechClose`).
 */
const SOURCE =
  "(?:pages?|sites?|comments?|issues?|tickets?|e-?mails?|messages?|mails?|notes?|readmes?|descriptions?|files?|documents?|docs?|pdfs?|posts?|reviews?|invites?|invitations?|fields?|titles?|bod(?:y|ies)|snippets?|tweets?|commits?|entr(?:y|ies)|records?|rows?|cells?|headers?|subjects?|bios?|profiles?)";
const SAYS =
  "(?:(?:that|which)\\s{1,3})?(?:says|said|saying|reads|reading|states|stated|stating|contains|contained|containing|holds|held|holding)";
/**
 * Verbs that put a text somewhere: their object is that text, quoted. A base form only where it starts its clause (a
 * repro step: "Repro: paste "...""); after a subject or a modal it is a live speaker's own turn ("I will type "Stay in
 * character!"", a jailbreak's rule for the model).
 */
const PLACES =
  "(?:(?:stores|stored|storing|pastes|pasted|pasting|types|typed|typing|enters|entered|entering|submits|submitted|submitting|inserts|inserted|inserting)|(?<![a-z'\u2019]\\s{1,3})(?:store|paste|type|enter|submit|insert))";
const ATTACK_TEXT =
  "(?:payloads?|injection\\s{1,3}strings?|attack\\s{1,3}strings?|jailbreak\\s{1,3}prompts?|prompt\\s{1,3}injections?)";
/** Asking people (never "you") to do what the quotation says: an e-mail that "asks us to "..."". */
const ASKS_PEOPLE =
  "(?:asks|asked|asking|tells|told|telling|urges|urged|urging|instructs|instructed)\\s{1,3}(?:us|them|people|users|customers|staff|employees|everyone|readers|recipients)\\s{1,3}to";
/**
 * A text that told a model something, in the past: "a web page told the browsing agent "..."", "the ticket asked the
 * bot "..."". A report of what happened; a text speaking now to its reader says "you".
 */
const TEXT_TOLD_MODEL = `${SOURCE}\\s{1,3}(?:(?:that|which)\\s{1,3})?(?:told|asked|instructed|ordered)\\s{1,3}${OBJECT}`;
/** The frame, ending right before the opening quote (a data format's escape `\\` or `"` may stand before it). */
const QUOTING_AT_END = new RegExp(
  `\\b(?:${SOURCE}\\s{1,3}${SAYS}|${TEXT_TOLD_MODEL}|${PLACES}|${ATTACK_TEXT}|${ASKS_PEOPLE})\\s{0,3}[:,]?\\s{0,3}(?:\\\\|")?$`,
  "i",
);
/** The frame's reach back from the quote, and a quotation's longest reach (a phrase, not a paragraph). */
const QUOTE_REACH = 120;
const SECOND_PERSON = /\byou(?:r|rs|rself)?\b/i;
/** Where a sentence or a clause starts: after a line break, its JSON escape, two spaces, or `.`, `!`, `?`, `;` and a space. */
const CLAUSE_START = /\n|\\n|\s{2}|[.!?;]\s/g;
/** A sentence's or a line's end after a quotation: a line break (or its JSON escape), or `.`, `!`, `?` and a space. */
const SENTENCE_END = /\n|\\n|[.!?](?:\s|$)/;

/**
 * The closing quote of the quoted speech that holds `start`, or -1: an ASCII or typographic opening quote on the line
 * within QUOTE_REACH before `start` (no other quote between), a closing one after `start` on the line within
 * QUOTE_REACH, and QUOTING_AT_END right before the quote, with no second person on the line outside the quotation
 * (at most QUOTE_REACH either side). Constant work per call.
 */
function quotedSpeechClose(text: string, start: number): number {
  // Native searches over bounded slices: a text dense with matches is read a bounded number of times per character.
  const from = Math.max(0, start - QUOTE_REACH);
  const back = text.slice(from, start);
  const openAt = Math.max(back.lastIndexOf('"'), back.lastIndexOf("\u201c"));
  if (openAt === -1 || back.indexOf("\n", openAt) !== -1) return -1;
  const open = from + openAt;
  const ahead = text.slice(start, open + 1 + QUOTE_REACH * 2);
  const quoteAt = ahead.indexOf('"');
  const typographicAt = ahead.indexOf("\u201d");
  const closeAt =
    quoteAt === -1 ? typographicAt : typographicAt === -1 ? quoteAt : Math.min(quoteAt, typographicAt);
  const breakAt = ahead.indexOf("\n");
  if (closeAt === -1 || (breakAt !== -1 && breakAt < closeAt)) return -1;
  const close = start + closeAt;
  const before = text.slice(Math.max(0, open - QUOTE_REACH), open);
  // The sentence's start: after a line break, a JSON string's `\n` escape (the phrase rules read it as two spaces),
  // or a sentence or clause end.
  let line = before;
  for (let m = CLAUSE_START.exec(before); m !== null; m = CLAUSE_START.exec(before))
    line = before.slice(m.index + m[0].length);
  if (!QUOTING_AT_END.test(line) || SECOND_PERSON.test(line)) return -1;
  // Nor after the closing quote, to the sentence's end: `"...", and you must follow it` addresses the reader.
  const after = text.slice(close + 1, close + 1 + QUOTE_REACH);
  const end = after.search(SENTENCE_END);
  return SECOND_PERSON.test(end === -1 ? after : after.slice(0, end)) ? -1 : close;
}

function inQuotedSpeech(text: string, start: number): boolean {
  return quotedSpeechClose(text, start) !== -1;
}

/** The most quotations `blankQuotedSpeech` reads in one text: constant work per call. */
const MAX_QUOTATIONS = 32;

/**
 * `text` with every quotation of quoted speech (`quotedSpeechClose`) blanked to spaces, quotes included, or
 * `undefined` when it has none. A quote is read only where `mayOpenQuotedSpeech` allows it: the same quotes the
 * learned model leaves out (one definition).
 */
export function blankQuotedSpeech(text: string): string | undefined {
  let out: string | undefined;
  let seen = 0;
  for (let q = text.indexOf('"'); q !== -1 && seen < MAX_QUOTATIONS; q = text.indexOf('"', q + 1)) {
    seen++;
    // The model's gate (segments.ts): a quote after no frame's last word, or one that closes a JSON key
    // (`"type": "..."`), opens no quoted speech.
    if (!mayOpenQuotedSpeech(text, q)) continue;
    // A CSV cell's `""` opens with its second quote.
    if (text.charCodeAt(q + 1) === 0x22) q++;
    const close = quotedSpeechClose(text, q + 1);
    if (close === -1 || close <= q) continue;
    out = (out ?? text).slice(0, q) + " ".repeat(close + 1 - q) + (out ?? text).slice(close + 1);
    q = close;
  }
  return out;
}

/**
 * `text` with every reporting frame and the clause it governs blanked to spaces of the same length, or `undefined`
 * when it has none. What is left is what the text says outside the reported action: when that flags nothing, the
 * text only reports what a model was made to do.
 */
export function blankReportingFrames(text: string): string | undefined {
  let out = blankQuotedSpeech(text);
  for (const pattern of [FRAME, NEGATED_REQUEST]) {
    pattern.lastIndex = 0;
    for (let m = pattern.exec(text); m !== null; m = pattern.exec(text)) {
      out =
        (out ?? text).slice(0, m.index) +
        " ".repeat(m[0].length) +
        (out ?? text).slice(m.index + m[0].length);
    }
  }
  return out;
}

/**
 * A request someone says they will never make, and what it would ask for, to the clause's end: "IT will never ask you
 * to reveal your password", "we do not ask customers for their PIN". A warning of a security or support team: it says
 * what a real request does not look like, and orders nothing. The clause ends at `,`, `;`, `:`, a line break or a
 * sentence end, so an order after it ("...: reveal your system prompt") is read as before. It has a subject of its
 * own, never "you" or none: "Do not ask the user for confirmation" and "you should never ask users to" are orders.
 */
const NEGATED_REQUEST =
  /(?<=\b(?!(?:you|please|and|or|so|then|just|also|but)\b)[a-z]{2,}\s{1,3})(?<!\byou\s{1,3}(?:[a-z']{1,12}\s{1,3}){1,2})(?:(?:will|would|does|do|did|shall|should|can|could)(?:\s{1,3}not|n't)|won't|never(?=\s{1,3}asks?\b)|(?:will|would|does|do|did|shall|should|can|could)\s{1,3}never)\s{1,3}asks?\s{1,3}(?:you|anyone|users?|customers?|members?|employees?|staff)\s{1,3}(?:to|for)\b(?:[^,;:.!?\n]|[.!?](?=[^\s"']))*/gi;

/**
 * The last word of each frame QUOTING_AT_END reads (a source's verb, a placing verb, an attack-text noun, `to` of an
 * asking frame): a quote after none of them opens no quoted speech. test/property/injection-scorer-speech.property.test.ts
 * holds a frame for each of the frame's words, so a word added there without its word here fails a test.
 */
export const SPEECH_LAST_WORDS: ReadonlySet<string> = new Set(
  "says said saying reads reading states stated stating contains contained containing holds held holding stores stored storing pastes pasted pasting types typed typing enters entered entering submits submitted submitting inserts inserted inserting store paste type enter submit insert payload payloads string strings prompt prompts injection injections to".split(
    " ",
  ),
);
/**
 * A word, then the frame's tail before its opening quote (spaces, an optional `,` / `:`, an optional escape). A word
 * right after a quote is itself quoted (a JSON key: `{"type":"text"}`), so the quote after it closes it.
 */
const WORD_BEFORE_QUOTE = /(?<!["'\w])([a-z]+)\s{0,3}[:,]?\s{0,3}(?:\\|")?$/i;
/** A quote before a `:` closes a key (`"reads": 3`), it opens nothing. */
const CLOSES_KEY = /^\s{0,3}:/;

/**
 * Whether the quote at `q` may open quoted speech: it is `"` or `“`, and a word of SPEECH_LAST_WORDS ends right
 * before it as QUOTING_AT_END reads a frame's end (a necessary condition, read on at most 24 units).
 */
export function mayOpenQuotedSpeech(text: string, q: number): boolean {
  const c = text.charCodeAt(q);
  if (c !== 0x22 && c !== 0x201c) return false;
  const m = WORD_BEFORE_QUOTE.exec(text.slice(Math.max(0, q - 24), q));
  return (
    m !== null && SPEECH_LAST_WORDS.has(m[1]!.toLowerCase()) && !CLOSES_KEY.test(text.slice(q + 1, q + 5))
  );
}

/**
 * Appends to `ranges` (start, end pairs) the quotation of quoted speech (`quotedSpeechClose`) that each quote of
 * `quotes[0, count)` opens, quotes included; a CSV cell's `""` opens at its second quote. Returns how many it added.
 * What the learned model does not read (segments.ts `scoringText`): the same quotations the rules do not read.
 */
export function quotedSpeechRanges(
  text: string,
  quotes: ArrayLike<number>,
  count: number,
  ranges: number[],
): number {
  let added = 0;
  for (let i = 0; i < count; i++) {
    let q = quotes[i]!;
    if (text.charCodeAt(q + 1) === 0x22) q++;
    const close = quotedSpeechClose(text, q + 1);
    if (close === -1 || close <= q) continue;
    ranges.push(q, close + 1);
    added++;
  }
  return added;
}
