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
} as const;

export interface Feature {
  readonly bit: number;
  readonly pattern: RegExp;
}

/** Scripts written without spaces between words: their entries match anywhere. */
const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;
const NOT_WORD_BEFORE = "(?<![\\p{L}\\p{N}_])";
const NOT_WORD_AFTER = "(?![\\p{L}\\p{N}_])";

function escapeRegExp(literal: string): string {
  return literal.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
}

/** One entry as a regex source: folded, spaces as `\s+`, a `*` at either end as "more letters here". */
function entrySource(entry: string): string {
  const folded = foldLexiconEntry(entry);
  const lead = folded.startsWith("*") ? "\\p{L}*" : "";
  const trail = folded.endsWith("*") ? "\\p{L}*" : "";
  const core = folded.replace(/^\*|\*$/g, "");
  return lead + core.split(" ").map(escapeRegExp).join("\\s+") + trail;
}

/** All entries of every language for one role, as one alternation with word boundaries where the script has them. */
export function lexiconPattern(entries: readonly string[]): string {
  const unique = [...new Set(entries)].sort((a, b) => b.length - a.length);
  const spaced = unique.filter((e) => !UNSPACED.test(e)).map(entrySource);
  const unspaced = unique.filter((e) => UNSPACED.test(e)).map(entrySource);
  const parts: string[] = [];
  if (spaced.length > 0) parts.push(`${NOT_WORD_BEFORE}(?:${spaced.join("|")})${NOT_WORD_AFTER}`);
  if (unspaced.length > 0) parts.push(`(?:${unspaced.join("|")})`);
  return parts.join("|") || "(?!)";
}

function collect(pick: (lexicon: LanguageLexicon) => readonly string[]): string[] {
  return LEXICONS.flatMap(pick);
}

function global(source: string): RegExp {
  return new RegExp(source, "gu");
}

const addressees = lexiconPattern(collect((l) => l.addressees));
const turnRoles = lexiconPattern(collect((l) => l.turnRoles));
const modeWords = lexiconPattern(collect((l) => l.modeWords));
const modeEntry = lexiconPattern(collect((l) => l.modeEntry));

/**
 * Hand-written structural patterns. Every repetition is bounded or starts only where its class cannot continue
 * backwards (a lookbehind), so each is linear in the text (checked in structure-redos.test.ts).
 */
const URL_SOURCE = "(?<![\\p{L}\\p{N}])(?:https?:\\/\\/|www\\.)[^\\s<>\"'`)\\]]{1,500}";
const EMAIL_SOURCE = "(?<![a-z0-9._%+-])[a-z0-9._%+-]{1,64}@[a-z0-9-]{1,63}(?:\\.[a-z0-9-]{1,63}){1,8}";
const TOOL_SOURCE =
  "(?<![\\p{L}\\p{N}_.\\/-])[a-z][a-z0-9]{0,40}(?:_[a-z0-9]{1,40}){1,6}(?![\\p{L}\\p{N}_.\\/-])|`[a-z][\\w.-]{1,60}`";
/**
 * A chat role written as a turn at a line start (`SYSTEM:`, `### System:`, `**Developer message:**`, `[system](#x)`,
 * `系统：`), a chat-template token (`<|im_start|>system`, `[INST]`), or a tag that closes the tool output or opens a
 * system block (`</tool_output>`, `<system_override ...>`).
 */
const TURN_SOURCE = [
  `(?<=^|\\n)[ \\t>#*_\\-|[(]{0,12}(?:${turnRoles})(?:\\s{1,3}(?:message|prompt|instructions?|override|note|update))?[ \\t*_\\]]{0,4}(?:[:：]|\\(#)`,
  "(?:system|developer|admin)\\s{1,3}(?:message|prompt|instructions?|override|update)\\s{0,3}[:：]",
  "<\\|im_start\\|>\\s{0,4}(?:system|developer|assistant)",
  "<\\|(?:system|start_header_id|endoftext|im_end)\\|>",
  "\\[\\/?(?:inst|system_prompt|sys)\\]",
  "<<sys>>",
  "<\\/?\\s{0,4}(?:tool_output|tool_result|tool_response|function_results|function_result|tool_call|system|developer)(?:[\\s_-][^>\\n]{0,80})?>",
  "<(?:system|developer|admin)[\\w-]{1,30}(?:\\s[^>\\n]{0,80})?>",
].join("|");
/** `![alt](url?k=...)`: a markdown image whose URL has a query, the carrier of the classic zero-click exfiltration. */
const IMAGE_WITH_QUERY_SOURCE = "!\\[[^\\]\\n]{0,120}\\]\\(\\s{0,4}[^\\s)]{1,300}\\?[^\\s)]{0,300}";
/**
 * A query value that is a placeholder for data the model is to fill in (an empty one is not enough: badge URLs end
 * in `label=)`; `decide` takes it with words that say what to fill in): bracketed (`[...]`,
 * `<...>`, `{...}`), a `$VAR`, or a capitalised placeholder word (the view is lower case, so the word list is used:
 * message, token, data, summary, in any language of the lexicon via the fill-in check in `decide`).
 */
const TEMPLATED_IMAGE_SOURCE =
  "!\\[[^\\]\\n]{0,120}\\]\\(\\s{0,4}[^\\s)]{1,300}\\?(?:[^\\s)=&]{1,40}=[^\\s)&]{0,200}&){0,6}[^\\s)=&]{1,40}=(?:\\$[a-z_]|\\[|<|\\{|%s|%7b|%5b|(?:message|msg|mensaje|nachricht|messaggio|mensagem|сообщение|メッセージ|消息|token|data|secret|summary|conversation|question|password|key|chat|history|context|prompt)\\b)";
/** A URL whose last query parameter is empty: the text around it says what to append. */
const OPEN_QUERY_SOURCE =
  "(?:https?:\\/\\/|www\\.)[^\\s<>\"'`)\\]]{1,400}[?&][a-z0-9_]{1,30}=(?=[\\s)\\]'\"`,;]|$)";
/**
 * A destination introduced as one ("to https://...", "into a message to x@y", "à x@y", "на https://", "发送到"), as
 * opposed to a link in parentheses: changelog lines name tokens and credentials next to issue links all the time.
 */
const TARGET_SOURCE =
  "(?<![\\p{L}\\p{N}])(?:to|into|towards|at|via|a|à|an|para|per|nach|на|в|по)\\s{1,3}(?:the\\s{1,3}(?:url|address|endpoint|server)\\s{1,3})?(?:https?:\\/\\/|www\\.|[a-z0-9._%+-]{1,64}@[a-z0-9-])|(?:到|给|至|发送到|转发到)\\s{0,3}(?:https?:\\/\\/|[a-z0-9._%+-]{1,64}@[a-z0-9-])|(?:https?:\\/\\/|@)[^\\s]{1,300}\\s{0,3}(?:に|へ|宛)";
/** The reader's own prompt or instructions ("your original instructions", "tu prompt de sistema", "你的系统提示"). */
const OWN_PROMPT_SOURCE =
  "(?<![\\p{L}\\p{N}])(?:your|tu|tus|tes|ton|vos|votre|seu|sua|suas|seus|il\\s+tuo|le\\s+tue|tuo|tue|dein|deine|deinen|deiner|твой|твои|свой|свои|твою|свою)\\s{1,3}(?:[\\p{L}-]{1,20}\\s{1,3}){0,2}(?:instructions?|prompt|system\\s+message|context\\s+window|instrucciones|instrucoes|istruzioni|anweisungen|systemprompt|consignes|инструкции|промпт|промт)(?![\\p{L}\\p{N}])|(?:你的|あなたの)\\s{0,2}\\S{0,6}?(?:指令|提示|指示|プロンプト)";
const MODE_SOURCE = `(?:${modeEntry})[^.\\n!?。]{0,40}?(?:${modeWords})|(?:${modeWords})[^.\\n!?。]{0,20}?(?:${modeEntry})`;
/**
 * Addressed to the AI: an addressee noun as a vocative (`Assistant,` `Assistente:` `助手：`, at a sentence or line
 * start or after a label such as "IMPORTANT:"; not mid-sentence, where "the model, ..." is ordinary prose), or a phrase that addresses an AI reader.
 */
const ADDRESSEE_SOURCE = `(?<=^|[\\n.!?;:"'(\\[*>#-]\\s{0,4})(?:${addressees})s?\\s{0,2}[,:：、，]|${lexiconPattern(collect((l) => l.addressPhrases))}`;

export const FEATURES: readonly Feature[] = [
  { bit: F.ADDRESSEE, pattern: global(ADDRESSEE_SOURCE) },
  { bit: F.VERB, pattern: global(lexiconPattern(collect((l) => l.verbs))) },
  { bit: F.AGENT_OBJECT, pattern: global(lexiconPattern(collect((l) => l.agentObjects))) },
  { bit: F.SENSITIVE, pattern: global(lexiconPattern(collect((l) => l.sensitive))) },
  { bit: F.REPLY_CONTEXT, pattern: global(lexiconPattern(collect((l) => l.replyContext))) },
  { bit: F.ROLE_SHIFT, pattern: global(lexiconPattern(collect((l) => l.roleShift))) },
  { bit: F.MODE, pattern: global(MODE_SOURCE) },
  { bit: F.OBEY, pattern: global(lexiconPattern(collect((l) => l.obey))) },
  { bit: F.OVERRIDE, pattern: global(lexiconPattern(collect((l) => l.override))) },
  { bit: F.TURN, pattern: global(TURN_SOURCE) },
  { bit: F.LEAK, pattern: global(lexiconPattern(collect((l) => l.leak))) },
  { bit: F.FILL_IN, pattern: global(lexiconPattern(collect((l) => l.fillIn))) },
  { bit: F.URL, pattern: global(URL_SOURCE) },
  { bit: F.EMAIL, pattern: global(EMAIL_SOURCE) },
  { bit: F.TOOL, pattern: global(TOOL_SOURCE) },
  { bit: F.TEMPLATED_IMAGE, pattern: global(TEMPLATED_IMAGE_SOURCE) },
  { bit: F.IMAGE_WITH_QUERY, pattern: global(IMAGE_WITH_QUERY_SOURCE) },
  { bit: F.OPEN_QUERY, pattern: global(OPEN_QUERY_SOURCE) },
  { bit: F.TARGET, pattern: global(TARGET_SOURCE) },
  { bit: F.OWN_PROMPT, pattern: global(OWN_PROMPT_SOURCE) },
];
