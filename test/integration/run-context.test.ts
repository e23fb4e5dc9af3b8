import { HumanMessage, ToolMessage } from "@langchain/core/messages";
import type { StructuredToolInterface } from "@langchain/core/tools";
import { MemorySaver } from "@langchain/langgraph";
import type { MultiServerMCPClient } from "@langchain/mcp-adapters";
import { createAgent } from "langchain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createToolInterceptor,
  type InputCheckRequest,
  LocalPolicyEngine,
  type PolicyBackend,
  type PolicyConfig,
} from "../../src/index.js";
import { createTollgateMiddleware } from "../../src/install/create-agent.js";
import { ScriptedChatModel } from "../../src/testing/scripted-chat-model.js";
import { type HttpTestServer, startHttpTestServer } from "../fixtures/test-server.js";
import { guardedClient, httpConnection } from "../helpers/clients.js";

/** Issue 10 part 2: the policy sees who the agent acts for (LangGraph configurable, createAgent context). */
const policy: PolicyConfig = {
  capabilities: {
    grantFrom: { "context.roles": { admin: ["db.drop"] } },
    rules: [
      {
        id: "echo-for-acme-only",
        match: "acme.echo",
        action: "deny",
        reason: "echo is for tenant acme only",
        when: { "configurable.tenant_id": { not: "acme" } },
      },
    ],
  },
  tools: { "acme.drop_database": { requires: ["db.drop"] } },
};

let http: HttpTestServer;
let client: MultiServerMCPClient;
let tools: StructuredToolInterface[];
const seen: InputCheckRequest[] = [];

beforeAll(async () => {
  http = await startHttpTestServer();
  const engine = new LocalPolicyEngine(policy);
  // A custom backend wrapping the local engine: it gets the same requests, and records them.
  const backend: PolicyBackend = {
    name: "recording",
    checkInput: (request) => {
      seen.push(request);
      return engine.checkInput(request);
    },
    checkOutput: (request) => engine.checkOutput(request),
    registerTools: (server, list) => engine.registerTools(server, list),
  };
  const g = await guardedClient(httpConnection(http.url), createToolInterceptor({ backend }));
  client = g.client;
  tools = [...g.tools.values()];
});
afterAll(async () => {
  await client.close();
  await http.close();
});

async function run(toolName: string, args: Record<string, unknown>, options: Record<string, unknown>) {
  const model = new ScriptedChatModel([
    { toolCalls: [{ name: toolName, args, id: `tc_${toolName}` }] },
    { text: "done" },
  ]);
  const agent = createAgent({ model, tools, middleware: [createTollgateMiddleware()] });
  const { messages } = await agent.invoke({ messages: [new HumanMessage("go")] }, options);
  return messages.filter((m): m is ToolMessage => ToolMessage.isInstance(m)).at(-1)!;
}

describe("run context reaches the policy", () => {
  it("grants capabilities from the createAgent runtime context: only an admin's call reaches the server", async () => {
    const before = http.counts.get("drop_database") ?? 0;
    const viewer = await run("drop_database", {}, { context: { roles: ["viewer"] } });
    expect(viewer.status).toBe("error");
    expect(String(viewer.content)).toContain("db.drop");
    expect(http.counts.get("drop_database") ?? 0).toBe(before);

    const admin = await run("drop_database", {}, { context: { roles: ["admin"] } });
    expect(admin.status).not.toBe("error");
    expect(http.counts.get("drop_database") ?? 0).toBe(before + 1);
  });

  it("chooses rules from configurable (when), and custom backends get the tool call id and a frozen JSON copy", async () => {
    const before = http.counts.get("echo") ?? 0;
    const other = await run(
      "echo",
      { text: "hi" },
      { configurable: { thread_id: "t-1", tenant_id: "globex", callback: () => 1 }, context: { roles: [] } },
    );
    expect(other.status).toBe("error");
    expect(String(other.content)).toContain("tenant acme only");
    expect(http.counts.get("echo") ?? 0).toBe(before);
    const request = seen.at(-1)!;
    expect(request.toolCallId).toBe("tc_echo");
    expect(request.runContext?.configurable).toMatchObject({ thread_id: "t-1", tenant_id: "globex" });
    // Never callbacks, functions or LangGraph's internals; and read-only.
    expect(request.runContext?.configurable).not.toHaveProperty("callback");
    expect(Object.keys(request.runContext?.configurable ?? {}).some((k) => k.startsWith("__"))).toBe(false);
    expect(Object.isFrozen(request.runContext)).toBe(true);
    expect(Object.isFrozen(request.runContext?.context?.roles)).toBe(true);

    const acme = await run("echo", { text: "hi" }, { configurable: { thread_id: "t-2", tenant_id: "acme" } });
    expect(acme.status).not.toBe("error");
    expect(http.counts.get("echo") ?? 0).toBe(before + 1);
  });

  it("works in a checkpointed graph run (thread_id from a MemorySaver thread)", async () => {
    const model = new ScriptedChatModel([
      { toolCalls: [{ name: "echo", args: { text: "x" } }] },
      { text: "done" },
    ]);
    const agent = createAgent({ model, tools, checkpointer: new MemorySaver() });
    await agent.invoke(
      { messages: [new HumanMessage("go")] },
      { configurable: { thread_id: "thread-9", tenant_id: "acme" } },
    );
    expect(seen.at(-1)?.runContext?.configurable?.thread_id).toBe("thread-9");
  });
});
