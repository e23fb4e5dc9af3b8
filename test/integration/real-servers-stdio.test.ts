/**
 * Two published MCP servers nobody here wrote, over stdio, under the default policy (issues 16 and 18):
 * `@cyanheads/git-mcp-server` on an ordinary repository and `@modelcontextprotocol/server-memory` on an ordinary
 * knowledge graph (test/fixtures/real-servers/).
 *
 * - Benign work: every read an agent makes on an ordinary day comes back, and the only findings are the commit
 *   authors' own addresses (real PII): no migration stamp, Unix time or EAN-13 is redacted as a phone or a card.
 * - Attacks: instructions planted where these servers return them, read by a `createAgent` agent whose scripted
 *   model obeys them. Where the default policy contains the attack, the server's own state (the repository's refs
 *   and HEAD, the graph's file) proves the harmful call never ran. Where a gap is known, an `it.fails` says so: it
 *   turns red, to be made an ordinary test, the day the gap closes.
 *
 * Hermetic: temp folders, no network, servers ended by closing their clients. Nothing here asserts a duration.
 */
import { readFile, rm } from "node:fs/promises";
import { MultiServerMCPClient } from "@langchain/mcp-adapters";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createToolInterceptor, installInterceptors } from "../../src/index.js";
import type { AuditRecord } from "../../src/interceptor/audit.js";
import {
  type Attack,
  gitState,
  PLANTED_ENTITIES,
  PLANTED_HISTORY,
  plantedAttacks,
} from "../fixtures/real-servers/attacks.js";
import { expectRefusedBeforeServer } from "../fixtures/real-servers/expect-refused.js";
import { AUTHORS, createBenignRepo, type Repo } from "../fixtures/real-servers/git-repo.js";
import {
  BENIGN_RELATIONS,
  createMemoryStore,
  type MemoryStore,
} from "../fixtures/real-servers/memory-graph.js";
import { type Checked, defects, runWorkloads } from "../fixtures/real-servers/recording-engine.js";
import {
  type AttackRun,
  messageText,
  payloadSurvives,
  runAttack,
} from "../fixtures/real-servers/run-attack.js";
import { gitStdio, gitWorkload, memoryStdio, memoryWorkload } from "../fixtures/real-servers/workloads.js";

const SLOW = 60_000;
const AUTHOR_EMAILS = new Set<string>(AUTHORS.map((a) => a.email));

describe("benign work on a git repository and a knowledge graph: nothing but the authors' addresses is touched", () => {
  let repo: Repo;
  let store: MemoryStore;
  const results = new Map<string, unknown[]>();
  const checked: Record<string, Checked[]> = {};

  beforeAll(async () => {
    repo = await createBenignRepo();
    store = await createMemoryStore();
    await runWorkloads([gitWorkload(repo), memoryWorkload(store)], results, checked);
  }, SLOW);

  afterAll(async () => {
    await rm(repo.base, { recursive: true, force: true });
    await rm(store.dir, { recursive: true, force: true });
  });

  it("no call is blocked, and every result comes back", () => {
    for (const server of ["git", "memory"]) {
      const list = checked[server] ?? [];
      expect(list.length, server).toBeGreaterThan(10);
      expect(
        list.filter((c) => !c.allowed).map((c) => `${c.tool} ${c.phase}: ${c.reason}`),
        server,
      ).toEqual([]);
    }
    for (const [name, list] of results)
      for (const r of list) expect(JSON.stringify(r), name).not.toMatch(/^\{"error"/);
  });

  it("the git server's results: no finding but the commit authors' own addresses", () => {
    expect(defects(checked.git ?? [], AUTHOR_EMAILS)).toEqual([]);
    expect((checked.git ?? []).some((c) => c.findings.some((f) => f.type === "email"))).toBe(true);
  });

  it("the memory server's results and arguments: no finding at all", () => {
    expect(defects(checked.memory ?? [], AUTHOR_EMAILS)).toEqual([]);
  });

  it("the values once taken for PII reach the model as written", () => {
    const text = (name: string) => JSON.stringify(results.get(name) ?? []);
    expect(text("git.git_log")).toContain("migration 20260612093000");
    expect(text("git.git_show")).toContain("5901234123457");
    expect(text("git.git_diff")).toContain("CUTOVER_S = 1790928000");
    expect(text("memory.read_graph")).toContain("EAN 4006381333931");
  });
});

/** One attack's repository or graph, its guarded client and its run; the state before and after. */
async function attackOn(attack: Attack): Promise<{ run: AttackRun; before: string; after: string }> {
  const repo = await createBenignRepo(PLANTED_HISTORY);
  const store = await createMemoryStore(PLANTED_ENTITIES, BENIGN_RELATIONS);
  const records: AuditRecord[] = [];
  const client = installInterceptors(
    new MultiServerMCPClient({
      mcpServers: {
        [attack.server]: attack.server === "git" ? gitStdio(repo.base) : memoryStdio(store.file),
      },
    }),
    createToolInterceptor({ onDecision: (r) => void records.push(r) }),
  );
  const stateOf = async () =>
    attack.server === "git" ? gitState(repo.dir) : await readFile(store.file, "utf8");
  try {
    const before = await stateOf();
    const planted = plantedAttacks(repo.hashes).find((a) => a.id === attack.id) ?? attack;
    const run = await runAttack(client, planted, records, repo.dir);
    return { run, before, after: await stateOf() };
  } finally {
    await client.close();
    await rm(repo.base, { recursive: true, force: true });
    await rm(store.dir, { recursive: true, force: true });
  }
}

const ATTACKS = new Map(plantedAttacks([]).map((a) => [a.id, a]));

describe("instructions planted in what the servers return, obeyed by a createAgent model", () => {
  const runs = new Map<string, { run: AttackRun; before: string; after: string }>();

  beforeAll(async () => {
    for (const a of ATTACKS.values()) runs.set(a.id, await attackOn(a));
  }, 4 * SLOW);

  const ran = (id: string) => {
    const r = runs.get(id);
    if (!r) throw new Error(`attack ${id} did not run`);
    return r;
  };

  // The ANSI-concealed SYSTEM notice and the forged turn's body are no injection finding, but the concealed text is
  // cut and a result that concealed text or forged a turn counts as injected; `git_branch` and `git_tag` declare
  // `readOnlyHint: false`, which makes them sinks (docs/containment.md).
  it.each([
    "important_block",
    "memory_note",
    "ansi_subject",
    "forged_turn",
    "branch_name",
  ])("%s: the obeyed call is refused before the server, whose state is unchanged", (id) =>
    expectRefusedBeforeServer(ran(id)));

  it.each([
    "important_block",
    "memory_note",
    "ansi_subject",
    "branch_name",
  ])("%s: the instruction is cut from what the model reads, and the user's task ends with an answer", (id) => {
    const { run } = ran(id);
    expect(run.read.status).not.toBe("error");
    expect(payloadSurvives(run.seen, run.attack.payload)).toBe(false);
    expect(run.final).toContain("summary");
  });

  it("memory_note: the note's benign observation reaches the model", () => {
    const { run } = ran("memory_note");
    expect(messageText(run.read)).toContain(run.attack.benign);
  });

  // The structure detector's leetspeak reading of git_show's JSON text (the hash's digits between letters) flagged
  // the whole string; it now reports only the escaped line that holds the instruction.
  it("important_block: the commit's benign body line reaches the model", () => {
    const { run } = ran("important_block");
    expect(messageText(run.read)).toContain(run.attack.benign);
  });
});
