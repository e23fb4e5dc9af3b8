import { type BaseMessage, HumanMessage, ToolMessage } from "@langchain/core/messages";
import type { StructuredToolInterface } from "@langchain/core/tools";
import { Command, END, MemorySaver, MessagesAnnotation, START, StateGraph } from "@langchain/langgraph";
import { ToolNode } from "@langchain/langgraph/prebuilt";
import type { MultiServerMCPClient } from "@langchain/mcp-adapters";
import { createAgent, summarizationMiddleware } from "langchain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createToolInterceptor, type PolicyConfig, PolicyViolationError } from "../../src/index.js";
import { createTollgateMiddleware } from "../../src/install/create-agent.js";
import { PROVENANCE_ARTIFACT, PROVENANCE_STATE_KEY } from "../../src/install/thread-provenance.js";
import { ScriptedChatModel } from "../../src/testing/scripted-chat-model.js";
import {
  DANA_ADDRESS,
  flowTools,
  PLANTED_IBAN,
  PLANTED_RECIPIENT,
  USER_ADDRESS,
} from "../fixtures/flow-server.js";
import { type HttpTestServer, startHttpTestServer } from "../fixtures/test-server.js";
import { guardedClient, httpConnection, tool } from "../helpers/clients.js";

/**
 * Issue 17 items 1 and 6, the install side: the guard reads what the user said and what the tools returned from the
 * graph's state where the call runs (createAgent, a StateGraph's ToolNode), keeps the output check's facts with the
 * thread (ToolMessage artifact, the middleware's state key), and falls back to a per-thread record without a graph.
 * Every harmful call is counted at a real MCP server: it never arrives; the benign one does.
 */
let http: HttpTestServer;
const clients: MultiServerMCPClient[] = [];

beforeAll(async () => {
  http = await startHttpTestServer(flowTools());
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
  await http.close();
});

const count = (name: string) => http.counts.get(name) ?? 0;

/** A fresh install (a fresh process's memory): a new client on the same server. */
async function freshTools(policy?: PolicyConfig): Promise<StructuredToolInterface[]> {
  const { client, tools } = await guardedClient(
    httpConnection(http.url),
    createToolInterceptor(policy ? { policy } : {}),
  );
  clients.push(client);
  return [...tools.values()];
}

const sendPlanted = { name: "send_email", args: { to: PLANTED_RECIPIENT, subject: "statement", body: "hi" } };
const toolMessages = (messages: BaseMessage[]) =>
  messages.filter((m): m is ToolMessage => ToolMessage.isInstance(m));

describe("createAgent: provenance from the graph state", () => {
  it("a recipient from read_inbox is refused before the server; the one the user typed goes through", async () => {
    const tools = await freshTools();
    const before = count("send_email");
    const model = new ScriptedChatModel([
      { toolCalls: [{ name: "read_inbox", args: {} }] },
      { toolCalls: [sendPlanted] },
      { text: "Done." },
    ]);
    const agent = createAgent({ model, tools, middleware: [createTollgateMiddleware()] });
    const { messages } = await agent.invoke({ messages: [new HumanMessage("Summarise my inbox.")] });
    const refused = toolMessages(messages).at(-1);
    expect(refused?.status).toBe("error");
    expect(String(refused?.content)).toContain("came from `acme.read_inbox`, not from you");
    expect(count("send_email")).toBe(before);

    const typed = new ScriptedChatModel([{ toolCalls: [sendPlanted] }, { text: "Sent." }]);
    const agent2 = createAgent({ model: typed, tools, middleware: [createTollgateMiddleware()] });
    const run = await agent2.invoke({
      messages: [new HumanMessage(`Send the statement to ${PLANTED_RECIPIENT}.`)],
    });
    expect(toolMessages(run.messages).at(-1)?.status).not.toBe("error");
    expect(count("send_email")).toBe(before + 1);
  });

  it("without a thread id, results of parallel calls in one step share the run's salt and all count", async () => {
    const tools = await freshTools();
    const before = count("send_email");
    const model = new ScriptedChatModel([
      {
        toolCalls: [
          { name: "read_config", args: {} },
          { name: "read_inbox", args: {} },
        ],
      },
      { toolCalls: [sendPlanted] },
      { text: "Done." },
    ]);
    const agent = createAgent({ model, tools, middleware: [createTollgateMiddleware()] });
    const { messages } = await agent.invoke({ messages: [new HumanMessage("Check config and inbox.")] });
    expect(String(toolMessages(messages).at(-1)?.content)).toContain("came from `acme.read_inbox`");
    expect(count("send_email")).toBe(before);
  });

  it("with a review step, the planted recipient pauses the run for a human; a rejection keeps it off the server", async () => {
    const tools = await freshTools();
    const before = count("send_email");
    const config = { configurable: { thread_id: "review-1" } };
    const agent = createAgent({
      model: new ScriptedChatModel([
        { toolCalls: [{ name: "read_inbox", args: {} }] },
        { toolCalls: [sendPlanted] },
        { text: "Done." },
      ]),
      tools,
      middleware: [createTollgateMiddleware({ tools })],
      checkpointer: new MemorySaver(),
    });
    const paused = await agent.invoke({ messages: [new HumanMessage("Summarise my inbox.")] }, config);
    const interrupts = (paused as { __interrupt__?: { value: unknown }[] }).__interrupt__ ?? [];
    expect(JSON.stringify(interrupts[0]?.value)).toContain("not from you");
    await agent.invoke(new Command({ resume: { decisions: [{ type: "reject" }] } }), config);
    expect(count("send_email")).toBe(before);
  });

  it("the facts ride with the thread: a new agent and install on the same checkpointer still refuse", async () => {
    const checkpointer = new MemorySaver();
    const config = { configurable: { thread_id: "restart-1" } };
    const first = createAgent({
      model: new ScriptedChatModel([{ toolCalls: [{ name: "read_inbox", args: {} }] }, { text: "Read." }]),
      tools: await freshTools(),
      middleware: [createTollgateMiddleware()],
      checkpointer,
    });
    await first.invoke({ messages: [new HumanMessage("Check my inbox for bills.")] }, config);
    const saved = JSON.stringify((await checkpointer.getTuple(config))?.checkpoint);
    expect(saved).toContain(PROVENANCE_ARTIFACT);
    // Hashes only: the planted values are in the read_inbox message, never in the provenance facts.
    const state = (await checkpointer.getTuple(config))?.checkpoint.channel_values ?? {};
    const kept = JSON.stringify(state[PROVENANCE_STATE_KEY]);
    expect(kept).not.toContain(PLANTED_RECIPIENT);
    expect(kept).not.toContain(PLANTED_IBAN);

    const before = count("transfer_money");
    const restarted = createAgent({
      model: new ScriptedChatModel([
        { toolCalls: [{ name: "transfer_money", args: { iban: PLANTED_IBAN, amount: 900 } }] },
        { text: "Done." },
      ]),
      tools: await freshTools(),
      middleware: [createTollgateMiddleware()],
      checkpointer,
    });
    const { messages } = await restarted.invoke({ messages: [new HumanMessage("Pay the bill.")] }, config);
    expect(toolMessages(messages).at(-1)?.status).toBe("error");
    expect(String(toolMessages(messages).at(-1)?.content)).toContain("acme.read_inbox");
    expect(count("transfer_money")).toBe(before);
  });

  it("a summarizationMiddleware summary is not the user, and the results it replaced still count", async () => {
    const checkpointer = new MemorySaver();
    const config = { configurable: { thread_id: "summary-1" } };
    // The summary repeats the planted address: a human-role message the user never wrote.
    const summarizer = new ScriptedChatModel(() => ({
      text: `The user read the inbox; a mail asks to copy the statement to ${PLANTED_RECIPIENT}.`,
    }));
    const middleware = () => [
      createTollgateMiddleware(),
      summarizationMiddleware({ model: summarizer, trigger: { messages: 5 }, keep: { messages: 1 } }),
    ];
    const tools = await freshTools();
    const first = createAgent({
      model: new ScriptedChatModel([{ toolCalls: [{ name: "read_inbox", args: {} }] }, { text: "Read." }]),
      tools,
      middleware: middleware(),
      checkpointer,
    });
    await first.invoke({ messages: [new HumanMessage("Summarise my inbox.")] }, config);

    const before = count("send_email");
    const model = new ScriptedChatModel([{ toolCalls: [sendPlanted] }, { text: "Done." }]);
    const second = createAgent({ model, tools, middleware: middleware(), checkpointer });
    const { messages } = await second.invoke({ messages: [new HumanMessage("Go ahead.")] }, config);
    // The summary replaced the read_inbox result; the model saw the summary, not the tool message.
    const seen = model.seen[0] ?? [];
    expect(seen.some((m) => ToolMessage.isInstance(m))).toBe(false);
    expect(JSON.stringify(seen)).toContain("summary");
    expect(toolMessages(messages).at(-1)?.status).toBe("error");
    expect(count("send_email")).toBe(before);
  });
  it("what the user typed before a tool step stays the user's after a summary replaces the message", async () => {
    const checkpointer = new MemorySaver();
    const config = { configurable: { thread_id: "typed-then-summary-1" } };
    const summarizer = new ScriptedChatModel(() => ({ text: "The user read the inbox." }));
    const middleware = () => [
      createTollgateMiddleware(),
      summarizationMiddleware({ model: summarizer, trigger: { messages: 5 }, keep: { messages: 1 } }),
    ];
    const tools = await freshTools();
    const first = createAgent({
      model: new ScriptedChatModel([{ toolCalls: [{ name: "read_inbox", args: {} }] }, { text: "Read." }]),
      tools,
      middleware: middleware(),
      checkpointer,
    });
    await first.invoke(
      { messages: [new HumanMessage(`Read my inbox; the statement goes to ${PLANTED_RECIPIENT}.`)] },
      config,
    );

    const before = count("send_email");
    const model = new ScriptedChatModel([{ toolCalls: [sendPlanted] }, { text: "Done." }]);
    const second = createAgent({ model, tools, middleware: middleware(), checkpointer });
    const { messages } = await second.invoke({ messages: [new HumanMessage("Go ahead.")] }, config);
    // The summary replaced the message the user typed the recipient in; the state key still holds it as theirs.
    expect(JSON.stringify(model.seen[0] ?? [])).not.toContain("the statement goes to");
    expect(toolMessages(messages).at(-1)?.status).not.toBe("error");
    expect(count("send_email")).toBe(before + 1);
  });
  it("a summary taken right after the tool step, before any other hook, does not take the result's facts", async () => {
    // The summarisation is listed first, keeps no message and triggers at the model step right after read_inbox:
    // the result is replaced before the next model call and before any hook of this middleware runs there.
    const summarizer = new ScriptedChatModel(() => ({ text: "The user read the inbox." }));
    const tools = await freshTools();
    const before = count("send_email");
    const model = new ScriptedChatModel([
      { toolCalls: [{ name: "read_inbox", args: {} }] },
      { toolCalls: [sendPlanted] },
      { text: "Done." },
    ]);
    const agent = createAgent({
      model,
      tools,
      middleware: [
        summarizationMiddleware({ model: summarizer, trigger: { messages: 3 }, keep: { messages: 0 } }),
        createTollgateMiddleware(),
      ],
    });
    await agent.invoke({ messages: [new HumanMessage("Summarise my inbox.")] });
    // The model's second call saw the summary only, not the read_inbox result; the send it proposed was refused
    // (the summary of the third call holds the refusal, which names the result the recipient came from).
    expect((model.seen[1] ?? []).some((m) => ToolMessage.isInstance(m))).toBe(false);
    expect(JSON.stringify(summarizer.seen.at(-1))).toContain("acme.read_inbox");
    expect(count("send_email")).toBe(before);
  });
});

describe("createAgent: intent binding reads the user's last message from the graph state", () => {
  const policy = { intentBinding: "on" } as PolicyConfig;
  const reply = { name: "send_email", args: { to: DANA_ADDRESS, subject: "Re", body: "Thursday works." } };
  const search = (query: string) => ({ name: "search_mail", args: { query } });

  it("the reply the user asked for reaches the server; a recipient planted beside the real one does not", async () => {
    const tools = await freshTools(policy);
    const before = count("send_email");
    const model = new ScriptedChatModel([
      { toolCalls: [search("Dana Whitfield")] },
      { toolCalls: [reply] },
      { toolCalls: [search("Lumen")] },
      { toolCalls: [{ ...sendPlanted, args: { ...sendPlanted.args, to: PLANTED_RECIPIENT } }] },
      { text: "Done." },
    ]);
    const agent = createAgent({ model, tools, middleware: [createTollgateMiddleware()] });
    const { messages } = await agent.invoke({
      messages: [
        new HumanMessage("Reply to Dana Whitfield's e-mail, and send the Lumen receipt where it says."),
      ],
    });
    const results = toolMessages(messages);
    expect(results[1]?.status).not.toBe("error");
    expect(String(results[3]?.content)).toContain("came from `acme.search_mail`, not from you");
    expect(count("send_email")).toBe(before + 1);
  });

  it("a summary that asks for the reply is not the user: without the user's words the call is refused", async () => {
    const tools = await freshTools(policy);
    const before = count("send_email");
    const model = new ScriptedChatModel([
      { toolCalls: [search("Dana Whitfield")] },
      { toolCalls: [reply] },
      { text: "Done." },
    ]);
    const agent = createAgent({ model, tools, middleware: [createTollgateMiddleware()] });
    const summary = new HumanMessage({
      content: "Summary: the user wants a reply to Dana Whitfield's e-mail.",
      additional_kwargs: { lc_source: "summarization" },
    });
    const { messages } = await agent.invoke({ messages: [summary] });
    expect(toolMessages(messages).at(-1)?.status).toBe("error");
    expect(count("send_email")).toBe(before);
  });
});

describe("StateGraph + ToolNode: provenance from getCurrentTaskInput()", () => {
  function graph(model: ScriptedChatModel, tools: StructuredToolInterface[]) {
    return new StateGraph(MessagesAnnotation)
      .addNode("model", async (state) => ({ messages: [await model.invoke(state.messages)] }))
      .addNode("tools", new ToolNode(tools, { handleToolErrors: true }))
      .addEdge(START, "model")
      .addConditionalEdges("model", (state) => {
        const last = state.messages.at(-1) as { tool_calls?: unknown[] } | undefined;
        return last?.tool_calls?.length ? "tools" : END;
      })
      .addEdge("tools", "model")
      .compile({ checkpointer: new MemorySaver() });
  }

  it("refuses the planted recipient, lets the typed one through", async () => {
    const tools = await freshTools();
    const before = count("send_email");
    const planted = graph(
      new ScriptedChatModel([
        { toolCalls: [{ name: "read_inbox", args: {} }] },
        { toolCalls: [sendPlanted] },
        { text: "Done." },
      ]),
      tools,
    );
    const out = await planted.invoke(
      { messages: [new HumanMessage("Summarise my inbox.")] },
      { configurable: { thread_id: "node-1" } },
    );
    expect(String(toolMessages(out.messages).at(-1)?.content)).toContain("not from you");
    expect(count("send_email")).toBe(before);

    const typed = graph(
      new ScriptedChatModel([
        { toolCalls: [{ name: "read_inbox", args: {} }] },
        { toolCalls: [{ name: "send_email", args: { to: USER_ADDRESS, subject: "summary", body: "ok" } }] },
        { text: "Done." },
      ]),
      tools,
    );
    await typed.invoke(
      { messages: [new HumanMessage(`Summarise my inbox and mail it to ${USER_ADDRESS}.`)] },
      { configurable: { thread_id: "node-2" } },
    );
    expect(count("send_email")).toBe(before + 1);
  });
});

describe("no graph state: the install's record per thread_id", () => {
  async function call(t: StructuredToolInterface, args: object, threadId: string) {
    try {
      await t.invoke(args, { configurable: { thread_id: threadId } });
      return undefined;
    } catch (error) {
      if (error instanceof PolicyViolationError) return error;
      throw error;
    }
  }

  it("what a tool returned in one thread holds back a sink call there, not in another thread", async () => {
    const { client, tools } = await guardedClient(httpConnection(http.url), createToolInterceptor());
    clients.push(client);
    const before = count("send_email");
    await call(tool(tools, "read_inbox"), {}, "plain-1");
    const send = tool(tools, "send_email");
    const args = { to: PLANTED_RECIPIENT, subject: "s", body: "b" };
    expect((await call(send, args, "plain-1"))?.ruleIds).toContain("flow.argument_provenance");
    expect(count("send_email")).toBe(before);
    // Another thread has seen no such result: nothing says the address came from a tool.
    expect(await call(send, args, "plain-2")).toBeUndefined();
    expect(count("send_email")).toBe(before + 1);
  });
});
