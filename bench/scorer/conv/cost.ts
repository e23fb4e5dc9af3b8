/**
 * `npx tsx bench/scorer/conv/cost.ts <out dir> [--rounds=5]`: CPU µs per KB of the convolutional scorer's forward
 * pass (conv-model.ts, every segment and pair of a text, as `convMaxLogit`) against the shipped linear scorer's
 * (`maxLogit`), each after the same reading view, in one process, interleaved, a new text each round (the documents
 * rotated), medians of the per-round differences from the view alone. The same texts as family-cost.ts.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { decodeScorerModel } from "../../../src/engine/detectors/injection/scorer/model.js";
import { maxLogit } from "../../../src/engine/detectors/injection/scorer/score-text.js";
import { SCORER_WEIGHTS } from "../../../src/engine/detectors/injection/scorer/weights.js";
import { toReadingView } from "../../../src/engine/detectors/injection/structure/reading-view.js";
import { oneText, readmes, slices, toolOutputs } from "../../lib/injection-texts.js";
import { describeMachine, machineInfo } from "../../lib/machine.js";
import { median } from "../../lib/stats.js";
import { ConvScorer, convMaxLogit, decodeConvModel } from "./conv-model.js";

const dir = process.argv.slice(2).find((a) => !a.startsWith("--")) ?? "/tmp/s15-injconv/out";
const rounds = Number(process.argv.find((a) => a.startsWith("--rounds="))?.slice(9) ?? 5);
const conv = decodeConvModel(new Uint8Array(readFileSync(join(dir, "conv.bin"))));
const linear = decodeScorerModel(SCORER_WEIGHTS);
const cached = new ConvScorer(conv);
const MB = 1024 * 1024;
let sink = 0;

const subjects: [string, (text: string) => void][] = [
  ["view", (t) => void toReadingView(t)],
  [
    "view + linear",
    (t) => {
      sink += maxLogit(t, linear);
    },
  ],
  [
    "view + conv",
    (t) => {
      sink += convMaxLogit(conv, t);
    },
  ],
  [
    "view + conv (cached)",
    (t) => {
      sink += cached.maxLogit(t);
    },
  ],
];

function cpu(run: (t: string) => void, inputs: readonly string[]): number {
  const start = process.cpuUsage();
  for (const t of inputs) run(t);
  const used = process.cpuUsage(start);
  return used.user + used.system;
}

const docs = readmes();
const json = toolOutputs(1200 + 40 * (rounds + 1));
const setsOf = (round: number) => {
  const d = [...docs.slice(round * 7), ...docs.slice(0, round * 7)];
  const j = json.slice(round * 40, round * 40 + 1200);
  return [
    { name: "README prose, 1 KB strings", inputs: slices(d, 1024, 256) },
    { name: "JSON tool output, 1 KB strings", inputs: slices(j, 1024, 256) },
    { name: "README prose, one 256 KB text", inputs: [oneText(d, MB / 4)] },
  ];
};
const times = new Map<string, number[]>();
const kb = new Map<string, number>();
for (let r = 0; r <= rounds; r++)
  for (const set of setsOf(r))
    for (const [name, run] of subjects) {
      // Each subject reads its own copy (no subject finds a view cached by the one before).
      const inputs = set.inputs.map((t) => JSON.parse(JSON.stringify(t)) as string);
      const t = cpu(run, inputs);
      if (r === 0) continue;
      kb.set(set.name, inputs.reduce((n, s) => n + s.length, 0) / 1024);
      times.set(`${set.name}|${name}`, [...(times.get(`${set.name}|${name}`) ?? []), t]);
    }
console.log(`${describeMachine(machineInfo())} · ${rounds} rounds · CPU time · ${new Date().toISOString()}`);
console.log(
  "| input | view | linear alone after the view | conv alone after the view | conv, cached projections | conv / linear | cached / linear |",
);
console.log("| --- | --- | --- | --- | --- | --- | --- |");
for (const { name } of setsOf(0)) {
  const k = kb.get(name)!;
  const list = (s: string) => times.get(`${name}|${s}`)!;
  const share = (s: string) => median(list(s).map((t, i) => t - list("view")[i]!)) / k;
  const lin = share("view + linear");
  const cv = share("view + conv");
  const cc = share("view + conv (cached)");
  console.log(
    `| ${name} | ${(median(list("view")) / k).toFixed(2)} | ${lin.toFixed(2)} | ${cv.toFixed(2)} | ${cc.toFixed(2)} | ${(cv / lin).toFixed(2)} | ${(cc / lin).toFixed(2)} |`,
  );
}
if (sink === 1.2345) console.log(sink);
