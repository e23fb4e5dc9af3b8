import { type BaseMessage, HumanMessage, ToolMessage } from "@langchain/core/messages";
import type { StructuredToolInterface } from "@langchain/core/tools";
import { MemorySaver } from "@langchain/langgraph";
import { createReactAgent } from "@langchain/langgraph/prebuilt";
import type { MultiServerMCPClient } from "@langchain/mcp-adapters";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LocalPolicyEngine } from "../../src/engine/local-engine.js";
import { createToolInterceptor } from "../../src/index.js";
import { ScriptedChatModel } from "../../src/testing/scripted-chat-model.js";
import { guardedClient, invokeAsToolCall, stdioConnection, tool } from "../helpers/clients.js";

const engine = new LocalPolicyEngine(
  { budgets: [{ id: "notes-per-turn", tools: ["acme.save_note"], per: "turn", max: 3 }] },
  { worker: false },
);
let client: MultiServerMCPClient;
let tools: Map<string, StructuredToolInterface>;

beforeAll(async () => {
  ({ client, tools } = await guardedClient(stdioConnection(), createToolInterceptor({ backend: engine })));
});
afterAll(async () => {
  await client.close();
});

/** The MCP server's own count of save_note calls: the witness. */
async function savedOnServer(): Promise<number> {
  const message = await invokeAsToolCall(tool(tools, "call_counts"), {}, `counts-${Math.random()}`);
  const text = String((message as ToolMessage).content);
  return (
    (JSON.parse(text.slice(text.indexOf("{"), text.lastIndexOf("}") + 1)) as Record<string, number>)
      .save_note ?? 0
  );
}

const notes = (n: number, from: number) =>
  Array.from({ length: n }, (_, i) => ({ name: "save_note", args: { name: `n${from + i}`, body: "x" } }));

describe("a turn budget in a real agent against a real MCP server", () => {
  it("holds under calls fanned out in one step, counts from the thread's messages, and resets each turn", async () => {
    const before = await savedOnServer();
    const model = new ScriptedChatModel([
      { toolCalls: notes(5, 0) },
      { toolCalls: notes(2, 5) },
      { text: "done" },
      { toolCalls: notes(4, 10) },
      { text: "done again" },
    ]);
    const agent = createReactAgent({
      llm: model,
      tools: [...tools.values()],
      checkpointer: new MemorySaver(),
    });
    const config = { configurable: { thread_id: "budget-thread" } };
    const first = await agent.invoke({ messages: [new HumanMessage("save seven notes")] }, config);
    expect((await savedOnServer()) - before).toBe(3);
    const refused = (first.messages as BaseMessage[]).filter(
      (m): m is ToolMessage => ToolMessage.isInstance(m) && m.status === "error",
    );
    expect(refused).toHaveLength(4);
    expect(String(refused[0]!.content)).toMatch(
      /budget notes-per-turn reached: at most 3 calls .* resets at the user's next message/,
    );
    // The next human message starts a new turn: three more, from the checkpointed thread.
    await agent.invoke({ messages: [new HumanMessage("four more")] }, config);
    expect((await savedOnServer()) - before).toBe(6);
  });
});
