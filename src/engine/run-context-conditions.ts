import type { JsonValue, RunContext } from "../shared/types.js";
import type { ContextCondition, ContextScalar, PolicyConfig } from "./policy-types.js";

/**
 * The value at a run-context key such as `context.roles` or `configurable.tenant.id` (a dotted path from the
 * `context` or `configurable` root). Undefined when any step is missing.
 */
export function readContextKey(runContext: RunContext | undefined, key: string): JsonValue | undefined {
  const steps = key.split(".");
  const root =
    steps[0] === "context"
      ? runContext?.context
      : steps[0] === "configurable"
        ? runContext?.configurable
        : undefined;
  let value: JsonValue | undefined = root as JsonValue | undefined;
  for (let i = 1; i < steps.length && value !== undefined; i++) {
    if (typeof value !== "object" || value === null || Array.isArray(value)) return undefined;
    value = Object.hasOwn(value, steps[i]!) ? value[steps[i]!] : undefined;
  }
  return value;
}

/** The scalars a value holds: itself, or the scalar items of an array. */
function scalarsOf(value: JsonValue | undefined): ContextScalar[] {
  if (value === undefined || value === null) return [];
  if (Array.isArray(value))
    return value.filter((v): v is ContextScalar => typeof v !== "object" && v !== null);
  return typeof value === "object" ? [] : [value];
}

function anyEquals(held: ContextScalar[], wanted: ContextScalar | ContextScalar[]): boolean {
  const list = Array.isArray(wanted) ? wanted : [wanted];
  return held.some((h) => list.includes(h));
}

/** True when every condition of a rule's `when` holds on the run context. */
export function conditionsHold(
  when: Readonly<Record<string, ContextCondition>>,
  runContext: RunContext | undefined,
): boolean {
  for (const [key, condition] of Object.entries(when)) {
    const held = scalarsOf(readContextKey(runContext, key));
    const holds =
      typeof condition === "object" && !Array.isArray(condition)
        ? !anyEquals(held, condition.not)
        : anyEquals(held, condition);
    if (!holds) return false;
  }
  return true;
}

/** Capabilities `capabilities.grantFrom` grants to this run. */
export function grantsFromContext(
  grantFrom: Readonly<Record<string, Readonly<Record<string, readonly string[]>>>>,
  runContext: RunContext | undefined,
): string[] {
  const out: string[] = [];
  for (const [key, byValue] of Object.entries(grantFrom)) {
    for (const value of scalarsOf(readContextKey(runContext, key))) {
      const caps = Object.hasOwn(byValue, String(value)) ? byValue[String(value)] : undefined;
      if (caps) out.push(...caps);
    }
  }
  return out;
}

/**
 * The run-context keys a policy names (in `capabilities.grantFrom`, in rules' `when` and `taskScope.contextKey`): what a remote backend
 * needs to be sent (`HttpPolicyBackend`'s `runContextKeys` option), and nothing more.
 */
export function runContextKeys(policy: PolicyConfig): string[] {
  const keys = new Set<string>(Object.keys(policy.capabilities?.grantFrom ?? {}));
  for (const rule of policy.capabilities?.rules ?? [])
    for (const key of Object.keys(rule.when ?? {})) keys.add(key);
  // The task scope (issue 17) is read from the run context too.
  if (policy.taskScope?.contextKey) keys.add(policy.taskScope.contextKey);
  // Window budgets are kept per a run-context key (issue 20).
  // Turn and thread budgets hold in-process reservations per thread.
  for (const budget of policy.budgets ?? []) {
    if (budget.key) keys.add(budget.key);
    if (budget.per === "turn" || budget.per === "thread") keys.add("configurable.thread_id");
  }
  return [...keys].sort();
}
