/**
 * As secret-per-call-names.test.ts, for the scan around the detectors and the PII detectors: under esbuild's
 * `keepNames` (the package's build and tsx) a function declared, or an arrow assigned to a name, inside another
 * function costs an `Object.defineProperty` each time the outer one runs. These files keep their per-string and
 * per-match state in classes (methods on the prototype) and module-level functions, and pass anonymous callbacks.
 * A named inner function of a factory that runs once per detector (not per call) is listed by name.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { transformSync } from "esbuild";
import { describe, expect, it } from "vitest";

const SRC = join(import.meta.dirname, "../../src/engine");
const SCAN = [
  "string-scanner",
  "candidates",
  "literal-pass",
  "redaction",
  "envelope",
  "findings-cap",
  "offset-map",
  "normalised-view",
  "scan-tool-result",
  "truncate",
].map((name) => `scan/${name}.ts`);
const PII = readdirSync(join(SRC, "detectors/pii"))
  .filter((f) => f.endsWith(".ts"))
  .map((f) => `detectors/pii/${f}`);
/** Named once per detector built: `createPhoneDetector`'s `accept`, `numberVerdicts`' `parse`. */
const ONCE_PER_DETECTOR: Record<string, readonly string[]> = {
  "detectors/pii/phone.ts": ["accept", "parse"],
};

/** The names given per call in `source` once built: declarations or statements of `__name` inside a function. */
function namesGivenPerCall(source: string): string[] {
  const { code } = transformSync(source, { loader: "ts", keepNames: true, format: "esm", target: "node20" });
  return code
    .split("\n")
    .map((line) =>
      /^\s+(?:(?:const|let|var) (\w+) = \/\* @__PURE__ \*\/ __name\(|__name\((?!this,)(\w+))/.exec(line),
    )
    .filter((m) => m !== null)
    .map((m) => m[1] ?? m[2]!);
}

describe("the scan and the PII detectors name no function per call", () => {
  it("recognises a named closure and a nested declaration", () => {
    const source =
      "export function f(x: number) { const g = (y: number) => x + y; function h() { return 1; } return g(h()); }";
    expect(namesGivenPerCall(source)).toEqual(["g", "h"]);
  });

  it.each([...SCAN, ...PII])("%s", (file) => {
    const named = namesGivenPerCall(readFileSync(join(SRC, file), "utf8"));
    expect(named.filter((name) => !(ONCE_PER_DETECTOR[file] ?? []).includes(name))).toEqual([]);
  });
});
