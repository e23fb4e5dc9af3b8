import { candidateIndex } from "../scan/candidates.js";
import { HAS_BRACKET, HAS_HASH, HAS_LT, HAS_NEWLINE, HAS_NON_ASCII } from "../scan/string-features.js";
import type { TextDetector, TextMatch } from "../types.js";

/**
 * Finds chat-template syntax in tool text: special tokens and role headers that, pasted into the model's context,
 * try to open a new system, assistant or tool turn. Only the markers are reported (not the text between them), so
 * the engine can strip the markers and keep the content readable. One grammar per template family, matched without
 * regard to case.
 *
 * Trade-offs, chosen so benign e-mail, logs, YAML, tables and HTML stay clean:
 * - A plain-text role line (`System:`, `Assistant:`, `Human:`, `H:`, `User:`, `Developer:`, in any case, indented,
 *   in bold or as a markdown heading) counts after a line break (LF, CR, NEL, U+2028, U+2029), or on the first line
 *   of a text that has more than one (inside the untrusted-content envelope that line follows a line break too),
 *   never in a one-line value: `System: the printer is offline` cannot open a turn. And it counts
 *   only in a transcript: when at least one role line in the text opens a turn (nothing after the colon, or a
 *   sentence of three words or more that does not start with a digit) or the text holds a template token. A label
 *   (`Human: resources`, `User: alice`, YAML `system: linux`) or a measurement (`H: 12 cm`) alone is no turn.
 *   A multi-line log with a genuine `System: disk check passed` line is a known false positive; only the marker is
 *   matched, so stripping it loses one word.
 * - `<s>` and `</s>` are HTML strikethrough as often as they are Llama sentence markers, so they count only when
 *   another template marker appears in the same string.
 * - Of the XML role tags, `<user>` and `<developer>` (Maven POMs) are common elements and are not reported.
 * - Of Mistral's bracket tokens, `[IMG]` is BBCode and is not reported.
 */

/** Every family of special tokens; each pattern is a literal or a bounded class after a fixed opener. */
const TOKEN_FAMILIES = [
  // Llama 3: a whole header, or any `<|...|>` token below.
  String.raw`<\|start_header_id\|>[^<>\n]{0,30}<\|end_header_id\|>`,
  // ChatML and its variants.
  String.raw`<\|im_start\|>(?:system|user|assistant|tool|developer)?`,
  // Any pipe token: <|endoftext|>, <|eot_id|>, Phi's <|user|>, DeepSeek's full-width <｜User｜>.
  String.raw`<[|\uff5c][a-z][\w\u2581]{0,40}[|\uff5c]>`,
  // Mistral (v3/v7 tekken) and Llama 2 brackets.
  String.raw`\[\/?(?:inst|system_prompt|tool_calls|tool_results|tool_content|available_tools)\]`,
  String.raw`<<\/?sys>>`,
  // Gemma.
  "<(?:start_of_turn>(?:user|model|system)?|end_of_turn>)",
  // XML role and tool-exchange tags (Anthropic, Hermes/Qwen tool calling).
  String.raw`<\/?(?:system|assistant|human|system[_-]prompt|tool_calls?|tool_responses?|tool_results?|function_calls|function_results)\s{0,3}>`,
];
const TOKEN_PATTERN = new RegExp(TOKEN_FAMILIES.join("|"), "gi");

/** Alpaca-style instruction headers. */
const ROLE_HEADER_PATTERN =
  /^[ \t]{0,8}#{2,4}[ \t]{0,4}(?:system|instructions?|input|response|human|assistant|user)[ \t]{0,4}:/gim;

/**
 * Plain-text turns: a line break (consumed: the rest-of-line group stops before the next one, so consecutive turns
 * still match, and a literal first character keeps the scan fast), up to 16 columns of indentation, an optional markdown heading, the role
 * word with optional `*`/`_` emphasis on either side of the colon. Group 1 is the marker, group 2 the rest of the
 * line (at most 64 characters are needed to judge it).
 */
const LINE_BREAK = "\\n\\r\\u0085\\u2028\\u2029";
const EMPHASIS = "(?:[*_]{1,2})?";
/** After the line start: indentation, then the marker (group 1) and the rest of the line (group 2). */
const TURN_LINE = `[ \\t]{0,16}((?:#{1,6}[ \\t]{0,4})?${EMPHASIS}(?:system|assistant|human|user|developer|h)${EMPHASIS}[ \\t]{0,4}:${EMPHASIS})([^${LINE_BREAK}]{0,64})`;
const TURN_PATTERN = new RegExp(`[${LINE_BREAK}]${TURN_LINE}`, "gi");
/** The same turn on a text's first line; only tried when the text has a line break (see the trade-offs above). */
const FIRST_LINE_TURN_PATTERN = new RegExp(`^${TURN_LINE}`, "i");
const LINE_BREAK_CHAR = /[\n\r\u0085\u2028\u2029]/;

const SENTENCE_MARKER_PATTERN = /<\/?s>/gi;

export function createChatTemplateDetector(): TextDetector {
  return {
    id: "markup.chat_template",
    kind: "markup",
    // Tokens start with `<` or `[`; role headers need `#`; turns need a line break (LF or CR are ASCII, NEL and
    // U+2028/U+2029 are not).
    requires: HAS_LT | HAS_BRACKET | HAS_HASH | HAS_NEWLINE | HAS_NON_ASCII,
    detect(text: string, out: TextMatch[]): void {
      const before = out.length;
      // Every token family starts with `<` or `[`: found in native code first (the case-insensitive alternation
      // itself stopped at every character of prose).
      const index = candidateIndex(text);
      if (index.has("<") || index.has("[")) {
        collect(TOKEN_PATTERN, text, out);
        if (out.length > before) dropValueElements(text, out, before);
        if (out.length > before) dropNamedExamples(text, out, before);
        if (out.length > before) dropQuotedTokens(text, out, before);
      }
      if (index.has("##")) collect(ROLE_HEADER_PATTERN, text, out);
      if (index.has(":") && LINE_BREAK_CHAR.test(text)) collectTurns(text, out, out.length > before);
      if (out.length > before && text.includes("s>")) collect(SENTENCE_MARKER_PATTERN, text, out);
    },
  };
}

/** Appends every match of `pattern`, leading indentation trimmed. */
function collect(pattern: RegExp, text: string, out: TextMatch[]): void {
  pattern.lastIndex = 0;
  for (let m = pattern.exec(text); m !== null; m = pattern.exec(text)) {
    const end = m.index + m[0].length;
    push(out, end - m[0].trimStart().length, end);
  }
}

/** A quoted span on one line: backticks (inline code), straight or curly double quotes. */
const QUOTED_SPAN = /`[^`\n]{1,80}`|"[^"\n]{1,80}"|\u201c[^\u201d\n]{1,80}\u201d/g;
/** What may stand beside the tokens inside a quoted span: spaces, an ellipsis, a role name, escapes. */
const TOKEN_COMPANY = /^(?:[\s.\u2026\\]|system|user|assistant|model|tool)*$/i;

/**
 * Drops the tokens (found from `out[from]` on) that a line of prose quotes as names: each lies inside a quoted span
 * (inline code or quotes) that holds only tokens (with a role name or an ellipsis beside them), on a line with at least
 * four words of prose outside its quoted spans: "if your finetune outputs "<|im_end|>" as text", "ChatML wraps each
 * turn in `<|im_start|>system` ... `<|im_end|>`". A quoted token opens no turn; a span with words of its own (a whole
 * quoted template) or a token outside quotes is kept.
 */
function dropQuotedTokens(text: string, out: TextMatch[], from: number): void {
  const keep = out.slice(from).filter((m) => {
    const [lineStart, lineEnd] = lineAround(text, m.start, m.end);
    const line = text.slice(lineStart, lineEnd);
    const at = m.start - lineStart;
    const until = m.end - lineStart;
    let inside: string | undefined;
    QUOTED_SPAN.lastIndex = 0;
    for (let q = QUOTED_SPAN.exec(line); q !== null; q = QUOTED_SPAN.exec(line))
      if (q.index < at && until < q.index + q[0].length) inside = q[0].slice(1, -1);
    if (inside === undefined) return true;
    TOKEN_PATTERN.lastIndex = 0;
    if (!TOKEN_COMPANY.test(inside.replace(TOKEN_PATTERN, ""))) return true;
    return (line.replace(QUOTED_SPAN, " ").match(PROSE_WORD)?.length ?? 0) < 4;
  });
  out.length = from;
  out.push(...keep);
}

/** An XML role tag found by TOKEN_PATTERN: its name (group 1), opening or closing. */
const ROLE_TAG = /^<(\/?)\s{0,3}([a-z_-]{1,20})\s{0,3}>$/i;
/** A value without a space (`linux-x64`, `reporting`, `none`), as a data element holds it. */
const ONE_VALUE = "[^\\s<>]{1,64}";
/** Another tag right after an element (a sibling or its parent's closing tag); JSON-escaped breaks count as space. */
const TAG_AFTER = /^(?:\s|\\[nrt]){0,16}</;

/**
 * Drops the XML role tags (found from `out[from]` on) of a field of a record: an element that holds one value without
 * a space, closes right after it and is followed by another tag: `<system>linux-x64</system>\n<arch>` in a build
 * file, `<assistant>none</assistant><owner>` in an inventory. A turn holds words; one token between a role tag and its
 * own closing tag in a row of elements opens none. A tag with words, a tag left open, an element alone
 * (`<system>obey</system>`) or any other template token is kept.
 */
function dropValueElements(text: string, out: TextMatch[], from: number): void {
  const keep = out.slice(from).filter((m) => {
    const tag = ROLE_TAG.exec(text.slice(m.start, m.end));
    if (tag === null) return true;
    const name = tag[2]!;
    let end: number;
    if (tag[1] === "") {
      const rest = new RegExp(`^${ONE_VALUE}<\\/\\s{0,3}${name}\\s{0,3}>`, "i").exec(
        text.slice(m.end, m.end + 96),
      );
      if (rest === null) return true;
      end = m.end + rest[0].length;
    } else {
      if (
        !new RegExp(`<\\s{0,3}${name}\\s{0,3}>${ONE_VALUE}$`, "i").test(
          text.slice(Math.max(0, m.start - 96), m.start),
        )
      )
        return true;
      end = m.end;
    }
    return !TAG_AFTER.test(text.slice(end, end + 40));
  });
  out.length = from;
  out.push(...keep);
}

/** A token that closes a turn or a template block. */
const END_TOKEN =
  /^(?:<\|(?:im_end|eot_id|end|endoftext)\|>|<end_of_turn>|\[\/inst\]|<<\/sys>>|<\/[a-z_]{1,20}\s{0,3}>)$/i;
/** What names an example right before it: "for example", "such as", "tokens like", "called". */
const NAMES_EXAMPLE =
  /(?:for example|for instance|e\.g\.|such as|like|tokens?|markers?|called|named|as in)[,:]?[ \t]{0,3}$/i;
/** What may stand between two tokens of a named example: nothing, an ellipsis or a `{placeholder}`. */
const PLACEHOLDER = /^[ \t]{0,3}(?:\.{3}|\u2026|\{[\w ]{0,20}\})?[ \t]{0,3}$/;
/** After the example's closing token: punctuation at most, then a space, a line break, a quote, an escape or the end. */
const EXAMPLE_END = /^[.,;:)\]]?(?:[ \t"'`\\]|$)/;
const PROSE_WORD = /[a-z]{2,}/gi;

/** The line of `text` around `[start, end)`: a line break or a JSON string's `\n` escape ends it. */
function lineAround(text: string, start: number, end: number): [number, number] {
  const escapedAt = text.lastIndexOf("\\n", start - 1);
  const from = Math.max(text.lastIndexOf("\n", start - 1) + 1, escapedAt === -1 ? 0 : escapedAt + 2);
  const breakAt = text.indexOf("\n", end);
  const escapeAt = text.indexOf("\\n", end);
  const to = Math.min(breakAt === -1 ? text.length : breakAt, escapeAt === -1 ? text.length : escapeAt);
  return [from, to];
}

/**
 * Drops the tokens (found from `out[from]` on) of a template named as an example in a sentence of prose, as
 * prompt-format documentation writes it: "A chat template wraps each turn in special tokens, for example
 * <|im_start|>user ... <|im_end|>." Every token on the line belongs to it, after at least four words of prose that end
 * with a naming word (NAMES_EXAMPLE); it opens and closes (two tokens at least); only an ellipsis or a placeholder stands between two tokens, so no turn holds
 * words; the last token closes (END_TOKEN) and the sentence goes on or ends after it. A template that opens a turn at
 * a line's end, or holds text of its own, is kept.
 */
function dropNamedExamples(text: string, out: TextMatch[], from: number): void {
  const keep: TextMatch[] = [];
  let i = from;
  while (i < out.length) {
    const [lineStart, lineEnd] = lineAround(text, out[i]!.start, out[i]!.end);
    let j = i;
    while (j < out.length && out[j]!.start < lineEnd) j++;
    const tokens = out.slice(i, j);
    if (!isNamedExample(text, tokens, lineStart, lineEnd)) keep.push(...tokens);
    i = j;
  }
  out.length = from;
  out.push(...keep);
}

function isNamedExample(
  text: string,
  tokens: readonly TextMatch[],
  lineStart: number,
  lineEnd: number,
): boolean {
  const first = tokens[0]!;
  const last = tokens[tokens.length - 1]!;
  // A pair at least: an opening token first. A closing token named alone could end the turn it sits in.
  if (tokens.length < 2 || END_TOKEN.test(text.slice(first.start, first.end))) return false;
  const prose = text.slice(lineStart, first.start);
  if (!NAMES_EXAMPLE.test(prose) || (prose.match(PROSE_WORD)?.length ?? 0) < 4) return false;
  if (!END_TOKEN.test(text.slice(last.start, last.end))) return false;
  for (let k = 1; k < tokens.length; k++)
    if (!PLACEHOLDER.test(text.slice(tokens[k - 1]!.end, tokens[k]!.start))) return false;
  return EXAMPLE_END.test(text.slice(last.end, lineEnd));
}

/** Appends the role lines of `text` if it reads as a transcript (see the trade-offs above). */
function collectTurns(text: string, out: TextMatch[], inTemplate: boolean): void {
  const turns: [number, number][] = [];
  let transcript = inTemplate;
  let placeholderTurn = false;
  const take = (m: RegExpExecArray): void => {
    const marker = m[1]!;
    // `user:ana@example.com`, `system:serviceaccount:ci:deployer`: a typed identifier (IAM, RBAC), not a turn.
    if (GLUED_IDENTIFIER.test(m[2]!)) return;
    const start = m.index + m[0].length - (m[2]!.length + marker.length);
    turns.push([start, start + marker.length]);
    const said = turnContent(text, start + marker.length);
    placeholderTurn ||= PLACEHOLDER_ONLY.test(said);
    transcript ||=
      opensTurn(m[2]!) &&
      !QUOTED_VALUE.test(restOfLine(text, start + marker.length)) &&
      !opensMapping(text, start, start + marker.length);
  };
  const first = FIRST_LINE_TURN_PATTERN.exec(text);
  if (first !== null) take(first);
  TURN_PATTERN.lastIndex = 0;
  for (let m = TURN_PATTERN.exec(text); m !== null; m = TURN_PATTERN.exec(text)) take(m);
  if (!transcript) return;
  // A template shown as data (a turn that is only a placeholder), a transcript as content, a quoted question and answer.
  if (!inTemplate && (placeholderTurn || isTranscriptContent(text) || isQuotedExchange(text))) return;
  // A `## System:` line is also an Alpaca header, already reported.
  const reported = new Set(out.map((m) => m.start));
  for (const [start, end] of turns) if (!reported.has(start)) push(out, start, end);
}

/**
 * A role line's value that is one quoted string, maybe followed by a comma: a field of code, JSON-like logs or YAML
 * (`system: 'You are a friendly assistant!',`, `system: "Use only the passages below."`), not a turn that opens. Or
 * any value of an object literal's property: a line that ends with a comma or opens a bracket (`h: (v) => v.hex(),`,
 * `user: {`), as code does and a turn's sentence does not.
 */
const QUOTED_VALUE = /^[ \t]*(?:"[^"\n]*"|'[^'\n]*'|`[^`\n]*`)[ \t]*,?[ \t]*$|[,{[(][ \t]*$/;
/**
 * A turn whose words are only a template's placeholder (`USER: {{customer_message}}`, `user: {ticket_body}`,
 * `Human: ${question}`): the text shows a prompt template as data, whose variables are filled in elsewhere.
 */
const PLACEHOLDER_ONLY =
  /^[ \t]*(?:\{\{[ \t]*[\w.-]{1,40}[ \t]*\}\}|\{[\w.-]{1,40}\}|\$\{[\w.-]{1,40}\})[ \t]*$/;
const LINE_END = /[\n\r\u0085\u2028\u2029]/g;

/** The rest of the line from `at`. */
function restOfLine(text: string, at: number): string {
  LINE_END.lastIndex = at;
  const end = LINE_END.exec(text)?.index ?? text.length;
  return text.slice(at, end);
}

/**
 * Whether a role line with nothing after its colon is a YAML mapping's key: its next non-blank line is indented
 * deeper and is a `key: value` field (`services:` / `  assistant:` / `    image: acme/assistant:2.4`). A turn's words
 * are not a nested field.
 */
function opensMapping(text: string, markerStart: number, markerEnd: number): boolean {
  if (restOfLine(text, markerEnd).trim() !== "") return false;
  const lineStart =
    Math.max(text.lastIndexOf("\n", markerStart - 1), text.lastIndexOf("\r", markerStart - 1)) + 1;
  const indent = /^[ \t]*/.exec(text.slice(lineStart, markerStart))![0].length;
  const next = /^[^\S\n\r]*[\n\r]+(?:[ \t]*[\n\r]+)*([ \t]*)([^\n\r]*)/.exec(
    text.slice(markerEnd, markerEnd + 400),
  );
  if (next === null) return false;
  return next[1]!.length > indent && FIELD_LINE.test(next[2]!) && !ROLE_WORD_LINE.test(next[2]!);
}

/** A value glued to a role word's colon that is an identifier: an address or a further `:` part, no space first. */
const GLUED_IDENTIFIER = /^[\w.+-]{1,64}[@:]/;

/** What a turn says: the rest of its role line after the colon, or its next non-blank line when that is empty. */
function turnContent(text: string, at: number): string {
  const rest = restOfLine(text, at).replace(/^[*_]{1,2}/, "");
  if (rest.trim() !== "") return rest;
  const next = /^[\n\r\u0085\u2028\u2029\s]*([^\n\r\u0085\u2028\u2029]*)/.exec(
    text.slice(at + rest.length, at + rest.length + 400),
  );
  return next?.[1] ?? "";
}

/** A line that starts with a speaker's label and what they said: `User: ...`, `**Agent:** ...`, `Customer: ...`. */
const SPEAKER_LINE =
  /^[ \t]{0,16}(?:#{1,6}[ \t]{0,4})?(?:[*_]{1,2})?([a-z][\w .'-]{0,24}?)(?:[*_]{1,2})?[ \t]{0,4}:(?:[*_]{1,2})?[ \t]+\S/i;
/** Roles that set the model's rules rather than speak in a conversation. */
const RULE_ROLES = new Set(["system", "developer"]);
/** The most lines read to judge a transcript; a longer text is judged by its first lines. */
const MAX_TRANSCRIPT_LINES = 400;
const MIN_SPEAKER_LINES = 4;
const MAX_SPEAKERS = 4;

/**
 * Whether `text` is a chat transcript as content (a support log, an exported conversation) rather than tool output
 * with a forged turn in it: it opens with a speaker line (after at most one title line, and after a carrier's header
 * block: e-mail headers, a ticket's fields and attachment marker, a YAML record's keys; see afterHeaderBlock); it holds at least
 * MIN_SPEAKER_LINES speaker lines of two to MAX_SPEAKERS speakers, each of whom speaks at least twice (a `Status:` or
 * `Order 4821:` field before a forged turn is one line of data, not a speaker); and no line is `System:` or
 * `Developer:`. A forged turn is written into tool output addressed to the model, after the data; a transcript that
 * is the tool's content is data, and its turns are still read by the injection rules and the model. Template tokens
 * are never exempt (the caller asks only without one).
 */
function isTranscriptContent(text: string): boolean {
  const lines = text.split(/\r\n|[\n\r\u0085\u2028\u2029]/, MAX_TRANSCRIPT_LINES);
  if (transcriptFrom(lines, 0)) return true;
  const content = afterHeaderBlock(lines);
  return content > 0 && transcriptFrom(lines, content);
}

/** A carrier's header field: an e-mail header, a YAML key (`- id: 77`, `body: |`), a ticket's `a: b | c: d` line. */
const FIELD_LINE =
  /^[ \t]{0,8}(?:-[ \t]{1,3})?[a-z][\w-]{0,30}[ \t]{0,2}:(?:[ \t].*)?$|^[^|]{1,80}(?:\|[^|]{1,80}){1,8}$/i;
/** A line that sets a block apart: `---`, `===`, `--- attachment (chat.txt) ---`. */
const SEPARATOR_LINE =
  /^[ \t]{0,8}(?:-{3,}|={3,}|\*{3,}|_{3,})(?:[^\n]{0,80}?(?:-{3,}|={3,}|\*{3,}|_{3,}))?[ \t]*$/;
/** A YAML key whose value is the block below it (`body: |`). */
const BLOCK_KEY = /:[ \t]{0,3}[|>][-+]?[ \t]*$/;
const ROLE_WORD_LINE = /^[ \t]{0,16}(?:[*_#]{1,6}[ \t]{0,4})?(?:system|assistant|human|user|developer|h)\b/i;

/**
 * Where a carrier's content starts after its header block: header fields (FIELD_LINE, never a role line) ended by a
 * blank line, a separator line or a YAML block key (and any separators right after), as an e-mail, a ticket's
 * attachment or a YAML record wraps a text. 0 when the text opens with no such block. The header is the carrier's
 * metadata, not the tool's own prose: a transcript right after it opens the content as it would open the text.
 */
function afterHeaderBlock(lines: readonly string[]): number {
  let i = 0;
  while (i < lines.length && lines[i]!.trim() === "") i++;
  let fields = 0;
  for (; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.trim() === "" || SEPARATOR_LINE.test(line)) break;
    if (ROLE_WORD_LINE.test(line) || !FIELD_LINE.test(line)) return 0;
    fields++;
    if (BLOCK_KEY.test(line)) {
      i++;
      break;
    }
  }
  if (fields === 0) return 0;
  while (i < lines.length && (lines[i]!.trim() === "" || SEPARATOR_LINE.test(lines[i]!))) i++;
  return i < lines.length ? i : 0;
}

/** isTranscriptContent read from `lines[from]` on. */
function transcriptFrom(lines: readonly string[], from: number): boolean {
  const turns = new Map<string, number>();
  let speakerLines = 0;
  let before = 0;
  let last: { label: string; said: string } | undefined;
  for (const line of lines.slice(from)) {
    if (line.trim() === "") continue;
    const speaker = SPEAKER_LINE.exec(line);
    const label = speaker?.[1]?.trim().toLowerCase();
    if (label === undefined) {
      // A title line may come before the first turn; any other line before it is the tool's own output.
      if (speakerLines === 0 && ++before > 1) return false;
      continue;
    }
    if (RULE_ROLES.has(label)) return false;
    turns.set(label, (turns.get(label) ?? 0) + 1);
    speakerLines++;
    last = { label, said: line.slice(line.indexOf(":", speaker!.index) + 1) };
  }
  if (turns.size < 2 || turns.size > MAX_SPEAKERS) return false;
  if (speakerLines >= MIN_SPEAKER_LINES && [...turns.values()].every((count) => count >= 2)) return true;
  // An exchange the person closed with thanks: two speakers, three turns or more, the first speaker's last word an
  // acknowledgement ("User: perfect", "customer: great thanks"). It records an exchange that is over; a forged turn
  // leaves an order for the model to act on or makes the model agree to one.
  const first = [...turns.keys()][0]!;
  return (
    turns.size === 2 &&
    speakerLines >= 3 &&
    last !== undefined &&
    last.label === first &&
    ACKNOWLEDGED.test(last.said.trim())
  );
}

/** A closing acknowledgement: thanks, "perfect", "great", "ok", an emoji, in the lexicons' languages. */
const ACKNOWLEDGED =
  /^(?:(?:ok(?:ay)?|great|perfect|cool|nice|awesome|super|thanks?|thank you|thx|ty|merci|danke|gracias|grazie|obrigad[oa]|спасибо|дякую|谢谢|ありがとう(?:ございます)?|감사합니다|고마워요|شكرا|धन्यवाद|parfait|genial|perfecto|perfetto|prima)[\s,.!]*){1,4}(?:\p{Extended_Pictographic}\s*)*$|^(?:\p{Extended_Pictographic}\s*){1,4}$/iu;

/** A role line: the role word (group 1) and what follows its colon (group 2). */
const ROLE_LINE =
  /^[ \t]{0,16}(?:#{1,6}[ \t]{0,4})?(?:[*_]{1,2})?(system|assistant|human|user|developer|h)(?:[*_]{1,2})?[ \t]{0,4}:(?:[*_]{1,2})?[ \t]*(.*)$/i;
/** A user's question after a prefix on its line (a chat log's `Name (10:42):`, a log line's timestamp and level). */
const USER_AFTER_PREFIX = /\b(?:user|human)[ \t]{0,4}:[ \t]*(.*)$/i;
/**
 * A question someone asks about a subject: a question word or an auxiliary first, a question mark last, and no
 * "you": a question to the model about itself or a request to it ("can you", "what should you do next") is a turn.
 */
const QUESTION =
  /^(?!.*\byou(?:rs?|rself)?\b)(?:what|why|how|when|where|which|who|is|are|does|do|did|was|were|has|have)\b[^?]{0,200}\?$/i;
/** An answer that complies with or acknowledges a request, the way a forged turn makes the model agree. */
const COMPLIANCE =
  /^(?:sure|ok|okay|yes|yeah|of course|certainly|absolutely|will do|done|understood|got it|alright|here\b|i\b|i')/i;

/**
 * Whether every role line of `text` is part of a quoted question and its answer, as a mail, a commit message or a
 * log quotes an exchange ("User: What does HTTP 429 mean?" then "Assistant: Too many requests; ..."), after any
 * header: a user's question on one line (after a prefix or as a role line), the assistant's answer on the next
 * non-blank line, and no other role line. A forged turn orders (the user's line is no question, or asks the model
 * about itself), makes the model agree ("Sure, doing that now"), or sets rules (`System:`); any of these, or a
 * question left unanswered, keeps the markers. Template tokens are never exempt (the caller asks only without one).
 */
function isQuotedExchange(text: string): boolean {
  let pairs = 0;
  let asked = false;
  for (const line of text.split(/\r\n|[\n\r\u0085\u2028\u2029]/, MAX_TRANSCRIPT_LINES)) {
    if (line.trim() === "") continue;
    const turn = ROLE_LINE.exec(line);
    if (turn === null) {
      if (asked) return false;
      const quoted = USER_AFTER_PREFIX.exec(line);
      if (quoted !== null) {
        if (!QUESTION.test(quoted[1]!.trim())) return false;
        asked = true;
      }
      continue;
    }
    const role = turn[1]!.toLowerCase();
    const words = turn[2]!;
    if (role === "assistant") {
      if (!asked || words.trim() === "" || COMPLIANCE.test(words.trim())) return false;
      asked = false;
      pairs++;
    } else if (role === "user" || role === "human" || role === "h") {
      if (asked || !QUESTION.test(words.trim())) return false;
      asked = true;
    } else return false;
  }
  return pairs > 0 && !asked;
}

/** Whether what follows a role word reads as a turn: nothing (the turn starts on the next line) or a sentence. */
function opensTurn(rest: string): boolean {
  const words = rest.trim();
  if (words === "") return true;
  if (/^\d/.test(words)) return false; // H: 12 cm
  return words.split(/\s+/).length >= 3;
}

function push(out: TextMatch[], start: number, end: number): void {
  out.push({ kind: "markup", type: "chat_template", start, end, ruleId: "markup.chat_template" });
}
