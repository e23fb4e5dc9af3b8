import { HAS_DASH } from "../../scan/string-features.js";
import type { TextDetector } from "../../types.js";
import { createPrefixedTokenDetector } from "./prefixed-token.js";

/** Keys look like random base62/base64url; a kebab-case identifier such as `sk-some-setting-name` does not. */
function hasMixedCharacterClasses(body: string): boolean {
  return /[A-Z]/.test(body) && /[a-z]/.test(body) && /\d/.test(body);
}

/**
 * OpenAI API keys: legacy `sk-` + 48 characters, and project / service-account / admin keys (`sk-proj-`,
 * `sk-svcacct-`, `sk-admin-`) with longer base64url bodies. `sk-ant-` belongs to Anthropic and is left to that
 * detector.
 */
export function createOpenaiKeyDetector(): TextDetector {
  return createPrefixedTokenDetector({
    type: "openai_key",
    prefix: /sk-/,
    requires: HAS_DASH, // `sk-` ends in `-`
    bodyClass: "[A-Za-z0-9_-]",
    minBody: 32,
    maxBody: 252,
    validate: (_token, body) => !body.startsWith("ant-") && hasMixedCharacterClasses(body),
  });
}
