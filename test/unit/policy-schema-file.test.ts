import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { policySchema } from "../../src/engine/policy-schema.js";

/**
 * policy.schema.json is what editors read (`mcp-tollgate/policy.schema.json`); src/engine/policy-schema.ts is what
 * the engine validates with. `npm run build` writes the first from the second; this keeps them from drifting.
 */
const root = fileURLToPath(new URL("../..", import.meta.url));
const shipped = JSON.parse(readFileSync(join(root, "policy.schema.json"), "utf8")) as Record<string, unknown>;
const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as {
  exports: Record<string, unknown>;
  files: string[];
};

describe("policy.schema.json", () => {
  it("equals the schema the engine validates with (run `npm run build:schema` when this fails)", () => {
    expect(shipped).toEqual(JSON.parse(JSON.stringify(policySchema)));
  });

  it("is published and exported as mcp-tollgate/policy.schema.json", () => {
    expect(pkg.exports["./policy.schema.json"]).toBe("./policy.schema.json");
    expect(pkg.files).toContain("policy.schema.json");
  });

  it("every policy file in the repository names it for YAML editors and validates against it", () => {
    const validate = new Ajv2020({ allErrors: true, strict: true }).compile(shipped);
    const dir = join(root, "examples/policies");
    const files = readdirSync(dir).filter((f) => /\.ya?ml$/.test(f));
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      const text = readFileSync(join(dir, file), "utf8");
      const modeline = /^# yaml-language-server: \$schema=(\S+)$/m.exec(text);
      expect(modeline, `${file} has no yaml-language-server modeline`).not.toBeNull();
      expect(join(dir, modeline![1]!)).toBe(join(root, "policy.schema.json"));
      expect(validate(parse(text)), JSON.stringify(validate.errors)).toBe(true);
    }
  });

  it("uses no keyword that draft-07 tools read differently (the YAML language server and VS Code are draft-07)", () => {
    const newerOnly = new Set([
      "$anchor",
      "$dynamicAnchor",
      "$dynamicRef",
      "$recursiveRef",
      "$recursiveAnchor",
      "$vocabulary",
      "prefixItems",
      "unevaluatedItems",
      "unevaluatedProperties",
      "dependentRequired",
      "dependentSchemas",
      "minContains",
      "maxContains",
    ]);
    const found: string[] = [];
    const walk = (value: unknown, path: string, keysAreNames: boolean): void => {
      if (Array.isArray(value)) {
        for (const [i, v] of value.entries()) walk(v, `${path}/${i}`, false);
        return;
      }
      if (!value || typeof value !== "object") return;
      for (const [key, child] of Object.entries(value)) {
        if (!keysAreNames && newerOnly.has(key)) found.push(`${path}/${key}`);
        // Array-form `items` is a tuple in draft-07 and an error in 2020-12.
        if (!keysAreNames && key === "items" && Array.isArray(child)) found.push(`${path}/items`);
        const names =
          !keysAreNames && ["properties", "patternProperties", "$defs", "definitions"].includes(key);
        walk(child, `${path}/${key}`, names);
      }
    };
    walk(shipped, "", false);
    expect(found).toEqual([]);
  });

  it("rejects what the engine rejects: an unknown key", () => {
    const validate = new Ajv2020({ allErrors: true, strict: true }).compile(shipped);
    expect(validate({ version: 1, capabilities: { defualt: "deny" } })).toBe(false);
  });
});
