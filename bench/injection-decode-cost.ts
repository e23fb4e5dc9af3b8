import { dirname, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { TextDetector, TextMatch } from "../src/engine/types.js";
import { readmes, toolOutputs } from "./lib/injection-texts.js";
import { describeMachine, machineInfo } from "./lib/machine.js";
import { median, shuffle } from "./lib/stats.js";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const args = process.argv.slice(2);
const option = (name: string) => args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const rounds = Number(option("rounds") ?? 9);
const TARGET_BYTES = 512 * 1024;

interface Stages {
  view: (text: string) => unknown;
  decoders: (text: string) => unknown;
  fold: (text: string) => unknown;
  structure: TextDetector;
  phrase: TextDetector;
}

async function loadStages(dir: string): Promise<Stages> {
  const at = async <T>(path: string) => (await import(pathToFileURL(resolve(dir, path)).href)) as T;
  const base = "src/engine/detectors/injection/";
  const readingView = await at<{ toReadingView: (t: string) => unknown }>(`${base}structure/reading-view.ts`);
  const encoded = await at<{ findEncodedSegments: (t: string, v: unknown) => unknown[] }>(
    `${base}structure/encoded-segments.ts`,
  );
  const normalise = await at<{ toFoldedText: (t: string) => unknown }>(`${base}normalise.ts`);
  const structure = await at<{ createStructureInjectionDetector: () => TextDetector }>(
    `${base}structure/structure-detector.ts`,
  );
  const phrase = await at<{ createInjectionDetector: () => TextDetector }>(`${base}index.ts`);
  // The view is cached for the last input: the view stage alternates with a one-character string so it is built.
  // The decoders read views built before the timing (kept per text), so their row is the decoders alone.
  const views = new Map<string, unknown>();
  const viewOf = (text: string) => {
    let v = views.get(text);
    if (v === undefined) {
      v = readingView.toReadingView(text);
      views.set(text, v);
    }
    return v;
  };
  return {
    view: (text) => {
      readingView.toReadingView(".");
      return readingView.toReadingView(text);
    },
    decoders: (text) => encoded.findEncodedSegments(text, viewOf(text)),
    fold: (text) => normalise.toFoldedText(text),
    structure: structure.createStructureInjectionDetector(),
    phrase: phrase.createInjectionDetector(),
  };
}

function slices(texts: readonly string[], size: number): string[] {
  const out: string[] = [];
  for (const t of texts) for (let i = 0; i + size <= t.length; i += size) out.push(t.slice(i, i + size));
  return out;
}

function sets(): { name: string; inputs: string[] }[] {
  const docs = readmes(TARGET_BYTES);
  const json = toolOutputs(120);
  const oneMb = docs
    .join("\n\n")
    .repeat(3)
    .slice(0, 1 << 20);
  return [
    { name: "prose, 1 KB strings", inputs: slices(docs, 1024) },
    { name: "prose, whole READMEs", inputs: docs },
    { name: "JSON tool output", inputs: json },
    { name: "JSON, 1 KB strings", inputs: slices(json, 1024) },
    { name: "prose, 1 MB text", inputs: [oneMb] },
  ];
}

const cpuMicros = () => {
  const u = process.cpuUsage();
  return u.user + u.system;
};

function timeOnce(run: (text: string) => unknown, inputs: readonly string[]): number {
  const start = cpuMicros();
  for (const text of inputs) run(text);
  return cpuMicros() - start;
}

function runners(stages: Stages): [string, (text: string) => unknown][] {
  const out: TextMatch[] = [];
  const detect = (d: TextDetector) => (text: string) => {
    out.length = 0;
    d.detect(text, out);
  };
  return [
    ["reading view", stages.view],
    ["decoders (encoded segments)", stages.decoders],
    ["phrase fold (normalise)", stages.fold],
    ["structure detector", detect(stages.structure)],
    ["phrase rules", detect(stages.phrase)],
    [
      "rules (phrase + structure)",
      (text: string) => {
        out.length = 0;
        stages.phrase.detect(text, out);
        stages.structure.detect(text, out);
      },
    ],
  ];
}

async function main(): Promise<void> {
  const current = await loadStages(root);
  const loop = option("loop");
  const all = sets();
  if (loop !== undefined) {
    const set = all.find((s) => s.name.startsWith(loop)) ?? all[0]!;
    const [, structure] = runners(current)[3]!;
    const [, phrase] = runners(current)[4]!;
    for (let r = 0; r < rounds; r++)
      for (const t of set.inputs) {
        structure(t);
        phrase(t);
      }
    return;
  }
  const refDir = option("reference");
  const variants: { name: string; stages: Stages }[] = [{ name: "current", stages: current }];
  if (refDir !== undefined) variants.push({ name: "reference", stages: await loadStages(refDir) });
  const jobs = all.flatMap((set) =>
    variants.flatMap((v) => runners(v.stages).map(([stage, run]) => ({ set, variant: v.name, stage, run }))),
  );
  const key = (set: string, variant: string, stage: string) => `${set}\u0000${variant}\u0000${stage}`;
  for (const job of jobs) timeOnce(job.run, job.set.inputs);
  const samples = new Map<string, number[]>();
  let seed = 7;
  const rand = () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  for (let r = 0; r < rounds; r++)
    for (const job of shuffle(jobs.slice(), rand)) {
      const k = key(job.set.name, job.variant, job.stage);
      samples.set(k, [...(samples.get(k) ?? []), timeOnce(job.run, job.set.inputs)]);
    }
  console.log(`${describeMachine(machineInfo())} · ${rounds} rounds · CPU time (process.cpuUsage)`);
  for (const set of all) {
    const kb = set.inputs.reduce((n, t) => n + Buffer.byteLength(t), 0) / 1024;
    console.log(`\n${set.name}: ${set.inputs.length} texts, ${kb.toFixed(0)} KB`);
    const header =
      refDir === undefined
        ? "| stage | µs/KB |"
        : "| stage | µs/KB now | µs/KB before | now/before (median of rounds) |";
    console.log(header);
    console.log(refDir === undefined ? "| --- | --- |" : "| --- | --- | --- | --- |");
    for (const [stage] of runners(current)) {
      const now = samples.get(key(set.name, "current", stage))!;
      const cell = (xs: number[]) => (median(xs) / kb).toFixed(2);
      if (refDir === undefined) {
        console.log(`| ${stage} | ${cell(now)} |`);
        continue;
      }
      const before = samples.get(key(set.name, "reference", stage))!;
      const ratio = median(now.map((x, i) => x / Math.max(1, before[i]!)));
      console.log(`| ${stage} | ${cell(now)} | ${cell(before)} | ${ratio.toFixed(2)} |`);
    }
  }
}

await main();
