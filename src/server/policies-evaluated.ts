import { kindIsActive } from "../engine/match-policy.js";
import type { ResolvedPolicy } from "../engine/policy.js";

/**
 * The plain protocol's `policies_evaluated`: how many rule families the engine runs for a phase (capability
 * rules and default, schema, secrets, PII, injection, input hazards, output sanitizer, size limits).
 */
export function policiesEvaluated(policy: ResolvedPolicy, phase: "input" | "output"): number {
  const on = (strategy: string) => (strategy === "off" ? 0 : 1);
  let n = policy.capabilities.rules.length + 1;
  n += phase === "input" ? (policy.schema.validateInput ? 1 : 0) : policy.schema.validateOutput ? 1 : 0;
  n += (kindIsActive(policy.secrets, phase) ? 1 : 0) + (kindIsActive(policy.pii, phase) ? 1 : 0);
  n += on(policy.injection[phase]);
  if (phase === "input") n += Object.values(policy.inputHazards).filter((a) => a !== "off").length;
  else n += policy.sanitizer.mode === "pass-through" ? 0 : 1;
  return n + 1;
}
