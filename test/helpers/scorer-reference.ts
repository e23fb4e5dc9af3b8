/**
 * The learned model's JavaScript reference, as training reads a text: each segment `forEachSegment` visits, with its
 * line number, the weight sum and the feature count of `forEachFeature` over it. The WebAssembly path must give the
 * same rows.
 */
import { forEachFeature } from "../../src/engine/detectors/injection/scorer/features.js";
import type { ScorerModel } from "../../src/engine/detectors/injection/scorer/model.js";
import { forEachSegment } from "../../src/engine/detectors/injection/scorer/segments.js";

/** One scored segment: start, end, line, weight sum, feature count. */
export type Row = [number, number, number, number, number];

export function reference(text: string, model: ScorerModel): Row[] {
  const rows: Row[] = [];
  forEachSegment(text, (start, end, line) => {
    let sum = 0;
    const count = forEachFeature(text, start, end, model.config, (bucket, sign) => {
      sum += sign * model.weights[bucket]!;
    });
    rows.push([start, end, line, sum, count]);
  });
  return rows;
}
