import { afterEach, describe, expect, it } from "vitest";
import {
  type CallToolResult,
  createPolicyServer,
  HttpPolicyBackend,
  type InputCheckRequest,
  type InputDecision,
  LimitExceededError,
  LocalPolicyEngine,
  type PolicyServer,
} from "../../src/index.js";
import { type FakePolicyService, json, startFakePolicyService } from "../helpers/fake-policy-service.js";
import { startPolicyServerProcess } from "../helpers/policy-server-process.js";

/**
 * The plain protocol both ways (a plain client against our server, our client against a plain service), and the
 * server's own behaviour: auth, body limit, health, request ids, graceful shutdown.
 */

const TOKEN = ["wire", "token", String(process.pid)].join("-");
const servers: PolicyServer[] = [];
const services: FakePolicyService[] = [];
const backends: HttpPolicyBackend[] = [];
afterEach(async () => {
  for (const b of backends.splice(0)) await b.close();
  for (const s of servers.splice(0)) await s.close();
  for (const s of services.splice(0)) await s.close();
});

async function server(options: Parameters<typeof createPolicyServer>[0] = {}) {
  const s = createPolicyServer({ logger: false, token: TOKEN, ...options });
  servers.push(s);
  return { s, url: await s.listen(0) };
}

const auth = { authorization: `Bearer ${TOKEN}`, "content-type": "application/json" };
const post = (url: string, body: unknown, headers: Record<string, string> = auth) =>
  fetch(url, { method: "POST", headers, body: typeof body === "string" ? body : JSON.stringify(body) });

describe("a plain (AxonFlow-style) client against tollgate serve", () => {
  it("check-input: statement and parameters are checked; a block is HTTP 403", async () => {
    const { url } = await server({ policy: { pii: { input: "placeholder" } } });
    const ok = await post(`${url}/api/v1/mcp/check-input`, {
      connector_type: "postgres",
      statement: "SELECT * FROM t WHERE email = 'jane.roe@example.com'",
      operation: "query",
    });
    expect(ok.status).toBe(200);
    const body = (await ok.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ allowed: true, redacted: true });
    expect(body.redacted_statement).toBe("SELECT * FROM t WHERE email = '[REDACTED:email]'");
    expect(typeof body.decision_id).toBe("string");
    expect(body.policies_evaluated).toBeGreaterThan(0);
    expect(body.policy_matches).toEqual([
      { policy_id: "pii.email", policy_name: "pii.email", action: "redact", category: "pii" },
    ]);

    const blocked = await post(`${url}/api/v1/mcp/check-input`, {
      connector_type: "postgres",
      statement: "DROP TABLE users;",
      operation: "execute",
    });
    expect(blocked.status).toBe(403);
    const b = (await blocked.json()) as Record<string, unknown>;
    expect(b.allowed).toBe(false);
    expect(String(b.block_reason)).toMatch(/dangerous_sql|hazard/);
  });

  it("check-output: message and rows come back redacted, with exfiltration info", async () => {
    const { url } = await server({ policy: { sanitizer: { mode: "detect-and-strip" } } });
    const res = await post(`${url}/api/v1/mcp/check-output`, {
      connector_type: "crm.search",
      message: "Jane: jane.roe@example.com",
      response_data: [
        { name: "Jane", email: "jane.roe@example.com" },
        { name: "Bob", email: "none" },
      ],
      row_count: 2,
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as Record<string, unknown>;
    expect(body.redacted_message).toBe("Jane: [REDACTED:email]");
    // redacted_data mirrors the message (text as text); the rows come back in their own field.
    expect(body.redacted_data).toBe("Jane: [REDACTED:email]");
    expect(body.redacted_response_data).toEqual([
      { name: "Jane", email: "[REDACTED:email]" },
      { name: "Bob", email: "none" },
    ]);
    expect(body.exfiltration_info).toMatchObject({ rows_returned: 2, exceeded: false, limit_type: "none" });
  });

  it("check-output: rows alone come back as rows; a JSON message comes back as the same JSON value", async () => {
    const { url } = await server({ policy: { sanitizer: { mode: "detect-and-strip" } } });
    const rows = await post(`${url}/api/v1/mcp/check-output`, {
      connector_type: "crm",
      tool: "search",
      response_data: [{ email: "jane.roe@example.com" }],
    });
    expect(((await rows.json()) as Record<string, unknown>).redacted_data).toEqual([
      { email: "[REDACTED:email]" },
    ]);
    // Escaped inside JSON text, the address is still found, and the answer is JSON again, not text.
    const value = { people: [{ note: 'said "hi" from jane.roe@example.com' }], n: 1 };
    const json = await post(`${url}/api/v1/mcp/check-output`, {
      connector_type: "crm",
      tool: "search",
      message: JSON.stringify(value),
    });
    const answer = (await json.json()) as {
      redacted_data: unknown;
      tollgate: { findings: { path: string }[] };
    };
    expect(answer.redacted_data).toEqual({ people: [{ note: 'said "hi" from [REDACTED:email]' }], n: 1 });
    // Where it was found, as a pointer into what the client sent (the JSON value under /message).
    expect(answer.tollgate.findings.map((f) => f.path)).toEqual(["/message/people/0/note"]);
  });

  it("policies match the (server, tool) pair, whichever way a plain client names it", async () => {
    const { url } = await server({
      policy: { capabilities: { default: "allow", rules: [{ match: "crm.lookup", action: "deny" }] } },
    });
    const status = async (body: Record<string, unknown>) =>
      (await post(`${url}/api/v1/mcp/check-input`, { statement: "x", ...body })).status;
    // Current AxonFlow SDKs: the server in connector_type, the tool apart.
    expect(await status({ connector_type: "crm", tool: "lookup" })).toBe(403);
    // Our own client's form (and older SDKs): server.tool with the tool; not crm.lookup.lookup.
    expect(await status({ connector_type: "crm.lookup", tool: "lookup" })).toBe(403);
    // The oldest form: server.tool alone.
    expect(await status({ connector_type: "crm.lookup" })).toBe(403);
    expect(await status({ connector_type: "crm", tool: "search" })).toBe(200);
    expect(await status({ connector_type: "crm.lookup", tool: "search" })).toBe(200);
  });

  it("accepts AxonFlow-style Basic client credentials whose secret is the token", async () => {
    const { url } = await server();
    const basic = `Basic ${Buffer.from(`any-client:${TOKEN}`).toString("base64")}`;
    const res = await post(
      `${url}/api/v1/mcp/check-input`,
      { connector_type: "x", statement: "hi" },
      { authorization: basic },
    );
    expect(res.status).toBe(200);
  });
});

describe("HttpPolicyBackend against a plain service", () => {
  async function plain(answer: (body: Record<string, unknown>) => unknown) {
    const s = await startFakePolicyService((_req, res, body) => json(res, 200, answer(JSON.parse(body))));
    services.push(s);
    const b = new HttpPolicyBackend({ baseUrl: s.url });
    backends.push(b);
    return b;
  }
  const base = { connectorType: "acme.q", serverName: "acme", toolName: "q", callId: "c" };

  it("sends the plain fields and reads redacted_statement back as arguments", async () => {
    let seen: Record<string, unknown> = {};
    const b = await plain((body) => {
      seen = body;
      return {
        allowed: true,
        redacted: true,
        redacted_statement: String(body.statement).replace("jane.roe@example.com", "***"),
        policy_matches: [{ policy_id: "pii.email", policy_name: "email", action: "redact" }],
      };
    });
    const request: InputCheckRequest = { ...base, args: { to: "jane.roe@example.com", n: 1 } };
    const decision = await b.checkInput(request);
    expect(seen).toMatchObject({
      connector_type: "acme.q",
      tool: "q",
      statement: JSON.stringify(request.args),
      parameters: request.args,
      operation: "execute",
    });
    expect(decision.redactedArgs).toEqual({ to: "***", n: 1 });
    expect(decision.findings).toEqual([
      { kind: "pii", type: "email", path: "", ruleId: "pii.email", action: "redact" },
    ]);
    expect(decision.decisionId).toMatch(/^http-/);
  });

  it("a redacted_statement that is not the arguments object fails closed", async () => {
    const b = await plain(() => ({ allowed: true, redacted_statement: "to=*** n=1" }));
    await expect(b.checkInput({ ...base, args: { to: "x" } })).rejects.toThrow(/redacted_statement/);
  });

  it("maps a redacted message back into each text block, and rows into structuredContent", async () => {
    const result: CallToolResult = {
      content: [
        { type: "text", text: "line one\nmail jane.roe@example.com" },
        { type: "image", data: "aGk=", mimeType: "image/png" },
        { type: "text", text: "second block: bob@example.org" },
      ],
      structuredContent: { owner: "jane.roe@example.com" },
    };
    let seen: Record<string, unknown> = {};
    const b = await plain((body) => {
      seen = body;
      return {
        allowed: true,
        redacted_message: String(body.message).replace(/\S+@\S+/g, "[email]"),
        redacted_data: [{ owner: "[email]" }],
      };
    });
    const decision = await b.checkOutput({ ...base, args: {}, result });
    expect(seen.message).toBe("line one\nmail jane.roe@example.com\nsecond block: bob@example.org");
    expect(seen.response_data).toEqual([{ owner: "jane.roe@example.com" }]);
    expect(decision.redactedResult).toEqual({
      content: [
        { type: "text", text: "line one\nmail [email]" },
        { type: "image", data: "aGk=", mimeType: "image/png" },
        { type: "text", text: "second block: [email]" },
      ],
      structuredContent: { owner: "[email]" },
    });
  });

  it("when a redaction changes the line count, the text collapses into one block (nothing unredacted stays)", async () => {
    const result: CallToolResult = {
      content: [
        { type: "text", text: "a jane.roe@example.com" },
        { type: "text", text: "b" },
      ],
    };
    const b = await plain(() => ({ allowed: true, redacted_data: "[removed]" }));
    const decision = await b.checkOutput({ ...base, args: {}, result });
    expect(decision.redactedResult).toEqual({ content: [{ type: "text", text: "[removed]" }] });
  });
});

describe("tollgate serve itself", () => {
  it("auth, health, request ids, unknown routes", async () => {
    const { url } = await server();
    const unauth = await post(`${url}/api/v1/mcp/check-input`, { connector_type: "x" }, {});
    expect(unauth.status).toBe(401);
    expect(unauth.headers.get("www-authenticate")).toMatch(/Bearer/);
    const wrong = await post(
      `${url}/api/v1/mcp/check-input`,
      { connector_type: "x" },
      { authorization: "Bearer nope" },
    );
    expect(wrong.status).toBe(401);
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
    expect(await (await fetch(`${url}/readyz`)).json()).toEqual({ status: "ready" });
    const withId = await post(
      `${url}/api/v1/mcp/check-input`,
      { connector_type: "x" },
      { ...auth, "x-request-id": "abc-123" },
    );
    expect(withId.headers.get("x-request-id")).toBe("abc-123");
    const injected = await post(
      `${url}/api/v1/mcp/check-input`,
      { connector_type: "x" },
      { ...auth, "x-request-id": "a b\tc" },
    );
    expect(injected.headers.get("x-request-id")).not.toBe("a b\tc");
    expect((await fetch(`${url}/nope`)).status).toBe(404);
    expect((await fetch(`${url}/api/v1/mcp/check-input`)).status).toBe(405);
    expect((await post(`${url}/api/v1/mcp/check-input`, "{not json")).status).toBe(400);
    const missing = await post(`${url}/api/v1/mcp/check-input`, { statement: "x" });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ error: { code: "bad_request" } });
  });

  it("a body over the limit is 413, and the client reports a limit on this call", async () => {
    const { url } = await server({ bodyLimitBytes: 2_000 });
    const res = await post(`${url}/api/v1/mcp/check-input`, {
      connector_type: "x",
      statement: "a".repeat(5_000),
    });
    expect(res.status).toBe(413);
    const b = new HttpPolicyBackend({ baseUrl: url, auth: { type: "bearer", token: TOKEN } });
    backends.push(b);
    const error = await b
      .checkInput({
        connectorType: "a.b",
        serverName: "a",
        toolName: "b",
        callId: "c",
        args: { t: "a".repeat(5_000) },
      })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LimitExceededError);
    // The connection was closed after the 413; the next check still works.
    const next = await b.checkInput({
      connectorType: "a.b",
      serverName: "a",
      toolName: "b",
      callId: "d",
      args: {},
    });
    expect(next.allowed).toBe(true);
  });

  it("graceful shutdown: not ready, in-flight checks finish, then closed", async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    let entered: () => void = () => undefined;
    const inside = new Promise<void>((r) => {
      entered = r;
    });
    // A check that waits until the test lets it finish, so it is in flight when shutdown starts.
    class HeldEngine extends LocalPolicyEngine {
      override async checkInput(request: InputCheckRequest): Promise<InputDecision> {
        entered();
        await gate;
        return super.checkInput(request);
      }
    }
    const { s, url } = await server({ engine: new HeldEngine() });
    const b = new HttpPolicyBackend({
      baseUrl: url,
      auth: { type: "bearer", token: TOKEN },
      timeoutMs: 10_000,
    });
    backends.push(b);
    const pending = b.checkInput({
      connectorType: "a.b",
      serverName: "a",
      toolName: "b",
      callId: "c",
      args: {},
    });
    await inside;
    const closing = s.close();
    expect(s.inFlight).toBe(1);
    let closed = false;
    void closing.then(() => {
      closed = true;
    });
    await new Promise((r) => setTimeout(r, 50));
    expect(closed).toBe(false);
    release();
    expect((await pending).allowed).toBe(true);
    await closing;
    expect(closed).toBe(true);
    await expect(fetch(`${url}/healthz`)).rejects.toThrow();
  });

  it("the process: prints its URL, binds loopback, exits 0 on SIGTERM; refuses a public bind without a token", async () => {
    const proc = await startPolicyServerProcess({});
    expect(new URL(proc.url).hostname).toBe("127.0.0.1");
    expect((await fetch(`${proc.url}/healthz`)).status).toBe(200);
    expect(await proc.stop("SIGTERM")).toBe(0);

    await expect(startPolicyServerProcess({ args: ["--host", "0.0.0.0"] })).rejects.toThrow(
      /without --token/,
    );
  });
});
