import { HAS_UPPER } from "../../scan/string-features.js";
import type { TextDetector } from "../../types.js";
import { createVendorPatternDetector } from "./vendor-pattern.js";

/** SendGrid API keys: `SG.` + a 22-character key id + `.` + a 43-character secret, both base64url. */
export function createSendgridKeyDetector(): TextDetector {
  return createVendorPatternDetector({
    type: "sendgrid_key",
    pattern: /SG\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}/,
    requires: HAS_UPPER,
    minLength: 69,
    minEntropy: 3.5,
  });
}
