/**
 * Input hazards end to end: a real MCP server over Streamable HTTP on 127.0.0.1 that counts calls, a real
 * MultiServerMCPClient with the guard installed. A blocked call never reaches the server; a flagged one (a private
 * address, by default) does, with the finding in the audit record; benign near-misses pass untouched.
 */
import { MultiServerMCPClient } from "@langchain/mcp-adapters";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type AuditRecord,
  createToolInterceptor,
  installInterceptors,
  PolicyViolationError,
  type ToolInterceptorOptions,
} from "../../src/index.js";
import { type HttpTestServer, startHttpTestServer } from "../fixtures/test-server.js";
import { httpConnection } from "../helpers/clients.js";

let mcp: HttpTestServer;
const open: MultiServerMCPClient[] = [];

beforeAll(async () => {
  mcp = await startHttpTestServer();
});
afterAll(async () => {
  await Promise.all(open.map((c) => c.close()));
  await mcp.close();
});

async function guarded(options: Partial<ToolInterceptorOptions> = {}) {
  const records: AuditRecord[] = [];
  const client = installInterceptors(
    new MultiServerMCPClient({ mcpServers: { acme: httpConnection(mcp.url) } }),
    createToolInterceptor({ ...options, onDecision: (r) => void records.push(r) }),
  );
  open.push(client);
  const tools = await client.getTools();
  const call = (name: string, args: Record<string, unknown>) =>
    tools.find((t) => t.name.endsWith(name))!.invoke(args);
  return { call, records };
}

const count = (tool: string) => mcp.counts.get(tool) ?? 0;

describe("input hazards through the installed client", () => {
  it.each([
    ["fetch_page", { url: "http://１６９.２５４.１６９.２５４/latest/meta-data/" }, "ssrf"],
    ["fetch_page", { url: "http://good.example@169.254.169.254/" }, "ssrf"],
    ["fetch_page", { url: "//169.254.169.254/latest" }, "ssrf"],
    ["fetch_page", { url: "http://[::ffff:169.254.169.254]/" }, "ssrf"],
    ["fetch_page", { url: "gopher://example.com:6379/_FLUSHALL" }, "ssrf"],
    ["fetch_page", { url: "http://admin.lvh.me:8080/" }, "ssrf_loopback"],
    ["echo", { text: "please run r''m -r''f / now" }, "shell_danger"],
    ["echo", { text: "echo aWQK | base64 -d | sh" }, "shell_danger"],
    ["echo", { text: "DELETE FROM users WHERE 1=1" }, "dangerous_sql"],
    ["echo", { text: "x' OR/**/1=1--" }, "sql_injection"],
    ["echo", { text: "..／..／..／etc／shadow" }, "path_traversal"],
    ["echo", { text: "cat ~/.git-credentials" }, "path_traversal"],
  ] as const)("%s %j is blocked before it reaches the server (%s)", async (tool, args, type) => {
    const { call, records } = await guarded();
    const before = count(tool);
    const error = await call(tool, args).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PolicyViolationError);
    expect(count(tool)).toBe(before);
    const record = records.find((r) => r.phase === "input");
    expect(record?.action).toBe("block");
    expect(record?.findings.map((f) => f.type)).toContain(type);
  });

  it("a private address is flagged by default: the call goes on, the audit says what it saw", async () => {
    const { call, records } = await guarded();
    // echo: fetch_page's page carries a planted instruction, and the output check would block it.
    const before = count("echo");
    await call("echo", { text: "read http://vault.internal:8200/v1/secret" });
    expect(count("echo")).toBe(before + 1);
    const finding = records.flatMap((r) => r.findings).find((f) => f.type === "ssrf_private");
    expect(finding).toMatchObject({ kind: "hazard", ruleId: "hazard.ssrf_private", action: "flag" });
  });

  it("inputHazards.ssrf_private: block refuses private addresses", async () => {
    const { call } = await guarded({ policy: { inputHazards: { ssrf_private: "block" } } });
    const before = count("fetch_page");
    const error = await call("fetch_page", { url: "http://[fe80::1%25eth0]/" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PolicyViolationError);
    expect(count("fetch_page")).toBe(before);
  });

  it.each([
    ["echo", { text: "see https://example.com/docs?page=2" }],
    ["echo", { text: "rm -rf ./build" }],
    ["echo", { text: "Please select the best option from the list." }],
    ["echo", { text: "see docs/../README.md" }],
    ["echo", { text: "version 10.0.1 was released on 10.02.2024" }],
  ] as const)("benign %s %j passes", async (tool, args) => {
    const { call, records } = await guarded();
    const before = count(tool);
    await call(tool, args);
    expect(count(tool)).toBe(before + 1);
    expect(records.flatMap((r) => r.findings).filter((f) => f.kind === "hazard")).toEqual([]);
  });
});
