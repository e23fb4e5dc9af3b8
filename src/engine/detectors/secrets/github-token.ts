import { HAS_UNDERSCORE } from "../../scan/string-features.js";
import type { TextDetector } from "../../types.js";
import { composeDetectors } from "../shared/compose-detectors.js";
import { createPrefixedTokenDetector } from "./prefixed-token.js";

/**
 * GitHub tokens: classic `ghp_` (personal), `gho_` (OAuth), `ghu_` (user-to-server), `ghs_` (server-to-server),
 * `ghr_` (refresh) with 36 base62 characters, and fine-grained `github_pat_` tokens (22 + `_` + 59 characters).
 * GitHub documents that lengths may grow, so longer bodies are accepted up to 255.
 */
export function createGithubTokenDetector(): TextDetector {
  return composeDetectors("secret.github_token", "secret", [
    createPrefixedTokenDetector({
      type: "github_token",
      prefix: /gh[pousr]_/,
      requires: HAS_UNDERSCORE, // `ghp_` and its kin end in `_`
      bodyClass: "[A-Za-z0-9]",
      minBody: 36,
      maxBody: 251,
    }),
    createPrefixedTokenDetector({
      type: "github_token",
      prefix: /github_pat_/,
      requires: HAS_UNDERSCORE, // `github_pat_` has `_`
      bodyClass: "[A-Za-z0-9_]",
      minBody: 50,
      maxBody: 244,
    }),
  ]);
}
