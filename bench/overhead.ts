/**
 * Per-call overhead of the guard on a real stdio MCP tool call through MultiServerMCPClient: one unguarded client
 * and one with `installInterceptors(client, createToolInterceptor())` (the default policy), each with its own
 * bench server child process. Both variants are warmed up, then called alternately (order shuffled per round) on
 * the same inputs, so machine drift hits both alike.
 */
import { fileURLToPath } from "node:url";
import type { StructuredToolInterface } from "@langchain/core/tools";
import { MultiServerMCPClient } from "@langchain/mcp-adapters";
import { createToolInterceptor, installInterceptors } from "../src/index.js";
import { seededRandom } from "../src/shared/fake-credentials.js";
import { percentile, shuffle } from "./lib/stats.js";

const SERVER = fileURLToPath(new URL("./fixtures/bench-server.ts", import.meta.url));

export interface OverheadRow {
  size: string;
  bytes: number;
  iterations: number;
  unguardedP50Us: number;
  guardedP50Us: number;
  unguardedP99Us: number;
  guardedP99Us: number;
  ratioP50: number;
  ratioP99: number;
  addedP50Us: number;
  addedP99Us: number;
}

interface Variant {
  client: MultiServerMCPClient;
  tool: StructuredToolInterface;
}

async function variant(guarded: boolean): Promise<Variant> {
  const connection = {
    transport: "stdio" as const,
    command: process.execPath,
    args: ["--import", "tsx", SERVER],
  };
  let client = new MultiServerMCPClient({ mcpServers: { bench: connection } });
  if (guarded) client = installInterceptors(client, createToolInterceptor());
  const tools = await client.getTools();
  const tool = tools.find((t) => t.name.endsWith("payload"));
  if (!tool) throw new Error("bench server did not list its payload tool");
  return { client, tool };
}

async function timeCall(tool: StructuredToolInterface, args: Record<string, unknown>): Promise<number> {
  const start = process.hrtime.bigint();
  await tool.invoke(args);
  return Number(process.hrtime.bigint() - start) / 1000;
}

export async function runOverhead(
  cases: { size: string; bytes: number; warmup: number; iterations: number }[] = [
    // Warm-up long enough for V8 to finish optimising the detectors (it compiles them on the other core for the
    // first ~2,000 calls, which slows both variants unevenly): the figure is the steady state of a running agent.
    { size: "1 KB", bytes: 1024, warmup: 3000, iterations: 5000 },
    { size: "1 MB", bytes: 1024 * 1024, warmup: 10, iterations: 120 },
  ],
  log: (line: string) => void = () => {},
): Promise<OverheadRow[]> {
  const plain = await variant(false);
  const guarded = await variant(true);
  const rand = seededRandom(42);
  const rows: OverheadRow[] = [];
  try {
    for (const c of cases) {
      const args = { kind: "text", bytes: c.bytes };
      const pair = [plain, guarded];
      for (let i = 0; i < c.warmup; i++) {
        for (const v of shuffle(pair.slice(), rand)) await timeCall(v.tool, args);
      }
      const u: number[] = [];
      const g: number[] = [];
      for (let i = 0; i < c.iterations; i++) {
        for (const v of shuffle(pair.slice(), rand)) {
          const us = await timeCall(v.tool, args);
          (v === plain ? u : g).push(us);
        }
      }
      const row: OverheadRow = {
        size: c.size,
        bytes: c.bytes,
        iterations: c.iterations,
        unguardedP50Us: percentile(u, 50),
        guardedP50Us: percentile(g, 50),
        unguardedP99Us: percentile(u, 99),
        guardedP99Us: percentile(g, 99),
        ratioP50: percentile(g, 50) / percentile(u, 50),
        ratioP99: percentile(g, 99) / percentile(u, 99),
        addedP50Us: percentile(g, 50) - percentile(u, 50),
        addedP99Us: percentile(g, 99) - percentile(u, 99),
      };
      log(`overhead ${c.size}: p50 ${row.unguardedP50Us.toFixed(0)} -> ${row.guardedP50Us.toFixed(0)} us`);
      rows.push(row);
    }
  } finally {
    await plain.client.close();
    await guarded.client.close();
  }
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(await runOverhead(undefined, console.log));
}
