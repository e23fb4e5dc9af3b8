/**
 * What the injection cost benches share: the injection detectors of the default output plan from any checkout (the
 * engine's own path, `resolvePolicy`, `createDetectorSet`, `ScanPlans`, so a detector turned on by default is
 * counted), the plain regex scan every figure is also read against, and one CPU-timed pass.
 */
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import type { TextDetector, TextMatch } from "../../src/engine/types.js";

/** The injection detectors of the default output plan of the checkout at `dir`, with the learned model on or off. */
export async function injectionDetectorsAt(dir: string, scorer: boolean): Promise<TextDetector[]> {
  const at = (path: string) => pathToFileURL(resolve(dir, path)).href;
  const { resolvePolicy } = (await import(
    at("src/engine/policy.ts")
  )) as typeof import("../../src/engine/policy.js");
  const { createDetectorSet } = (await import(
    at("src/engine/detector-set.ts")
  )) as typeof import("../../src/engine/detector-set.js");
  const { ScanPlans } = (await import(
    at("src/engine/scan-plans.ts")
  )) as typeof import("../../src/engine/scan-plans.js");
  // The model named on or off, so "rules" means the rules alone whatever the checkout's default.
  const policy = { rules: { "injection.scorer": scorer ? ("neutralise" as const) : ("off" as const) } };
  const resolved = resolvePolicy(policy, process.env, { detectorIds: new Set() });
  const plan = new ScanPlans(resolved, createDetectorSet(resolved, [])).get(
    "output",
    resolved.sanitizer.mode,
  );
  return plan.detectors.filter((d) => d.kind === "injection");
}

/** One plain regex scan over the text (`/\bthe\b/gi`): the unit the other figures can be read in on any machine. */
export function plainScan(): TextDetector {
  const pattern = /\bthe\b/gi;
  let sink = 0;
  return {
    id: "baseline",
    kind: "injection",
    detect(text: string): void {
      pattern.lastIndex = 0;
      while (pattern.test(text)) sink++;
      if (sink === -1) console.log(sink);
    },
  };
}

/** Process CPU time (µs) of one pass of every detector over every input. */
export function cpuOnce(detectors: readonly TextDetector[], inputs: readonly string[]): number {
  const out: TextMatch[] = [];
  const start = process.cpuUsage();
  for (const text of inputs) for (const d of detectors) d.detect(text, out);
  const used = process.cpuUsage(start);
  out.length = 0;
  return used.user + used.system;
}
