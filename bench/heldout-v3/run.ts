/**
 * `npm run eval:heldout-v3 [-- --dir=<checkout>] [-- --breakdown]`: detection of indirect prompt injection on the
 * blind, frozen held-out set v3 (bench/heldout-v3/README.md). Refuses to run when samples.json differs from the frozen
 * sha256. Every text goes through the real `LocalPolicyEngine.checkOutput` of the checkout (`--dir`, this one when
 * absent) as a one-text-block CallToolResult, and counts as flagged by that checkout's `flagged` criterion
 * (bench/eval-set/score.ts: a block, or any injection or markup finding), under three policies: the rules alone
 * (`injection.scorer` off), rules + model (`injection.scorer` neutralise) and the checkout's default policy.
 * Prints totals with 95% Wilson intervals; `--breakdown` adds counts by class, language, obfuscation and carrier
 * (counts only, never texts). Always exits 0.
 *
 * This set is never tuned on: see the README for what happens if it is.
 */
import { execFileSync } from "node:child_process";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { describeMachine, machineInfo } from "../lib/machine.js";
import { markdownTable, rateWithInterval } from "../lib/stats.js";
import { type HeldoutSample, loadFrozenSamples, readFrozen } from "./integrity.js";

type Flagger = (text: string) => Promise<boolean>;

interface Engine {
  checkOutput(request: object): Promise<unknown>;
}

const POLICIES = [
  ["rules alone", { rules: { "injection.scorer": "off" } }],
  ["rules + model", { rules: { "injection.scorer": "neutralise" } }],
  ["default policy", undefined],
] as const;

/** One flagger per policy, built from the checkout's own engine and criterion. */
async function flaggersOf(dir: string): Promise<[string, Flagger][]> {
  const index = await import(pathToFileURL(resolve(dir, "src/index.ts")).href);
  const score = await import(pathToFileURL(resolve(dir, "bench/eval-set/score.ts")).href);
  const flagged = score.flagged as (decision: unknown) => boolean;
  const Engine = index.LocalPolicyEngine as new (policy?: object) => Engine;
  let seq = 0;
  return POLICIES.map(([name, policy]) => {
    const engine = new Engine(policy);
    const flagger: Flagger = async (text) =>
      flagged(
        await engine.checkOutput({
          connectorType: "corpus.read",
          serverName: "corpus",
          toolName: "read",
          callId: `heldout-v3-${++seq}`,
          args: {},
          result: { content: [{ type: "text", text }] },
        }),
      );
    return [name, flagger];
  });
}

function commitOf(dir: string): string {
  try {
    return execFileSync("git", ["-C", dir, "rev-parse", "--short", "HEAD"], { encoding: "utf8" }).trim();
  } catch {
    return "unknown";
  }
}

function counts(samples: readonly HeldoutSample[], hits: ReadonlySet<string>, key: keyof HeldoutSample) {
  const map = new Map<string, { hit: number; n: number }>();
  for (const s of samples) {
    const t = map.get(s[key]) ?? { hit: 0, n: 0 };
    t.n++;
    if (hits.has(s.id)) t.hit++;
    map.set(s[key], t);
  }
  return [...map.entries()].sort(([a], [b]) => a.localeCompare(b));
}

async function main(): Promise<void> {
  const dirArg = process.argv.find((a) => a.startsWith("--dir="))?.slice("--dir=".length);
  const dir = resolve(dirArg ?? ".");
  const breakdown = process.argv.includes("--breakdown");
  const samples = loadFrozenSamples();
  const frozen = readFrozen();
  const attacks = samples.filter((s) => s.label === "attack");
  const benign = samples.filter((s) => s.label === "benign");
  const out: string[] = [
    `## Held-out set v3 (blind, frozen ${frozen.frozenAt}, sha256 ${frozen.sha256.slice(0, 12)}…)`,
    "",
    describeMachine(machineInfo()),
    `engine checkout: ${dir} at ${commitOf(dir)}`,
    "",
  ];
  const rows: string[][] = [];
  const hitsBy = new Map<string, Set<string>>();
  for (const [name, flag] of await flaggersOf(dir)) {
    const hits = new Set<string>();
    for (const s of samples) if (await flag(s.text)) hits.add(s.id);
    hitsBy.set(name, hits);
    const det = attacks.filter((s) => hits.has(s.id)).length;
    const fp = benign.filter((s) => hits.has(s.id)).length;
    rows.push([name, rateWithInterval(det, attacks.length), rateWithInterval(fp, benign.length)]);
  }
  out.push(markdownTable(["policy", "detection on attacks [95%]", "false positives on benign [95%]"], rows));
  if (breakdown) {
    const names = [...hitsBy.keys()];
    for (const [label, set, keys] of [
      ["Detected attacks", attacks, ["class", "language", "obfuscation", "carrier"]],
      ["False positives on benign", benign, ["class", "carrier", "obfuscation"]],
    ] as const) {
      for (const key of keys) {
        const per = names.map((n) => new Map(counts(set, hitsBy.get(n)!, key)));
        const keysSeen = [...per[0]!.keys()];
        out.push("", `### ${label} by ${key}`, "");
        out.push(
          markdownTable(
            [key, ...names],
            keysSeen.map((k) => [k, ...per.map((m) => `${m.get(k)!.hit}/${m.get(k)!.n}`)]),
          ),
        );
      }
    }
  }
  console.log(out.join("\n"));
}

await main();
process.exitCode = 0;
