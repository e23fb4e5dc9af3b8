/**
 * Row: every detector family but injection, together, against langchain's built-in PII detectors on 1 MB of text,
 * on the calling thread. "Together" is the whole output check (sanitizers, secrets, PII, the decisions and the
 * rewrite) with the injection family switched off, so nothing the check does is left out of the figure.
 * Goal (issue 16): at least 2x langchain's speed, i.e. langchain's time / ours >= 2.
 */
import { LocalPolicyEngine } from "../../src/engine/local-engine.js";
import { interleave, medianRatio, ratioSpread } from "../lib/interleave.js";
import { benchText, fmtRatio, langchainDetectors, type SpeedRow, textRequest } from "./common.js";

export const NO_INJECTION = { injection: { input: "off", output: "off" } } as const;

export async function familiesTextRow(rounds = 9): Promise<SpeedRow> {
  const text = benchText();
  const request = textRequest(text);
  const engine = new LocalPolicyEngine(NO_INJECTION, { worker: false });
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
    row: "every family but injection (output check, calling thread) vs langchain built-ins, 1 MB text",
    value: speed,
    unit: "x",
    goal: ">= 2x",
    met: speed >= 2,
    detail: `${rounds} interleaved rounds (per-round ratios p25-p75 ${ratioSpread(result, "langchain", "tollgate")}); medians langchain ${result.medianMs.langchain!.toFixed(1)} ms, ours ${result.medianMs.tollgate!.toFixed(1)} ms; ${findings} findings`,
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const r = await familiesTextRow();
  console.log(`${r.row}: ${fmtRatio(r.value)} (${r.goal}) ${r.detail}`);
}
