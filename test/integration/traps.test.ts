/**
 * The traps in @langchain/mcp-adapters 1.1.x that a hooks-based guard falls into. Each test first shows the
 * adapter's behaviour with its own hooks (so a change in the adapter shows up here), then shows that
 * installInterceptors closes the trap, against a real server and a real MultiServerMCPClient.
 */
import type { StructuredToolInterface } from "@langchain/core/tools";
import { type ClientConfig, MultiServerMCPClient } from "@langchain/mcp-adapters";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createToolInterceptor, installInterceptors, PolicyViolationError } from "../../src/index.js";
import { fakeGithubToken } from "../../src/shared/fake-credentials.js";
import { type HttpTestServer, startHttpTestServer } from "../fixtures/test-server.js";
import { httpConnection, invokeAsToolCall, stdioConnection, tool } from "../helpers/clients.js";

let http: HttpTestServer;
const open: MultiServerMCPClient[] = [];

beforeAll(async () => {
  http = await startHttpTestServer();
});
afterAll(async () => {
  await Promise.all(open.map((c) => c.close()));
  await http.close();
});

async function rawTools(config: Partial<ClientConfig> = {}, server: Record<string, unknown> = {}) {
  const client = new MultiServerMCPClient({
    ...config,
    mcpServers: { acme: { ...httpConnection(http.url), ...server } },
  } as ClientConfig);
  open.push(client);
  return new Map((await client.getTools()).map((t) => [t.name, t]));
}

async function guardedTools(): Promise<Map<string, StructuredToolInterface>> {
  const client = installInterceptors(
    new MultiServerMCPClient({ mcpServers: { acme: httpConnection(http.url) } }),
    createToolInterceptor({ policy: { sanitizer: { mode: "pass-through" } } }),
  );
  open.push(client);
  return new Map((await client.getTools()).map((t) => [t.name, t]));
}

describe("trap: per-server hooks are dropped", () => {
  it("adapter: a beforeToolCall hook in a server's config never runs", async () => {
    let calls = 0;
    const tools = await rawTools({}, { beforeToolCall: () => void calls++ });
    await tool(tools, "echo").invoke({ text: "hi" });
    expect(calls).toBe(0);
  });

  it("install: every server of the client is guarded, whatever its transport", async () => {
    const client = installInterceptors(
      new MultiServerMCPClient({
        mcpServers: { viaHttp: httpConnection(http.url), viaStdio: stdioConnection() },
      }),
      createToolInterceptor({
        policy: { capabilities: { rules: [{ match: "*.drop_database", action: "deny" }] } },
      }),
    );
    open.push(client);
    const tools = await client.getTools();
    const drops = tools.filter((t) => t.name === "drop_database");
    expect(drops).toHaveLength(2);
    for (const t of drops) await expect(t.invoke({})).rejects.toBeInstanceOf(PolicyViolationError);
  });
});

describe("trap: an async hook that resolves to undefined fails the call", () => {
  it("adapter: the call fails", async () => {
    const tools = await rawTools({ beforeToolCall: async () => undefined });
    await expect(tool(tools, "echo").invoke({ text: "hi" })).rejects.toThrow();
  });

  it("install: interceptors do not go through the hooks, so nothing to trip over", async () => {
    expect(await tool(await guardedTools(), "echo").invoke({ text: "hi" })).toBe("hi");
  });
});

describe("trap: isError results become exceptions before afterToolCall runs", () => {
  it("adapter: the error text, secret included, reaches the caller unchecked", async () => {
    let afterCalls = 0;
    const tools = await rawTools({
      afterToolCall: (r) => {
        afterCalls++;
        return { result: r.result };
      },
    });
    const error = (await tool(tools, "deploy")
      .invoke({})
      .catch((e: unknown) => e)) as Error;
    expect(afterCalls).toBe(0);
    expect(error.message).toContain(fakeGithubToken());
  });

  it("install: the error result is checked and the secret redacted", async () => {
    const error = (await tool(await guardedTools(), "deploy")
      .invoke({})
      .catch((e: unknown) => e)) as Error;
    expect(error.name).toBe("ToolException");
    expect(error.message).toContain("[REDACTED:github_token]");
    expect(error.message).not.toContain(fakeGithubToken());
  });
});

describe("trap: structuredContent is not visible to afterToolCall", () => {
  it("adapter: with one text block the model receives structuredContent, so redacting text alone leaks", async () => {
    let sawStructured = false;
    const tools = await rawTools({
      afterToolCall: (r) => {
        const [content, artifacts] = r.result as [unknown, unknown[]];
        sawStructured =
          JSON.stringify(artifacts).includes("structured") || JSON.stringify(content).includes("owner");
        const redact = (s: string) => s.replace(/\S+@\S+/g, "[email]");
        return { result: [typeof content === "string" ? redact(content) : content, artifacts] as never };
      },
    });
    const single = await invokeAsToolCall(tool(tools, "profile_single"), {});
    expect(JSON.stringify(single.content)).toContain("jane.roe@example.com");
    const multi = await invokeAsToolCall(tool(tools, "profile_multi"), {});
    expect(sawStructured).toBe(false);
    expect(JSON.stringify(multi)).toContain("jane.roe@example.com");
  });

  it("install: structuredContent is redacted for one and for many blocks", async () => {
    const tools = await guardedTools();
    for (const name of ["profile_single", "profile_multi"]) {
      const msg = await invokeAsToolCall(tool(tools, name), {});
      expect(JSON.stringify(msg)).not.toContain("jane.roe@example.com");
      expect(JSON.stringify(msg)).toContain("[REDACTED:email]");
    }
  });
});

describe("trap: an error thrown from a hook loses its class unless it is named ToolException", () => {
  class GuardError extends Error {
    readonly rule = "no-echo";
  }

  it("adapter: the hook's error class and fields are gone", async () => {
    const tools = await rawTools({
      beforeToolCall: () => {
        throw new GuardError("blocked");
      },
    });
    const error = await tool(tools, "echo")
      .invoke({ text: "hi" })
      .catch((e: unknown) => e);
    expect(error).not.toBeInstanceOf(GuardError);
    expect((error as Error).name).toBe("ToolException");
  });

  it("install: the typed PolicyViolationError arrives with its fields", async () => {
    const client = installInterceptors(
      new MultiServerMCPClient({ mcpServers: { acme: httpConnection(http.url) } }),
      createToolInterceptor({ policy: { capabilities: { default: "deny" } } }),
    );
    open.push(client);
    const error = (await (
      await client.getTools()
    )[0]!
      .invoke({ text: "hi" })
      .catch((e: unknown) => e)) as PolicyViolationError;
    expect(error).toBeInstanceOf(PolicyViolationError);
    expect(error.phase).toBe("input");
    expect(error.ruleIds).toEqual(["capability.default_deny"]);
  });
});

describe("trap: rewriting args in beforeToolCall mutates the agent's recorded tool call", () => {
  it("adapter: the ToolCall's args object is rewritten in place", async () => {
    const tools = await rawTools({ beforeToolCall: () => ({ args: { text: "[redacted]" } }) });
    const call = { name: "echo", args: { text: "secret-ish" }, id: "c1", type: "tool_call" as const };
    await tool(tools, "echo").invoke(call);
    expect(call.args.text).toBe("[redacted]");
  });

  it("install: the handler gets a redacted copy; the recorded call is untouched", async () => {
    const client = installInterceptors(
      new MultiServerMCPClient({ mcpServers: { acme: httpConnection(http.url) } }),
      createToolInterceptor({
        policy: { pii: { input: "placeholder" }, sanitizer: { mode: "pass-through" } },
      }),
    );
    open.push(client);
    const echo = (await client.getTools()).find((t) => t.name === "echo")!;
    const call = {
      name: "echo",
      args: { text: "jane.roe@example.com" },
      id: "c2",
      type: "tool_call" as const,
    };
    const msg = await echo.invoke(call);
    expect(msg.content).toBe("[REDACTED:email]");
    expect(call.args.text).toBe("jane.roe@example.com");
  });
});

describe("trap: tool descriptions go straight into the model's catalogue", () => {
  it("adapter: the poisoned description is passed through", async () => {
    expect(tool(await rawTools(), "notes_search").description).toContain("<IMPORTANT>");
  });

  it("install: the description is cleaned at load time", async () => {
    const description = tool(await guardedTools(), "notes_search").description;
    expect(description).not.toContain("<IMPORTANT>");
    expect(description).not.toContain("id_rsa");
  });
});
