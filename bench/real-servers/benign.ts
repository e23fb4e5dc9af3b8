/**
 * Harm on benign work: runs each server's ordinary workload through the default policy and lists every finding,
 * redaction and block, with the text it matched. `--json` prints the counts as one JSON line.
 *
 *   npx tsx bench/real-servers/benign.ts [--json] [--no-extra] [--extra-dir=/tmp/tollgate-real-servers]
 *     [--servers=git,memory,shell,tasks,notes,api,sheets,bank,gitlab,web,calendar,sqlite,thinking]
 *
 * The git, memory, shell (`mcp-server-commands`), tasks (`@kazuph/mcp-taskmanager`), notes (`obsidian-mcp`), api
 * (`@ivotoby/openapi-mcp-server` on a shop API at 127.0.0.1), sheets (`@negokaz/excel-mcp-server`) and bank
 * (`@allpepper/memory-bank-mcp`), gitlab (`@zereight/mcp-gitlab` on a GitLab API at 127.0.0.1), web
 * (`@tokenizin/mcp-npx-fetch` on a site at 127.0.0.1) and calendar (`caldav-mcp` on a CalDAV server at 127.0.0.1)
 * servers are devDependencies; the SQLite and sequential-thinking servers are installed into `--extra-dir` on first
 * use (extra-servers.ts), or left out with `--no-extra`.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startCalDav } from "../../test/fixtures/real-servers/caldav-server.js";
import { AUTHORS } from "../../test/fixtures/real-servers/git-repo.js";
import { GITLAB_PRINTED, startGitlabApi } from "../../test/fixtures/real-servers/gitlab-api.js";
import {
  createTaskStore,
  createVault,
  createWorkspace,
  notesWorkload,
  PRINTED_ADDRESSES,
  removeVault,
  shellWorkload,
  tasksWorkload,
} from "../../test/fixtures/real-servers/local-servers.js";
import {
  apiWorkload,
  bankWorkload,
  createBank,
  createBook,
  excelWorkload,
} from "../../test/fixtures/real-servers/more-servers.js";
import { type Checked, describeFinding, guarded } from "../../test/fixtures/real-servers/recording-engine.js";
import { startShopApi } from "../../test/fixtures/real-servers/shop-api.js";
import { startWebSite } from "../../test/fixtures/real-servers/web-site.js";
import {
  calendarWorkload,
  fetchWorkload,
  gitlabWorkload,
} from "../../test/fixtures/real-servers/work-servers.js";
import {
  createFixtures,
  gitWorkload,
  memoryWorkload,
  type Workload,
} from "../../test/fixtures/real-servers/workloads.js";
import { ensureExtraServers, sqliteWorkload, thinkingWorkload } from "./extra-servers.js";

export interface FindingRow {
  server: string;
  tool: string;
  phase: string;
  name: string;
  action: string;
  matched: string;
  around: string;
  /** A commit author's own address: real PII, expected, not a defect. */
  expected: boolean;
}

export interface ServerCounts {
  server: string;
  calls: number;
  checks: number;
  blocked: number;
  changed: number;
  findings: number;
  defects: number;
  expected: number;
}

/** Real addresses the servers print by design (commit authors, a kernel's build address): counted apart. */
const AUTHOR_EMAILS = new Set<string>([
  ...AUTHORS.map((a) => a.email),
  ...PRINTED_ADDRESSES,
  ...GITLAB_PRINTED,
]);

export function rowsOf(server: string, checked: readonly Checked[]): FindingRow[] {
  return checked.flatMap((c) =>
    c.findings.map((f) => {
      const { matched, around } = describeFinding(c.payload, f);
      return {
        server,
        tool: c.tool,
        phase: c.phase,
        name: `${f.kind}:${f.type}`,
        action: f.action,
        matched,
        around,
        expected: f.kind === "pii" && f.type === "email" && AUTHOR_EMAILS.has(matched),
      };
    }),
  );
}

export async function runWorkload(workload: Workload): Promise<{ counts: ServerCounts; rows: FindingRow[] }> {
  const g = await guarded(workload.server, workload.connection);
  try {
    for (const [tool, args] of workload.calls) await g.call(tool, args);
  } finally {
    await g.close();
  }
  const rows = rowsOf(workload.server, g.engine.checked);
  return {
    rows,
    counts: {
      server: workload.server,
      calls: workload.calls.length,
      checks: g.engine.checked.length,
      blocked: g.engine.checked.filter((c) => !c.allowed).length,
      changed: g.engine.checked.filter((c) => c.changed).length,
      findings: rows.length,
      defects: rows.filter((r) => !r.expected).length,
      expected: rows.filter((r) => r.expected).length,
    },
  };
}

/** The servers `--servers=` names (all when absent). */
function chosen(): (server: string) => boolean {
  const arg = process.argv.find((a) => a.startsWith("--servers="));
  if (!arg) return () => true;
  const names = new Set(arg.slice("--servers=".length).split(","));
  return (server) => names.has(server);
}

async function main(): Promise<void> {
  const fixtures = await createFixtures();
  const dbDir = await mkdtemp(join(tmpdir(), "tollgate-sqlite-"));
  const [workspace, tasks, vault] = [await createWorkspace(), await createTaskStore(), await createVault()];
  const [api, book, bank] = [await startShopApi(), await createBook(), await createBank()];
  const [gitlab, site, calendar] = [await startGitlabApi(), await startWebSite(), await startCalDav()];
  const workloads = [
    gitWorkload(fixtures.repo),
    memoryWorkload(fixtures.store),
    shellWorkload(workspace),
    tasksWorkload(tasks),
    notesWorkload(vault),
    apiWorkload(api),
    excelWorkload(book),
    bankWorkload(bank),
    gitlabWorkload(gitlab),
    fetchWorkload(site),
    calendarWorkload(calendar),
  ];
  if (!process.argv.includes("--no-extra")) {
    const extra = ensureExtraServers();
    workloads.push(sqliteWorkload(extra.sqlite, join(dbDir, "shop.db")), thinkingWorkload(extra.thinking));
  }
  const wanted = chosen();
  const all: { counts: ServerCounts[]; rows: FindingRow[] } = { counts: [], rows: [] };
  try {
    for (const workload of workloads.filter((w) => wanted(w.server))) {
      const { counts, rows } = await runWorkload(workload);
      all.counts.push(counts);
      all.rows.push(...rows);
    }
  } finally {
    await rm(fixtures.repo.base, { recursive: true, force: true });
    await rm(fixtures.store.dir, { recursive: true, force: true });
    await rm(dbDir, { recursive: true, force: true });
    await rm(workspace.dir, { recursive: true, force: true });
    await rm(tasks.dir, { recursive: true, force: true });
    await removeVault(vault);
    await api.close();
    await rm(book.dir, { recursive: true, force: true });
    await rm(bank.dir, { recursive: true, force: true });
    await Promise.all([gitlab.close(), site.close(), calendar.close()]);
  }
  if (process.argv.includes("--json")) {
    console.log(JSON.stringify(all));
    return;
  }
  console.table(all.counts);
  for (const r of all.rows)
    console.log(
      `${r.expected ? "expected" : "DEFECT  "} ${r.server}.${r.tool} ${r.phase} ${r.name} ${r.action} ${JSON.stringify(r.matched)} … ${JSON.stringify(r.around)}`,
    );
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
