import { afterAll, afterEach, describe, expect, it } from "vitest";
import {
  BackendProtocolError,
  type CallToolResult,
  createPolicyServer,
  createToolInterceptor,
  HttpPolicyBackend,
  type PolicyServer,
  PolicyViolationError,
  type ToolCallRequest,
} from "../../src/index.js";
import { type FakePolicyService, json, startFakePolicyService } from "../helpers/fake-policy-service.js";
import { type PolicyServerProcess, startPolicyServerProcess } from "../helpers/policy-server-process.js";

/**
 * Both ends of the wire refuse what they cannot read: `tollgate serve` answers 400 to an extension version it does
 * not know (it used to check the request as a plain one, with nothing of what the extension carried), our client
 * fails the check on an answer whose extension it cannot read, and a tool listing too deep to handle is a typed
 * 400, not a 500.
 */

const INPUT = "/api/v1/mcp/check-input";
const OUTPUT = "/api/v1/mcp/check-output";

const servers: PolicyServer[] = [];
const services: FakePolicyService[] = [];
const backends: HttpPolicyBackend[] = [];
let proc: PolicyServerProcess | undefined;
afterEach(async () => {
  for (const b of backends.splice(0)) await b.close();
  for (const s of servers.splice(0)) await s.close();
  for (const s of services.splice(0)) await s.close();
});
afterAll(async () => {
  await proc?.stop();
});

async function server(): Promise<string> {
  const s = createPolicyServer({ logger: false });
  servers.push(s);
  return s.listen(0);
}

/** Posts raw JSON text (deep bodies cannot go through JSON.stringify). */
async function post(url: string, text: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: text,
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

const EXT = { server_name: "acme", tool_name: "lookup", call_id: "c1" };
// An e-mail in the arguments: a plain reading of the request would find it too, so a 200 cannot hide behind an
// empty check.
const ARGS = { to: "jane.roe@example.com" };

function inputBody(tollgate: unknown): string {
  return JSON.stringify({ connector_type: "acme.lookup", tool: "lookup", parameters: ARGS, tollgate });
}

function outputBody(tollgate: unknown): string {
  return JSON.stringify({ connector_type: "acme.lookup", tool: "lookup", message: "ok", tollgate });
}

const RESULT: CallToolResult = { content: [{ type: "text", text: "ok" }] };

/** `depth` levels of `{"type":"object","properties":{"a": ...}}` around a string schema, as JSON text. */
function deepSchemaText(depth: number): string {
  return `${'{"type":"object","properties":{"a":'.repeat(depth)}{"type":"string"}${"}}".repeat(depth)}`;
}

describe("tollgate serve refuses an extension it does not know", () => {
  const unknown: [string, unknown][] = [
    ["version 3", { v: 3, ...EXT }],
    ['the string "1"', { v: "1", ...EXT }],
    ["no version", { ...EXT }],
    ["a string", "v1"],
    ["an array", [{ v: 1, ...EXT }]],
    ["a megabyte string as the version", { v: "1".repeat(1 << 20), ...EXT }],
  ];
  for (const [what, tollgate] of unknown) {
    it(`check-input and check-output with ${what}: 400, pointing at the extension`, async () => {
      const url = await server();
      for (const [path, text] of [
        [INPUT, inputBody(tollgate)],
        [
          OUTPUT,
          outputBody(
            tollgate === null || typeof tollgate !== "object"
              ? tollgate
              : { ...tollgate, args: {}, result: RESULT },
          ),
        ],
      ] as const) {
        const { status, body } = await post(`${url}${path}`, text);
        expect(status).toBe(400);
        const error = body.error as { code: string; message: string; issues: { path: string }[] };
        expect(error.code).toBe("unsupported_extension");
        expect(error.issues[0]?.path).toMatch(/^\/tollgate/);
        expect(error.message).toMatch(/tollgate/);
        expect(body.allowed).toBeUndefined();
        // The answer names what was sent, briefly, whatever was sent.
        expect(error.message.length).toBeLessThan(300);
      }
    });
  }

  it("still answers version 1 and requests without the extension (null counts as absent)", async () => {
    const url = await server();
    expect((await post(`${url}${INPUT}`, inputBody({ v: 1, ...EXT }))).status).toBe(200);
    expect((await post(`${url}${INPUT}`, inputBody(undefined))).status).toBe(200);
    expect((await post(`${url}${INPUT}`, inputBody(null))).status).toBe(200);
  });

  it("the `tollgate serve` process answers 400 to version 3", async () => {
    proc = await startPolicyServerProcess({});
    const { status, body } = await post(`${proc.url}${INPUT}`, inputBody({ v: 3, ...EXT }));
    expect(status).toBe(400);
    expect(body).toMatchObject({ error: { code: "unsupported_extension" } });
  }, 30_000);
});

describe("tollgate serve refuses a tool listing too deep to handle", () => {
  it("a 20,000-deep input or output schema is a typed 400 naming where, not a 500", async () => {
    const url = await server();
    const ext = '"v":1,"server_name":"acme","tool_name":"lookup","call_id":"c1"';
    const schema = deepSchemaText(20_000);
    const bodies = [
      [
        INPUT,
        `{"connector_type":"acme.lookup","parameters":{"a":"x"},"tollgate":{${ext},"tool":{"name":"lookup","inputSchema":${schema}}}}`,
      ],
      [
        OUTPUT,
        `{"connector_type":"acme.lookup","tollgate":{${ext},"args":{},"result":{"content":[],"structuredContent":{"a":"x"}},"tool":{"name":"lookup","outputSchema":${schema}}}}`,
      ],
    ] as const;
    for (const [path, text] of bodies) {
      const { status, body } = await post(`${url}${path}`, text);
      expect(status).toBe(400);
      const error = body.error as { code: string; message: string; issues: { path: string }[] };
      expect(error.code).toBe("too_deep");
      expect(error.issues[0]?.path).toMatch(/^\/tollgate\/tool\/(input|output)Schema\//);
      expect(error.message).toMatch(/nested deeper than \d+ levels/);
    }
  });

  it("a schema just past the engine's own depth limit is the same typed 400 (not the engine's 422)", async () => {
    const url = await server();
    const ext = '"v":1,"server_name":"acme","tool_name":"lookup","call_id":"c1"';
    // 100 wrappers nest 201 levels: over the engine's 128, under the 256 this server first allowed.
    const { status, body } = await post(
      `${url}${INPUT}`,
      `{"connector_type":"acme.lookup","parameters":{"a":"x"},"tollgate":{${ext},"tool":{"name":"lookup","inputSchema":${deepSchemaText(100)}}}}`,
    );
    expect(status).toBe(400);
    expect((body.error as { code: string }).code).toBe("too_deep");
  });

  it("an ordinary nested schema is still checked", async () => {
    const url = await server();
    const ext = '"v":1,"server_name":"acme","tool_name":"lookup","call_id":"c1"';
    const { status, body } = await post(
      `${url}${INPUT}`,
      `{"connector_type":"acme.lookup","parameters":{"a":{"a":{"a":1}}},"tollgate":{${ext},"tool":{"name":"lookup","inputSchema":${deepSchemaText(3)}}}}`,
    );
    // The schema says the innermost value is a string: the check ran and blocked.
    expect(status).toBe(403);
    expect(body.allowed).toBe(false);
  });
});

describe("HttpPolicyBackend fails the check on an answer it cannot read", () => {
  async function answering(tollgate: unknown) {
    const s = await startFakePolicyService((_req, res) =>
      json(res, 200, { allowed: true, decision_id: "d-1", policy_matches: [], tollgate }),
    );
    services.push(s);
    const b = new HttpPolicyBackend({ baseUrl: s.url });
    backends.push(b);
    return b;
  }

  const unreadable: [string, unknown][] = [
    ["version 3", { v: 3, findings: [], rule_ids: [] }],
    ['the string "1"', { v: "1", findings: [], rule_ids: [] }],
    ["no version", { findings: [], rule_ids: [] }],
    ["a string", "v1"],
  ];
  for (const [what, tollgate] of unreadable) {
    it(`an allowed answer with ${what} is a failed check, and the call is blocked`, async () => {
      const b = await answering(tollgate);
      const request = { connectorType: "acme.lookup", serverName: "acme", toolName: "lookup", callId: "c1" };
      const input = await b.checkInput({ ...request, args: ARGS }).catch((e: unknown) => e);
      expect(input).toBeInstanceOf(BackendProtocolError);
      expect((input as BackendProtocolError).issues[0]?.path).toBe(
        typeof tollgate === "object" ? "/tollgate/v" : "/tollgate",
      );
      const output = await b.checkOutput({ ...request, args: ARGS, result: RESULT }).catch((e: unknown) => e);
      expect(output).toBeInstanceOf(BackendProtocolError);

      let ran = 0;
      const interceptor = createToolInterceptor({ backend: b });
      const call: ToolCallRequest = { serverName: "acme", name: "lookup", args: ARGS };
      const blocked = await interceptor(call, async () => {
        ran++;
        return RESULT;
      }).catch((e: unknown) => e);
      expect(ran).toBe(0);
      expect(blocked).toBeInstanceOf(PolicyViolationError);
      expect((blocked as PolicyViolationError).ruleIds).toEqual(["backend.unavailable"]);
    });
  }

  it("an answer without the extension (or with null) is a plain service's answer, read as before", async () => {
    for (const tollgate of [undefined, null]) {
      const b = await answering(tollgate);
      const decision = await b.checkInput({
        connectorType: "acme.lookup",
        serverName: "acme",
        toolName: "lookup",
        callId: "c1",
        args: ARGS,
      });
      expect(decision.allowed).toBe(true);
    }
  });
});
