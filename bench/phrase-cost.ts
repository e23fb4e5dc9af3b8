/**
 * `npx tsx bench/phrase-cost.ts [--reference=<checkout>] [--rounds=N]`: CPU µs per KB of the phrase rules alone (the
 * `injection` detector) on README prose and JSON tool output, as 1 KB strings and as one 1 MB text; with
 * `--reference`, the other checkout's phrase detector interleaved round by round, and the median per-round ratio.
 */
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { createInjectionDetector } from "../src/engine/detectors/injection/index.js";
import type { TextDetector } from "../src/engine/types.js";
import { cpuOnce, plainScan } from "./lib/injection-family.js";
import { oneText, readmes, slices, toolOutputs } from "./lib/injection-texts.js";
import { describeMachine, machineInfo } from "./lib/machine.js";
import { median } from "./lib/stats.js";

const rounds = Number(process.argv.find((a) => a.startsWith("--rounds="))?.slice(9) ?? 9);
const referenceDir = process.argv.find((a) => a.startsWith("--reference="))?.slice(12);
const only = process.argv.find((a) => a.startsWith("--only="))?.slice(7);
const MB = 1024 * 1024;

async function main(): Promise<void> {
  const subjects: [string, TextDetector][] = [
    ["plain regex scan", plainScan()],
    ["phrase rules", createInjectionDetector()],
  ];
  if (referenceDir !== undefined) {
    const mod = (await import(
      pathToFileURL(resolve(referenceDir, "src/engine/detectors/injection/index.ts")).href
    )) as { createInjectionDetector: () => TextDetector };
    subjects.push(["reference phrase rules", mod.createInjectionDetector()]);
  }
  const docs = readmes();
  const json = toolOutputs(1200);
  const repeat = (xs: string[]) => Array.from({ length: Math.ceil(1024 / xs.length) }, () => xs).flat();
  let sets = [
    { name: "README prose, 1 KB strings", inputs: repeat(slices(docs, 1024, 1024)) },
    { name: "JSON tool output, 1 KB strings", inputs: repeat(slices(json, 1024, 1024)) },
    { name: "README prose, one 1 MB text", inputs: [oneText(docs, MB)] },
    { name: "JSON tool output, one 1 MB text", inputs: [oneText(json, MB)] },
  ];
  if (only !== undefined) sets = sets.filter((s) => s.name.includes(only));
  for (const set of sets) for (const [, d] of subjects) cpuOnce([d], set.inputs);
  const times = new Map<string, number[]>();
  // The subjects run in the opposite order every other round (a fixed order favoured one side). Regexes with the same
  // source share V8's compiled code across checkouts, so with the default flags a short-text-only run can keep one
  // side's regexes interpreted: quote ratios from `node --no-regexp-tier-up --import tsx bench/phrase-cost.ts ...`.
  for (let r = 0; r < rounds; r++)
    for (const set of sets)
      for (const [name, d] of r % 2 === 0 ? subjects : [...subjects].reverse()) {
        const key = `${set.name}|${name}`;
        const list = times.get(key) ?? [];
        list.push(cpuOnce([d], set.inputs));
        times.set(key, list);
      }
  console.log(`${describeMachine(machineInfo())} · ${rounds} rounds · CPU time`);
  for (const set of sets) {
    const kb = set.inputs.reduce((n, t) => n + t.length, 0) / 1024;
    const row = subjects.map(([name]) => {
      const list = times.get(`${set.name}|${name}`)!;
      return `${name} ${(median(list) / kb).toFixed(2)} (${(Math.min(...list) / kb).toFixed(2)})`;
    });
    let ratio = "";
    if (referenceDir !== undefined) {
      const a = times.get(`${set.name}|phrase rules`)!;
      const b = times.get(`${set.name}|reference phrase rules`)!;
      ratio = ` · after/before ${median(a.map((t, i) => t / b[i]!)).toFixed(2)}`;
    }
    console.log(`${set.name}: ${row.join(" · ")}${ratio}`);
  }
}

await main();
