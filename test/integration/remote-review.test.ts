import { HumanMessage } from "@langchain/core/messages";
import { Command, MemorySaver } from "@langchain/langgraph";
import type { MultiServerMCPClient } from "@langchain/mcp-adapters";
import { createAgent } from "langchain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createPolicyServer,
  createToolInterceptor,
  HttpPolicyBackend,
  type PolicyConfig,
  type PolicyServer,
  type TollgateReviewRequest,
} from "../../src/index.js";
import { createTollgateMiddleware } from "../../src/install/create-agent.js";
import { ScriptedChatModel } from "../../src/testing/scripted-chat-model.js";
import { type HttpTestServer, startHttpTestServer } from "../fixtures/test-server.js";
import { guardedClient, httpConnection } from "../helpers/clients.js";

/**
 * A `review` rule in a policy served by `tollgate serve` is enforced: our client gets the review in the wire
 * extension and pauses the run like a local policy does; a plain (AxonFlow-style) client, which cannot ask a human,
 * gets a block. Before, the wire answer had no field for it and the call ran unapproved.
 */
const TOKEN = "review-test-token-0123456789";
const policy: PolicyConfig = {
  capabilities: {
    rules: [{ id: "drops-need-review", match: "acme.drop_*", action: "review", reason: "dropping data" }],
  },
};

let policyServer: PolicyServer;
let url: string;
let http: HttpTestServer;
let backend: HttpPolicyBackend;
let client: MultiServerMCPClient;
let tools: Awaited<ReturnType<typeof guardedClient>>["tools"];

beforeAll(async () => {
  policyServer = createPolicyServer({ logger: false, token: TOKEN, policy });
  url = await policyServer.listen(0);
  http = await startHttpTestServer();
  backend = new HttpPolicyBackend({ baseUrl: url, auth: { type: "bearer", token: TOKEN } });
  const g = await guardedClient(httpConnection(http.url), createToolInterceptor({ backend }));
  client = g.client;
  tools = g.tools;
});
afterAll(async () => {
  await client.close();
  await backend.close();
  await http.close();
  await policyServer.close();
});

const drops = () => http.counts.get("drop_database") ?? 0;

describe("review rules through the policy service", () => {
  it("a plain client is answered with a block (403, block_reason), never an unapproved allow", async () => {
    const res = await fetch(`${url}/api/v1/mcp/check-input`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${TOKEN}` },
      body: JSON.stringify({
        connector_type: "acme",
        tool: "drop_database",
        statement: "{}",
        operation: "execute",
      }),
    });
    expect(res.status).toBe(403);
    const body = (await res.json()) as { allowed: boolean; block_reason: string };
    expect(body.allowed).toBe(false);
    expect(body.block_reason).toContain("human approval");
  });

  it("our client without a review step blocks the call; the server never sees it", async () => {
    const before = drops();
    const drop = tools.get("drop_database")!;
    await expect(drop.invoke({})).rejects.toMatchObject({
      code: "policy_violation",
      phase: "input",
      reason: expect.stringMatching(/no human approved/),
    });
    expect(drops()).toBe(before);
  });

  it("createAgent pauses for the remote review, and approve runs the call exactly once", async () => {
    const before = drops();
    const agent = createAgent({
      model: new ScriptedChatModel([
        { toolCalls: [{ name: "drop_database", args: {}, id: "call_drop" }] },
        { text: "done" },
      ]),
      tools: [...tools.values()],
      checkpointer: new MemorySaver(),
      middleware: [createTollgateMiddleware({ tools: [...tools.values()] })],
    });
    const config = { configurable: { thread_id: "remote-review-1" } };
    const paused = (await agent.invoke({ messages: [new HumanMessage("drop it")] }, config)) as {
      __interrupt__?: { value: TollgateReviewRequest }[];
    };
    const request = paused.__interrupt__?.[0]?.value;
    expect(request?.actionRequests[0]).toMatchObject({
      name: "drop_database",
      tollgate: { ruleId: "drops-need-review", reason: "dropping data" },
    });
    expect(drops()).toBe(before);
    await agent.invoke(new Command({ resume: { decisions: [{ type: "approve" }] } }), config);
    expect(drops()).toBe(before + 1);
  });
});
