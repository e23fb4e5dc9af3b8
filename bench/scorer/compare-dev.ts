import { decodeScorerModel, type ScorerWeights } from "../../src/engine/detectors/injection/scorer/model.js";
import { maxLogit, scoreText } from "../../src/engine/detectors/injection/scorer/score-text.js";
import { scorerDetectorFrom } from "../../src/engine/detectors/injection/scorer/scorer-detector.js";
import { SCORER_WEIGHTS } from "../../src/engine/detectors/injection/scorer/weights.js";
import type { TextMatch } from "../../src/engine/types.js";
import { generateSplit, loadSplitDefinition } from "../eval-set/generate.js";
import { loadBenign } from "../injection-benign/load.js";
import { loadHardBenign } from "../injection-hard-benign/load.js";
import { s23Docs } from "./authored-s23.js";
import { corporaRoot, corpusDocuments } from "./corpora.js";
import { floorList } from "./floor-lists.js";
import { flaggedByRulesOnly } from "./rules-only.js";
import { weightsFrom } from "./weights-file.js";

function bestSpan(text: string, model: ReturnType<typeof decodeScorerModel>): string {
  let best = { logit: Number.NEGATIVE_INFINITY, span: "" };
  scoreText(text, model, Number.NEGATIVE_INFINITY, (s) => {
    if (s.logit > best.logit) best = { logit: s.logit, span: text.slice(s.start, s.end) };
  });
  return best.span;
}

interface Row {
  n: number;
  rules: number;
  both: number[];
}

async function main(): Promise<void> {
  const files = process.argv.slice(2).filter((a) => !a.startsWith("--"));
  const subjects: [string, ScorerWeights][] = [
    ["shipped", SCORER_WEIGHTS],
    ...files.map((f): [string, ScorerWeights] => [f.replace(/^.*\//, ""), weightsFrom(f)]),
  ];
  const models = subjects.map(([, w]) => decodeScorerModel(w));
  const paraphrases = floorList("PARAPHRASES");
  const lookAlikes = floorList("BENIGN");
  subjects.forEach(([name, w], i) => {
    const detector = scorerDetectorFrom(w);
    const hits = (t: string) => {
      const out: TextMatch[] = [];
      detector.detect(t, out);
      return out.length > 0;
    };
    console.log(
      `${name}: threshold ${models[i]!.threshold.toFixed(3)}, buckets 2^${models[i]!.config.bucketsLog2}, chars ${models[i]!.config.charSizes.join("")}, words ${models[i]!.config.words}; paraphrases ${paraphrases.filter(hits).length}/${paraphrases.length}, look-alikes ${lookAlikes.filter(hits).length}/${lookAlikes.length}`,
    );
  });
  // `--s23`: the session 23 generalisation slice alone (authored-s23.ts' dev part: templates, actions, tools and
  // misspellings its train part never holds), by class.
  const s23 = process.argv.includes("--s23");
  const docs: { text: string; positive: boolean; source: string }[] = s23
    ? s23Docs()
        .filter((d) => d.part === "dev")
        .map((d) => ({ text: d.text, positive: d.positive, source: `s23 ${d.cls}` }))
    : [
        ...generateSplit(loadSplitDefinition(), "dev")
          .filter((s) => s.task === "injection")
          .map((s) => ({ text: s.text, positive: s.positive, source: "eval-set dev" })),
        ...corpusDocuments(corporaRoot()).filter((d) => d.part === "dev"),
        ...(await loadBenign("dev")).docs.map((d) => ({
          text: d.text,
          positive: false,
          source: "benign set dev half",
        })),
        ...loadHardBenign("dev").docs.map((d) => ({
          text: d.text,
          positive: false,
          source: `hard benign set dev half, ${d.cls}`,
        })),
      ];
  const top = Number(process.argv.find((a) => a.startsWith("--top="))?.slice(6) ?? 0);
  const tops = models.map((): { logit: number; source: string; span: string }[] => []);
  const rows = new Map<string, Row>();
  const total = {
    pos: { n: 0, rules: 0, both: models.map(() => 0) },
    neg: { n: 0, rules: 0, both: models.map(() => 0) },
  };
  for (const d of docs) {
    const byRules = await flaggedByRulesOnly(d.text);
    const key = `${d.positive ? "attacks" : "benign"}: ${d.source}`;
    const row = rows.get(key) ?? { n: 0, rules: 0, both: models.map(() => 0) };
    const t = d.positive ? total.pos : total.neg;
    row.n++;
    t.n++;
    row.rules += +byRules;
    t.rules += +byRules;
    models.forEach((m, i) => {
      const z = maxLogit(d.text, m);
      const both = byRules || z >= m.threshold;
      if (top > 0 && !d.positive && !byRules && z > 0)
        tops[i]!.push({ logit: z, source: d.source, span: bestSpan(d.text, m) });
      row.both[i]! += +both;
      t.both[i]! += +both;
    });
    rows.set(key, row);
  }
  console.log(`\n| dev source | n | rules | ${subjects.map(([n]) => n).join(" | ")} |`);
  console.log(`| --- | --- | --- | ${subjects.map(() => "---").join(" | ")} |`);
  for (const [key, r] of [...rows].sort(([a], [b]) => a.localeCompare(b)))
    if (key.startsWith("attacks") || r.rules > 0 || r.both.some((b) => b > 0))
      console.log(`| ${key} | ${r.n} | ${r.rules} | ${r.both.join(" | ")} |`);
  console.log(`| **all attacks** | ${total.pos.n} | ${total.pos.rules} | ${total.pos.both.join(" | ")} |`);
  console.log(`| **all benign** | ${total.neg.n} | ${total.neg.rules} | ${total.neg.both.join(" | ")} |`);
  tops.forEach((list, i) => {
    if (top === 0) return;
    console.log(`\n${subjects[i]![0]}: highest dev benign the rules leave alone`);
    for (const t of list.sort((a, b) => b.logit - a.logit).slice(0, top))
      console.log(`  ${t.logit.toFixed(2)} [${t.source}] ${JSON.stringify(t.span.slice(0, 200))}`);
  });
}

await main();
