/**
 * An output scan plan with one declared detector that finds nothing and counts the strings it is given: what a test
 * of the JSON walk and its screening reads to prove a string was (or was not) read again.
 */
import { type CustomDetector, createDetectorSet } from "../../src/engine/detector-set.js";
import { resolvePolicy } from "../../src/engine/policy.js";
import { ScanPlans } from "../../src/engine/scan-plans.js";

export function countingPlan() {
  const counter = { reads: 0 };
  const counting: CustomDetector = {
    id: "acme.counting",
    detect: () => {
      counter.reads++;
      return [];
    },
  };
  const policy = resolvePolicy(
    { customRules: [{ id: "acme.count", kind: "pii", type: "count", detector: "acme.counting" }] },
    {},
    { detectorIds: new Set([counting.id]) },
  );
  const plan = new ScanPlans(policy, createDetectorSet(policy, [counting])).get(
    "output",
    policy.sanitizer.mode,
  );
  return { plan, counter };
}
