/**
 * What the learned model adds to the injection family's cost, in this checkout and (with --reference=<dir>) another:
 * the family of the default output plan with `injection.scorer` off and on (the engine's own path: resolvePolicy,
 * createDetectorSet, ScanPlans, so the second opinion and the shared reading view are counted as they run), CPU time
 * of whole passes over about 1 MB, interleaved rounds, medians; the model's share is the median of the per-round
 * differences (each round times both in the same stretch of machine load).
 *
 *   npx tsx bench/scorer/family-cost.ts --rounds=9 [--reference=/tmp/ref-injmodel]
 */
import { dirname, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { TextDetector } from "../../src/engine/types.js";
import { oneText, readmes, slices, toolOutputs } from "../lib/injection-texts.js";
import { describeMachine, machineInfo } from "../lib/machine.js";
import { median } from "../lib/stats.js";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const rounds = Number(process.argv.find((a) => a.startsWith("--rounds="))?.slice(9) ?? 9);
const referenceDir = process.argv.find((a) => a.startsWith("--reference="))?.slice(12);
const MB = 1024 * 1024;

async function family(dir: string, scorer: boolean): Promise<TextDetector[]> {
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
  const policy = { rules: { "injection.scorer": scorer ? ("neutralise" as const) : ("off" as const) } };
  const resolved = resolvePolicy(policy, process.env, { detectorIds: new Set() });
  const plan = new ScanPlans(resolved, createDetectorSet(resolved, [])).get(
    "output",
    resolved.sanitizer.mode,
  );
  return plan.detectors.filter((d) => d.kind === "injection");
}

function plainScan(): TextDetector {
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

function cpuOnce(detectors: readonly TextDetector[], inputs: readonly string[]): number {
  const out: never[] = [];
  const start = process.cpuUsage();
  for (const text of inputs) for (const d of detectors) d.detect(text, out);
  const used = process.cpuUsage(start);
  out.length = 0;
  return used.user + used.system;
}

async function main(): Promise<void> {
  const subjects: [string, TextDetector[]][] = [
    ["baseline (/\\bthe\\b/gi)", [plainScan()]],
    ["rules", await family(root, false)],
    ["rules + model", await family(root, true)],
  ];
  if (referenceDir !== undefined)
    subjects.push(
      ["reference: rules", await family(referenceDir, false)],
      ["reference: rules + model", await family(referenceDir, true)],
    );
  const docs = readmes();
  const json = toolOutputs(1200);
  const sets = [
    { name: "README prose, 1 KB strings", inputs: slices(docs, 1024, 1024) },
    { name: "JSON tool output, 1 KB strings", inputs: slices(json, 1024, 1024) },
    { name: "README prose, one 1 MB text", inputs: [oneText(docs, MB)] },
    { name: "JSON tool output, one 1 MB text", inputs: [oneText(json, MB)] },
  ];
  for (const set of sets) for (const [, d] of subjects) cpuOnce(d, set.inputs);
  const times = new Map<string, number[]>();
  for (let r = 0; r < rounds; r++)
    for (const set of sets)
      for (const [name, d] of subjects) {
        const key = `${set.name}\u0000${name}`;
        times.set(key, [...(times.get(key) ?? []), cpuOnce(d, set.inputs)]);
      }
  console.log(
    `${describeMachine(machineInfo())} · ${rounds} rounds · CPU time · ${new Date().toISOString()}`,
  );
  console.log("| input | subject | µs per KB (median) | fastest round |");
  console.log("| --- | --- | --- | --- |");
  for (const set of sets) {
    const kb = set.inputs.reduce((n, t) => n + t.length, 0) / 1024;
    const list = (name: string) => times.get(`${set.name}\u0000${name}`)!;
    for (const [name] of subjects)
      console.log(
        `| ${set.name} | ${name} | ${(median(list(name)) / kb).toFixed(2)} | ${(Math.min(...list(name)) / kb).toFixed(2)} |`,
      );
    const share = (prefix: string) => {
      const on = list(`${prefix}rules + model`);
      const off = list(`${prefix}rules`);
      return (median(on.map((t, i) => t - off[i]!)) / kb).toFixed(2);
    };
    console.log(`| ${set.name} | **the model's share** (median of per-round differences) | ${share("")} | |`);
    if (referenceDir !== undefined)
      console.log(`| ${set.name} | reference: the model's share | ${share("reference: ")} | |`);
  }
}

await main();
