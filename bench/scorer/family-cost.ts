/**
 * What the learned model adds to the injection family's cost, in this checkout and (with --reference=<dir>) another:
 * the family of the default output plan with `injection.scorer` off and on (the engine's own path: resolvePolicy,
 * createDetectorSet, ScanPlans, so the second opinion and the shared reading view are counted as they run), CPU time
 * of whole passes over about 1 MB (a new text each round: the documents rotated), interleaved rounds, medians; the model's share is the median of the per-round
 * differences (each round times both in the same stretch of machine load). With a reference, each ratio of this
 * checkout to the reference is the median of the per-round ratios (both checkouts timed in the same round).
 *
 *   npx tsx bench/scorer/family-cost.ts --rounds=9 [--reference=/tmp/ref-injmodel]
 */
import { dirname, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { TextDetector } from "../../src/engine/types.js";
import { cpuOnce, injectionDetectorsAt, plainScan } from "../lib/injection-family.js";
import { oneText, readmes, slices, toolOutputs } from "../lib/injection-texts.js";
import { describeMachine, machineInfo } from "../lib/machine.js";
import { median } from "../lib/stats.js";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const rounds = Number(process.argv.find((a) => a.startsWith("--rounds="))?.slice(9) ?? 9);
const referenceDir = process.argv.find((a) => a.startsWith("--reference="))?.slice(12);
const MB = 1024 * 1024;

/**
 * The reading view of the checkout at `dir` alone, and the view then the learned model: their difference is the model
 * alone as the family runs it (after the structure detector has built the view), with less noise than the family's.
 */
async function modelSubjectsAt(dir: string, prefix: string): Promise<[string, TextDetector[]][]> {
  const { toReadingView } = (await import(
    pathToFileURL(resolve(dir, "src/engine/detectors/injection/structure/reading-view.ts")).href
  )) as typeof import("../../src/engine/detectors/injection/structure/reading-view.js");
  const view: TextDetector = {
    id: "view",
    kind: "injection",
    detect(text: string): void {
      toReadingView(text);
    },
  };
  const model = (await injectionDetectorsAt(dir, true)).filter((d) => d.id === "injection.scorer");
  return [
    [`${prefix}view`, [view]],
    [`${prefix}view + model`, [view, ...model]],
  ];
}

async function main(): Promise<void> {
  const subjects: [string, TextDetector[]][] = [
    ["baseline (/\\bthe\\b/gi)", [plainScan()]],
    ["rules", await injectionDetectorsAt(root, false)],
    ["rules + model", await injectionDetectorsAt(root, true)],
    ...(await modelSubjectsAt(root, "")),
  ];
  if (referenceDir !== undefined)
    subjects.push(
      ["reference: rules", await injectionDetectorsAt(referenceDir, false)],
      ["reference: rules + model", await injectionDetectorsAt(referenceDir, true)],
      ...(await modelSubjectsAt(referenceDir, "reference: ")),
    );
  const docs = readmes();
  const json = toolOutputs(1200 + 40 * (rounds + 1));
  // A new text each round (the engine keeps its last reading view, so a repeated text would flatter): the documents
  // rotated by the round, the same sizes.
  const setsOf = (round: number) => {
    const d = [...docs.slice(round * 7), ...docs.slice(0, round * 7)];
    const j = json.slice(round * 40, round * 40 + 1200);
    return [
      { name: "README prose, 1 KB strings", inputs: slices(d, 1024, 1024) },
      { name: "JSON tool output, 1 KB strings", inputs: slices(j, 1024, 1024) },
      { name: "README prose, one 1 MB text", inputs: [oneText(d, MB)] },
      { name: "JSON tool output, one 1 MB text", inputs: [oneText(j, MB)] },
    ];
  };
  const first = setsOf(0);
  for (const set of first) for (const [, d] of subjects) cpuOnce(d, set.inputs);
  const times = new Map<string, number[]>();
  const kbs = new Map<string, number>();
  for (let r = 1; r <= rounds; r++)
    for (const set of setsOf(r))
      for (const [name, d] of subjects) {
        const key = `${set.name}\u0000${name}`;
        // Each subject reads its own copy, so none finds the reading view of the one before it.
        const inputs = set.inputs.map((t) => JSON.parse(JSON.stringify(t)) as string);
        kbs.set(
          set.name,
          (kbs.get(set.name) ?? 0) + inputs.reduce((n, t) => n + t.length, 0) / 1024 / rounds,
        );
        times.set(key, [...(times.get(key) ?? []), cpuOnce(d, inputs)]);
      }
  console.log(
    `${describeMachine(machineInfo())} · ${rounds} rounds · CPU time · ${new Date().toISOString()}`,
  );
  console.log("| input | subject | µs per KB (median) | fastest round |");
  console.log("| --- | --- | --- | --- |");
  for (const set of first) {
    const kb = kbs.get(set.name)! / subjects.length;
    const list = (name: string) => times.get(`${set.name}\u0000${name}`)!;
    for (const [name] of subjects)
      console.log(
        `| ${set.name} | ${name} | ${(median(list(name)) / kb).toFixed(2)} | ${(Math.min(...list(name)) / kb).toFixed(2)} |`,
      );
    const share = (on: string, off: string) =>
      (median(list(on).map((t, i) => t - list(off)[i]!)) / kb).toFixed(2);
    console.log(
      `| ${set.name} | **the model's share** (median of per-round differences) | ${share("rules + model", "rules")} | |`,
    );
    console.log(`| ${set.name} | the model alone after the view | ${share("view + model", "view")} | |`);
    if (referenceDir !== undefined) {
      console.log(
        `| ${set.name} | reference: the model's share | ${share("reference: rules + model", "reference: rules")} | |`,
      );
      console.log(
        `| ${set.name} | reference: the model alone after the view | ${share("reference: view + model", "reference: view")} | |`,
      );
      // This checkout over the reference, round by round (both timed in the same stretch of load), then the median.
      const ratio = (on: string, off: string) => {
        const mine = list(on).map((t, i) => t - list(off)[i]!);
        const theirs = list(`reference: ${on}`).map((t, i) => t - list(`reference: ${off}`)[i]!);
        return median(mine.map((t, i) => t / theirs[i]!)).toFixed(3);
      };
      const whole = (name: string) =>
        median(list(name).map((t, i) => t / list(`reference: ${name}`)[i]!)).toFixed(3);
      console.log(
        `| ${set.name} | **ratio: the model alone after the view** (median of per-round ratios) | ${ratio("view + model", "view")} | |`,
      );
      console.log(`| ${set.name} | ratio: the model's share | ${ratio("rules + model", "rules")} | |`);
      console.log(`| ${set.name} | ratio: rules + model | ${whole("rules + model")} | |`);
    }
  }
}

await main();
