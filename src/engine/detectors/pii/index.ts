import type { CountryCode } from "libphonenumber-js/max";
import { PII_RULES } from "../../rules/built-in/pii.js";
import { PII_TYPES, type PiiType } from "../../rules/registry.js";
import type { TextDetector } from "../../types.js";
import { DEFAULT_PHONE_REGIONS } from "./phone.js";

export { PII_TYPES, type PiiType };

export interface PiiDetectorOptions {
  /** Which PII types to detect; all of PII_TYPES when omitted. */
  types?: readonly PiiType[];
  /** Regions whose national number formats count as phone numbers; default US, GB, DE, FR. */
  phoneRegions?: readonly CountryCode[];
}

export { DEFAULT_PHONE_REGIONS };

/** One detector per requested PII type, in registry order (the detectors' own tests use this). */
export function createPiiDetectors(options: PiiDetectorOptions = {}): TextDetector[] {
  const wanted = new Set<string>(options.types ?? PII_TYPES);
  const context = { phoneRegions: options.phoneRegions ?? DEFAULT_PHONE_REGIONS };
  return PII_RULES.filter((rule) => wanted.has(rule.type)).map((rule) => rule.detector(context));
}
