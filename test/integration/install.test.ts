import type { StructuredToolInterface } from "@langchain/core/tools";
import { MultiServerMCPClient } from "@langchain/mcp-adapters";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type AuditRecord,
  createToolInterceptor,
  InstallError,
  installInterceptors,
  isGuardedTool,
  PolicyViolationError,
  type ToolInterceptor,
} from "../../src/index.js";
import { fakeGithubToken } from "../../src/shared/fake-credentials.js";
import { type HttpTestServer, startHttpTestServer } from "../fixtures/test-server.js";
import {
  guardedClient,
  httpConnection,
  invokeAsToolCall,
  stdioConnection,
  type Transport,
  tool,
} from "../helpers/clients.js";

const policy = {
  capabilities: {
    rules: [{ match: "acme.drop_*", action: "deny" as const, reason: "destructive tools are denied" }],
  },
};

let http: HttpTestServer;
beforeAll(async () => {
  http = await startHttpTestServer();
});
afterAll(async () => {
  await http.close();
});

describe.each<Transport>(["stdio", "http"])("installInterceptors over %s", (transport) => {
  let client: MultiServerMCPClient;
  let tools: Map<string, StructuredToolInterface>;
  const records: AuditRecord[] = [];

  beforeAll(async () => {
    const connection = transport === "stdio" ? stdioConnection() : httpConnection(http.url);
    ({ client, tools } = await guardedClient(
      connection,
      createToolInterceptor({ policy, onDecision: (r) => records.push(r) }),
    ));
  });
  afterAll(async () => {
    await client.close();
  });

  /** Calls received by the real server, read from the server itself. */
  async function serverCounts(): Promise<Record<string, number>> {
    if (transport === "http") return Object.fromEntries(http.counts);
    const msg = await invokeAsToolCall(tool(tools, "call_counts"), {});
    return JSON.parse((msg.content as string).match(/\{.*\}/s)![0].split("\n")[0]!) as Record<string, number>;
  }

  it("guards every tool getTools() returns", () => {
    expect([...tools.values()].every(isGuardedTool)).toBe(true);
  });

  it("redacts PII in a result and passes the redacted result to the model", async () => {
    const msg = await invokeAsToolCall(tool(tools, "get_customer"), { id: 1 });
    const content = String(msg.content);
    expect(content).toContain("[REDACTED:email]");
    expect(content).toContain("[REDACTED:credit_card]");
    expect(content).not.toContain("jane.roe@example.com");
    expect(content).toMatch(/^<untrusted-tool-output server="acme" tool="get_customer" id="[0-9a-f]{32}">\n/);
  });

  it("blocks a denied tool before it reaches the server", async () => {
    const before = (await serverCounts()).drop_database ?? 0;
    const error = await tool(tools, "drop_database")
      .invoke({})
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PolicyViolationError);
    expect((error as PolicyViolationError).reason).toBe("destructive tools are denied");
    expect((await serverCounts()).drop_database ?? 0).toBe(before);
  });

  it("blocks a SQL injection argument before it reaches the server", async () => {
    const before = (await serverCounts()).run_sql ?? 0;
    const error = await tool(tools, "run_sql")
      .invoke({ query: "SELECT * FROM users WHERE name = '' OR 1=1 --" })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PolicyViolationError);
    expect((error as PolicyViolationError).phase).toBe("input");
    expect((await serverCounts()).run_sql ?? 0).toBe(before);
  });

  it("validates arguments against the tool's inputSchema before the call", async () => {
    const before = (await serverCounts()).save_note ?? 0;
    const error = (await tool(tools, "save_note")
      .invoke({ name: "/notes/today" })
      .catch((e: unknown) => e)) as Error;
    // The adapter's simplified schema drops `not`; the engine validates against the schema the server listed.
    expect(error).toBeInstanceOf(PolicyViolationError);
    expect((error as PolicyViolationError).findings[0]).toMatchObject({ kind: "schema", path: "/name" });
    expect((await serverCounts()).save_note ?? 0).toBe(before);
    expect(await tool(tools, "save_note").invoke({ name: "today" })).toContain("saved today");
  });

  it("blocks a result that breaks the tool's outputSchema, naming the path", async () => {
    const error = (await tool(tools, "get_weather")
      .invoke({ city: "broken" })
      .catch((e: unknown) => e)) as PolicyViolationError;
    expect(error).toBeInstanceOf(PolicyViolationError);
    expect(error.phase).toBe("output");
    expect(error.findings[0]).toMatchObject({ kind: "schema", path: "/structuredContent/temperature" });
    expect(await invokeAsToolCall(tool(tools, "get_weather"), { city: "Oslo" })).toBeDefined();
  });

  it("strips poisoned instructions from tool descriptions before the model sees them", () => {
    const description = tool(tools, "notes_search").description;
    expect(description).toContain("Searches notes.");
    expect(description).not.toMatch(/<IMPORTANT>/i);
    expect(records.some((r) => r.phase === "catalog" && r.toolName === "notes_search")).toBe(true);
  });

  it("keeps the model's tool-call arguments exactly as sent when the guard redacts them", async () => {
    const { client: c2, tools: t2 } = await guardedClient(
      transport === "stdio" ? stdioConnection() : httpConnection(http.url),
      createToolInterceptor({
        policy: { pii: { input: "placeholder" }, sanitizer: { mode: "pass-through" } },
      }),
    );
    try {
      const args = { text: "write to jane.roe@example.com" };
      const call = { name: "echo", args, id: "call_9", type: "tool_call" as const };
      const msg = await tool(t2, "echo").invoke(call);
      expect(msg.content).toBe("write to [REDACTED:email]");
      expect(call.args).toEqual({ text: "write to jane.roe@example.com" });
    } finally {
      await c2.close();
    }
  });

  it("refuses to hand out tools loaded before the install", async () => {
    const raw = new MultiServerMCPClient({
      mcpServers: { acme: transport === "stdio" ? stdioConnection() : httpConnection(http.url) },
    });
    try {
      await raw.getTools();
      installInterceptors(raw, createToolInterceptor());
      await expect(raw.getTools()).rejects.toBeInstanceOf(InstallError);
    } finally {
      await raw.close();
    }
  });

  it("refuses a second install on the same client", () => {
    expect(() => installInterceptors(client, createToolInterceptor())).toThrow(InstallError);
  });

  it("runs a user's interceptor beside the policy one, in onion order", async () => {
    const order: string[] = [];
    const logging: ToolInterceptor = async (req, next) => {
      order.push(`log>${req.name}`);
      const out = await next(req);
      order.push("<log");
      return out;
    };
    const { client: c3, tools: t3 } = await guardedClient(
      transport === "stdio" ? stdioConnection() : httpConnection(http.url),
      [
        logging,
        createToolInterceptor({
          onDecision: (r) => r.phase !== "catalog" && order.push(`policy:${r.phase}`),
        }),
      ],
    );
    try {
      await tool(t3, "echo").invoke({ text: "hi" });
      expect(order).toEqual(["log>echo", "policy:input", "policy:output", "<log"]);
    } finally {
      await c3.close();
    }
  });

  it("sends headers a user's interceptor adds (Streamable HTTP), through the policy check", async () => {
    if (transport === "stdio") return; // stdio has no headers
    const tenant: ToolInterceptor = (req, next) => next({ ...req, headers: { "x-tenant": "t-42" } });
    const { client: c4, tools: t4 } = await guardedClient(httpConnection(http.url), [
      tenant,
      createToolInterceptor({ policy }),
    ]);
    try {
      const before = http.tenants.length;
      for (let i = 0; i < 3; i++) await tool(t4, "echo").invoke({ text: `hi ${i}` });
      const seen = http.tenants.slice(before);
      expect(seen.filter((t) => t === "t-42").length).toBeGreaterThanOrEqual(3);
      await expect(tool(t4, "drop_database").invoke({})).rejects.toBeInstanceOf(PolicyViolationError);
    } finally {
      await c4.close();
    }
  });

  it("keeps a fake secret out of every message the model can see", async () => {
    const token = fakeGithubToken();
    const msg = await invokeAsToolCall(tool(tools, "read_config"), {});
    expect(JSON.stringify(msg)).not.toContain(token);
    const err = (await tool(tools, "throws")
      .invoke({})
      .catch((e: unknown) => e)) as Error;
    expect(err.message).not.toContain(token);
  });
});
