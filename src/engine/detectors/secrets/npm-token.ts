import { HAS_UNDERSCORE } from "../../scan/string-features.js";
import type { TextDetector } from "../../types.js";
import { createPrefixedTokenDetector } from "./prefixed-token.js";

/** npm access tokens: `npm_` + 36 base62 characters (the last six are a checksum we do not verify). */
export function createNpmTokenDetector(): TextDetector {
  return createPrefixedTokenDetector({
    type: "npm_token",
    prefix: /npm_/,
    requires: HAS_UNDERSCORE, // `npm_` ends in `_`
    bodyClass: "[A-Za-z0-9]",
    minBody: 36,
    maxBody: 36,
  });
}
