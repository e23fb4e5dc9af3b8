import { LocalPolicyEngine } from "../../src/engine/local-engine.js";
import type { PolicyConfig } from "../../src/engine/policy-types.js";
import { interleave, medianRatio, ratioSpread } from "../lib/interleave.js";
import { benchText, langchainDetectors, type SpeedRow, textRequest } from "./common.js";

/**
 * One output check under `policy` on 1 MB of text, on the calling thread, against langchain's built-in PII detectors
 * on the same text, interleaved: the speed is langchain's median time over ours (the rows' goals are in that unit). Every round reads a new text.
 */
export async function textRowAgainstLangchain(
  policy: PolicyConfig,
  rounds: number,
  row: string,
  goal: number,
): Promise<SpeedRow> {
  // A new text every round (the same one for both arms of a round), as an agent's results are: nothing either side
  // remembers of an earlier check can help it. The warm-up run is the first.
  const texts = Array.from({ length: rounds + 1 }, (_, i) => benchText(undefined, i + 1));
  const requests = texts.map(textRequest);
  const engine = new LocalPolicyEngine(policy, { worker: false });
  const findings = (await engine.checkOutput(requests[0]!)).findings.length;
  let ours = 0;
  let theirs = 0;
  const result = await interleave(
    [
      { name: "langchain", run: () => langchainDetectors(texts[theirs++ % texts.length]!) },
      { name: "tollgate", run: () => engine.checkOutput(requests[ours++ % requests.length]!) },
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
