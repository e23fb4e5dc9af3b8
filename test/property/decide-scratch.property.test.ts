/**
 * The scanner decides each string's matches in arrays lent from one call to the next (string-scanner.ts
 * DecideScratch, match-columns.ts byPositionInto and its sort scratch). Lent arrays hold the last call's entries, so
 * each call must fill what it reads: (a) the order by position written into a longer array full of another string's
 * order equals a stable sort of the matches, across calls of growing and shrinking sizes; (b) scanning many strings
 * one after another (sizes varying, so the lent arrays hold longer stale lists) finds and rewrites exactly what
 * scanning each right after a string dense in matches of every kind (which leaves the lent arrays full of its own).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createDetectorSet } from "../../src/engine/detector-set.js";
import { resolvePolicy } from "../../src/engine/policy.js";
import { MatchColumns } from "../../src/engine/scan/match-columns.js";
import { type ScanPlan, scanString } from "../../src/engine/scan/string-scanner.js";
import { ScanPlans } from "../../src/engine/scan-plans.js";
import type { TextDetector, TextMatch } from "../../src/engine/types.js";
import type { Finding } from "../../src/shared/types.js";

/** A detector of every `pattern` match, with the given labels (two types may share a rule id: one reach). */
function patternDetector(
  kind: TextMatch["kind"],
  type: string,
  ruleId: string,
  pattern: RegExp,
): TextDetector {
  return {
    id: `${ruleId}/${type}`,
    kind,
    detect(text: string, out: TextMatch[]) {
      for (const m of text.matchAll(new RegExp(pattern.source, "g")))
        out.push({ kind, type, start: m.index, end: m.index + m[0].length, ruleId });
    },
  };
}

/**
 * Overlapping spans of one rule under two types (repeats, which record nothing), a type the policy ignores, a flag,
 * and rewrites: every branch that leaves a match's recorded action or rewrite unwritten.
 */
const OVERLAPS: ScanPlan = {
  sanitizers: [],
  stripSanitized: false,
  detectors: [
    patternDetector("pii", "a", "r.shared", /a+/),
    patternDetector("pii", "ab", "r.shared", /a*b+/),
    patternDetector("pii", "c", "r.c", /c+/),
    patternDetector("secret", "d", "r.d", /d+/),
    patternDetector("secret", "e", "r.e", /e+a*/),
  ],
  decide: (m) =>
    m.type === "c"
      ? { do: "ignore" }
      : m.type === "d" || m.type === "a"
        ? { do: "flag", as: "flag" }
        : { do: "replace", strategy: "placeholder" },
  redaction: { hashKey: "k".repeat(16), maskKeepLast: 4 },
};

/** The default policy's output plan (the PII, secret and hazard detectors; injection too). */
function outputPlanOf(): ScanPlan {
  const policy = resolvePolicy({});
  return new ScanPlans(policy, createDetectorSet(policy)).get("output", "detect-and-strip");
}

function scanOnce(text: string, plan: ScanPlan): { text: string; findings: Finding[] } {
  const findings: Finding[] = [];
  const scan = scanString(text, "/t", plan, findings);
  return { text: scan.text, findings };
}

const RUNS = { numRuns: 400, seed: 1617 };

const span = fc.tuple(fc.integer({ min: 0, max: 60 }), fc.integer({ min: 0, max: 12 }));
/** Matches as several detectors push them: runs, each in order or not, labels few. */
const matchList = fc.array(fc.tuple(fc.integer({ min: 0, max: 3 }), span), { minLength: 0, maxLength: 80 });

function columnsOf(list: readonly [number, [number, number]][]): MatchColumns {
  const m = new MatchColumns();
  for (const [label, [start, length]] of list)
    m.add(m.labelOf("pii", `t${label}`, `r${label}`), start, start + length);
  return m;
}

function sortedOracle(m: MatchColumns): number[] {
  return Array.from({ length: m.size }, (_, i) => i).sort(
    (a, b) => m.start(a) - m.start(b) || m.end(b) - m.end(a) || a - b,
  );
}

describe("decideAll's lent arrays", () => {
  it("byPositionInto writes a stable sort into a longer, stale array", () => {
    const lent = new Int32Array(200).fill(77);
    fc.assert(
      fc.property(fc.array(matchList, { minLength: 1, maxLength: 4 }), (lists) => {
        for (const list of lists) {
          const m = columnsOf(list);
          const order = m.byPositionInto(lent);
          expect(order).toBe(lent);
          expect(Array.from(order.subarray(0, m.size))).toEqual(sortedOracle(m));
          expect(Array.from(m.byPosition())).toEqual(sortedOracle(m));
        }
      }),
      RUNS,
    );
  });

  it("a string's decisions do not depend on the strings decided before it (repeats, ignored matches, flags)", () => {
    const text = fc
      .array(fc.constantFrom("a", "aa", "b", "ab", "aab", "c", "cc", "d", "e", "ea", " ", "  "), {
        maxLength: 40,
      })
      .map((p) => p.join(""));
    let findings = 0;
    fc.assert(
      fc.property(fc.array(text, { minLength: 1, maxLength: 6 }), (texts) => {
        const inSequence = texts.map((t) => scanOnce(t, OVERLAPS));
        const alone = texts.map((t) => {
          scanOnce("aab c d ea dd cc b ".repeat(20), OVERLAPS);
          return scanOnce(t, OVERLAPS);
        });
        expect(inSequence).toEqual(alone);
        for (const r of alone) findings += r.findings.length;
      }),
      { numRuns: 400, seed: 1619 },
    );
    expect(findings).toBeGreaterThan(1000);
  });

  it("two types of one rule share its reach: a span inside the other's is a repeat, not a finding", () => {
    // `aab` is r.shared's `ab` (replaced), and its `aa` (a flag) starts inside it: one finding of the rule.
    const { findings } = scanOnce("x aab y", OVERLAPS);
    expect(findings.map((f) => [f.type, f.start, f.end, f.action])).toEqual([["ab", 2, 5, "redact"]]);
  });

  it("a string's scan does not depend on the strings scanned before it", () => {
    const piece = fc.constantFrom(
      "jane.roe@example.com",
      "+1 415-555-0134",
      "4111 1111 1111 1111",
      "078-05-1120",
      "10.1.2.3",
      "call me",
      " and ",
      "plain words here ",
      "x",
    );
    const plan = outputPlanOf();
    const text = fc.array(piece, { minLength: 0, maxLength: 30 }).map((p) => p.join(" "));
    fc.assert(
      fc.property(fc.array(text, { minLength: 1, maxLength: 6 }), (texts) => {
        const outputPlan = plan;
        const inSequence = texts.map((t) => scanOnce(t, outputPlan));
        const alone = texts.map((t) => {
          scanOnce("jane.roe@example.com, +1 415-555-0134, 078-05-1120; ".repeat(20), outputPlan);
          return scanOnce(t, outputPlan);
        });
        expect(inSequence).toEqual(alone);
      }),
      { numRuns: 150, seed: 1618 },
    );
  });
});
