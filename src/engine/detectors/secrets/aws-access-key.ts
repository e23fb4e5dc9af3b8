import { HAS_UPPER } from "../../scan/string-features.js";
import type { TextDetector } from "../../types.js";
import { createPrefixedTokenDetector } from "./prefixed-token.js";

/**
 * AWS access key ids: a four-letter resource prefix (`AKIA` long-term, `ASIA` temporary, and the other documented
 * unique-id prefixes) followed by 16 upper-case base32 characters. The documentation key `AKIAIOSFODNN7EXAMPLE`
 * and its kin end in `EXAMPLE` and are skipped.
 */
export function createAwsAccessKeyDetector(): TextDetector {
  return createPrefixedTokenDetector({
    type: "aws_access_key",
    prefix: /(?:AKIA|ASIA|ABIA|ACCA|AGPA|AIDA|AIPA|ANPA|ANVA|AROA|APKA|ASCA)/,
    requires: HAS_UPPER, // every prefix is four upper-case letters
    bodyClass: "[A-Z0-9]",
    minBody: 16,
    maxBody: 16,
    minEntropy: 2.5,
    validate: (token) => !token.endsWith("EXAMPLE"),
  });
}
