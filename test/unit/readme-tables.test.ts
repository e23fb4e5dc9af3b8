import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parsePolicyText, resolvePolicy } from "../../src/engine/policy.js";
import { withGeneratedTables } from "../../src/engine/rules/readme-tables.js";

/** The policy reference's action and rule tables are generated from the registry; this keeps them true to it. */
describe("policy reference tables", () => {
  it("match the registry (run `npm run readme:tables` after changing a rule)", () => {
    const readme = readFileSync(new URL("../../docs/policy-reference.md", import.meta.url), "utf8");
    expect(withGeneratedTables(readme)).toBe(readme);
  });
});

describe("policy reference examples", () => {
  const readme = readFileSync(new URL("../../docs/policy-reference.md", import.meta.url), "utf8");
  const blocks = readme
    .split("```yaml")
    .slice(1)
    .map((part) => part.split("```")[0]!)
    // Other YAML the README shows (a compose file for the policy service) says what it is in its first line.
    .filter((block) => !/^\s*# compose\.yaml/.test(block));

  it.each(
    blocks.map((block, i) => [i, block] as const),
  )("yaml block %i is a policy the engine accepts", (_i, block) => {
    expect(() => resolvePolicy(parsePolicyText(block, "docs/policy-reference.md"), {})).not.toThrow();
  });
});
