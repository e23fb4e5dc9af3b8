/**
 * `npx tsx examples/custom-backend/main.ts`: the same guard with decisions from your own PolicyBackend instead of
 * the bundled engine. Runs two backends against the acme-crm demo server over stdio: a class that consults an
 * allow-list "database" and falls back to the LocalPolicyEngine, and a plain object literal.
 */
import type { ToolCall } from "@langchain/core/messages/tool";
import { MultiServerMCPClient } from "@langchain/mcp-adapters";
import {
  type AuditRecord,
  createToolInterceptor,
  installInterceptors,
  isTollgateError,
  type PolicyBackend,
} from "mcp-tollgate";
import { crmStdioConnection } from "../demo/crm-connection.js";
import { AllowListBackend } from "./allow-list-backend.js";
import { AllowListStore } from "./allow-list-store.js";
import { readOnlyBackend } from "./object-literal-backend.js";

const inAYear = new Date(Date.now() + 365 * 24 * 3600 * 1000);
const yesterday = new Date(Date.now() - 24 * 3600 * 1000);
const store = new AllowListStore([
  { connectorType: "acme-crm.search_customers", approvedBy: "security@acme.example", expiresAt: inAYear },
  {
    connectorType: "acme-crm.get_integration_settings",
    approvedBy: "platform@acme.example",
    expiresAt: inAYear,
  },
  { connectorType: "acme-crm.add_note", approvedBy: "support@acme.example", expiresAt: inAYear },
  { connectorType: "acme-crm.run_report", approvedBy: "data@acme.example", expiresAt: yesterday },
]);

const calls: Array<Pick<ToolCall, "name" | "args">> = [
  { name: "search_customers", args: { query: "Jane Roe" } },
  { name: "get_integration_settings", args: {} },
  { name: "add_note", args: { customerId: 42, note: "Prefers e-mail: jane.roe@example.com" } },
  { name: "run_report", args: { sql: "SELECT count(*) FROM customers" } },
  { name: "delete_customer", args: { customerId: 42 } },
];

async function runWith(label: string, backend: PolicyBackend): Promise<void> {
  console.log(`\n== ${label} (backend "${backend.name}")`);
  const records: AuditRecord[] = [];
  const client = installInterceptors(
    new MultiServerMCPClient({ mcpServers: { "acme-crm": crmStdioConnection() } }),
    // `policy` still drives the local cleaning of tool descriptions, which a custom backend does not do.
    createToolInterceptor({
      backend,
      policy: { pii: { input: "placeholder" } },
      onDecision: (r) => records.push(r),
    }),
  );
  try {
    const tools = new Map((await client.getTools()).map((t) => [t.name, t]));
    for (const [i, call] of calls.entries()) {
      const tool = tools.get(call.name);
      if (!tool) throw new Error(`the demo server has no tool ${call.name}`);
      const id = `${label}-${i}`;
      let shown: string;
      try {
        const message = await tool.invoke({ ...call, id, type: "tool_call" });
        const text = typeof message.content === "string" ? message.content : JSON.stringify(message.content);
        shown = `model sees:\n${text.replace(/^/gm, "      ")}`;
      } catch (error) {
        // Invoked outside an agent there is no ToolNode to turn the block into a message; the typed error surfaces.
        if (!isTollgateError(error)) throw error;
        shown = `${error.name}: ${error.message}`;
      }
      const decisions = records
        .filter((r) => r.toolCallId === id)
        .map(
          (r) =>
            `${r.phase} ${r.action} by ${r.backend}${r.ruleIds.length ? ` [${r.ruleIds.join(", ")}]` : ""}`,
        );
      console.log(`- ${call.name}: ${decisions.join("; ")}\n    ${shown}`);
    }
  } finally {
    await client.close();
  }
}

await runWith("allow-list", new AllowListBackend(store, { pii: { input: "placeholder" } }));
await runWith("object-literal", readOnlyBackend);
