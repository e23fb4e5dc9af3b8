/**
 * The convolutional scorer's forward pass in TypeScript (train.py documents the model): decode the blob train.py
 * writes, then score segments of the reading view. Linear in the text: each token is embedded once and each
 * convolution position costs `filters * width * dim` multiply-adds, a constant.
 *
 * Blob layout, little endian (train.py, `write_weights`):
 *   "TGCV", u8 version (1), u8 wordsLog2, u8 gramsLog2, u8 dim, u8 filters, u8 widths count, u8 widths[...],
 *   f32 threshold, f32 embedding scale, i8 embedding[(2^wordsLog2 + 2^gramsLog2) * dim],
 *   per width: f32 scale, i8 kernel[filters][dim][width], f32 bias[filters];
 *   f32 head[filters * widths], f32 head bias.
 */
import { MIN_REPORTED_LENGTH } from "../../../src/engine/detectors/injection/scorer/score-text.js";
import { forEachSegment, scoringText } from "../../../src/engine/detectors/injection/scorer/segments.js";
import { toReadingView } from "../../../src/engine/detectors/injection/structure/reading-view.js";
import { type ConvVocabulary, forEachToken, MAX_TOKENS } from "./tokens.js";

export interface ConvModel {
  readonly vocab: ConvVocabulary;
  readonly dim: number;
  readonly filters: number;
  readonly widths: readonly number[];
  readonly threshold: number;
  /** Dequantised embedding, row per bucket. */
  readonly embedding: Float32Array;
  /** Per width: kernel as [filter][k][dim] (k the offset in the window), dequantised. */
  readonly kernels: readonly Float32Array[];
  readonly biases: readonly Float32Array[];
  readonly head: Float32Array;
  readonly headBias: number;
}

export function decodeConvModel(bytes: Uint8Array): ConvModel {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const magic = String.fromCharCode(bytes[0]!, bytes[1]!, bytes[2]!, bytes[3]!);
  if (magic !== "TGCV" || bytes[4] !== 1) throw new Error("not a conv scorer blob");
  const vocab = { wordsLog2: bytes[5]!, gramsLog2: bytes[6]! };
  const dim = bytes[7]!;
  const filters = bytes[8]!;
  const count = bytes[9]!;
  const widths = [...bytes.subarray(10, 10 + count)];
  let at = 10 + count;
  const f32 = () => {
    const v = view.getFloat32(at, true);
    at += 4;
    return v;
  };
  const threshold = f32();
  const embScale = f32();
  const rows = (1 << vocab.wordsLog2) + (1 << vocab.gramsLog2);
  const embedding = new Float32Array(rows * dim);
  for (let i = 0; i < embedding.length; i++) embedding[i] = ((bytes[at + i]! << 24) >> 24) * embScale;
  at += embedding.length;
  const kernels: Float32Array[] = [];
  const biases: Float32Array[] = [];
  for (const w of widths) {
    const scale = f32();
    // Stored [filter][dim][k] (torch's Conv1d layout); kept as [filter][k][dim] so a window reads rows in order.
    const kernel = new Float32Array(filters * w * dim);
    for (let f = 0; f < filters; f++)
      for (let d = 0; d < dim; d++)
        for (let k = 0; k < w; k++)
          kernel[(f * w + k) * dim + d] = ((bytes[at + (f * dim + d) * w + k]! << 24) >> 24) * scale;
    at += filters * dim * w;
    const bias = new Float32Array(filters);
    for (let f = 0; f < filters; f++) bias[f] = f32();
    kernels.push(kernel);
    biases.push(bias);
  }
  const head = new Float32Array(filters * widths.length);
  for (let i = 0; i < head.length; i++) head[i] = f32();
  const headBias = f32();
  if (at !== bytes.length) throw new Error(`conv blob: ${bytes.length} bytes, read ${at}`);
  return { vocab, dim, filters, widths, threshold, embedding, kernels, biases, head, headBias };
}

/** Pools `text[start, end)` into `out` (filters * widths values, each >= 0). */
export function pooledSegment(
  model: ConvModel,
  text: string,
  start: number,
  end: number,
  out: Float32Array,
): void {
  const { dim, embedding, filters } = model;
  const tokens = new Float32Array(MAX_TOKENS * dim);
  let t = 0;
  forEachToken(text, start, end, model.vocab, (word, grams, n) => {
    const base = t * dim;
    const w = word * dim;
    for (let d = 0; d < dim; d++) tokens[base + d] = embedding[w + d]!;
    if (n > 0) {
      const inv = 1 / n;
      for (let d = 0; d < dim; d++) {
        let s = 0;
        for (let j = 0; j < n; j++) s += embedding[grams[j]! * dim + d]!;
        tokens[base + d] = tokens[base + d]! + s * inv;
      }
    }
    t++;
  });
  out.fill(0);
  model.widths.forEach((w, wi) => {
    const kernel = model.kernels[wi]!;
    const bias = model.biases[wi]!;
    for (let p = 0; p < t + w - 1; p++) {
      for (let f = 0; f < filters; f++) {
        let s = bias[f]!;
        for (let k = 0; k < w; k++) {
          const ti = p - (w - 1) + k;
          if (ti < 0 || ti >= t) continue;
          const kb = (f * w + k) * dim;
          const tb = ti * dim;
          for (let d = 0; d < dim; d++) s += kernel[kb + d]! * tokens[tb + d]!;
        }
        const o = wi * filters + f;
        if (s > out[o]!) out[o] = s;
      }
    }
  });
}

export function headLogit(model: ConvModel, pooled: Float32Array): number {
  let z = model.headBias;
  for (let i = 0; i < pooled.length; i++) z += model.head[i]! * pooled[i]!;
  return z;
}

/** Calls `visit` with each segment's logit (segments of the scoring view, as the linear scorer reads them). */
export function segmentLogits(model: ConvModel, input: string, visit: (logit: number) => void): void {
  const text = scoringText(toReadingView(input).text);
  const pooled = new Float32Array(model.filters * model.widths.length);
  forEachSegment(text, (start, end) => {
    pooledSegment(model, text, start, end, pooled);
    visit(headLogit(model, pooled));
  });
}

/** The highest logit over segments long enough to report and adjacent pairs of one line (score-text.ts' rule). */
export function convMaxLogit(model: ConvModel, input: string): number {
  const text = scoringText(toReadingView(input).text);
  const size = model.filters * model.widths.length;
  let pooled = new Float32Array(size);
  let previous = new Float32Array(size);
  const pair = new Float32Array(size);
  let previousStart = -1;
  let previousLine = -1;
  let best = Number.NEGATIVE_INFINITY;
  forEachSegment(text, (start, end, line) => {
    pooledSegment(model, text, start, end, pooled);
    if (end - start >= MIN_REPORTED_LENGTH) best = Math.max(best, headLogit(model, pooled));
    if (previousLine === line && end - previousStart >= MIN_REPORTED_LENGTH) {
      for (let i = 0; i < size; i++) pair[i] = Math.max(pooled[i]!, previous[i]!);
      best = Math.max(best, headLogit(model, pair));
    }
    [previous, pooled] = [pooled, previous];
    previousStart = start;
    previousLine = line;
  });
  return best;
}

interface Projected {
  readonly ids: Int32Array;
  readonly q: Float32Array;
}

/** Most tokens cached at once; the cache is emptied when full (a text of unique words pays the plain cost). */
const CACHE_LIMIT = 16384;

/**
 * The same forward pass, cheaper: a convolution is linear in its input, so each token's share of every window it can
 * sit in (`kernel_k . e`, for every width and offset `k`) is computed once per distinct token and cached; a window
 * then costs `filters` additions per token instead of `filters * dim` multiply-adds. Gives `pooledSegment`'s values
 * up to float rounding (test/unit/injection-conv-scorer.test.ts compares them).
 */
export class ConvScorer {
  readonly #model: ConvModel;
  /** Where width `wi`, offset `k` starts in a token's projection: `offsets[wi] + k * filters`. */
  readonly #offsets: number[];
  readonly #size: number;
  readonly #cache = new Map<number, Projected[]>();
  #cached = 0;
  readonly #rows: Float32Array[] = [];
  readonly #e: Float32Array;

  constructor(model: ConvModel) {
    this.#model = model;
    let at = 0;
    this.#offsets = model.widths.map((w) => {
      const o = at;
      at += w * model.filters;
      return o;
    });
    this.#size = at;
    this.#e = new Float32Array(model.dim);
  }

  get model(): ConvModel {
    return this.#model;
  }

  #project(word: number, grams: Int32Array, n: number): Float32Array {
    let h = Math.imul(0x811c9dc5 ^ word, 0x01000193);
    for (let j = 0; j < n; j++) h = Math.imul(h ^ grams[j]!, 0x01000193);
    const bucket = this.#cache.get(h);
    if (bucket !== undefined)
      for (const p of bucket) {
        if (p.ids.length !== n + 1 || p.ids[0] !== word) continue;
        let same = true;
        for (let j = 0; j < n && same; j++) same = p.ids[j + 1] === grams[j];
        if (same) return p.q;
      }
    const m = this.#model;
    const { dim, embedding, filters } = m;
    const e = this.#e;
    for (let d = 0; d < dim; d++) {
      let s = 0;
      for (let j = 0; j < n; j++) s += embedding[grams[j]! * dim + d]!;
      e[d] = embedding[word * dim + d]! + (n > 0 ? s / n : 0);
    }
    const q = new Float32Array(this.#size);
    m.widths.forEach((w, wi) => {
      const kernel = m.kernels[wi]!;
      for (let k = 0; k < w; k++)
        for (let f = 0; f < filters; f++) {
          let s = 0;
          const kb = (f * w + k) * dim;
          for (let d = 0; d < dim; d++) s += kernel[kb + d]! * e[d]!;
          q[this.#offsets[wi]! + k * filters + f] = s;
        }
    });
    if (this.#cached >= CACHE_LIMIT) {
      this.#cache.clear();
      this.#cached = 0;
    }
    const ids = new Int32Array(n + 1);
    ids[0] = word;
    ids.set(grams.subarray(0, n), 1);
    if (bucket === undefined) this.#cache.set(h, [{ ids, q }]);
    else bucket.push({ ids, q });
    this.#cached++;
    return q;
  }

  /** `pooledSegment`, by cached projections. */
  pooled(text: string, start: number, end: number, out: Float32Array): void {
    const m = this.#model;
    const rows = this.#rows;
    let t = 0;
    forEachToken(text, start, end, m.vocab, (word, grams, n) => {
      rows[t++] = this.#project(word, grams, n);
    });
    out.fill(0);
    const filters = m.filters;
    m.widths.forEach((w, wi) => {
      const bias = m.biases[wi]!;
      const base = this.#offsets[wi]!;
      for (let p = 0; p < t + w - 1; p++) {
        const first = Math.max(0, w - 1 - p);
        const last = Math.min(w, t + w - 1 - p);
        for (let f = 0; f < filters; f++) {
          let s = bias[f]!;
          for (let k = first; k < last; k++) s += rows[p - (w - 1) + k]![base + k * filters + f]!;
          const o = wi * filters + f;
          if (s > out[o]!) out[o] = s;
        }
      }
    });
  }

  /** `convMaxLogit` by cached projections. */
  maxLogit(input: string): number {
    const m = this.#model;
    const text = scoringText(toReadingView(input).text);
    const size = m.filters * m.widths.length;
    let pooled = new Float32Array(size);
    let previous = new Float32Array(size);
    const pair = new Float32Array(size);
    let previousStart = -1;
    let previousLine = -1;
    let best = Number.NEGATIVE_INFINITY;
    forEachSegment(text, (start, end, line) => {
      this.pooled(text, start, end, pooled);
      if (end - start >= MIN_REPORTED_LENGTH) best = Math.max(best, headLogit(m, pooled));
      if (previousLine === line && end - previousStart >= MIN_REPORTED_LENGTH) {
        for (let i = 0; i < size; i++) pair[i] = Math.max(pooled[i]!, previous[i]!);
        best = Math.max(best, headLogit(m, pair));
      }
      [previous, pooled] = [pooled, previous];
      previousStart = start;
      previousLine = line;
    });
    return best;
  }
}
