/**
 * Peak RSS growth while the local engine checks one 10 MB result. Runs in a fresh child process (so earlier
 * benches leave nothing behind). The check is synchronous CPU work, so a worker thread samples the process's RSS
 * every millisecond into shared memory: growth = highest RSS seen during the check minus RSS just before it.
 * (The kernel's maxRSS high-water mark cannot be used: generating the input already sets it.)
 */
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import { LocalPolicyEngine } from "../src/engine/local-engine.js";
import { type InputKind, payload, textResult } from "./fixtures/inputs.js";
import { collectGarbage } from "./lib/stats.js";

export interface MemoryRow {
  input: InputKind;
  /** Whether the engine had its worker thread (the default) or checked in the calling thread only. */
  worker: boolean;
  bytes: number;
  rssBeforeMb: number;
  peakRssMb: number;
  peakGrowthMb: number;
  growthPerInputByte: number;
  checkMs: number;
  findings: number;
}

const SAMPLER = `
const { workerData } = require("node:worker_threads");
const peak = new Float64Array(workerData.buffer, 0, 1);
const flag = new Int32Array(workerData.buffer, 8, 2);
while (Atomics.load(flag, 0) === 0) {
  const rss = process.memoryUsage.rss();
  if (Atomics.load(flag, 1) === 1 && rss > peak[0]) peak[0] = rss;
  Atomics.wait(flag, 0, 0, 1);
}`;

/** Samples process RSS on a worker thread while `fn` runs; returns the highest value seen. */
async function peakRssDuring<T>(fn: () => Promise<T>): Promise<{ value: T; peak: number; before: number }> {
  const buffer = new SharedArrayBuffer(16);
  const peak = new Float64Array(buffer, 0, 1);
  const flag = new Int32Array(buffer, 8, 2);
  const worker = new Worker(SAMPLER, { eval: true, workerData: { buffer } });
  await new Promise((resolve) => worker.once("online", resolve));
  await new Promise((resolve) => setTimeout(resolve, 20));
  const before = process.memoryUsage.rss();
  peak[0] = before;
  Atomics.store(flag, 1, 1);
  const value = await fn();
  await new Promise((resolve) => setTimeout(resolve, 5));
  Atomics.store(flag, 1, 0);
  const seen = Math.max(peak[0]!, process.memoryUsage.rss());
  Atomics.store(flag, 0, 1);
  Atomics.notify(flag, 0);
  await worker.terminate();
  return { value, peak: seen, before };
}

async function child(input: InputKind, bytes: number, worker: boolean): Promise<MemoryRow> {
  // The default maxOutputBytes is 8 MB; raise it so the 10 MB result is checked, not refused.
  const engine = new LocalPolicyEngine(
    { limits: { maxOutputBytes: 64 * 1024 * 1024 } },
    worker ? {} : { worker: false },
  );
  // With the worker (the default), it is started first so the measured check uses it; its heap and the copy of
  // the string it is sent are in this process's RSS, so they count.
  const running = worker && (await engine.startWorker());
  // Warm the engine on a small result so code compilation is not counted as the check's memory.
  await engine.checkOutput({
    connectorType: "b.p",
    serverName: "b",
    toolName: "p",
    callId: "w",
    args: {},
    result: textResult(payload(input, 64 * 1024)),
  });
  const text = payload(input, bytes);
  const result = textResult(text);
  collectGarbage();
  collectGarbage();
  const started = performance.now();
  const {
    value: decision,
    peak,
    before,
  } = await peakRssDuring(() =>
    engine.checkOutput({
      connectorType: "b.p",
      serverName: "b",
      toolName: "p",
      callId: "m",
      args: {},
      result,
    }),
  );
  const checkMs = performance.now() - started;
  const size = Buffer.byteLength(text, "utf8");
  return {
    input,
    worker: running,
    bytes: size,
    rssBeforeMb: before / 1e6,
    peakRssMb: peak / 1e6,
    peakGrowthMb: (peak - before) / 1e6,
    growthPerInputByte: (peak - before) / size,
    checkMs,
    findings: decision.findings.length,
  };
}

export function runMemory(bytes = 10 * 1024 * 1024, inputs: InputKind[] = ["text", "json"]): MemoryRow[] {
  const self = fileURLToPath(import.meta.url);
  return inputs.flatMap((input) =>
    [true, false].map((worker) => {
      const out = execFileSync(
        process.execPath,
        ["--expose-gc", "--import", "tsx", self, "--child", input, String(bytes), String(worker)],
        { encoding: "utf8", maxBuffer: 1024 * 1024 },
      );
      return JSON.parse(out.trim().split("\n").pop()!) as MemoryRow;
    }),
  );
}

if (process.argv.includes("--child")) {
  const i = process.argv.indexOf("--child");
  const row = await child(
    process.argv[i + 1] as InputKind,
    Number(process.argv[i + 2]),
    process.argv[i + 3] !== "false",
  );
  process.stdout.write(`${JSON.stringify(row)}\n`);
} else if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(runMemory());
}
