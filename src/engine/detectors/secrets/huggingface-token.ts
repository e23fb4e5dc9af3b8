import { HAS_UNDERSCORE } from "../../scan/string-features.js";
import type { TextDetector } from "../../types.js";
import { createPrefixedTokenDetector } from "./prefixed-token.js";

/** Hugging Face access tokens: `hf_` + 34 letters (older tokens mixed in digits; both are read). */
export function createHuggingfaceTokenDetector(): TextDetector {
  return createPrefixedTokenDetector({
    type: "huggingface_token",
    prefix: /hf_/,
    requires: HAS_UNDERSCORE, // `hf_` ends in `_`
    bodyClass: "[A-Za-z0-9]",
    minBody: 30,
    maxBody: 40,
  });
}
