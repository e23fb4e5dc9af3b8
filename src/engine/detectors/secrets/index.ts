import { SECRET_RULES } from "../../rules/built-in/secrets.js";
import { SECRET_TYPES, type SecretType } from "../../rules/registry.js";
import type { TextDetector, TextMatch } from "../../types.js";

export { SECRET_TYPES, type SecretType };

export interface SecretDetectorOptions {
  /** Which secret types to detect; all of SECRET_TYPES when omitted. */
  types?: readonly SecretType[];
}

/**
 * The secret detectors for the requested types, in registry order (the detectors' own tests and the secret
 * evaluation use this). Records that share a factory (every vendor token record and the credential-by-name rule
 * share one) give one detector, whose matches are kept to the requested types.
 */
export function createSecretDetectors(options: SecretDetectorOptions = {}): TextDetector[] {
  const wanted = new Set<string>(options.types ?? SECRET_TYPES);
  const factories = new Map<(typeof SECRET_RULES)[number]["detector"], string>();
  for (const rule of SECRET_RULES)
    if (wanted.has(rule.type) && !factories.has(rule.detector)) factories.set(rule.detector, rule.id);
  return [...factories.keys()].map((factory) => {
    const detector = factory({ phoneRegions: [] });
    if (options.types === undefined) return detector;
    return {
      ...detector,
      detect(text: string, out: TextMatch[]): void {
        const first = out.length;
        detector.detect(text, out);
        let kept = first;
        for (let i = first; i < out.length; i++) if (wanted.has(out[i]!.type)) out[kept++] = out[i]!;
        out.length = kept;
      },
    };
  });
}
