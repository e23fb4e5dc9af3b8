/**
 * The injection family's literal triggers, as it hands them to the shared prefilter (keyword-prefilter.ts): every
 * phrase rule starts at one of its lead words (detectors/injection/rules.ts), found by the phrase detector with a
 * case-insensitive scan of its folded text, so a string holding none of the lead words, in any ASCII case, gives
 * it nothing to match. Folding maps non-ASCII look-alikes (and drops invisible characters) before that scan, so a
 * string with a non-ASCII or control character runs the detector ungated. The injection detectors own these words
 * (`injectionTriggers()`); this file only hands them to the prefilter.
 */
import { injectionTriggers } from "../detectors/injection/index.js";
import { HAS_CONTROL, HAS_NON_ASCII } from "../scan/string-features.js";
import type { LiteralTriggers } from "./keyword-prefilter.js";

export const INJECTION_TRIGGERS: { detectorId: string; triggers: LiteralTriggers } = {
  detectorId: "injection",
  triggers: {
    literals: injectionTriggers(),
    caseInsensitive: true,
    bypass: HAS_NON_ASCII | HAS_CONTROL,
  },
};
