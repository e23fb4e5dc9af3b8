/**
 * Row: the full default output check of a result whose JSON is `structuredContent` (~100k short strings and keys),
 * on the calling thread. Goal (issue 16): at least 50 MB/s. On a shared machine an absolute speed says little, so
 * the row also gives langchain's built-in detectors' speed on 1 MB of text measured in the same rounds, and our
 * speed as a share of it.
 *
 * Every check reads a result it has not read before (records of another seed each time): the engine remembers
 * strings it read clean (keys, enums) from one check to the next, and a row that checked one result over and over
 * measured that memory, not a tool's next result (until 2026-11-26 it did: 9.4 MB/s of CPU for the same result
 * again against 1.8 MB/s for a new one, on the same commit).
 */
import { LocalPolicyEngine } from "../../src/engine/local-engine.js";
import { interleave, medianRatio } from "../lib/interleave.js";
import { median } from "../lib/stats.js";
import { benchText, langchainDetectors, MB, type SpeedRow, structuredRequest } from "./common.js";
import { NO_INJECTION } from "./families-text.js";

export async function structuredRow(rounds = 7): Promise<SpeedRow> {
  const text = benchText();
  const textBytes = Buffer.byteLength(text, "utf8");
  // One result per check of each engine: the warm-up's and one per round.
  const requests = Array.from({ length: rounds + 1 }, (_, i) => structuredRequest(MB, 100 + i));
  const bytes = requests.reduce((sum, r) => sum + r.bytes, 0) / requests.length;
  const engine = new LocalPolicyEngine({}, { worker: false });
  const noInjection = new LocalPolicyEngine(NO_INJECTION, { worker: false });
  const findings = (await new LocalPolicyEngine({}, { worker: false }).checkOutput(requests[0]!.request))
    .findings.length;
  // Process CPU time per check too (the machine is shared: wall clock counts other processes' time).
  const cpu: Record<string, number[]> = { tollgate: [], "no-injection": [] };
  const fresh = (
    name: string,
    check: (request: (typeof requests)[number]["request"]) => Promise<unknown>,
  ) => {
    let next = 0;
    return async () => {
      const start = process.cpuUsage();
      await check(requests[next++ % requests.length]!.request);
      const used = process.cpuUsage(start);
      cpu[name]!.push((used.user + used.system) / 1000);
    };
  };
  const result = await interleave(
    [
      { name: "langchain", run: () => langchainDetectors(text) },
      { name: "tollgate", run: fresh("tollgate", (r) => engine.checkOutput(r)) },
      { name: "no-injection", run: fresh("no-injection", (r) => noInjection.checkOutput(r)) },
    ],
    rounds,
  );
  const mbps = (ms: number, size: number) => size / 1e6 / (ms / 1000);
  const ours = mbps(result.medianMs.tollgate!, bytes);
  // The warm-up's check is not counted.
  const cpuMbps = (name: string) => mbps(median(cpu[name]!.slice(1)), bytes);
  // Per round: our MB/s over langchain's MB/s (its bytes are the 1 MB text).
  const share = medianRatio(result, "langchain", "tollgate") * (bytes / textBytes);
  const shareNoInjection = medianRatio(result, "langchain", "no-injection") * (bytes / textBytes);
  return {
    row: "structuredContent (1 MB of JSON records as an object), full default output check, calling thread",
    value: ours,
    unit: "MB/s",
    goal: ">= 50 MB/s",
    met: ours >= 50,
    detail: `${rounds} interleaved rounds, a new result each check; langchain on 1 MB text ${mbps(result.medianMs.langchain!, textBytes).toFixed(1)} MB/s in the same rounds; ours ${share.toFixed(2)}x of langchain's MB/s (without injection ${shareNoInjection.toFixed(2)}x); CPU time ${cpuMbps("tollgate").toFixed(1)} MB/s (without injection ${cpuMbps("no-injection").toFixed(1)}); ${findings} findings`,
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const r = await structuredRow();
  console.log(`${r.row}: ${r.value.toFixed(1)} MB/s (${r.goal}) ${r.detail}`);
}
