import canonicalize from "canonicalize";
import type { JsonObject, RunContext } from "../shared/types.js";

/**
 * Calls a human approved in the run's review step, waiting for their tool to run. The review step (after the model,
 * before the tools) records an approval; the interceptor honours it for that tool call id in that thread, and only
 * for the very arguments the human approved (or wrote). It is not used up by the first check, so two policy
 * interceptors on one client both see it; a tool call id names one proposed call, so it cannot approve another. Kept in process on purpose: a resumed run records its approvals again
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

/** True when a human approved this call with exactly these arguments. */
export function isApproved(
  toolCallId: string,
  runContext: RunContext | undefined,
  args: JsonObject,
): boolean {
  const approved = approvals.get(keyOf(toolCallId, runContext));
  return approved !== undefined && approved === argsKey(args);
}
