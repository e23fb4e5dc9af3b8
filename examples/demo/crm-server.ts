import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { CallToolRequestSchema, ListToolsRequestSchema, type Tool } from "@modelcontextprotocol/sdk/types.js";
import { CRM_TOOLS, type CrmTool } from "./crm-tools.js";

/** The name of the server-side counter tool; the demo reads it after the run and never gives it to the model. */
export const STATS_TOOL = "stats";

/**
 * The acme-crm MCP server. Built on the low-level SDK `Server` (not `McpServer`) so a tool can return exactly
 * what a buggy or hostile server would, including a result that breaks its own outputSchema. It counts every
 * call that reaches it: the proof that a blocked call never left the agent.
 */
export function createCrmServer(counts = new Map<string, number>(), tools: CrmTool[] = CRM_TOOLS): Server {
  const server = new Server({ name: "acme-crm", version: "1.0.0" }, { capabilities: { tools: {} } });
  const byName = new Map(tools.map((t) => [t.tool.name, t]));
  const statsTool: Tool = {
    name: STATS_TOOL,
    description: "How many calls each tool has received.",
    inputSchema: { type: "object", properties: {} },
  };
  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: [...tools.map((t) => t.tool), statsTool],
  }));
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const { name } = request.params;
    if (name === STATS_TOOL) {
      const received = Object.fromEntries(counts);
      return { content: [{ type: "text", text: JSON.stringify(received) }], structuredContent: received };
    }
    counts.set(name, (counts.get(name) ?? 0) + 1);
    const spec = byName.get(name);
    if (!spec) return { isError: true, content: [{ type: "text", text: `unknown tool ${name}` }] };
    return spec.run(request.params.arguments ?? {});
  });
  return server;
}
