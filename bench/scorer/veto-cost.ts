/**
 * `npx tsx bench/scorer/veto-cost.ts` (session 23): on dev only (the eval set's dev split and the corpus' dev part),
 * what the model's second opinion on the phrase rules costs through the real engine: the dev attacks the rules alone
 * flag and rules + model do not (a phrase finding vetoed), by source and rule id; the attacks only rules + model
 * flag; and the benign documents the veto clears. Why `train.ts`' dev count (rules OR the model's logit) and
 * `figures.ts`' (the engine) differ.
 */
import { LocalPolicyEngine } from "../../src/index.js";
import { generateSplit, loadSplitDefinition } from "../eval-set/generate.js";
import { flagged } from "../eval-set/score.js";
import { corporaRoot, corpusDocuments } from "./corpora.js";

const rulesOnly = new LocalPolicyEngine({ rules: { "injection.scorer": "off" } });
const withModel = new LocalPolicyEngine({ rules: { "injection.scorer": "neutralise" } });
let seq = 0;
const req = (text: string) => ({
  connectorType: "corpus.read",
  serverName: "corpus",
  toolName: "read",
  callId: `v-${++seq}`,
  args: {},
  result: { content: [{ type: "text" as const, text }] },
});
const docs = [
  ...generateSplit(loadSplitDefinition(), "dev")
    .filter((s) => s.task === "injection")
    .map((s) => ({ text: s.text, positive: s.positive, source: "eval-set dev" })),
  ...corpusDocuments(corporaRoot()).filter((d) => d.part === "dev"),
];
const lost = new Map<string, number>(),
  gained = new Map<string, number>();
let lostNeg = 0;
for (const d of docs) {
  const r = await rulesOnly.checkOutput(req(d.text));
  const b = flagged(await withModel.checkOutput(req(d.text)));
  if (flagged(r) && !b) {
    if (!d.positive) {
      lostNeg++;
      continue;
    }
    const ids = [
      ...new Set(
        r.findings.filter((f) => f.kind === "injection" || f.kind === "markup").map((f) => f.ruleId),
      ),
    ].join(",");
    const k = `${d.source} | ${ids}`;
    lost.set(k, (lost.get(k) ?? 0) + 1);
  }
  if (!flagged(r) && b && d.positive) gained.set(d.source, (gained.get(d.source) ?? 0) + 1);
}
console.log("attacks the rules flag and rules + model do not (second-opinion vetoes):");
for (const [k, n] of [...lost].sort((a, b) => b[1] - a[1])) console.log(`  ${n}  ${k}`);
console.log("attacks only rules + model flag:", [...gained]);
console.log("benign the rules flag and rules + model do not:", lostNeg);
