/**
 * Strings that hold line breaks, screened together (json-screen.ts): a plan with no sanitizer gated on line breaks
 * (the input plan; the output plan's chat-template sanitizer keeps such strings out of the screening) joins them with
 * the others. A group that reads every reading takes the batch's line-joined text with its line breaks replaced by its
 * separator only when no reading holds a line break of its own (`rejoined`); otherwise it joins the strings again.
 * Either way the walk must report what each string read alone reports.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createDetectorSet } from "../../src/engine/detector-set.js";
import { resolvePolicy } from "../../src/engine/policy.js";
import { PII_RULES } from "../../src/engine/rules/built-in/pii.js";
import { SECRET_RULES } from "../../src/engine/rules/built-in/secrets.js";
import type { RuleExample } from "../../src/engine/rules/rule-record.js";
import { scanJson } from "../../src/engine/scan/scan-json.js";
import { ScanPlans } from "../../src/engine/scan-plans.js";
import type { Finding } from "../../src/shared/types.js";

const policy = resolvePolicy({}, {}, { detectorIds: new Set() });
const plans = new ScanPlans(policy, createDetectorSet(policy, []));
const input = plans.get("input", "pass-through");

const example = (e: RuleExample) => (typeof e === "string" ? e : e());
const records = [...PII_RULES, ...SECRET_RULES] as readonly {
  examples?: { positive?: readonly RuleExample[] };
}[];
/** Single lines of printable ASCII from the built-in records' positive examples. */
const LINES = records
  .flatMap((r) => (r.examples?.positive ?? []).map(example))
  .flatMap((text) => text.split("\n"))
  .filter((line) => line.length > 0 && line.length <= 120 && /^[\x20-\x7e]+$/.test(line));

const arbLine = fc.oneof(
  fc.constantFrom(...LINES),
  fc.constantFrom("state ok", "row of the nightly export", "see below", "ssn", "card number", "call"),
);
/** One line, or several joined by LF, CRLF or a lone CR. */
const arbText = fc
  .tuple(fc.array(arbLine, { minLength: 1, maxLength: 3 }), fc.constantFrom("\n", "\r\n", "\r"))
  .map(([lines, lineBreak]) => lines.join(lineBreak));

describe("strings with line breaks in the joined pass", () => {
  it("an array of them reports what its strings read one by one report", () => {
    let found = 0;
    let broken = 0;
    fc.assert(
      fc.property(
        fc.uniqueArray(arbText, { minLength: 8, maxLength: 30 }),
        fc.boolean(),
        (texts, oneLine) => {
          // Half the runs without any line break: the joined pass then takes the rejoined text.
          const items = oneLine ? texts.map((t) => t.replace(/\r\n|\r|\n/g, " ")) : texts;
          if (items.some((t) => /[\r\n]/.test(t))) broken++;
          const whole: Finding[] = [];
          const scanned = scanJson(items, "/items", input, whole);
          const parts: Finding[] = [];
          const one = items.map((item, i) => scanJson(item, `/items/${i}`, input, parts));
          expect(whole).toEqual(parts);
          expect(scanned).toEqual(one);
          found += whole.length;
        },
      ),
      { seed: 151, numRuns: 150 },
    );
    expect(found).toBeGreaterThan(100);
    expect(broken).toBeGreaterThan(50);
  });
});
