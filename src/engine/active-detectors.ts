import type { FindingKind } from "../shared/vocabulary.js";
import type { Phase } from "./action-conversions.js";
import type { DetectorSet } from "./detector-set.js";
import { actionFor, type RuleView, ruleLookup } from "./match-policy.js";
import type { ResolvedPolicy } from "./policy.js";
import type { TextDetector } from "./types.js";

/**
 * Whether a rule can do anything in `phase`: its own action, or a `rules` entry for one of its sub-rules, is not
 * `off`. A detector all of whose rules are off is not run.
 */
function ruleIsActive(policy: ResolvedPolicy, ruleId: string, view: RuleView, phase: Phase): boolean {
  if (actionFor(policy, ruleId, view, phase) !== "off") return true;
  const prefix = `${ruleId}.`;
  for (const [id, actions] of Object.entries(policy.rules)) {
    if (id.startsWith(prefix) && actions[phase] !== undefined && actions[phase] !== "off") return true;
  }
  return false;
}

/** The content detectors worth running in `phase` under `policy`, in run order. */
export function detectorsFor(set: DetectorSet, policy: ResolvedPolicy, phase: Phase): TextDetector[] {
  const lookup = ruleLookup(policy);
  const kindOf: Record<string, FindingKind> = {
    pii: "pii",
    secrets: "secret",
    injection: "injection",
    inputHazards: "hazard",
  };
  return set.entries
    .filter((entry) =>
      entry.ruleIds.some((id) => {
        const view = lookup(id, kindOf[entry.family] ?? "pii", "");
        return ruleIsActive(policy, id, view, phase);
      }),
    )
    .map((entry) => entry.detector);
}
