/**
 * `npx tsx examples/streamable-http/main.ts`: the guard over Streamable HTTP instead of stdio. Nothing in the
 * guard changes with the transport: it wraps the MCP client the adapter builds for each server, whichever
 * transport that client speaks.
 */
import { MultiServerMCPClient } from "@langchain/mcp-adapters";
import { createToolInterceptor, installInterceptors, isTollgateError } from "mcp-tollgate";
import { startCrmHttpServer } from "./crm-http-server.js";

const server = await startCrmHttpServer();
console.log(`acme-crm listening on ${server.url}`);

const client = installInterceptors(
  new MultiServerMCPClient({ mcpServers: { "acme-crm": { transport: "http", url: server.url } } }),
  createToolInterceptor({
    policy: { capabilities: { rules: [{ match: "acme-crm.delete_*", action: "deny" }] } },
    onDecision: (r) => console.log(`  audit: ${r.phase} ${r.action} ${r.toolName} ${r.ruleIds.join(", ")}`),
  }),
);

try {
  const tools = new Map((await client.getTools()).map((t) => [t.name, t]));
  const calls = [
    { name: "get_integration_settings", args: {} },
    { name: "delete_customer", args: { customerId: 42 } },
  ];
  for (const [i, call] of calls.entries()) {
    console.log(`\n${call.name}(${JSON.stringify(call.args)})`);
    try {
      const message = await tools.get(call.name)?.invoke({ ...call, id: `http-${i}`, type: "tool_call" });
      const text = typeof message?.content === "string" ? message.content : JSON.stringify(message?.content);
      console.log(`  model sees:\n${text.replace(/^/gm, "    ")}`);
    } catch (error) {
      if (!isTollgateError(error)) throw error;
      console.log(`  ${error.name}: ${error.message}`);
    }
  }
  console.log(`\nserver received: ${JSON.stringify(Object.fromEntries(server.counts))}`);
} finally {
  await client.close();
  await server.close();
}
