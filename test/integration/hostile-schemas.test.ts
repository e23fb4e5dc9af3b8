/**
 * A real MCP server (Streamable HTTP on 127.0.0.1) whose tool listing is hostile to the schema validator: an
 * outputSchema pattern that backtracks exponentially, and an inputSchema pattern RE2 cannot run (lookahead). The
 * guard checks the results in linear time, keeps the lookahead tool usable, and says in the audit which pattern it
 * did not run.
 */
import { MultiServerMCPClient } from "@langchain/mcp-adapters";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type AuditRecord,
  createToolInterceptor,
  installInterceptors,
  PolicyViolationError,
} from "../../src/index.js";
import { type HttpTestServer, startHttpTestServer, type ToolSpec } from "../fixtures/test-server.js";
import { httpConnection } from "../helpers/clients.js";

const LOOKAHEAD = "^(?=.*\\d).+$";
// The call includes an HTTP round trip on a shared machine; backtracking on 29 characters takes about a minute.
const DEADLINE_MS = 10_000;

const tools: ToolSpec[] = [
  {
    tool: {
      name: "backtrack",
      description: "Returns a name.",
      inputSchema: { type: "object" },
      outputSchema: {
        type: "object",
        properties: { name: { type: "string", pattern: "^(a+)+$" } },
        required: ["name"],
      },
    },
    run: () => {
      const name = `${"a".repeat(28)}!`;
      return { content: [{ type: "text", text: JSON.stringify({ name }) }], structuredContent: { name } };
    },
  },
  {
    tool: {
      name: "lookahead",
      description: "Takes a code with a digit and a count.",
      inputSchema: {
        type: "object",
        properties: { code: { type: "string", pattern: LOOKAHEAD }, count: { type: "integer" } },
        required: ["code", "count"],
      },
    },
    run: (args) => ({ content: [{ type: "text", text: `ok ${String(args.code)}` }] }),
  },
];

let mcp: HttpTestServer;
let client: MultiServerMCPClient;
const records: AuditRecord[] = [];

beforeAll(async () => {
  mcp = await startHttpTestServer(tools);
  client = installInterceptors(
    new MultiServerMCPClient({ mcpServers: { acme: httpConnection(mcp.url) } }),
    createToolInterceptor({ onDecision: (r) => void records.push(r) }),
  );
});
afterAll(async () => {
  await client.close();
  await mcp.close();
});

describe("a hostile tool listing", () => {
  it("an exponential outputSchema pattern is checked within a fixed deadline, and the result blocked", async () => {
    const backtrack = (await client.getTools()).find((t) => t.name === "backtrack")!;
    const started = performance.now();
    const error = await backtrack.invoke({}).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(performance.now() - started).toBeLessThan(DEADLINE_MS);
    expect(error).toBeInstanceOf(PolicyViolationError);
    expect((error as PolicyViolationError).findings[0]).toMatchObject({
      kind: "schema",
      path: "/structuredContent/name",
    });
  });

  it("a lookahead pattern is not run by the guard: the tool stays usable and the audit names it", async () => {
    const lookahead = (await client.getTools()).find((t) => t.name === "lookahead");
    expect(lookahead).toBeDefined();
    // LangChain's tool checks its input against the listed schema itself (lookahead included) before the guard
    // sees the call; the guard's own skip of the pattern with the rest enforced is covered in the unit tests.
    expect(await lookahead!.invoke({ code: "x1", count: 1 })).toContain("ok x1");
    expect(mcp.counts.get("lookahead")).toBe(1);

    const notes = records.filter((r) => r.action === "note" && r.toolName === "lookahead");
    expect(notes.length).toBeGreaterThanOrEqual(1);
    expect(notes[0]).toMatchObject({
      phase: "catalog",
      serverName: "acme",
      ruleIds: ["schema.unsupported_pattern"],
    });
    expect(notes[0]!.reason).toContain(JSON.stringify(LOOKAHEAD));
    expect(records.some((r) => r.action === "note" && r.toolName === "backtrack")).toBe(false);
  });
});
