import type { FindingKind, TextDetector, TextMatch } from "../../types.js";

/** One detector (one id for enabling and auditing) that runs several scanners for the same finding type. */
export function composeDetectors(
  id: string,
  kind: FindingKind,
  parts: readonly TextDetector[],
): TextDetector {
  return {
    id,
    kind,
    detect(text: string, out: TextMatch[]): void {
      for (const part of parts) part.detect(text, out);
    },
  };
}
