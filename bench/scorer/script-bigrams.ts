/**
 * A trainer-only experiment (session 21, `TOLLGATE_SCRIPT_BIGRAMS=1`): character bigrams of non-Latin scripts as
 * extra features. The runtime's words treat a run of CJK (or Thai, ...) characters as one "word", and its character
 * 4-grams are the model's only view inside such a run; two adjacent letters of a non-Latin script add a bigram code
 * here. The runtime does not compute them: a model trained with them is scored by `maxLogitWithBigrams` (the
 * runtime's `maxLogit` rule re-read in JavaScript: the same segments, pairs and logit), and would be wired into
 * features.ts and the wasm feature function only if it won on dev.
 */
import {
  featureCapacity,
  fmix32,
  isWordUnit,
  writeFeatures,
} from "../../src/engine/detectors/injection/scorer/features.js";
import type { ScorerModel } from "../../src/engine/detectors/injection/scorer/model.js";
import { logitOf, MIN_REPORTED_LENGTH } from "../../src/engine/detectors/injection/scorer/score-text.js";
import { forEachSegment, scoringText } from "../../src/engine/detectors/injection/scorer/segments.js";
import { toReadingView } from "../../src/engine/detectors/injection/structure/reading-view.js";

const SEED_SCRIPT = 0x27d4eb2f;

/** A letter of a script other than Latin (Greek, Cyrillic, CJK, Hangul, Arabic, Devanagari, ...). */
export function isNonLatinLetter(c: number): boolean {
  if (c < 0x0370 || !isWordUnit(c)) return false;
  return !(c >= 0x1e00 && c <= 0x1eff) && !(c >= 0x2c60 && c <= 0x2c7f) && !(c >= 0xa720 && c <= 0xa7ff);
}

/** Appends the bigram codes (`bucket * 2 + signBit`) of adjacent non-Latin letters of `text[start, end)`. */
export function scriptBigramCodes(
  text: string,
  start: number,
  end: number,
  mask: number,
  out: number[],
): void {
  for (let i = start; i + 1 < end; i++) {
    const a = text.charCodeAt(i);
    const b = text.charCodeAt(i + 1);
    if (!isNonLatinLetter(a) || !isNonLatinLetter(b)) continue;
    const h = fmix32(Math.imul(Math.imul(0x811c9dc5 ^ SEED_SCRIPT ^ a, 0x01000193) ^ b, 0x01000193));
    out.push((h & mask) * 2 + (h >>> 31));
  }
}

/** The weight sum and count of one segment's features, with the script bigrams when `bigrams`. */
function segmentSum(text: string, a: number, b: number, model: ScorerModel, bigrams: boolean) {
  const out = new Int32Array(featureCapacity(model.config, b - a));
  const n = writeFeatures(text, a, b, model.config, out);
  const codes: number[] = Array.from(out.subarray(0, n));
  if (bigrams) scriptBigramCodes(text, a, b, (1 << model.config.bucketsLog2) - 1, codes);
  let sum = 0;
  for (const c of codes) sum += (c & 1) === 1 ? -model.weights[c >>> 1]! : model.weights[c >>> 1]!;
  return { sum, count: codes.length };
}

/** `maxLogit` (score-text.ts) re-read in JavaScript, with the script bigrams when `bigrams`. */
export function maxLogitWithBigrams(input: string, model: ScorerModel, bigrams = true): number {
  const text = scoringText(toReadingView(input).text);
  let best = Number.NEGATIVE_INFINITY;
  let previous = { start: -1, line: -1, sum: 0, count: 0 };
  forEachSegment(text, (start, end, line) => {
    const { sum, count } = segmentSum(text, start, end, model, bigrams);
    if (end - start >= MIN_REPORTED_LENGTH) best = Math.max(best, logitOf(model, sum, count));
    if (
      model.pairs &&
      previous.line === line &&
      previous.count > 0 &&
      end - previous.start >= MIN_REPORTED_LENGTH
    )
      best = Math.max(best, logitOf(model, sum + previous.sum, count + previous.count));
    previous = { start, line, sum, count };
  });
  return best;
}
