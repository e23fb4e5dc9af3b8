/**
 * What a version-2 request carries beyond version 1, read and checked: the run context (the keys the policy names,
 * sent as `{ "context.roles": [...] }`) rebuilt as the `RunContext` the engine reads, and the thread's provenance
 * facts (input) or salt (output). Malformed values are a 400 naming the field, never a check of something else.
 */

import { type BudgetHistory, budgetHistoryProblem } from "../shared/budgets.js";
import { type ProvenanceFacts, provenanceProblem } from "../shared/provenance.js";
import type { JsonObject, JsonValue, RunContext } from "../shared/types.js";

type Raw = Record<string, unknown>;

const CONTEXT_KEY = /^(context|configurable)(\.[^.]+)+$/u;

export interface WireExtras {
  runContext?: RunContext;
  provenance?: ProvenanceFacts;
  provenanceSalt?: string;
  budgetHistory?: BudgetHistory;
  dryRun?: boolean;
}

export type Refuse = (path: string, message: string) => Error;

function isObject(value: unknown): value is Raw {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Sets `root[steps...] = value` with own properties only (a key named `__proto__` stays a plain key). */
function setPath(root: JsonObject, steps: readonly string[], value: JsonValue): void {
  let node = root;
  for (let i = 0; i < steps.length - 1; i++) {
    const step = steps[i]!;
    let next = Object.hasOwn(node, step) ? node[step] : undefined;
    if (!isObject(next)) {
      next = {};
      Object.defineProperty(node, step, {
        value: next,
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    node = next as JsonObject;
  }
  Object.defineProperty(node, steps.at(-1)!, { value, enumerable: true, writable: true, configurable: true });
}

/** `{ "context.roles": ["admin"] }` -> `{ context: { roles: ["admin"] } }`, as `readContextKey` reads it. */
export function runContextFromWire(value: unknown, refuse: Refuse): RunContext | undefined {
  if (value === undefined || value === null) return undefined;
  if (!isObject(value)) throw refuse("/tollgate/run_context", "must be an object of run-context keys");
  const context: JsonObject = {};
  const configurable: JsonObject = {};
  for (const [key, item] of Object.entries(value)) {
    if (!CONTEXT_KEY.test(key))
      throw refuse(`/tollgate/run_context/${key}`, "is not a run-context key (context.* or configurable.*)");
    const [root, ...steps] = key.split(".");
    setPath(root === "context" ? context : configurable, steps, item as JsonValue);
  }
  const out: { context?: JsonObject; configurable?: JsonObject } = {};
  if (Object.keys(context).length > 0) out.context = context;
  if (Object.keys(configurable).length > 0) out.configurable = configurable;
  return out;
}

/** Input, version 2: the thread's budget history and the preview flag (issue 20), checked. */
function budgetExtras(ext: Raw, extras: WireExtras, refuse: Refuse): void {
  if (ext.budget_history !== undefined && ext.budget_history !== null) {
    const problem = budgetHistoryProblem(ext.budget_history);
    if (problem !== undefined) throw refuse(`/tollgate/${problem.split(":")[0]}`, problem);
    extras.budgetHistory = ext.budget_history as BudgetHistory;
  }
  if (ext.dry_run !== undefined && ext.dry_run !== null) {
    if (typeof ext.dry_run !== "boolean") throw refuse("/tollgate/dry_run", "must be a boolean");
    if (ext.dry_run) extras.dryRun = true;
  }
}

/** The version-2 fields of a request extension (none for version 1, except the run context both carry). */
export function extrasFromWire(
  ext: Raw,
  version: number,
  phase: "input" | "output",
  refuse: Refuse,
): WireExtras {
  const extras: WireExtras = {};
  const runContext = runContextFromWire(ext.run_context, refuse);
  if (runContext) extras.runContext = runContext;
  if (version < 2) return extras;
  if (phase === "input" && ext.provenance !== undefined && ext.provenance !== null) {
    const problem = provenanceProblem(ext.provenance);
    if (problem !== undefined) throw refuse(`/tollgate/${problem.split(":")[0]}`, problem);
    extras.provenance = ext.provenance as ProvenanceFacts;
  }
  if (phase === "input") budgetExtras(ext, extras, refuse);
  if (phase === "output" && ext.provenance_salt !== undefined && ext.provenance_salt !== null) {
    if (typeof ext.provenance_salt !== "string" || ext.provenance_salt === "")
      throw refuse("/tollgate/provenance_salt", "must be a non-empty string");
    extras.provenanceSalt = ext.provenance_salt;
  }
  return extras;
}
