/**
 * The screening's collection, the walk and the shape check read an object's own keys with a for-in loop that keeps
 * only those it owns (inspect-json.ts OWN, no array per object): what they read must be what Object.keys lists.
 * With an enumerable key on Object.prototype (a polluted prototype, holding an e-mail address) and objects of null
 * prototype among the records, a screened result reports what its records report checked one by one (each too
 * small to screen), no finding names the inherited key, and the size bound is the size walk's.
 */
import { afterEach, describe, expect, it } from "vitest";
import { type CustomDetector, createDetectorSet } from "../../src/engine/detector-set.js";
import { resolvePolicy } from "../../src/engine/policy.js";
import { scanJson } from "../../src/engine/scan/scan-json.js";
import { ScanPlans } from "../../src/engine/scan-plans.js";
import { inspectJson, jsonSizeBound } from "../../src/shared/inspect-json.js";
import type { Finding } from "../../src/shared/types.js";

const policy = resolvePolicy({}, {}, { detectorIds: new Set() });
const plan = new ScanPlans(policy, createDetectorSet(policy, [])).get("output", policy.sanitizer.mode);

const INHERITED = "inherited_contact";

function records(count: number): Record<string, unknown>[] {
  return Array.from({ length: count }, (_, i) => {
    const record: Record<string, unknown> =
      i % 4 === 0 ? (Object.create(null) as Record<string, unknown>) : {};
    record.id = `row-${i}`;
    record.note = i % 5 === 0 ? `write to jane.roe${i}@example.com` : `row ${i} of the nightly export`;
    record.state = i % 3 === 0 ? "open" : "closed";
    record.nested = { owner: i % 7 === 0 ? "max.mustermann@example.com" : "ops" };
    return record;
  });
}

const shown = (f: Finding) => `${f.path} ${f.ruleId} ${f.action} ${f.start} ${f.end}`;

afterEach(() => {
  delete (Object.prototype as Record<string, unknown>)[INHERITED];
});

describe("own keys read by for-in", () => {
  it("are Object.keys': an enumerable key on Object.prototype is never read", () => {
    const value = records(60);
    const simple: Finding[] = [];
    const alone = value.map((record, i) => scanJson(record, `/${i}`, plan, simple));
    const bound = jsonSizeBound(value, Number.POSITIVE_INFINITY);
    // Polluted after the records are built: every object of Object.prototype now inherits an enumerable key.
    (Object.prototype as Record<string, unknown>)[INHERITED] = "leak.to@example.org";
    const findings: Finding[] = [];
    const whole = scanJson(value, "", plan, findings);
    expect(findings.map(shown)).toEqual(simple.map(shown));
    expect(findings.some((f) => f.path.includes(INHERITED))).toBe(false);
    expect(JSON.stringify(whole)).toBe(JSON.stringify(alone));
    const sized: { bound?: number } = {};
    expect(inspectJson(value, { maxDepth: 64, maxArrayItems: 1000 }, sized)).toBeUndefined();
    expect(sized.bound).toBe(bound);
    // Not vacuous: the e-mail notes and owners are found.
    expect(findings.filter((f) => f.type === "email").length).toBe(12 + 9);
  });

  it("the screening reads no inherited member", () => {
    const read: string[] = [];
    const recording: CustomDetector = {
      id: "acme.recording",
      detect: (text: string) => {
        read.push(text);
        return [];
      },
    };
    const recordingPolicy = resolvePolicy(
      { customRules: [{ id: "acme.record", kind: "pii", type: "record", detector: "acme.recording" }] },
      {},
      { detectorIds: new Set([recording.id]) },
    );
    const recordingPlan = new ScanPlans(recordingPolicy, createDetectorSet(recordingPolicy, [recording])).get(
      "output",
      recordingPolicy.sanitizer.mode,
    );
    const value = records(60);
    (Object.prototype as Record<string, unknown>)[INHERITED] = "leak.to@example.org";
    scanJson(value, "", recordingPlan, []);
    expect(read.some((text) => text.includes("leak.to") || text.includes(INHERITED))).toBe(false);
    // Not vacuous: the records' strings were read.
    expect(read.some((text) => text.includes("nightly export"))).toBe(true);
  });
});
