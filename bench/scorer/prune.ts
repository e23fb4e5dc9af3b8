/**
 * `npx tsx bench/scorer/prune.ts <weights.ts> <out.ts> --zone=<z>`: the weights of a file with every quantised weight
 * at most `z` from zero written as zero (the trainer's dead zone, TOLLGATE_DEAD_ZONE, applied after the fact: the
 * scale is the largest weight over 127 either way, so pruning a zone-2 file at `z` gives the weights a training with
 * TOLLGATE_DEAD_ZONE=z writes). Session 23: the model retrained on the broader corpus has more non-zero weights than
 * the shipped one and packs 7 kB larger; pruning is how it fits the package. The threshold is kept: choose it again
 * on dev with `TOLLGATE_RETHRESHOLD_IN=<out.ts> train.ts --rethreshold`. Prints the non-zero count and the file's
 * gzipped length (what the package pays, near enough) before and after.
 */
import { writeFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import {
  decodeScorerModel,
  encodeScorerModel,
  type ScorerModel,
} from "../../src/engine/detectors/injection/scorer/model.js";
import { weightsFileAbout, weightsFileText, weightsFrom } from "./weights-file.js";

/** The model with every weight whose magnitude is at most `zone` set to zero. */
export function pruned(model: ScorerModel, zone: number): ScorerModel {
  const weights = Int8Array.from(model.weights, (q) => (Math.abs(q) <= zone ? 0 : q));
  return { ...model, weights };
}

const nonZero = (m: ScorerModel) => m.weights.reduce((n, q) => n + (q === 0 ? 0 : 1), 0);

function main(): void {
  const [input, output] = process.argv.slice(2).filter((a) => !a.startsWith("--"));
  const zone = Number(process.argv.find((a) => a.startsWith("--zone="))?.slice(7) ?? 2);
  if (input === undefined || output === undefined)
    throw new Error("usage: prune.ts <in.ts> <out.ts> --zone=<z>");
  const model = decodeScorerModel(weightsFrom(input));
  const out = pruned(model, zone);
  const about = `${weightsFileAbout(input)} Pruned at |q| <= ${zone} (bench/scorer/prune.ts).`;
  const before = weightsFileText(encodeScorerModel(model), weightsFileAbout(input));
  const after = weightsFileText(encodeScorerModel(out), about);
  writeFileSync(output, after);
  const gz = (s: string) => gzipSync(s, { level: 9 }).length;
  console.log(`${input}: ${nonZero(model)} non-zero, file gzipped ${gz(before)} bytes`);
  console.log(`${output} (zone ${zone}): ${nonZero(out)} non-zero, file gzipped ${gz(after)} bytes`);
}

if (process.argv[1]?.endsWith("prune.ts")) main();
