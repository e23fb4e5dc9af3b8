/**
 * Lists and records a tool returns are data, not instructions, under the default policy (the learned injection
 * model included, on by default on tool output since session 15). Session 14's switch flagged ten e-mail addresses
 * joined by spaces as one instruction, which `neutralise` would have cut whole. Through `createToolInterceptor` and a
 * real MCP server (the fixture's `echo` tool, over HTTP): no injection finding, nothing cut, every value still there.
 */
import { MultiServerMCPClient } from "@langchain/mcp-adapters";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AuditRecord, createToolInterceptor, installInterceptors } from "../../src/index.js";
import { type HttpTestServer, startHttpTestServer } from "../fixtures/test-server.js";
import { httpConnection } from "../helpers/clients.js";

let mcp: HttpTestServer;
let client: MultiServerMCPClient;
const records: AuditRecord[] = [];

beforeAll(async () => {
  mcp = await startHttpTestServer();
  client = installInterceptors(
    new MultiServerMCPClient({ mcpServers: { acme: httpConnection(mcp.url) } }),
    createToolInterceptor({ onDecision: (r) => void records.push(r) }),
  );
});
afterAll(async () => {
  await client.close();
  await mcp.close();
});

const addresses = (n: number, f = (i: number) => `p${i}@example.com`) =>
  Array.from({ length: n }, (_, i) => f(i));
const ids = Array.from({ length: 12 }, (_, i) => `${(0x3fa2 + i * 977).toString(16)}-${1000 + i * 31}`);
const urls = Array.from({ length: 10 }, (_, i) => `https://files.example.org/exports/${2040 + i}`);
const paths = Array.from({ length: 10 }, (_, i) => `src/engine/part${i}/index.ts`);

const LISTS: [string, string, string[]][] = [
  ["ten addresses joined by spaces (a contact list)", addresses(10).join(" "), addresses(10)],
  ["ten addresses, one a line", addresses(10).join("\n"), addresses(10)],
  [
    "names with addresses, comma-separated",
    addresses(10, (i) => `Person ${i} <p${i}@example.com>`).join(", "),
    addresses(10),
  ],
  ["ids joined by spaces", ids.join(" "), ids],
  ["URLs joined by spaces", urls.join(" "), urls],
  ["paths joined by commas", paths.join(","), paths],
  [
    "a git log of imperative subjects",
    [
      "a1b2c3d Add retry to fetch",
      "b2c3d4e Fix login redirect",
      "c3d4e5f Remove the legacy export flag",
    ].join("\n"),
    ["Add retry to fetch", "Fix login redirect", "Remove the legacy export flag"],
  ],
];

describe("the default policy on lists a real MCP server returns", () => {
  it.each(LISTS)("%s: no injection finding, nothing cut", async (_, text, values) => {
    const echo = (await client.getTools()).find((t) => t.name === "echo")!;
    records.length = 0;
    const out = String(await echo.invoke({ text }));
    const output = records.filter((r) => r.phase === "output");
    expect(output).toHaveLength(1);
    const ruleIds = output[0]!.findings.map((f) => f.ruleId);
    expect(ruleIds.filter((id) => !id.startsWith("pii."))).toEqual([]);
    expect(out).not.toContain("[instruction removed]");
    // Addresses are redacted by the PII rule, one placeholder each; every other value comes back as it was sent.
    for (const value of values) if (!value.includes("@")) expect(out).toContain(value);
    expect(ruleIds.filter((id) => id === "pii.email")).toHaveLength(
      values.filter((v) => v.includes("@")).length,
    );
  });
});
