/**
 * Turn and thread counts come from the thread's messages in the graph's state (so they follow the user's
 * checkpointer and need no store of ours): the tool calls the model made that reached their server, each marked
 * whether it is in the current turn (after the last human message).
 */
import type { BudgetHistory, BudgetHistoryCall } from "../../shared/budgets.js";
import type { JsonObject } from "../../shared/types.js";

export type { BudgetHistory, BudgetHistoryCall };

/** The text the interceptor's default block message starts with: a call refused before it ran is not charged. */
const REFUSED_BEFORE_CALL = "Blocked by policy: call to";

interface MessageLike {
  type?: unknown;
  _getType?: () => string;
  tool_calls?: { id?: string; name: string; args: unknown }[];
  tool_call_id?: unknown;
  content?: unknown;
}

function typeOf(message: MessageLike): string {
  if (typeof message._getType === "function") return message._getType();
  return typeof message.type === "string" ? message.type : "";
}

function textOf(content: unknown): string {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  return content.map((b) => (typeof b === "object" && b && "text" in b ? String(b.text) : "")).join("");
}

function isObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * The budget history of a thread's messages (LangChain `BaseMessage`s or their plain shapes). `connectorTypeOf`
 * maps a tool name as the model saw it to its connector type (undefined: not an MCP tool, not counted). A call
 * counts once its ToolMessage is there and does not say it was refused before it ran; a call without a result yet
 * is the current step's, which the engine's in-process reservations cover.
 */
export function budgetHistoryFromMessages(
  messages: readonly unknown[],
  connectorTypeOf: (toolName: string) => string | undefined,
): BudgetHistory {
  let lastHuman = -1;
  const results = new Map<string, { refused: boolean }>();
  messages.forEach((m, i) => {
    if (typeof m !== "object" || m === null) return;
    const message = m as MessageLike;
    const type = typeOf(message);
    if (type === "human") lastHuman = i;
    if (type === "tool" && typeof message.tool_call_id === "string")
      results.set(message.tool_call_id, {
        refused: textOf(message.content).includes(REFUSED_BEFORE_CALL),
      });
  });
  const calls: BudgetHistoryCall[] = [];
  messages.forEach((m, i) => {
    if (typeof m !== "object" || m === null) return;
    const message = m as MessageLike;
    if (typeOf(message) !== "ai" || !Array.isArray(message.tool_calls)) return;
    for (const call of message.tool_calls) {
      const result = call.id === undefined ? undefined : results.get(call.id);
      const connectorType = connectorTypeOf(call.name);
      if (!result || result.refused || connectorType === undefined) continue;
      calls.push({
        connectorType,
        args: isObject(call.args) ? call.args : {},
        ...(call.id !== undefined ? { toolCallId: call.id } : {}),
        inTurn: i > lastHuman,
      });
    }
  });
  return { calls, settledToolCallIds: [...results.keys()] };
}
