/**
 * The budget step, the last of the engine's input steps: a call that passed every other check is charged against
 * each budget whose tools glob names it. Turn and thread budgets count the thread's history plus this process's
 * reservations (synchronous, so calls fanned out in one step never over-spend); window budgets charge the store
 * atomically. A budget the call would pass acts (`block`, `review`, `flag`); its reason names the limit and when it
 * resets, never a count. Bad input (a missing, negative or non-numeric amount, a currency the budget does not name,
 * a missing context key) blocks with its reason.
 */
import { randomUUID } from "node:crypto";
import type { Finding, InputCheckRequest, InputDecision, JsonObject, JsonValue } from "../../shared/types.js";
import { matchesGlob } from "../glob.js";
import { readContextKey } from "../run-context-conditions.js";
import type { ResolvedBudget } from "./policy-types.js";
import type { Reservations } from "./reservations.js";
import type { BudgetStore } from "./store.js";

/** A call that cannot be charged: it is blocked, with this reason (fail closed). */
export class BudgetInputError extends Error {
  override name = "BudgetInputError";
}

function readArg(args: JsonObject, arg: string): JsonValue | undefined {
  if (!arg.startsWith("/")) return Object.hasOwn(args, arg) ? args[arg] : undefined;
  let value: JsonValue | undefined = args;
  for (const raw of arg.split("/").slice(1)) {
    const step = raw.replace(/~1/gu, "/").replace(/~0/gu, "~");
    if (typeof value !== "object" || value === null) return undefined;
    value = Object.hasOwn(value, step) ? (value as Record<string, JsonValue>)[step] : undefined;
  }
  return value;
}

/** What one call costs against a budget: 1, or its amount argument (checked). */
export function costOf(budget: ResolvedBudget, args: JsonObject): number {
  if (!budget.amount) return 1;
  const value = readArg(args, budget.amount.arg);
  if (typeof value !== "number" || !Number.isFinite(value) || value < 0)
    throw new BudgetInputError(
      `budget ${budget.id}: argument ${budget.amount.arg} must be a number >= 0 (got ${value === undefined ? "nothing" : typeof value})`,
    );
  const currency = budget.amount.currency;
  if (currency) {
    const named = readArg(args, currency.arg);
    if (typeof named !== "string" || !currency.accept.includes(named.toUpperCase()))
      throw new BudgetInputError(
        `budget ${budget.id}: argument ${currency.arg} must be one of ${currency.accept.join(", ")}`,
      );
  }
  return value;
}

function windowKey(budget: ResolvedBudget, request: InputCheckRequest): string {
  const value = readContextKey(request.runContext, budget.key!);
  if (typeof value !== "string" && typeof value !== "number")
    throw new BudgetInputError(`budget ${budget.id}: the run context has no ${budget.key}`);
  return String(value);
}

function threadOf(request: InputCheckRequest): string {
  const id = request.runContext?.configurable?.thread_id;
  return typeof id === "string" || typeof id === "number" ? String(id) : "";
}

/** The reason the model reads: which limit, over what, when it resets; never what anyone has spent. */
export function limitReason(budget: ResolvedBudget, resetsInSeconds?: number): string {
  const unit = budget.amount
    ? `${budget.amount.currency?.accept.join("/") ?? "units"} of ${budget.amount.arg}`
    : "calls";
  const scope =
    budget.per === "turn"
      ? "per turn; it resets at the user's next message"
      : budget.per === "thread"
        ? "per conversation; it does not reset in this conversation"
        : `per ${budget.window!.seconds} s per ${budget.key}; room again in ${Math.max(1, Math.ceil(resetsInSeconds ?? budget.window!.seconds))} s`;
  return `budget ${budget.id} reached: at most ${budget.max} ${unit} to ${budget.tools.join(", ")} ${scope}`;
}

interface Exceeded {
  budget: ResolvedBudget;
  reason: string;
}

export interface BudgetStepOptions {
  store?: BudgetStore;
  reservations: Reservations;
  /** Window budgets when the store is unreachable: `closed` (default) blocks, `open` lets the call through. */
  onStoreError?: "closed" | "open";
}

/** Charges made for a call: id -> how to undo it. */
export type ChargeLedger = Map<string, { reservation?: string; token?: string }>;

export class BudgetStep {
  readonly ledger: ChargeLedger = new Map();
  constructor(private readonly options: BudgetStepOptions) {}

  /** Turn and thread budgets, synchronously: exceeded ones, and the reservations made (ids). */
  #local(
    budgets: ResolvedBudget[],
    request: InputCheckRequest,
    costs: number[],
  ): { exceeded: Exceeded[]; held: string[] } {
    const history = request.budgetHistory;
    const thread = threadOf(request);
    const { reservations } = this.options;
    reservations.prune(thread, new Set(history?.settledToolCallIds ?? []), Date.now());
    const exceeded: Exceeded[] = [];
    const pending: [ResolvedBudget, number][] = [];
    budgets.forEach((budget, i) => {
      if (budget.per === "window") return;
      if (!history)
        throw new BudgetInputError(`budget ${budget.id}: the check carries no thread history to count`);
      let used = reservations.held(thread, budget.id, request.toolCallId);
      for (const call of history.calls)
        if ((budget.per === "thread" || call.inTurn) && matchesGlob(call.connectorType, budget.tools))
          used += costOf(budget, call.args);
      if (used + costs[i]! > budget.max && budget.action === "block")
        exceeded.push({ budget, reason: limitReason(budget) });
      else {
        if (used + costs[i]! > budget.max) exceeded.push({ budget, reason: limitReason(budget) });
        pending.push([budget, costs[i]!]);
      }
    });
    // A preview reserves nothing: the call's own check will.
    if (request.dryRun || exceeded.some((e) => e.budget.action === "block")) return { exceeded, held: [] };
    const held = pending.map(([budget, amount]) => {
      const id = randomUUID();
      reservations.reserve(thread, id, {
        budgetId: budget.id,
        amount,
        toolCallId: request.toolCallId,
        inTurn: true,
        at: Date.now(),
      });
      return id;
    });
    return { exceeded, held };
  }

  /** Window budgets through the store, one at a time; a refused one undoes the charges made before it. */
  async #windows(
    budgets: ResolvedBudget[],
    request: InputCheckRequest,
    costs: number[],
  ): Promise<{ exceeded: Exceeded[]; tokens: string[] }> {
    const exceeded: Exceeded[] = [];
    const tokens: string[] = [];
    const store = this.options.store;
    for (const [i, budget] of budgets.entries()) {
      if (budget.per !== "window") continue;
      if (!store)
        throw new BudgetInputError(
          `budget ${budget.id}: no budget store is configured (see docs/budgets.md)`,
        );
      const key = windowKey(budget, request);
      const window = budget.window!;
      // A review or flag budget never refuses in the store: charged with no ceiling, compared here.
      const ceiling = budget.action === "block" ? budget.max : Number.MAX_SAFE_INTEGER;
      let result: Awaited<ReturnType<BudgetStore["charge"]>>;
      try {
        result = await store.charge({
          budgetId: budget.id,
          key,
          amount: costs[i]!,
          max: ceiling,
          seconds: window.seconds,
          kind: window.kind,
          chargeId: randomUUID(),
          ...(request.dryRun ? { dryRun: true } : {}),
        });
      } catch (error) {
        if (this.options.onStoreError === "open") continue;
        await Promise.allSettled(tokens.map((t) => store.refund(t)));
        throw new BudgetInputError(
          `budget ${budget.id}: the budget store is unreachable (${(error as Error).message}); failing closed`,
        );
      }
      if (!result.allowed) {
        await Promise.allSettled(tokens.map((t) => store.refund(t)));
        return { exceeded: [{ budget, reason: limitReason(budget, result.resetsInSeconds) }], tokens: [] };
      }
      if (result.token) tokens.push(result.token);
      if (budget.action !== "block" && result.used > budget.max)
        exceeded.push({ budget, reason: limitReason(budget, result.resetsInSeconds) });
    }
    return { exceeded, tokens };
  }

  /** Runs the step on an allowed decision (a blocked one is returned as it is). */
  async apply(
    decision: InputDecision,
    budgets: readonly ResolvedBudget[],
    request: InputCheckRequest,
  ): Promise<InputDecision> {
    if (!decision.allowed) return decision;
    const matching = budgets.filter((b) => matchesGlob(request.connectorType, b.tools));
    if (matching.length === 0) return decision;
    const args = decision.redactedArgs ?? request.args;
    let local: { exceeded: Exceeded[]; held: string[] } = { exceeded: [], held: [] };
    let windows: { exceeded: Exceeded[]; tokens: string[] } = { exceeded: [], tokens: [] };
    try {
      const costs = matching.map((b) => costOf(b, args));
      local = this.#local(matching, request, costs);
      if (!local.exceeded.some((e) => e.budget.action === "block")) {
        windows = await this.#windows(matching, request, costs);
        if (windows.exceeded.some((e) => e.budget.action === "block"))
          for (const id of local.held) this.options.reservations.release(id);
      }
    } catch (error) {
      for (const id of local.held) this.options.reservations.release(id);
      if (!(error instanceof BudgetInputError)) throw error;
      return blocked(decision, [{ budget: matching[0]!, reason: error.message }], "block");
    }
    const exceeded = [...local.exceeded, ...windows.exceeded];
    const block = exceeded.find((e) => e.budget.action === "block");
    if (block) return blocked(decision, [block], "block");
    const charges = [
      ...local.held.map((reservation) => ({ reservation })),
      ...windows.tokens.map((token) => ({ token })),
    ];
    const out: InputDecision = exceeded.length > 0 ? merged(decision, exceeded) : decision;
    if (charges.length > 0) {
      const id = randomUUID();
      this.ledger.set(
        id,
        charges.length === 1
          ? charges[0]!
          : { reservation: local.held.join(" "), token: windows.tokens.join(" ") },
      );
      out.budgetCharges = [...(decision.budgetCharges ?? []), id];
    }
    return out;
  }

  /** Undoes the charges of a call that never reached its server. Unknown ids are ignored (already refunded). */
  async refund(ids: readonly string[]): Promise<void> {
    for (const id of ids) {
      const charge = this.ledger.get(id);
      if (!charge) continue;
      this.ledger.delete(id);
      for (const r of charge.reservation?.split(" ").filter(Boolean) ?? [])
        this.options.reservations.release(r);
      for (const t of charge.token?.split(" ").filter(Boolean) ?? []) await this.options.store?.refund(t);
    }
  }

  /** Forgets the charges of a call that ran (its reservations end when the history shows it). */
  settle(ids: readonly string[]): void {
    for (const id of ids) this.ledger.delete(id);
  }
}

function finding(e: Exceeded, action: "block" | "review" | "flag"): Finding {
  return { kind: "limit", type: "budget", path: "", ruleId: e.budget.ruleId, action, message: e.reason };
}

function blocked(decision: InputDecision, exceeded: Exceeded[], action: "block"): InputDecision {
  const { redactedArgs: _dropped, review: _none, budgetCharges: _charges, ...rest } = decision;
  const findings = [...decision.findings, ...exceeded.map((e) => finding(e, action))];
  const ruleIds = [...new Set([...decision.ruleIds, ...exceeded.map((e) => e.budget.ruleId)])];
  return { ...rest, allowed: false, reason: exceeded[0]!.reason, findings, ruleIds };
}

function merged(decision: InputDecision, exceeded: Exceeded[]): InputDecision {
  const findings = [...decision.findings, ...exceeded.map((e) => finding(e, e.budget.action))];
  const ruleIds = [...new Set([...decision.ruleIds, ...exceeded.map((e) => e.budget.ruleId)])];
  const out: InputDecision = { ...decision, findings, ruleIds };
  const review = exceeded.find((e) => e.budget.action === "review");
  if (review)
    out.review = decision.review
      ? { ruleId: decision.review.ruleId, reason: `${decision.review.reason}; ${review.reason}` }
      : { ruleId: review.budget.ruleId, reason: review.reason };
  return out;
}
