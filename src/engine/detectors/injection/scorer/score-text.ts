import { toReadingView, viewToInput } from "../structure/reading-view.js";
import type { ScorerModel } from "./model.js";
import { forEachReportedSpanOfInput, forEachScoredSegmentOfView } from "./scorer-wasm.js";

/** One scored span of the input: a sentence, or two adjacent sentences of one line scored together. */
export interface ScoredSpan {
  start: number;
  end: number;
  logit: number;
}

/**
 * Spans shorter than this (in reading-view units) are never reported: a fragment such as `YOUR REPLY.` or
 * `// [0, 0, 0]` has a few features, one of which can carry the logit alone, and it is too short to instruct an
 * agent by itself. Such a fragment still pairs with its neighbour.
 */
export const MIN_REPORTED_LENGTH = 20;

/**
 * The logit of a feature sum: each occurrence counts `±w / sqrt(n)` (the segment's feature vector has unit length),
 * so a long sentence is not scored higher for its length alone. Training (bench/scorer/train.ts) uses this formula.
 */
export function logitOf(model: ScorerModel, sum: number, count: number): number {
  return count === 0 ? model.bias : model.bias + (model.scale * sum) / Math.sqrt(count);
}

/**
 * Scores every segment of `input` (on its reading view) and calls `visit` for each span whose logit reaches
 * `minLogit`, in input offsets. With `model.pairs`, two adjacent sentences of one line are also scored as one
 * (their sums and counts add; the few n-grams across the join are left out), which catches an instruction split
 * over two short sentences; a pair is reported only when neither sentence was. A pair that reaches `minLogit` is
 * reported as its sentence that scores higher alone (of those long enough to report): the span a cut removes is one
 * sentence, never its neighbour ("The customer. <instruction>" cuts the instruction); only a pair of two fragments
 * too short to report alone is reported whole.
 *
 * Linear in the input: one reading-view pass, then the WebAssembly module (scorer-wasm.ts) segments the view, sums
 * each segment's feature weights (each unit hashed for a fixed number of n-gram sizes) and applies this rule itself,
 * so only the reported spans come back to JavaScript. `scoreSegments` below is the same rule read segment by segment:
 * the path when a text has more reported spans than the module keeps at once, and what
 * test/property/injection-scorer-report.property.test.ts checks the module against.
 */
export function scoreText(
  input: string,
  model: ScorerModel,
  minLogit: number,
  visit: (span: ScoredSpan) => void,
): void {
  // The callbacks are unnamed arrows: the build keeps names (`keepNames`), which names a bound one by a property
  // write at each call.
  const reported = forEachReportedSpanOfInput(input, model, minLogit, (start, end, _line, sum, count) =>
    reportSpan(input, visit, start, end, logitOf(model, sum, count)),
  );
  if (!reported)
    scoreSegments(toReadingView(input).text, model, minLogit, (start, end, logit) =>
      reportSpan(input, visit, start, end, logit),
    );
}

/** Visits the span `[start, end)` of `input`'s view in input offsets (the view is built only here, where needed). */
function reportSpan(
  input: string,
  visit: (span: ScoredSpan) => void,
  start: number,
  end: number,
  logit: number,
): void {
  const [from, to] = viewToInput(toReadingView(input), start, end);
  visit({ start: from, end: to, logit });
}

/** `scoreText`'s rule over every segment of a view's text, in view offsets (the reference the module follows). */
export function scoreSegments(
  text: string,
  model: ScorerModel,
  minLogit: number,
  report: (start: number, end: number, logit: number) => void,
): void {
  let previousStart = -1;
  let previousEnd = -1;
  let previousLine = -1;
  let previousSum = 0;
  let previousCount = 0;
  let previousLogit = Number.NEGATIVE_INFINITY;
  let previousHit = false;
  forEachScoredSegmentOfView(text, model, (start, end, line, sum, count) => {
    const logit = logitOf(model, sum, count);
    const hit = logit >= minLogit && end - start >= MIN_REPORTED_LENGTH;
    if (hit) report(start, end, logit);
    else if (
      model.pairs &&
      !previousHit &&
      previousLine === line &&
      previousCount > 0 &&
      end - previousStart >= MIN_REPORTED_LENGTH
    ) {
      const pair = logitOf(model, sum + previousSum, count + previousCount);
      if (pair >= minLogit) {
        const previousLong = previousEnd - previousStart >= MIN_REPORTED_LENGTH;
        const currentLong = end - start >= MIN_REPORTED_LENGTH;
        if (!previousLong && !currentLong) report(previousStart, end, pair);
        else if (previousLong && (!currentLong || previousLogit > logit))
          report(previousStart, previousEnd, pair);
        else report(start, end, pair);
      }
    }
    previousStart = start;
    previousEnd = end;
    previousLine = line;
    previousSum = sum;
    previousCount = count;
    previousLogit = logit;
    previousHit = hit;
  });
}

/**
 * The highest logit `scoreText` can report on `input`: over every segment long enough to report and every pair of
 * adjacent segments of one line. A threshold flags the input exactly when this reaches it (with a finite threshold a
 * pair is scored when neither of its sentences reaches it alone). Training chooses thresholds with it.
 */
export function maxLogit(input: string, model: ScorerModel): number {
  const text = toReadingView(input).text;
  let best = Number.NEGATIVE_INFINITY;
  let previousStart = -1;
  let previousLine = -1;
  let previousSum = 0;
  let previousCount = 0;
  forEachScoredSegmentOfView(text, model, (start, end, line, sum, count) => {
    if (end - start >= MIN_REPORTED_LENGTH) best = Math.max(best, logitOf(model, sum, count));
    if (
      model.pairs &&
      previousLine === line &&
      previousCount > 0 &&
      end - previousStart >= MIN_REPORTED_LENGTH
    )
      best = Math.max(best, logitOf(model, sum + previousSum, count + previousCount));
    previousStart = start;
    previousLine = line;
    previousSum = sum;
    previousCount = count;
  });
  return best;
}

/**
 * The model's opinion of one finding of another detector: the highest logit over the segments of
 * `input.slice(start, end)` and their adjacent pairs, short ones included (a finding's sentence is judged whatever
 * its length). Negative infinity for a span with no segment.
 */
export function spanLogit(input: string, start: number, end: number, model: ScorerModel): number {
  const text = toReadingView(input.slice(start, end)).text;
  let best = Number.NEGATIVE_INFINITY;
  let previousLine = -1;
  let previousSum = 0;
  let previousCount = 0;
  forEachScoredSegmentOfView(text, model, (_from, _to, line, sum, count) => {
    if (count > 0) best = Math.max(best, logitOf(model, sum, count));
    if (model.pairs && previousLine === line && previousCount > 0)
      best = Math.max(best, logitOf(model, sum + previousSum, count + previousCount));
    previousLine = line;
    previousSum = sum;
    previousCount = count;
  });
  return best;
}
