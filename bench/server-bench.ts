/**
 * Policy server benchmark (not part of `npm test`): checks per second and p50/p99 latency of `tollgate serve`
 * under concurrent load from this (separate) process with autocannon, for 1 KB and 64 KB results; the same 1 KB
 * load against `--workers 1` and `--workers N` (N = the CPU count, at least 2), one after the other; and the
 * latency the remote backend adds over the local engine for the same checks, in the same run.
 *
 * Run alone: `npx tsx bench/server-bench.ts [--quick]`. `npm run bench` imports `runServerBench()`.
 */
import { execSync, spawn } from "node:child_process";
import { availableParallelism, cpus, loadavg } from "node:os";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import { LocalPolicyEngine } from "../src/engine/local-engine.js";
import { outputToWire } from "../src/policy/http/to-wire.js";
import { CHECK_OUTPUT_PATH } from "../src/policy/http/wire-types.js";
import { HttpPolicyBackend } from "../src/policy/http-backend.js";
import type { OutputCheckRequest } from "../src/shared/types.js";

export interface LoadFigures {
  payload: string;
  /** Worker processes of the server (`--workers`). */
  workers: number;
  resultBytes: number;
  bodyBytes: number;
  connections: number;
  durationSeconds: number;
  checksPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  non2xx: number;
}

export interface AddedLatency {
  payload: string;
  samples: number;
  localP50Ms: number;
  localP99Ms: number;
  remoteP50Ms: number;
  remoteP99Ms: number;
  addedP50Ms: number;
  addedP99Ms: number;
}

export interface ServerBenchResult {
  date: string;
  commit: string;
  machine: { cpus: number; cpuModel: string; node: string; platform: string };
  /** 1-minute load average before and after: on a shared machine, figures from a busy run are not comparable. */
  loadAverage: { before: number; after: number };
  serverLogLevel: string;
  load: LoadFigures[];
  addedLatency: AddedLatency[];
  goal: { checksPerSecond: number; p99Ms: number; payload: string; met: boolean };
}

const CLI = fileURLToPath(new URL("../src/cli/main.ts", import.meta.url));
const ROOT = fileURLToPath(new URL("..", import.meta.url));
const TOKEN = ["bench", String(process.pid)].join("-");

/** Tool output of about `bytes`: log-like prose with an e-mail address every ~1 KB, like a CRM or ticket dump. */
function resultOf(bytes: number): OutputCheckRequest["result"] {
  const line = "ticket 4711 updated by support; customer reports the export stalls at 80 percent. ";
  let text = "";
  let i = 0;
  while (text.length < bytes) {
    text += i % 12 === 11 ? `contact: user${i}@example.com. ` : line;
    i++;
  }
  return { content: [{ type: "text", text: text.slice(0, bytes) }] };
}

function requestOf(bytes: number): OutputCheckRequest {
  return {
    connectorType: "crm.search_tickets",
    serverName: "crm",
    toolName: "search_tickets",
    callId: "bench",
    args: { query: "export stalls" },
    result: resultOf(bytes),
  };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

const round = (n: number) => Math.round(n * 100) / 100;

async function startServer(logLevel: string, workers = 1) {
  const child = spawn(
    process.execPath,
    ["--import", "tsx", CLI, "serve", "--port", "0", "--log-level", logLevel, "--workers", String(workers)],
    {
      cwd: ROOT,
      // Logs go to /dev/null: the cost of writing them is measured, not the cost of a terminal.
      stdio: ["ignore", "pipe", "ignore"],
      env: { ...process.env, TOLLGATE_TOKEN: TOKEN },
    },
  );
  const url = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).on("line", (line) => {
      const parsed = JSON.parse(line) as { url?: string };
      if (parsed.url) resolve(parsed.url);
    });
    child.once("exit", (code) => reject(new Error(`tollgate serve exited with ${code}`)));
  });
  return {
    url,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}

async function load(
  url: string,
  payload: string,
  bytes: number,
  seconds: number,
  connections: number,
  workers = 1,
): Promise<LoadFigures> {
  const body = JSON.stringify(outputToWire(requestOf(bytes), { plainFields: true }));
  const run = (duration: number) =>
    autocannon({
      url: `${url}${CHECK_OUTPUT_PATH}`,
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${TOKEN}` },
      body,
      connections,
      duration,
    });
  await run(1); // warm-up: JIT, detector plans, keep-alive sockets
  const result = await run(seconds);
  return {
    payload,
    workers,
    resultBytes: bytes,
    bodyBytes: Buffer.byteLength(body),
    connections,
    durationSeconds: seconds,
    checksPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
  };
}

async function addedLatency(
  url: string,
  payload: string,
  bytes: number,
  samples: number,
): Promise<AddedLatency> {
  const local = new LocalPolicyEngine();
  const remote = new HttpPolicyBackend({
    baseUrl: url,
    auth: { type: "bearer", token: TOKEN },
    connections: 1,
  });
  const request = requestOf(bytes);
  const time = async (check: () => Promise<unknown>) => {
    const out: number[] = [];
    for (let i = 0; i < samples; i++) {
      const started = performance.now();
      await check();
      out.push(performance.now() - started);
    }
    return out.sort((a, b) => a - b);
  };
  try {
    // Warm both paths, then measure them interleaved in blocks so drift hits both alike.
    await time(() => local.checkOutput(request));
    await time(() => remote.checkOutput(request));
    const l = await time(() => local.checkOutput(request));
    const r = await time(() => remote.checkOutput(request));
    return {
      payload,
      samples,
      localP50Ms: round(percentile(l, 50)),
      localP99Ms: round(percentile(l, 99)),
      remoteP50Ms: round(percentile(r, 50)),
      remoteP99Ms: round(percentile(r, 99)),
      addedP50Ms: round(percentile(r, 50) - percentile(l, 50)),
      addedP99Ms: round(percentile(r, 99) - percentile(l, 99)),
    };
  } finally {
    await remote.close();
  }
}

function commit(): string {
  try {
    return execSync("git rev-parse --short HEAD", { cwd: ROOT, encoding: "utf8" }).trim();
  } catch {
    return "unknown";
  }
}

export async function runServerBench(
  options: { quick?: boolean; logLevel?: string } = {},
): Promise<ServerBenchResult> {
  const seconds = options.quick ? 3 : 10;
  const logLevel = options.logLevel ?? "info";
  const loadBefore = loadavg()[0] ?? 0;
  const server = await startServer(logLevel);
  try {
    const loads = [
      await load(server.url, "1 KB", 1024, seconds, 16),
      await load(server.url, "64 KB", 64 * 1024, seconds, 16),
    ];
    // The same 1 KB load against 1 worker and N workers, back to back (the load generator shares the machine).
    const n = Math.max(2, availableParallelism());
    for (const workers of [1, n]) {
      const cluster = await startServer(logLevel, workers);
      try {
        loads.push(await load(cluster.url, `1 KB, --workers ${workers}`, 1024, seconds, 32, workers));
      } finally {
        await cluster.stop();
      }
    }
    const added = [
      await addedLatency(server.url, "1 KB", 1024, options.quick ? 300 : 2000),
      await addedLatency(server.url, "64 KB", 64 * 1024, options.quick ? 100 : 500),
    ];
    const small = loads[0]!;
    return {
      date: new Date().toISOString(),
      commit: commit(),
      machine: {
        cpus: cpus().length,
        cpuModel: cpus()[0]?.model ?? "unknown",
        node: process.version,
        platform: `${process.platform}-${process.arch}`,
      },
      loadAverage: { before: round(loadBefore), after: round(loadavg()[0] ?? 0) },
      serverLogLevel: logLevel,
      load: loads,
      addedLatency: added,
      goal: {
        checksPerSecond: 5000,
        p99Ms: 10,
        payload: "1 KB",
        met: small.checksPerSecond >= 5000 && small.p99Ms < 10,
      },
    };
  } finally {
    await server.stop();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const quick = process.argv.includes("--quick");
  const level = process.argv.find((a) => a.startsWith("--log-level="))?.split("=")[1];
  const result = await runServerBench({ quick, ...(level ? { logLevel: level } : {}) });
  process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
}
