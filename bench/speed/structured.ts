/**
 * Row: the full default output check of a result whose JSON is `structuredContent` (~100k short strings and keys),
 * on the calling thread. Goal (issue 16): at least 50 MB/s. On a shared machine an absolute speed says little, so
 * the row also gives langchain's built-in detectors' speed on 1 MB of text measured in the same rounds, and our
 * speed as a share of it.
 */
import { LocalPolicyEngine } from "../../src/engine/local-engine.js";
import { interleave, medianRatio } from "../lib/interleave.js";
import { benchText, langchainDetectors, type SpeedRow, structuredRequest } from "./common.js";
import { NO_INJECTION } from "./families-text.js";

export async function structuredRow(rounds = 7): Promise<SpeedRow> {
  const text = benchText();
  const textBytes = Buffer.byteLength(text, "utf8");
  const { request, bytes } = structuredRequest();
  const engine = new LocalPolicyEngine({}, { worker: false });
  const noInjection = new LocalPolicyEngine(NO_INJECTION, { worker: false });
  const findings = (await engine.checkOutput(request)).findings.length;
  const result = await interleave(
    [
      { name: "langchain", run: () => langchainDetectors(text) },
      { name: "tollgate", run: () => engine.checkOutput(request) },
      { name: "no-injection", run: () => noInjection.checkOutput(request) },
    ],
    rounds,
  );
  const mbps = (ms: number, size: number) => size / 1e6 / (ms / 1000);
  const ours = mbps(result.medianMs.tollgate!, bytes);
  // Per round: our MB/s over langchain's MB/s (its bytes are the 1 MB text).
  const share = medianRatio(result, "langchain", "tollgate") * (bytes / textBytes);
  const shareNoInjection = medianRatio(result, "langchain", "no-injection") * (bytes / textBytes);
  return {
    row: "structuredContent (1 MB of JSON records as an object), full default output check, calling thread",
    value: ours,
    unit: "MB/s",
    goal: ">= 50 MB/s",
    met: ours >= 50,
    detail: `${rounds} interleaved rounds; langchain on 1 MB text ${mbps(result.medianMs.langchain!, textBytes).toFixed(1)} MB/s in the same rounds; ours ${share.toFixed(2)}x of langchain's MB/s (without injection ${shareNoInjection.toFixed(2)}x); ${findings} findings`,
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const r = await structuredRow();
  console.log(`${r.row}: ${r.value.toFixed(1)} MB/s (${r.goal}) ${r.detail}`);
}
