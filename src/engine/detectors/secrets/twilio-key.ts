import { HAS_UPPER } from "../../scan/string-features.js";
import type { TextDetector } from "../../types.js";
import { createVendorPatternDetector } from "./vendor-pattern.js";

/**
 * Twilio API key SIDs: `SK` + 32 hex characters, used with their secret as credentials. A Twilio auth token is 32
 * bare hex characters, the shape of any MD5 digest, so it is found by its name (`TWILIO_AUTH_TOKEN=`, `"auth_token":`)
 * by the generic credential detector, not here. Account SIDs (`AC...`) identify an account and are not secret alone.
 */
export function createTwilioKeyDetector(): TextDetector {
  return createVendorPatternDetector({
    type: "twilio_key",
    pattern: /SK[0-9a-f]{32}/,
    requires: HAS_UPPER,
    minLength: 34,
    minEntropy: 3,
  });
}
