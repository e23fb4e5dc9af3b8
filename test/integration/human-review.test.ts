import { type BaseMessage, HumanMessage, ToolMessage } from "@langchain/core/messages";
import type { StructuredToolInterface } from "@langchain/core/tools";
import { Command, END, MemorySaver, MessagesAnnotation, START, StateGraph } from "@langchain/langgraph";
import { ToolNode } from "@langchain/langgraph/prebuilt";
import type { MultiServerMCPClient } from "@langchain/mcp-adapters";
import { createAgent, tool as localTool } from "langchain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import {
  type AuditRecord,
  createReviewNode,
  createToolInterceptor,
  type PolicyConfig,
  type TollgateReviewRequest,
} from "../../src/index.js";
import { createTollgateMiddleware } from "../../src/install/create-agent.js";
import { fakeGithubToken } from "../../src/shared/fake-credentials.js";
import { ScriptedChatModel } from "../../src/testing/scripted-chat-model.js";
import { type HttpTestServer, startHttpTestServer } from "../fixtures/test-server.js";
import { guardedClient, httpConnection } from "../helpers/clients.js";

/**
 * Issue 10 part 3: a rule action `review` pauses the run after the model proposed its calls and before any of them
 * runs; resuming with approve, edit or reject never repeats a call that already reached the server.
 */
const policy: PolicyConfig = {
  capabilities: {
    rules: [
      {
        id: "writes-need-review",
        match: ["acme.drop_*", "acme.save_note"],
        action: "review",
        reason: "changing data needs a human approval",
      },
    ],
  },
  // Arguments are redacted before the call: the reviewer sees them redacted too.
  pii: { input: "placeholder" },
};

let http: HttpTestServer;
let client: MultiServerMCPClient;
let tools: StructuredToolInterface[];
const records: AuditRecord[] = [];

beforeAll(async () => {
  http = await startHttpTestServer();
  const g = await guardedClient(
    httpConnection(http.url),
    createToolInterceptor({ policy, onDecision: (r) => records.push(r) }),
  );
  client = g.client;
  tools = [...g.tools.values()];
});
afterAll(async () => {
  await client.close();
  await http.close();
});

const count = (name: string) => http.counts.get(name) ?? 0;
const toolMessages = (messages: BaseMessage[]) =>
  messages.filter((m): m is ToolMessage => ToolMessage.isInstance(m));
type Paused = { __interrupt__?: { value: TollgateReviewRequest }[]; messages: BaseMessage[] };

let thread = 0;
function agentWithReview(script: ConstructorParameters<typeof ScriptedChatModel>[0]) {
  const model = new ScriptedChatModel(script);
  const agent = createAgent({
    model,
    tools,
    checkpointer: new MemorySaver(),
    middleware: [createTollgateMiddleware({ tools })],
  });
  return { agent, model, config: { configurable: { thread_id: `review-${++thread}` } } };
}

describe("human review in createAgent", () => {
  it("pauses before any proposed call runs, shows the pending call, and approve runs each call once", async () => {
    const echo = count("echo");
    const drop = count("drop_database");
    const { agent, config } = agentWithReview([
      {
        toolCalls: [
          { name: "echo", args: { text: "first" }, id: "call_echo" },
          { name: "drop_database", args: {}, id: "call_drop" },
        ],
      },
      { text: "done" },
    ]);
    const paused = (await agent.invoke({ messages: [new HumanMessage("clean up")] }, config)) as Paused;
    const request = paused.__interrupt__?.[0]?.value;
    expect(request?.actionRequests).toHaveLength(1);
    expect(request?.actionRequests[0]).toMatchObject({
      name: "drop_database",
      args: {},
      tollgate: {
        toolCallId: "call_drop",
        connectorType: "acme.drop_database",
        ruleId: "writes-need-review",
        reason: "changing data needs a human approval",
      },
    });
    expect(request?.reviewConfigs[0]).toEqual({
      actionName: "drop_database",
      allowedDecisions: ["approve", "edit", "reject"],
    });
    // Paused before ANY call ran: not even the call that needs no review.
    expect(count("echo")).toBe(echo);
    expect(count("drop_database")).toBe(drop);

    const done = await agent.invoke(new Command({ resume: { decisions: [{ type: "approve" }] } }), config);
    expect(count("echo")).toBe(echo + 1);
    expect(count("drop_database")).toBe(drop + 1);
    const [first, dropped] = toolMessages(done.messages).map((m) => String(m.content));
    expect(first).toContain("first");
    expect(dropped).toContain("dropped");
    expect(
      records.some((r) => r.toolCallId === "call_drop" && r.reason?.includes("approved by a human")),
    ).toBe(true);
  });

  it("reject: the call never reaches the server and the model reads the reviewer's message", async () => {
    const drop = count("drop_database");
    const { agent, config, model } = agentWithReview([
      { toolCalls: [{ name: "drop_database", args: {}, id: "call_drop_r" }] },
      { text: "ok, not dropping" },
    ]);
    await agent.invoke({ messages: [new HumanMessage("drop it")] }, config);
    const done = await agent.invoke(
      new Command({ resume: { decisions: [{ type: "reject", message: "No: that is production." }] } }),
      config,
    );
    expect(count("drop_database")).toBe(drop);
    const [rejected] = toolMessages(done.messages);
    expect(rejected?.status).toBe("error");
    expect(String(rejected?.content)).toContain("No: that is production.");
    expect(JSON.stringify(model.seen.at(-1))).toContain("No: that is production.");
    const own = records.filter((r) => r.toolCallId === "call_drop_r");
    expect(own.map((r) => `${r.phase}:${r.action}`)).toEqual(["review:note", "review:block"]);
    expect(JSON.stringify(own)).not.toContain("production");
  });

  it("edit: the edited arguments run, and are checked again (a blocked edit never reaches the server)", async () => {
    const saves = count("save_note");
    const { agent, config } = agentWithReview([
      {
        toolCalls: [
          { name: "save_note", args: { name: "draft.txt", body: "hi" }, id: "call_save_1" },
          { name: "save_note", args: { name: "other.txt", body: "x" }, id: "call_save_2" },
        ],
      },
      { text: "saved" },
    ]);
    const paused = (await agent.invoke({ messages: [new HumanMessage("save")] }, config)) as Paused;
    expect(paused.__interrupt__?.[0]?.value.actionRequests.map((a) => a.tollgate.toolCallId)).toEqual([
      "call_save_1",
      "call_save_2",
    ]);
    const done = await agent.invoke(
      new Command({
        resume: {
          decisions: [
            { type: "edit", editedAction: { name: "save_note", args: { name: "final.txt", body: "hi" } } },
            { type: "edit", editedAction: { name: "save_note", args: { name: "/etc/passwd", body: "x" } } },
          ],
        },
      }),
      config,
    );
    const [first, second] = toolMessages(done.messages);
    expect(String(first?.content)).toContain("saved final.txt");
    expect(second?.status).toBe("error");
    expect(count("save_note")).toBe(saves + 1);
  });

  it("shows the arguments after redaction; a call the policy blocks anyway is not put to a human", async () => {
    const saves = count("save_note");
    const { agent, config } = agentWithReview([
      {
        toolCalls: [
          { name: "save_note", args: { name: "n.txt", body: "mail jane.roe@example.com" }, id: "c_s" },
          { name: "save_note", args: { name: "t.txt", body: `token ${fakeGithubToken()}` }, id: "c_t" },
        ],
      },
      { text: "x" },
    ]);
    const paused = (await agent.invoke({ messages: [new HumanMessage("save")] }, config)) as Paused;
    const shown = JSON.stringify(paused.__interrupt__);
    expect(shown).not.toContain("jane.roe@example.com");
    expect(shown).toContain("[REDACTED:email]");
    expect(shown).not.toContain(fakeGithubToken());
    expect(paused.__interrupt__?.[0]?.value.actionRequests.map((a) => a.tollgate.toolCallId)).toEqual([
      "c_s",
    ]);
    const done = await agent.invoke(new Command({ resume: { decisions: [{ type: "approve" }] } }), config);
    const [saved, blocked] = toolMessages(done.messages);
    expect(String(saved?.content)).toContain("saved n.txt");
    expect(blocked?.status).toBe("error");
    expect(count("save_note")).toBe(saves + 1);
  });

  it("without a review step, a call that needs review is blocked (fail closed)", async () => {
    const drop = count("drop_database");
    const model = new ScriptedChatModel([
      { toolCalls: [{ name: "drop_database", args: {}, id: "call_unreviewed" }] },
      { text: "x" },
    ]);
    const agent = createAgent({ model, tools, middleware: [createTollgateMiddleware()] });
    const { messages } = await agent.invoke({ messages: [new HumanMessage("drop")] });
    const [blocked] = toolMessages(messages);
    expect(blocked?.status).toBe("error");
    expect(String(blocked?.content)).toContain("human approval");
    expect(count("drop_database")).toBe(drop);
  });

  it("rejects a resume value that is not a decision per pending call, with a typed error", async () => {
    const { agent, config } = agentWithReview([
      { toolCalls: [{ name: "drop_database", args: {}, id: "call_bad" }] },
      { text: "x" },
    ]);
    const drop = count("drop_database");
    await agent.invoke({ messages: [new HumanMessage("drop")] }, config);
    await expect(agent.invoke(new Command({ resume: { decisions: [] } }), config)).rejects.toMatchObject({
      code: "invalid_arguments",
    });
    await expect(
      agent.invoke(
        new Command({
          resume: { decisions: [{ type: "edit", editedAction: { name: "echo", args: { text: "x" } } }] },
        }),
        config,
      ),
    ).rejects.toMatchObject({ code: "invalid_arguments" });
    expect(count("drop_database")).toBe(drop);
  });
});

describe("review chosen by the run context, and for tools outside the install", () => {
  it("a review rule with a `when` condition pauses a viewer's run and lets an admin's call through", async () => {
    const http2 = await startHttpTestServer();
    const g = await guardedClient(
      httpConnection(http2.url),
      createToolInterceptor({
        policy: {
          capabilities: {
            rules: [
              {
                match: "acme.drop_*",
                action: "review",
                reason: "only admins drop without a review",
                when: { "context.roles": { not: "admin" } },
              },
            ],
          },
        },
      }),
    );
    try {
      const ctxTools = [...g.tools.values()];
      const make = (id: string) =>
        createAgent({
          model: new ScriptedChatModel([
            { toolCalls: [{ name: "drop_database", args: {}, id }] },
            { text: "ok" },
          ]),
          tools: ctxTools,
          checkpointer: new MemorySaver(),
          middleware: [createTollgateMiddleware({ tools: ctxTools })],
        });
      const admin = (await make("c_admin").invoke(
        { messages: [new HumanMessage("drop")] },
        { configurable: { thread_id: "ctx-admin" }, context: { roles: ["admin"] } },
      )) as Paused;
      expect(admin.__interrupt__).toBeUndefined();
      expect(http2.counts.get("drop_database")).toBe(1);
      const viewer = (await make("c_viewer").invoke(
        { messages: [new HumanMessage("drop")] },
        { configurable: { thread_id: "ctx-viewer" }, context: { roles: ["viewer"] } },
      )) as Paused;
      expect(viewer.__interrupt__?.[0]?.value.actionRequests[0]?.tollgate.reason).toBe(
        "only admins drop without a review",
      );
      expect(http2.counts.get("drop_database")).toBe(1);
    } finally {
      await g.client.close();
      await http2.close();
    }
  });

  it("a local tool checked by the middleware's own interceptors is reviewed the same way", async () => {
    let runs = 0;
    const refund = localTool(
      async ({ amount }: { amount: number }) => {
        runs++;
        return `refunded ${amount}`;
      },
      { name: "refund", description: "Refunds a payment.", schema: z.object({ amount: z.number() }) },
    );
    const agent = createAgent({
      model: new ScriptedChatModel([
        { toolCalls: [{ name: "refund", args: { amount: 5000 }, id: "c_refund" }] },
        { text: "ok" },
      ]),
      tools: [refund],
      checkpointer: new MemorySaver(),
      middleware: [
        createTollgateMiddleware({
          tools: [refund],
          interceptors: [
            createToolInterceptor({
              policy: {
                capabilities: {
                  rules: [{ match: "agent.refund", action: "review", when: { "context.desk": "support" } }],
                },
              },
            }),
          ],
        }),
      ],
    });
    const config = { configurable: { thread_id: "local-refund" }, context: { desk: "support" } };
    const paused = (await agent.invoke({ messages: [new HumanMessage("refund")] }, config)) as Paused;
    expect(paused.__interrupt__?.[0]?.value.actionRequests[0]?.tollgate.connectorType).toBe("agent.refund");
    expect(runs).toBe(0);
    const done = await agent.invoke(
      new Command({
        resume: { decisions: [{ type: "edit", editedAction: { name: "refund", args: { amount: 50 } } }] },
      }),
      config,
    );
    expect(runs).toBe(1);
    expect(String(toolMessages(done.messages)[0]?.content)).toContain("refunded 50");
  });
});

describe("human review in a LangGraph StateGraph with a checkpointer", () => {
  function graph(model: ScriptedChatModel) {
    return new StateGraph(MessagesAnnotation)
      .addNode("agent", async (state) => ({ messages: [await model.invoke(state.messages)] }))
      .addNode("review", createReviewNode({ tools }))
      .addNode("tools", new ToolNode(tools))
      .addEdge(START, "agent")
      .addConditionalEdges("agent", (state) => {
        const last = state.messages.at(-1);
        return last && "tool_calls" in last && (last.tool_calls as unknown[]).length > 0 ? "review" : END;
      })
      .addEdge("review", "tools")
      .addEdge("tools", "agent")
      .compile({ checkpointer: new MemorySaver() });
  }

  it("pauses in the review node; resuming runs every call exactly once", async () => {
    const echo = count("echo");
    const drop = count("drop_database");
    const model = new ScriptedChatModel([
      {
        toolCalls: [
          { name: "echo", args: { text: "g" }, id: "g_echo" },
          { name: "drop_database", args: {}, id: "g_drop" },
        ],
      },
      { text: "done" },
    ]);
    const app = graph(model);
    const config = { configurable: { thread_id: "graph-1" } };
    const paused = (await app.invoke({ messages: [new HumanMessage("go")] }, config)) as Paused;
    expect(paused.__interrupt__?.[0]?.value.actionRequests[0]?.tollgate.connectorType).toBe(
      "acme.drop_database",
    );
    expect(count("echo")).toBe(echo);
    expect(count("drop_database")).toBe(drop);
    const done = await app.invoke(new Command({ resume: { decisions: [{ type: "approve" }] } }), config);
    expect(count("echo")).toBe(echo + 1);
    expect(count("drop_database")).toBe(drop + 1);
    expect(toolMessages(done.messages)).toHaveLength(2);
  });

  it("reject in a graph: a ToolMessage answers the call, ToolNode skips it, the server never sees it", async () => {
    const drop = count("drop_database");
    const model = new ScriptedChatModel([
      { toolCalls: [{ name: "drop_database", args: {}, id: "g_drop_r" }] },
      { text: "fine" },
    ]);
    const app = graph(model);
    const config = { configurable: { thread_id: "graph-2" } };
    await app.invoke({ messages: [new HumanMessage("go")] }, config);
    const done = await app.invoke(new Command({ resume: { decisions: [{ type: "reject" }] } }), config);
    expect(count("drop_database")).toBe(drop);
    expect(toolMessages(done.messages)).toHaveLength(1);
    expect(toolMessages(done.messages)[0]?.status).toBe("error");
  });
});
