/**
 * The thread's budget history for an input check (issue 20): the graph state's messages the running tool node
 * got, turned into the tool calls that reached their server. Outside a graph task (a tool invoked directly) there
 * is none, and the check's turn and thread budgets fail closed.
 */
import { getCurrentTaskInput } from "@langchain/langgraph";
import { budgetHistoryFromMessages } from "../engine/budgets/history.js";
import type { BudgetHistory } from "../shared/budgets.js";

/** The connector type of each guarded tool, by the name the model calls it (filled as tools are wrapped). */
export const connectorTypeByToolName = new Map<string, string>();

export function budgetHistoryOf(config: unknown): BudgetHistory | undefined {
  let state: unknown;
  try {
    state = getCurrentTaskInput(config as Parameters<typeof getCurrentTaskInput>[0]);
  } catch {
    return undefined;
  }
  const messages = (state as { messages?: unknown } | undefined)?.messages;
  if (!Array.isArray(messages)) return undefined;
  return budgetHistoryFromMessages(messages, (name) => connectorTypeByToolName.get(name));
}
