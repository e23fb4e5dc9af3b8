/**
 * What a guard adds to one whole agent step: `createAgent` (langchain v1) with a scripted model that makes one call
 * to the bench's stdio MCP tool and then answers, so a step is model -> tool -> model. Three variants, each with its
 * own MultiServerMCPClient and bench server child process, run interleaved (order shuffled per round) on the same
 * inputs so machine drift hits all alike:
 *
 * - none: no guard;
 * - langchain: `piiMiddleware(type, { applyToToolResults: true })`, one instance per built-in type (email,
 *   credit_card, ip, mac_address, url), the way its docs combine types;
 * - tollgate: `installInterceptors(client, createToolInterceptor())` (default policy) plus
 *   `createTollgateMiddleware()`.
 *
 * The figure is the p50 each guard adds over the unguarded step, in the same run. Results are text of 1 KB and 64 KB
 * from bench/fixtures/inputs.ts (prose with a sensitive value every ~600 bytes), so both guards have work to do.
 */
import { fileURLToPath } from "node:url";
import type { BaseMessage } from "@langchain/core/messages";
import type { StructuredToolInterface } from "@langchain/core/tools";
import { MultiServerMCPClient } from "@langchain/mcp-adapters";
import { type AgentMiddleware, createAgent, piiMiddleware, ToolMessage } from "langchain";
// Only the package's public entry points: "mcp-tollgate" (src/index.ts), "mcp-tollgate/langchain"
// (src/install/create-agent.ts) and "mcp-tollgate/testing" (src/testing/index.ts).
import { createToolInterceptor, installInterceptors, LocalPolicyEngine } from "../src/index.js";
import { createTollgateMiddleware } from "../src/install/create-agent.js";
import { ScriptedChatModel, type ScriptedTurn, seededRandom } from "../src/testing/index.js";
import { payload } from "./fixtures/inputs.js";
import { percentile, shuffle } from "./lib/stats.js";

const SERVER = fileURLToPath(new URL("./fixtures/bench-server.ts", import.meta.url));

/** langchain's built-in PII types (langchain/dist/agents/middleware/pii.d.ts, `BuiltInPIIType`). */
const LANGCHAIN_BUILT_IN_TYPES = ["email", "credit_card", "ip", "mac_address", "url"] as const;

export type AgentStepVariantName = "none" | "langchain" | "tollgate";

/**
 * The breakdown mode's extra arms: the tollgate arm with one part taken away, so the difference to the full arm is
 * what that part costs in a whole step (same process, interleaved).
 */
export type BreakdownVariantName = "tollgate-no-provenance" | "tollgate-no-worker" | "tollgate-install-only";

export interface AgentStepRow {
  size: string;
  bytes: number;
  iterations: number;
  p50Us: Record<AgentStepVariantName, number>;
  p99Us: Record<AgentStepVariantName, number>;
  /** p50 of the variant minus p50 of the unguarded step. */
  addedP50Us: { langchain: number; tollgate: number };
  /** tollgate's added p50 divided by langchain's (below 1: ours adds less). */
  addedRatio: number;
}

interface Variant {
  name: AgentStepVariantName | BreakdownVariantName;
  client: MultiServerMCPClient;
  model: ScriptedChatModel;
  run: (bytes: number) => Promise<BaseMessage[]>;
}

/** Calls the tool once, then answers as soon as the conversation holds the tool's reply. */
function stepModel(toolName: string, argsFor: () => Record<string, unknown>): ScriptedChatModel {
  return new ScriptedChatModel((messages): ScriptedTurn => {
    const last = messages.at(-1);
    return last && ToolMessage.isInstance(last)
      ? { text: "Done." }
      : { toolCalls: [{ name: toolName, args: argsFor() }] };
  });
}

/** What a tollgate arm installs: the default everywhere unless the breakdown takes a part away. */
function tollgateParts(name: AgentStepVariantName | BreakdownVariantName) {
  return {
    provenance: name !== "tollgate-no-provenance",
    worker: name !== "tollgate-no-worker",
    middleware: name !== "tollgate-install-only",
  };
}

async function variant(name: AgentStepVariantName | BreakdownVariantName): Promise<Variant> {
  let client = new MultiServerMCPClient({
    mcpServers: {
      bench: { transport: "stdio", command: process.execPath, args: ["--import", "tsx", SERVER] },
    },
  });
  const tollgate = name.startsWith("tollgate");
  const parts = tollgateParts(name);
  if (tollgate) {
    const interceptor = parts.worker
      ? createToolInterceptor()
      : createToolInterceptor({ backend: new LocalPolicyEngine({}, { worker: false }) });
    client = installInterceptors(client, interceptor, parts.provenance ? {} : { provenance: false });
  }
  const tools = await client.getTools();
  const tool: StructuredToolInterface | undefined = tools.find((t) => t.name.endsWith("payload"));
  if (!tool) throw new Error("bench server did not list its payload tool");
  let bytes = 1024;
  // A new text every step (the server rotates 16 of each size), as an agent's results are: a guard that remembers
  // the last text it read gains nothing from it.
  let step = 0;
  const model = stepModel(tool.name, () => ({ kind: "text", bytes, variant: step++ }));
  const middleware: AgentMiddleware[] =
    name === "langchain"
      ? LANGCHAIN_BUILT_IN_TYPES.map((type) => piiMiddleware(type, { applyToToolResults: true }))
      : tollgate && parts.middleware
        ? [createTollgateMiddleware()]
        : [];
  const agent = createAgent({ model, tools: [tool], middleware });
  return {
    name,
    client,
    model,
    run: async (size) => {
      bytes = size;
      const state = await agent.invoke({ messages: [{ role: "user", content: "Fetch the payload." }] });
      // The scripted model keeps every prompt; drop them so thousands of steps do not pile up 64 KB messages.
      model.seen.length = 0;
      return state.messages;
    },
  };
}

function toolText(name: string, messages: BaseMessage[]): string {
  const tool = messages.find((m): m is ToolMessage => ToolMessage.isInstance(m));
  if (!tool || tool.status === "error" || messages.length !== 4) {
    throw new Error(`agent step (${name}) did not complete one successful tool call`);
  }
  return typeof tool.content === "string" ? tool.content : JSON.stringify(tool.content);
}

/**
 * Fails loudly unless every step goes model -> tool -> model with a successful tool reply, and each guard changed
 * what the model reads on the 64 KB payload (it carries e-mail addresses and card numbers both guards redact; the
 * 1 KB one holds only a phone number, which langchain has no detector for): a guard that silently did nothing would
 * make its row meaningless.
 */
async function assertVariantsWork(variants: Variant[]): Promise<void> {
  const texts = new Map<string, string>();
  for (const v of variants) texts.set(v.name, toolText(v.name, await v.run(64 * 1024)));
  for (const name of ["langchain", "tollgate"]) {
    if (texts.get(name) === texts.get("none"))
      throw new Error(`agent step: the ${name} guard changed nothing`);
  }
}

async function timeStep(v: Variant, bytes: number): Promise<number> {
  const start = process.hrtime.bigint();
  await v.run(bytes);
  return Number(process.hrtime.bigint() - start) / 1000;
}

export async function runAgentStep(
  cases: { size: string; bytes: number; warmup: number; iterations: number }[] = [
    { size: "1 KB", bytes: 1024, warmup: 300, iterations: 1500 },
    { size: "64 KB", bytes: 64 * 1024, warmup: 30, iterations: 300 },
  ],
  log: (line: string) => void = () => {},
): Promise<AgentStepRow[]> {
  const variants = [await variant("none"), await variant("langchain"), await variant("tollgate")];
  const rand = seededRandom(7);
  const rows: AgentStepRow[] = [];
  try {
    await assertVariantsWork(variants);
    for (const c of cases) {
      for (let i = 0; i < c.warmup; i++) {
        for (const v of shuffle(variants.slice(), rand)) await timeStep(v, c.bytes);
      }
      const samples: Record<string, number[]> = { none: [], langchain: [], tollgate: [] };
      for (let i = 0; i < c.iterations; i++) {
        for (const v of shuffle(variants.slice(), rand)) samples[v.name]!.push(await timeStep(v, c.bytes));
      }
      const p50 = (n: AgentStepVariantName) => percentile(samples[n]!, 50);
      const p99 = (n: AgentStepVariantName) => percentile(samples[n]!, 99);
      const added = { langchain: p50("langchain") - p50("none"), tollgate: p50("tollgate") - p50("none") };
      const row: AgentStepRow = {
        size: c.size,
        bytes: c.bytes,
        iterations: c.iterations,
        p50Us: { none: p50("none"), langchain: p50("langchain"), tollgate: p50("tollgate") },
        p99Us: { none: p99("none"), langchain: p99("langchain"), tollgate: p99("tollgate") },
        addedP50Us: added,
        addedRatio: added.tollgate / added.langchain,
      };
      log(
        `agent step ${c.size}: p50 none ${row.p50Us.none.toFixed(0)} us, langchain +${added.langchain.toFixed(0)} us, tollgate +${added.tollgate.toFixed(0)} us`,
      );
      rows.push(row);
    }
  } finally {
    for (const v of variants) await v.client.close();
  }
  return rows;
}

export interface BreakdownRow {
  size: string;
  iterations: number;
  /** Per arm: p50 wall and mean CPU time of the process (all threads) per step, microseconds. */
  arms: Record<string, { p50Us: number; cpuUs: number }>;
  /** `LocalPolicyEngine.checkOutput` alone (default policy, no provenance salt) on the same result: the detectors. */
  checkOutputAlone: { worker: { p50Us: number; cpuUs: number }; noWorker: { p50Us: number; cpuUs: number } };
}

const BREAKDOWN_ARMS: (AgentStepVariantName | BreakdownVariantName)[] = [
  "none",
  "tollgate",
  "tollgate-no-provenance",
  "tollgate-no-worker",
  "tollgate-install-only",
];

/** Wall and CPU time of one call, microseconds. */
async function timed(run: () => Promise<unknown>): Promise<{ wallUs: number; cpuUs: number }> {
  const cpu = process.cpuUsage();
  const start = process.hrtime.bigint();
  await run();
  const wallUs = Number(process.hrtime.bigint() - start) / 1000;
  const used = process.cpuUsage(cpu);
  return { wallUs, cpuUs: used.user + used.system };
}

/**
 * The output check alone on the bench's results of `bytes`, as the engine gets them from the interceptor: a new text
 * every call (16 seeds in turn, as the bench server's variants), since the engine memoises its last text.
 */
function checkOutputAlone(engine: LocalPolicyEngine, bytes: number): () => Promise<unknown> {
  const texts = Array.from({ length: 16 }, (_, i) => payload("text", bytes, i === 0 ? undefined : 100 + i));
  const args = { kind: "text", bytes };
  let call = 0;
  return () =>
    engine.checkOutput({
      connectorType: "bench.payload",
      serverName: "bench",
      toolName: "payload",
      callId: "breakdown",
      args,
      result: { content: [{ type: "text" as const, text: texts[call++ % texts.length]! }] },
    });
}

/**
 * Where the tollgate arm's time goes: the full arm against arms with one part taken away (provenance, the worker,
 * the middleware) and the output check alone, all interleaved in one process. CPU time is the process's (every
 * thread, so the worker's share counts); the MCP server is another process and counts in none of them.
 */
export async function runBreakdown(
  cases: { size: string; bytes: number; warmup: number; iterations: number }[],
  log: (line: string) => void = () => {},
): Promise<BreakdownRow[]> {
  const variants: Variant[] = [];
  for (const name of BREAKDOWN_ARMS) variants.push(await variant(name));
  const engines = { worker: new LocalPolicyEngine(), noWorker: new LocalPolicyEngine({}, { worker: false }) };
  await engines.worker.startWorker();
  const rand = seededRandom(11);
  const rows: BreakdownRow[] = [];
  try {
    for (const c of cases) {
      const arms: { name: string; run: () => Promise<unknown> }[] = [
        ...variants.map((v) => ({ name: v.name, run: () => v.run(c.bytes) })),
        { name: "checkOutput (worker)", run: checkOutputAlone(engines.worker, c.bytes) },
        { name: "checkOutput (no worker)", run: checkOutputAlone(engines.noWorker, c.bytes) },
      ];
      const wall = new Map<string, number[]>(arms.map((a) => [a.name, []]));
      const cpu = new Map<string, number>(arms.map((a) => [a.name, 0]));
      for (let i = 0; i < c.warmup + c.iterations; i++) {
        for (const arm of shuffle(arms.slice(), rand)) {
          const t = await timed(arm.run);
          if (i < c.warmup) continue;
          wall.get(arm.name)!.push(t.wallUs);
          cpu.set(arm.name, cpu.get(arm.name)! + t.cpuUs);
        }
      }
      const stat = (name: string) => ({
        p50Us: percentile(wall.get(name)!, 50),
        cpuUs: cpu.get(name)! / c.iterations,
      });
      const row: BreakdownRow = {
        size: c.size,
        iterations: c.iterations,
        arms: Object.fromEntries(variants.map((v) => [v.name, stat(v.name)])),
        checkOutputAlone: { worker: stat("checkOutput (worker)"), noWorker: stat("checkOutput (no worker)") },
      };
      for (const [name, s] of [...Object.entries(row.arms), ...Object.entries(row.checkOutputAlone)])
        log(
          `${c.size} ${name}: p50 ${(s.p50Us / 1000).toFixed(2)} ms, cpu ${(s.cpuUs / 1000).toFixed(2)} ms`,
        );
      rows.push(row);
    }
  } finally {
    for (const v of variants) await v.client.close();
  }
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const quick = process.argv.includes("--quick");
  if (process.argv.includes("--breakdown")) {
    const n = quick ? 40 : 200;
    await runBreakdown(
      [
        { size: "1 KB", bytes: 1024, warmup: 20, iterations: 4 * n },
        { size: "64 KB", bytes: 64 * 1024, warmup: 10, iterations: n },
      ],
      console.log,
    );
    process.exit(0);
  }
  console.log(
    await runAgentStep(
      quick
        ? [
            { size: "1 KB", bytes: 1024, warmup: 30, iterations: 150 },
            { size: "64 KB", bytes: 64 * 1024, warmup: 5, iterations: 40 },
          ]
        : undefined,
      console.log,
    ),
  );
}
