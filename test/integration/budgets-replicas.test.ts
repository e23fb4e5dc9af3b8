import type { ToolMessage } from "@langchain/core/messages";
import type { StructuredToolInterface } from "@langchain/core/tools";
import type { MultiServerMCPClient } from "@langchain/mcp-adapters";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PolicyConfig } from "../../src/index.js";
import { createToolInterceptor, HttpPolicyBackend } from "../../src/index.js";
import { type HttpTestServer, startHttpTestServer } from "../fixtures/test-server.js";
import { guardedClient, httpConnection, tool } from "../helpers/clients.js";
import {
  type PolicyServerProcess,
  startPolicyServerProcess,
  writePolicyFile,
} from "../helpers/policy-server-process.js";
import { type RunningRedis, startRedis } from "../helpers/redis-server.js";

const window = { seconds: 3600 };
const policy: PolicyConfig = {
  budgets: [
    { id: "notes", tools: ["acme.save_note"], per: "window", max: 50, key: "configurable.tenant", window },
    { id: "echoes", tools: ["acme.echo"], per: "window", max: 50, key: "configurable.tenant", window },
  ],
};

// TODO(issue 20 step 4): skipped. `tollgate serve --budget-redis` printed no listening line in the first run (not
// yet diagnosed); unskip once it starts.
describe("two `tollgate serve` replicas share window budgets through one Redis", () => {
  let redis: RunningRedis;
  let mcp: HttpTestServer;
  const replicas: PolicyServerProcess[] = [];
  const clients: { client: MultiServerMCPClient; tools: Map<string, StructuredToolInterface> }[] = [];

  beforeAll(async () => {
    redis = await startRedis();
    mcp = await startHttpTestServer();
    const policyFile = writePolicyFile(policy);
    const args = ["--budget-redis", redis.url, "--budget-prefix", "replicas:"];
    replicas.push(
      ...(await Promise.all(
        [0, 1].map(() => startPolicyServerProcess({ policyFile, args, startTimeoutMs: 50_000 })),
      )),
    );
    for (const replica of replicas) {
      const backend = new HttpPolicyBackend({
        baseUrl: replica.url,
        runContextKeys: ["configurable.tenant"],
        // 200 checks at once on a shared, loaded machine: the default 3 s deadline would withhold results that
        // did reach the server (an output check that cannot complete), which is not what this test is about.
        timeoutMs: 30_000,
      });
      clients.push(await guardedClient(httpConnection(mcp.url), createToolInterceptor({ backend })));
    }
  }, 60_000);
  afterAll(async () => {
    for (const c of clients) await c.client.close();
    await Promise.all(replicas.map((r) => r.stop()));
    await mcp?.close();
    await redis?.stop();
  });

  let n = 0;
  /** One call through replica `i % 2`'s guarded client, as ToolNode makes it; the ToolMessage back. */
  const call = async (i: number, name: string, args: Record<string, unknown>, tenant: string) => {
    n += 1;
    const t = tool(clients[i % 2]!.tools, name);
    try {
      const message = (await t.invoke(
        { name: t.name, args, id: `c${n}`, type: "tool_call" },
        { configurable: { tenant } },
      )) as ToolMessage;
      return { ok: message.status !== "error", text: String(message.content) };
    } catch (error) {
      return { ok: false, text: (error as Error).message };
    }
  };

  it("200 concurrent calls over both replicas: exactly the budget reaches the server", async () => {
    const results = await Promise.all(
      Array.from({ length: 200 }, (_, i) => call(i, "save_note", { name: `n${i}`, body: "x" }, "acme")),
    );
    expect(mcp.counts.get("save_note")).toBe(50);
    expect(results.filter((r) => r.ok)).toHaveLength(50);
    const refused = results.find((r) => !r.ok)!;
    expect(refused.text).toMatch(/budget notes reached: at most 50 calls/);
    expect(refused.text).not.toMatch(/\b(150|200)\b/);
  }, 40_000);

  it("killing Redis mid-run fails closed: no call gets through once it is gone", async () => {
    const running = Array.from({ length: 100 }, (_, i) => call(i, "echo", { text: `e${i}` }, "globex"));
    // Mid-run: once the first calls have reached the server (bounded wait; no timing is asserted).
    for (let i = 0; i < 500 && (mcp.counts.get("echo") ?? 0) < 5; i++)
      await new Promise((r) => setTimeout(r, 10));
    await redis.stop();
    const during = await Promise.all(running);
    const reachedDuring = mcp.counts.get("echo") ?? 0;
    expect(reachedDuring).toBeLessThanOrEqual(50);
    expect(during.filter((r) => r.ok).length).toBe(reachedDuring);
    const after = await Promise.all(
      Array.from({ length: 20 }, (_, i) => call(i, "echo", { text: `late${i}` }, "initech")),
    );
    expect(after.every((r) => !r.ok)).toBe(true);
    expect(mcp.counts.get("echo") ?? 0).toBe(reachedDuring);
    expect(after[0]!.text).toMatch(/unreachable|could not be completed/);
  }, 40_000);
});
