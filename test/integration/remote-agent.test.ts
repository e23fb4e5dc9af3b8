import type { StructuredToolInterface } from "@langchain/core/tools";
import type { MultiServerMCPClient } from "@langchain/mcp-adapters";
import { createAgent, ToolMessage } from "langchain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createToolInterceptor,
  HttpPolicyBackend,
  LocalPolicyEngine,
  type PolicyBackend,
  PolicyViolationError,
} from "../../src/index.js";
import { createTollgateMiddleware } from "../../src/install/create-agent.js";
import { ScriptedChatModel, type ScriptedToolCall } from "../../src/testing/scripted-chat-model.js";
import { type HttpTestServer, startHttpTestServer } from "../fixtures/test-server.js";
import { guardedClient, httpConnection, invokeAsToolCall, tool } from "../helpers/clients.js";
import { fixEnvelopeIds } from "../helpers/envelope-ids.js";
import {
  type PolicyServerProcess,
  startPolicyServerProcess,
  writePolicyFile,
} from "../helpers/policy-server-process.js";
import { REMOTE_TEST_POLICY } from "../helpers/remote-policy.js";

/**
 * The agent scenario against the policy service: a real MultiServerMCPClient over the fixture MCP server, the
 * policy interceptor installed with an HttpPolicyBackend, and `tollgate serve` as a child process.
 */

const TOKEN = ["agent", "token", String(process.pid)].join("-");

const CALLS: ScriptedToolCall[] = [
  { id: "c_echo", name: "echo", args: { text: "hello" } },
  { id: "c_customer", name: "get_customer", args: { id: 42 } },
  { id: "c_config", name: "read_config", args: {} },
  { id: "c_page", name: "fetch_page", args: { url: "https://shop.example" } },
  { id: "c_log", name: "tail_log", args: {} },
  { id: "c_deploy", name: "deploy", args: {} },
  { id: "c_weather", name: "get_weather", args: { city: "broken" } },
  { id: "c_profile", name: "profile_multi", args: {} },
  { id: "c_drop", name: "drop_database", args: {} },
  { id: "c_sql", name: "run_sql", args: { query: "DROP TABLE users;" } },
  { id: "c_secret_arg", name: "echo", args: { text: `token ${["gh", "p_"].join("")}${"Ab1".repeat(12)}` } },
  { id: "c_pii_arg", name: "echo", args: { text: "write to jane.roe@example.com" } },
];

interface Seen {
  id: string;
  name: string;
  status: string;
  content: unknown;
}

async function runAgent(tools: StructuredToolInterface[]): Promise<Seen[]> {
  const model = new ScriptedChatModel([{ toolCalls: CALLS }, { text: "done" }]);
  const state = await createAgent({ model, tools, middleware: [createTollgateMiddleware()] }).invoke({
    messages: [{ role: "user", content: "go" }],
  });
  return state.messages
    .filter((m) => ToolMessage.isInstance(m))
    .map((m) => ({
      id: m.tool_call_id,
      name: String(m.name),
      status: m.status ?? "success",
      content: m.content,
    }))
    .sort((a, b) => a.id.localeCompare(b.id));
}

function diffCounts(before: Map<string, number>, after: Map<string, number>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [k, v] of after) if (v !== (before.get(k) ?? 0)) out[k] = v - (before.get(k) ?? 0);
  return out;
}

describe("agent over MCP with the remote policy backend", () => {
  let mcp: HttpTestServer;
  let policy: PolicyServerProcess;
  const clients: MultiServerMCPClient[] = [];
  const backends: HttpPolicyBackend[] = [];
  const policyFile = writePolicyFile(REMOTE_TEST_POLICY);

  const client = async (backend: PolicyBackend) => {
    const guarded = await guardedClient(
      httpConnection(mcp.url),
      createToolInterceptor({ backend, policy: REMOTE_TEST_POLICY }),
    );
    clients.push(guarded.client);
    return guarded.tools;
  };
  const remote = (extra: Partial<ConstructorParameters<typeof HttpPolicyBackend>[0]> = {}) => {
    const backend = new HttpPolicyBackend({
      baseUrl: policy.url,
      auth: { type: "bearer", token: TOKEN },
      ...extra,
    });
    backends.push(backend);
    return backend;
  };

  beforeAll(async () => {
    [mcp, policy] = await Promise.all([
      startHttpTestServer(),
      startPolicyServerProcess({ policyFile, token: TOKEN }),
    ]);
  });
  afterAll(async () => {
    for (const c of clients) await c.close();
    for (const b of backends) await b.close();
    await policy?.stop();
    await mcp?.close();
  });

  it("produces the same ToolMessages as the local backend, and the same calls reach the MCP server", async () => {
    const localTools = await client(new LocalPolicyEngine(REMOTE_TEST_POLICY));
    const remoteTools = await client(remote());

    const before = new Map(mcp.counts);
    const viaLocal = await runAgent([...localTools.values()]);
    const middle = new Map(mcp.counts);
    const viaRemote = await runAgent([...remoteTools.values()]);

    // Each backend draws its own random envelope id per check: the one place the messages may differ.
    expect(fixEnvelopeIds(viaRemote)).toEqual(fixEnvelopeIds(viaLocal));
    expect(diffCounts(middle, mcp.counts)).toEqual(diffCounts(before, middle));
    // The scenario is only meaningful if it covers allowed, redacted and blocked calls.
    expect(viaLocal.filter((m) => m.status === "error").length).toBeGreaterThan(2);
    expect(JSON.stringify(viaLocal)).toContain("[REDACTED:email]");
    expect(viaLocal.find((m) => m.id === "c_echo")?.status).toBe("success");
    // Blocked at input: never reached the MCP server.
    expect(diffCounts(before, middle).drop_database).toBeUndefined();
  });

  it("kill the server mid-run: every call is blocked, none reaches MCP; restart: calls recover", async () => {
    const backend = remote({
      timeoutMs: 1500,
      retry: { retries: 1, baseDelayMs: 20, maxDelayMs: 100 },
      circuitBreaker: { failureThreshold: 3, cooldownMs: 300 },
    });
    const tools = await client(backend);
    const echo = tool(tools, "echo");

    await invokeAsToolCall(echo, { text: "warm" }, "warm");
    const before = new Map(mcp.counts);

    // Crash, not a graceful stop: connections drop, nothing answers.
    await policy.stop("SIGKILL");
    const reasons: string[] = [];
    for (let i = 0; i < 6; i++) {
      const error = await invokeAsToolCall(echo, { text: `call ${i}` }, `dead_${i}`).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(PolicyViolationError);
      reasons.push((error as PolicyViolationError).reason);
    }
    expect(diffCounts(before, mcp.counts)).toEqual({});
    expect(reasons[0]).toMatch(/policy service .* is unreachable/);
    // After three failures the circuit is open: calls fail at once without touching the network.
    expect(reasons.at(-1)).toMatch(/circuit open/);
    expect(backend.circuitState).not.toBe("closed");

    // The same port, so the backend's URL still points at it.
    policy = await startPolicyServerProcess({ policyFile, token: TOKEN, port: policy.port });
    await new Promise((r) => setTimeout(r, 350));
    const message = await invokeAsToolCall(echo, { text: "back" }, "back");
    expect(String((message as ToolMessage).content)).toContain("back");
    expect(backend.circuitState).toBe("closed");
    expect(diffCounts(before, mcp.counts)).toEqual({ echo: 1 });
  });
});
