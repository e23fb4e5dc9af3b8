/**
 * Task scope: the run context may carry, under the key the policy names, the tools and argument constraints the
 * current task needs (as privilege-control systems for agents scope a task). A call outside it is a finding. The
 * step runs after the capability gate and only adds refusals, so it narrows what `capabilities` allow (including
 * `grantFrom`) and never widens it.
 */
import type { RunContext } from "../../shared/types.js";
import { type ConnectorTarget, matchesConnector } from "../glob.js";
import { readContextKey } from "../run-context-conditions.js";
import type { ScopeConstraint, TaskScope } from "./policy-types.js";

export type ScopeVerdict = { inScope: true } | { inScope: false; path: string; message: string };

function isScopeTool(value: unknown): value is string | { server: string; tool?: string } {
  if (typeof value === "string") return value.length > 0;
  if (typeof value !== "object" || value === null) return false;
  const v = value as { server?: unknown; tool?: unknown };
  return typeof v.server === "string" && (v.tool === undefined || typeof v.tool === "string");
}

/** The task scope at `contextKey`, `undefined` when the run carries none, or a problem when it is malformed. */
export function readTaskScope(
  runContext: RunContext | undefined,
  contextKey: string,
): TaskScope | undefined | { problem: string } {
  const value = readContextKey(runContext, contextKey);
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "object" || Array.isArray(value))
    return { problem: `${contextKey} must be an object { tools, args }` };
  const scope = value as { tools?: unknown; args?: unknown };
  if (!Array.isArray(scope.tools) || !scope.tools.every(isScopeTool))
    return { problem: `${contextKey}.tools must be an array of connector-type globs or { server, tool }` };
  if (
    scope.args !== undefined &&
    (typeof scope.args !== "object" || scope.args === null || Array.isArray(scope.args))
  )
    return { problem: `${contextKey}.args must be an object keyed by tool glob` };
  return value as unknown as TaskScope;
}

function globToWholeRegExp(glob: string): RegExp {
  const source = [...glob].map((c) => (c === "*" ? ".*" : c.replace(/[\\^$.|+?()[\]{}]/gu, "\\$&"))).join("");
  return new RegExp(`^${source}$`, "su");
}

/** The argument at a top-level key or a JSON Pointer. */
function argumentAt(args: unknown, where: string): unknown {
  const steps = where.startsWith("/")
    ? where
        .slice(1)
        .split("/")
        .map((s) => s.replace(/~1/gu, "/").replace(/~0/gu, "~"))
    : [where];
  let value: unknown = args;
  for (const step of steps) {
    if (typeof value !== "object" || value === null || !Object.hasOwn(value, step)) return undefined;
    value = (value as Record<string, unknown>)[step];
  }
  return value;
}

/** The values a constraint is checked on: the argument, or each item of an array argument. */
function satisfies(value: unknown, constraint: ScopeConstraint): boolean {
  if (Array.isArray(value)) return value.length > 0 && value.every((item) => satisfies(item, constraint));
  if (Array.isArray(constraint)) return constraint.some((c) => c === value);
  if (typeof constraint !== "object") return constraint === value;
  if (typeof value !== "string") return false;
  if ("glob" in constraint) return globToWholeRegExp(constraint.glob).test(value);
  try {
    return new RegExp(`^(?:${constraint.pattern})$`, "u").test(value);
  } catch {
    return false;
  }
}

/** Is the call inside the task's scope? */
export function checkTaskScope(target: ConnectorTarget, args: unknown, scope: TaskScope): ScopeVerdict {
  if (!matchesConnector(target, scope.tools)) {
    return {
      inScope: false,
      path: "",
      message: `${target.connectorType} is not one of the tools this task needs`,
    };
  }
  for (const [glob, constraints] of Object.entries(scope.args ?? {})) {
    if (!matchesConnector(target, glob)) continue;
    for (const [where, constraint] of Object.entries(constraints)) {
      const value = argumentAt(args, where);
      if (value === undefined || satisfies(value, constraint)) continue;
      const path = where.startsWith("/") ? where : `/${where}`;
      return { inScope: false, path, message: `argument ${path} is outside what this task allows` };
    }
  }
  return { inScope: true };
}
