/**
 * `npx tsx bench/agent-step-ab.ts --reference=<checkout> [--n=100] [--sizes=1024,65536]`: the agent step of
 * bench/agent-step.ts with four arms in one process, interleaved (order shuffled per round): no guard, langchain's
 * `piiMiddleware` x5, and the tollgate arm (default install + `createTollgateMiddleware()`) built from the reference
 * checkout's src and from this tree's. Prints, per size, the p50 wall time and the p50 process CPU time (every
 * thread; the MCP server is another process) each arm adds over the unguarded step, and tollgate's share of what
 * langchain adds. The reference needs this tree's node_modules (a symlink) so both load the same langchain.
 */
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { MultiServerMCPClient } from "@langchain/mcp-adapters";
import { type AgentMiddleware, createAgent, piiMiddleware, ToolMessage } from "langchain";
import type * as Index from "../src/index.js";
import type * as CreateAgent from "../src/install/create-agent.js";
import { ScriptedChatModel, seededRandom } from "../src/testing/index.js";
import { percentile, shuffle } from "./lib/stats.js";

const SERVER = fileURLToPath(new URL("./fixtures/bench-server.ts", import.meta.url));
const HERE = fileURLToPath(new URL("..", import.meta.url));

interface Tree {
  index: typeof Index;
  createAgent: typeof CreateAgent;
}

async function tree(root: string): Promise<Tree> {
  return {
    index: (await import(resolve(root, "src/index.ts"))) as typeof Index,
    createAgent: (await import(resolve(root, "src/install/create-agent.ts"))) as typeof CreateAgent,
  };
}

async function arm(name: string, guard: Tree | "langchain" | undefined) {
  let client = new MultiServerMCPClient({
    mcpServers: {
      bench: { transport: "stdio", command: process.execPath, args: ["--import", "tsx", SERVER] },
    },
  });
  if (guard && guard !== "langchain")
    client = guard.index.installInterceptors(client, guard.index.createToolInterceptor());
  const tool = (await client.getTools()).find((t) => t.name.endsWith("payload"));
  if (!tool) throw new Error("bench server did not list its payload tool");
  let bytes = 1024;
  // A new text every step (the bench server's variants): the engine memoises its last text, so a repeated one flatters.
  let step = 0;
  const model = new ScriptedChatModel((messages) => {
    const last = messages.at(-1);
    return last && ToolMessage.isInstance(last)
      ? { text: "Done." }
      : { toolCalls: [{ name: tool.name, args: { kind: "text", bytes, variant: step++ } }] };
  });
  const types = ["email", "credit_card", "ip", "mac_address", "url"] as const;
  const middleware: AgentMiddleware[] =
    guard === "langchain"
      ? types.map((type) => piiMiddleware(type, { applyToToolResults: true }))
      : guard
        ? [guard.createAgent.createTollgateMiddleware()]
        : [];
  const agent = createAgent({ model, tools: [tool], middleware });
  const run = async (size: number) => {
    bytes = size;
    await agent.invoke({ messages: [{ role: "user", content: "Fetch the payload." }] });
    model.seen.length = 0;
  };
  return { name, client, run };
}

const option = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const reference = option("reference");
if (!reference) throw new Error("usage: npx tsx bench/agent-step-ab.ts --reference=<checkout>");
const n = Number(option("n") ?? 100);
const sizes = (option("sizes") ?? "1024,65536").split(",").map(Number);
const arms = [
  await arm("none", undefined),
  await arm("langchain", "langchain"),
  await arm("reference", await tree(reference)),
  await arm("this tree", await tree(HERE)),
];
const rand = seededRandom(5);
for (const bytes of sizes) {
  const rounds = bytes > 4096 ? n : 3 * n;
  const wall = new Map(arms.map((a) => [a.name, [] as number[]]));
  const cpu = new Map(arms.map((a) => [a.name, [] as number[]]));
  for (let i = 0; i < rounds + 10; i++) {
    for (const a of shuffle(arms.slice(), rand)) {
      const cpu0 = process.cpuUsage();
      const t0 = process.hrtime.bigint();
      await a.run(bytes);
      const ms = Number(process.hrtime.bigint() - t0) / 1e6;
      const used = process.cpuUsage(cpu0);
      if (i < 10) continue;
      wall.get(a.name)!.push(ms);
      cpu.get(a.name)!.push((used.user + used.system) / 1000);
    }
  }
  const added = (m: Map<string, number[]>, name: string) =>
    percentile(m.get(name)!, 50) - percentile(m.get("none")!, 50);
  console.log(`${bytes} bytes, ${rounds} rounds`);
  for (const [label, m] of [
    ["wall", wall],
    ["cpu", cpu],
  ] as const) {
    const lc = added(m, "langchain");
    const cells = arms
      .slice(1)
      .map((a) => `${a.name} +${added(m, a.name).toFixed(2)} ms`)
      .join(", ");
    const share = (name: string) => (added(m, name) / lc).toFixed(2);
    console.log(
      `  ${label} p50: none ${percentile(m.get("none")!, 50).toFixed(2)} ms, ${cells}; share of langchain's: reference ${share("reference")}, this tree ${share("this tree")}`,
    );
  }
}
for (const a of arms) await a.client.close();
process.exit(0);
