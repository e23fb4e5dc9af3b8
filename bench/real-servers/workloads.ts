/**
 * Benign workloads on published MCP servers: what an agent reading a repository, a knowledge graph or a database
 * asks for on an ordinary day. Every call's arguments and result go through the default policy; nothing in them is
 * a secret, a contact detail (except commit authors' addresses, counted apart) or an instruction.
 */
import { createRequire } from "node:module";
import type { Connection } from "@langchain/mcp-adapters";
import { createBenignRepo, gitServerEnv, type Repo } from "../../test/fixtures/real-servers/git-repo.js";
import { createMemoryStore, type MemoryStore } from "../../test/fixtures/real-servers/memory-graph.js";

const require = createRequire(import.meta.url);

export interface Workload {
  server: string;
  connection: Connection;
  calls: Array<[tool: string, args: Record<string, unknown>]>;
}

export function gitServerEntry(): string {
  return require.resolve("@cyanheads/git-mcp-server/index.js");
}

export function memoryServerEntry(): string {
  return require.resolve("@modelcontextprotocol/server-memory/dist/index.js");
}

export function gitWorkload(repo: Repo): Workload {
  const [first, , , prices, , bump, , , priceUpdate] = repo.hashes;
  return {
    server: "git",
    connection: {
      transport: "stdio",
      command: process.execPath,
      args: [gitServerEntry()],
      env: gitServerEnv(repo.base),
      stderr: "ignore",
    },
    calls: [
      ["git_set_working_dir", { path: repo.dir }],
      ["git_status", {}],
      ["git_log", { maxCount: 20 }],
      ["git_show", { object: prices ?? "HEAD" }],
      ["git_show", { object: priceUpdate ?? "HEAD" }],
      ["git_show", { object: bump ?? "HEAD", stat: true }],
      ["git_show", { object: "v1.4.2", filePath: "CHANGELOG.md" }],
      ["git_diff", { source: "v1.0.0", target: "v1.4.2" }],
      ["git_diff", { source: first ?? "HEAD~1", target: "HEAD" }],
      ["git_tag", { mode: "list" }],
      ["git_branch", { mode: "list" }],
      ["git_blame", { filePath: "data/prices.csv" }],
      ["git_blame", { filePath: "config/cron.yaml" }],
      ["git_reflog", { maxCount: 20 }],
      ["git_log", { since: "2026-04-01T00:00:00Z", until: "2026-06-30T23:59:59Z" }],
    ],
  };
}

export function memoryWorkload(store: MemoryStore): Workload {
  return {
    server: "memory",
    connection: {
      transport: "stdio",
      command: process.execPath,
      args: [memoryServerEntry()],
      env: { PATH: process.env.PATH ?? "", MEMORY_FILE_PATH: store.file },
      stderr: "ignore",
    },
    calls: [
      ["read_graph", {}],
      ["search_nodes", { query: "price" }],
      ["open_nodes", { names: ["Atlas", "Invoice 2026-0042"] }],
      [
        "add_observations",
        {
          observations: [
            {
              entityName: "Atlas",
              contents: [
                "Next export scheduled for 2026-07-01 at 00:00 UTC.",
                "Release 1.4.3 planned for 2026-07-15 (build 20260715.1).",
              ],
            },
          ],
        },
      ],
      [
        "create_entities",
        {
          entities: [
            {
              name: "Release 1.4.3",
              entityType: "release",
              observations: [
                "Tag v1.4.3 on commit 9b2d4e7, 2026-07-15 10:00 CEST.",
                "Artifacts: atlas-export-1.4.3.tgz (sha256 2c26b46b68ffc68ff99b453c1d30413413422d706483bfa0f98a5e886266e7ae).",
                "Screenshots exported as release@2x.png.",
              ],
            },
          ],
        },
      ],
      ["search_nodes", { query: "00:00" }],
    ],
  };
}

export interface Fixtures {
  repo: Repo;
  store: MemoryStore;
}

export async function createFixtures(): Promise<Fixtures> {
  return { repo: await createBenignRepo(), store: await createMemoryStore() };
}
