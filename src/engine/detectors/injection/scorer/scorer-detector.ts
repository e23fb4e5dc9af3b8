import type { TextDetector, TextMatch } from "../../../types.js";
import { cutBounds } from "../cut-bounds.js";
import { withoutVisibleData } from "../hidden-runs.js";
import type { Span } from "../instruction-span.js";
import { decodeScorerModel, type ScorerModel, type ScorerWeights } from "./model.js";
import { scoreText } from "./score-text.js";
import { SCORER_WEIGHTS } from "./weights.js";

export const SCORER_RULE_ID = "injection.scorer";
export const SCORER_TYPE = "scored_instruction";

/** The shipped model, decoded once per process on first use (not at import: a policy with the rule off never pays). */
let shipped: ScorerModel | undefined;

/** The shipped model, decoded and checked on the first call; throws `ScorerModelError` when the weights are bad. */
export function shippedScorerModel(): ScorerModel {
  shipped ??= decodeScorerModel(SCORER_WEIGHTS);
  return shipped;
}

/**
 * The learned injection scorer (bench/scorer/train.ts): a linear model over hashed word and character n-grams of
 * each sentence of the reading view. A sentence whose logit reaches the threshold chosen on the dev split becomes
 * one finding covering that sentence (or two adjacent sentences scored together), so `neutralise` cuts it.
 *
 * The weights are checked against their SHA-256 on first use; a mismatch throws `ScorerModelError` from `detect`,
 * which fails the check closed.
 */
export function createScorerDetector(): TextDetector {
  return scorerDetectorFrom(SCORER_WEIGHTS);
}

/** The scorer on given weights (tests load a corrupt blob through it). */
export function scorerDetectorFrom(weights: ScorerWeights): TextDetector {
  let model: ScorerModel | undefined = weights === SCORER_WEIGHTS ? shipped : undefined;
  return {
    id: SCORER_RULE_ID,
    kind: "injection",
    // No feature gate: the model can score a string without a space (a markdown image whose URL carries data is one
    // token), so only the length gate applies.
    minLength: 12,
    detect(text: string, out: TextMatch[]): void {
      if (text.length < 12) return;
      if (model === undefined) {
        model = decodeScorerModel(weights);
        if (weights === SCORER_WEIGHTS) shipped = model;
      }
      const loaded = model;
      // Collected first: splitting a span into data units scores again, and scoring is not re-entrant (one shared
      // WebAssembly module whose records a nested call would overwrite).
      const spans: Span[] = [];
      scoreText(text, model, model.threshold, (span) => spans.push({ start: span.start, end: span.end }));
      for (const span of spans)
        for (const unit of dataUnits(text, span, model)
          .flatMap((u) => withoutVisibleData(text, u, (piece) => reachesThreshold(piece, loaded)))
          .map((u) => withinQuotes(text, u)))
          out.push({
            kind: "injection",
            type: SCORER_TYPE,
            start: unit.start,
            end: unit.end,
            ruleId: SCORER_RULE_ID,
          });
    },
  };
}

/**
 * A unit that is a whole quoted cell or value (`"..."`) without its quotes: the quotes belong to the record's
 * structure (a CSV cell stays a cell after the cut), not to the instruction.
 */
function withinQuotes(text: string, unit: Span): Span {
  if (
    unit.end - unit.start >= 2 &&
    text.charCodeAt(unit.start) === 0x22 &&
    text.charCodeAt(unit.end - 1) === 0x22
  )
    return { start: unit.start + 1, end: unit.end - 1 };
  return unit;
}

/** A scored sentence split into more units than this is reported whole (a wall of one-word cells). */
const MAX_UNITS = 64;

/**
 * The data units (cutBounds: CSV cells, `key: ` values, log messages) of a scored span that hold the instruction:
 * each unit is scored on its own, and those reaching the threshold are reported, or the best one when none does
 * alone. A sentence that is one unit (prose) comes back whole. Only scored spans pay for this.
 */
function dataUnits(text: string, span: Span, model: ScorerModel): Span[] {
  const units: Span[] = [];
  for (let at = span.start; at < span.end && units.length <= MAX_UNITS; ) {
    const bounds = cutBounds(text, { start: at, end: at + 1 });
    const start = Math.max(span.start, bounds.start);
    const end = Math.min(span.end, bounds.end);
    // Seen from its last character, a unit leaves out its line's own prefix (a key, a log prefix): a unit apart.
    const value = end > start ? Math.max(start, cutBounds(text, { start: end - 1, end }).start) : start;
    for (const unit of [
      { start, end: value },
      { start: value, end },
    ])
      if (text.slice(unit.start, unit.end).trim() !== "") units.push(unit);
    at = Math.max(at + 1, end + 1);
  }
  if (units.length <= 1 || units.length > MAX_UNITS) return [span];
  let best: { unit: Span; logit: number } | undefined;
  const hits: Span[] = [];
  for (const unit of units) {
    let logit = Number.NEGATIVE_INFINITY;
    scoreText(text.slice(unit.start, unit.end), model, Number.NEGATIVE_INFINITY, (s) => {
      if (s.logit > logit) logit = s.logit;
    });
    if (logit >= model.threshold) hits.push(unit);
    if (best === undefined || logit > best.logit) best = { unit, logit };
  }
  if (hits.length > 0) return hits;
  // No unit reaches the threshold alone: when the span alone does not either, its score came from the sentences
  // around it (a data line before an instruction the rules or another span report), and cutting its best unit
  // would cut data (a line's key, the sentence before the instruction). Reported only when it scores by itself.
  return reachesThreshold(text.slice(span.start, span.end), model) ? [best!.unit] : [];
}

/** Whether a piece scores at the threshold on its own (a visible piece beside a hidden run: hidden-runs.ts). */
function reachesThreshold(piece: string, model: ScorerModel): boolean {
  let reached = false;
  scoreText(piece, model, model.threshold, () => {
    reached = true;
  });
  return reached;
}
