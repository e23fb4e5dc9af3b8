import { HAS_DASH, HAS_SLASH } from "../../scan/string-features.js";
import type { TextDetector } from "../../types.js";
import { composeDetectors } from "../shared/compose-detectors.js";
import { createPrefixedTokenDetector } from "./prefixed-token.js";

/**
 * Slack credentials: API tokens (`xoxb-` bot, `xoxp-` user, `xoxa-`/`xoxr-` app and refresh, `xoxs-`, `xoxe-`,
 * `xoxo-`), app-level tokens (`xapp-`), and incoming-webhook URLs, whose secret is the path after `/services/`.
 */
export function createSlackTokenDetector(): TextDetector {
  return composeDetectors("secret.slack_token", "secret", [
    createPrefixedTokenDetector({
      type: "slack_token",
      prefix: /xox[abposre]-|xapp-/,
      requires: HAS_DASH, // `xox?-` and `xapp-` end in `-`
      bodyClass: "[A-Za-z0-9-]",
      minBody: 10,
      maxBody: 255,
      validate: (_token, body) => /\d/.test(body),
    }),
    createPrefixedTokenDetector({
      type: "slack_token",
      prefix: /hooks\.slack\.com\/(?:services|workflows|triggers)\//,
      requires: HAS_SLASH, // the webhook prefix has `/`
      bodyClass: "[A-Za-z0-9/]",
      minBody: 20,
      maxBody: 160,
      isGlueCode: () => false,
      spanBodyOnly: true,
      validate: (_token, body) => /^T[A-Z0-9]+\/[AB][A-Z0-9]+\/[A-Za-z0-9]+/.test(body),
    }),
  ]);
}
