import { HumanMessage } from "@langchain/core/messages";
import { MemorySaver } from "@langchain/langgraph";
import type { MultiServerMCPClient } from "@langchain/mcp-adapters";
import { createAgent } from "langchain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type AuditRecord,
  createPolicyServer,
  createToolInterceptor,
  HttpPolicyBackend,
  type PolicyConfig,
  type PolicyServer,
  type TollgateInterceptor,
} from "../../src/index.js";
import { createTollgateMiddleware } from "../../src/install/create-agent.js";
import { fakeGithubToken } from "../../src/shared/fake-credentials.js";
import { ScriptedChatModel } from "../../src/testing/scripted-chat-model.js";
import { type HttpTestServer, startHttpTestServer } from "../fixtures/test-server.js";
import { guardedClient, httpConnection, invokeAsToolCall, tool } from "../helpers/clients.js";

/**
 * `mode: monitor`: every check runs and is recorded, and nothing changes. A call the policy would block reaches the
 * server; arguments and results that would be redacted arrive and come back as they were; a call that would need
 * a human runs without one. The audit record of each says what would have happened (`monitor: true`,
 * `wouldHave`), the same through a local engine and through `tollgate serve`.
 */
const TOKEN = ["monitor", "token", String(process.pid)].join("-");

const rules: PolicyConfig = {
  capabilities: {
    rules: [
      { id: "no-drops", match: "acme.drop_*", action: "deny", reason: "dropping data is not allowed" },
      { id: "sql-needs-review", match: "acme.run_sql", action: "review", reason: "queries need a human" },
    ],
  },
  secrets: { input: "block", output: "redact" },
  pii: { output: "mask" },
};
const monitorPolicy: PolicyConfig = { ...rules, mode: "monitor" };

let http: HttpTestServer;
beforeAll(async () => {
  http = await startHttpTestServer();
});
afterAll(async () => {
  await http.close();
});

const count = (name: string) => http.counts.get(name) ?? 0;
const textOf = (message: unknown): string => {
  const content = (message as { content: unknown }).content;
  return typeof content === "string" ? content : JSON.stringify(content);
};

interface Setup {
  /** `tollgate serve`'s Prometheus text, for the remote setup. */
  metrics?: () => Promise<string>;
  client: MultiServerMCPClient;
  tools: Awaited<ReturnType<typeof guardedClient>>["tools"];
  interceptor: TollgateInterceptor;
  records: AuditRecord[];
  close(): Promise<void>;
}

async function localSetup(policy: PolicyConfig): Promise<Setup> {
  const records: AuditRecord[] = [];
  const interceptor = createToolInterceptor({ policy, onDecision: (r) => records.push(r) });
  const g = await guardedClient(httpConnection(http.url), interceptor);
  return { ...g, interceptor, records, close: () => g.client.close() };
}

async function remoteSetup(policy: PolicyConfig): Promise<Setup> {
  const records: AuditRecord[] = [];
  const server: PolicyServer = createPolicyServer({ logger: false, token: TOKEN, policy });
  const url = await server.listen(0);
  const backend = new HttpPolicyBackend({ baseUrl: url, auth: { type: "bearer", token: TOKEN } });
  // The local `policy` drives the catalogue check, which the wire protocol does not carry.
  const interceptor = createToolInterceptor({ backend, policy, onDecision: (r) => records.push(r) });
  const g = await guardedClient(httpConnection(http.url), interceptor);
  return {
    ...g,
    interceptor,
    records,
    metrics: async () =>
      (await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })).text(),
    close: async () => {
      await g.client.close();
      await backend.close();
      await server.close();
    },
  };
}

/** The fields that must agree between a local engine and `tollgate serve`. */
const summary = (r: AuditRecord) => ({
  phase: r.phase,
  action: r.action,
  monitor: r.monitor,
  wouldHave: r.wouldHave,
  ruleIds: r.ruleIds,
  reason: r.reason,
});

const seen: Record<string, ReturnType<typeof summary>[][]> = {};

describe.each([
  ["local engine", localSetup],
  ["tollgate serve", remoteSetup],
] as const)("monitor mode through %s", (where, setup) => {
  let s: Setup;
  beforeAll(async () => {
    s = await setup(monitorPolicy);
    seen[where] = [];
  });
  afterAll(async () => {
    await s.close();
  });
  const recordsOf = (callsBefore: number) => {
    const records = s.records.slice(callsBefore).filter((r) => r.phase === "input" || r.phase === "output");
    seen[where]!.push(records.map(summary));
    return records;
  };

  it("a call the policy would block reaches the server; the audit says it would have been blocked", async () => {
    const before = count("drop_database");
    const from = s.records.length;
    const message = await invokeAsToolCall(tool(s.tools, "drop_database"), {}, "call_drop");
    expect(count("drop_database")).toBe(before + 1);
    expect(textOf(message)).toContain("dropped");
    const [input] = recordsOf(from);
    expect(input).toMatchObject({
      phase: "input",
      action: "allow",
      monitor: true,
      wouldHave: "block",
      ruleIds: ["no-drops"],
      reason: expect.stringContaining("dropping data is not allowed"),
    });
  });

  it("arguments that would be blocked arrive unchanged", async () => {
    const token = fakeGithubToken();
    const from = s.records.length;
    const message = await invokeAsToolCall(tool(s.tools, "echo"), { text: `use ${token}` }, "call_echo");
    // The server echoed what it received: the original argument, and the model reads the original result.
    expect(textOf(message)).toContain(token);
    const [input, output] = recordsOf(from);
    expect(input).toMatchObject({ phase: "input", action: "allow", monitor: true, wouldHave: "block" });
    expect(input!.ruleIds.some((id) => id.startsWith("secret."))).toBe(true);
    expect(output).toMatchObject({ phase: "output", action: "allow", monitor: true, wouldHave: "redact" });
  });

  it("a result that would be redacted comes back as it was, and the redaction is recorded", async () => {
    const from = s.records.length;
    const message = await invokeAsToolCall(tool(s.tools, "get_customer"), { id: 7 }, "call_customer");
    expect(textOf(message)).toContain("jane.roe@example.com");
    // No untrusted-content envelope either: the model gets the server's own text.
    expect(textOf(message)).not.toMatch(/untrusted/i);
    const [input, output] = recordsOf(from);
    expect(input).toMatchObject({ phase: "input", action: "allow", monitor: true });
    expect(input!.wouldHave).toBeUndefined();
    expect(output).toMatchObject({ phase: "output", action: "allow", monitor: true, wouldHave: "redact" });
    expect(output!.findings.some((f) => f.type === "email" && f.action === "redact")).toBe(true);
  });

  it("a call that would need a human runs without a review, and the review step is not asked", async () => {
    const preview = await s.interceptor.previewInput({
      serverName: "acme",
      name: "run_sql",
      args: { query: "select 1" },
      toolCallId: "call_sql",
    });
    expect(preview.outcome).toBe("allow");
    const before = count("run_sql");
    const from = s.records.length;
    await invokeAsToolCall(tool(s.tools, "run_sql"), { query: "select 1" }, "call_sql");
    expect(count("run_sql")).toBe(before + 1);
    const [input] = recordsOf(from);
    expect(input).toMatchObject({
      phase: "input",
      action: "allow",
      monitor: true,
      wouldHave: "review",
      ruleIds: ["sql-needs-review"],
    });
  });

  it("createAgent with the review step: the run is not paused, the call runs once, the audit says review", async () => {
    const before = count("run_sql");
    const from = s.records.length;
    const agent = createAgent({
      model: new ScriptedChatModel([
        { toolCalls: [{ name: "run_sql", args: { query: "select 2" }, id: "call_sql_agent" }] },
        { text: "done" },
      ]),
      tools: [...s.tools.values()],
      checkpointer: new MemorySaver(),
      middleware: [createTollgateMiddleware({ tools: [...s.tools.values()] })],
    });
    const config = { configurable: { thread_id: `monitor-${where}` } };
    const state = (await agent.invoke({ messages: [new HumanMessage("run it")] }, config)) as {
      __interrupt__?: unknown[];
      messages: unknown[];
    };
    expect(state.__interrupt__).toBeUndefined();
    expect(count("run_sql")).toBe(before + 1);
    const input = s.records.slice(from).find((r) => r.phase === "input" && r.toolName === "run_sql");
    expect(input).toMatchObject({ action: "allow", monitor: true, wouldHave: "review" });
    expect(s.records.slice(from).some((r) => r.phase === "review")).toBe(false);
  });

  it("the server's metrics count what enforcing would have done", async () => {
    if (!s.metrics) return;
    const text = await s.metrics();
    expect(text).toMatch(/tollgate_monitor_decisions_total\{phase="input",would_have="block"\} [1-9]/);
    expect(text).toMatch(/tollgate_monitor_decisions_total\{phase="output",would_have="redact"\} [1-9]/);
  });

  it("a tool description that would be cleaned is shown as listed; the catalogue record says so", async () => {
    const listed = s.tools.get("notes_search");
    expect(listed?.description).toContain("<IMPORTANT>");
    const catalog = s.records.find((r) => r.phase === "catalog" && r.toolName === "notes_search");
    expect(catalog).toMatchObject({ action: "allow", monitor: true, wouldHave: "redact" });
  });
});

describe("monitor mode", () => {
  it("decides the same locally and through tollgate serve", () => {
    expect(seen["tollgate serve"]).toEqual(seen["local engine"]);
    expect(seen["local engine"]?.length).toBe(4);
  });

  it("the same policy without `mode: monitor` blocks and redacts (the control)", async () => {
    const s = await localSetup(rules);
    try {
      const before = count("drop_database");
      await expect(tool(s.tools, "drop_database").invoke({})).rejects.toMatchObject({
        code: "policy_violation",
      });
      expect(count("drop_database")).toBe(before);
      const message = await invokeAsToolCall(tool(s.tools, "get_customer"), { id: 7 }, "call_c");
      expect(textOf(message)).not.toContain("jane.roe@example.com");
      expect(s.records.every((r) => r.monitor === undefined)).toBe(true);
    } finally {
      await s.close();
    }
  });
});
