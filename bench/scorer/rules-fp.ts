/**
 * `npx tsx bench/scorer/rules-fp.ts [train|dev|both] [--model]`: the benign documents the default rules flag (the
 * model off unless `--model`), with the ids of the rules that fired and the text each finding covers, for finding
 * the causes of the rules' false positives while choosing on train and dev. Reads only the eval set's train and dev
 * splits and the corpus' train and dev parts; never the test split, the report part or the blind set.
 */
import { LocalPolicyEngine } from "../../src/index.js";
import { generateSplit, loadSplitDefinition } from "../eval-set/generate.js";
import { flagged } from "../eval-set/score.js";
import { corporaRoot, corpusDocuments } from "./corpora.js";

const which = process.argv[2] ?? "both";
const parts = which === "both" ? ["train", "dev"] : [which];
const engine = new LocalPolicyEngine(
  process.argv.includes("--model") ? {} : { rules: { "injection.scorer": "off" } },
);
const definition = loadSplitDefinition();
const docs = [
  ...parts.flatMap((part) =>
    generateSplit(definition, part as "train" | "dev")
      .filter((s) => s.task === "injection")
      .map((s) => ({ text: s.text, positive: s.positive, source: `eval-set ${part} ${s.tags.cls ?? ""}` })),
  ),
  ...corpusDocuments(corporaRoot())
    .filter((d) => parts.includes(d.part))
    .map((d) => ({ text: d.text, positive: d.positive, source: `${d.part} ${d.source}` })),
];
const byRule = new Map<string, number>();
let benign = 0;
let hits = 0;
let attacks = 0;
let detected = 0;
let seq = 0;
for (const d of docs) {
  const decision = await engine.checkOutput({
    connectorType: "corpus.read",
    serverName: "corpus",
    toolName: "read",
    callId: `fp-${++seq}`,
    args: {},
    result: { content: [{ type: "text", text: d.text }] },
  });
  const isFlagged = flagged(decision);
  if (d.positive) {
    attacks++;
    detected += +isFlagged;
    continue;
  }
  benign++;
  if (!isFlagged) continue;
  hits++;
  const found = decision.findings.filter((f) => f.kind === "injection" || f.kind === "markup");
  const ids = [...new Set(found.map((f) => f.ruleId))];
  for (const id of ids) byRule.set(id, (byRule.get(id) ?? 0) + 1);
  console.log(`## ${d.source} | ${ids.join(" ")}`);
  for (const f of found.slice(0, 4)) {
    const at = f.start;
    const span = at === undefined ? "" : d.text.slice(Math.max(0, at - 60), (f.end ?? at) + 60);
    console.log(`   ${f.ruleId} ${f.type}: ${span.replace(/\s+/g, " ").slice(0, 300)}`);
  }
}
console.log(`\nattacks ${detected}/${attacks}; benign flagged ${hits}/${benign}`);
for (const [id, n] of [...byRule].sort((a, b) => b[1] - a[1])) console.log(`${n}\t${id}`);
