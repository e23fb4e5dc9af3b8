import type { SecretType } from "../../rules/registry.js";
import type { TextDetector, TextMatch } from "../../types.js";
import { codeAt, isWordCode } from "../shared/char-codes.js";
import { shannonEntropy } from "../shared/shannon-entropy.js";
import { isLookalikeSecret } from "./lookalike.js";
import { tokenPrefixPositions } from "./token-prefix-index.js";

/**
 * Shared engine for the many credentials that start with a fixed, vendor-chosen prefix (`ghp_`, `glpat-`, `AKIA`,
 * `npm_`...). Prefix positions come from one shared pass (token-prefix-index.ts); at each one a sticky regex checks
 * this detector's own prefix and another reads the body. After each candidate the scan resumes at the end of the
 * whole token, so `ghp_ghp_ghp_...` costs one pass, not one pass per prefix.
 */

export interface PrefixedTokenSpec {
  type: SecretType;
  /** Matches the prefix only; must also be matched by token-prefix-index.ts. The factory compiles a sticky copy. */
  prefix: RegExp;
  /** Body characters, as a character class source such as `[A-Za-z0-9]`. */
  bodyClass: string;
  minBody: number;
  maxBody: number;
  /** Characters that would make the token part of a longer word when found right before or after it. */
  isGlueCode?: (code: number) => boolean;
  /** Extra check on the full token text (prefix + body). */
  validate?: (token: string, body: string) => boolean;
  /** Report only the body (for URLs whose host part is not secret, such as Slack webhooks). */
  spanBodyOnly?: boolean;
  /** Minimum Shannon entropy of the body in bits per character; rejects `ghp_XXXXXXXX...` placeholders. */
  minEntropy?: number;
  /** Features (scan/string-features.ts) of which the prefix has at least one: the detector's `requires`. */
  requires: number;
}

function isTokenGlueCode(code: number): boolean {
  return isWordCode(code) || code === 45;
}

export function createPrefixedTokenDetector(spec: PrefixedTokenSpec): TextDetector {
  const ruleId = `secret.${spec.type}`;
  const isGlue = spec.isGlueCode ?? isTokenGlueCode;
  const minEntropy = spec.minEntropy ?? 3;
  const prefixSource = spec.prefix.source;
  const flags = spec.prefix.flags.replace(/[gy]/g, "");
  // Compiled once per detector (both sticky, lastIndex set before every use). Building them per call cost ~200 ns,
  // which made the 14 prefixed-token detectors the top entry of the profile on JSON results of many short strings.
  const prefix = new RegExp(prefixSource, `${flags}y`);
  const body = new RegExp(`${spec.bodyClass}*`, "y");
  // Every prefix is at least two characters; shorter strings (most JSON keys and values) cannot hold a token.
  const minLength = spec.minBody + 2;
  return {
    id: ruleId,
    kind: "secret",
    // The scanner skips the call on strings without the prefix's feature or shorter than the early return below.
    requires: spec.requires,
    minLength,
    detect(text: string, out: TextMatch[]): void {
      if (text.length < minLength) return;
      let resumeAt = 0;
      for (const start of tokenPrefixPositions(text)) {
        if (start < resumeAt) continue;
        prefix.lastIndex = start;
        const m = prefix.exec(text);
        if (m === null) continue;
        const bodyStart = start + m[0].length;
        body.lastIndex = bodyStart;
        body.exec(text);
        let end = body.lastIndex;
        resumeAt = end;
        while (end > bodyStart && text.charCodeAt(end - 1) === 46) end--; // sentence period after the token
        const bodyLength = end - bodyStart;
        if (bodyLength < spec.minBody || bodyLength > spec.maxBody) continue;
        if (isGlue(codeAt(text, start - 1)) || isGlue(codeAt(text, end))) continue;
        const bodyText = text.slice(bodyStart, end);
        if (shannonEntropy(bodyText) < minEntropy) continue;
        if (isLookalikeSecret(bodyText)) continue; // `hf_your_token_here`, `ghp_0123456789abcdef...`
        if (spec.validate && !spec.validate(text.slice(start, end), bodyText)) continue;
        out.push({
          kind: "secret",
          type: spec.type,
          start: spec.spanBodyOnly ? bodyStart : start,
          end,
          ruleId,
        });
      }
    },
  };
}
