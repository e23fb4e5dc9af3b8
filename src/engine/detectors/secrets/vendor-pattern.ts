import type { SecretType } from "../../rules/registry.js";
import type { TextDetector, TextMatch } from "../../types.js";
import { codeAt, isWordCode } from "../shared/char-codes.js";
import { shannonEntropy } from "../shared/shannon-entropy.js";
import { isLookalikeSecret } from "./lookalike.js";

/**
 * Credentials whose whole shape is fixed by the vendor but whose prefix is not one of the shared prefix index's
 * (token-prefix-index.ts anchors on `_`, `-`, `=`, `/`): SendGrid's `SG.<22>.<43>`, Twilio's `SK` + 32 hex. One
 * regex each, starting with a literal V8 skips to; a match glued to a word character is part of something longer.
 */
export interface VendorPatternSpec {
  type: SecretType;
  /** Global regex for the whole token; must start with a literal. */
  pattern: RegExp;
  requires: number;
  minLength: number;
  minEntropy: number;
}

export function createVendorPatternDetector(spec: VendorPatternSpec): TextDetector {
  const ruleId = `secret.${spec.type}`;
  const re = new RegExp(spec.pattern.source, "g");
  return {
    id: ruleId,
    kind: "secret",
    requires: spec.requires,
    minLength: spec.minLength,
    detect(text: string, out: TextMatch[]): void {
      if (text.length < spec.minLength) return;
      re.lastIndex = 0;
      for (let m = re.exec(text); m !== null; m = re.exec(text)) {
        const start = m.index;
        const end = start + m[0].length;
        const before = codeAt(text, start - 1);
        const after = codeAt(text, end);
        if (isWordCode(before) || isWordCode(after) || after === 45) continue;
        if (shannonEntropy(m[0]) < spec.minEntropy || isLookalikeSecret(m[0])) continue;
        out.push({ kind: "secret", type: spec.type, start, end, ruleId });
      }
    },
  };
}
