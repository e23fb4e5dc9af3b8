import type { FindingKind } from "../../../shared/vocabulary.js";
import type { TextDetector, TextMatch } from "../../types.js";

/**
 * One detector (one id for enabling and auditing) that runs several scanners for the same finding type. Its gate is
 * the loosest of its parts': it may match where any part may, so it needs one of the union of their features and the
 * shortest of their lengths; a part without a gate leaves the whole ungated.
 */
export function composeDetectors(
  id: string,
  kind: FindingKind,
  parts: readonly TextDetector[],
): TextDetector {
  let requires: number | undefined = 0;
  let minLength: number | undefined = Number.POSITIVE_INFINITY;
  for (const part of parts) {
    requires = requires === undefined || part.requires === undefined ? undefined : requires | part.requires;
    minLength =
      minLength === undefined || part.minLength === undefined
        ? undefined
        : Math.min(minLength, part.minLength);
  }
  if (parts.length === 0) minLength = undefined;
  return {
    id,
    kind,
    ...(requires === undefined ? {} : { requires }),
    ...(minLength === undefined ? {} : { minLength }),
    detect(text: string, out: TextMatch[]): void {
      for (const part of parts) part.detect(text, out);
    },
  };
}
