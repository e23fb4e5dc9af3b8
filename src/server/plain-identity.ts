/** The (server, tool) pair a plain (AxonFlow-style) request names, and the connector type the policy sees. */
export interface PlainIdentity {
  serverName: string;
  toolName: string;
  /** `server.tool`: what the local interceptor sends by default, so one policy file means the same both ways. */
  connectorType: string;
}

/**
 * Current AxonFlow SDKs send the server as `connector_type` and the tool separately in `tool`; our own client (and
 * older SDKs with a custom resolver) send `server.tool` as `connector_type` together with `tool`; the oldest send
 * only `server.tool`. The pair is read from what was sent, never by appending `tool` blindly (`crm.lookup` with
 * `tool: lookup` is `crm` + `lookup`, not `crm.lookup` + `lookup`).
 */
export function plainIdentity(connectorType: string, tool: string | undefined): PlainIdentity {
  if (tool !== undefined && tool !== "") {
    const suffix = `.${tool}`;
    if (connectorType.length > suffix.length && connectorType.endsWith(suffix)) {
      return { serverName: connectorType.slice(0, -suffix.length), toolName: tool, connectorType };
    }
    return { serverName: connectorType, toolName: tool, connectorType: `${connectorType}${suffix}` };
  }
  // No tool: the legacy concatenated form. Server names are user-chosen keys (rarely dotted); the first dot splits.
  const dot = connectorType.indexOf(".");
  if (dot > 0 && dot < connectorType.length - 1) {
    return { serverName: connectorType.slice(0, dot), toolName: connectorType.slice(dot + 1), connectorType };
  }
  return { serverName: connectorType, toolName: connectorType, connectorType };
}
