/**
 * `npm run eval:injection-model [-- --held-out]`: the learned injection model's figures, rules alone against rules
 * + model, detection and false positives with 95% Wilson intervals, by the criterion of every injection figure
 * (`flagged` in bench/eval-set/score.ts) through the real `LocalPolicyEngine.checkOutput`.
 *
 * Without `--held-out`: dev only (the eval set's dev split and the corpus' dev part), what the model was chosen on.
 * With `--held-out`: also the eval set's test split, the corpus' report part and the blind set (bench/heldout-v2,
 * integrity-checked) and the frozen halves of the benign set (bench/injection-benign) and of the hard benign set
 * (bench/injection-hard-benign), as totals only (no misses by class,
 * no rule ids). Those are for reporting: nothing is chosen on them (the blind set's
 * README says what happens to a set that is tuned on).
 */
import { LocalPolicyEngine } from "../../src/index.js";
import { generateSplit, loadSplitDefinition } from "../eval-set/generate.js";
import { flagged } from "../eval-set/score.js";
import { loadFrozenSamples } from "../heldout-v2/integrity.js";
import { loadBenign } from "../injection-benign/load.js";
import { loadHardBenign } from "../injection-hard-benign/load.js";
import { rateWithInterval } from "../lib/stats.js";
import { corporaRoot, corpusDocuments } from "./corpora.js";

interface Item {
  text: string;
  positive: boolean;
  cls: string;
}

const rulesOnly = new LocalPolicyEngine({ rules: { "injection.scorer": "off" } });
const withModel = new LocalPolicyEngine({ rules: { "injection.scorer": "neutralise" } });
/** The model alone: the rest of the injection family off; a text counts when the model reports a sentence in it. */
const modelOnly = new LocalPolicyEngine({
  injection: { output: "off" },
  rules: { "injection.scorer": "flag" },
});
let seq = 0;

async function modelFlags(text: string): Promise<boolean> {
  const decision = await modelOnly.checkOutput({
    connectorType: "corpus.read",
    serverName: "corpus",
    toolName: "read",
    callId: `figures-${++seq}`,
    args: {},
    result: { content: [{ type: "text", text }] },
  });
  return decision.findings.some((f) => f.ruleId === "injection.scorer");
}

/** The rule ids behind a flagged text (a block counts as `block`), or undefined when the text is not flagged. */
async function flags(engine: LocalPolicyEngine, text: string): Promise<string[] | undefined> {
  const decision = await engine.checkOutput({
    connectorType: "corpus.read",
    serverName: "corpus",
    toolName: "read",
    callId: `figures-${++seq}`,
    args: {},
    result: { content: [{ type: "text", text }] },
  });
  if (!flagged(decision)) return undefined;
  const ids = decision.findings
    .filter((f) => f.kind === "injection" || f.kind === "markup")
    .map((f) => f.ruleId);
  return ids.length === 0 ? ["block"] : [...new Set(ids)];
}

const rate = rateWithInterval;

interface ByClass {
  n: number;
  rules: number;
  both: number;
}

function tally(map: Map<string, ByClass>, key: string, byRules: boolean, byBoth: boolean): void {
  const m = map.get(key) ?? { n: 0, rules: 0, both: 0 };
  m.n++;
  m.rules += +byRules;
  m.both += +byBoth;
  map.set(key, m);
}

function classLines(title: string, map: Map<string, ByClass>): string[] {
  if (map.size === 0) return [];
  const out = ["", `${title} (rules -> rules + model):`, ""];
  for (const [cls, m] of [...map].sort(([a], [b]) => a.localeCompare(b)))
    out.push(`- ${cls}: ${m.rules}/${m.n} -> ${m.both}/${m.n}`);
  return out;
}

async function measure(name: string, items: Item[], perClass: boolean): Promise<string[]> {
  const t = { pos: 0, neg: 0, rulesPos: 0, rulesNeg: 0, bothPos: 0, bothNeg: 0, modelPos: 0, modelNeg: 0 };
  const misses = new Map<string, ByClass>();
  const falsePositives = new Map<string, ByClass>();
  const byRule = new Map<string, number>();
  for (const item of items) {
    const rulesIds = await flags(rulesOnly, item.text);
    const byRules = rulesIds !== undefined;
    const byBoth = (await flags(withModel, item.text)) !== undefined;
    const byModel = await modelFlags(item.text);
    if (item.positive) {
      t.pos++;
      t.modelPos += +byModel;
      t.rulesPos += +byRules;
      t.bothPos += +byBoth;
      tally(misses, item.cls, !byRules, !byBoth);
    } else {
      t.neg++;
      t.modelNeg += +byModel;
      t.rulesNeg += +byRules;
      t.bothNeg += +byBoth;
      tally(falsePositives, item.cls, byRules, byBoth);
      for (const id of rulesIds ?? []) byRule.set(id, (byRule.get(id) ?? 0) + 1);
    }
  }
  const out = [
    `| ${name} | rules | ${rate(t.rulesPos, t.pos)} | ${rate(t.rulesNeg, t.neg)} |`,
    `| ${name} | rules + model | ${rate(t.bothPos, t.pos)} | ${rate(t.bothNeg, t.neg)} |`,
    `| ${name} | model alone | ${rate(t.modelPos, t.pos)} | ${rate(t.modelNeg, t.neg)} |`,
  ];
  if (perClass) {
    out.push(...classLines(`Missed attacks by class, ${name}`, misses));
    out.push(...classLines(`False positives by source, ${name}`, falsePositives));
    if (byRule.size > 0) {
      out.push("", `Benign documents the rules alone flag, by rule id, ${name}:`, "");
      for (const [id, n] of [...byRule].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])))
        out.push(`- ${id}: ${n}`);
    }
    out.push("");
  }
  return out;
}

function evalSet(split: "dev" | "test"): Item[] {
  return generateSplit(loadSplitDefinition(), split)
    .filter((s) => s.task === "injection")
    .map((s) => ({ text: s.text, positive: s.positive, cls: s.tags.cls ?? "?" }));
}

function corpusPart(part: "dev" | "report"): Item[] {
  return corpusDocuments(corporaRoot())
    .filter((d) => d.part === part)
    .map((d) => ({ text: d.text, positive: d.positive, cls: d.source }));
}

/** The benign set (bench/injection-benign): its dev half is chosen on, its frozen half only reported. */
async function benignHalf(half: "dev" | "frozen"): Promise<Item[]> {
  const { docs, missing } = await loadBenign(half);
  if (missing > 0) console.error(`benign set, ${half} half: ${missing} documents missing on this machine`);
  return docs.map((d) => ({ text: d.text, positive: false, cls: d.source }));
}

/** The hard benign set (bench/injection-hard-benign): its dev half is tuned on, its frozen half only reported. */
function hardBenignHalf(half: "dev" | "frozen"): Item[] {
  const { docs, missing } = loadHardBenign(half);
  if (missing > 0)
    console.error(`hard benign set, ${half} half: ${missing} documents missing on this machine`);
  return docs.map((d) => ({ text: d.text, positive: false, cls: d.cls }));
}

async function main(): Promise<void> {
  const heldOut = process.argv.includes("--held-out");
  const header = [
    "| set | detectors | detection [95% CI] | false positives [95% CI] |",
    "| --- | --- | --- | --- |",
  ];
  const rows: string[] = [];
  const notes: string[] = [];
  const add = async (name: string, items: Item[], perClass: boolean) => {
    const [a, b, c, ...rest] = await measure(name, items, perClass);
    rows.push(a!, b!, c!);
    notes.push(...rest);
  };
  await add("dev: eval-set dev split", evalSet("dev"), false);
  await add("dev: corpus dev part", corpusPart("dev"), true);
  await add("dev: both", [...evalSet("dev"), ...corpusPart("dev")], false);
  await add("dev: benign set, dev half", await benignHalf("dev"), true);
  await add("dev: hard benign set, dev half", hardBenignHalf("dev"), true);
  if (heldOut) {
    // Totals only on the held-out sets: their misses and the rules behind their false positives are not read
    // (session 9 rule), so nothing can be chosen on them by accident.
    await add("test: eval-set test split", evalSet("test"), false);
    await add("report: corpus report part", corpusPart("report"), false);
    await add(
      "blind: heldout-v2",
      loadFrozenSamples().map((s) => ({ text: s.text, positive: s.label === "attack", cls: s.class })),
      false,
    );
    await add("frozen: benign set, frozen half", await benignHalf("frozen"), false);
    await add("frozen: hard benign set, frozen half", hardBenignHalf("frozen"), false);
  }
  console.log([...header, ...rows, "", ...notes].join("\n"));
}

await main();
