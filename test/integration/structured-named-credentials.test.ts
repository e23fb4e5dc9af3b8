/**
 * Values that are secrets or PII only because of the key that names them (`"password": "..."`, an AWS secret access
 * key under `secret_access_key`, nine bare digits under `ssn`) in a tool's `structuredContent`. The adapter puts
 * `structuredContent` into the ToolMessage content the model reads (one text block + structuredContent), and into
 * the artifact the calling code reads. The same object written as JSON text is redacted; as structured content it
 * must be too.
 *
 * A real MCP server over Streamable HTTP on 127.0.0.1 and a real MultiServerMCPClient with the guard installed.
 */
import type { ToolMessage } from "@langchain/core/messages";
import type { StructuredToolInterface } from "@langchain/core/tools";
import type { MultiServerMCPClient } from "@langchain/mcp-adapters";
import type { Tool } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AuditRecord, createToolInterceptor } from "../../src/index.js";
import {
  fakeAwsAccessKey,
  fakeAwsSecretKey,
  fakePassword,
  fakeTwilioAuthToken,
} from "../../src/shared/fake-credentials.js";
import { reachableStrings } from "../fixtures/reachable-strings.js";
import { type HttpTestServer, startHttpTestServer, type ToolSpec } from "../fixtures/test-server.js";
import { guardedClient, httpConnection, invokeAsToolCall, tool } from "../helpers/clients.js";

const named = {
  "AWS secret access key": { secret_access_key: fakeAwsSecretKey(71), access_key_id: fakeAwsAccessKey(72) },
  password: { password: fakePassword(73) },
  "API key (32 hex)": { api_key: fakeTwilioAuthToken(74) },
  "US SSN as bare digits": { ssn: "536224187" },
};
const planted = Object.entries(named).map(([label, fields]) => ({
  label,
  // The value the key names (the access key id has a vendor prefix and is found anyway).
  value: Object.entries(fields).find(([k]) => k !== "access_key_id")?.[1] ?? "",
}));

const objectSchema = { type: "object", properties: {} } as Tool["inputSchema"];
const tools: ToolSpec[] = [
  {
    tool: {
      name: "account_structured",
      description: "An account as structured content.",
      inputSchema: objectSchema,
    },
    run: () => ({
      content: [{ type: "text", text: "account loaded" }],
      structuredContent: { owner: "ops", ...Object.assign({}, ...Object.values(named)) },
    }),
  },
  {
    tool: { name: "account_text", description: "The same account as JSON text.", inputSchema: objectSchema },
    run: () => ({
      content: [
        {
          type: "text",
          text: JSON.stringify({ owner: "ops", ...Object.assign({}, ...Object.values(named)) }),
        },
      ],
    }),
  },
];

let http: HttpTestServer;
let client: MultiServerMCPClient;
let loaded: Map<string, StructuredToolInterface>;
const records: AuditRecord[] = [];
beforeAll(async () => {
  http = await startHttpTestServer(tools);
  ({ client, tools: loaded } = await guardedClient(
    httpConnection(http.url),
    createToolInterceptor({ onDecision: (r) => void records.push(r) }),
  ));
});
afterAll(async () => {
  await client.close();
  await http.close();
});

const surviving = (message: ToolMessage) => {
  const strings = reachableStrings(message, "toolMessage");
  return planted.flatMap(({ label, value }) => {
    const at = strings.find((s) => s.text.includes(value));
    return at ? [`${label} at ${at.path}`] : [];
  });
};

describe("credentials and PII named by their key", () => {
  it("as JSON text: none reaches the ToolMessage", async () => {
    const message = await invokeAsToolCall(tool(loaded, "account_text"), {}, "text_1");
    expect(surviving(message)).toEqual([]);
  });

  it("as structuredContent: none reaches the ToolMessage content the model reads, nor its artifact", async () => {
    const message = await invokeAsToolCall(tool(loaded, "account_structured"), {}, "structured_1");
    expect(String(JSON.stringify(message.content))).toContain("account loaded");
    expect(surviving(message)).toEqual([]);
  });
});
