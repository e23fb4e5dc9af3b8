import { HAS_BRACKET, HAS_HASH, HAS_LT, HAS_NEWLINE } from "../scan/string-features.js";
import type { TextDetector, TextMatch } from "../types.js";

/**
 * Finds chat-template syntax in tool text: special tokens and role headers that, pasted into the model's context,
 * try to open a new system or assistant turn. Only the markers are reported (not the text between them), so the
 * engine can strip the markers and keep the content readable.
 *
 * Trade-offs, chosen so benign e-mail, logs and HTML stay clean:
 * - Plain-text role lines (`System:`, `Assistant:`, `Human:`, `User:`, Title or UPPER case) count only at column 0
 *   of a line that follows a newline; lower-case `user:` at a line start is far more often a YAML or object key. A one-line string such as `System: the printer is offline` is not a turn boundary (the
 *   engine scans each JSON string separately, so it cannot open a turn), but the same words on a fresh line inside
 *   a longer result are reported. A multi-line log that genuinely has a `System:` line is a known false positive;
 *   only the marker itself is matched, so stripping it loses one word.
 * - `<s>` and `</s>` are HTML strikethrough as often as they are Llama sentence markers, so they count only when
 *   another template marker appears in the same string.
 * - `<user>` is a common XML element, so of the XML role tags only system/assistant/human are reported.
 */

// Every pattern is a literal or a bounded class run after a fixed opener: at most ~45 steps per start position.
const TOKEN_PATTERN = new RegExp(
  [
    String.raw`<\|start_header_id\|>[^<>\n]{0,30}<\|end_header_id\|>`,
    String.raw`<\|im_start\|>(?:system|user|assistant|tool|developer)?`,
    String.raw`<[|\uff5c][a-z][\w\u2581]{0,40}[|\uff5c]>`, // <|endoftext|>, DeepSeek's fullwidth <｜User｜>
    String.raw`\[\/?inst\]`,
    String.raw`<<\/?sys>>`,
    "<(?:start_of_turn>(?:user|model|system)?|end_of_turn>)",
    String.raw`<\/?(?:system|assistant|human|system[_-]prompt)\s{0,3}>`,
  ].join("|"),
  "gi",
);

const ROLE_HEADER_PATTERN =
  /^[ \t]{0,8}#{2,4}[ \t]{0,4}(?:system|instructions?|input|response|human|assistant|user)[ \t]{0,4}:/gim;

const FAKE_TURN_PATTERN =
  /\n((?:System|SYSTEM|Assistant|ASSISTANT|User|USER|Human|HUMAN)[ \t]{0,4}:)(?=[ \t\r\n]|$)/g;

const SENTENCE_MARKER_PATTERN = /<\/?s>/gi;

export function createChatTemplateDetector(): TextDetector {
  return {
    id: "markup.chat_template",
    kind: "markup",
    // TOKEN_PATTERN starts with `<` or `[`; ROLE_HEADER_PATTERN needs `##`; FAKE_TURN_PATTERN needs `\n`.
    requires: HAS_LT | HAS_BRACKET | HAS_HASH | HAS_NEWLINE,
    detect(text: string, out: TextMatch[]): void {
      const before = out.length;
      collect(TOKEN_PATTERN, text, out, false);
      if (text.includes("##")) collect(ROLE_HEADER_PATTERN, text, out, false);
      if (text.includes(":")) collect(FAKE_TURN_PATTERN, text, out, true);
      if (out.length > before && text.includes("s>")) collect(SENTENCE_MARKER_PATTERN, text, out, false);
    },
  };
}

/**
 * Appends every match of `pattern`. With `markerInGroup`, only group 1 (the marker after the newline) is the span;
 * otherwise leading indentation is trimmed from the match.
 */
function collect(pattern: RegExp, text: string, out: TextMatch[], markerInGroup: boolean): void {
  pattern.lastIndex = 0;
  for (let m = pattern.exec(text); m !== null; m = pattern.exec(text)) {
    const end = m.index + m[0].length;
    const marker = markerInGroup ? (m[1] ?? m[0]) : m[0].trimStart();
    out.push({
      kind: "markup",
      type: "chat_template",
      start: end - marker.length,
      end,
      ruleId: "markup.chat_template",
    });
  }
}
