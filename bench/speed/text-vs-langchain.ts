import { LocalPolicyEngine } from "../../src/engine/local-engine.js";
import type { PolicyConfig } from "../../src/engine/policy-types.js";
import { interleave, medianRatio, ratioSpread } from "../lib/interleave.js";
import { benchText, langchainDetectors, type SpeedRow, textRequest } from "./common.js";

/**
 * One output check under `policy` on 1 MB of text, on the calling thread, against langchain's built-in PII detectors
 * on the same text, interleaved: the speed is langchain's median time over ours (the rows' goals are in that unit).
 */
export async function textRowAgainstLangchain(
  policy: PolicyConfig,
  rounds: number,
  row: string,
  goal: number,
): Promise<SpeedRow> {
  const text = benchText();
  const request = textRequest(text);
  const engine = new LocalPolicyEngine(policy, { worker: false });
  const findings = (await engine.checkOutput(request)).findings.length;
  const result = await interleave(
    [
      { name: "langchain", run: () => langchainDetectors(text) },
      { name: "tollgate", run: () => engine.checkOutput(request) },
    ],
    rounds,
  );
  const speed = medianRatio(result, "langchain", "tollgate");
  return {
    row,
    value: speed,
    unit: "x",
    goal: `>= ${goal}x`,
    met: speed >= goal,
    detail: `${rounds} interleaved rounds (per-round ratios p25-p75 ${ratioSpread(result, "langchain", "tollgate")}); medians langchain ${result.medianMs.langchain!.toFixed(1)} ms, ours ${result.medianMs.tollgate!.toFixed(1)} ms; ${findings} findings`,
  };
}
