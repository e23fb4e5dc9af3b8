/**
 * The interceptor's handle steps (docs/handles.md). Before the input check, handles in the model's arguments are
 * replaced by their values, so the check (and its flow rules, which see the value as tool-supplied) and the server
 * get the value; every text of the guard the model may read afterwards (a block's reason, a review's reason and
 * arguments) has those values replaced by their handles again. After the output check, the redaction placeholders
 * of the result the model reads become the thread's handles.
 */
import { maskRestored, maskRestoredJson } from "../shared/handles.js";
import type { CallToolResult, JsonObject, OutputDecision } from "../shared/types.js";
import type { Call } from "./auditor.js";

/** Puts the values of the model's handles in the arguments the check and the server get. */
export function restoreHandlesStep(call: Call): void {
  const handles = call.request.provenance?.handles;
  if (!handles) return;
  const { args, restored } = handles.restore(call.callArgs);
  if (restored.size === 0) return;
  call.callArgs = args;
  call.restored = restored;
}

/** A text of the guard the model may read, with every value put back replaced by its handle. */
export function maskForModel(call: Call, text: string): string {
  return maskRestored(text, call.restored);
}

/** Arguments the review shows (and the checkpoint keeps), with every value put back replaced by its handle. */
export function maskArgsForModel(call: Call, args: JsonObject): JsonObject {
  return maskRestoredJson(args, call.restored);
}

/** The result the model reads: the backend's redacted copy, its placeholders replaced by the thread's handles. */
export function putHandlesStep(call: Call, raw: CallToolResult, decision: OutputDecision): CallToolResult {
  const redacted = decision.redactedResult as CallToolResult;
  const handles = call.request.provenance?.handles;
  return handles ? handles.put(raw, redacted, decision.findings) : redacted;
}
