/**
 * `npx tsx bench/scorer/cascade-screen.ts [--dump=<file.jsonl>] [--reuse] [--sample=<F>]`: would the learned model
 * work as a screen for the rest of the injection family? Dev only: the eval set's dev split, the corpus' dev part, the
 * benign set's dev half and the hard benign set's dev half (never the test split, the report part, the blind set or
 * the frozen halves).
 *
 * For every dev document, the default family's findings through the real `LocalPolicyEngine.checkOutput` (the model
 * on, as by default on tool output), and for each finding the model's screen logit over the finding's region: the
 * highest logit of the text's segments (and adjacent same-line pairs) that overlap it, from one scoring pass over the
 * whole text, as a screen would see it. Then, for a sweep of screen floors F, a finding survives when it is
 * "certain" (see `certainty`) or its region's logit reaches F; a document stays detected while one finding survives
 * (or the decision blocks with no span). Columns: attacks lost (detected by the default family, no longer), benign
 * documents no longer flagged, and the share of README and JSON prose (bench/lib/injection-texts.ts, 1 KB strings)
 * the screen would leave unread: characters outside the kept segments, and outside the kept segments' lines.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { decodeScorerModel, type ScorerModel } from "../../src/engine/detectors/injection/scorer/model.js";
import { SCORER_WEIGHTS } from "../../src/engine/detectors/injection/scorer/weights.js";
import { LocalPolicyEngine } from "../../src/index.js";
import { generateSplit, loadSplitDefinition } from "../eval-set/generate.js";
import { flagged } from "../eval-set/score.js";
import { loadBenign } from "../injection-benign/load.js";
import { loadHardBenign } from "../injection-hard-benign/load.js";
import { readmes, slices, toolOutputs } from "../lib/injection-texts.js";
import { screenSegments as allSegments, OTHER_SCRIPT, type ScreenSegment } from "../lib/model-screen.js";
import { corporaRoot, corpusDocuments } from "./corpora.js";

const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const dumpFile = arg("dump") ?? "/tmp/s20-cascade/screen-dump.jsonl";
const reuse = process.argv.includes("--reuse");
const sampleAt = arg("sample");
/** `--scripts`: a region holding a letter outside the Latin script is never screened (the model reads it poorly). */
const scriptsKept = process.argv.includes("--scripts");

/** Every segment of `input` with its screen logit; with `--scripts`, +Infinity for one holding another script's letter. */
function screenSegments(input: string, model: ScorerModel): ScreenSegment[] {
  return allSegments(input, model).map((s) =>
    scriptsKept && OTHER_SCRIPT.test(input.slice(s.start, s.end))
      ? { ...s, logit: Number.POSITIVE_INFINITY }
      : s,
  );
}

/** The screen logit of `[start, end)`: the highest over the segments that overlap it (-Infinity for none). */
function regionLogit(segments: readonly ScreenSegment[], start: number, end: number): number {
  let best = Number.NEGATIVE_INFINITY;
  for (const s of segments)
    if (s.start < Math.max(end, start + 1) && start < s.end) best = Math.max(best, s.logit);
  return best;
}

interface Found {
  rule: string;
  type: string;
  kind: string;
  start?: number;
  end?: number;
  logit: number | null;
}

interface Row {
  set: string;
  cls: string;
  positive: boolean;
  flagged: boolean;
  blocked: boolean;
  found: Found[];
  text?: string;
}

/** Why a finding is never screened: the model reads none of it (hidden, encoded, markup) or it is never vetoed. */
export function certainty(f: Pick<Found, "rule" | "type" | "kind">): string | undefined {
  if (f.kind === "markup") return "markup";
  if (f.rule === "injection.scorer") return "model";
  if (!screenUnvetoed && (f.type === "override_instructions" || f.type === "output_manipulation"))
    return "unvetoed";
  if (!screenEncoded && /\.(base64|hex|letter_spacing|leetspeak)$/.test(f.rule)) return "encoded";
  return undefined;
}
/** `--screen-unvetoed`, `--screen-encoded`: those findings screened too (what the certain rules are worth). */
const screenUnvetoed = process.argv.includes("--screen-unvetoed");
const screenEncoded = process.argv.includes("--screen-encoded");

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

async function dump(model: ScorerModel): Promise<Row[]> {
  const engine = new LocalPolicyEngine({ rules: { "injection.scorer": "neutralise" } });
  const rows: Row[] = [];
  let seq = 0;
  const items = await devItems();
  for (const item of items) {
    const decision = await engine.checkOutput({
      connectorType: "corpus.read",
      serverName: "corpus",
      toolName: "read",
      callId: `screen-${++seq}`,
      args: {},
      result: { content: [{ type: "text", text: item.text }] },
    });
    const hits = decision.findings.filter((f) => f.kind === "injection" || f.kind === "markup");
    const segments = hits.length > 0 ? screenSegments(item.text, model) : [];
    rows.push({
      set: item.set,
      cls: item.cls,
      positive: item.positive,
      flagged: flagged(decision),
      blocked: !decision.allowed && hits.length === 0,
      found: hits.map((f) => ({
        rule: f.ruleId,
        type: f.type,
        kind: f.kind,
        ...(f.start === undefined ? {} : { start: f.start, end: f.end }),
        logit: f.start === undefined || f.end === undefined ? null : regionLogit(segments, f.start, f.end),
      })),
      ...(hits.length > 0 ? { text: item.text } : {}),
    });
    if (seq % 500 === 0) console.error(`${seq}/${items.length}`);
  }
  writeFileSync(dumpFile, `${rows.map((r) => JSON.stringify(r)).join("\n")}\n`);
  return rows;
}

/** Whether a finding survives a screen at floor `floor`. */
function survives(f: Found, floor: number): boolean {
  if (certainty(f) !== undefined) return true;
  return f.logit === null || f.logit >= floor;
}

const detectedAt = (r: Row, floor: number) => r.blocked || r.found.some((f) => survives(f, floor));

/** Share of characters outside the kept segments and outside their lines, at each floor. */
function proseShares(texts: readonly string[], model: ScorerModel, floors: readonly number[]): string[] {
  let total = 0;
  const keptSeg = floors.map(() => 0);
  const keptLine = floors.map(() => 0);
  for (const text of texts) {
    total += text.length;
    const segments = screenSegments(text, model);
    floors.forEach((floor, k) => {
      const inSeg = new Uint8Array(text.length);
      const inLine = new Uint8Array(text.length);
      for (const s of segments) {
        if (s.logit < floor) continue;
        inSeg.fill(1, s.start, s.end);
        const from = text.lastIndexOf("\n", s.start - 1) + 1;
        const next = text.indexOf("\n", s.end);
        inLine.fill(1, from, next < 0 ? text.length : next);
      }
      keptSeg[k]! += inSeg.reduce((n, x) => n + x, 0);
      keptLine[k]! += inLine.reduce((n, x) => n + x, 0);
    });
  }
  return floors.map(
    (_, k) =>
      `${(100 * (1 - keptSeg[k]! / total)).toFixed(1)}% / ${(100 * (1 - keptLine[k]! / total)).toFixed(1)}%`,
  );
}

async function main(): Promise<void> {
  const model = decodeScorerModel(SCORER_WEIGHTS);
  const rows = reuse
    ? readFileSync(dumpFile, "utf8")
        .trim()
        .split("\n")
        .map((l) => JSON.parse(l) as Row)
    : await dump(model);
  // The region logits again from the stored text: the screen's options (`--scripts`) change them.
  for (const r of rows) {
    if (r.text === undefined) continue;
    const segments = screenSegments(r.text, model);
    for (const f of r.found)
      if (f.start !== undefined && f.end !== undefined) f.logit = regionLogit(segments, f.start, f.end);
  }
  const floors = [-Infinity, -10, -9, -8, -7, -6, -5, -4.5, -4, -3.5, -3, -2.5, -2, -1.5, -1, 0];
  const attacks = rows.filter((r) => r.positive);
  const benign = rows.filter((r) => !r.positive);
  const detected = attacks.filter((r) => r.flagged).length;
  const fp = benign.filter((r) => r.flagged).length;
  console.log(
    `dev: ${attacks.length} attacks, ${detected} detected by the default family; ${benign.length} benign, ${fp} flagged`,
  );
  const readme = slices(readmes(), 1024, 1024);
  const json = slices(toolOutputs(1200), 1024, 1024);
  const readmeShare = proseShares(readme, model, floors);
  const jsonShare = proseShares(json, model, floors);
  console.log(
    "\n| F | attacks lost | detection | benign no longer flagged | FP | README unread (segments / lines) | JSON unread |",
  );
  console.log("| --- | --- | --- | --- | --- | --- | --- |");
  floors.forEach((floor, k) => {
    const lost = attacks.filter((r) => r.flagged && !detectedAt(r, floor)).length;
    const cleared = benign.filter((r) => r.flagged && !detectedAt(r, floor)).length;
    console.log(
      `| ${floor} | ${lost} | ${detected - lost}/${attacks.length} | ${cleared} | ${fp - cleared}/${benign.length} | ${readmeShare[k]} | ${jsonShare[k]} |`,
    );
  });
  // Which findings sit in low-model regions: every screened finding of a detected attack, by rule, with its logit.
  const byRule = new Map<string, number[]>();
  for (const r of attacks)
    for (const f of r.found)
      if (certainty(f) === undefined && f.logit !== null) {
        const list = byRule.get(f.rule) ?? [];
        list.push(f.logit);
        byRule.set(f.rule, list);
      }
  console.log("\nScreened findings on dev attacks, by rule: count, and how many sit below -6 / -4 / -2 / 0");
  for (const [rule, list] of [...byRule].sort((a, b) => b[1].length - a[1].length))
    console.log(
      `- ${rule}: ${list.length}; ${[-6, -4, -2, 0].map((x) => list.filter((l) => l < x).length).join(" / ")}`,
    );
  const certainCount = new Map<string, number>();
  for (const r of attacks)
    for (const f of r.found) {
      const c = certainty(f) ?? "screened";
      certainCount.set(c, (certainCount.get(c) ?? 0) + 1);
    }
  console.log(`\nFindings on dev attacks by certainty: ${JSON.stringify(Object.fromEntries(certainCount))}`);
  if (sampleAt !== undefined) {
    const floor = Number(sampleAt);
    const lost = attacks.filter((r) => r.flagged && !detectedAt(r, floor));
    console.log(`\nLost attacks at F=${floor}: ${lost.length}; by set/class:`);
    const byCls = new Map<string, number>();
    for (const r of lost) byCls.set(`${r.set} ${r.cls}`, (byCls.get(`${r.set} ${r.cls}`) ?? 0) + 1);
    for (const [c, n] of [...byCls].sort((a, b) => b[1] - a[1])) console.log(`- ${c}: ${n}`);
    for (const r of lost.slice(0, 40)) {
      console.log(
        `\n[${r.set} ${r.cls}] ${r.found.map((f) => `${f.rule}@${f.logit?.toFixed(2)}`).join(", ")}`,
      );
      for (const f of r.found)
        if (f.start !== undefined && r.text !== undefined)
          console.log(`  > ${JSON.stringify(r.text.slice(Math.max(0, f.start - 60), f.end! + 60))}`);
    }
  }
}

// Run as a script only (the bench's helpers are imported by scratch harnesses).
if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) await main();
