/**
 * A published git MCP server (`@cyanheads/git-mcp-server`) over its own Streamable HTTP transport on 127.0.0.1,
 * under the default policy (issues 16 and 18): the ordinary reads of a repository come back with no finding but
 * the commit authors' addresses, and an instruction planted in a commit body, obeyed by a `createAgent` model, never
 * reaches the server (its refs and HEAD unchanged). The same server over stdio: real-servers-stdio.test.ts.
 *
 * Hermetic: temp folders, loopback only, the server's process ended in `afterAll`. Nothing here asserts a duration.
 */
import { rm } from "node:fs/promises";
import { MultiServerMCPClient } from "@langchain/mcp-adapters";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createToolInterceptor, installInterceptors } from "../../src/index.js";
import type { AuditRecord } from "../../src/interceptor/audit.js";
import { gitState, PLANTED_HISTORY, plantedAttacks } from "../fixtures/real-servers/attacks.js";
import { type GitHttpServer, isAlive, startGitHttp } from "../fixtures/real-servers/git-http.js";
import { AUTHORS, createBenignRepo, type Repo } from "../fixtures/real-servers/git-repo.js";
import { type Checked, describeFinding, guarded } from "../fixtures/real-servers/recording-engine.js";
import { type AttackRun, payloadSurvives, runAttack } from "../fixtures/real-servers/run-attack.js";
import { gitWorkload } from "../fixtures/real-servers/workloads.js";

const SLOW = 60_000;
const AUTHOR_EMAILS = new Set<string>(AUTHORS.map((a) => a.email));

describe("git server over Streamable HTTP on 127.0.0.1 under the default policy", () => {
  let repo: Repo;
  let planted: Repo;
  let server: GitHttpServer;
  let checked: Checked[] = [];
  let run: AttackRun;
  let before = "";
  let after = "";

  beforeAll(async () => {
    // One server on one base folder holding two repositories: the ordinary one and one with planted instructions.
    repo = await createBenignRepo();
    planted = await createBenignRepo(PLANTED_HISTORY, { base: repo.base, name: "atlas-planted" });
    server = await startGitHttp(repo.base);
    const workload = gitWorkload(repo, { transport: "http", url: server.url });
    const g = await guarded("git", workload.connection);
    try {
      for (const [tool, args] of workload.calls) await g.call(tool, args);
    } finally {
      await g.close();
    }
    checked = g.engine.checked;

    const records: AuditRecord[] = [];
    const client = installInterceptors(
      new MultiServerMCPClient({ mcpServers: { git: { transport: "http", url: server.url } } }),
      createToolInterceptor({ onDecision: (r) => void records.push(r) }),
    );
    try {
      const attack = plantedAttacks(planted.hashes).find((a) => a.id === "important_block");
      if (!attack) throw new Error("no important_block attack");
      before = gitState(planted.dir);
      run = await runAttack(client, attack, records, planted.dir);
      after = gitState(planted.dir);
    } finally {
      await client.close();
    }
  }, 2 * SLOW);

  afterAll(async () => {
    await server?.stop();
    if (repo) await rm(repo.base, { recursive: true, force: true });
  });

  it("benign reads: none blocked, no finding but the commit authors' own addresses", () => {
    expect(checked.length).toBeGreaterThan(20);
    expect(checked.filter((c) => !c.allowed).map((c) => `${c.tool}: ${c.reason}`)).toEqual([]);
    const defects = checked.flatMap((c) =>
      c.findings.flatMap((f) => {
        const { matched } = describeFinding(c.payload, f);
        return f.kind === "pii" && f.type === "email" && AUTHOR_EMAILS.has(matched)
          ? []
          : [`${c.tool} ${f.kind}:${f.type} ${JSON.stringify(matched)}`];
      }),
    );
    expect(defects).toEqual([]);
  });

  it("an <IMPORTANT> block in a commit body: the obeyed git_reset is refused, the repository unchanged", () => {
    expect(after).toBe(before);
    expect(run.harmful.status).toBe("error");
    const input = run.records.find((r) => r.toolCallId === run.harmful.tool_call_id && r.phase === "input");
    expect(input?.action).toBe("block");
    expect(input?.ruleIds).toContain("flow.after_injection");
    expect(payloadSurvives(run.seen, run.attack.payload)).toBe(false);
    expect(run.final).toContain("summary");
  });

  it(
    "teardown: the server's process exits",
    async () => {
      const pid = server.child.pid;
      expect(pid).toBeTypeOf("number");
      expect(isAlive(pid as number)).toBe(true);
      await server.stop();
      await vi.waitFor(() => expect(isAlive(pid as number)).toBe(false), { timeout: 30_000, interval: 100 });
    },
    SLOW,
  );
});
