/**
 * The budget policy key (issue 20): how many calls, or how much of a numeric argument, the agent may spend on the
 * tools a connector-type glob names, per turn, per thread, or per run-context key in a time window. Its own module
 * so the budget step and the policy schema share one definition; `PolicyConfig` extends `BudgetPolicyConfig`.
 */

/** What a budget does when a call would exceed it: `block` (default) refuses, `review` asks a human, `flag` records. */
export type BudgetAction = "block" | "review" | "flag";
export const BUDGET_ACTIONS: readonly BudgetAction[] = ["block", "review", "flag"];

/**
 * Where the spend is counted: `turn` (since the last human message) and `thread` from the thread's messages;
 * `window` across threads and replicas, per value of `key`, in the budget store (Redis).
 */
export type BudgetScope = "turn" | "thread" | "window";
export const BUDGET_SCOPES: readonly BudgetScope[] = ["turn", "thread", "window"];

/** A numeric argument to sum instead of counting calls, with an optional currency argument it must name. */
export interface BudgetAmount {
  /** JSON Pointer into the arguments (`/amount`) or a top-level argument name (`amount`). */
  arg: string;
  /** The currency argument and the currencies the budget is written in (`["EUR"]`); any other fails closed. */
  currency?: { arg: string; accept: string[] };
}

export interface BudgetConfig {
  /** The budget's name; its rule id is `budget.<id>`. */
  id: string;
  /** Connector-type globs (`mail.send*`) of the tools it counts. */
  tools: string[];
  per: BudgetScope;
  /** The most calls (or the largest sum of `amount`) allowed in the scope, including this call. */
  max: number;
  amount?: BudgetAmount;
  /** The run-context key the window is kept per (`context.tenant`); required for `per: window`. */
  key?: string;
  /** For `per: window`: its length and kind (`fixed`: resets at each multiple of `seconds`; `sliding`). */
  window?: { seconds: number; kind?: "fixed" | "sliding" };
  action?: BudgetAction;
}

export interface BudgetPolicyConfig {
  budgets?: BudgetConfig[];
}

export interface ResolvedBudget {
  id: string;
  ruleId: string;
  tools: readonly string[];
  per: BudgetScope;
  max: number;
  amount: BudgetAmount | undefined;
  key: string | undefined;
  window: { seconds: number; kind: "fixed" | "sliding" } | undefined;
  action: BudgetAction;
}

export interface BudgetPolicyProblem {
  path: string;
  message: string;
}

const ID = /^[A-Za-z0-9_-]{1,64}$/u;
const CONTEXT_KEY = /^(context|configurable)(\.[^.]+)+$/u;

function budgetProblems(b: BudgetConfig, at: string, seen: Set<string>): BudgetPolicyProblem[] {
  const problems: BudgetPolicyProblem[] = [];
  const bad = (path: string, message: string) => problems.push({ path: `${at}${path}`, message });
  if (typeof b.id !== "string" || !ID.test(b.id)) bad("/id", "expected 1-64 letters, digits, `_` or `-`");
  else if (seen.has(b.id)) bad("/id", `duplicate budget id ${JSON.stringify(b.id)}`);
  else seen.add(b.id);
  if (!Array.isArray(b.tools) || b.tools.length === 0 || !b.tools.every((t) => typeof t === "string" && t))
    bad("/tools", "expected a non-empty array of connector-type globs");
  if (!BUDGET_SCOPES.includes(b.per)) bad("/per", `expected one of ${BUDGET_SCOPES.join(", ")}`);
  if (typeof b.max !== "number" || !Number.isFinite(b.max) || b.max < 0)
    bad("/max", "expected a number >= 0");
  if (b.action !== undefined && !BUDGET_ACTIONS.includes(b.action))
    bad("/action", `expected one of ${BUDGET_ACTIONS.join(", ")}`);
  if (b.per === "window") {
    if (typeof b.key !== "string" || !CONTEXT_KEY.test(b.key))
      bad("/key", "a window budget needs a run-context key starting with `context.` or `configurable.`");
    const seconds = b.window?.seconds;
    if (typeof seconds !== "number" || !Number.isInteger(seconds) || seconds < 1)
      bad("/window/seconds", "expected a whole number of seconds >= 1");
  }
  return problems;
}

/** Checks the `budgets` key; the problems are empty when it is well formed. */
export function budgetPolicyProblems(config: BudgetPolicyConfig): BudgetPolicyProblem[] {
  if (config.budgets === undefined) return [];
  if (!Array.isArray(config.budgets)) return [{ path: "/budgets", message: "expected an array" }];
  const seen = new Set<string>();
  return config.budgets.flatMap((b, i) => budgetProblems(b, `/budgets/${i}`, seen));
}

export function resolveBudgets(config: BudgetPolicyConfig): readonly ResolvedBudget[] {
  return Object.freeze(
    (config.budgets ?? []).map((b) =>
      Object.freeze({
        id: b.id,
        ruleId: `budget.${b.id}`,
        tools: Object.freeze([...b.tools]),
        per: b.per,
        max: b.max,
        amount: b.amount,
        key: b.key,
        window: b.window ? { seconds: b.window.seconds, kind: b.window.kind ?? "fixed" } : undefined,
        action: b.action ?? "block",
      }),
    ),
  );
}

/** JSON Schema of the budget key, merged into the policy schema's top-level `properties`. */
export const BUDGET_POLICY_SCHEMA_PROPERTIES = {
  budgets: {
    type: "array",
    items: {
      type: "object",
      additionalProperties: false,
      required: ["id", "tools", "per", "max"],
      properties: {
        id: { type: "string", pattern: "^[A-Za-z0-9_-]{1,64}$" },
        tools: { type: "array", minItems: 1, items: { type: "string", minLength: 1 } },
        per: { enum: [...BUDGET_SCOPES] },
        max: { type: "number", minimum: 0 },
        amount: {
          type: "object",
          additionalProperties: false,
          required: ["arg"],
          properties: {
            arg: { type: "string", minLength: 1 },
            currency: {
              type: "object",
              additionalProperties: false,
              required: ["arg", "accept"],
              properties: {
                arg: { type: "string", minLength: 1 },
                accept: { type: "array", minItems: 1, items: { type: "string", minLength: 1 } },
              },
            },
          },
        },
        key: { type: "string", pattern: "^(context|configurable)(\\.[^.]+)+$" },
        window: {
          type: "object",
          additionalProperties: false,
          required: ["seconds"],
          properties: { seconds: { type: "integer", minimum: 1 }, kind: { enum: ["fixed", "sliding"] } },
        },
        action: { enum: [...BUDGET_ACTIONS] },
      },
    },
  },
} as const;
