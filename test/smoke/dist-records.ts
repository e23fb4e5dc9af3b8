// `node --import tsx test/smoke/dist-records.ts` (after `npm run build`; test/smoke/dist.mjs runs it): the built-in
// rule records of the published package (dist/) leave out what only the tests and the README's generator read
// (scripts/build-js.mjs RECORD_ONLY: examples, validator notes, the token records' example builders). Proven here by
// behaviour: every record's examples, taken from src/, go through dist/'s own detector, and each positive example is
// found, no negative one is (what test/unit/rule-registry.test.ts asserts in src/); and every other property of every
// record is the same in src/ and dist/.
import assert from "node:assert/strict";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { resolvePolicy } from "../../src/engine/policy.js";
import { BUILT_IN_RULES } from "../../src/engine/rules/registry.js";
import { exampleText, isScanned, type RuleRecord } from "../../src/engine/rules/rule-record.js";

/** The names scripts/build-js.mjs drops from the records' object literals (its RECORD_ONLY). */
const RECORD_ONLY = new Set(["examples", "validator", "positive", "negative", "example", "leadExample"]);

/** A record as JSON without the RECORD_ONLY names at any depth: functions as "function", expressions as their text. */
function shape(record: unknown): unknown {
  return JSON.parse(
    JSON.stringify(record, (key, value: unknown) => {
      if (RECORD_ONLY.has(key)) return undefined;
      if (typeof value === "function") return "function";
      if (value instanceof RegExp) return `/${value.source}/${value.flags}`;
      if (value === Number.POSITIVE_INFINITY) return "Infinity";
      return value;
    }),
  );
}

const root = fileURLToPath(new URL("../..", import.meta.url));
const dist = (await import(pathToFileURL(join(root, "dist/index.js")).href)) as {
  BUILT_IN_RULES: readonly RuleRecord[];
};
const context = { phoneRegions: resolvePolicy({}, {}).pii.phoneRegions };

assert.deepEqual(
  dist.BUILT_IN_RULES.map((r) => r.id),
  BUILT_IN_RULES.map((r) => r.id),
  "dist/ has the records of src/, in order",
);
let positives = 0;
let negatives = 0;
for (const [i, built] of dist.BUILT_IN_RULES.entries()) {
  const source = BUILT_IN_RULES[i]!;
  assert.equal(built.examples, undefined, `${built.id}: dist/ ships no examples`);
  assert.equal(built.validator, undefined, `${built.id}: dist/ ships no validator note`);
  assert.deepEqual(shape(built), shape(source), `${built.id}: the same record but for what dist/ leaves out`);
  if (!isScanned(source) || !isScanned(built)) continue;
  const ids = new Set([built.id, ...(built.subRuleIds ?? [])]);
  const detector = built.detector(context);
  const found = (text: string) => {
    const out: { ruleId: string }[] = [];
    detector.detect(text, out as Parameters<typeof detector.detect>[1]);
    return out.some((m) => ids.has(m.ruleId));
  };
  for (const example of source.examples?.positive ?? []) {
    const text = exampleText(example);
    assert.ok(found(text), `${built.id}: dist/ finds positive example ${JSON.stringify(text)}`);
    positives++;
  }
  for (const example of source.examples?.negative ?? []) {
    const text = exampleText(example);
    assert.ok(!found(text), `${built.id}: dist/ leaves negative example ${JSON.stringify(text)} alone`);
    negatives++;
  }
}
assert.ok(
  positives > 500 && negatives > 500,
  `${positives} positive and ${negatives} negative examples were run`,
);
console.log(
  `dist records: ${dist.BUILT_IN_RULES.length} records without their examples; dist/'s detectors find all ${positives} positive examples of src/ and none of ${negatives} negative`,
);
