/**
 * Everything the adapter (or a caller of the SDK client) asks of an MCP call must survive the guard. Each feature is
 * shown first on a client without the guard (so a change in the adapter shows up here), then on a guarded one,
 * against the real `@modelcontextprotocol/server-everything` from npm over stdio.
 */
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import type { StructuredToolInterface } from "@langchain/core/tools";
import { type ClientConfig, MultiServerMCPClient } from "@langchain/mcp-adapters";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { Progress } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, describe, expect, it } from "vitest";
import {
  type AuditRecord,
  createToolInterceptor,
  installInterceptors,
  type ToolInterceptor,
} from "../../src/index.js";
import { stdioConnection } from "../helpers/clients.js";
import { everythingConnection, LONG_RUNNING } from "../helpers/everything.js";

const open: MultiServerMCPClient[] = [];
afterAll(async () => {
  await Promise.all(open.map((c) => c.close()));
});

interface Setup {
  client: MultiServerMCPClient;
  lro: StructuredToolInterface;
  progress: Progress[];
  records: AuditRecord[];
}

async function setup(guarded: boolean, config: Partial<ClientConfig> = {}): Promise<Setup> {
  const progress: Progress[] = [];
  const records: AuditRecord[] = [];
  let client = new MultiServerMCPClient({
    ...config,
    mcpServers: { everything: everythingConnection() },
    onProgress: (p: Progress) => void progress.push(p),
  } as ClientConfig);
  if (guarded) {
    client = installInterceptors(client, createToolInterceptor({ onDecision: (r) => records.push(r) }));
  }
  open.push(client);
  const lro = (await client.getTools()).find((t) => t.name === LONG_RUNNING);
  if (!lro) throw new Error(`${LONG_RUNNING} not listed by server-everything`);
  return { client, lro, progress, records };
}

async function sdkClient(client: MultiServerMCPClient): Promise<Client> {
  const sdk = await client.getClient("everything");
  if (!sdk) throw new Error("no client for server-everything");
  return sdk;
}

const outcome = (p: Promise<unknown>) =>
  p.then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error: error as Error }),
  );

describe.each([false, true])("progress notifications (guarded: %s)", (guarded) => {
  it("the adapter's onProgress sees every step", { timeout: 30_000 }, async () => {
    const { lro, progress } = await setup(guarded);
    const out = await lro.invoke({ duration: 1.5, steps: 3 });
    expect(String(out)).toContain("Long running operation completed");
    // The SDK hands a notification to its handler a microtask late, but ends the call's progress handler at once when
    // the response is read: a notification read in the same chunk as the response is dropped. The last step's always
    // can be; with steps 0.5 s apart, the second is read alone unless this process stalls that long (at 0.1 s apart a
    // loaded CI machine read steps 2, 3 and the response in one chunk).
    expect(progress.map((p) => `${p.progress}/${p.total}`).slice(0, 2)).toEqual(["1/3", "2/3"]);
  });
});

describe.each([
  false,
  true,
])("the adapter's per-call MCP timeout, metadata.timeoutMs (guarded: %s)", (guarded) => {
  it("a 500 ms timeout stops a 20 s operation with the SDK's RequestTimeout", {
    timeout: 15_000,
  }, async () => {
    const { lro } = await setup(guarded);
    const result = await outcome(lro.invoke({ duration: 20, steps: 2 }, { metadata: { timeoutMs: 500 } }));
    expect(result.ok).toBe(false);
    expect(String(!result.ok && result.error.message)).toMatch(/-32001|Request timed out/);
  });
});

describe.each([false, true])("the adapter's defaultToolTimeout (guarded: %s)", (guarded) => {
  it("stops a 20 s operation", { timeout: 15_000 }, async () => {
    const { lro } = await setup(guarded, { defaultToolTimeout: 500 });
    const result = await outcome(lro.invoke({ duration: 20, steps: 2 }));
    expect(result.ok).toBe(false);
    expect(String(!result.ok && result.error.message)).toMatch(/timed? ?out|TimeoutError/i);
  });
});

describe.each([false, true])("the caller's abort signal (guarded: %s)", (guarded) => {
  it("cancels the call after the first progress step", { timeout: 15_000 }, async () => {
    const { lro, progress } = await setup(guarded);
    const controller = new AbortController();
    const watcher = setInterval(() => {
      if (progress.length > 0) controller.abort(new Error("user cancelled"));
    }, 20);
    const result = await outcome(lro.invoke({ duration: 20, steps: 40 }, { signal: controller.signal }));
    clearInterval(watcher);
    expect(result.ok).toBe(false);
    expect(progress.length).toBeGreaterThan(0);
  });
});

describe.each([false, true])("SDK request options through getClient() (guarded: %s)", (guarded) => {
  it("resetTimeoutOnProgress: a 2 s timeout reset by progress every 100 ms outlives a 3 s operation", {
    timeout: 30_000,
  }, async () => {
    const { client, records } = await setup(guarded);
    const sdk = await sdkClient(client);
    const seen: Progress[] = [];
    const result = await sdk.callTool(
      { name: LONG_RUNNING, arguments: { duration: 3, steps: 30 } },
      undefined,
      {
        timeout: 2_000,
        resetTimeoutOnProgress: true,
        onprogress: (p) => void seen.push(p),
      },
    );
    expect(JSON.stringify(result)).toContain("Long running operation completed");
    expect(seen.length).toBeGreaterThanOrEqual(29); // the last may come after the response (see above)
    // The call went through the guard: it has an input and an output record.
    if (guarded) expect(records.map((r) => r.phase)).toEqual(["input", "output"]);
  });

  it("maxTotalTimeout stops a 20 s operation whose progress keeps resetting the timeout", {
    timeout: 15_000,
  }, async () => {
    const { client, records } = await setup(guarded);
    const sdk = await sdkClient(client);
    const result = await outcome(
      sdk.callTool({ name: LONG_RUNNING, arguments: { duration: 20, steps: 200 } }, undefined, {
        timeout: 5_000,
        resetTimeoutOnProgress: true,
        maxTotalTimeout: 600,
        onprogress: () => undefined,
      }),
    );
    expect(result.ok).toBe(false);
    expect(String(!result.ok && result.error.message)).toMatch(/Maximum total timeout exceeded/);
    if (guarded) expect(records.map((r) => r.phase)).toContain("input");
  });
});

describe("headers on a stdio server", () => {
  it("adapter: a beforeToolCall hook that adds headers fails every stdio call", async () => {
    const client = new MultiServerMCPClient({
      mcpServers: { acme: stdioConnection() },
      beforeToolCall: () => ({ headers: { "x-tenant": "t-42" } }),
    });
    open.push(client);
    const echo = (await client.getTools()).find((t) => t.name === "echo")!;
    await expect(echo.invoke({ text: "hi" })).rejects.toThrow(/Forking stdio transport is not supported/);
  });

  it("install: the same hook's headers are dropped with an audit note, and the call goes on", async () => {
    const records: AuditRecord[] = [];
    const client = installInterceptors(
      new MultiServerMCPClient({
        mcpServers: { acme: stdioConnection() },
        beforeToolCall: () => ({ headers: { "x-tenant": "t-42" } }),
      }),
      createToolInterceptor({ onDecision: (r) => void records.push(r) }),
    );
    open.push(client);
    const echo = (await client.getTools()).find((t) => t.name === "echo")!;
    expect(await echo.invoke({ text: "hi" })).toContain("hi");
    expect(records.find((r) => r.phase === "transport")?.reason).toContain("x-tenant");
  });

  it("install: the README's header interceptor works on stdio; the headers are dropped with an audit note", async () => {
    const records: AuditRecord[] = [];
    const tenantHeader: ToolInterceptor = (req, next) =>
      next({ ...req, headers: { "x-tenant": "t-42", authorization: "Bearer not-sent" } });
    const client = installInterceptors(
      new MultiServerMCPClient({ mcpServers: { acme: stdioConnection() } }),
      [tenantHeader, createToolInterceptor({ onDecision: (r) => records.push(r) })],
    );
    open.push(client);
    const echo = (await client.getTools()).find((t) => t.name === "echo")!;
    expect(await echo.invoke({ text: "hi" })).toContain("hi");
    const note = records.find((r) => r.phase === "transport");
    expect(note).toMatchObject({ action: "note", serverName: "acme", toolName: "echo" });
    expect(note?.reason).toMatch(/stdio/);
    expect(note?.reason).toContain("x-tenant");
    // Header names only: a value may be a credential.
    expect(JSON.stringify(note)).not.toContain("not-sent");
  });
});

describe("an interceptor's own report hook that throws", () => {
  it("is reported as a warning; the call it was told about goes on", async () => {
    const warnings: string[] = [];
    const onWarning = (w: Error) => void warnings.push(w.message);
    process.on("warning", onWarning);
    const headerAndBrokenReport = Object.assign(
      ((req, next) => next({ ...req, headers: { "x-tenant": "t-1" } })) as ToolInterceptor,
      {
        report: () => {
          throw new Error("report sink broken");
        },
      },
    );
    const client = installInterceptors(
      new MultiServerMCPClient({ mcpServers: { acme: stdioConnection() } }),
      [headerAndBrokenReport, createToolInterceptor()],
    );
    open.push(client);
    const echo = (await client.getTools()).find((t) => t.name === "echo")!;
    expect(await echo.invoke({ text: "hi" })).toContain("hi");
    await new Promise((resolve) => setImmediate(resolve));
    process.off("warning", onWarning);
    expect(warnings.some((w) => w.includes("report sink broken"))).toBe(true);
  });
});

describe("a failing audit sink", () => {
  const script = fileURLToPath(new URL("../fixtures/scripts/rejecting-audit-sink.ts", import.meta.url));

  it("an async onDecision that rejects is reported on stderr, and the process lives on", {
    timeout: 30_000,
  }, () => {
    const run = spawnSync(process.execPath, ["--import", "tsx", script], {
      encoding: "utf8",
      timeout: 25_000,
    });
    expect(run.stderr).not.toMatch(/Unhandled|unhandled/);
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/echo answered: .*hi/s);
    expect(run.stdout).toContain("still running");
    expect(run.stderr).toContain("onDecision");
    expect(run.stderr).toContain("audit database is down");
  });
});
