/**
 * `npx tsx bench/scorer/dump-choice.ts <out.jsonl> [train|dev|both]`: for every document of the eval set's train and
 * dev splits and the corpus' train and dev parts, what the default rules (model off) found (rule id, span, the
 * model's logit on the finding's sentence) and the model's highest logit on the document, one JSON line each. The
 * combination of rules and model is chosen on this dump. Never reads the test split, the report part, the blind set
 * or the benign set's frozen half.
 */
import { writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { decodeScorerModel, type ScorerWeights } from "../../src/engine/detectors/injection/scorer/model.js";
import { maxLogit, spanLogit } from "../../src/engine/detectors/injection/scorer/score-text.js";
import { SCORER_WEIGHTS } from "../../src/engine/detectors/injection/scorer/weights.js";
import { LocalPolicyEngine } from "../../src/index.js";
import { generateSplit, loadSplitDefinition } from "../eval-set/generate.js";
import { flagged } from "../eval-set/score.js";
import { loadBenign } from "../injection-benign/load.js";
import { loadHardBenign } from "../injection-hard-benign/load.js";
import { corporaRoot, corpusDocuments } from "./corpora.js";

const positional = process.argv.slice(2).filter((a) => !a.startsWith("--"));
const out = positional[0] ?? "/tmp/dump-choice.jsonl";
const which = positional[1] ?? "both";
const parts = which === "both" ? ["train", "dev"] : [which];
/** `--benign`: also the benign set's dev half (bench/injection-benign), as part `benign-dev`; never its frozen half. */
const withBenign = process.argv.includes("--benign");
/** `--hard`: also the hard benign set's dev half (bench/injection-hard-benign), as part `hard-dev`; never its frozen half. */
const withHard = process.argv.includes("--hard");
const engine = new LocalPolicyEngine({ rules: { "injection.scorer": "off" } });
/** `--weights=<file>`: a weights module written by train.ts (another candidate), instead of the shipped one. */
const weightsFile = process.argv.find((a) => a.startsWith("--weights="))?.slice(10);
const model = decodeScorerModel(
  weightsFile === undefined
    ? SCORER_WEIGHTS
    : ((await import(pathToFileURL(resolve(weightsFile)).href)) as { SCORER_WEIGHTS: ScorerWeights })
        .SCORER_WEIGHTS,
);
const definition = loadSplitDefinition();
const docs = [
  ...parts.flatMap((part) =>
    generateSplit(definition, part as "train" | "dev")
      .filter((s) => s.task === "injection")
      .map((s) => ({
        text: s.text,
        positive: s.positive,
        part,
        source: `eval-set ${part}`,
        frame: `${s.carrierId}`,
        template: s.templateId,
        cls: s.tags.cls ?? "",
      })),
  ),
  ...corpusDocuments(corporaRoot())
    .filter((d) => parts.includes(d.part))
    .map((d) => ({
      text: d.text,
      positive: d.positive,
      part: d.part,
      source: d.source,
      frame: "",
      template: "",
      cls: "",
    })),
  ...(withBenign ? (await loadBenign("dev")).docs : []).map((d) => ({
    text: d.text,
    positive: false,
    part: "benign-dev",
    source: d.source,
    frame: d.key,
    template: "",
    cls: "",
  })),
  ...(withHard ? loadHardBenign("dev").docs : []).map((d) => ({
    text: d.text,
    positive: false,
    part: "hard-dev",
    source: `hard benign set ${d.cls}`,
    frame: "",
    template: "",
    cls: d.cls,
  })),
];
/** The finding's line (at most 400 characters either side): the context the model is asked about. */
function lineAround(text: string, start: number, end: number): [number, number] {
  const from = Math.max(text.lastIndexOf("\n", start - 1) + 1, start - 400);
  const next = text.indexOf("\n", end);
  return [from, Math.min(next < 0 ? text.length : next, end + 400)];
}
const lines: string[] = [];
let seq = 0;
for (const d of docs) {
  const decision = await engine.checkOutput({
    connectorType: "corpus.read",
    serverName: "corpus",
    toolName: "read",
    callId: `dump-${++seq}`,
    args: {},
    result: { content: [{ type: "text", text: d.text }] },
  });
  const found = decision.findings
    .filter((f) => f.kind === "injection" || f.kind === "markup")
    .map((f) => ({
      rule: f.ruleId,
      type: f.type,
      start: f.start,
      end: f.end,
      logit: f.start === undefined || f.end === undefined ? null : spanLogit(d.text, f.start, f.end, model),
      lineLogit:
        f.start === undefined || f.end === undefined
          ? null
          : spanLogit(d.text, ...lineAround(d.text, f.start, f.end), model),
      nextLogit:
        f.start === undefined || f.end === undefined
          ? null
          : spanLogit(
              d.text,
              lineAround(d.text, f.start, f.end)[0],
              Math.min(d.text.length, f.end + 300),
              model,
            ),
    }));
  lines.push(
    JSON.stringify({
      part: d.part,
      source: d.source,
      frame: d.frame,
      template: d.template,
      cls: d.cls,
      positive: d.positive,
      flagged: flagged(decision),
      logit: maxLogit(d.text, model),
      found,
      length: d.text.length,
    }),
  );
  if (seq % 500 === 0) console.error(`${seq}/${docs.length}`);
}
writeFileSync(out, `${lines.join("\n")}\n`);
console.error(`wrote ${lines.length} to ${out}`);
