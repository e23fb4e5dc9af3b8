/**
 * Row: the full default output check (injection included) against langchain's built-in PII detectors on 1 MB of
 * text, on the calling thread (`worker: false`). Goal (issue 16): at least 0.5x langchain's speed.
 */
import { LocalPolicyEngine } from "../../src/engine/local-engine.js";
import { interleave, medianRatio, ratioSpread } from "../lib/interleave.js";
import { benchText, fmtRatio, langchainDetectors, type SpeedRow, textRequest } from "./common.js";

export async function fullCheckTextRow(rounds = 7): Promise<SpeedRow> {
  const text = benchText();
  const request = textRequest(text);
  const engine = new LocalPolicyEngine({}, { worker: false });
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
    row: "full default output check (calling thread) vs langchain built-ins, 1 MB text",
    value: speed,
    unit: "x",
    goal: ">= 0.5x",
    met: speed >= 0.5,
    detail: `${rounds} interleaved rounds (per-round ratios p25-p75 ${ratioSpread(result, "langchain", "tollgate")}); medians langchain ${result.medianMs.langchain!.toFixed(1)} ms, ours ${result.medianMs.tollgate!.toFixed(1)} ms; ${findings} findings`,
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const r = await fullCheckTextRow();
  console.log(`${r.row}: ${fmtRatio(r.value)} (${r.goal}) ${r.detail}`);
}
