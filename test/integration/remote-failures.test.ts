import { afterEach, describe, expect, it } from "vitest";
import {
  BackendProtocolError,
  BackendUnavailableError,
  type CallToolResult,
  createToolInterceptor,
  HttpPolicyBackend,
  type HttpPolicyBackendOptions,
  LimitExceededError,
  PolicyViolationError,
  type ToolCallRequest,
} from "../../src/index.js";
import { type FakePolicyService, json, startFakePolicyService } from "../helpers/fake-policy-service.js";

/**
 * A policy service that is slow, strict, down or broken: each check fails with a clear typed error, within its
 * time bound, without a retry storm, and through the interceptor the call is blocked before the tool runs.
 */

const services: FakePolicyService[] = [];
const backends: HttpPolicyBackend[] = [];
afterEach(async () => {
  for (const b of backends.splice(0)) await b.close();
  for (const s of services.splice(0)) await s.close();
});

async function service(handler: Parameters<typeof startFakePolicyService>[0]) {
  const s = await startFakePolicyService(handler);
  services.push(s);
  return s;
}

function backend(url: string, options: Partial<HttpPolicyBackendOptions> = {}) {
  const b = new HttpPolicyBackend({
    baseUrl: url,
    retry: { retries: 2, baseDelayMs: 10, maxDelayMs: 200 },
    ...options,
  });
  backends.push(b);
  return b;
}

const input = {
  connectorType: "acme.echo",
  serverName: "acme",
  toolName: "echo",
  callId: "c1",
  args: { text: "hi" },
};
const ALLOW = { allowed: true, decision_id: "d-1", policies_evaluated: 1 };

/** Runs one call through the interceptor; reports whether the tool ran and what was thrown. */
async function guardedCall(b: HttpPolicyBackend) {
  let ran = 0;
  const interceptor = createToolInterceptor({ backend: b });
  const request: ToolCallRequest = { serverName: "acme", name: "echo", args: { text: "hi" } };
  const error = await interceptor(request, async (): Promise<CallToolResult> => {
    ran++;
    return { content: [{ type: "text", text: "ok" }] };
  }).then(
    () => undefined,
    (e: unknown) => e,
  );
  return { ran, error };
}

describe("HttpPolicyBackend against a misbehaving service", () => {
  it("a slow service: the timeout fires within its bound and the call is blocked", async () => {
    const slow = await service(async (_req, res) => {
      await new Promise((r) => setTimeout(r, 5_000));
      json(res, 200, ALLOW);
    });
    const b = backend(slow.url, { timeoutMs: 300 });
    const started = performance.now();
    const error = await b.checkInput(input).catch((e: unknown) => e);
    const elapsed = performance.now() - started;
    expect(error).toBeInstanceOf(BackendUnavailableError);
    expect((error as Error).message).toMatch(/unreachable: no answer within 300 ms/);
    expect(elapsed).toBeGreaterThanOrEqual(290);
    expect(elapsed).toBeLessThan(2_500);
    // A timeout spends the whole budget: no retry after it.
    expect(slow.requests).toBe(1);

    const { ran, error: blocked } = await guardedCall(b);
    expect(ran).toBe(0);
    expect(blocked).toBeInstanceOf(PolicyViolationError);
    expect((blocked as PolicyViolationError).reason).toMatch(
      /could not check the input: policy service .* unreachable/,
    );
  });

  it("honours the caller's abort signal", async () => {
    const slow = await service(async (_req, res) => {
      await new Promise((r) => setTimeout(r, 5_000));
      json(res, 200, ALLOW);
    });
    const b = backend(slow.url, { timeoutMs: 10_000 });
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error("user cancelled")), 100);
    const started = performance.now();
    const error = await b.checkInput({ ...input, signal: controller.signal }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BackendUnavailableError);
    expect((error as Error).message).toMatch(/aborted by the caller/);
    expect(performance.now() - started).toBeLessThan(2_000);
    // An abort says nothing about the service's health.
    expect(b.circuitState).toBe("closed");
  });

  it("401: no retries, and the circuit stops a storm", async () => {
    const strict = await service((_req, res) =>
      json(res, 401, { error: { code: "unauthorized", message: "no" } }),
    );
    const b = backend(strict.url, { circuitBreaker: { failureThreshold: 3, cooldownMs: 60_000 } });
    const first = await b.checkInput(input).catch((e: unknown) => e);
    expect(first).toBeInstanceOf(BackendUnavailableError);
    expect((first as Error).message).toMatch(/rejected our credentials \(HTTP 401\)/);
    expect(strict.requests).toBe(1);
    for (let i = 0; i < 20; i++) await b.checkInput(input).catch(() => undefined);
    expect(strict.requests).toBe(3);
    expect(b.circuitState).toBe("open");
    const { ran, error } = await guardedCall(b);
    expect(ran).toBe(0);
    expect((error as PolicyViolationError).reason).toMatch(/circuit open/);
  });

  it("429 with Retry-After is retried after the delay; 503 gives up after the bounded retries", async () => {
    let n = 0;
    const limited = await service((_req, res) => {
      n++;
      if (n === 1)
        json(res, 429, { error: { code: "rate_limited", message: "slow down" } }, { "retry-after": "0" });
      else json(res, 200, ALLOW);
    });
    const decision = await backend(limited.url).checkInput(input);
    expect(decision.allowed).toBe(true);
    expect(limited.requests).toBe(2);

    const down = await service((_req, res) =>
      json(res, 503, { error: { code: "down", message: "maintenance" } }),
    );
    const error = await backend(down.url)
      .checkInput(input)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BackendUnavailableError);
    expect((error as Error).message).toMatch(/HTTP 503/);
    expect(down.requests).toBe(3);
  });

  it("a Retry-After beyond what is honoured is not waited for", async () => {
    const limited = await service((_req, res) => json(res, 429, {}, { "retry-after": "120" }));
    const started = performance.now();
    const error = await backend(limited.url)
      .checkInput(input)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BackendUnavailableError);
    expect(limited.requests).toBe(1);
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it("500 is not retried", async () => {
    const broken = await service((_req, res) =>
      json(res, 500, { error: { code: "internal", message: "boom" } }),
    );
    const error = await backend(broken.url)
      .checkInput(input)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BackendUnavailableError);
    expect((error as Error).message).toMatch(/failed to answer \(HTTP 500\): boom/);
    expect(broken.requests).toBe(1);
  });

  it("nothing listening: transport failures are retried, then the call is blocked", async () => {
    const gone = await service((_req, res) => json(res, 200, ALLOW));
    const url = gone.url;
    await services.pop()?.close();
    const b = backend(url);
    const error = await b.checkInput(input).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BackendUnavailableError);
    expect((error as Error).message).toMatch(/unreachable \(ECONNREFUSED\)/);
    const { ran } = await guardedCall(b);
    expect(ran).toBe(0);
  });

  it.each([
    [
      "not JSON",
      (res: Parameters<typeof json>[0]) => {
        res.writeHead(200, { "content-type": "text/html" });
        res.end("<html>proxy error</html>");
      },
      /not JSON \(text\/html/,
    ],
    [
      "empty body",
      (res: Parameters<typeof json>[0]) => {
        res.writeHead(200);
        res.end();
      },
      /not JSON/,
    ],
    [
      "missing allowed",
      (res: Parameters<typeof json>[0]) => json(res, 200, { decision_id: "x" }),
      /\/allowed is missing/,
    ],
    [
      "allowed not a boolean",
      (res: Parameters<typeof json>[0]) => json(res, 200, { allowed: "yes" }),
      /\/allowed/,
    ],
    ["an array", (res: Parameters<typeof json>[0]) => json(res, 200, [true]), /not a JSON object/],
    [
      "bad finding",
      (res: Parameters<typeof json>[0]) =>
        json(res, 200, { allowed: true, tollgate: { v: 1, findings: [{ kind: "nope" }], rule_ids: [] } }),
      /findings\/0\/kind/,
    ],
    [
      "redacted without data",
      (res: Parameters<typeof json>[0]) => json(res, 200, { allowed: true, redacted: true }),
      /no redacted data/,
    ],
    [
      "403 that is not JSON",
      (res: Parameters<typeof json>[0]) => {
        res.writeHead(403, { "content-type": "text/plain" });
        res.end("Forbidden");
      },
      /HTTP 403 with a body that is not JSON/,
    ],
  ])("a malformed answer (%s): a typed protocol error, and the call is blocked", async (_name, answer, pattern) => {
    const bad = await service((_req, res) => answer(res));
    const b = backend(bad.url);
    const error = await b.checkInput(input).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BackendProtocolError);
    expect((error as Error).message).toMatch(pattern);
    expect(bad.requests).toBe(1);
    const { ran, error: blocked } = await guardedCall(b);
    expect(ran).toBe(0);
    expect(blocked).toBeInstanceOf(PolicyViolationError);
  });

  it("a huge answer is cut off at maxResponseBytes (declared or streamed)", async () => {
    const chunk = Buffer.alloc(64 * 1024, 32);
    const streamed = await service(async (_req, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.write('{"allowed":true,"pad":"');
      for (let i = 0; i < 64 && !res.destroyed; i++) {
        if (!res.write(chunk)) await new Promise((r) => res.once("drain", r));
      }
      res.end('"}');
    });
    const error = await backend(streamed.url, { maxResponseBytes: 256 * 1024 })
      .checkInput(input)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BackendProtocolError);
    expect((error as Error).message).toMatch(/larger than 262144 bytes/);

    const declared = await service((_req, res) => {
      res.writeHead(200, { "content-type": "application/json", "content-length": String(50 * 1024 * 1024) });
      res.write("{");
    });
    const error2 = await backend(declared.url, { maxResponseBytes: 1024 })
      .checkInput(input)
      .catch((e: unknown) => e);
    expect(error2).toBeInstanceOf(BackendProtocolError);
  });

  it("413 from the service is a limit on this call, not a sick service", async () => {
    const small = await service((_req, res) =>
      json(res, 413, { error: { code: "body_too_large", message: "too big" } }),
    );
    const b = backend(small.url, { circuitBreaker: { failureThreshold: 1, cooldownMs: 60_000 } });
    const error = await b.checkInput(input).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LimitExceededError);
    expect(b.circuitState).toBe("closed");
  });

  it("403 is a block, whatever its body says", async () => {
    const deny = await service((_req, res) =>
      json(res, 403, { allowed: true, block_reason: "tenant suspended" }),
    );
    const decision = await backend(deny.url).checkInput(input);
    expect(decision.allowed).toBe(false);
    expect(decision.reason).toBe("tenant suspended");
  });

  it("sends the configured auth, extra headers and a request id", async () => {
    const seen: Record<string, string | string[] | undefined>[] = [];
    const echo = await service((req, res) => {
      seen.push(req.headers);
      json(res, 200, ALLOW);
    });
    const secret = ["s", "3", "cr", "et"].join("");
    await backend(echo.url, {
      auth: { type: "basic", clientId: "agent-7", clientSecret: secret },
      headers: { "x-tenant-id": "t1" },
    }).checkInput(input);
    expect(seen[0]?.authorization).toBe(`Basic ${Buffer.from(`agent-7:${secret}`).toString("base64")}`);
    expect(seen[0]?.["x-tenant-id"]).toBe("t1");
    expect(seen[0]?.["x-request-id"]).toBe("c1-in");
  });
});
