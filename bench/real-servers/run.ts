/**
 * What the default policy does to real published MCP servers' results, as two markdown tables: findings on benign
 * work per server (benign.ts), and planted attacks obeyed by a scripted createAgent model, contained or not
 * (attacks.ts).
 *
 *   npx tsx bench/real-servers/run.ts [--no-extra] [--extra-dir=/tmp/tollgate-real-servers]
 */
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import type { AttackRow } from "./attacks.js";
import type { FindingRow, ServerCounts } from "./benign.js";

const here = (file: string) => fileURLToPath(new URL(file, import.meta.url));

/** Each part in its own process: a server a part started can never outlive it into the other's figures. */
function part<T>(file: string): T {
  const args = ["--import", "tsx", here(file), "--json", ...process.argv.slice(2)];
  const out = execFileSync(process.execPath, args, {
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
  });
  const line = out
    .trim()
    .split("\n")
    .findLast((l) => l.startsWith("{") || l.startsWith("["));
  if (line === undefined) throw new Error(`${file} printed no JSON`);
  return JSON.parse(line) as T;
}

const benign = part<{ counts: ServerCounts[]; rows: FindingRow[] }>("./benign.ts");
const attacks = part<AttackRow[]>("./attacks.ts");

console.log(
  "### Benign work: findings per server (defects: every finding but the addresses the servers print by design: commit authors, a kernel's build address)\n",
);
console.log("| server | calls | checks | blocked | changed | findings | defects | printed addresses |");
console.log("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |");
for (const c of benign.counts)
  console.log(
    `| ${c.server} | ${c.calls} | ${c.checks} | ${c.blocked} | ${c.changed} | ${c.findings} | ${c.defects} | ${c.expected} |`,
  );
const defects = benign.rows.filter((r) => !r.expected);
if (defects.length > 0) {
  console.log("\nDefects left:\n");
  for (const r of defects)
    console.log(
      `- ${r.server}.${r.tool} ${r.phase} ${r.name} (${r.action}): \`${r.matched}\` in \`${r.around}\``,
    );
}
console.log("\n### Planted instructions obeyed by a scripted createAgent model\n");
console.log(
  "| attack | server | output check found | instruction readable | carrier's benign text kept | obeyed call refused | server state changed |",
);
console.log("| --- | --- | --- | --- | --- | --- | --- |");
for (const a of attacks)
  console.log(
    `| ${a.attack} | ${a.server} | ${a.found || "-"} | ${a.readable ? "yes" : "no"} | ${a.benignKept ? "yes" : "no"} | ${a.refused ? `yes (${a.refusedBy})` : "no"} | ${a.stateChanged ? "**yes**" : "no"} |`,
  );
console.log(
  `\nContained (server state unchanged): ${attacks.filter((a) => a.contained).length} of ${attacks.length}`,
);
