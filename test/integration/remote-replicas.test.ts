import { MultiServerMCPClient } from "@langchain/mcp-adapters";
import { afterAll, describe, expect, it } from "vitest";
import {
  type AuditRecord,
  createPolicyServer,
  createToolInterceptor,
  HttpPolicyBackend,
  installInterceptors,
} from "../../src/index.js";
import { fakeGithubToken } from "../../src/shared/fake-credentials.js";
import { type HttpTestServer, startHttpTestServer } from "../fixtures/test-server.js";
import { invokeAsToolCall, tool } from "../helpers/clients.js";
import { type PolicyServerProcess, startPolicyServerProcess } from "../helpers/policy-server-process.js";

/**
 * Two replicas of `tollgate serve` behind one `HttpPolicyBackend`; one is killed with SIGKILL mid-run. Every call
 * is either checked (by the survivor, once the dead one is out) or fails closed: the MCP server's call counter
 * equals the number of input checks that allowed a call, and every result the model got was redacted.
 */

const TOKEN = ["replica", "token", String(process.pid)].join("-");
const secret = fakeGithubToken();
const cleanup: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const c of cleanup.reverse()) await c().catch(() => undefined);
});

describe("HttpPolicyBackend with several replicas", () => {
  it("spreads checks, takes a killed replica out, retries on the survivor, and never lets a call through unchecked", async () => {
    const [a, b] = await Promise.all([
      startPolicyServerProcess({ token: TOKEN }),
      startPolicyServerProcess({ token: TOKEN }),
    ]);
    cleanup.push(
      () => a.stop("SIGKILL"),
      () => b.stop("SIGKILL"),
    );
    const mcp: HttpTestServer = await startHttpTestServer();
    cleanup.push(() => mcp.close());
    const backend = new HttpPolicyBackend({
      baseUrl: [a.url, b.url],
      auth: { type: "bearer", token: TOKEN },
      // Generous: a loaded CI machine must not turn slow answers into failures.
      timeoutMs: 20_000,
    });
    cleanup.push(() => backend.close());
    const audit: AuditRecord[] = [];
    const client = installInterceptors(
      new MultiServerMCPClient({ mcpServers: { acme: { transport: "http", url: mcp.url } } }),
      createToolInterceptor({ backend, onDecision: (r) => audit.push(r) }),
    );
    cleanup.push(() => client.close());
    const readConfig = tool(new Map((await client.getTools()).map((t) => [t.name, t])), "read_config");

    const total = 80;
    const killAfter = 25;
    let started = 0;
    let done = 0;
    let killed: PolicyServerProcess | undefined;
    const outcomes: { ok: boolean; afterKill: boolean; text: string }[] = [];
    const runner = async () => {
      while (started < total) {
        started++;
        const afterKill = killed !== undefined;
        try {
          const message = await invokeAsToolCall(readConfig, {});
          outcomes.push({ ok: true, afterKill, text: JSON.stringify(message.content) });
        } catch (error) {
          outcomes.push({ ok: false, afterKill, text: String(error) });
        }
        done++;
        if (done === killAfter && !killed) {
          killed = a;
          // No drain, no goodbye: connections to it just break.
          await a.stop("SIGKILL");
        }
      }
    };
    await Promise.all([runner(), runner(), runner(), runner()]);

    expect(outcomes).toHaveLength(total);
    // The survivor went on checking after the kill.
    expect(outcomes.filter((o) => o.ok && o.afterKill).length).toBeGreaterThan(0);
    // Every result the model saw went through the output check (the token is always redacted).
    for (const o of outcomes.filter((x) => x.ok)) {
      expect(o.text).not.toContain(secret);
      expect(o.text).toContain("REDACTED");
    }
    // Zero unchecked calls: the server ran exactly the calls whose input check allowed them, and every one of
    // those had an output decision (redacted, or an error that blocked the result). Nothing failed open.
    const byCall = new Map<string, AuditRecord[]>();
    for (const r of audit.filter((x) => x.phase !== "catalog"))
      byCall.set(r.callId, [...(byCall.get(r.callId) ?? []), r]);
    expect(byCall.size).toBe(total);
    const allowedIn = [...byCall.values()].filter((rs) =>
      rs.some((r) => r.phase === "input" && (r.action === "allow" || r.action === "redact")),
    );
    expect(mcp.counts.get("read_config")).toBe(allowedIn.length);
    for (const rs of allowedIn) {
      expect(rs.some((r) => r.phase === "output" && (r.action === "redact" || r.action === "error"))).toBe(
        true,
      );
    }
    expect(audit.some((r) => r.action === "fail-open")).toBe(false);
    expect(outcomes.filter((o) => o.ok).length).toBe(
      [...byCall.values()].filter((rs) => rs.some((r) => r.phase === "output" && r.action === "redact"))
        .length,
    );
    // The dead replica is out of the pool (or on probation, failing), the survivor in.
    const origin = (u: string) => new URL(u).origin;
    expect(backend.replicaStates[origin(a.url)]).not.toBe("closed");
    expect(backend.replicaStates[origin(b.url)]).toBe("closed");
    // Both replicas took checks before the kill (the pool spreads them).
    const survivorMetrics = await fetch(`${b.url}/metrics`, {
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    const text = await survivorMetrics.text();
    const served = text
      .split("\n")
      .filter((l) => l.startsWith("tollgate_decisions_total{"))
      .reduce((sum, l) => sum + Number(l.slice(l.lastIndexOf(" ") + 1)), 0);
    expect(served).toBeGreaterThan(0);
    expect(served).toBeLessThan(audit.filter((r) => r.action !== "error").length);
    console.log(
      `replicas: ${outcomes.filter((o) => o.ok).length} checked, ${outcomes.filter((o) => !o.ok).length} failed closed`,
    );
  }, 120_000);

  it("fails closed when no replica answers", async () => {
    const [a, b] = await Promise.all([
      startPolicyServerProcess({ token: TOKEN }),
      startPolicyServerProcess({ token: TOKEN }),
    ]);
    await Promise.all([a.stop("SIGKILL"), b.stop("SIGKILL")]);
    const backend = new HttpPolicyBackend({
      baseUrl: [a.url, b.url],
      auth: { type: "bearer", token: TOKEN },
    });
    cleanup.push(() => backend.close());
    const interceptor = createToolInterceptor({ backend });
    let ran = 0;
    await expect(
      interceptor({ serverName: "acme", name: "echo", args: { text: "hi" } }, async () => {
        ran++;
        return { content: [{ type: "text", text: "hi" }] };
      }),
    ).rejects.toMatchObject({
      code: "policy_violation",
      phase: "input",
      reason: expect.stringMatching(/could not check the input/),
    });
    expect(ran).toBe(0);
  }, 60_000);

  it("a replica taken out is probed back in once it answers again", async () => {
    const a = createPolicyServer({ logger: false, token: TOKEN });
    const b = createPolicyServer({ logger: false, token: TOKEN });
    const [aUrl, bUrl] = [await a.listen(0), await b.listen(0)];
    cleanup.push(() => b.close());
    const backend = new HttpPolicyBackend({
      baseUrl: [aUrl, bUrl],
      auth: { type: "bearer", token: TOKEN },
      replicas: { cooldownMs: 50 },
      timeoutMs: 20_000,
    });
    cleanup.push(() => backend.close());
    const check = () =>
      backend.checkInput({
        connectorType: "acme.echo",
        serverName: "acme",
        toolName: "echo",
        callId: "c",
        args: { text: "hi" },
      });
    const origin = new URL(aUrl).origin;
    await a.close();
    // Checks keep being answered (by b) while a is down, and a is taken out.
    while (backend.replicaStates[origin] === "closed") expect((await check()).allowed).toBe(true);
    // a comes back on the same port: after the cool-down a probe lets it in again, and it takes checks.
    const again = createPolicyServer({ logger: false, token: TOKEN });
    await again.listen(Number(new URL(aUrl).port));
    cleanup.push(() => again.close());
    const served = async () => {
      const res = await fetch(`${aUrl}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
      return /tollgate_decisions_total\{/.test(await res.text());
    };
    while (!(await served())) {
      expect((await check()).allowed).toBe(true);
      await new Promise((r) => setTimeout(r, 10));
    }
    expect(backend.replicaStates[origin]).toBe("closed");
  }, 60_000);
});
