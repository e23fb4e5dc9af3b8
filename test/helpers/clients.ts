import { fileURLToPath } from "node:url";
import type { StructuredToolInterface } from "@langchain/core/tools";
import { MultiServerMCPClient } from "@langchain/mcp-adapters";
import { type CatalogAwareInterceptor, installInterceptors } from "../../src/index.js";

export const STDIO_SERVER = fileURLToPath(new URL("../fixtures/stdio-server.ts", import.meta.url));

/** stdio: the fixture server as a child process (through tsx, so no build step is needed). */
export function stdioConnection() {
  return { transport: "stdio" as const, command: process.execPath, args: ["--import", "tsx", STDIO_SERVER] };
}

export function httpConnection(url: string) {
  return { transport: "http" as const, url };
}

export type Transport = "stdio" | "http";

export async function guardedClient(
  connection: ReturnType<typeof stdioConnection> | ReturnType<typeof httpConnection>,
  interceptors: CatalogAwareInterceptor | CatalogAwareInterceptor[],
  serverName = "acme",
): Promise<{ client: MultiServerMCPClient; tools: Map<string, StructuredToolInterface> }> {
  const client = installInterceptors(
    new MultiServerMCPClient({ mcpServers: { [serverName]: connection } }),
    interceptors,
  );
  const tools = new Map((await client.getTools()).map((t) => [t.name, t]));
  return { client, tools };
}

export function tool(tools: Map<string, StructuredToolInterface>, name: string): StructuredToolInterface {
  const found = tools.get(name);
  if (!found) throw new Error(`fixture tool ${name} not loaded`);
  return found;
}

/** Invokes a tool the way ToolNode does (a ToolCall in, a ToolMessage out). */
export async function invokeAsToolCall(
  t: StructuredToolInterface,
  args: Record<string, unknown>,
  id = "call_1",
) {
  return t.invoke({ name: t.name, args, id, type: "tool_call" });
}
