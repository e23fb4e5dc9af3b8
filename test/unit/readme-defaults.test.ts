import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parsePolicyText, resolvePolicy } from "../../src/index.js";

/** The policy reference lists every policy option with its default; this keeps that list true to the code. */
describe("policy reference defaults", () => {
  const readme = readFileSync(new URL("../../docs/policy-reference.md", import.meta.url), "utf8");
  const block = readme.split("## Every option, with its default")[1]?.split("```yaml")[1]?.split("```")[0];

  it("is a valid policy file", () => {
    expect(block).toBeDefined();
    expect(() => parsePolicyText(block!, "docs/policy-reference.md")).not.toThrow();
  });

  it("states exactly the defaults the engine applies", () => {
    expect(resolvePolicy(parsePolicyText(block!, "docs/policy-reference.md"))).toEqual(resolvePolicy({}));
  });
});
