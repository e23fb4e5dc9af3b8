import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { withGeneratedTables } from "../../src/engine/rules/readme-tables.js";

/** The README's action and rule tables are generated from the registry; this keeps them true to it. */
describe("README tables", () => {
  it("match the registry (run `npm run readme:tables` after changing a rule)", () => {
    const readme = readFileSync(new URL("../../README.md", import.meta.url), "utf8");
    expect(withGeneratedTables(readme)).toBe(readme);
  });
});
