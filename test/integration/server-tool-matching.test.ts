import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createToolInterceptor, PolicyViolationError } from "../../src/index.js";
import { type HttpTestServer, startHttpTestServer, type ToolSpec } from "../fixtures/test-server.js";
import { guardedClient, httpConnection, invokeAsToolCall, tool } from "../helpers/clients.js";

/**
 * Issue 10 part 4: the server chooses its tool names, dots included. A rule on a server must cover every tool of
 * it, so `deny "crm.*"` blocks the tool the server names `admin.wipe` (connector type `crm.admin.wipe`).
 */
const dottedTools: ToolSpec[] = [
  {
    tool: { name: "admin.wipe", description: "Wipes everything.", inputSchema: { type: "object" } },
    run: () => ({ content: [{ type: "text", text: "wiped" }] }),
  },
  {
    tool: { name: "wipe", description: "Wipes one record.", inputSchema: { type: "object" } },
    run: () => ({ content: [{ type: "text", text: "wiped one" }] }),
  },
];

let http: HttpTestServer;
beforeAll(async () => {
  http = await startHttpTestServer(dottedTools);
});
afterAll(async () => {
  await http.close();
});

describe("a rule on a server covers every tool of it, whatever dots the tool name has", () => {
  it('deny "crm.*" blocks the server\'s tool "admin.wipe" before it reaches the server', async () => {
    const { client, tools } = await guardedClient(
      httpConnection(http.url),
      createToolInterceptor({ policy: { capabilities: { rules: [{ match: "crm.*", action: "deny" }] } } }),
      "crm",
    );
    try {
      const before = http.counts.get("admin.wipe") ?? 0;
      const message = await invokeAsToolCall(tool(tools, "admin.wipe"), {}).catch((e: unknown) => e);
      expect(message).toBeInstanceOf(PolicyViolationError);
      expect((message as PolicyViolationError).connectorType).toBe("crm.admin.wipe");
      await expect(invokeAsToolCall(tool(tools, "wipe"), {})).rejects.toBeInstanceOf(PolicyViolationError);
      expect(http.counts.get("admin.wipe") ?? 0).toBe(before);
      expect(http.counts.get("wipe") ?? 0).toBe(0);
    } finally {
      await client.close();
    }
  });

  it("allow-listing one server under deny-by-default does not let a dotted name of another through", async () => {
    const { client, tools } = await guardedClient(
      httpConnection(http.url),
      createToolInterceptor({
        policy: {
          capabilities: {
            default: "deny",
            rules: [{ match: { server: "crm", tool: "admin.*" }, action: "allow" }],
          },
        },
      }),
      "crm",
    );
    try {
      const before = http.counts.get("admin.wipe") ?? 0;
      const ok = await invokeAsToolCall(tool(tools, "admin.wipe"), {});
      expect(String(ok.content)).toContain("wiped");
      expect(http.counts.get("admin.wipe")).toBe(before + 1);
      await expect(invokeAsToolCall(tool(tools, "wipe"), {})).rejects.toBeInstanceOf(PolicyViolationError);
    } finally {
      await client.close();
    }
  });
});
