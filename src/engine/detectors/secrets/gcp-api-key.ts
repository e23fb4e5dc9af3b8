import { HAS_UPPER } from "../../scan/string-features.js";
import type { TextDetector } from "../../types.js";
import { createPrefixedTokenDetector } from "./prefixed-token.js";

/** Google Cloud / Firebase API keys: `AIza` + 35 base64url characters. */
export function createGcpApiKeyDetector(): TextDetector {
  return createPrefixedTokenDetector({
    type: "gcp_api_key",
    prefix: /AIza/,
    requires: HAS_UPPER, // `AIza` starts upper case
    bodyClass: "[A-Za-z0-9_-]",
    minBody: 35,
    maxBody: 35,
  });
}
