/**
 * Harm under attack: each planted instruction (test/fixtures/real-servers/attacks.ts) read from a real server by a
 * `createAgent` agent whose scripted model obeys it. Reports, per attack: what the output check found, whether the
 * instruction was still readable by the model, whether the benign text of its carrier came back, whether the
 * obeyed call was refused, and whether the server's own state changed (the proof that the call ran or not).
 *
 *   npx tsx bench/real-servers/attacks.ts [--json] [--no-extra] [--extra-dir=/tmp/tollgate-real-servers]
 *
 * With the extra servers (extra-servers.ts), a sixth attack: a ticket row in a SQLite database. Then the ten attacks
 * on the shell, task and notes servers (test/fixtures/real-servers/local-attacks.ts), the nine on the OpenAPI,
 * spreadsheet and memory-bank servers (more-attacks.ts), and the ten on the GitLab, fetch and CalDAV servers
 * (work-attacks.ts).
 */
import { createHash } from "node:crypto";
import { readFile, rm } from "node:fs/promises";
import { join } from "node:path";
import type { Connection } from "@langchain/mcp-adapters";
import { MultiServerMCPClient } from "@langchain/mcp-adapters";
import { createToolInterceptor, installInterceptors } from "../../src/index.js";
import type { AuditRecord } from "../../src/interceptor/audit.js";
import {
  gitState,
  PLANTED_ENTITIES,
  PLANTED_HISTORY,
  plantedAttacks,
} from "../../test/fixtures/real-servers/attacks.js";
import { createBenignRepo } from "../../test/fixtures/real-servers/git-repo.js";
import { LOCAL_ATTACK_IDS, runLocalAttack } from "../../test/fixtures/real-servers/local-attacks.js";
import { BENIGN_RELATIONS, createMemoryStore } from "../../test/fixtures/real-servers/memory-graph.js";
import { MORE_ATTACK_IDS, runMoreAttack } from "../../test/fixtures/real-servers/more-attacks.js";
import {
  type AttackRun,
  messageText,
  payloadSurvives,
  runAttack,
} from "../../test/fixtures/real-servers/run-attack.js";
import { runWorkAttack, WORK_ATTACK_IDS } from "../../test/fixtures/real-servers/work-attacks.js";
import { gitStdio, memoryStdio } from "../../test/fixtures/real-servers/workloads.js";
import { ensureExtraServers, SQLITE_ATTACK, SQLITE_ATTACK_SETUP } from "./extra-servers.js";

export interface AttackRow {
  attack: string;
  server: string;
  found: string;
  readable: boolean;
  benignKept: boolean;
  refused: boolean;
  refusedBy: string;
  stateChanged: boolean;
  contained: boolean;
}

function guardedClient(server: string, connection: Connection, records: AuditRecord[]) {
  return installInterceptors(
    new MultiServerMCPClient({ mcpServers: { [server]: connection } }),
    createToolInterceptor({ onDecision: (r) => void records.push(r) }),
  );
}

/** The SQLite server on `file`, with the attacker's rows written by a client with no policy. */
async function sqliteWithTicket(entry: string, file: string): Promise<Connection> {
  const connection: Connection = {
    transport: "stdio",
    command: process.execPath,
    args: [entry, file],
    stderr: "ignore",
  };
  const setup = new MultiServerMCPClient({ mcpServers: { sqlite: connection } });
  const tools = await setup.getTools();
  for (const query of SQLITE_ATTACK_SETUP) {
    const name = query.startsWith("CREATE") ? "create_table" : "write_query";
    await tools.find((t) => t.name === name)?.invoke({ query });
  }
  await setup.close();
  return connection;
}

export async function runAttacks(): Promise<AttackRow[]> {
  const rows: AttackRow[] = [];
  const attacks = plantedAttacks([]);
  const sqliteEntry = process.argv.includes("--no-extra") ? undefined : ensureExtraServers().sqlite;
  if (sqliteEntry) attacks.push(SQLITE_ATTACK);
  for (const attack of attacks) {
    // A fresh repository, graph and database for each attack: a harmful call that ran changes nothing the next
    // one reads.
    const repo = await createBenignRepo(PLANTED_HISTORY);
    const store = await createMemoryStore(PLANTED_ENTITIES, BENIGN_RELATIONS);
    const db = join(store.dir, "shop.db");
    const records: AuditRecord[] = [];
    const connection =
      attack.server === "git"
        ? gitStdio(repo.base)
        : attack.server === "memory"
          ? memoryStdio(store.file)
          : await sqliteWithTicket(sqliteEntry ?? "", db);
    const client = guardedClient(attack.server, connection, records);
    const stateOf = async () =>
      attack.server === "git"
        ? gitState(repo.dir)
        : createHash("sha256")
            .update(await readFile(attack.server === "memory" ? store.file : db))
            .digest("hex");
    try {
      const before = await stateOf();
      const [planted] = plantedAttacks(repo.hashes).filter((a) => a.id === attack.id);
      const run = await runAttack(client, planted ?? attack, records, repo.dir);
      const after = await stateOf();
      rows.push(rowOf(run, before, after));
    } finally {
      await client.close();
      await rm(repo.base, { recursive: true, force: true });
      await rm(store.dir, { recursive: true, force: true });
    }
  }
  for (const id of LOCAL_ATTACK_IDS) {
    const { run, before, after } = await runLocalAttack(id);
    rows.push(rowOf(run, before, after));
  }
  for (const id of MORE_ATTACK_IDS) {
    const { run, before, after } = await runMoreAttack(id);
    rows.push(rowOf(run, before, after));
  }
  for (const id of WORK_ATTACK_IDS) {
    const { run, before, after } = await runWorkAttack(id);
    rows.push(rowOf(run, before, after));
  }
  return rows;
}

/** One attack's row: what the check found on the carrier, what the model read, and what the server's state says. */
function rowOf(run: AttackRun, before: string, after: string): AttackRow {
  const { attack } = run;
  const readOutput = run.records.find((r) => r.toolCallId === run.read.tool_call_id && r.phase === "output");
  const harmfulInput = run.records.find(
    (r) => r.toolCallId === run.harmful.tool_call_id && r.phase === "input",
  );
  const stateChanged = before !== after;
  return {
    attack: attack.id,
    server: attack.server,
    found: [...new Set((readOutput?.findings ?? []).map((f) => `${f.kind}:${f.type}`))].join(" "),
    readable: payloadSurvives(run.seen, attack.payload),
    benignKept: messageText(run.read).includes(attack.benign),
    refused: harmfulInput?.action === "block",
    refusedBy: (harmfulInput?.ruleIds ?? []).join(" "),
    stateChanged,
    contained: !stateChanged,
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const rows = await runAttacks();
  if (process.argv.includes("--json")) console.log(JSON.stringify(rows));
  else {
    console.table(rows);
    console.log(`contained ${rows.filter((r) => r.contained).length} of ${rows.length}`);
  }
}
