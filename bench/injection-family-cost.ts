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

/** Texts per timed chunk in the paired comparison: few enough that both sides see the same stretch of machine load. */
const CHUNK = 32;

/**
 * The whole family of one checkout against another's, timed chunk by chunk: each chunk of a set's texts goes through
 * one side's family and then the other's (which side first alternates from chunk to chunk and round to round), with no
 * other subject between them, so both read the same texts in the same few milliseconds of load. One ratio per round
 * (the sums'). The subjects above run a whole set each, other subjects between: their A/A on README text read
 * 0.75-0.88 and 1.04 in three runs (bench/results/2026-11-28-s22-injcost.md).
 */
function pairedRatios(
  a: readonly TextDetector[],
  b: readonly TextDetector[],
  inputs: readonly string[],
  rounds: number,
): number[] {
  const ratios: number[] = [];
  for (let r = 0; r < rounds; r++) {
    let ta = 0;
    let tb = 0;
    for (let at = 0, k = 0; at < inputs.length; at += CHUNK, k++) {
      const chunk = inputs.slice(at, at + CHUNK);
      if ((k + r) % 2 === 0) {
        ta += cpuOnce(a, chunk);
        tb += cpuOnce(b, chunk);
      } else {
        tb += cpuOnce(b, chunk);
        ta += cpuOnce(a, chunk);
      }
    }
    ratios.push(ta / tb);
  }
  return ratios;
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
  // The two families, whatever order the subjects run in.
  const [thisFamily, referenceFamily] = [subjects[2]!, subjects[4]];
  // `--swap`: the reference's subjects run where this checkout's do and the other way round (the warm-up's and every
  // round's order): the favoured place is the first (see below), so a change's ratio is the geometric mean of a run
  // with and one without.
  if (referenceDir !== undefined && process.argv.includes("--swap"))
    subjects.splice(1, 4, subjects[3]!, subjects[4]!, subjects[1]!, subjects[2]!);
  const sets = familyCostSets();
  // One warm-up round (JIT, the signals built on first use), not counted.
  for (const set of sets) for (const s of subjects) cpuOnce(s.detectors, set.inputs);
  const times = new Map<string, number[]>();
  // The subjects run in the opposite order every other round: in a fixed order an A/A run (a checkout against a copy
  // of itself) read 0.76-0.99 on README text, the first subject favoured. Alternating still favours the checkout
  // whose subjects come first in the list, from the warm-up on (s22: 0.73-0.91 in 8 of 12 processes; `--swap` turns
  // it to 1.06-1.39; the places traded every other pair of rounds, 0.76-0.81): on README text quote the geometric
  // mean of a run and a `--swap` run (bench/results/2026-11-28-s22-injcost.md).
  for (let r = 0; r < rounds; r++)
    for (const set of sets)
      for (const s of r % 2 === 0 ? subjects : [...subjects].reverse()) {
        const key = `${set.name}\u0000${s.name}`;
        const list = times.get(key) ?? [];
        list.push(cpuOnce(s.detectors, set.inputs));
        times.set(key, list);
      }
  const paired = new Map<string, number[]>();
  if (referenceDir !== undefined)
    for (const set of sets)
      paired.set(
        set.name,
        pairedRatios(thisFamily.detectors, referenceFamily!.detectors, set.inputs, rounds),
      );
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
      const family = thisFamily.name;
      const refFamily = referenceFamily!.name;
      console.log(
        `after / before, median of per-round ratios: phrase rules ${ratio("phrase rules", "reference: phrase rules")}, whole family ${ratio(family, refFamily)}`,
      );
      const p = paired.get(set.name)!;
      console.log(
        `whole family paired (chunks of ${CHUNK} texts, sides alternating): after / before ${median(p).toFixed(2)} (rounds ${Math.min(...p).toFixed(2)}-${Math.max(...p).toFixed(2)})`,
      );
    }
  }
}

await main();
