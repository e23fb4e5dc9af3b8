import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type ConvModel,
  ConvScorer,
  convMaxLogit,
  decodeConvModel,
  headLogit,
  pooledSegment,
  segmentLogits,
} from "../../bench/scorer/conv/conv-model.js";
import { tokensOf } from "../../bench/scorer/conv/tokens.js";

/**
 * The convolutional scorer experiment (bench/scorer/conv, session 15): its TypeScript forward pass against the Python
 * one. The fixture is a small model written by train.py (`--dim=4 --filters=4`, 2^8 + 2^8 buckets, one epoch) with
 * train.py's own logits for every segment and document of the paraphrase-floor texts.
 */
const FIXTURE = new URL("../../bench/scorer/conv/fixture/", import.meta.url);
const model = decodeConvModel(new Uint8Array(readFileSync(new URL("conv.bin", FIXTURE))));
const reference = JSON.parse(readFileSync(new URL("reference.json", FIXTURE), "utf8")) as {
  texts: string[];
  segmentLogits: number[];
  docLogits: (number | null)[];
};

/** torch's Conv1d read literally: the token matrix zero-padded by w-1 either side, every window, ReLU, max. */
function naivePooled(m: ConvModel, text: string): Float32Array {
  const tokens = tokensOf(text, 0, text.length, m.vocab).map((ids) => {
    const e = new Array<number>(m.dim).fill(0);
    const [word, ...grams] = ids;
    for (let d = 0; d < m.dim; d++) {
      e[d] = m.embedding[word! * m.dim + d]!;
      if (grams.length > 0)
        e[d]! += grams.reduce((s, g) => s + m.embedding[g * m.dim + d]!, 0) / grams.length;
    }
    return e;
  });
  const out = new Float32Array(m.filters * m.widths.length);
  m.widths.forEach((w, wi) => {
    const zero = new Array<number>(m.dim).fill(0);
    const padded = [...Array(w - 1).fill(zero), ...tokens, ...Array(w - 1).fill(zero)] as number[][];
    for (let p = 0; p + w <= padded.length; p++)
      for (let f = 0; f < m.filters; f++) {
        let s = m.biases[wi]![f]!;
        for (let k = 0; k < w; k++)
          for (let d = 0; d < m.dim; d++) s += m.kernels[wi]![(f * w + k) * m.dim + d]! * padded[p + k]![d]!;
        out[wi * m.filters + f] = Math.max(out[wi * m.filters + f]!, s);
      }
  });
  return out;
}

describe("convolutional scorer (experiment): TypeScript forward pass", () => {
  it("gives train.py's logit for every segment and document of the fixed set", () => {
    const segments: number[] = [];
    for (const text of reference.texts) segmentLogits(model, text, (z) => segments.push(z));
    expect(segments).toHaveLength(reference.segmentLogits.length);
    for (const [i, z] of segments.entries())
      expect(Math.abs(z - reference.segmentLogits[i]!)).toBeLessThan(1e-4);
    reference.texts.forEach((text, i) => {
      const expected = reference.docLogits[i] ?? Number.NEGATIVE_INFINITY;
      const actual = convMaxLogit(model, text);
      if (expected === Number.NEGATIVE_INFINITY) expect(actual).toBe(expected);
      else expect(Math.abs(actual - expected)).toBeLessThan(1e-4);
      expect(Math.abs(new ConvScorer(model).maxLogit(text) - actual)).toBeLessThan(1e-4);
    });
  });

  it("pools a segment as torch's zero-padded convolution does, on any text", () => {
    const pooled = new Float32Array(model.filters * model.widths.length);
    fc.assert(
      fc.property(
        fc.string({ unit: "grapheme", maxLength: 120 }),
        fc.string({ unit: fc.constantFrom("a", "é", " ", "-", ":", "0", "Z"), maxLength: 40 }),
        (a, b) => {
          const text = `${a}${b}`;
          pooledSegment(model, text, 0, text.length, pooled);
          const naive = naivePooled(model, text);
          for (let i = 0; i < pooled.length; i++) expect(Math.abs(pooled[i]! - naive[i]!)).toBeLessThan(1e-4);
          expect(Number.isFinite(headLogit(model, pooled))).toBe(true);
        },
      ),
      { seed: 1815, numRuns: 300 },
    );
  });

  it("gives the plain pass's pooled values by cached token projections, on any text", () => {
    const scorer = new ConvScorer(model);
    const plain = new Float32Array(model.filters * model.widths.length);
    const cached = new Float32Array(plain.length);
    fc.assert(
      fc.property(
        fc.array(
          fc.string({ unit: fc.constantFrom("ab", "ba", "a", "é", " ", "-", ":", "0", ". "), maxLength: 60 }),
          {
            minLength: 1,
            maxLength: 4,
          },
        ),
        (texts) => {
          // Several texts through one scorer: a later text reads projections cached by an earlier one.
          for (const text of texts) {
            pooledSegment(model, text, 0, text.length, plain);
            scorer.pooled(text, 0, text.length, cached);
            for (let i = 0; i < plain.length; i++)
              expect(Math.abs(plain[i]! - cached[i]!)).toBeLessThan(1e-4);
          }
        },
      ),
      { seed: 1816, numRuns: 300 },
    );
  });

  it("rejects a blob of another layout or length", () => {
    const bytes = new Uint8Array(readFileSync(new URL("conv.bin", FIXTURE)));
    expect(() => decodeConvModel(bytes.subarray(0, bytes.length - 1))).toThrow();
    const other = bytes.slice();
    other[0] = 0x58;
    expect(() => decodeConvModel(other)).toThrow();
  });
});
