import { readContextKey } from "../../engine/run-context-conditions.js";
import type { InputCheckRequest, JsonValue, OutputCheckRequest, ToolDescriptor } from "../../shared/types.js";
import { resultMessage } from "./result-text.js";
import {
  WIRE_EXTENSION_VERSION,
  type WireInputRequest,
  type WireOutputRequest,
  type WireRequestExtension,
} from "./wire-types.js";

export interface ToWireOptions {
  /**
   * Also send the plain fields a plain (AxonFlow-style) service scans: `statement` (the arguments as JSON),
   * `message` and `response_data`. A tollgate server reads the `tollgate` extension instead, so turning this off
   * against one roughly halves the request body.
   */
  plainFields: boolean;
  /** The tool's listing when the request does not carry it (from `registerTools`). */
  tool?: ToolDescriptor;
  /** The run-context keys to send (those the policy names, see `runContextKeys(policy)`); default none. */
  runContextKeys?: readonly string[];
}

/** Only the keys the policy names leave the process: the rest of the run context may be anyone's data. */
function namedContext(
  request: InputCheckRequest | OutputCheckRequest,
  keys: readonly string[] | undefined,
): Record<string, JsonValue> | undefined {
  if (!keys || keys.length === 0 || !request.runContext) return undefined;
  const out: Record<string, JsonValue> = {};
  for (const key of keys) {
    const value = readContextKey(request.runContext, key);
    if (value !== undefined) out[key] = value;
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

function extension(
  request: InputCheckRequest | OutputCheckRequest,
  tool: ToolDescriptor | undefined,
  runContextKeys?: readonly string[],
): WireRequestExtension {
  const runContext = namedContext(request, runContextKeys);
  return {
    v: WIRE_EXTENSION_VERSION,
    server_name: request.serverName,
    tool_name: request.toolName,
    call_id: request.callId,
    ...(tool ? { tool } : {}),
    ...(request.toolCallId ? { tool_call_id: request.toolCallId } : {}),
    ...(runContext ? { run_context: runContext } : {}),
  };
}

export function inputToWire(request: InputCheckRequest, options: ToWireOptions): WireInputRequest {
  return {
    connector_type: request.connectorType,
    tool: request.toolName,
    ...(options.plainFields ? { statement: JSON.stringify(request.args) } : {}),
    parameters: request.args,
    operation: "execute",
    tollgate: {
      ...extension(request, request.tool ?? options.tool, options.runContextKeys),
      ...(request.provenance ? { provenance: request.provenance } : {}),
      ...(request.budgetHistory ? { budget_history: request.budgetHistory } : {}),
      ...(request.dryRun ? { dry_run: true } : {}),
    },
  };
}

export function outputToWire(request: OutputCheckRequest, options: ToWireOptions): WireOutputRequest {
  const { result } = request;
  const rows: JsonValue[] | undefined =
    result.structuredContent !== undefined ? [result.structuredContent as JsonValue] : undefined;
  const message = options.plainFields ? resultMessage(result) : undefined;
  return {
    connector_type: request.connectorType,
    tool: request.toolName,
    ...(message !== undefined ? { message } : {}),
    ...(options.plainFields && rows ? { response_data: rows } : {}),
    metadata: {
      server: request.serverName,
      tool: request.toolName,
      is_error: result.isError === true,
      content_blocks: result.content.length,
    },
    row_count: rows?.length ?? 0,
    tollgate: {
      ...extension(request, request.tool ?? options.tool, options.runContextKeys),
      ...(request.provenanceSalt !== undefined ? { provenance_salt: request.provenanceSalt } : {}),
      args: request.args,
      result,
    },
  };
}
