import type { OutputCheckRequest } from "../../src/shared/types.js";

/** An output-check request for one text block from `docs.read`: what most detection tests feed the engine. */
export function textResultRequest(text: string, callId = "c1"): OutputCheckRequest {
  return {
    connectorType: "docs.read",
    serverName: "docs",
    toolName: "read",
    callId,
    args: {},
    result: { content: [{ type: "text", text }] },
  };
}
