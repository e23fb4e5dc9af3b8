/**
 * The learned scorer's figures for `npm run eval`: alone (only `injection.scorer` on, a document counts when the
 * scorer reports a sentence in it) and combined with the default rules (flagged by the rules alone or by the
 * scorer), on the eval-set splits and on the public corpora parts it was not trained on (bench/scorer/corpora.ts).
 * "Rules" is the default policy with the scorer named off (rules-only.ts), whatever the default: since session 15
 * the default policy runs the scorer on tool output, and the caller's `check` is that default.
 */
import { LocalPolicyEngine, type OutputDecision } from "../../src/index.js";
import type { Sample } from "../eval-set/generate.js";
import type { Rate } from "../eval-set/score.js";
import { flaggedByRulesOnly } from "./rules-only.js";

/** Only the scorer acts: the rest of the injection family is off, so a finding can only be the scorer's. */
const scorerEngine = new LocalPolicyEngine({
  injection: { output: "off" },
  rules: { "injection.scorer": "flag" },
});
let seq = 0;

export async function scorerFlags(text: string): Promise<boolean> {
  const decision = await scorerEngine.checkOutput({
    connectorType: "corpus.read",
    serverName: "corpus",
    toolName: "read",
    callId: `scorer-${++seq}`,
    args: {},
    result: { content: [{ type: "text", text }] },
  });
  return decision.findings.some((f) => f.ruleId === "injection.scorer");
}

export interface ScorerSplitFigures {
  split: string;
  /** The scorer alone. */
  alone: { detection: Rate; falsePositives: Rate };
  /** The default rules, and the rules or the scorer. */
  rules: { detection: Rate; falsePositives: Rate };
  combined: { detection: Rate; falsePositives: Rate };
  /** Attacks only the scorer flags; benign documents only the scorer flags. */
  added: { detections: number; falsePositives: number };
}

const rate = (hit: number, n: number): Rate => ({ n, hit, rate: n === 0 ? Number.NaN : hit / n });

export async function measureSplit(
  split: string,
  samples: readonly Sample[],
  _defaultCheck: (text: string) => Promise<OutputDecision>,
): Promise<ScorerSplitFigures> {
  const c = { pos: 0, neg: 0, alonePos: 0, aloneNeg: 0, rulesPos: 0, rulesNeg: 0, bothPos: 0, bothNeg: 0 };
  for (const s of samples) {
    if (s.task !== "injection") continue;
    const byRules = await flaggedByRulesOnly(s.text);
    const byScorer = await scorerFlags(s.text);
    if (s.positive) {
      c.pos++;
      c.alonePos += +byScorer;
      c.rulesPos += +byRules;
      c.bothPos += +(byRules || byScorer);
    } else {
      c.neg++;
      c.aloneNeg += +byScorer;
      c.rulesNeg += +byRules;
      c.bothNeg += +(byRules || byScorer);
    }
  }
  return {
    split,
    alone: { detection: rate(c.alonePos, c.pos), falsePositives: rate(c.aloneNeg, c.neg) },
    rules: { detection: rate(c.rulesPos, c.pos), falsePositives: rate(c.rulesNeg, c.neg) },
    combined: { detection: rate(c.bothPos, c.pos), falsePositives: rate(c.bothNeg, c.neg) },
    added: { detections: c.bothPos - c.rulesPos, falsePositives: c.bothNeg - c.rulesNeg },
  };
}

export interface ScorerCorpusFigures {
  corpus: string;
  texts: number;
  alone: number;
  rules: number;
  combined: number;
}

export async function measureCorpus(
  corpus: string,
  texts: readonly string[],
  _defaultCheck: (text: string) => Promise<OutputDecision>,
): Promise<ScorerCorpusFigures> {
  const row = { corpus, texts: texts.length, alone: 0, rules: 0, combined: 0 };
  for (const text of texts) {
    const byRules = await flaggedByRulesOnly(text);
    const byScorer = await scorerFlags(text);
    row.alone += +byScorer;
    row.rules += +byRules;
    row.combined += +(byRules || byScorer);
  }
  return row;
}
