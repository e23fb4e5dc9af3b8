/**
 * The screening of a structured value (src/engine/scan/json-screen.ts), end to end on random JSON: every example
 * of every built-in record (PII, secrets, vendor tokens, injection phrases and structure; positive and negative),
 * placed as leaves, keys' values and array items at any depth among filler strings, numbers, booleans and nulls.
 * Each string, number and key is also read on its own, in the smallest value that gives it the same reading (a
 * member `{ key: value }` read after its key, an array item alone), with a plan of its own (a plan remembers what it
 * read clean). The walk of the whole value, screened, must report exactly those findings: a string with a finding
 * alone keeps it, and the screening adds none.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createDetectorSet } from "../../src/engine/detector-set.js";
import { resolvePolicy } from "../../src/engine/policy.js";
import { INJECTION_TYPE_RULES } from "../../src/engine/rules/built-in/injection.js";
import { INJECTION_STRUCTURE_RULES } from "../../src/engine/rules/built-in/injection-structure.js";
import { PII_RULES } from "../../src/engine/rules/built-in/pii.js";
import { TOKEN_RULES } from "../../src/engine/rules/built-in/secret-tokens.js";
import { SECRET_RULES } from "../../src/engine/rules/built-in/secrets.js";
import type { RuleExample } from "../../src/engine/rules/rule-record.js";
import { screenWork } from "../../src/engine/scan/json-screen.js";
import { scanJson } from "../../src/engine/scan/scan-json.js";
import { ScanPlans } from "../../src/engine/scan-plans.js";
import { escapePointerToken } from "../../src/errors.js";
import type { Finding } from "../../src/shared/types.js";

const policy = resolvePolicy({}, {}, { detectorIds: new Set() });
const outputPlan = () =>
  new ScanPlans(policy, createDetectorSet(policy, [])).get("output", policy.sanitizer.mode);

const example = (e: RuleExample) => (typeof e === "string" ? e : e());
const records = [
  ...PII_RULES,
  ...SECRET_RULES,
  ...TOKEN_RULES,
  ...INJECTION_TYPE_RULES,
  ...INJECTION_STRUCTURE_RULES,
] as readonly { examples?: { positive?: readonly RuleExample[]; negative?: readonly RuleExample[] } }[];
const EXAMPLES = records.flatMap((r) =>
  [...(r.examples?.positive ?? []), ...(r.examples?.negative ?? [])].map(example),
);

const FILLER = [
  "ok",
  "shipped",
  "row 7 of the nightly export",
  "The report is ready.",
  "SKU-100231",
  "",
  // A YAML parent whose indented lines are ciphertext, and an indented credential line.
  "ciphertext:",
  `  password: ${"Xk3s9Lq2"}${"Vm7Tz"}`,
];
/** Keys with no finding of their own (a redacted key renames the path of what it holds). */
const KEYS = [
  "contact",
  "phone",
  "ssn",
  "card",
  "id",
  "timestamp",
  "created_at",
  "password",
  "token",
  "note",
  "sku",
];
const NUMBERS = [0, 42, 1790928000, 4111111111111111, 536224187, 4155550123];

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

const arbLeaf: fc.Arbitrary<Json> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...EXAMPLES) },
  { weight: 3, arbitrary: fc.constantFrom(...FILLER) },
  { weight: 1, arbitrary: fc.constantFrom<Json>(...NUMBERS, true, null) },
);

const { tree } = fc.letrec<{ tree: Json }>((tie) => ({
  tree: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    arbLeaf,
    fc.array(tie("tree"), { maxLength: 6 }),
    fc.dictionary(fc.constantFrom(...KEYS), tie("tree"), { maxKeys: 6 }),
  ),
}));
const arbValue = fc.array(tree, { minLength: 8, maxLength: 16 });

/** The findings of every member read on its own, in the walk's order, with its path in the whole value. */
function oneByOne(value: Json, path: string, findings: Finding[]): void {
  if (Array.isArray(value)) {
    value.forEach((item, i) => {
      const at = `${path}/${i}`;
      if (item !== null && typeof item === "object") oneByOne(item, at, findings);
      else scanJson(item, at, alone, findings);
    });
    return;
  }
  if (value === null || typeof value !== "object") return;
  for (const [key, item] of Object.entries(value)) {
    // The key (and a string or number read after it) as the walk reads them; what a container holds, below.
    const container = item !== null && typeof item === "object";
    scanJson({ [key]: container ? null : item }, path, alone, findings);
    if (container) oneByOne(item, `${path}/${escapePointerToken(key)}`, findings);
  }
}

let alone = outputPlan();

describe("json screening of random values", () => {
  it("reports, for the whole value, exactly what its members read one by one report", () => {
    const before = screenWork.joined;
    fc.assert(
      fc.property(arbValue, (value) => {
        // Fresh plans (each remembers what it read clean): the whole value's strings are all new to its screening.
        alone = outputPlan();
        const whole = outputPlan();
        const expected: Finding[] = [];
        oneByOne(value, "/structuredContent", expected);
        const found: Finding[] = [];
        scanJson(value, "/structuredContent", whole, found);
        const key = (f: Finding) => JSON.stringify(f);
        expect(found.map(key).sort()).toEqual(expected.map(key).sort());
      }),
      { numRuns: 40, seed: 27 },
    );
    // The values were screened (not all left to the walk for having too few strings).
    expect(screenWork.joined - before).toBeGreaterThan(40 * 8);
  }, 240_000);
});
