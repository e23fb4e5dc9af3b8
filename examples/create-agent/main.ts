/**
 * `npx tsx examples/create-agent/main.ts`: mcp-tollgate with langchain v1 `createAgent`.
 *
 * Why the middleware matters: as soon as an agent has any `wrapToolCall` middleware, createAgent's ToolNode stops
 * turning tool errors into messages, and one MCP error result (or one policy block) throws out of `invoke` and
 * ends the run. `createTollgateMiddleware()` turns blocks and checked MCP errors back into error ToolMessages the
 * model can read and recover from. Its `interceptors` option also guards local (non-MCP) tools.
 *
 * Inside this repository `mcp-tollgate` resolves to src/ through tsconfig.json "paths"; copied into an app it is
 * the installed package.
 */
import { MultiServerMCPClient } from "@langchain/mcp-adapters";
import { type AgentMiddleware, createAgent, createMiddleware, ToolMessage, tool } from "langchain";
import { createToolInterceptor, installInterceptors } from "mcp-tollgate";
import { createTollgateMiddleware } from "mcp-tollgate/langchain";
import { ScriptedChatModel } from "mcp-tollgate/testing";
import { z } from "zod";
import { crmStdioConnection } from "../demo/crm-connection.js";

const policy = { capabilities: { rules: [{ match: "acme-crm.delete_*", action: "deny" as const }] } };

// MCP tools: guarded inside the tool by the install, so the middleware does not check them a second time.
const client = installInterceptors(
  new MultiServerMCPClient({ mcpServers: { "acme-crm": crmStdioConnection() } }),
  createToolInterceptor({ policy }),
);

// A local tool the agent also has; only the middleware's interceptors stand between it and the model.
const whoami = tool(async () => "signed in as jane.roe@example.com (role: support)", {
  name: "whoami",
  description: "Shows the signed-in user.",
  schema: z.object({}),
});

/** A stand-in for any other middleware with a `wrapToolCall` hook (logging, retries, tracing...). */
const logging = createMiddleware({ name: "Logging", wrapToolCall: (request, handler) => handler(request) });

try {
  const mcpTools = await client.getTools();
  const pick = ["sync_billing", "delete_customer", "search_customers"];
  const tools = [...mcpTools.filter((t) => pick.includes(t.name)), whoami];
  // A fresh scripted model per run: the script is consumed as the agent plays it.
  const scriptedModel = () =>
    new ScriptedChatModel([
      { toolCalls: [{ id: "c_billing", name: "sync_billing", args: {} }] },
      { toolCalls: [{ id: "c_delete", name: "delete_customer", args: { customerId: 42 } }] },
      { toolCalls: [{ id: "c_search", name: "search_customers", args: { query: "Jane" } }] },
      { toolCalls: [{ id: "c_whoami", name: "whoami", args: {} }] },
      { text: "Billing sync failed and deleting needs a human; I found Jane's record." },
    ]);
  const run = (middleware: AgentMiddleware[]) =>
    createAgent({ model: scriptedModel(), tools, middleware }).invoke({
      messages: [{ role: "user", content: "Sync billing, then remove Jane." }],
    });

  console.log("== without createTollgateMiddleware (another wrapToolCall middleware present)");
  try {
    await run([logging]);
    console.log("the run finished");
  } catch (error) {
    console.log(`the run crashed at the first tool error: ${(error as Error).name}`);
  }

  console.log("\n== with createTollgateMiddleware");
  const state = await run([
    logging,
    createTollgateMiddleware({ interceptors: [createToolInterceptor({ policy })] }),
  ]);
  for (const message of state.messages) {
    if (!ToolMessage.isInstance(message)) continue;
    const content = typeof message.content === "string" ? message.content : JSON.stringify(message.content);
    console.log(`${message.name} [status: ${message.status ?? "success"}]\n${content.replace(/^/gm, "  ")}`);
  }
  const last = state.messages.at(-1);
  console.log(`\nthe run finished; the model's last word: ${String(last?.content)}`);
} finally {
  await client.close();
}
