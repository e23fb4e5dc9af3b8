/**
 * One user turn of a real `createAgent` agent (scripted model, the tollgate middleware, a checkpointer) on a fresh
 * thread, over a client whose interceptors feed `records`: the scripted calls, one per model turn, then "Done.".
 * Shared by the flow tests that prove a held call never reached a counting server.
 */
import { type BaseMessage, HumanMessage, ToolMessage } from "@langchain/core/messages";
import { MemorySaver } from "@langchain/langgraph";
import type { MultiServerMCPClient } from "@langchain/mcp-adapters";
import { createAgent } from "langchain";
import { createTollgateMiddleware } from "../../src/install/create-agent.js";
import type { AuditRecord } from "../../src/interceptor/audit.js";
import { ScriptedChatModel, type ScriptedTurn } from "../../src/testing/scripted-chat-model.js";

export interface Step {
  name: string;
  args: Record<string, unknown>;
}

/** One user turn on a fresh thread: the scripted calls, one per model turn; whether each was refused, its rules. */
export async function runTurn(
  client: MultiServerMCPClient,
  records: AuditRecord[],
  say: string,
  steps: Step[],
) {
  const tools = await client.getTools();
  const script: ScriptedTurn[] = steps.map((step, i) => ({
    toolCalls: [{ id: `call_${i}`, name: step.name, args: step.args }],
  }));
  script.push({ text: "Done." });
  const agent = createAgent({
    model: new ScriptedChatModel(script),
    tools,
    middleware: [createTollgateMiddleware()],
    checkpointer: new MemorySaver(),
  });
  const first = records.length;
  const config = { recursionLimit: 20, configurable: { thread_id: `t-${Math.random()}` } };
  const state = (await agent.invoke({ messages: [new HumanMessage(say)] }, config)) as {
    messages: BaseMessage[];
  };
  const refused = steps.map((_, i) => {
    const m = state.messages.find((x) => ToolMessage.isInstance(x) && x.tool_call_id === `call_${i}`);
    if (!m) throw new Error(`no answer to call_${i}`);
    return (m as ToolMessage).status === "error";
  });
  const mine = records.slice(first);
  const ruleIdsOf = (i: number) =>
    mine.find((r) => r.toolCallId === `call_${i}` && r.phase === "input")?.ruleIds ?? [];
  return { refused, ruleIdsOf };
}
