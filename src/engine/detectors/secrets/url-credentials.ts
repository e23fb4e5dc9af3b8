import { candidateIndex, MIN_PASS_LENGTH } from "../../scan/candidates.js";
import { HAS_AT } from "../../scan/string-features.js";
import type { TextDetector, TextMatch } from "../../types.js";
import { entropyAtLeast } from "../shared/shannon-entropy.js";
import { isPlaceholderValue } from "./placeholder.js";

/**
 * Credentials embedded in URLs: `scheme://user:password@host` reports the password only; `scheme://TOKEN@host`
 * (a token used as the user name, as GitHub and many registries allow) reports the user part when it looks random.
 * The user name and host stay readable. The last `@` before the path wins, as in WHATWG URL parsing, so an
 * unescaped `@` inside a password is still covered.
 */

const MAX_USERINFO = 512;

function isUserinfoEnd(code: number): boolean {
  // whitespace, / ? # and characters that end a URL in prose or markup
  return (
    code <= 32 ||
    code === 47 ||
    code === 63 ||
    code === 35 ||
    code === 34 ||
    code === 39 ||
    code === 60 ||
    code === 62 ||
    code === 96
  );
}

function looksLikeToken(value: string): boolean {
  return value.length >= 16 && /\d/.test(value) && /[A-Za-z]/.test(value) && entropyAtLeast(value, 3.5);
}

/**
 * A password in a URL, not a stand-in: at least four characters, not a placeholder (`password`, `<pass>`), not a
 * template in single braces (`{PASS}`) or a value that names itself (`YOUR_PASSWORD`, `mypassword`), and not the user
 * name again (`postgres://user:user@`, `admin:admin`: a fixture's or an image's default pair, not a chosen secret).
 */
function isUrlPassword(password: string, user: string): boolean {
  return (
    password.length >= 4 &&
    password.toLowerCase() !== user.toLowerCase() &&
    !isPlaceholderValue(password) &&
    !/^\{[^{}]*\}$/.test(password) &&
    !/password$/i.test(password)
  );
}

/** TextDetector.contextReach: every read runs from a `://` to the userinfo's end, which whitespace (a line break) ends. */
const CONTEXT_REACH = 0;

export function createUrlCredentialsDetector(): TextDetector {
  return {
    id: "secret.url_credentials",
    contextReach: CONTEXT_REACH,
    kind: "secret",
    // A report needs an `@` after "://" (lastAt > userStart).
    requires: HAS_AT,
    detect(text: string, out: TextMatch[]): void {
      // A long text without "://" is known so from the shared pass's lists (the candidate index learns the needle).
      if (text.length >= MIN_PASS_LENGTH && !candidateIndex(text).has("://")) return;
      let marker = text.indexOf("://");
      while (marker !== -1) {
        const userStart = marker + 3;
        const limit = Math.min(text.length, userStart + MAX_USERINFO);
        let i = userStart;
        let lastAt = -1;
        let firstColon = -1;
        for (; i < limit; i++) {
          const code = text.charCodeAt(i);
          if (isUserinfoEnd(code)) break;
          if (code === 64) lastAt = i;
          else if (code === 58 && firstColon === -1) firstColon = i;
        }
        if (lastAt > userStart) {
          if (firstColon !== -1 && firstColon < lastAt) {
            const password = text.slice(firstColon + 1, lastAt);
            if (isUrlPassword(password, text.slice(userStart, firstColon))) {
              out.push({
                kind: "secret",
                type: "url_credentials",
                start: firstColon + 1,
                end: lastAt,
                ruleId: "secret.url_credentials",
              });
            }
          } else if (firstColon === -1 && looksLikeToken(text.slice(userStart, lastAt))) {
            out.push({
              kind: "secret",
              type: "url_credentials",
              start: userStart,
              end: lastAt,
              ruleId: "secret.url_credentials",
            });
          }
        }
        marker = text.indexOf("://", Math.max(i, marker + 3));
      }
    },
  };
}
