/**
 * `npx tsx bench/scorer/veto-floors.ts <dump.jsonl> [--threshold=<logit>]`: the model's veto by rule class, measured
 * on a dump of bench/scorer/dump-choice.ts (`dump-choice.ts <out> dev --benign --hard`: the eval set's dev split, the
 * corpus' dev part and the dev halves of both benign sets; never a held-out part). A document counts as flagged when
 * a finding survives the veto or the model's own logit reaches the threshold (the shipped one unless given). A finding
 * of a vetted class survives when the model scores its context (`nextLogit`: its line to 300 characters past it, what
 * src/engine/detectors/injection/scorer/second-opinion.ts reads) at or above the class' floor.
 *
 * Classes: the phrase rules by type (`phrase.<type>`, vetted at the engine's `SECOND_OPINION_FLOORS`, a type without
 * a floor never), the structure rules by name (`structure.<name>`, decoded ones apart as `structure.<name>.enc`: the
 * model reads the encoded text) and `markup.chat_template` (not vetted by the engine). Prints the engine's figures,
 * each class' floor from -9 to 3 with the others at the engine's (detection / false positives), and each floor's
 * margins: the highest dev benign logit it vetoes and the lowest dev attack logit it would lose alone.
 */
import { readFileSync } from "node:fs";
import { decodeScorerModel } from "../../src/engine/detectors/injection/scorer/model.js";
import { SECOND_OPINION_FLOORS } from "../../src/engine/detectors/injection/scorer/second-opinion.js";
import { SCORER_WEIGHTS } from "../../src/engine/detectors/injection/scorer/weights.js";

interface Found {
  rule: string;
  nextLogit: number | null;
}

interface Row {
  positive: boolean;
  logit: number | null;
  found: Found[];
}

type Floors = ReadonlyMap<string, number | undefined>;

const ENCODED = /\.(base64|hex|letter_spacing|leetspeak)$/;

/** A rule id's class (see the header). */
export function ruleClass(rule: string): string {
  const [family, second, third] = rule.split(".");
  if (family === "markup") return rule;
  if (second === "structure") return `structure.${third}${ENCODED.test(rule) ? ".enc" : ""}`;
  return `phrase.${second}`;
}

const value = (z: number | null) => z ?? Number.NEGATIVE_INFINITY;

/** The engine's floors: the phrase types' (`SECOND_OPINION_FLOORS`); no other class is vetted. */
function engineFloors(classes: readonly string[]): Map<string, number | undefined> {
  const floors = new Map<string, number | undefined>();
  for (const c of classes)
    floors.set(
      c,
      c.startsWith("phrase.")
        ? (SECOND_OPINION_FLOORS as Record<string, number | undefined>)[c.slice(7)]
        : undefined,
    );
  return floors;
}

function flagged(row: Row, floors: Floors, threshold: number): boolean {
  for (const f of row.found) {
    const floor = floors.get(ruleClass(f.rule));
    if (floor === undefined || value(f.nextLogit) >= floor) return true;
  }
  return value(row.logit) >= threshold;
}

function figures(rows: readonly Row[], floors: Floors, threshold: number): [number, number] {
  let detected = 0;
  let falsePositives = 0;
  for (const r of rows) {
    if (!flagged(r, floors, threshold)) continue;
    if (r.positive) detected++;
    else falsePositives++;
  }
  return [detected, falsePositives];
}

function main(): void {
  const file = process.argv[2];
  if (file === undefined) throw new Error("usage: veto-floors.ts <dump.jsonl> [--threshold=<logit>]");
  const given = process.argv.find((a) => a.startsWith("--threshold="))?.slice(12);
  const threshold = given === undefined ? decodeScorerModel(SCORER_WEIGHTS).threshold : Number(given);
  const rows = readFileSync(file, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Row);
  const classes = [...new Set(rows.flatMap((r) => r.found.map((f) => ruleClass(f.rule))))].sort();
  const engine = engineFloors(classes);
  const attacks = rows.filter((r) => r.positive).length;
  const [d0, f0] = figures(rows, engine, threshold);
  console.log(
    `${attacks} attacks, ${rows.length - attacks} benign; threshold ${threshold.toFixed(3)}; no veto ${figures(rows, new Map(), threshold).join(" / ")}; engine's floors ${d0} / ${f0}`,
  );
  const steps = Array.from({ length: 25 }, (_, i) => -9 + i / 2);
  for (const c of classes) {
    const at = (floor: number | undefined) => figures(rows, new Map([...engine, [c, floor]]), threshold);
    const cells = [undefined, ...steps].map((floor) => {
      const [d, f] = at(floor);
      return `${floor ?? "none"}: ${d}/${f}`;
    });
    const benign = rows.flatMap((r) =>
      r.positive ? [] : r.found.filter((x) => ruleClass(x.rule) === c).map((x) => value(x.nextLogit)),
    );
    const planted = rows.flatMap((r) =>
      r.positive ? r.found.filter((x) => ruleClass(x.rule) === c).map((x) => value(x.nextLogit)) : [],
    );
    console.log(
      `\n${c} (engine's floor ${engine.get(c) ?? "none"}; ${benign.length} benign findings, highest ${Math.max(...benign).toFixed(2)}; ${planted.length} planted, lowest ${Math.min(...planted).toFixed(2)})`,
    );
    console.log(`  ${cells.join(", ")}`);
  }
}

main();
