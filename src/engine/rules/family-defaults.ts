import type { Action } from "./actions.js";
import type { PolicyFamily } from "./rule-record.js";

/**
 * What each family does when the policy says nothing, per phase. The built-in records take their defaults from here,
 * so the README's option list, `resolvePolicy` and the rule table cannot disagree.
 */
export const FAMILY_DEFAULTS: Record<
  Exclude<PolicyFamily, "sanitizer">,
  { readonly input: Action; readonly output: Action }
> = {
  // PII in arguments is recorded, not changed: tools often need the address they are given.
  pii: { input: "flag", output: "redact" },
  // A credential in arguments is an exfiltration attempt.
  secrets: { input: "block", output: "redact" },
  // A planted instruction is cut with its sentence and the rest of the document kept: blocking lost whole files.
  injection: { input: "flag", output: "neutralise" },
  // Hazards are payloads aimed at the systems behind a tool: only arguments reach those systems.
  inputHazards: { input: "block", output: "off" },
};

/** Sanitizer rules act through `sanitizer.mode` (strip by default) on results; they do not run on arguments. */
export const SANITIZER_DEFAULTS = { input: "off", output: "redact" } as const satisfies {
  input: Action;
  output: Action;
};
