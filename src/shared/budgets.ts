/** The budget history an input check carries (issue 20); built by `budgetHistoryFromMessages` in the engine. */
import type { JsonObject } from "./json.js";

/** One tool call of the thread's history, as the budget step counts it. */
export interface BudgetHistoryCall {
  connectorType: string;
  args: JsonObject;
  toolCallId?: string;
  /** After the thread's last human message. */
  inTurn: boolean;
}

/**
 * What the budget step knows of the thread: the calls that reached their server, and the ids of every tool call
 * that has a result (reached or refused), so in-process reservations of those calls can end.
 */
export interface BudgetHistory {
  calls: BudgetHistoryCall[];
  settledToolCallIds?: string[];
}

function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * What is wrong with a budget history that came over the wire (a path and a message), or undefined: a server
 * counts only a well-formed history, never a guess at a malformed one.
 */
export function budgetHistoryProblem(value: unknown): string | undefined {
  if (!isJsonObject(value)) return "budget_history: must be an object";
  const { calls, settledToolCallIds } = value as { calls?: unknown; settledToolCallIds?: unknown };
  if (!Array.isArray(calls)) return "budget_history/calls: must be an array";
  for (const [i, call] of calls.entries()) {
    const c = call as Partial<Record<keyof BudgetHistoryCall, unknown>>;
    if (!isJsonObject(call) || typeof c.connectorType !== "string" || !isJsonObject(c.args))
      return `budget_history/calls/${i}: needs a string connectorType and object args`;
    if (typeof c.inTurn !== "boolean") return `budget_history/calls/${i}/inTurn: must be a boolean`;
    if (c.toolCallId !== undefined && typeof c.toolCallId !== "string")
      return `budget_history/calls/${i}/toolCallId: must be a string`;
  }
  if (
    settledToolCallIds !== undefined &&
    (!Array.isArray(settledToolCallIds) || settledToolCallIds.some((id) => typeof id !== "string"))
  )
    return "budget_history/settledToolCallIds: must be an array of strings";
  return undefined;
}
