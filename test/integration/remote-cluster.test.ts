import { request } from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import { type PolicyServerProcess, startPolicyServerProcess } from "../helpers/policy-server-process.js";

/**
 * `tollgate serve --workers N`: N worker processes answer on one port, `/metrics` from any of them shows the checks
 * all of them answered, and SIGTERM drains every worker (checks in flight are answered) before the process exits.
 */

const TOKEN = ["cluster", "token", String(process.pid)].join("-");
let service: PolicyServerProcess | undefined;
afterEach(async () => {
  await service?.stop("SIGKILL");
  service = undefined;
});

/** One request on its own connection (no keep-alive), so the cluster's round-robin spreads them. */
function send(
  url: string,
  path: string,
  body?: string,
  headers: Record<string, string> = { authorization: `Bearer ${TOKEN}` },
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      `${url}${path}`,
      {
        method: body === undefined ? "GET" : "POST",
        agent: false,
        headers: { ...headers, connection: "close" },
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (c: string) => {
          text += c;
        });
        res.on("end", () => resolve({ status: res.statusCode ?? 0, text }));
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

/** Starts a check and sends only part of its body: the check stays in flight until `finish()` is called. */
function partialCheck(url: string) {
  const body = JSON.stringify({
    connector_type: "acme",
    tool: "slow",
    statement: "hello from a slow client",
  });
  let finish!: () => void;
  const answered = new Promise<{ status: number; text: string }>((resolve, reject) => {
    const req = request(
      `${url}/api/v1/mcp/check-input`,
      {
        method: "POST",
        agent: false,
        headers: {
          authorization: `Bearer ${TOKEN}`,
          "content-type": "application/json",
          "content-length": Buffer.byteLength(body),
        },
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (c: string) => {
          text += c;
        });
        res.on("end", () => resolve({ status: res.statusCode ?? 0, text }));
      },
    );
    req.on("error", reject);
    req.write(body.slice(0, 10));
    finish = () => req.end(body.slice(10));
  });
  return { answered, finish: () => finish() };
}

const logLines = (p: PolicyServerProcess) =>
  p
    .stderr()
    .split("\n")
    .filter((l) => l.startsWith("{"))
    .map((l) => JSON.parse(l) as Record<string, unknown>);

async function until(condition: () => boolean, what: string): Promise<void> {
  // Polls without a time assertion: the test's own timeout is the only limit.
  while (!condition()) {
    if (service && service.child.exitCode !== null)
      throw new Error(`server exited while waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

const decisionsTotal = (metrics: string) =>
  metrics
    .split("\n")
    .filter((l) => l.startsWith("tollgate_decisions_total{"))
    .reduce((sum, l) => sum + Number(l.slice(l.lastIndexOf(" ") + 1)), 0);

describe("tollgate serve --workers", () => {
  it("N workers serve one port, share their metrics, and all drain on SIGTERM", async () => {
    service = await startPolicyServerProcess({
      token: TOKEN,
      args: ["--workers", "2", "--log-level", "info"],
    });
    const { url } = service;

    const checks = 24;
    for (let i = 0; i < checks; i++) {
      const res = await send(
        url,
        "/api/v1/mcp/check-input",
        JSON.stringify({ connector_type: "acme", tool: `t${i % 3}`, statement: `call ${i}` }),
      );
      expect(res.status).toBe(200);
    }
    // Both workers answered checks (each logs its own pid).
    const pidsServing = () =>
      new Set(
        logLines(service!)
          .filter((l) => l.msg === "request" && l.status === 200)
          .map((l) => l.pid),
      );
    await until(() => pidsServing().size === 2, "requests logged by two workers");

    // Whichever worker answers the scrape, it shows every worker's decisions.
    for (let i = 0; i < 4; i++) {
      const scraped = await send(url, "/metrics");
      expect(scraped.status).toBe(200);
      expect(decisionsTotal(scraped.text)).toBe(checks);
      expect(scraped.text).toMatch(/tollgate_decisions_total\{[^}]*connector_type="acme.t0"[^}]*\} 8/);
    }
    expect((await send(url, "/metrics", undefined, {})).status).toBe(401);

    // Drain: checks in flight when SIGTERM arrives are still answered, then every process exits.
    const slow = [partialCheck(url), partialCheck(url)];
    // Both are in flight (headers in, body pending) across the workers before the signal.
    for (;;) {
      const scraped = await send(url, "/metrics");
      if (/^tollgate_checks_in_flight 2$/m.test(scraped.text)) break;
      await new Promise((r) => setTimeout(r, 25));
    }
    const workerPids = [...pidsServing()] as number[];
    service.child.kill("SIGTERM");
    await until(
      () => logLines(service!).filter((l) => l.msg === "draining").length === 2,
      "both workers draining",
    );
    const inFlight = logLines(service)
      .filter((l) => l.msg === "draining")
      .reduce((sum, l) => sum + Number(l.in_flight), 0);
    expect(inFlight).toBe(2);
    for (const s of slow) s.finish();
    for (const s of slow) {
      const answer = await s.answered;
      expect(answer.status).toBe(200);
      expect(JSON.parse(answer.text)).toMatchObject({ allowed: true });
    }
    expect(await service.exited).toBe(0);
    for (const pid of workerPids) expect(() => process.kill(pid, 0)).toThrow();
  }, 120_000);

  it("bad --workers is a usage error (exit 2); workers that cannot listen stop the whole server (exit 1)", async () => {
    await expect(startPolicyServerProcess({ token: TOKEN, args: ["--workers", "0"] })).rejects.toThrow(
      /exited \(2\)[\s\S]*--workers must be/,
    );
    service = await startPolicyServerProcess({ token: TOKEN });
    await expect(
      startPolicyServerProcess({ token: TOKEN, port: service.port, args: ["--workers", "2"] }),
    ).rejects.toThrow(/exited \(1\)[\s\S]*EADDRINUSE/);
  }, 60_000);

  it("a worker that dies is replaced, and checks go on being answered", async () => {
    service = await startPolicyServerProcess({
      token: TOKEN,
      args: ["--workers", "2", "--log-level", "info"],
    });
    const workers = service.listening.workers as number[];
    expect(workers).toHaveLength(2);
    process.kill(workers[0]!, "SIGKILL");
    await until(
      () => logLines(service!).some((l) => l.msg === "worker died; starting another"),
      "the primary to notice",
    );
    // A new worker serves: some check is logged by a pid that is neither of the first two.
    const replaced = () =>
      logLines(service!).some((l) => l.msg === "request" && !workers.includes(l.pid as number));
    while (!replaced()) {
      const res = await send(
        service.url,
        "/api/v1/mcp/check-input",
        JSON.stringify({ connector_type: "acme", tool: "t", statement: "hi" }),
      );
      expect(res.status).toBe(200);
    }
  }, 60_000);
});
