import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { TextDetector } from "../src/engine/types.js";
import { cpuOnce, injectionDetectorsAt, plainScan } from "./lib/injection-family.js";
import { familyCostSets } from "./lib/injection-texts.js";
import { describeMachine, machineInfo } from "./lib/machine.js";
import { median } from "./lib/stats.js";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const rounds = Number(process.argv.find((a) => a.startsWith("--rounds="))?.slice(9) ?? 9);
const referenceDir = process.argv.find((a) => a.startsWith("--reference="))?.slice(12);
/** `--scorer`: the learned model on (`injection.scorer`) in both checkouts, whatever their defaults. */
const scorerOn = process.argv.includes("--scorer");

interface Family {
  phrase: TextDetector;
  all: TextDetector[];
}

/** The injection detectors of the default output plan of the checkout at `dir`, the phrase rules apart. */
async function family(dir: string): Promise<Family> {
  const all = await injectionDetectorsAt(dir, scorerOn);
  const phrase = all.find((d) => d.id === "injection");
  if (phrase === undefined) throw new Error(`no phrase detector in the default output plan of ${dir}`);
  return { phrase, all };
}

interface Subject {
  name: string;
  detectors: readonly TextDetector[];
}

async function main(): Promise<void> {
  const current = await family(root);
  const subjects: Subject[] = [
    { name: "baseline: one plain regex scan (/\\bthe\\b/gi)", detectors: [plainScan()] },
    { name: "phrase rules", detectors: [current.phrase] },
    {
      name: `whole family, default policy (${current.all.map((d) => d.id).join(" + ")})`,
      detectors: current.all,
    },
  ];
  if (referenceDir !== undefined) {
    const reference = await family(referenceDir);
    subjects.push(
      { name: "reference: phrase rules", detectors: [reference.phrase] },
      {
        name: `reference: whole family (${reference.all.map((d) => d.id).join(" + ")})`,
        detectors: reference.all,
      },
    );
  }
  const sets = familyCostSets();
  // One warm-up round (JIT, the signals built on first use), not counted.
  for (const set of sets) for (const s of subjects) cpuOnce(s.detectors, set.inputs);
  const times = new Map<string, number[]>();
  // The subjects run in the opposite order every other round: in a fixed order an A/A run (a checkout against a copy
  // of itself) read 0.76-0.99 on README text, the first subject favoured.
  for (let r = 0; r < rounds; r++)
    for (const set of sets)
      for (const s of r % 2 === 0 ? subjects : [...subjects].reverse()) {
        const key = `${set.name}\u0000${s.name}`;
        const list = times.get(key) ?? [];
        list.push(cpuOnce(s.detectors, set.inputs));
        times.set(key, list);
      }
  console.log(`${describeMachine(machineInfo())} · ${rounds} rounds · CPU time`);
  for (const set of sets) {
    const kb = set.inputs.reduce((n, t) => n + t.length, 0) / 1024;
    const phrase = median(times.get(`${set.name}\u0000phrase rules`)!) / kb;
    console.log(`\n${set.name}: ${set.inputs.length} strings, ${kb.toFixed(0)} KB`);
    console.log("| subject | µs per KB (median) | fastest round | x phrase rules (median) |");
    console.log("| --- | --- | --- | --- |");
    for (const s of subjects) {
      const list = times.get(`${set.name}\u0000${s.name}`)!;
      const m = median(list) / kb;
      console.log(
        `| ${s.name} | ${m.toFixed(2)} | ${(Math.min(...list) / kb).toFixed(2)} | ${(m / phrase).toFixed(2)} |`,
      );
    }
    if (referenceDir !== undefined) {
      // Per-round ratios (each round times both in the same stretch of machine load), then their median.
      const ratio = (a: string, b: string) => {
        const x = times.get(`${set.name}\u0000${a}`)!;
        const y = times.get(`${set.name}\u0000${b}`)!;
        return median(x.map((t, i) => t / y[i]!)).toFixed(2);
      };
      const family = subjects[2]!.name;
      const refFamily = subjects[4]!.name;
      console.log(
        `after / before, median of per-round ratios: phrase rules ${ratio("phrase rules", "reference: phrase rules")}, whole family ${ratio(family, refFamily)}`,
      );
    }
  }
}

await main();
