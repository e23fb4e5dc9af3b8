import { candidateIndex, MIN_PASS_LENGTH, passPair } from "../../scan/candidates.js";
import { HAS_UPPER } from "../../scan/string-features.js";
import type { TextDetector, TextMatch } from "../../types.js";
import { codeAt } from "../shared/char-codes.js";
import { entropyAtLeast } from "../shared/shannon-entropy.js";
import { CANDIDATE_SCANS, scanAtStarts, stickyOf } from "./candidate-scan.js";
import { isLookalikeSecret } from "./lookalike.js";

/**
 * Discord bot tokens: the bot's id in base64 (24-26 characters, starting `M`, `N` or `O` because the id is a decimal
 * number of 17-20 digits), a dot, a 6-character timestamp, a dot, and a 27-38 character HMAC. Code, not a record:
 * the token has no literal to be found by, so a record's prefix index cannot say it; the shape (a capital of three,
 * then the two dots at fixed distances) is what finds it.
 */

const CANDIDATE = /[MNO][A-Za-z0-9]{23,25}\.[A-Za-z0-9_-]{6}\.[A-Za-z0-9_-]{27,38}/g;
/**
 * CANDIDATE, tried only 24-26 characters before a dot that has another dot seven characters on (candidate-scan.ts):
 * every match's first dot is there. V8 finds dots faster than it tries the regex at every M, N and O of prose; on a
 * long text the shared pass lists those dot pairs (DOT_PAIR), so prose's full stops are not visited one by one.
 */
const CANDIDATE_AT = stickyOf(CANDIDATE);
const DOT_PAIR = passPair(".", 7, ".");

function candidateStarts(text: string): number[] {
  const starts: number[] = [];
  const pairs = text.length < MIN_PASS_LENGTH ? undefined : candidateIndex(text).pairStarts(DOT_PAIR);
  if (pairs !== undefined) {
    for (const dot of pairs) if (dot >= 24) addStarts(starts, dot);
    return starts;
  }
  for (let dot = text.indexOf(".", 24); dot !== -1; dot = text.indexOf(".", dot + 1))
    if (text.charCodeAt(dot + 7) === 46) addStarts(starts, dot);
  return starts;
}

/** Appends the starts 26 to 24 characters before the first dot `dot` not listed yet (`starts` ascending). */
function addStarts(starts: number[], dot: number): void {
  const from = Math.max(dot - 26, starts.length === 0 ? 0 : starts[starts.length - 1]! + 1);
  for (let s = from; s <= dot - 24; s++) starts.push(s);
}

function isTokenCode(code: number): boolean {
  return (
    (code >= 48 && code <= 57) ||
    (code >= 65 && code <= 90) ||
    (code >= 97 && code <= 122) ||
    code === 45 ||
    code === 95 ||
    code === 46
  );
}

/** TextDetector.contextReach: the candidate's shape and the one character either side of it. */
const CONTEXT_REACH = 1;

export function createDiscordBotTokenDetector(): TextDetector {
  return {
    id: "secret.discord_bot_token",
    contextReach: CONTEXT_REACH,
    kind: "secret",
    // Every match starts with a capital M, N or O.
    requires: HAS_UPPER,
    minLength: 59,
    detect(text: string, out: TextMatch[]): void {
      if (text.length < 59) return;
      scanAtStarts(text, CANDIDATE_AT, candidateStarts(text), (m) => {
        const start = m.index;
        const end = start + m[0].length;
        // Part of a longer token or word on either side: not this shape.
        if (isTokenCode(codeAt(text, start - 1)) || isTokenCode(codeAt(text, end))) return end;
        const token = m[0];
        if (!entropyAtLeast(token, 4) || isLookalikeSecret(token)) return end;
        out.push({
          kind: "secret",
          type: "discord_bot_token",
          start,
          end,
          ruleId: "secret.discord_bot_token",
        });
        return end;
      });
    },
  };
}

CANDIDATE_SCANS.push({ name: "discord bot tokens", global: CANDIDATE, starts: candidateStarts });
