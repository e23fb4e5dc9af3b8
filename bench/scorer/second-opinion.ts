/**
 * `npx tsx bench/scorer/second-opinion.ts <dump.jsonl> [part ...]`: reads a dump of bench/scorer/dump-choice.ts and
 * prints what the model as a second opinion on the rules' findings would do on each part (default: `dev` and
 * `benign-dev`): a finding of a vetted rule family whose context the model scores below a floor is dropped (findings
 * on decoded text, `.base64`/`.hex`/`.letter_spacing`/`.leetspeak`, never are: the model reads the encoded text), and
 * the model flags a document on its own at the shipped threshold ("rules + model"), or not at all ("rules only").
 * Contexts: `logit` (the finding alone), `lineLogit` (its line), `nextLogit` (its line start to 300 characters past
 * it: what src/engine/detectors/injection/scorer/second-opinion.ts reads). Also the rule ids on benign documents.
 * Reads only what the dump holds (train, dev, the benign set's dev half), never the held-out sets.
 */
import { readFileSync } from "node:fs";
import { decodeScorerModel } from "../../src/engine/detectors/injection/scorer/model.js";
import { SCORER_WEIGHTS } from "../../src/engine/detectors/injection/scorer/weights.js";

type Context = "logit" | "lineLogit" | "nextLogit";

interface Found {
  rule: string;
  logit: number | null;
  lineLogit?: number | null;
  nextLogit?: number | null;
}

interface Row {
  part: string;
  positive: boolean;
  logit: number | null;
  found: Found[];
}

const ENCODED = /\.(base64|hex|letter_spacing|leetspeak)$/;
const FAMILIES: [string, (rule: string) => boolean][] = [
  ["every injection rule", (r) => r.startsWith("injection.")],
  ["structure rules", (r) => r.startsWith("injection.structure.")],
  ["phrase rules", (r) => r.startsWith("injection.") && !r.startsWith("injection.structure.")],
  ["chat-template markup", (r) => r === "markup.chat_template"],
];
const CONTEXTS: Context[] = ["logit", "lineLogit", "nextLogit"];
const FLOORS = [-6, -5, -4, -3, -2, -1, 0, 1];

const value = (z: number | null | undefined) => z ?? Number.NEGATIVE_INFINITY;

/** The phrase rules' floor (src/engine/detectors/injection/scorer/second-opinion.ts), for the combined rows. */
const PHRASE_FLOOR = -5;
const isPhrase = (r: string) => r.startsWith("injection.") && !r.startsWith("injection.structure.");

function figures(
  rows: readonly Row[],
  vetted: (rule: string) => boolean,
  context: Context,
  floor: number,
  threshold: number,
  phraseToo = false,
) {
  let detected = 0;
  let falsePositives = 0;
  for (const r of rows) {
    const kept = r.found.some((f) =>
      phraseToo && isPhrase(f.rule)
        ? value(f.nextLogit) >= PHRASE_FLOOR
        : ENCODED.test(f.rule) || !vetted(f.rule) || value(f[context]) >= floor,
    );
    const flagged = kept || value(r.logit) >= threshold;
    if (r.positive) detected += +flagged;
    else falsePositives += +flagged;
  }
  return `${detected} / ${falsePositives}`;
}

function main(): void {
  const file = process.argv[2] ?? "/tmp/dump-choice.jsonl";
  const args = process.argv.slice(3).filter((a) => !a.startsWith("--"));
  const wanted = args.length > 0 ? args : ["dev", "benign-dev"];
  // `--threshold=<logit>`: the threshold of the model the dump was made with, when it is not the shipped one.
  const given = process.argv.find((a) => a.startsWith("--threshold="))?.slice(12);
  const all = readFileSync(file, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Row);
  const parts = wanted.map((p) => [p, all.filter((r) => r.part === p)] as const);
  const threshold = given === undefined ? decodeScorerModel(SCORER_WEIGHTS).threshold : Number(given);
  for (const [part, rows] of parts) {
    const attacks = rows.filter((r) => r.positive).length;
    console.log(
      `${part}: ${attacks} attacks, ${rows.length - attacks} benign; model threshold ${threshold.toFixed(3)}`,
    );
    const byRule = new Map<string, number>();
    for (const r of rows)
      if (!r.positive)
        for (const id of new Set(r.found.map((f) => f.rule))) byRule.set(id, (byRule.get(id) ?? 0) + 1);
    for (const [id, n] of [...byRule].sort((a, b) => b[1] - a[1])) console.log(`  ${n}\t${id}`);
  }
  const names = parts.map(([p]) => p);
  console.log(
    `\n| vetted | context | floor | ${names.map((p) => `${p}: rules + model`).join(" | ")} | ${names.map((p) => `${p}: rules only`).join(" | ")} |`,
  );
  console.log(`| --- | --- | --- |${" --- |".repeat(names.length * 2)}`);
  const none = () => false;
  const row = (label: string, ctx: string, floor: string, cells: string[]) =>
    console.log(`| ${label} | ${ctx} | ${floor} | ${cells.join(" | ")} |`);
  row("none", "–", "–", [
    ...parts.map(([, rows]) => figures(rows, none, "logit", 0, threshold)),
    ...parts.map(([, rows]) => figures(rows, none, "logit", 0, Number.POSITIVE_INFINITY)),
  ]);
  // Session 12: the structure detector's findings vetted at each floor, the phrase rules' at theirs (what the
  // engine does with both second opinions on).
  const structure = FAMILIES[1]![1];
  for (const floor of FLOORS)
    row("structure rules, phrase rules at -5", "nextLogit", String(floor), [
      ...parts.map(([, rows]) => figures(rows, structure, "nextLogit", floor, threshold, true)),
      ...parts.map(([, rows]) =>
        figures(rows, structure, "nextLogit", floor, Number.POSITIVE_INFINITY, true),
      ),
    ]);
  for (const [label, vetted] of FAMILIES)
    for (const context of CONTEXTS)
      for (const floor of FLOORS)
        row(label, context, String(floor), [
          ...parts.map(([, rows]) => figures(rows, vetted, context, floor, threshold)),
          ...parts.map(([, rows]) => figures(rows, vetted, context, floor, Number.POSITIVE_INFINITY)),
        ]);
}

main();
