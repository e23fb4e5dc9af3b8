import { createHazardDetectors } from "./detectors/hazards/index.js";
import { createInjectionDetector } from "./detectors/injection/index.js";
import { createStructureInjectionDetector } from "./detectors/injection/structure/structure-detector.js";
import { createPiiDetectors } from "./detectors/pii/index.js";
import { createSecretDetectors } from "./detectors/secrets/index.js";
import type { ResolvedPolicy } from "./policy.js";
import { createSanitizerDetectors } from "./sanitizer/index.js";
import type { TextDetector } from "./types.js";

/** The detectors one engine instance uses, built once from the policy. */
export interface DetectorSet {
  sanitizers: readonly TextDetector[];
  pii: readonly TextDetector[];
  secrets: readonly TextDetector[];
  injection: readonly TextDetector[];
  hazards: readonly TextDetector[];
}

export function createDetectorSet(policy: ResolvedPolicy): DetectorSet {
  return {
    sanitizers: createSanitizerDetectors(),
    pii: createPiiDetectors({ phoneRegions: policy.pii.phoneRegions as never }),
    secrets: createSecretDetectors(),
    injection: [createInjectionDetector(), createStructureInjectionDetector()],
    hazards: createHazardDetectors(),
  };
}
