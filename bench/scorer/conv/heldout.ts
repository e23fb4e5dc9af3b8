/**
 * `npx tsx bench/scorer/conv/heldout.ts <out dir>`: the held-out figures of a convolutional candidate, run once
 * after every choice was made on dev: the eval set's test split and the blind set (bench/heldout-v2), totals only,
 * with 95% Wilson intervals. Counted as the dev comparison of train.py counts: a document is flagged by the default
 * rules (the model off, through `LocalPolicyEngine.checkOutput`) or by the model's highest span logit reaching its
 * threshold; the shipped linear model at its own threshold is counted the same way (no second opinion on either).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { decodeScorerModel } from "../../../src/engine/detectors/injection/scorer/model.js";
import { maxLogit } from "../../../src/engine/detectors/injection/scorer/score-text.js";
import { SCORER_WEIGHTS } from "../../../src/engine/detectors/injection/scorer/weights.js";
import { generateSplit, loadSplitDefinition } from "../../eval-set/generate.js";
import { loadFrozenSamples } from "../../heldout-v2/integrity.js";
import { rateWithInterval } from "../../lib/stats.js";
import { flaggedByRulesOnly } from "../rules-only.js";
import { convMaxLogit, decodeConvModel } from "./conv-model.js";

const dir = process.argv[2] ?? "/tmp/s15-injconv/out";
const conv = decodeConvModel(new Uint8Array(readFileSync(join(dir, "conv.bin"))));
const linear = decodeScorerModel(SCORER_WEIGHTS);

const rate = rateWithInterval;

async function measure(name: string, items: { text: string; positive: boolean }[]): Promise<string[]> {
  const n = { pos: 0, neg: 0 };
  const hits = { rules: [0, 0], linear: [0, 0], conv: [0, 0] };
  for (const item of items) {
    const rules = await flaggedByRulesOnly(item.text);
    const byLinear = rules || maxLogit(item.text, linear) >= linear.threshold;
    const byConv = rules || convMaxLogit(conv, item.text) >= conv.threshold;
    const k = item.positive ? 0 : 1;
    if (item.positive) n.pos++;
    else n.neg++;
    hits.rules[k]! += +rules;
    hits.linear[k]! += +byLinear;
    hits.conv[k]! += +byConv;
  }
  return (["rules", "linear", "conv"] as const).map(
    (s) =>
      `| ${name} | ${s === "rules" ? "rules" : `rules + ${s}`} | ${rate(hits[s][0]!, n.pos)} | ${rate(hits[s][1]!, n.neg)} |`,
  );
}

const test = generateSplit(loadSplitDefinition(), "test")
  .filter((s) => s.task === "injection")
  .map((s) => ({ text: s.text, positive: s.positive }));
const blind = loadFrozenSamples().map((s) => ({ text: s.text, positive: s.label === "attack" }));
console.log(
  `conv candidate ${dir}, threshold ${conv.threshold.toFixed(3)}; linear threshold ${linear.threshold.toFixed(3)}`,
);
console.log("| set | detectors | detection [95% CI] | false positives [95% CI] |");
console.log("| --- | --- | --- | --- |");
for (const line of [
  ...(await measure("test split", test)),
  ...(await measure("blind set (heldout-v2)", blind)),
])
  console.log(line);
