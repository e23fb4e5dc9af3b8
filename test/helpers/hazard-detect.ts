import { createHazardDetectors } from "../../src/engine/detectors/hazards/index.js";
import type { TextMatch } from "../../src/engine/types.js";

/** The built-in input-hazard detectors, run directly (no policy, no normalised view). */
export const hazardDetectors = createHazardDetectors();

export function detectHazards(text: string): TextMatch[] {
  const out: TextMatch[] = [];
  for (const d of hazardDetectors) d.detect(text, out);
  return out;
}

/** The distinct hazard types found in `text`. */
export function hazardTypes(text: string): string[] {
  return [...new Set(detectHazards(text).map((m) => m.type))];
}
