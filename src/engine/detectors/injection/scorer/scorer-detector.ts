import type { TextDetector, TextMatch } from "../../../types.js";
import { decodeScorerModel, type ScorerModel, type ScorerWeights } from "./model.js";
import { scoreText } from "./score-text.js";
import { SCORER_WEIGHTS } from "./weights.js";

export const SCORER_RULE_ID = "injection.scorer";
export const SCORER_TYPE = "scored_instruction";

/** The shipped model, decoded once per process on first use (not at import: a policy with the rule off never pays). */
let shipped: ScorerModel | undefined;

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
      scoreText(text, model, model.threshold, (span) => {
        out.push({
          kind: "injection",
          type: SCORER_TYPE,
          start: span.start,
          end: span.end,
          ruleId: SCORER_RULE_ID,
        });
      });
    },
  };
}
