/**
 * `npx tsx bench/scorer/conv/check.ts <out dir>`: the TypeScript forward pass (conv-model.ts) against train.py's
 * reference outputs (reference.json: every segment logit and document logit of the paraphrase-floor texts), and the
 * paraphrase floor at the blob's threshold. Exits 1 on a difference above 1e-3.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { convMaxLogit, decodeConvModel, segmentLogits } from "./conv-model.js";

const dir = process.argv[2] ?? "/tmp/s15-injconv/out";
const model = decodeConvModel(new Uint8Array(readFileSync(join(dir, "conv.bin"))));
const reference = JSON.parse(readFileSync(join(dir, "reference.json"), "utf8")) as {
  texts: string[];
  segmentLogits: number[];
  docLogits: (number | null)[];
};
const segments: number[] = [];
for (const text of reference.texts) segmentLogits(model, text, (z) => segments.push(z));
let worst = 0;
segments.forEach((z, i) => {
  worst = Math.max(worst, Math.abs(z - reference.segmentLogits[i]!));
});
const docs = reference.texts.map((t) => convMaxLogit(model, t));
docs.forEach((z, i) => {
  const r = reference.docLogits[i] ?? Number.NEGATIVE_INFINITY;
  worst = Math.max(worst, z === r ? 0 : Math.abs(z - r));
});
console.log(
  `${segments.length} segments (reference ${reference.segmentLogits.length}), ${docs.length} documents: largest difference ${worst.toExponential(2)}`,
);
console.log(
  `threshold ${model.threshold.toFixed(3)}; document logits: ${docs.map((z) => z.toFixed(2)).join(" ")}`,
);
process.exit(segments.length === reference.segmentLogits.length && worst < 1e-3 ? 0 : 1);
