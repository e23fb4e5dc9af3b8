import type { InputCheckRequest, JsonValue, OutputCheckRequest, ToolDescriptor } from "../types.js";
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
}

function extension(
  request: InputCheckRequest | OutputCheckRequest,
  tool: ToolDescriptor | undefined,
): WireRequestExtension {
  return {
    v: WIRE_EXTENSION_VERSION,
    server_name: request.serverName,
    tool_name: request.toolName,
    call_id: request.callId,
    ...(tool ? { tool } : {}),
  };
}

export function inputToWire(request: InputCheckRequest, options: ToWireOptions): WireInputRequest {
  return {
    connector_type: request.connectorType,
    tool: request.toolName,
    ...(options.plainFields ? { statement: JSON.stringify(request.args) } : {}),
    parameters: request.args,
    operation: "execute",
    tollgate: extension(request, request.tool ?? options.tool),
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
    tollgate: { ...extension(request, request.tool ?? options.tool), args: request.args, result },
  };
}
