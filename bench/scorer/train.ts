/**
 * `npm run train:scorer [-- <corpora folder>]`: trains the injection scorer and writes its weights
 * (src/engine/detectors/injection/scorer/weights.ts). Deterministic: the same data and seed give the same bytes.
 *
 * Data: the TRAIN split of the generated eval set (bench/eval-set, injection task) and the public corpora parts of
 * bench/scorer/corpora.ts. The DEV split chooses the configuration (n-gram sizes, buckets, regularisation, whether
 * BIPIA's training attacks help) and the threshold. The test split is never read here.
 *
 * Labels are per document, the model scores sentences, so training is multiple-instance: every sentence of a
 * benign document is negative; in a document with a planted instruction, sentences also seen in benign documents
 * are negative and the rest are candidates. A first model trains with every candidate positive; then, per
 * document, only the best-scoring candidate stays positive and the rest (a carrier's unique lines: a header with a
 * random name) become negative, and the model is trained again (MIL_ROUNDS times). Keeping every candidate above 0
 * instead let carrier lines reinforce themselves (train benign e-mail headers scored as instructions).
 *
 * The learner is logistic regression by SGD with L2, written here (~40 lines) rather than taken from a library:
 * what is needed is sparse hashed input, a fixed seed, and bytes that do not change between runs or machines, and
 * no small, maintained npm package offers all three.
 */
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { type FeatureConfig, forEachFeature } from "../../src/engine/detectors/injection/scorer/features.js";
import {
  encodeScorerModel,
  type ScorerModel,
  sha256Hex,
} from "../../src/engine/detectors/injection/scorer/model.js";
import { scoreText } from "../../src/engine/detectors/injection/scorer/score-text.js";
import { forEachSegment } from "../../src/engine/detectors/injection/scorer/segments.js";
import { toReadingView } from "../../src/engine/detectors/injection/structure/reading-view.js";
import { generateSplit, loadSplitDefinition } from "../eval-set/generate.js";
import { seeded } from "../eval-set/rand.js";
import { corporaRoot, trainingCorpora } from "./corpora.js";

export const SEED = 20261124;
const EPOCHS = 30;
const MIL_ROUNDS = 3;
/** Dev benign false-positive budget for the threshold (the issue's ≤1%). */
const FP_BUDGET = 0.01;

interface Doc {
  text: string;
  positive: boolean;
  source: string;
}

interface Segment {
  key: string;
  doc: number;
}

interface Vector {
  idx: Int32Array;
  sgn: Float64Array;
}

interface Candidate {
  config: FeatureConfig;
  l2: number;
  bipiaAttacks: boolean;
}

function loadEvalSet(split: "train" | "dev"): Doc[] {
  return generateSplit(loadSplitDefinition(), split)
    .filter((s) => s.task === "injection")
    .map((s) => ({ text: s.text, positive: s.positive, source: `eval-set ${split}` }));
}

/** Sentences of a document on its reading view, as keys (digits folded so filler with other numbers matches). */
function segmentsOf(text: string): string[] {
  const view = toReadingView(text).text;
  const out: string[] = [];
  forEachSegment(view, (start, end) => out.push(view.slice(start, end)));
  return out;
}

const keyOf = (segment: string) => segment.replace(/\d/g, "0").replace(/\s+/g, " ");

const TOKEN = /[\p{L}\p{N}]+/gu;
/** Tokens in fewer than this many training documents are blanked in a sentence's shape. */
const RARE_BELOW = 5;

function shapes(docs: Doc[]): (key: string) => string {
  const frequency = new Map<string, number>();
  for (const d of docs) {
    const tokens = new Set(toReadingView(d.text).text.match(TOKEN) ?? []);
    for (const t of tokens) frequency.set(t, (frequency.get(t) ?? 0) + 1);
  }
  return (key) =>
    key.replace(TOKEN, (t) => ((frequency.get(t) ?? 0) < RARE_BELOW ? "*" : t)).replace(/\*(?:\W*\*)+/g, "*");
}

function vectorise(segment: string, config: FeatureConfig): Vector {
  const idx: number[] = [];
  const sgn: number[] = [];
  const n = forEachFeature(segment, 0, segment.length, config, (bucket, sign) => {
    idx.push(bucket);
    sgn.push(sign);
  });
  const norm = n === 0 ? 0 : 1 / Math.sqrt(n);
  return { idx: Int32Array.from(idx), sgn: Float64Array.from(sgn, (s) => s * norm) };
}

interface Model {
  w: Float64Array;
  b: number;
}

function margin(model: Model, v: Vector): number {
  let z = model.b;
  for (let j = 0; j < v.idx.length; j++) z += model.w[v.idx[j]!]! * v.sgn[j]!;
  return z;
}

function train(
  vectors: Vector[],
  labels: Uint8Array,
  sampleWeights: Float64Array,
  size: number,
  l2: number,
  seed: number,
): Model {
  const model: Model = { w: new Float64Array(size), b: 0 };
  let positives = 0;
  let negatives = 0;
  labels.forEach((y, i) => {
    if (y === 1) positives += sampleWeights[i]!;
    else negatives += sampleWeights[i]!;
  });
  // Class weights: the two classes count equally however many sentences each has.
  const weightPos = vectors.length / (2 * Math.max(1, positives));
  const weightNeg = vectors.length / (2 * Math.max(1, negatives));
  const order = Int32Array.from(vectors.keys());
  const random = seeded(seed);
  let t = 0;
  for (let epoch = 0; epoch < EPOCHS; epoch++) {
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [order[i], order[j]] = [order[j]!, order[i]!];
    }
    for (const k of order) {
      const v = vectors[k]!;
      const y = labels[k]!;
      const lr = 0.5 / (1 + t++ * 1e-5);
      const z = margin(model, v);
      const p = 1 / (1 + Math.exp(-z));
      const g = (p - y) * (y === 1 ? weightPos : weightNeg) * sampleWeights[k]!;
      for (let j = 0; j < v.idx.length; j++) {
        const at = v.idx[j]!;
        model.w[at] = model.w[at]! - lr * (g * v.sgn[j]! + l2 * model.w[at]!);
      }
      model.b -= lr * g * 0.1;
    }
  }
  return model;
}

function quantise(model: Model, config: FeatureConfig, pairs: boolean, threshold: number): ScorerModel {
  let max = 0;
  for (const w of model.w) max = Math.max(max, Math.abs(w));
  const scale = max === 0 ? 1 : max / 127;
  const weights = new Int8Array(model.w.length);
  for (let i = 0; i < weights.length; i++) weights[i] = Math.round(model.w[i]! / scale);
  return {
    config,
    pairs,
    scale: Math.fround(scale),
    bias: Math.fround(model.b),
    threshold: Math.fround(threshold),
    weights,
  };
}

/** Highest logit over a document's spans (sentences, and pairs when on). */
export function documentLogit(model: ScorerModel, text: string): number {
  let best = Number.NEGATIVE_INFINITY;
  scoreText(text, model, Number.NEGATIVE_INFINITY, (span) => {
    if (span.logit > best) best = span.logit;
  });
  return best;
}

interface Fitted {
  candidate: Candidate;
  model: ScorerModel;
  devDetection: number;
  devFalsePositives: number;
  threshold: number;
}

function fitCandidate(candidate: Candidate, docs: Doc[], dev: Doc[], pairs: boolean): Fitted {
  const { config, l2 } = candidate;
  const size = 1 << config.bucketsLog2;
  const used = docs.filter((d) => candidate.bipiaAttacks || d.source !== "bipia-attacks");
  // Unique sentences, each weighted by how many documents hold it: a carrier line in every README (a badge) weighs
  // as much as it occurs, and is computed once.
  const benignKeys = new Map<string, number>();
  for (const d of used)
    if (!d.positive)
      for (const s of segmentsOf(d.text)) benignKeys.set(keyOf(s), (benignKeys.get(keyOf(s)) ?? 0) + 1);
  const negatives: string[] = [...benignKeys.keys()];
  // A candidate with the shape of a benign sentence (same words once rare ones, names and addresses, are blanked)
  // is a carrier line, not the planted one: "to: priya.becker@..." has the shape of "to: li.wang@...".
  const shapeOf = shapes(used);
  const benignShapes = new Set(negatives.map(shapeOf));
  const candidates: Segment[] = [];
  const seen = new Set<string>();
  used.forEach((d, doc) => {
    if (!d.positive) return;
    for (const s of segmentsOf(d.text)) {
      const key = keyOf(s);
      if (benignKeys.has(key) || seen.has(key) || benignShapes.has(shapeOf(key))) continue;
      seen.add(key);
      candidates.push({ key, doc });
    }
  });
  const negVectors = negatives.map((k) => vectorise(k, config));
  const candVectors = candidates.map((c) => vectorise(c.key, config));
  const vectors = [...negVectors, ...candVectors];
  const labels = new Uint8Array(vectors.length);
  labels.fill(1, negVectors.length);
  const weights = Float64Array.from(vectors, (_, i) =>
    i < negatives.length ? benignKeys.get(negatives[i]!)! : 1,
  );
  let model = train(vectors, labels, weights, size, l2, SEED);
  for (let round = 0; round < MIL_ROUNDS; round++) {
    const best = new Map<number, { at: number; z: number }>();
    candVectors.forEach((v, i) => {
      const z = margin(model, v);
      const doc = candidates[i]!.doc;
      const b = best.get(doc);
      if (b === undefined || z > b.z) best.set(doc, { at: i, z });
    });
    candidates.forEach((candidate, i) => {
      labels[negVectors.length + i] = best.get(candidate.doc)?.at === i ? 1 : 0;
    });
    model = train(vectors, labels, weights, size, l2, SEED + round + 1);
  }
  const shipped = quantise(model, config, pairs, 0);
  const benign = dev.filter((d) => !d.positive).map((d) => documentLogit(shipped, d.text));
  const attacks = dev.filter((d) => d.positive).map((d) => documentLogit(shipped, d.text));
  // Lowest threshold with at most FP_BUDGET of the benign documents at or above it, on dev and on the eval set's
  // own training benign documents (carriers dev does not have: a model that underfits them would pass dev alone).
  const trainBenign = docs
    .filter((d) => !d.positive && d.source === "eval-set train")
    .map((d) => documentLogit(shipped, d.text));
  const budgetCut = (logits: number[]) => {
    const sorted = [...logits].sort((a, b) => b - a);
    return (sorted[Math.floor(FP_BUDGET * logits.length)] ?? Number.NEGATIVE_INFINITY) + 1e-3;
  };
  const threshold = Math.max(0, budgetCut(benign), budgetCut(trainBenign));
  const detected = attacks.filter((z) => z >= threshold).length;
  const fps = benign.filter((z) => z >= threshold).length;
  return {
    candidate,
    model: { ...shipped, threshold: Math.fround(threshold) },
    devDetection: detected / attacks.length,
    devFalsePositives: fps / benign.length,
    threshold,
  };
}

export const WEIGHTS_FILE = fileURLToPath(
  new URL("../../src/engine/detectors/injection/scorer/weights.ts", import.meta.url),
);

function writeWeights(model: ScorerModel, about: string): { bytes: number; sha256: string } {
  const bytes = encodeScorerModel(model);
  const sha256 = sha256Hex(bytes);
  const base64 = Buffer.from(bytes).toString("base64");
  writeFileSync(
    WEIGHTS_FILE,
    `/**\n * GENERATED by \`npm run train:scorer\` (bench/scorer/train.ts): do not edit. ${about}\n * Layout: model.ts; the hash is checked when the scorer first loads.\n */\nimport type { ScorerWeights } from "./model.js";\n\nexport const SCORER_WEIGHTS: ScorerWeights = {\n  sha256: "${sha256}",\n  base64:\n    "${base64}",\n};\n`,
  );
  return { bytes: bytes.length, sha256 };
}

function main(): void {
  const root = corporaRoot(process.argv.slice(2).find((a) => !a.startsWith("-")));
  const pairs = !process.argv.includes("--no-pairs");
  const trainDocs = loadEvalSet("train");
  const dev = loadEvalSet("dev");
  const corpora = trainingCorpora(root);
  const docs: Doc[] = [
    ...trainDocs,
    ...corpora.benign.flatMap((part) =>
      part.texts.map((text) => ({ text, positive: false, source: part.name })),
    ),
    ...corpora.attacks.flatMap((part) =>
      part.texts.map((text) => ({ text, positive: true, source: "bipia-attacks" })),
    ),
  ];
  console.log(
    `train: ${trainDocs.length} eval-set documents (${trainDocs.filter((d) => d.positive).length} with an injection); ${corpora.benign.map((p) => `${p.name} ${p.texts.length}`).join(", ")}; ${corpora.attacks.map((p) => `${p.name} ${p.texts.length}`).join(", ")}`,
  );
  console.log(`dev: ${dev.length} documents (${dev.filter((d) => d.positive).length} with an injection)`);
  const grid: Candidate[] = [];
  for (const bucketsLog2 of [15, 16])
    for (const charSizes of [
      [3, 4],
      [3, 4, 5],
    ])
      for (const l2 of [1e-5, 1e-4, 1e-3])
        for (const bipiaAttacks of [false, true])
          grid.push({ config: { bucketsLog2, charSizes, words: true }, l2, bipiaAttacks });
  const only = process.argv.find((a) => a.startsWith("--only="))?.slice(7);
  const chosenGrid = only === undefined ? grid : [grid[Number(only)]!];
  let best: Fitted | undefined;
  for (const candidate of chosenGrid) {
    const fitted = fitCandidate(candidate, docs, dev, pairs);
    console.log(
      `  2^${candidate.config.bucketsLog2} chars ${candidate.config.charSizes.join("")} l2 ${candidate.l2} bipia-attacks ${candidate.bipiaAttacks}: dev detection ${(fitted.devDetection * 100).toFixed(1)}% at ${(fitted.devFalsePositives * 100).toFixed(1)}% FP (threshold ${fitted.threshold.toFixed(3)})`,
    );
    // Best dev detection; on a tie the smaller, simpler model (earlier in the grid).
    if (best === undefined || fitted.devDetection > best.devDetection + 1e-9) best = fitted;
  }
  const chosen = best!;
  const c = chosen.candidate;
  const about = `Chosen on dev: 2^${c.config.bucketsLog2} buckets, character ${c.config.charSizes.join("/")}-grams + words, L2 ${c.l2}, BIPIA training attacks ${c.bipiaAttacks ? "in" : "out"}, pairs ${pairs ? "on" : "off"}; dev detection ${(chosen.devDetection * 100).toFixed(1)}% at ${(chosen.devFalsePositives * 100).toFixed(1)}% false positives, threshold ${chosen.threshold.toFixed(3)}.`;
  const written = writeWeights(chosen.model, about);
  console.log(
    `${about}\nwrote ${WEIGHTS_FILE}: ${written.bytes} bytes (sha256 ${written.sha256.slice(0, 16)}…)`,
  );
}

main();
