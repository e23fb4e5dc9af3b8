/**
 * `npx tsx bench/scorer/inspect-dev.ts`: the dev documents the shipped model and the rules disagree on, for reading
 * while choosing on dev (the highest-scoring benign sentences the rules leave alone, and the attacks the rules miss
 * with the model's best sentence). Reads only the dev part; never the test split, the report part or the blind set.
 */
import { decodeScorerModel } from "../../src/engine/detectors/injection/scorer/model.js";
import { scoreText } from "../../src/engine/detectors/injection/scorer/score-text.js";
import { SCORER_WEIGHTS } from "../../src/engine/detectors/injection/scorer/weights.js";
import { generateSplit, loadSplitDefinition } from "../eval-set/generate.js";
import { corporaRoot, corpusDocuments } from "./corpora.js";
import { flaggedByRulesOnly } from "./rules-only.js";

const model = decodeScorerModel(SCORER_WEIGHTS);
const best = (text: string) => {
  let top = { logit: Number.NEGATIVE_INFINITY, span: "" };
  scoreText(text, model, Number.NEGATIVE_INFINITY, (s) => {
    if (s.logit > top.logit) top = { logit: s.logit, span: text.slice(s.start, s.end) };
  });
  return top;
};
const dev = [
  ...generateSplit(loadSplitDefinition(), "dev")
    .filter((s) => s.task === "injection")
    .map((s) => ({ text: s.text, positive: s.positive, source: `eval-set dev ${s.tags.cls ?? ""}` })),
  ...corpusDocuments(corporaRoot()).filter((d) => d.part === "dev"),
];
const rows: { positive: boolean; rules: boolean; logit: number; span: string; source: string }[] = [];
for (const d of dev)
  rows.push({
    ...best(d.text),
    positive: d.positive,
    rules: await flaggedByRulesOnly(d.text),
    source: d.source,
  });
console.log(`threshold ${model.threshold}`);
console.log("== benign, not flagged by rules, highest model logit");
for (const r of rows
  .filter((r) => !r.positive && !r.rules)
  .sort((a, b) => b.logit - a.logit)
  .slice(0, 25))
  console.log(r.logit.toFixed(2), r.source, "|", r.span.slice(0, 200).replace(/\n/g, "⏎"));
console.log("== benign flagged by rules");
for (const r of rows.filter((r) => !r.positive && r.rules))
  console.log(r.logit.toFixed(2), r.source, "|", r.span.slice(0, 160).replace(/\n/g, "⏎"));
console.log("== attacks missed by rules");
for (const r of rows.filter((r) => r.positive && !r.rules).sort((a, b) => b.logit - a.logit))
  console.log(r.logit.toFixed(2), r.source, "|", r.span.slice(0, 200).replace(/\n/g, "⏎"));
