import { type BaseMessage, HumanMessage, ToolMessage } from "@langchain/core/messages";
import type { StructuredToolInterface } from "@langchain/core/tools";
import { MultiServerMCPClient } from "@langchain/mcp-adapters";
import { createAgent, createMiddleware } from "langchain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createToolInterceptor, PolicyViolationError } from "../../src/index.js";
import { createTollgateMiddleware } from "../../src/install/create-agent.js";
import { fakeGithubToken } from "../../src/shared/fake-credentials.js";
import { ScriptedChatModel } from "../../src/testing/scripted-chat-model.js";
import { type HttpTestServer, startHttpTestServer } from "../fixtures/test-server.js";
import { guardedClient, httpConnection } from "../helpers/clients.js";

const policy = {
  capabilities: {
    rules: [{ match: "*.drop_*", action: "deny" as const, reason: "destructive tools are denied" }],
  },
};

let http: HttpTestServer;
const clients: MultiServerMCPClient[] = [];
let guarded: StructuredToolInterface[];
let raw: StructuredToolInterface[];

beforeAll(async () => {
  http = await startHttpTestServer();
  const g = await guardedClient(httpConnection(http.url), createToolInterceptor({ policy }));
  clients.push(g.client);
  guarded = [...g.tools.values()];
  const rawClient = new MultiServerMCPClient({ mcpServers: { acme: httpConnection(http.url) } });
  clients.push(rawClient);
  raw = await rawClient.getTools();
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
  await http.close();
});

const toolMessages = (messages: BaseMessage[]) =>
  messages.filter((m): m is ToolMessage => ToolMessage.isInstance(m));
const logging = createMiddleware({ name: "Logging", wrapToolCall: (request, handler) => handler(request) });

describe("langchain createAgent", () => {
  it("trap: with any wrapToolCall middleware, one MCP error result crashes the run", async () => {
    const model = new ScriptedChatModel([{ toolCalls: [{ name: "deploy", args: {} }] }, { text: "never" }]);
    const agent = createAgent({ model, tools: raw, middleware: [logging] });
    await expect(agent.invoke({ messages: [new HumanMessage("deploy")] })).rejects.toThrow(
      /returned an error/,
    );
  });

  it("middleware: blocks and MCP errors become error ToolMessages; the run completes", async () => {
    const model = new ScriptedChatModel([
      {
        toolCalls: [
          { name: "drop_database", args: {} },
          { name: "deploy", args: {} },
          { name: "get_customer", args: { id: 3 } },
        ],
      },
      { text: "Reported." },
    ]);
    const agent = createAgent({ model, tools: guarded, middleware: [logging, createTollgateMiddleware()] });
    const { messages } = await agent.invoke({ messages: [new HumanMessage("go")] });
    const [drop, deploy, customer] = toolMessages(messages);
    expect(drop?.status).toBe("error");
    expect(String(drop?.content)).toContain("destructive tools are denied");
    expect(deploy?.status).toBe("error");
    expect(String(deploy?.content)).toContain("[REDACTED:github_token]");
    expect(String(customer?.content)).toContain("[REDACTED:email]");
    const prompt = JSON.stringify(model.seen.at(-1));
    expect(prompt).not.toContain(fakeGithubToken());
    expect(prompt).not.toContain("jane.roe@example.com");
  });

  it("middleware: applies the interceptors itself to tools that were not installed on", async () => {
    const before = http.counts.get("drop_database") ?? 0;
    const model = new ScriptedChatModel([
      {
        toolCalls: [
          { name: "drop_database", args: {} },
          { name: "get_customer", args: { id: 4 } },
        ],
      },
      { text: "ok" },
    ]);
    const agent = createAgent({
      model,
      tools: raw,
      middleware: [
        createTollgateMiddleware({
          interceptors: [createToolInterceptor({ policy })],
          serverName: () => "acme",
        }),
      ],
    });
    const { messages } = await agent.invoke({ messages: [new HumanMessage("go")] });
    const [drop, customer] = toolMessages(messages);
    expect(drop?.status).toBe("error");
    expect(http.counts.get("drop_database") ?? 0).toBe(before);
    expect(String(customer?.content)).toContain("[REDACTED:email]");
    expect(String(customer?.content)).not.toContain("jane.roe@example.com");
  });

  it("middleware with handleToolErrors: false surfaces the typed PolicyViolationError", async () => {
    const model = new ScriptedChatModel([{ toolCalls: [{ name: "drop_database", args: {} }] }]);
    const agent = createAgent({
      model,
      tools: guarded,
      middleware: [createTollgateMiddleware({ handleToolErrors: false })],
    });
    const error = await agent.invoke({ messages: [new HumanMessage("go")] }).catch((e: unknown) => e);
    let cause: unknown = error;
    while (cause instanceof Error && !(cause instanceof PolicyViolationError) && cause.cause)
      cause = cause.cause;
    expect(cause).toBeInstanceOf(PolicyViolationError);
  });

  it("middleware: a serverName callback that throws blocks that call as an error ToolMessage; the run completes", async () => {
    const before = http.counts.get("echo") ?? 0;
    const model = new ScriptedChatModel([
      { toolCalls: [{ name: "echo", args: { text: "hi" } }] },
      { text: "done" },
    ]);
    const agent = createAgent({
      model,
      tools: raw,
      middleware: [
        createTollgateMiddleware({
          interceptors: [createToolInterceptor({ policy })],
          serverName: () => {
            throw new Error("no server map loaded");
          },
        }),
      ],
    });
    const { messages } = await agent.invoke({ messages: [new HumanMessage("go")] });
    const [echo] = toolMessages(messages);
    expect(echo?.status).toBe("error");
    expect(String(echo?.content)).toContain("serverName");
    expect(http.counts.get("echo") ?? 0).toBe(before);
  });

  it("middleware: adds no graph node of its own, but the review step's when it has tools to review", async () => {
    // Each hook is a graph node run around every model call: the provenance fold rides on the model and tool steps'
    // own updates, and without `tools` the review step has nothing to do.
    const nodesOf = (middleware: ReturnType<typeof createTollgateMiddleware>) => {
      const agent = createAgent({
        model: new ScriptedChatModel([{ text: "ok" }]),
        tools: guarded,
        middleware: [middleware],
      });
      return Object.keys(agent.graph.nodes).filter((name) => name.startsWith("McpTollgate."));
    };
    expect(nodesOf(createTollgateMiddleware())).toEqual([]);
    expect(nodesOf(createTollgateMiddleware({ tools: guarded }))).toEqual(["McpTollgate.after_model"]);
    // The run takes the unguarded agent's steps, and still completes with the tool's checked result.
    const model = new ScriptedChatModel([
      { toolCalls: [{ name: "get_customer", args: { id: 3 } }] },
      { text: "ok" },
    ]);
    const agent = createAgent({ model, tools: guarded, middleware: [createTollgateMiddleware()] });
    const steps: string[] = [];
    const stream = await agent.stream({ messages: [new HumanMessage("go")] }, { streamMode: "updates" });
    for await (const chunk of stream) steps.push(...Object.keys(chunk));
    expect(steps).toEqual(["model_request", "tools", "model_request"]);
  });
});
