/**
 * Drives published MCP servers through a real `MultiServerMCPClient` guarded by mcp-tollgate's default policy, and
 * keeps every check's payload beside its decision, so each finding can be read with the text it points at.
 */
import type { Connection } from "@langchain/mcp-adapters";
import { MultiServerMCPClient } from "@langchain/mcp-adapters";
import { LocalPolicyEngine } from "../../src/engine/local-engine.js";
import { createToolInterceptor, installInterceptors } from "../../src/index.js";
import type {
  Finding,
  InputCheckRequest,
  InputDecision,
  OutputCheckRequest,
  OutputDecision,
} from "../../src/shared/types.js";

export interface Checked {
  phase: "input" | "output";
  tool: string;
  payload: unknown;
  allowed: boolean;
  changed: boolean;
  reason?: string;
  findings: Finding[];
}

/** The default engine, keeping each request and its decision. */
export class RecordingEngine extends LocalPolicyEngine {
  readonly checked: Checked[] = [];

  override async checkInput(request: InputCheckRequest): Promise<InputDecision> {
    const decision = await super.checkInput(request);
    this.checked.push({
      phase: "input",
      tool: request.toolName,
      payload: request.args,
      allowed: decision.allowed,
      changed: decision.redactedArgs !== undefined,
      ...(decision.reason ? { reason: decision.reason } : {}),
      findings: decision.findings,
    });
    return decision;
  }

  override async checkOutput(request: OutputCheckRequest): Promise<OutputDecision> {
    const decision = await super.checkOutput(request);
    this.checked.push({
      phase: "output",
      tool: request.toolName,
      payload: request.result,
      allowed: decision.allowed,
      changed: decision.redactedResult !== undefined,
      ...(decision.reason ? { reason: decision.reason } : {}),
      findings: decision.findings,
    });
    return decision;
  }
}

/** The value an RFC 6901 pointer names in a payload. */
export function atPointer(payload: unknown, pointer: string): unknown {
  if (pointer === "") return payload;
  let at: unknown = payload;
  for (const raw of pointer.slice(1).split("/")) {
    const key = raw.replace(/~1/g, "/").replace(/~0/g, "~");
    if (at === null || typeof at !== "object") return undefined;
    at = (at as Record<string, unknown>)[key];
  }
  return at;
}

/** A finding with the text it matched and a little around it (for a reader, never for a decision). */
export function describeFinding(payload: unknown, finding: Finding): { matched: string; around: string } {
  const value = atPointer(payload, finding.path);
  const text = typeof value === "string" ? value : (JSON.stringify(value) ?? "");
  if (finding.start === undefined || finding.end === undefined) {
    return { matched: text.slice(0, 80), around: "" };
  }
  const around = text
    .slice(Math.max(0, finding.start - 40), Math.min(text.length, finding.end + 40))
    .replace(/\n/g, "\\n");
  return { matched: text.slice(finding.start, finding.end), around };
}

export interface GuardedClient {
  client: MultiServerMCPClient;
  engine: RecordingEngine;
  call(tool: string, args: Record<string, unknown>): Promise<unknown>;
  close(): Promise<void>;
}

/** One server behind the default policy; `call` invokes a tool the way an agent's tool node does. */
export async function guarded(server: string, connection: Connection): Promise<GuardedClient> {
  const engine = new RecordingEngine();
  const client = installInterceptors(
    new MultiServerMCPClient({ mcpServers: { [server]: connection } }),
    createToolInterceptor({ backend: engine }),
  );
  const tools = await client.getTools();
  return {
    client,
    engine,
    call: async (name, args) => {
      const tool = tools.find((t) => t.name === name);
      if (!tool) throw new Error(`${server} lists no tool ${name}: ${tools.map((t) => t.name).join(", ")}`);
      try {
        return await tool.invoke(args);
      } catch (error) {
        return { error: (error as Error).message };
      }
    },
    close: () => client.close(),
  };
}
