import { type LanguageLexicon, LEXICONS } from "./lexicon.js";
import { foldLexiconEntry } from "./reading-view.js";

/**
 * The signals a sentence can carry, as bits. A signal alone never flags (see `decide` in `structure-detector.ts`);
 * each is found by one global, linear regex over the reading view.
 */
export const F = {
  ADDRESSEE: 1 << 0,
  VERB: 1 << 1,
  AGENT_OBJECT: 1 << 2,
  SENSITIVE: 1 << 3,
  REPLY_CONTEXT: 1 << 4,
  ROLE_SHIFT: 1 << 5,
  MODE: 1 << 6,
  OBEY: 1 << 7,
  OVERRIDE: 1 << 8,
  TURN: 1 << 9,
  LEAK: 1 << 10,
  FILL_IN: 1 << 11,
  URL: 1 << 12,
  EMAIL: 1 << 13,
  TOOL: 1 << 14,
  TEMPLATED_IMAGE: 1 << 15,
  IMAGE_WITH_QUERY: 1 << 16,
  OPEN_QUERY: 1 << 17,
  TARGET: 1 << 18,
  OWN_PROMPT: 1 << 19,
  /** The reader's instructions named by who gave them to it ("the rules you were given", "what your developers set"). */
  PROMPT_REF: 1 << 20,
  /** A qualified prompt noun ("hidden guidelines", "initial instructions"): says which prompt, not whose. */
  PROMPT_QUAL: 1 << 21,
  /** Disclosure in full: "verbatim", "word for word", "in a code block". */
  VERBATIM: 1 << 22,
  /** The reader's own session: "this conversation", "before this message", "your context". */
  CONVERSATION: 1 << 23,
} as const;

/**
 * One signal as two global regexes: `ascii` (no `u` flag, ASCII word boundaries: ~8x faster than Unicode-property
 * lookarounds, measured 4.4 vs 34 ms/MB on prose) for the Latin-script entries, which the reading view has folded
 * to ASCII; and `other` (`u` flag) for Cyrillic and CJK entries, run only on text that has a non-ASCII character.
 */
export interface Feature {
  readonly bit: number;
  /** A supporting signal: looked for only in sentences next to an anchor (every rule in `decide` needs one). */
  readonly supporting: boolean;
  readonly ascii: RegExp;
  readonly other: RegExp | undefined;
  /**
   * Strings every match of `ascii` (resp. `other`) contains: a text with none of them cannot match, so the regex is
   * not run on it. `undefined`: no such set (the regex always runs).
   */
  readonly asciiNeedles: readonly string[] | undefined;
  readonly otherNeedles: readonly string[] | undefined;
  /**
   * A cheap pattern every match of `ascii` contains a match of (a literal part the regex cannot do without): a text
   * it does not match is not scanned with `ascii`. `undefined`: none.
   */
  readonly asciiGate: ((text: string) => boolean) | undefined;
  /**
   * Where a match of `ascii` can start, when that is a short list: at the text start or a line start (`lineStart`),
   * or where one of `at` occurs. The scan then tries the regex (sticky) only there, in text order, which finds the
   * same matches as the global regex (every other position fails at its first step) without entering it at every
   * character. `other` patterns given `starts` start only at line starts.
   */
  readonly starts: { readonly lineStart: boolean; readonly at: readonly string[] } | undefined;
}

/** Scripts written without spaces between words: their entries match anywhere. */
const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}]/u;
/**
 * Scripts whose words carry what they attach: Korean particles after the noun (`사용자에게`, to the user), Arabic,
 * Persian and Hebrew pronoun suffixes (`تعليماتك`, your instructions) and one- or two-letter prefixes (`والتعليمات`,
 * and the instructions; `للمستخدم`, for the user; `וההוראות`). Their entries match at a word start, or after such a
 * prefix at a word start, and may run on into more letters (no end check): each entry is written as a word stem or
 * several words, never as a short word that starts many others.
 */
const SUFFIXED = /[\p{Script=Hangul}\p{Script=Arabic}\p{Script=Hebrew}]/u;
const NOT_WORD_BEFORE = "(?<![\\p{L}\\p{N}_])";
const NOT_WORD_AFTER = "(?![\\p{L}\\p{N}_])";
/** A word start, or an attached prefix at one: Arabic و ف ب ل ك (two at most, `لل` included) then `ال`; Hebrew ו ה ב ל מ ש כ. */
const WORD_OR_PREFIX_BEFORE =
  "(?<=(?:^|[^\\p{L}\\p{N}_])(?:[\\u0648\\u0641\\u0628\\u0644\\u0643]{0,2}(?:\\u0627\\u0644)?|[\\u05d5\\u05d4\\u05d1\\u05dc\\u05de\\u05e9\\u05db]{0,2}))";

/**
 * A lookahead for the first characters of `entries` (folded): the `other` alternatives start with lookbehinds, which
 * V8 evaluates at every position of the text before it reads the trie (a Unicode regex over mostly ASCII text), so a
 * one-class test goes first. Empty when an entry starts with `*` (any letter).
 */
function firstOf(entries: readonly string[]): string {
  if (entries.some((e) => e.startsWith("*"))) return "";
  const chars = new Set(entries.map((e) => e.codePointAt(0)!));
  return `(?=[${[...chars].map((c) => `\\u{${c.toString(16)}}`).join("")}])`;
}

/** How an entry of a script other than Latin is bounded: by spaces both sides, at a word start only, or not at all. */
function boundaryOf(folded: string): "spaced" | "suffixed" | "unspaced" {
  if (UNSPACED.test(folded)) return "unspaced";
  return SUFFIXED.test(folded) ? "suffixed" : "spaced";
}
const IS_ASCII = /^[\x00-\x7f]*$/;

function escapeRegExp(literal: string): string {
  return literal.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
}

/** One entry as a regex source: spaces as `\s+`, a `*` at either end as "more letters here". */
function entrySource(folded: string, ascii: boolean): string {
  const letters = ascii ? "[a-z]*" : "\\p{L}*";
  const lead = folded.startsWith("*") ? letters : "";
  const trail = folded.endsWith("*") ? letters : "";
  const core = folded.replace(/^\*|\*$/g, "");
  const body = lead + core.split(" ").map(escapeRegExp).join("\\s+") + trail;
  if (!ascii) return body;
  // `\b` only where the entry starts or ends with a word character (`.env`, `'you are'` do not).
  return `${/^[\w*]/.test(folded) ? "\\b" : ""}${body}${/[\w*]$/.test(folded) ? "\\b" : ""}`;
}

export interface LexiconSources {
  ascii: string;
  other: string | undefined;
}

/** All entries of every language for one role: ASCII entries (folded) and the others, each as one alternation. */
export function lexiconPattern(entries: readonly string[]): LexiconSources {
  const unique = [...new Set(entries.map(foldLexiconEntry))].sort((a, b) => b.length - a.length);
  const ascii = unique.filter((e) => IS_ASCII.test(e)).map((e) => entrySource(e, true));
  const other = unique.filter((e) => !IS_ASCII.test(e));
  const of = (kind: ReturnType<typeof boundaryOf>) => other.filter((e) => boundaryOf(e) === kind);
  const [spaced, suffixed, unspaced] = [of("spaced"), of("suffixed"), of("unspaced")];
  const sources = (list: readonly string[]) => list.map((e) => entrySource(e, false)).join("|");
  const parts: string[] = [];
  if (spaced.length > 0)
    parts.push(`${firstOf(spaced)}${NOT_WORD_BEFORE}(?:${sources(spaced)})${NOT_WORD_AFTER}`);
  if (suffixed.length > 0) parts.push(`${firstOf(suffixed)}${WORD_OR_PREFIX_BEFORE}(?:${sources(suffixed)})`);
  if (unspaced.length > 0) parts.push(`(?:${sources(unspaced)})`);
  return {
    ascii: ascii.length > 0 ? `(?:${ascii.join("|")})` : "(?!)",
    other: parts.length > 0 ? `${firstOf(other)}(?:${parts.join("|")})` : undefined,
  };
}

function collect(pick: (lexicon: LanguageLexicon) => readonly string[]): string[] {
  return LEXICONS.flatMap(pick);
}

const lex = (pick: (lexicon: LanguageLexicon) => readonly string[]) => lexiconPattern(collect(pick));

/**
 * Signals no rule in `decide` fires on without an anchor signal in the same or a neighbouring sentence. Sensitive
 * words ("token", "password") are frequent in documentation, so the one rule that needs them alone (an action on
 * them to an introduced destination) is anchored on the destination (`TARGET`) instead.
 */
export const SUPPORTING =
  F.VERB |
  F.FILL_IN |
  F.URL |
  F.EMAIL |
  F.TOOL |
  F.SENSITIVE |
  F.MODE |
  F.PROMPT_QUAL |
  F.VERBATIM |
  F.CONVERSATION;

interface FeatureOptions {
  asciiGate?: (text: string) => boolean;
  asciiNeedles?: readonly string[];
  otherNeedles?: readonly string[];
  starts?: { lineStart: boolean; at: readonly string[] };
}

function feature(bit: number, ascii: string, other?: string, options: FeatureOptions = {}): Feature {
  return {
    bit,
    supporting: (SUPPORTING & bit) !== 0,
    // With `starts`, the regex is tried at chosen positions only: sticky instead of global.
    ascii: new RegExp(ascii, options.starts === undefined ? "g" : "y"),
    other: other === undefined ? undefined : new RegExp(other, options.starts === undefined ? "gu" : "uy"),
    asciiNeedles: options.asciiNeedles,
    asciiGate: options.asciiGate,
    otherNeedles: options.otherNeedles,
    starts: options.starts,
  };
}

/** Every URL source here needs `http`/`https` + `://` or `www.`; every e-mail source an `@`. */
const URL_NEEDLES = ["http", "www."];
const ADDRESS_NEEDLES = ["http", "www.", "@"];

/**
 * Hand-written structural patterns. Every repetition is bounded or starts only where its class cannot continue
 * backwards (a lookbehind), so each is linear in the text (checked in injection-structure-redos.test.ts).
 */
const URL_SOURCE = "(?<![a-z0-9])(?:https?:\\/\\/|www\\.)[^\\s<>\"'`)\\]]{1,500}";
const EMAIL_SOURCE = "(?<![a-z0-9._%+-])[a-z0-9._%+-]{1,64}@[a-z0-9-]{1,63}(?:\\.[a-z0-9-]{1,63}){1,8}";
/**
 * A snake_case tool name, or a name in backticks. A dot may come before it: a server-namespaced name
 * (`github.merge_pull_request`) is read from its last part.
 */
const TOOL_SOURCE =
  "(?<![a-z0-9_\\/-])[a-z][a-z0-9]{0,40}(?:_[a-z0-9]{1,40}){1,6}(?![a-z0-9_.\\/-])|`[a-z][\\w.-]{1,60}`";
/**
 * What a tag named for a role must be to open a block of orders (`<system_override>`, `<admin-notice>`,
 * `<developer_instructions>`): a data element named for a role (`<developer_name>`, `<systemitem>`,
 * `<system_requirements>`, `<admin_email>`) or an empty one (`<developer_name />`) holds no orders.
 */
const BLOCK_NAME =
  "(?:override|prompt|instructions?|message|notes?|notice|reminder|directives?|update|alert|commands?|orders?|rules?|policy|context|mode|warning|important)";
/**
 * A chat role written as a turn at a line start (`SYSTEM:`, `### System:`, `**Developer message:**`, `[system](#x)`,
 * `系统：`), a role message label anywhere (`Developer message:`), a chat-template token (`<|im_start|>system`,
 * `[INST]`), or a tag that closes the tool output or opens a system block (`</tool_output>`, `<system_override>`).
 */
const turnAt = (roles: string) =>
  `(?<=^|\\n)[ \\t>#*_|[(-]{0,12}(?:${roles})(?:\\s{1,3}(?:message|prompt|instructions?|override|note|update))?[ \\t*_\\]]{0,4}(?:[:：](?!${QUOTED_FIELD_VALUE}|[\\w.+-]{1,64}[@:])|\\(#)`;
/**
 * After a role word's colon, a typed identifier glued to it (`user:ana@example.com`, `system:serviceaccount:ci:x`,
 * IAM members and RBAC subjects) is no turn either.
 * A role line's value that is one quoted string, maybe followed by a comma, to the line's end: a field of code, a log
 * or YAML (`system: 'Answer like a pirate.',`, `system: "Use only the passages below."`), not a turn. What the string
 * says is still read as a sentence.
 */
const QUOTED_FIELD_VALUE = `[ \\t]{0,4}(?:"[^"\\n]{0,300}"|'[^'\\n]{0,300}')[ \\t]{0,4},?[ \\t]{0,4}(?:\\n|$)`;
/** A chat-template token quoted alone in prose: `` `<|im_end|>` ``, `"<|eot_id|>"`, `` `<|im_start|>system` ``. */
const QUOTED_TOKEN = `(?!(?<=[\`"\\u201c])<\\|[a-z_]{1,20}\\|>(?:system|user|assistant|developer|model)?[\`"\\u201d])`;
const turnAscii = (turnRoles: LexiconSources) =>
  [
    turnAt(turnRoles.ascii),
    // Not an example named as one ("Example system prompt:", "a sample system message:"): documentation shows it.
    "(?<!\\b(?:example|sample|e\\.g\\.|typical|default)\\s{1,3})\\b(?:system|developer|admin)\\s{1,3}(?:message|prompt|instructions?|override|update)\\s{0,3}:",
    `${QUOTED_TOKEN}<\\|im_start\\|>\\s{0,4}(?:system|developer|assistant)`,
    `${QUOTED_TOKEN}<\\|(?:system|start_header_id|endoftext|im_end)\\|>`,
    "\\[\\/?(?:inst|system_prompt|sys)\\]",
    "<<sys>>",
    "<\\/?\\s{0,4}(?:(?:tool_output|tool_result|tool_response|function_results|function_result|tool_call)(?:[\\s_-][^>\\n]{0,80})?|(?:system|developer)(?:\\s[^>\\n]{0,80})?)(?<!\\/)>",
    `<(?:system|developer|admin)[_-]?${BLOCK_NAME}(?:\\s[^>\\n]{0,80})?(?<!\\/)>`,
  ].join("|");
/** `![alt](url?k=...)`: a markdown image whose URL has a query, the carrier of the classic zero-click exfiltration. */
const IMAGE_WITH_QUERY_SOURCE = "!\\[[^\\]\\n]{0,120}\\]\\(\\s{0,4}[^\\s)]{1,300}\\?[^\\s)]{0,300}";
/**
 * A query value that is a placeholder for data the model is to fill in (an empty one is not enough: badge URLs end
 * in `label=)`; `decide` takes it with words that say what to fill in): bracketed (`[...]`, `<...>`, `{...}`), a
 * `$VAR`, or a placeholder word (the view is lower case, so a list: message, token, data, summary...).
 */
const PLACEHOLDER_WORDS = [
  "message",
  "msg",
  "mensaje",
  "nachricht",
  "messaggio",
  "mensagem",
  "сообщение",
  "メッセージ",
  "消息",
  "token",
  "data",
  "secret",
  "summary",
  "conversation",
  "question",
  "password",
  "key",
  "chat",
  "history",
  "context",
  "prompt",
]
  .map(foldLexiconEntry)
  .join("|");
/**
 * The value is the placeholder: bracketed, a `$VAR`, a placeholder word, or a compound of words around one
 * (`INSERT_CHAT_SUMMARY_HERE`, `user-message`): the words of an identifier joined by `_` or `-`.
 */
const TEMPLATED_IMAGE_SOURCE = `!\\[[^\\]\\n]{0,120}\\]\\(\\s{0,4}[^\\s)]{1,300}\\?(?:[^\\s)=&]{1,40}=[^\\s)&]{0,200}&){0,6}[^\\s)=&]{1,40}=(?:\\$[a-z_]|\\[|<|\\{|%s|%7b|%5b|(?:[a-z0-9]{1,20}[_-]){0,4}(?:${PLACEHOLDER_WORDS})(?![a-z0-9])(?:[_-][a-z0-9]{1,20}){0,4}(?![^\\s)&]))`;
/** A URL whose last query parameter is empty: the text around it says what to append. */
const OPEN_QUERY_SOURCE =
  "(?:https?:\\/\\/|www\\.)[^\\s<>\"'`)\\]]{1,400}[?&][a-z0-9_]{1,30}=(?=[\\s)\\]'\"`,;]|$)";
/**
 * A destination introduced as one ("to https://...", "into a message to x@y", "à x@y", "на https://", "发送到"), as
 * opposed to a link in parentheses: changelog lines name tokens and credentials next to issue links all the time.
 */
const ADDRESS = "(?:https?:\\/\\/|www\\.|[a-z0-9._%+-]{1,64}@[a-z0-9-])";
const TARGET_ASCII = `\\b(?:to|into|towards|at|via|a|an|para|per|nach)\\s{1,3}(?:the\\s{1,3}(?:url|address|endpoint|server)\\s{1,3})?${ADDRESS}`;
/** Words written in the reading view's fold (Korean jamo, Devanagari without its vowel signs), as one alternation. */
const folded = (...words: string[]) => words.map(foldLexiconEntry).join("|");
/**
 * TARGET in other scripts: a preposition before the address (ru/uk на, в, по, до; ar إلى; fa به; he אל; el σε, στο;
 * th ไปที่), a postposition or particle after it (ja に, へ; ko 로, 으로, 에, 에게; hi पर, को; bn এ, তে).
 */
const TARGET_OTHER = `(?<![\\p{L}\\p{N}])(?:на|в|по|до|${folded("إلى", "به", "אל", "σε", "στο", "στη", "στην")})\\s{1,3}${ADDRESS}|(?:${folded("ไปที่", "ไปยัง")})\\s{0,3}${ADDRESS}|(?:到|给|至)\\s{0,3}${ADDRESS}|(?:https?:\\/\\/|@)[^\\s]{1,300}\\s{0,3}(?:に|へ|宛)|(?:https?:\\/\\/|@)[^\\s]{1,300}?\\s{0,3}(?:${folded("으로", "로", "에게", "에")})(?![\\p{L}\\p{N}])|(?:https?:\\/\\/|@)[^\\s]{1,300}\\s{1,3}(?:${folded("पर", "को", "এ", "তে")})(?![\\p{L}\\p{N}])`;
/**
 * Whether an address in `text` starts right after whitespace, as in every TARGET_ASCII match (its ADDRESS follows
 * `\\s{1,3}`): an `http` or `www.` after a space, or an `@` whose local part (the run of `[a-z0-9._%+-]` before
 * it, 1 to 64 long, which the whitespace must end) follows a space. Markdown links (`](https://`) and badges fail
 * it, so a README slice with links but no bare address is not scanned for TARGET. Hand-written: a few indexOf
 * calls, where a regex for the same test starts at every space. Linear: each `@` looks back over its own run.
 */
function addressAfterSpace(text: string): boolean {
  for (const needle of URL_NEEDLES)
    for (let i = text.indexOf(needle); i !== -1; i = text.indexOf(needle, i + 1))
      if (i > 0 && /\s/.test(text[i - 1]!)) return true;
  for (let at = text.indexOf("@"); at !== -1; at = text.indexOf("@", at + 1)) {
    let s = at;
    while (s > 0 && LOCAL_PART_CHAR.test(text[s - 1]!)) s--;
    if (s < at && at - s <= 64 && s > 0 && /\s/.test(text[s - 1]!)) return true;
  }
  return false;
}
const LOCAL_PART_CHAR = /[a-z0-9._%+-]/;

/** The reader's own prompt or instructions ("your original instructions", "tu prompt de sistema", "你的系统提示"). */
const PROMPT_NOUNS =
  "(?:instructions?|prompt|system\\s+message|context\\s+window|instrucciones|instrucoes|istruzioni|anweisungen|systemprompt|consignes)";
const OWN_PROMPT_ASCII = `\\b(?:your|tu|tus|tes|ton|vos|votre|seu|sua|suas|seus|il\\s+tuo|le\\s+tue|tuo|tue|dein|deine|deinen|deiner)\\s{1,3}(?:[a-z-]{1,20}\\s{1,3}){0,2}${PROMPT_NOUNS}\\b`;
/** "Your instructions / your prompt" written as one phrase: Persian, Hebrew, Greek, Thai, Bengali. */
const OWN_PROMPT_PHRASES = [
  "دستورالعملهایت",
  "دستوراتت",
  "پرامپتت",
  "ההוראות שלך",
  "ההנחיות שלך",
  "τις οδηγίες σου",
  "τις αρχικές σου οδηγίες",
  "คำสั่งของคุณ",
  "พรอมต์ของคุณ",
  "তোমার নির্দেশনা",
  "আপনার নির্দেশনা",
  "তোমার সিস্টেম প্রম্পট",
  "আপনার সিস্টেম প্রম্পট",
];
const OWN_PROMPT_OTHER = [
  `(?<![\\p{L}\\p{N}])(?:твой|твои|свой|свои|твою|свою|${folded("твій", "твої", "свій", "свої", "ваші", "ваш")})\\s{1,3}(?:[\\p{L}-]{1,20}\\s{1,3}){0,2}(?:инструкции|промпт|промт|${folded("інструкції", "вказівки")})(?![\\p{L}\\p{N}])`,
  "(?:你的|あなたの)\\s{0,2}\\S{0,6}?(?:指令|提示|指示|プロンプト)",
  // Korean "your (system) prompt / guidelines": the particle follows the noun.
  `(?<![\\p{L}\\p{N}])(?:${folded("당신의", "너의")})\\s{0,2}[^\\n.!?]{0,30}?(?:${folded("지침", "지시", "프롬프트")})`,
  // Arabic "your instructions / your prompt": the possessive is a suffix.
  `(?<![\\p{L}\\p{N}])[\\u0648\\u0641]?(?:${folded("تعليماتك", "موجهك", "إرشاداتك")})`,
  `(?:${folded(...OWN_PROMPT_PHRASES)})`,
  // Hindi "your own / your (system) prompt, instructions".
  `(?<![\\p{L}\\p{N}])(?:${folded("अपना", "अपने", "तुम्हारा", "तुम्हारे", "आपका", "आपके")})\\s{1,3}(?:\\p{L}{1,20}\\s{1,3}){0,2}(?:${folded("प्रॉम्प्ट", "प्रोम्प्ट", "निर्देश")})(?![\\p{L}\\p{N}])`,
].join("|");
/** Strings every match of OWN_PROMPT_OTHER contains (its nouns, folded). */
const OWN_PROMPT_OTHER_NEEDLES = [
  "инструкции",
  "промпт",
  "промт",
  "指令",
  "提示",
  "指示",
  "プロンプト",
  ...folded(
    "інструкції",
    "вказівки",
    "지침",
    "지시",
    "프롬프트",
    "تعليماتك",
    "موجهك",
    "إرشاداتك",
    "प्रॉम्प्ट",
    "प्रोम्प्ट",
    "निर्देश",
    ...OWN_PROMPT_PHRASES,
  ).split("|"),
];
const modeAfter = (entry: string, words: string) => `(?:${entry})[^.\\n!?。]{0,40}?(?:${words})`;
/**
 * Addressed to the AI: an addressee noun as a vocative (`Assistant,` `Assistente:` `助手：`) at a sentence or line
 * start or after a label such as "IMPORTANT:" (not mid-sentence, where "the model, ..." is ordinary prose), or a
 * phrase that addresses an AI reader.
 */
const vocative = (nouns: string) =>
  // The noun first and the context check after it, as a lookbehind over the same text: a leading lookbehind ran at
  // every position (measured ~3x slower on prose).
  `(?:${nouns})s?\\s{0,2}[,:：、，،](?<=(?:^|[\\n.!?;:"'(\\[*>#-])\\s{0,4}(?:${nouns})s?\\s{0,2}[,:：、，،])`;

/**
 * An AI reader addressed in the third person: an AI noun doing what an agent does to this text ("any assistant
 * summarising this thread", "automated agents processing this page"), or an unambiguous AI noun under an obligation
 * ("the AI must", "LLMs are required to"). "Assistant" and "agent" alone also name people (an executive assistant,
 * a support agent), so they count only with a participle. Written verb first with the noun in a lookbehind: the
 * participles and modals are literal alternatives V8 skips to, and no needle pass is needed (a needle list per
 * feature cost ~20 µs per 1 KB string).
 */
const AI_NOUN =
  "(?:ai|a\\.i\\.|llm|chatbot|copilot|language\\s+model|gpt|chatgpt|ai\\s+(?:assistant|agent|model|system))s?";
const READER_NOUN = `(?:${AI_NOUN}|assistants?|agents?|models?|bots?|crawlers?|readers?|systems?|tools?)`;
const PARTICIPLE =
  "(?:reading|processing|summari[sz]ing|parsing|handling|ingesting|indexing|browsing|crawling|scraping)";
/** What only software does to a text: people read and handle tickets too ("the agents handling this ticket"). */
const MACHINE_PARTICIPLE = "(?:processing|summari[sz]ing|parsing|ingesting|indexing|crawling|scraping)";
const READER_AT_WORK_ASCII = `${PARTICIPLE}\\b(?<=(?:\\b(?:the|any|every|each|all|an?|automated|autonomous)\\s+${AI_NOUN}\\s+(?:(?:that|who)\\s+(?:is|are)\\s+)?${PARTICIPLE}|\\b(?:any|every|each|all|automated|autonomous)\\s+(?:(?:automated|autonomous|ai)\\s+)?${READER_NOUN}\\s+(?:(?:that|who)\\s+(?:is|are)\\s+)?${MACHINE_PARTICIPLE}))`;
const OBLIGATION =
  "(?:should|must|shall|needs?\\s+to|has\\s+to|have\\s+to|(?:is|are)\\s+(?:required|instructed|expected|asked|told)\\s+to)";
// "our chatbot should", "your AI must" describe a product; an injection speaks of "the AI" it addresses.
const AI_OBLIGED_ASCII = `${OBLIGATION}\\b(?<=(?<!\\b(?:our|your|my|their|its|his|her)\\s+)\\b${AI_NOUN}\\s+${OBLIGATION})`;
/**
 * What every match of READER_AT_WORK_ASCII | AI_OBLIGED_ASCII holds: an AI_NOUN after a space or `\b` and before
 * `s?\s` (the first reader alternative and the obligation), or a MACHINE_PARTICIPLE (the second reader alternative
 * ends with one). Kept in step with those sources by injection-structure-gate.test.ts.
 */
const READER_GATE = new RegExp(`\\b${AI_NOUN}\\s|${MACHINE_PARTICIPLE}`);
const readerGate = (text: string) => READER_GATE.test(text);
/** "the rules you were given", "instructions your developers wrote", "the guidelines you operate under". */
const PROMPT_REF_ASCII = `\\b(?:instructions?|prompts?|rules|guidelines|directives|guidance|configuration|system\\s+message)\\s+(?:that\\s+|which\\s+)?(?:you(?:'ve|\\s+were|\\s+have\\s+been|\\s+had\\s+been|\\s+got|\\s+received|\\s+operate|\\s+follow|\\s+run|\\s+work|\\s+are\\s+(?:following|operating|running|given|bound))|your\\s+(?:developers?|creators?|operators?|makers?|owners?|designers?|programmers?|admins?)\\s+(?:gave|wrote|set|configured|provided|defined))\\b`;

function buildFeatures(): readonly Feature[] {
  const addressees = lex((l) => l.addressees);
  const turnRoles = lex((l) => l.turnRoles);
  const modeWords = lex((l) => l.modeWords);
  const modeEntry = lex((l) => l.modeEntry);
  return [
    feature(F.ADDRESSEE, vocative(addressees.ascii), addressees.other && vocative(addressees.other)),
    // The word before the participle or modal is checked by the lookbehind, so no leading `\b` (which kept V8 from
    // skipping to the alternatives' first letters).
    feature(F.ADDRESSEE, `${READER_AT_WORK_ASCII}|${AI_OBLIGED_ASCII}`, undefined, {
      asciiGate: readerGate,
    }),
    feature(F.PROMPT_REF, PROMPT_REF_ASCII),
    feature(
      F.MODE,
      modeAfter(modeEntry.ascii, modeWords.ascii),
      modeEntry.other && modeWords.other && modeAfter(modeEntry.other, modeWords.other),
    ),
    // TURN_ASCII's alternatives start at a line start (`turnAt`), at `system`/`developer`/`admin`, or at `<` or `[`;
    // the `other` one is `turnAt` alone.
    feature(F.TURN, turnAscii(turnRoles), turnRoles.other && turnAt(turnRoles.other), {
      starts: { lineStart: true, at: ["<", "[", "system", "developer", "admin"] },
    }),
    feature(F.URL, URL_SOURCE, undefined, { asciiNeedles: URL_NEEDLES }),
    feature(F.EMAIL, EMAIL_SOURCE, undefined, { asciiNeedles: ["@"] }),
    // A snake_case name has `_`; the other alternative is in backticks.
    feature(F.TOOL, TOOL_SOURCE, undefined, { asciiNeedles: ["_", "`"] }),
    feature(F.TEMPLATED_IMAGE, TEMPLATED_IMAGE_SOURCE, undefined, { asciiNeedles: ["!["] }),
    feature(F.IMAGE_WITH_QUERY, IMAGE_WITH_QUERY_SOURCE, undefined, { asciiNeedles: ["!["] }),
    feature(F.OPEN_QUERY, OPEN_QUERY_SOURCE, undefined, { asciiNeedles: URL_NEEDLES }),
    feature(F.TARGET, TARGET_ASCII, TARGET_OTHER, {
      asciiGate: addressAfterSpace,
      asciiNeedles: ADDRESS_NEEDLES,
      otherNeedles: ADDRESS_NEEDLES,
    }),
    // The prompt nouns: `instruc` covers instructions/instrucciones/instrucoes, `system` "system message", `context`
    // "context window", `prompt` also "systemprompt".
    feature(F.OWN_PROMPT, OWN_PROMPT_ASCII, OWN_PROMPT_OTHER, {
      asciiNeedles: ["instruc", "prompt", "system", "context", "istruzioni", "anweisungen", "consignes"],
      otherNeedles: OWN_PROMPT_OTHER_NEEDLES,
    }),
  ];
}

/** The lexicon roles found by the one merged word scan, and the signal each sets. */
const LEXICON_ROLES: readonly [number, (lexicon: LanguageLexicon) => readonly string[]][] = [
  [F.ADDRESSEE, (l) => l.addressPhrases],
  [F.VERB, (l) => l.verbs],
  [F.AGENT_OBJECT, (l) => l.agentObjects],
  [F.SENSITIVE, (l) => l.sensitive],
  [F.REPLY_CONTEXT, (l) => l.replyContext],
  [F.ROLE_SHIFT, (l) => l.roleShift],
  [F.OBEY, (l) => l.obey],
  [F.OVERRIDE, (l) => l.override],
  [F.LEAK, (l) => l.leak],
  [F.FILL_IN, (l) => l.fillIn],
  [F.PROMPT_QUAL, (l) => l.promptQual ?? []],
  [F.VERBATIM, (l) => l.verbatim ?? []],
  [F.CONVERSATION, (l) => l.conversation ?? []],
];

/**
 * Every lexicon entry of every role in ONE scan: the entries as a trie-shaped alternation (`s(?:end|how|ubmit)`),
 * which V8 walks character by character instead of trying each word at each position. Measured on 1 MB of prose:
 * all ~900 ASCII entries 5.8 ms as a trie vs 24.9 ms as a flat alternation, and vs ~60 ms as one scan per role.
 * A match is looked up (whitespace collapsed) in `bitsOf`, which also holds the roles of every shorter entry that
 * is a word-prefix of it ("ignore the user" is an override and holds the verb "ignore"), since the scan reports the
 * longest entry at a position.
 */
export interface LexiconScan {
  readonly ascii: RegExp;
  readonly other: RegExp | undefined;
  readonly bitsOf: ReadonlyMap<string, number>;
  /**
   * The gate for the lexicon's anchor roles (every role outside SUPPORTING): the anchor entries alone, tries built as
   * for `ascii` (`other` without its script checks), non-global. Every match of `ascii` (resp. `other`) whose entry
   * carries an anchor role starts with an anchor entry (itself, or a word-prefix of it followed by a space, see
   * `bitsOf`; it starts with the same character, so the same leading `\b`), so this matches at the same position:
   * a text this does not match gets no anchor role from the lexicon.
   */
  readonly anchorAscii: RegExp;
  readonly anchorOther: RegExp | undefined;
}

interface TrieNode {
  kids: Map<string, TrieNode>;
  end: boolean;
}

function trieSource(entries: readonly string[], ascii: boolean): string {
  const root: TrieNode = { kids: new Map(), end: false };
  for (const entry of entries) {
    let node = root;
    for (const ch of entry) {
      let kid = node.kids.get(ch);
      if (kid === undefined) {
        kid = { kids: new Map(), end: false };
        node.kids.set(ch, kid);
      }
      node = kid;
    }
    node.end = true;
  }
  const piece = (ch: string) => (ch === " " ? (ascii ? "\\s+" : "\\s+") : escapeRegExp(ch));
  const emit = (node: TrieNode): string => {
    const parts = [...node.kids].map(([ch, kid]) => piece(ch) + emit(kid));
    if (parts.length === 0) return "";
    const alternation = parts.length === 1 ? parts[0]! : `(?:${parts.join("|")})`;
    return node.end ? `(?:${alternation})?` : alternation;
  };
  return emit(root);
}

/**
 * The ASCII entries as four tries, by whether each end has a word character: `\b` only at such an end (`.env`,
 * `'you are'` have none at one end). A leading `\b` also lets V8 skip positions inside a word.
 */
function asciiTries(entries: readonly string[]): string[] {
  const wordy = (e: string, at: number) => /\w/.test(e[at < 0 ? e.length - 1 : at]!);
  const groups: string[] = [];
  for (const lead of [true, false])
    for (const tail of [true, false]) {
      const group = entries.filter((e) => wordy(e, 0) === lead && wordy(e, -1) === tail);
      if (group.length > 0) groups.push(`${lead ? "\\b" : ""}${trieSource(group, true)}${tail ? "\\b" : ""}`);
    }
  return groups;
}

function nextSpace(text: string, from: number): number {
  const k = text.slice(from).search(/\s/);
  return k < 0 ? -1 : from + k;
}

function buildLexiconScan(): LexiconScan {
  const bitsOf = new Map<string, number>();
  for (const [bit, pick] of LEXICON_ROLES)
    for (const entry of collect(pick)) {
      const folded = foldLexiconEntry(entry);
      bitsOf.set(folded, (bitsOf.get(folded) ?? 0) | bit);
    }
  // Each entry also carries the roles of every entry that is a word-prefix of it (the entry up to one of its
  // spaces). Looked up per space rather than by comparing every pair of entries (~2,000 squared at import).
  const own = new Map(bitsOf);
  for (const [entry, bits] of own) {
    let closed = bits;
    for (let k = entry.search(/\s/); k > 0; k = nextSpace(entry, k + 1))
      closed |= own.get(entry.slice(0, k)) ?? 0;
    // An entry of a suffixed script also holds the entries it starts with inside a word: "사용자에게 알리지" (do not
    // tell the user) starts with "사용자" (the user), which its own match would otherwise hide.
    if (boundaryOf(entry) === "suffixed")
      for (let k = 1; k < entry.length; k++) closed |= own.get(entry.slice(0, k)) ?? 0;
    bitsOf.set(entry, closed);
  }
  const entries = [...bitsOf.keys()];
  const asciiEntries = entries.filter((e) => IS_ASCII.test(e));
  const groups = asciiTries(asciiEntries);
  const nonAscii = entries.filter((e) => !IS_ASCII.test(e));
  const spaced = nonAscii.filter((e) => boundaryOf(e) === "spaced");
  const suffixed = nonAscii.filter((e) => boundaryOf(e) === "suffixed");
  const unspaced = nonAscii.filter((e) => boundaryOf(e) === "unspaced");
  // Own roles (not the closure): a closed entry with an anchor role has an anchor entry as a word-prefix.
  const anchors = [...own].filter(([, bits]) => (bits & ~SUPPORTING) !== 0).map(([e]) => e);
  const anchorAscii = anchors.filter((e) => IS_ASCII.test(e));
  const anchorOther = anchors.filter((e) => !IS_ASCII.test(e));
  const other: string[] = [];
  if (spaced.length > 0)
    other.push(`${firstOf(spaced)}${NOT_WORD_BEFORE}${trieSource(spaced, false)}${NOT_WORD_AFTER}`);
  if (suffixed.length > 0)
    other.push(`${firstOf(suffixed)}${WORD_OR_PREFIX_BEFORE}${trieSource(suffixed, false)}`);
  if (unspaced.length > 0) other.push(trieSource(unspaced, false));
  // One class test for every alternative at each position, then the alternative's own.
  const anyFirst = firstOf([...spaced, ...suffixed, ...unspaced]);
  return {
    ascii: new RegExp(groups.join("|") || "(?!)", "g"),
    other: other.length > 0 ? new RegExp(`${anyFirst}(?:${other.join("|")})`, "gu") : undefined,
    bitsOf,
    anchorAscii: new RegExp(asciiTries(anchorAscii).join("|") || "(?!)"),
    anchorOther:
      anchorOther.length > 0
        ? new RegExp(`${firstOf(anchorOther)}${trieSource(anchorOther, false)}`, "u")
        : undefined,
  };
}

/**
 * The signals and the merged lexicon scan, built on first use rather than at import: building them (folding ~2,000
 * lexicon entries, the trie, ~15 large regexes) was most of what importing the injection detectors cost, and a
 * process that never checks a tool output should not pay it. Built once, then shared by every detector.
 */
let built: { features: readonly Feature[]; lexicon: LexiconScan } | undefined;

export function structureSignals(): { features: readonly Feature[]; lexicon: LexiconScan } {
  built ??= { features: buildFeatures(), lexicon: buildLexiconScan() };
  return built;
}
