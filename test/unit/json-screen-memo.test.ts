/**
 * The walk's memo of strings read clean, across a screened walk (scan-json.ts, json-screen.ts): a string the
 * screening found in the memo is not read by it, so the walk must still find it known when the memo fills up and is
 * cleared while the screening's own clean strings are written to it. Counted with a declared detector, which reads
 * every string alone (in the screening, and in the walk when the walk scans the string).
 */
import { describe, expect, it } from "vitest";
import { type CustomDetector, createDetectorSet } from "../../src/engine/detector-set.js";
import { resolvePolicy } from "../../src/engine/policy.js";
import { scanJson } from "../../src/engine/scan/scan-json.js";
import { ScanPlans } from "../../src/engine/scan-plans.js";
import type { Finding } from "../../src/shared/types.js";

let reads = 0;
const counting: CustomDetector = {
  id: "acme.counting",
  detect: () => {
    reads++;
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

describe("the memo across a screened walk", () => {
  it("a string known clean before the screening is not read again when the memo is cleared", () => {
    const first = Array.from({ length: 10_000 }, (_, i) => `row ${i} of the nightly export, state ok`);
    scanJson(first, "/first", plan, []);
    // The same strings, 8,000 new ones (the memo holds 16,384: it is full before they are all written), and an
    // e-mail address: the array is not clean, so the walk reads its members one by one.
    const fresh = Array.from({ length: 8_000 }, (_, i) => `item ${i} of the weekly export, state ok`);
    const second = [...first, ...fresh, "write to jane.roe@example.com"];
    reads = 0;
    const findings: Finding[] = [];
    scanJson(second, "/second", plan, findings);
    expect(findings.map((f) => f.type)).toEqual(["email"]);
    // Each new string once (the screening reads it with the declared detector), none of the known ones.
    expect(reads).toBeLessThanOrEqual(fresh.length + 2);
  });
});
