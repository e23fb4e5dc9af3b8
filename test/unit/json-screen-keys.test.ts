/**
 * The screening's per-key lookups (json-screen.ts KeySeen): a key whose first values are nearly all distinct stops
 * deduplicating them, and one whose first values the walk's memo never knew stops asking it. Neither may change
 * what is found: a result with such keys (an e-mail address, a repeated one, a card number past the sample) reports
 * what its records report checked one by one (each too small to screen, so every string is scanned alone); a result
 * checked twice is not read again (the memo answered for its first values, so it is asked for all); and a key whose
 * values start repeating after a run of distinct ones is deduplicated again (its lookups are sampled again).
 */
import { describe, expect, it } from "vitest";
import { createDetectorSet } from "../../src/engine/detector-set.js";
import { resolvePolicy } from "../../src/engine/policy.js";
import { screenWork } from "../../src/engine/scan/json-screen.js";
import { scanJson } from "../../src/engine/scan/scan-json.js";
import { ScanPlans } from "../../src/engine/scan-plans.js";
import type { Finding } from "../../src/shared/types.js";
import { countingPlan as newCountingPlan } from "../helpers/counting-plan.js";

const policy = resolvePolicy({}, {}, { detectorIds: new Set() });
const plan = new ScanPlans(policy, createDetectorSet(policy, [])).get("output", policy.sanitizer.mode);

const CARD = ["4111", "1111", "1111", "1111"].join(" ");

/** Records of 4 keys and at most 3 string members: one alone holds 7 strings, fewer than the screening needs. */
function records(count: number): Record<string, unknown>[] {
  return Array.from({ length: count }, (_, i) => {
    const note =
      i >= 100 && i % 50 === 0
        ? "write to max.mustermann@example.com"
        : i % 3 === 0
          ? `write to jane.roe${i}@example.com${i % 2 === 0 ? "" : " today"}`
          : `row ${i} of the nightly export, state ok`;
    const record: Record<string, unknown> = { id: i, note, state: i % 3 === 0 ? "open" : "closed" };
    if (i > 70 && i % 11 === 0) record.contact = CARD;
    return record;
  });
}

const shown = (f: Finding) => `${f.path} ${f.ruleId} ${f.action} ${f.start} ${f.end}`;

describe("a key's values past the screening's sample", () => {
  it("are found as each record alone finds them, whether distinct or repeated", () => {
    const value = records(300);
    const simple: Finding[] = [];
    const alone = value.map((record, i) => scanJson(record, `/${i}`, plan, simple));
    const findings: Finding[] = [];
    const whole = scanJson(value, "", plan, findings);
    expect(findings.map(shown)).toEqual(simple.map(shown));
    expect(whole).toEqual(alone);
    // The e-mail notes (a third of the records, most past the first 64), the repeated one, and the cards (all past
    // the sample) are there.
    expect(findings.filter((f) => f.type === "email").length).toBe(103);
    expect(findings.filter((f) => f.path.endsWith("/contact")).length).toBeGreaterThan(15);
  });

  it("a result checked twice is not read again: the memo answered for its first values", () => {
    const { plan: countingPlan, counter } = newCountingPlan();
    const value = Array.from({ length: 400 }, (_, i) => ({
      note: `row ${i} of the nightly export`,
      n: `${i}`,
    }));
    scanJson(value, "", countingPlan, []);
    expect(counter.reads).toBeGreaterThan(800);
    counter.reads = 0;
    scanJson(structuredClone(value), "", countingPlan, []);
    expect(counter.reads).toBe(0);
  });

  it("a key whose values start repeating after a run of distinct ones is deduplicated again", () => {
    const value = [
      ...Array.from({ length: 64 }, (_, i) => ({ state: `imported batch ${i}` })),
      ...Array.from({ length: 6_000 }, (_, i) => ({ state: i % 2 === 0 ? "pending review" : "settled" })),
    ];
    screenWork.joined = 0;
    const findings: Finding[] = [];
    expect(scanJson(value, "", plan, findings)).toBe(value);
    expect(findings).toEqual([]);
    // The key, the 64 distinct states, at most 1,024 values read before the lookups are sampled again, two states.
    expect(screenWork.joined).toBeLessThanOrEqual(1 + 64 + 1_024 + 2);
  });
});
