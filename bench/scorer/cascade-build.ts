/**
 * `npx tsx bench/scorer/cascade-build.ts [--rounds=N] [--floor=F] [--margin=M] [--screen=phrase,structure] [--no-dev]`:
 * the model's screen (src/engine/detectors/injection/cascade.ts) built, against the default family on the same
 * detectors. Dev only (the eval set's dev split, the corpus' dev part, the benign set's dev half, the hard benign
 * set's dev half): documents with an injection finding under each, by running the detectors directly (no JSON
 * screening, no sanitizer: the difference is the screen's). Then CPU time per KB on bench/lib/injection-texts.ts,
 * the two families interleaved, their order alternated each round.
 */

import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { createInjectionDetector } from "../../src/engine/detectors/injection/index.js";
import type { ScorerModel } from "../../src/engine/detectors/injection/scorer/model.js";
import { shippedScorerModel } from "../../src/engine/detectors/injection/scorer/scorer-detector.js";
import { withSecondOpinion } from "../../src/engine/detectors/injection/scorer/second-opinion.js";
import { createStructureInjectionDetector } from "../../src/engine/detectors/injection/structure/structure-detector.js";
import type { TextDetector, TextMatch } from "../../src/engine/types.js";
import { generateSplit, loadSplitDefinition } from "../eval-set/generate.js";
import { loadBenign } from "../injection-benign/load.js";
import { loadHardBenign } from "../injection-hard-benign/load.js";
import { cpuOnce, injectionDetectorsAt } from "../lib/injection-family.js";
import { oneText, readmes, slices, toolOutputs } from "../lib/injection-texts.js";
import { forgetScreen, type ScreenRegion, screened, screenedBy, screenRegions } from "../lib/model-screen.js";
import { median } from "../lib/stats.js";
import { corporaRoot, corpusDocuments } from "./corpora.js";

const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const rounds = Number(arg("rounds") ?? 5);
const floor = Number(arg("floor") ?? -8);
const margin = Number(arg("margin") ?? 0);
const which = new Set((arg("screen") ?? "phrase,structure").split(","));
/**
 * `--free-screen`: the screened detectors read regions computed before the timing (a map by text), so the time is
 * the model's own pass plus the rules on the kept regions: what one shared pass (the scorer's findings and the
 * screen from one scoring) would cost at best.
 */
const freeScreen = process.argv.includes("--free-screen");
const precomputed = new Map<string, readonly ScreenRegion[] | undefined>();
const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");

const screenModel: () => ScorerModel = shippedScorerModel;

/** `--aa`: the "screened" family is a second copy of the full one (the bench's noise). */
const aa = process.argv.includes("--aa");

async function families(): Promise<{ full: TextDetector[]; cascade: TextDetector[] }> {
  const full = await injectionDetectorsAt(root, true);
  if (aa) return { full, cascade: await injectionDetectorsAt(root, true) };
  const cascade = full.map((d) => {
    const wrap = (inner: TextDetector) =>
      freeScreen
        ? screenedBy(inner, (text) => {
            if (!precomputed.has(text))
              precomputed.set(text, screenRegions(text, screenModel(), floor, margin));
            return precomputed.get(text);
          })
        : screened(inner, screenModel, floor, margin);
    if (d.id === "injection" && which.has("phrase"))
      return withSecondOpinion(wrap(createInjectionDetector()));
    if (d.id === "injection.structure" && which.has("structure"))
      return wrap(createStructureInjectionDetector());
    return d;
  });
  return { full, cascade };
}

async function devItems(): Promise<{ set: string; text: string; positive: boolean; cls: string }[]> {
  const evalDev = generateSplit(loadSplitDefinition(), "dev")
    .filter((s) => s.task === "injection")
    .map((s) => ({ set: "eval-dev", text: s.text, positive: s.positive, cls: s.tags.cls ?? "?" }));
  const corpusDev = corpusDocuments(corporaRoot())
    .filter((d) => d.part === "dev")
    .map((d) => ({ set: "corpus-dev", text: d.text, positive: d.positive, cls: d.source }));
  const benign = await loadBenign("dev");
  const hard = loadHardBenign("dev");
  return [
    ...evalDev,
    ...corpusDev,
    ...benign.docs.map((d) => ({ set: "benign-dev", text: d.text, positive: false, cls: d.source })),
    ...hard.docs.map((d) => ({ set: "hard-dev", text: d.text, positive: false, cls: d.cls })),
  ];
}

const found = (detectors: readonly TextDetector[], text: string): TextMatch[] => {
  const out: TextMatch[] = [];
  for (const d of detectors) if (text.length >= (d.minLength ?? 0)) d.detect(text, out);
  return out;
};

async function dev(full: TextDetector[], cascade: TextDetector[]): Promise<void> {
  const items = await devItems();
  let attacks = 0;
  let benign = 0;
  const t = {
    fullPos: 0,
    casPos: 0,
    fullNeg: 0,
    casNeg: 0,
    lost: 0,
    cleared: 0,
    gained: 0,
    same: 0,
    docs: 0,
    missing: 0,
    findings: 0,
  };
  const lost: string[] = [];
  const gainedBy = new Map<string, number>();
  const gainedText: string[] = [];
  for (const item of items) {
    const a = found(full, item.text);
    const b = found(cascade, item.text);
    if (item.positive) attacks++;
    else benign++;
    const fa = a.length > 0;
    const fb = b.length > 0;
    if (item.positive) {
      t.fullPos += +fa;
      t.casPos += +fb;
      if (fa && !fb)
        lost.push(
          `[${item.set} ${item.cls}] ${a.map((m) => m.ruleId ?? m.type).join(", ")}: ${JSON.stringify(item.text.slice(a[0]!.start, a[0]!.end + 80))}`,
        );
    } else {
      t.fullNeg += +fa;
      t.casNeg += +fb;
      t.cleared += +(fa && !fb);
    }
    t.gained += +(!fa && fb);
    t.docs++;
    const key = (m: TextMatch) => `${m.ruleId}:${m.start}:${m.end}`;
    const ka = new Set(a.map(key));
    if (b.every((m) => ka.has(key(m)))) t.same++;
    const kb = new Set(b.map(key));
    t.missing += a.filter((m) => !kb.has(key(m))).length;
    t.findings += a.length;
    for (const m of b)
      if (!ka.has(key(m))) {
        gainedBy.set(
          `${item.positive ? "attack" : "benign"} ${m.ruleId}`,
          (gainedBy.get(`${item.positive ? "attack" : "benign"} ${m.ruleId}`) ?? 0) + 1,
        );
        if (!item.positive && gainedText.length < 12)
          gainedText.push(
            `${m.ruleId}: ${JSON.stringify(item.text.slice(Math.max(0, m.start - 100), m.end + 60))}`,
          );
      }
  }
  console.log(
    `dev, ${items.length} documents (${attacks} attacks, ${benign} benign), detectors run directly:`,
  );
  console.log(
    `- attacks with a finding: full family ${t.fullPos}, screened ${t.casPos} (lost ${lost.length})`,
  );
  console.log(
    `- benign with a finding: full family ${t.fullNeg}, screened ${t.casNeg} (cleared ${t.cleared})`,
  );
  console.log(
    `- documents gaining a finding: ${t.gained}; documents whose screened findings are all the full run's: ${t.same}/${t.docs}`,
  );
  for (const l of lost.slice(0, 30)) console.log(`  ${l.slice(0, 300)}`);
  console.log(`- the full run's findings the screened run does not make: ${t.missing}/${t.findings}`);
  console.log(
    `- screened findings not in the full run, by rule: ${JSON.stringify(Object.fromEntries(gainedBy))}`,
  );
  for (const g of gainedText) console.log(`  ${g.slice(0, 400)}`);
}

function cost(full: TextDetector[], cascade: TextDetector[]): void {
  const docs = readmes();
  const json = toolOutputs(1200);
  const repeat = (xs: string[]) => Array.from({ length: Math.ceil(1024 / xs.length) }, () => xs).flat();
  const sets = [
    { name: "README prose, 1 KB strings", inputs: repeat(slices(docs, 1024, 1024)) },
    { name: "JSON tool output, 1 KB strings", inputs: repeat(slices(json, 1024, 1024)) },
    { name: "README prose, one 1 MB text", inputs: [oneText(docs, 1 << 20)] },
    { name: "JSON tool output, one 1 MB text", inputs: [oneText(json, 1 << 20)] },
  ];
  for (const set of sets) {
    const m = screenModel();
    const share = set.inputs.slice(0, 1024).reduce(
      (acc, text) => {
        const regions = screenRegions(text, m, floor, margin);
        acc.total += text.length;
        acc.read += regions === undefined ? text.length : regions.reduce((n, r) => n + r.to - r.from, 0);
        return acc;
      },
      { total: 0, read: 0 },
    );
    // The screen keeps the last text's regions: forgotten before each timed pass, so one text read again pays again.
    const copy = () => {
      forgetScreen();
      return set.inputs;
    };
    cpuOnce(full, set.inputs);
    // Warm-up; with --free-screen it also fills the map of regions, outside the timed rounds.
    cpuOnce(cascade, copy());
    const a: number[] = [];
    const b: number[] = [];
    for (let r = 0; r < rounds; r++) {
      const x = copy();
      const y = copy();
      if (r % 2 === 0) {
        a.push(cpuOnce(full, x));
        b.push(cpuOnce(cascade, y));
      } else {
        b.push(cpuOnce(cascade, y));
        a.push(cpuOnce(full, x));
      }
    }
    const kb = set.inputs.reduce((n, t) => n + t.length, 0) / 1024;
    console.log(
      `| ${set.name} | ${(median(a) / kb).toFixed(2)} | ${(median(b) / kb).toFixed(2)} | ${median(b.map((t, i) => t / a[i]!)).toFixed(2)} | ${(100 * (1 - share.read / share.total)).toFixed(1)}% |`,
    );
  }
}

const { full, cascade } = await families();
console.log(`floor ${floor}, margin ${margin}, screened: ${[...which].join(" + ")}`);
if (!process.argv.includes("--no-dev")) await dev(full, cascade);
if (!process.argv.includes("--no-cost")) {
  console.log(`\n${rounds} rounds, CPU time, full family (model on) vs screened, medians`);
  console.log("| input | full µs/KB | screened µs/KB | ratio | share unread |");
  console.log("| --- | --- | --- | --- | --- |");
  cost(full, cascade);
}
