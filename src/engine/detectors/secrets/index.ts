import { SECRET_RULES } from "../../rules/built-in/secrets.js";
import { SECRET_TYPES, type SecretType } from "../../rules/registry.js";
import type { TextDetector } from "../../types.js";

export { SECRET_TYPES, type SecretType };

export interface SecretDetectorOptions {
  /** Which secret types to detect; all of SECRET_TYPES when omitted. */
  types?: readonly SecretType[];
}

/** One detector per requested secret type, in registry order (the detectors' own tests use this). */
export function createSecretDetectors(options: SecretDetectorOptions = {}): TextDetector[] {
  const wanted = new Set<string>(options.types ?? SECRET_TYPES);
  return SECRET_RULES.filter((rule) => wanted.has(rule.type)).map((rule) => rule.detector());
}
