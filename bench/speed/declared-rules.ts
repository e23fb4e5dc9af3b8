/**
 * Row: what 200 more declared rules cost on 1 MB of text (calling thread): the default check against the same check
 * with 200 vendor-style token rules declared in the policy, none of which occurs in the text; half give keywords,
 * half only a pattern whose literal prefix the prefilter derives. Goal (issue 16): the cost stays flat (ratio of
 * times near 1).
 */

import { LocalPolicyEngine } from "../../src/engine/local-engine.js";
import type { PolicyConfig } from "../../src/engine/policy-types.js";
import { interleave, medianRatio, ratioSpread } from "../lib/interleave.js";
import { benchText, fmtRatio, type SpeedRow, textRequest } from "./common.js";

export function declaredRules(count: number): NonNullable<PolicyConfig["customRules"]> {
  return Array.from({ length: count }, (_, i) => ({
    id: `bench.vendor${i}`,
    kind: "secret" as const,
    type: `vendor${i}_token`,
    pattern: `vnd${i}q_[A-Za-z0-9]{24}`,
    ...(i % 2 === 0 ? { keywords: [`vnd${i}q_`] } : {}),
  }));
}

/** Flat: at most 10% slower with the 200 rules (medians of per-round ratios). */
const FLAT = 1.1;

export async function declaredRulesRow(rounds = 7): Promise<SpeedRow> {
  const text = benchText();
  const request = textRequest(text);
  const base = new LocalPolicyEngine({}, { worker: false });
  const more = new LocalPolicyEngine({ customRules: declaredRules(200) }, { worker: false });
  const findings = (await more.checkOutput(request)).findings.length;
  const result = await interleave(
    [
      { name: "default", run: () => base.checkOutput(request) },
      { name: "+200", run: () => more.checkOutput(request) },
    ],
    rounds,
  );
  const ratio = medianRatio(result, "+200", "default");
  return {
    row: "+200 declared rules (100 with keywords, 100 pattern only) / default policy, 1 MB text, calling thread",
    value: ratio,
    unit: "x",
    goal: `<= ${FLAT}x (flat)`,
    met: ratio <= FLAT,
    detail: `${rounds} interleaved rounds (per-round ratios p25-p75 ${ratioSpread(result, "+200", "default")}); medians default ${result.medianMs.default!.toFixed(1)} ms, +200 ${result.medianMs["+200"]!.toFixed(1)} ms; ${findings} findings`,
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const r = await declaredRulesRow();
  console.log(`${r.row}: ${fmtRatio(r.value)} (${r.goal}) ${r.detail}`);
}
