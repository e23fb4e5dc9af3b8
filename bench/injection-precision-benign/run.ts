/**
 * `npx tsx bench/injection-precision-benign/run.ts [--set=s23] [--part=tune|frozen] [--quantity] [--dir=<checkout>] [--list]`:
 * false positives of the injection family on the precision benign set, by rule id, class and language, rules alone
 * and rules + model (the default), by `flagged` (bench/eval-set/score.ts) through the checkout's
 * `LocalPolicyEngine.checkOutput`. `--dir` runs another checkout's engine (the reference). `--list` prints each
 * flagged document's findings (tune part and quantity sets only: the frozen part prints totals). `--set=s23` reads
 * the session 23 part (s23/: transcripts, LLM app logs, CI logs, role-named config, prompt docs) instead of session 22's.
 */
import { pathToFileURL } from "node:url";
import { flagged } from "../eval-set/score.js";
import { rateWithInterval } from "../lib/stats.js";
import { loadPart, type Part } from "./documents.js";
import { gettextDocs, hamDocs, manDocs, nodeDocs } from "./quantity.js";
import { loadS23Part } from "./s23/documents.js";

const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const part = (arg("part") ?? "tune") as Part;
const load = arg("set") === "s23" ? loadS23Part : loadPart;
const dir = arg("dir") ?? new URL("../../", import.meta.url).pathname;
const list = process.argv.includes("--list") && part !== "frozen";
const { LocalPolicyEngine } = (await import(
  pathToFileURL(`${dir}/src/index.ts`).href
)) as typeof import("../../src/index.js");

const rulesOnly = new LocalPolicyEngine({ rules: { "injection.scorer": "off" } });
const withModel = new LocalPolicyEngine({ rules: { "injection.scorer": "neutralise" } });
let seq = 0;

async function ids(engine: InstanceType<typeof LocalPolicyEngine>, text: string) {
  const decision = await engine.checkOutput({
    connectorType: "corpus.read",
    serverName: "corpus",
    toolName: "read",
    callId: `precision-${++seq}`,
    args: {},
    result: { content: [{ type: "text", text }] },
  });
  if (!flagged(decision)) return undefined;
  const found = decision.findings.filter((f) => f.kind === "injection" || f.kind === "markup");
  return { ids: found.length === 0 ? ["block"] : [...new Set(found.map((f) => f.ruleId))], found };
}

interface Doc {
  key: string;
  group: string;
  text: string;
}

async function measure(label: string, docs: readonly Doc[]): Promise<void> {
  const byRule = new Map<string, number>();
  const byGroup = new Map<string, [number, number, number]>();
  let rules = 0;
  let both = 0;
  for (const d of docs) {
    const r = await ids(rulesOnly, d.text);
    const m = await ids(withModel, d.text);
    rules += +(r !== undefined);
    both += +(m !== undefined);
    const g = byGroup.get(d.group) ?? [0, 0, 0];
    g[0]++;
    g[1] += +(r !== undefined);
    g[2] += +(m !== undefined);
    byGroup.set(d.group, g);
    if (part === "frozen" && label === "frozen") continue;
    for (const id of new Set([...(r?.ids ?? []), ...(m?.ids ?? [])]))
      byRule.set(id, (byRule.get(id) ?? 0) + 1);
    if (list && (r || m)) {
      console.log(`## ${d.key} | rules: ${r?.ids.join(" ") ?? "-"} | default: ${m?.ids.join(" ") ?? "-"}`);
      for (const f of (m ?? r)!.found.slice(0, 3)) {
        const at = f.start ?? 0;
        console.log(
          `   ${f.ruleId}: ${d.text
            .slice(Math.max(0, at - 50), (f.end ?? at) + 50)
            .replace(/\s+/g, " ")
            .slice(0, 260)}`,
        );
      }
    }
  }
  console.log(`\n### ${label}: ${docs.length} documents`);
  console.log(
    `rules alone: ${rateWithInterval(rules, docs.length)}; rules + model: ${rateWithInterval(both, docs.length)}`,
  );
  if (part === "frozen" && label === "frozen") return;
  console.log(
    `by group (n, rules, rules + model): ${[...byGroup].map(([k, v]) => `${k} ${v.join("/")}`).join(", ")}`,
  );
  console.log(
    `by rule id (documents, either policy): ${[...byRule]
      .sort((a, b) => b[1] - a[1])
      .map(([k, v]) => `${k} ${v}`)
      .join(", ")}`,
  );
}

if (!process.argv.includes("--quantity-only")) {
  const docs = load(part).map((d) => ({ key: d.key, group: `${d.lang}:${d.cls}`, text: d.text }));
  await measure(part, docs);
}
if (process.argv.includes("--quantity") || process.argv.includes("--quantity-only")) {
  for (const [name, load] of [
    ["man", manDocs],
    ["gettext", gettextDocs],
    ["node", nodeDocs],
    ["ham", hamDocs],
  ] as const) {
    const docs = load().map((d) => ({ key: d.key, group: d.source, text: d.text }));
    if (docs.length > 0) await measure(name, docs);
  }
}
