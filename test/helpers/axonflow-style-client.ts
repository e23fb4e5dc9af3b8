import type { CallToolResult, ToolInterceptor } from "../../src/index.js";

/**
 * A tool interceptor written to the public wire behaviour of AxonFlow's TypeScript SDK (`mcpToolInterceptor`,
 * SDK 9.x): `connector_type` is the server name and `tool` the tool name, sent separately; check-input sends the
 * statement `server.tool(<args JSON>)` with the parameters; a 403 or `allowed: false` blocks with `block_reason`;
 * check-output sends the whole result as JSON text in `message`, and a non-null `redacted_data` is returned in
 * place of the result, as is. No tollgate extension fields: this is what any plain AxonFlow client sends.
 */
export class AxonflowBlockedError extends Error {}

export interface AxonflowStyleLog {
  input: Record<string, unknown>[];
  output: Record<string, unknown>[];
}

export function axonflowStyleInterceptor(
  endpoint: string,
  clientSecret: string,
  log: AxonflowStyleLog = { input: [], output: [] },
): ToolInterceptor {
  // AxonFlow clients authenticate with client id / secret as HTTP Basic.
  const authorization = `Basic ${Buffer.from(`test-client:${clientSecret}`).toString("base64")}`;
  const post = async (path: string, body: Record<string, unknown>) => {
    const response = await fetch(`${endpoint}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization },
      body: JSON.stringify(body),
    });
    const data = (await response.json()) as Record<string, unknown>;
    if (response.status === 403) return { ...data, allowed: false };
    if (!response.ok) throw new Error(`check failed: HTTP ${response.status}`);
    return data;
  };
  return async (request, handler) => {
    const connectorType = request.serverName;
    const tool = request.name;
    const input = await post("/api/v1/mcp/check-input", {
      connector_type: connectorType,
      tool,
      statement: `${connectorType}.${tool}(${JSON.stringify(request.args ?? {})})`,
      operation: "execute",
      parameters: request.args,
    });
    log.input.push(input);
    if (input.allowed !== true) {
      throw new AxonflowBlockedError(String(input.block_reason ?? "Tool call blocked by policy"));
    }
    const result = await handler(request);
    const output = await post("/api/v1/mcp/check-output", {
      connector_type: connectorType,
      tool,
      message: JSON.stringify(result),
    });
    log.output.push(output);
    if (output.allowed !== true) {
      throw new AxonflowBlockedError(String(output.block_reason ?? "Tool result blocked by policy"));
    }
    if (output.redacted_data !== undefined && output.redacted_data !== null) {
      return output.redacted_data as CallToolResult;
    }
    return result;
  };
}
