/**
 * The package is built with esbuild's `keepNames` (scripts/build-js.mjs; tsx, which runs the benches, does the same):
 * every function declared, or arrow assigned to a name, INSIDE another function gets a `__name(fn, "...")` call, an
 * `Object.defineProperty`, each time the outer function runs. On the secret detectors' per-call and per-match paths
 * that was about a third of `secret.tokens` on a short string. This holds the detectors' files to module-level
 * functions and anonymous callbacks (token-examples.ts builds test data and is exempt).
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { transformSync } from "esbuild";
import { describe, expect, it } from "vitest";

const DIR = join(import.meta.dirname, "../../src/engine/detectors/secrets");
const EXEMPT = new Set(["token-examples.ts"]);

/** The names given per call in `source` once built: declarations or statements of `__name` inside a function. */
function namesGivenPerCall(source: string): string[] {
  const { code } = transformSync(source, { loader: "ts", keepNames: true, format: "esm", target: "node20" });
  return code
    .split("\n")
    .filter((line) =>
      /^\s+(?:(?:const|let|var) \w+ = \/\* @__PURE__ \*\/ __name\(|__name\((?!this,))/.test(line),
    )
    .map((line) => line.trim());
}

describe("the secret detectors name no function per call", () => {
  const files = readdirSync(DIR).filter((f) => f.endsWith(".ts") && !EXEMPT.has(f));

  it("finds the files", () => {
    expect(files.length).toBeGreaterThan(10);
  });

  it("recognises a named closure and a nested declaration", () => {
    const source =
      "export function f(x: number) { const g = (y: number) => x + y; function h() { return 1; } return g(h()); }";
    expect(namesGivenPerCall(source)).toHaveLength(2);
  });

  it.each(files)("%s", (file) => {
    expect(namesGivenPerCall(readFileSync(join(DIR, file), "utf8"))).toEqual([]);
  });
});
