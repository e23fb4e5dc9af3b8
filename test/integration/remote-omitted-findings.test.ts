import { afterEach, describe, expect, it } from "vitest";
import { createPolicyServer, HttpPolicyBackend, type PolicyServer } from "../../src/index.js";

/** Findings past the service's `limits.maxFindings` travel as `tollgate.omitted_findings` and come back counted. */

const TOKEN = ["omitted", "token", String(process.pid)].join("-");
const servers: PolicyServer[] = [];
const backends: HttpPolicyBackend[] = [];
afterEach(async () => {
  for (const b of backends.splice(0)) await b.close();
  for (const s of servers.splice(0)) await s.close();
});

describe("omitted findings on the wire", () => {
  it("tollgate serve answers the count per rule; HttpPolicyBackend puts it on the decision", async () => {
    const s = createPolicyServer({ logger: false, token: TOKEN, policy: { limits: { maxFindings: 4 } } });
    servers.push(s);
    const url = await s.listen(0);
    const text = Array.from({ length: 10 }, (_, i) => `p${i}@example.com`).join(" ");

    const raw = await fetch(`${url}/api/v1/mcp/check-output`, {
      method: "POST",
      headers: { authorization: `Bearer ${TOKEN}`, "content-type": "application/json" },
      body: JSON.stringify({
        connector_type: "acme.read",
        message: text,
        tollgate: {
          v: 1,
          server_name: "acme",
          tool_name: "read",
          call_id: "c1",
          args: {},
          result: { content: [{ type: "text", text }] },
        },
      }),
    });
    const body = (await raw.json()) as { tollgate: { findings: unknown[]; omitted_findings?: unknown } };
    expect(body.tollgate.findings).toHaveLength(4);
    expect(body.tollgate.omitted_findings).toEqual({ "pii.email": 6 });

    const backend = new HttpPolicyBackend({ baseUrl: url, auth: { type: "bearer", token: TOKEN } });
    backends.push(backend);
    const decision = await backend.checkOutput({
      connectorType: "acme.read",
      serverName: "acme",
      toolName: "read",
      callId: "c2",
      args: {},
      result: { content: [{ type: "text", text }] },
    });
    expect(decision.findings).toHaveLength(4);
    expect(decision.omittedFindings).toEqual({ "pii.email": 6 });
    expect(JSON.stringify(decision.redactedResult)).not.toContain("@example.com");
  });
});
