import { AIMessage, type BaseMessage, HumanMessage, ToolMessage } from "@langchain/core/messages";
import type { StructuredToolInterface } from "@langchain/core/tools";
import { END, MessagesAnnotation, START, StateGraph } from "@langchain/langgraph";
import { createReactAgent, ToolNode } from "@langchain/langgraph/prebuilt";
import type { MultiServerMCPClient } from "@langchain/mcp-adapters";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createToolInterceptor, PolicyViolationError } from "../../src/index.js";
import { fakeGithubToken } from "../../src/shared/fake-credentials.js";
import { ScriptedChatModel } from "../../src/testing/scripted-chat-model.js";
import { guardedClient, stdioConnection } from "../helpers/clients.js";

const policy = {
  capabilities: {
    rules: [{ match: "acme.drop_*", action: "deny" as const, reason: "destructive tools are denied" }],
  },
};

let client: MultiServerMCPClient;
let tools: StructuredToolInterface[];

beforeAll(async () => {
  const guarded = await guardedClient(stdioConnection(), createToolInterceptor({ policy }));
  client = guarded.client;
  tools = [...guarded.tools.values()];
});
afterAll(async () => {
  await client.close();
});

function toolMessages(messages: BaseMessage[]): ToolMessage[] {
  return messages.filter((m): m is ToolMessage => ToolMessage.isInstance(m));
}

describe("createReactAgent with guarded MCP tools (stdio server)", () => {
  it("turns a block into an error ToolMessage with the reason, and the run goes on", async () => {
    const model = new ScriptedChatModel([
      {
        toolCalls: [
          { name: "drop_database", args: {} },
          { name: "get_customer", args: { id: 7 } },
        ],
      },
      { toolCalls: [{ name: "read_config", args: {} }] },
      { text: "All done." },
    ]);
    const agent = createReactAgent({ llm: model, tools });
    const { messages } = await agent.invoke({
      messages: [new HumanMessage("clean up and look up customer 7")],
    });

    const [drop, customer, config] = toolMessages(messages);
    expect(drop?.status).toBe("error");
    expect(String(drop?.content)).toContain("destructive tools are denied");
    expect(customer?.status).not.toBe("error");
    expect(String(customer?.content)).toContain("[REDACTED:email]");
    expect(String(config?.content)).toContain("[REDACTED:github_token]");
    expect((messages.at(-1) as AIMessage).content).toBe("All done.");

    // What the model was shown on its last turn: no raw PII or secret anywhere in the prompt.
    const lastPrompt = JSON.stringify(model.seen.at(-1));
    expect(lastPrompt).not.toContain("jane.roe@example.com");
    expect(lastPrompt).not.toContain(fakeGithubToken());
    expect(lastPrompt).toContain("destructive tools are denied");
  });

  it("keeps the AI message's tool-call args as the model sent them", async () => {
    const { client: c2, tools: t2 } = await guardedClient(
      stdioConnection(),
      createToolInterceptor({ policy: { pii: { input: "placeholder" } } }),
    );
    try {
      const model = new ScriptedChatModel([
        { toolCalls: [{ name: "echo", args: { text: "mail jane.roe@example.com" } }] },
        { text: "ok" },
      ]);
      const agent = createReactAgent({ llm: model, tools: [...t2.values()] });
      const { messages } = await agent.invoke({ messages: [new HumanMessage("echo")] });
      const ai = messages.find(
        (m) => AIMessage.isInstance(m) && (m.tool_calls?.length ?? 0) > 0,
      ) as AIMessage;
      expect(ai.tool_calls?.[0]?.args).toEqual({ text: "mail jane.roe@example.com" });
      expect(String(toolMessages(messages)[0]?.content)).toContain("mail [REDACTED:email]");
    } finally {
      await c2.close();
    }
  });

  it("an MCP error result reaches the model checked, as an error ToolMessage", async () => {
    const model = new ScriptedChatModel([
      { toolCalls: [{ name: "deploy", args: {} }] },
      { text: "deploy failed" },
    ]);
    const agent = createReactAgent({ llm: model, tools });
    const { messages } = await agent.invoke({ messages: [new HumanMessage("deploy")] });
    const [msg] = toolMessages(messages);
    expect(msg?.status).toBe("error");
    expect(String(msg?.content)).toContain("[REDACTED:github_token]");
    expect(String(msg?.content)).not.toContain(fakeGithubToken());
  });
});

describe("ToolNode with handleToolErrors: false", () => {
  it("surfaces the typed PolicyViolationError from invoke", async () => {
    const model = new ScriptedChatModel([{ toolCalls: [{ name: "drop_database", args: {} }] }]);
    const graph = new StateGraph(MessagesAnnotation)
      .addNode("agent", async (state) => ({ messages: [await model.invoke(state.messages)] }))
      .addNode("tools", new ToolNode(tools, { handleToolErrors: false }))
      .addEdge(START, "agent")
      .addEdge("agent", "tools")
      .addEdge("tools", END)
      .compile();
    const error = await graph.invoke({ messages: [new HumanMessage("drop it")] }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PolicyViolationError);
    expect((error as PolicyViolationError).phase).toBe("input");
    expect((error as PolicyViolationError).connectorType).toBe("acme.drop_database");
  });
});
