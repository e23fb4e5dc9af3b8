/**
 * What a candidate's weights cost against the shipped ones: the learned model alone (`scorerDetectorFrom`) over README
 * prose and JSON tool output in 1 KB strings, each weights file in turn within every round (interleaved, a new
 * slice of text each round), process CPU µs per KB, medians, and each candidate's median per-round ratio to the
 * shipped weights. Its size in bytes (the blob) and gzipped (what the package pays) is printed too.
 *
 *   npx tsx bench/scorer/weights-cost.ts [--rounds=9] <weights.ts written by train.ts with TOLLGATE_WEIGHTS_OUT>...
 */
import { gzipSync } from "node:zlib";
import { type ScorerWeights, scorerWeightsBytes } from "../../src/engine/detectors/injection/scorer/model.js";
import { scorerDetectorFrom } from "../../src/engine/detectors/injection/scorer/scorer-detector.js";
import { SCORER_WEIGHTS } from "../../src/engine/detectors/injection/scorer/weights.js";
import type { TextDetector, TextMatch } from "../../src/engine/types.js";
import { readmes, toolOutputs } from "../lib/injection-texts.js";
import { median } from "../lib/stats.js";
import { weightsFrom } from "./weights-file.js";

/** About `kb` KB of `docs` from a rotating start, cut into 1 KB strings. */
function strings(docs: string[], round: number, kb: number): string[] {
  let all = "";
  for (let i = 0; all.length < kb * 1024; i++) all += `${docs[(round * 7 + i) % docs.length]}\n\n`;
  const out: string[] = [];
  for (let i = 0; i + 1024 <= all.length && out.length < kb; i += 1024) out.push(all.slice(i, i + 1024));
  return out;
}

function cpuPerKb(detector: TextDetector, inputs: string[]): number {
  const out: TextMatch[] = [];
  const start = process.cpuUsage();
  for (const t of inputs) {
    out.length = 0;
    detector.detect(t, out);
  }
  const used = process.cpuUsage(start);
  return (used.user + used.system) / inputs.length;
}

function main(): void {
  const rounds = Number(process.argv.find((a) => a.startsWith("--rounds="))?.slice(9) ?? 9);
  const files = process.argv.slice(2).filter((a) => !a.startsWith("--"));
  const subjects: [string, ScorerWeights][] = [
    ["shipped", SCORER_WEIGHTS],
    ...files.map((f): [string, ScorerWeights] => [f, weightsFrom(f)]),
  ];
  const detectors = subjects.map(([, w]) => scorerDetectorFrom(w));
  for (const [name, w] of subjects) {
    const bytes = scorerWeightsBytes(w);
    console.log(`${name}: ${bytes.length} bytes, ${gzipSync(bytes, { level: 9 }).length} gzipped`);
  }
  const corpora: [string, string[]][] = [
    ["README prose", readmes()],
    ["JSON tool output", toolOutputs(1200)],
  ];
  for (const [label, docs] of corpora) {
    const costs = subjects.map((): number[] => []);
    const ratios = subjects.map((): number[] => []);
    for (const d of detectors) cpuPerKb(d, strings(docs, 0, 64));
    for (let r = 0; r < rounds; r++) {
      const inputs = strings(docs, r + 1, 256);
      const round = detectors.map((d) => cpuPerKb(d, inputs));
      round.forEach((c, i) => {
        costs[i]!.push(c);
        ratios[i]!.push(c / round[0]!);
      });
    }
    console.log(
      `\n${label}, 1 KB strings, ${rounds} rounds: CPU µs per KB (median), ratio to shipped (median)`,
    );
    subjects.forEach(([name], i) => {
      console.log(`  ${name}: ${median(costs[i]!).toFixed(2)}  x${median(ratios[i]!).toFixed(3)}`);
    });
  }
}

main();
