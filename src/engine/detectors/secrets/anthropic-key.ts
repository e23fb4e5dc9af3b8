import { HAS_DASH } from "../../scan/string-features.js";
import type { TextDetector } from "../../types.js";
import { createPrefixedTokenDetector } from "./prefixed-token.js";

/** Anthropic API and admin keys: `sk-ant-api03-...`, `sk-ant-admin01-...` (about 100 base64url characters). */
export function createAnthropicKeyDetector(): TextDetector {
  return createPrefixedTokenDetector({
    type: "anthropic_key",
    prefix: /sk-ant-/,
    requires: HAS_DASH, // `sk-ant-` has a dash
    bodyClass: "[A-Za-z0-9_-]",
    minBody: 32,
    maxBody: 248,
  });
}
