/**
 * `npx tsx bench/scorer/second-opinion.ts <dump.jsonl> [part]`: reads a dump of bench/scorer/dump-choice.ts and
 * prints, for the `dev` part (or the one given), what the model as a second opinion on the rules' findings would do:
 * a finding of an "uncertain" rule family whose sentence the model scores below a floor is dropped (findings on
 * decoded text, `.base64`/`.hex`/`.letter_spacing`/`.leetspeak`, are never dropped: the model reads the encoded
 * text), and the model flags a document on its own at the shipped threshold. Also the rule ids that fire on benign
 * documents. Reads only what the dump holds (train and dev), never the held-out sets.
 */
import { readFileSync } from "node:fs";
import { decodeScorerModel } from "../../src/engine/detectors/injection/scorer/model.js";
import { SCORER_WEIGHTS } from "../../src/engine/detectors/injection/scorer/weights.js";

interface Found {
  rule: string;
  logit: number | null;
}

interface Row {
  part: string;
  positive: boolean;
  logit: number | null;
  found: Found[];
}

const ENCODED = /\.(base64|hex|letter_spacing|leetspeak)$/;
const FAMILIES: [string, string[]][] = [
  ["every structure type", ["injection.structure."]],
  ["chat-template markup and <IMPORTANT> blocks", ["markup.chat_template", "injection.important_block"]],
  [
    "structure: exfiltration, tool call, prompt leak, markdown image",
    [
      "injection.structure.agent_data_exfiltration",
      "injection.structure.tool_call_instruction",
      "injection.structure.prompt_leak",
      "injection.structure.markdown_exfiltration",
    ],
  ],
  ["every injection rule (phrase and structure)", ["injection."]],
];
const FLOORS = [Number.NEGATIVE_INFINITY, -4, -3, -2, -1, 0, 1];

const value = (z: number | null) => z ?? Number.NEGATIVE_INFINITY;

function figures(rows: readonly Row[], prefixes: readonly string[], floor: number, threshold: number) {
  let detected = 0;
  let falsePositives = 0;
  for (const r of rows) {
    const kept = r.found.filter(
      (f) => ENCODED.test(f.rule) || !prefixes.some((p) => f.rule.startsWith(p)) || value(f.logit) >= floor,
    );
    const flagged = kept.length > 0 || value(r.logit) >= threshold;
    if (r.positive) detected += +flagged;
    else falsePositives += +flagged;
  }
  return { detected, falsePositives };
}

function main(): void {
  const file = process.argv[2] ?? "/tmp/dump-choice.jsonl";
  const part = process.argv[3] ?? "dev";
  const rows = readFileSync(file, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Row)
    .filter((r) => r.part === part);
  const threshold = decodeScorerModel(SCORER_WEIGHTS).threshold;
  const attacks = rows.filter((r) => r.positive).length;
  const benign = rows.length - attacks;
  const byRule = new Map<string, number>();
  for (const r of rows)
    if (!r.positive)
      for (const id of new Set(r.found.map((f) => f.rule))) byRule.set(id, (byRule.get(id) ?? 0) + 1);
  console.log(`${part}: ${attacks} attacks, ${benign} benign; model threshold ${threshold.toFixed(3)}`);
  console.log(`rule ids on ${part} benign documents:`);
  for (const [id, n] of [...byRule].sort((a, b) => b[1] - a[1])) console.log(`  ${n}\t${id}`);
  console.log("\n| findings vetted | floor | rules + model: detected | false positives |");
  console.log("| --- | --- | --- | --- |");
  for (const [name, prefixes] of FAMILIES)
    for (const floor of FLOORS) {
      const f = figures(rows, prefixes, floor, threshold);
      const shown = Number.isFinite(floor) ? String(floor) : "none (no second opinion)";
      console.log(`| ${name} | ${shown} | ${f.detected}/${attacks} | ${f.falsePositives}/${benign} |`);
    }
}

main();
