/**
 * What the model is told when a call is blocked: a LangGraph ToolNode turns the guard's error into the ToolMessage
 * the model reads. Internals (the policy service's URL, what went wrong with the credentials, stacks) must not be
 * in it; they stay on the typed error and in the audit record.
 */
import { AIMessage, type ToolMessage } from "@langchain/core/messages";
import type { StructuredToolInterface } from "@langchain/core/tools";
import { ToolNode } from "@langchain/langgraph/prebuilt";
import { MultiServerMCPClient } from "@langchain/mcp-adapters";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type AuditRecord,
  createToolInterceptor,
  HttpPolicyBackend,
  installInterceptors,
  PolicyViolationError,
  type ToolInterceptorOptions,
} from "../../src/index.js";
import { type HttpTestServer, startHttpTestServer } from "../fixtures/test-server.js";
import { httpConnection } from "../helpers/clients.js";
import { type FakePolicyService, startFakePolicyService } from "../helpers/fake-policy-service.js";

let mcp: HttpTestServer;
let strict: FakePolicyService;
const open: MultiServerMCPClient[] = [];

beforeAll(async () => {
  mcp = await startHttpTestServer();
  strict = await startFakePolicyService((_req, res) => {
    res.writeHead(401, { "content-type": "application/json" });
    res.end(JSON.stringify({ error: { code: "unauthorized", message: "bad client secret" } }));
  });
});
afterAll(async () => {
  await Promise.all(open.map((c) => c.close()));
  await strict.close();
  await mcp.close();
});

function strictBackend() {
  return new HttpPolicyBackend({
    baseUrl: strict.url,
    auth: { type: "basic", clientId: "agent", clientSecret: "wrong" },
    retry: { retries: 0 },
    circuitBreaker: false,
  });
}

async function toolsWith(options: ToolInterceptorOptions) {
  const client = installInterceptors(
    new MultiServerMCPClient({ mcpServers: { acme: httpConnection(mcp.url) } }),
    createToolInterceptor(options),
  );
  open.push(client);
  return client.getTools();
}

/** Runs one tool call through a real ToolNode and returns the ToolMessage the model would read. */
async function modelSees(tools: StructuredToolInterface[], name: string, args: Record<string, unknown>) {
  const node = new ToolNode(tools);
  const out = (await node.invoke({
    messages: [new AIMessage({ content: "", tool_calls: [{ id: "call_1", name, args }] })],
  })) as { messages: ToolMessage[] };
  return String(out.messages[0]?.content);
}

async function errorOf(tools: StructuredToolInterface[], name: string, args: Record<string, unknown>) {
  return (await tools
    .find((t) => t.name === name)!
    .invoke(args)
    .catch((e: unknown) => e)) as PolicyViolationError;
}

describe("a policy service that rejects the guard's credentials", () => {
  it("the model reads what was blocked and why, without the service's URL or the credentials error", async () => {
    const records: AuditRecord[] = [];
    const tools = await toolsWith({ backend: strictBackend(), onDecision: (r) => void records.push(r) });
    const text = await modelSees(tools, "echo", { text: "hi" });
    expect(text).toContain("Blocked by policy: call to acme.echo");
    expect(text).toContain("the policy check could not be completed");
    for (const internal of ["127.0.0.1", "http://", "credentials", "401", "secret", "    at "]) {
      expect(text).not.toContain(internal);
    }
    // The whole story stays with the app: on the typed error and in the audit record.
    const error = await errorOf(tools, "echo", { text: "hi" });
    expect(error).toBeInstanceOf(PolicyViolationError);
    expect(error.reason).toContain(strict.url);
    expect(error.reason).toContain("credentials");
    expect(error.cause).toBeInstanceOf(Error);
    expect(records.find((r) => r.action === "error")?.reason).toContain(strict.url);
    expect(mcp.counts.get("echo")).toBeUndefined();
  });

  it("formatBlockMessage chooses the text; the typed error keeps the reason", async () => {
    const tools = await toolsWith({
      backend: strictBackend(),
      formatBlockMessage: (b) =>
        `${b.toolName} is not available right now (${b.backendFailed ? "checks are down" : b.reason}).`,
    });
    expect(await modelSees(tools, "echo", { text: "hi" })).toContain(
      "echo is not available right now (checks are down).",
    );
    expect((await errorOf(tools, "echo", { text: "hi" })).reason).toContain("credentials");
  });

  it("a formatBlockMessage that throws falls back to the default, and the failure is reported", async () => {
    const failures: string[] = [];
    const tools = await toolsWith({
      backend: strictBackend(),
      formatBlockMessage: () => {
        throw new Error("template missing");
      },
      onCallbackError: (error, callback) => failures.push(`${callback}: ${(error as Error).message}`),
    });
    const text = await modelSees(tools, "echo", { text: "hi" });
    expect(text).toContain("Blocked by policy: call to acme.echo: the policy check could not be completed");
    expect(failures).toEqual(["formatBlockMessage: template missing"]);
  });
});

describe("a policy's own reason", () => {
  it("is kept in plain words, with any URL taken out and on one line", async () => {
    const tools = await toolsWith({
      policy: {
        capabilities: {
          rules: [
            {
              match: "acme.drop_*",
              action: "deny",
              reason:
                "destructive tools need a ticket, see https://wiki.example.com/tickets?user=ops\nTrace: at deny()",
            },
          ],
        },
      },
    });
    const text = await modelSees(tools, "drop_database", {});
    expect(text).toContain(
      "Blocked by policy: call to acme.drop_database: destructive tools need a ticket, see [link removed]",
    );
    expect(text).not.toContain("wiki.example.com");
    expect(text).not.toContain("Trace");
    const error = await errorOf(tools, "drop_database", {});
    expect(error.reason).toContain("https://wiki.example.com/tickets");
  });
});
