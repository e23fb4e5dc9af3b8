import canonicalize from "canonicalize";
import type { JsonObject, RunContext } from "../policy/types.js";

/**
 * Calls a human approved in the run's review step, waiting for their tool to run. The review step (after the model,
 * before the tools) records an approval; the interceptor consumes it when the call comes, and only for the very
 * arguments the human approved (or wrote). Kept in process on purpose: a resumed run records its approvals again
 * in the process that resumes it, just before its tools run, so nothing needs to travel in the graph state; and a
 * call whose approval is not here is blocked (fail closed).
 */
const approvals = new Map<string, string>();
/** Approvals for calls that never ran (the run was abandoned) are dropped oldest first past this many. */
const MAX_PENDING = 10_000;

function keyOf(toolCallId: string, runContext: RunContext | undefined): string {
  const thread = runContext?.configurable?.thread_id;
  return `${typeof thread === "string" || typeof thread === "number" ? thread : ""}\u0000${toolCallId}`;
}

function argsKey(args: JsonObject): string {
  return canonicalize(args) ?? "";
}

export function recordApproval(
  toolCallId: string,
  runContext: RunContext | undefined,
  args: JsonObject,
): void {
  const key = keyOf(toolCallId, runContext);
  approvals.delete(key);
  approvals.set(key, argsKey(args));
  if (approvals.size > MAX_PENDING) approvals.delete(approvals.keys().next().value as string);
}

/** True (and the approval is used up) when a human approved this call with exactly these arguments. */
export function takeApproval(
  toolCallId: string,
  runContext: RunContext | undefined,
  args: JsonObject,
): boolean {
  const key = keyOf(toolCallId, runContext);
  const approved = approvals.get(key);
  if (approved === undefined || approved !== argsKey(args)) return false;
  approvals.delete(key);
  return true;
}
