/** The budget history an input check carries (issue 20); built by `budgetHistoryFromMessages` in the engine. */
import type { JsonObject } from "./types.js";

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
