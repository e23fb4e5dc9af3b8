import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import semver from "semver";
import { describe, expect, it } from "vitest";

/** What package.json promises a user; the packed package itself is exercised by test/smoke/packed.mjs. */
const root = fileURLToPath(new URL("../..", import.meta.url));
const readJson = (file: string) => JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>;
const pkg = readJson(join(root, "package.json")) as {
  engines: { node: string };
  dependencies: Record<string, string>;
  peerDependencies: Record<string, string>;
  exports: Record<string, string | Record<string, string>>;
  files: string[];
  keywords?: string[];
  license: string;
  bin: Record<string, string>;
};

describe("package.json", () => {
  it("engines.node is no lower than what any dependency or peer declares", () => {
    const ours = semver.minVersion(pkg.engines.node)!;
    const needs = [...Object.keys(pkg.dependencies), ...Object.keys(pkg.peerDependencies)].flatMap((dep) => {
      const engines = readJson(join(root, "node_modules", dep, "package.json")).engines as
        | { node?: string }
        | undefined;
      return engines?.node ? [{ dep, range: engines.node }] : [];
    });
    expect(needs.length).toBeGreaterThan(0);
    const unmet = needs.filter(({ range }) => !semver.satisfies(ours, range));
    expect(unmet, `engines.node ${pkg.engines.node} allows Node ${ours}`).toEqual([]);
    // ...and no higher than needed: the lowest version every dependency accepts.
    const floor = needs.map(({ range }) => semver.minVersion(range)!).sort(semver.rcompare)[0]!;
    expect(ours.version).toBe(floor.version);
  });

  it("every entry point resolves for require() as well as import (require(esm), Node >= 20.19)", () => {
    for (const [subpath, target] of Object.entries(pkg.exports)) {
      if (typeof target === "string") continue;
      // Only `import` today: require() gets ERR_PACKAGE_PATH_NOT_EXPORTED.
      expect(Object.keys(target), subpath).toContain("default");
      expect(Object.keys(target).at(-1), `${subpath}: "default" must come last`).toBe("default");
      expect(Object.keys(target)[0], `${subpath}: "types" must come first`).toBe("types");
    }
  });

  it("ships a MIT LICENSE, as the license field says, and the metadata a registry shows", () => {
    expect(pkg.license).toBe("MIT");
    expect(readFileSync(join(root, "LICENSE"), "utf8")).toMatch(/^MIT License/);
    expect(pkg.files).toEqual(expect.arrayContaining(["dist", "LICENSE", "README.md", "policy.schema.json"]));
    expect(pkg.keywords).toEqual(expect.arrayContaining(["mcp", "langchain", "langgraph"]));
  });

  it("every published path in exports and bin is built from a file in src/ (or shipped as is)", () => {
    const targets = [
      ...Object.values(pkg.exports).flatMap((t) => (typeof t === "string" ? [t] : Object.values(t))),
      ...Object.values(pkg.bin),
    ];
    for (const target of targets) {
      const source = target.replace(/^\.\/dist\//, "src/").replace(/\.d\.ts$|\.js$/, ".ts");
      expect(existsSync(join(root, source)), `${target} (from ${source})`).toBe(true);
    }
  });
});
