import { candidateIndex } from "../../scan/candidates.js";
import { HAS_UNDERSCORE } from "../../scan/string-features.js";
import type { TextDetector, TextMatch } from "../../types.js";
import { isLookalikeSecret } from "./lookalike.js";

/**
 * Google Cloud service-account key files (JSON with `"type": "service_account"`). The secret parts are the values
 * of `"private_key"` (a PEM key, usually with `\n` escapes) and `"private_key_id"`; they are reported only when the
 * text says `service_account`, so other JSON with a `private_key` field is left to the private_key detector.
 */

const FIELD = /"private_key(?:_id)?"\s*:\s*"/g;
const MAX_VALUE = 16 * 1024;

/** End (exclusive, before the closing quote) of a JSON string body starting at `from`, or -1. */
function jsonStringEnd(text: string, from: number): number {
  const limit = Math.min(text.length, from + MAX_VALUE);
  for (let i = from; i < limit; i++) {
    const code = text.charCodeAt(i);
    if (code === 92) i++;
    else if (code === 34) return i;
    else if (code === 10) return -1;
  }
  return -1;
}

export function createGcpServiceAccountDetector(): TextDetector {
  return {
    id: "secret.gcp_service_account",
    kind: "secret",
    // Nothing is reported unless the text includes "service_account".
    requires: HAS_UNDERSCORE,
    detect(text: string, out: TextMatch[]): void {
      // From the shared index: searched from its `_` (a plain search for the long word shifts by its common `t`).
      if (!candidateIndex(text).has("service_account")) return;
      const field = FIELD;
      field.lastIndex = 0;
      for (let m = field.exec(text); m !== null; m = field.exec(text)) {
        const start = m.index + m[0].length;
        const end = jsonStringEnd(text, start);
        // A documentation key file's stand-ins (`"private_key": "your-private-key"`) are look-alikes.
        if (end === -1 || end - start < 16 || isLookalikeSecret(text.slice(start, end))) continue;
        out.push({
          kind: "secret",
          type: "gcp_service_account",
          start,
          end,
          ruleId: "secret.gcp_service_account",
        });
        field.lastIndex = end + 1;
      }
    },
  };
}
