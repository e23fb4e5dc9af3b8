/**
 * `npx tsx bench/scorer/conv/export.ts <out dir> [--words=12 --grams=11]`: writes what train.py learns and chooses
 * from, as token ids (tokens.ts), so the Python side never reads text and cannot tokenise differently:
 *
 * - `train.jsonl`: the training documents of bench/scorer/train.ts (the eval set's train split and the corpus' train
 *   part; the s14 classes corpus stays dev/report only): each unique benign sentence once with its weight, and the
 *   candidate sentences of each attack document (those not also benign, by the same key and shape rules as
 *   train.ts) grouped by document; plus train.ts' respellings (hyphens, glued, typo) as extra bags.
 * - `dev.jsonl`: every dev document (eval-set dev split, corpus dev part, benign set dev half) with its segments,
 *   what the rules alone decide on it (the model off), its carrier group, and the shipped linear model's document
 *   logit, so rules + conv and rules + linear are compared on the same documents.
 * - `floor.jsonl`: the paraphrases and benign look-alikes of test/unit/injection-scorer.test.ts (the paraphrase
 *   floor), read from that file.
 *
 * Never reads the eval set's test split, the corpus' report part, the benign set's frozen half or the blind set.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { decodeScorerModel } from "../../../src/engine/detectors/injection/scorer/model.js";
import { MIN_REPORTED_LENGTH, maxLogit } from "../../../src/engine/detectors/injection/scorer/score-text.js";
import { forEachSegment, scoringText } from "../../../src/engine/detectors/injection/scorer/segments.js";
import { SCORER_WEIGHTS } from "../../../src/engine/detectors/injection/scorer/weights.js";
import { toReadingView } from "../../../src/engine/detectors/injection/structure/reading-view.js";
import { generateSplit, loadSplitDefinition } from "../../eval-set/generate.js";
import { seeded } from "../../eval-set/rand.js";
import { loadBenign } from "../../injection-benign/load.js";
import { corporaRoot, corpusDocuments } from "../corpora.js";
import { floorList } from "../floor-lists.js";
import { respellings } from "../respellings.js";
import { flaggedByRulesOnly } from "../rules-only.js";
import { keyOf, shapes } from "../segment-keys.js";
import { type ConvVocabulary, tokensOf } from "./tokens.js";

const args = process.argv.slice(2);
const outDir = args.find((a) => !a.startsWith("--")) ?? "/tmp/s15-injconv/data";
const num = (name: string, fallback: number) =>
  Number(args.find((a) => a.startsWith(`--${name}=`))?.split("=")[1] ?? fallback);
const vocab: ConvVocabulary = { wordsLog2: num("words", 12), gramsLog2: num("grams", 11) };
const SEED = 20261124;

interface Doc {
  text: string;
  positive: boolean;
  source: string;
  group: string;
}

/** Segments of a text's scoring view: `[start, end, line]` with their text. */
function segments(text: string): { s: string; at: number; len: number; line: number }[] {
  const view = scoringText(toReadingView(text).text);
  const out: { s: string; at: number; len: number; line: number }[] = [];
  forEachSegment(view, (start, end, line) =>
    out.push({ s: view.slice(start, end), at: start, len: end - start, line }),
  );
  return out;
}

const tok = (s: string) => tokensOf(s, 0, s.length, vocab);

function evalSet(split: "train" | "dev"): Doc[] {
  return generateSplit(loadSplitDefinition(), split)
    .filter((s) => s.task === "injection")
    .map((s) => ({
      text: s.text,
      positive: s.positive,
      source: `eval-set ${split}`,
      group: `eval-set carrier ${s.carrierId}`,
    }));
}

function exportTrain(docs: Doc[]): string[] {
  const benign = new Map<string, number>();
  for (const d of docs)
    if (!d.positive)
      for (const { s } of segments(d.text)) benign.set(keyOf(s), (benign.get(keyOf(s)) ?? 0) + 1);
  const shapeOf = shapes(docs);
  const benignShapes = new Set([...benign.keys()].map(shapeOf));
  const lines: string[] = [];
  for (const [key, n] of benign) lines.push(JSON.stringify({ k: "neg", w: Math.min(10, n), t: tok(key) }));
  const seen = new Set<string>();
  const random = seeded(SEED ^ 0xa11);
  let bag = 0;
  const candidates: string[][] = [];
  for (const d of docs) {
    if (!d.positive) continue;
    const keys: string[] = [];
    for (const { s } of segments(d.text)) {
      const key = keyOf(s);
      if (benign.has(key) || seen.has(key) || benignShapes.has(shapeOf(key))) continue;
      seen.add(key);
      keys.push(key);
    }
    if (keys.length > 0) candidates.push(keys);
  }
  for (const keys of candidates) {
    const b = bag++;
    for (const key of keys) lines.push(JSON.stringify({ k: "pos", d: b, t: tok(key) }));
  }
  // Respelled bags: the same respelling of every candidate of a document, one bag per kind.
  for (const keys of candidates) {
    const variants = keys.map((k) => respellings(k, random));
    for (let kind = 0; kind < 3; kind++) {
      const b = bag++;
      for (const v of variants)
        if (v[kind] !== undefined) lines.push(JSON.stringify({ k: "pos", d: b, t: tok(v[kind]!), r: 1 }));
    }
  }
  const negatives = [...benign.keys()];
  const stride = Math.max(1, Math.floor(negatives.length / Math.max(1, candidates.length)));
  for (let i = 0; i < negatives.length; i += stride)
    for (const v of respellings(negatives[i]!, random))
      lines.push(JSON.stringify({ k: "neg", w: 1, t: tok(v), r: 1 }));
  console.log(
    `train: ${benign.size} benign sentences, ${candidates.length} attack bags, ${bag} bags with respellings`,
  );
  return lines;
}

async function exportDev(docs: Doc[]): Promise<string[]> {
  const linear = decodeScorerModel(SCORER_WEIGHTS);
  const lines: string[] = [];
  let n = 0;
  for (const d of docs) {
    const segs = segments(d.text).map(({ s, at, len, line }) => ({ t: tok(s), at, len, line }));
    lines.push(
      JSON.stringify({
        y: d.positive ? 1 : 0,
        rules: (await flaggedByRulesOnly(d.text)) ? 1 : 0,
        lin: maxLogit(d.text, linear),
        src: d.source,
        group: d.group,
        segs,
      }),
    );
    if (++n % 1000 === 0) console.log(`dev ${n}/${docs.length}`);
  }
  return lines;
}

function floorItems(): string[] {
  return [
    ...floorList("PARAPHRASES").map((text) => ({ text, y: 1 })),
    ...floorList("BENIGN").map((text) => ({ text, y: 0 })),
  ].map(({ text, y }) =>
    JSON.stringify({
      y,
      text,
      segs: segments(text).map(({ s, at, len, line }) => ({ t: tok(s), at, len, line })),
    }),
  );
}

async function main(): Promise<void> {
  mkdirSync(outDir, { recursive: true });
  const corpus = corpusDocuments(corporaRoot());
  const asDoc = (d: { text: string; positive: boolean; source: string }): Doc => ({ ...d, group: d.source });
  const train: Doc[] = [...evalSet("train"), ...corpus.filter((d) => d.part === "train").map(asDoc)];
  const dev: Doc[] = [...evalSet("dev"), ...corpus.filter((d) => d.part === "dev").map(asDoc)];
  const benignDev = await loadBenign("dev");
  if (benignDev.missing > 0) console.log(`benign set, dev half: ${benignDev.missing} documents missing here`);
  for (const d of benignDev.docs)
    dev.push({
      text: d.text,
      positive: false,
      source: "benign set dev half",
      group: `benign set ${d.source}`,
    });
  writeFileSync(join(outDir, "floor.jsonl"), `${floorItems().join("\n")}\n`);
  writeFileSync(join(outDir, "train.jsonl"), `${exportTrain(train).join("\n")}\n`);
  writeFileSync(join(outDir, "dev.jsonl"), `${(await exportDev(dev)).join("\n")}\n`);
  writeFileSync(
    join(outDir, "meta.json"),
    JSON.stringify({ ...vocab, minReported: MIN_REPORTED_LENGTH, train: train.length, dev: dev.length }),
  );
  console.log(`wrote ${outDir}: train ${train.length} documents, dev ${dev.length}`);
}

await main();
