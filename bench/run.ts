/**
 * `npm run bench`: per-call overhead through a real MultiServerMCPClient, output-check throughput next to peer JS
 * redactors, and peak memory on a 10 MB result, in one run on the same inputs. Prints markdown tables and writes
 * bench/results/latest.json (gitignored) with the date, machine, node version and git commit.
 * Options: --quick (fewer iterations, for a smoke run), --skip=speed,overhead,agent,throughput,memory,server,flow.
 * The speed rows of issue 16 (bench/speed/) are ratios measured in interleaved rounds: quote those, not times.
 */
import { mkdir, writeFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { type AgentStepRow, runAgentStep } from "./agent-step.js";
import { flowTable, runFlowBench } from "./flow-step.js";
import { describeMachine, machineInfo } from "./lib/machine.js";
import { fmt, markdownTable } from "./lib/stats.js";
import { type MemoryRow, runMemory } from "./memory.js";
import { type OverheadRow, runOverhead } from "./overhead.js";
import { runServerBench, type ServerBenchResult } from "./server-bench.js";
import { runSpeedRows, type SpeedRow, speedTable } from "./speed/index.js";
import { runThroughput, type ThroughputRow } from "./throughput.js";

const GOALS = { overheadRatio1Kb: 1.05, textMBps: 100, timesRedactPii: 10, agentStepAddedRatio64Kb: 1 / 3 };

const args = process.argv.slice(2);
const quick = args.includes("--quick");
const skip = new Set((args.find((a) => a.startsWith("--skip="))?.slice(7) ?? "").split(",").filter(Boolean));
const progress = (line: string) => process.stderr.write(`  ${line}\n`);

function countsCell(counts: Record<string, number>): string {
  const entries = Object.entries(counts).sort((a, b) => b[1] - a[1]);
  return entries.length === 0 ? "none" : entries.map(([k, v]) => `${k} ${v}`).join(", ");
}

function overheadTable(rows: OverheadRow[]): string {
  return markdownTable(
    [
      "result",
      "calls/variant",
      "unguarded p50 µs",
      "guarded p50 µs",
      "ratio p50",
      "added p50 µs",
      "unguarded p99 µs",
      "guarded p99 µs",
      "ratio p99",
      "added p99 µs",
    ],
    rows.map((r) => [
      r.size,
      String(r.iterations),
      fmt(r.unguardedP50Us, 0),
      fmt(r.guardedP50Us, 0),
      fmt(r.ratioP50, 2),
      fmt(r.addedP50Us, 0),
      fmt(r.unguardedP99Us, 0),
      fmt(r.guardedP99Us, 0),
      fmt(r.ratioP99, 2),
      fmt(r.addedP99Us, 0),
    ]),
  );
}

function agentStepTable(rows: AgentStepRow[]): string {
  const ms = (us: number) => fmt(us / 1000, 2);
  return markdownTable(
    [
      "result",
      "steps/variant",
      "no guard p50 ms",
      "langchain piiMiddleware x5 p50 ms",
      "mcp-tollgate p50 ms",
      "langchain adds p50 ms",
      "mcp-tollgate adds p50 ms",
      "ours / theirs (added)",
    ],
    rows.map((r) => [
      r.size,
      String(r.iterations),
      ms(r.p50Us.none),
      ms(r.p50Us.langchain),
      ms(r.p50Us.tollgate),
      ms(r.addedP50Us.langchain),
      ms(r.addedP50Us.tollgate),
      fmt(r.addedRatio, 2),
    ]),
  );
}

function throughputTable(rows: ThroughputRow[]): string {
  return markdownTable(
    ["input (1 MB)", "redactor", "median ms", "MB/s", "detections"],
    rows.map((r) => [
      r.input,
      r.redactor,
      fmt(r.medianMs, 1),
      fmt(r.mbPerSec, 1),
      `${r.total} (${countsCell(r.counts)})`,
    ]),
  );
}

function memoryTable(rows: MemoryRow[]): string {
  return markdownTable(
    [
      "input",
      "engine",
      "size MB",
      "RSS before MB",
      "peak RSS MB",
      "peak growth MB",
      "growth / input byte",
      "check ms",
      "findings",
    ],
    rows.map((r) => [
      r.input,
      r.worker ? "default (worker thread)" : "worker: false",
      fmt(r.bytes / 1e6, 1),
      fmt(r.rssBeforeMb, 0),
      fmt(r.peakRssMb, 0),
      fmt(r.peakGrowthMb, 1),
      fmt(r.growthPerInputByte, 2),
      fmt(r.checkMs, 0),
      String(r.findings),
    ]),
  );
}

function goals(overhead: OverheadRow[], throughput: ThroughputRow[], agentStep: AgentStepRow[]) {
  const mark = (ok: boolean | undefined) => (ok === undefined ? "not measured" : ok ? "met" : "MISSED");
  const kb = overhead.find((r) => r.bytes === 1024);
  const full = (input: string) =>
    throughput.find((r) => r.input === input && r.redactor === "mcp-tollgate: full default output check");
  const inline = (input: string) =>
    throughput.find(
      (r) => r.input === input && r.redactor.startsWith("mcp-tollgate: full default output check, "),
    );
  const rp = (input: string) =>
    throughput.find((r) => r.input === input && r.redactor.startsWith("redact-pii"));
  const text = full("text");
  const speedup = (input: string) => {
    const a = full(input);
    const b = rp(input);
    return a && b ? a.mbPerSec / b.mbPerSec : undefined;
  };
  const step64 = agentStep.find((r) => r.bytes === 64 * 1024);
  const rows = [
    {
      goal: `agent step, 64 KB result: mcp-tollgate adds <= ${GOALS.agentStepAddedRatio64Kb} of what piiMiddleware adds`,
      actual: step64 ? `${fmt(step64.addedRatio, 2)}` : "n/a",
      status: mark(step64 ? step64.addedRatio <= GOALS.agentStepAddedRatio64Kb : undefined),
    },
    {
      goal: `guarded/unguarded p50 <= ${GOALS.overheadRatio1Kb} for 1 KB results`,
      actual: kb ? `${fmt(kb.ratioP50, 2)} (+${fmt(kb.addedP50Us, 0)} µs)` : "n/a",
      status: mark(kb ? kb.ratioP50 <= GOALS.overheadRatio1Kb : undefined),
    },
    {
      goal: `full default output check >= ${GOALS.textMBps} MB/s on text`,
      actual: text
        ? `${fmt(text.mbPerSec, 1)} MB/s (calling thread only: ${fmt(inline("text")?.mbPerSec ?? Number.NaN, 1)} MB/s)`
        : "n/a",
      status: mark(text ? text.mbPerSec >= GOALS.textMBps : undefined),
    },
    ...(["text", "json"] as const).map((input) => {
      const x = speedup(input);
      return {
        goal: `>= ${GOALS.timesRedactPii}x redact-pii's speed (${input})`,
        actual: x === undefined ? "n/a" : `${fmt(x, 1)}x`,
        status: mark(x === undefined ? undefined : x >= GOALS.timesRedactPii),
      };
    }),
  ];
  return {
    rows,
    table: markdownTable(
      ["goal", "actual", "status"],
      rows.map((r) => [r.goal, r.actual, r.status]),
    ),
  };
}

function serverTables(result: ServerBenchResult): string {
  const load = markdownTable(
    ["payload", "request body", "connections", "checks/s", "p50 ms", "p99 ms", "errors"],
    result.load.map((r) => [
      r.payload,
      `${r.bodyBytes} B`,
      String(r.connections),
      fmt(r.checksPerSecond, 0),
      String(r.p50Ms),
      String(r.p99Ms),
      String(r.errors + r.non2xx),
    ]),
  );
  const added = markdownTable(
    [
      "payload",
      "local p50 ms",
      "remote p50 ms",
      "added p50 ms",
      "local p99 ms",
      "remote p99 ms",
      "added p99 ms",
    ],
    result.addedLatency.map((r) => [
      r.payload,
      String(r.localP50Ms),
      String(r.remoteP50Ms),
      String(r.addedP50Ms),
      String(r.localP99Ms),
      String(r.remoteP99Ms),
      String(r.addedP99Ms),
    ]),
  );
  const goal = `Goal: >= ${fmt(result.goal.checksPerSecond, 0)} checks/s with p99 < ${result.goal.p99Ms} ms for ${result.goal.payload}: ${result.goal.met ? "met" : "MISSED"} (load average ${result.loadAverage.before} before, ${result.loadAverage.after} after).`;
  return `${load}\n\n${goal}\n\nRemote backend (HttpPolicyBackend -> tollgate serve) against the local engine, one check at a time:\n\n${added}`;
}

const machine = machineInfo();
process.stderr.write(`mcp-tollgate bench${quick ? " (quick)" : ""}: ${describeMachine(machine)}\n`);

const speed: SpeedRow[] = skip.has("speed") ? [] : await runSpeedRows(quick, progress);
const overhead = skip.has("overhead")
  ? []
  : await runOverhead(
      quick
        ? [
            { size: "1 KB", bytes: 1024, warmup: 50, iterations: 300 },
            { size: "1 MB", bytes: 1024 * 1024, warmup: 3, iterations: 15 },
          ]
        : undefined,
      progress,
    );
const agentStep = skip.has("agent")
  ? []
  : await runAgentStep(
      quick
        ? [
            { size: "1 KB", bytes: 1024, warmup: 30, iterations: 150 },
            { size: "64 KB", bytes: 64 * 1024, warmup: 5, iterations: 40 },
          ]
        : undefined,
      progress,
    );
const throughput = skip.has("throughput") ? [] : await runThroughput(undefined, progress);
const memory = skip.has("memory") ? [] : runMemory();
let server: ServerBenchResult | { error: string } | undefined;
if (!skip.has("server")) {
  try {
    server = await runServerBench({ quick });
  } catch (error) {
    progress(`server bench failed: ${(error as Error).message}`);
    server = { error: (error as Error).message };
  }
}
const flow = skip.has("flow") ? [] : runFlowBench({ quick });
const goalCheck = goals(overhead, throughput, agentStep);

const out: string[] = [`## mcp-tollgate bench`, "", describeMachine(machine), ""];
if (speed.length > 0) {
  out.push(
    "### Speed against langchain's built-in detectors (ratios, interleaved rounds)",
    "",
    speedTable(speed),
    "",
  );
}
if (overhead.length > 0) {
  out.push(
    "### Per-call overhead (stdio MCP tool call via MultiServerMCPClient, default policy)",
    "",
    overheadTable(overhead),
    "",
  );
}
if (agentStep.length > 0) {
  out.push(
    "### One agent step (createAgent, scripted model, one stdio MCP call), interleaved variants",
    "",
    agentStepTable(agentStep),
    "",
  );
}
if (throughput.length > 0) out.push("### Output-check throughput", "", throughputTable(throughput), "");
if (memory.length > 0) out.push("### Memory: checking one 10 MB result", "", memoryTable(memory), "");
if (server && "load" in server) {
  out.push(
    "### Policy server (tollgate serve) under load from a separate process (autocannon)",
    "",
    serverTables(server),
    "",
  );
}
if (flow.length > 0) {
  out.push(
    "### Flow step (containment): a 1 KB call against 50 messages of thread history",
    "",
    flowTable(flow),
    "",
  );
}
out.push("### Goals", "", goalCheck.table, "");
console.log(out.join("\n"));

const resultsDir = fileURLToPath(new URL("./results/", import.meta.url));
await mkdir(resultsDir, { recursive: true });
await writeFile(
  `${resultsDir}latest.json`,
  `${JSON.stringify({ machine, quick, goals: goalCheck.rows, speed, overhead, agentStep, throughput, memory, flow, ...(server !== undefined ? { server } : {}) }, null, 2)}\n`,
);
process.stderr.write("wrote bench/results/latest.json\n");
