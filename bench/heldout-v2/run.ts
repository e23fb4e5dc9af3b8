/**
 * `npm run eval:heldout-v2`: detection of indirect prompt injection on the blind, frozen held-out set v2
 * (bench/heldout-v2/README.md). Refuses to run when samples.json differs from the frozen sha256. Every text goes
 * through the real `LocalPolicyEngine.checkOutput` with the default policy as a one-text-block CallToolResult, and
 * is counted as flagged by the same criterion as the project's other injection figures (`flagged` in
 * bench/eval-set/score.ts: a block, or any injection or markup finding). Prints markdown tables; always exits 0.
 *
 * This set is never tuned on: see the README for what happens if it is.
 */
import { LocalPolicyEngine } from "../../src/index.js";
import { flagged } from "../eval-set/score.js";
import { describeMachine, machineInfo } from "../lib/machine.js";
import { fmt, markdownTable } from "../lib/stats.js";
import { type HeldoutSample, loadFrozenSamples, readFrozen } from "./integrity.js";

interface Tally {
  hit: number;
  total: number;
}

/** Wilson score interval (95%) for a proportion: honest error bars on a few hundred samples. */
function wilson({ hit, total }: Tally): [number, number] {
  if (total === 0) return [Number.NaN, Number.NaN];
  const z = 1.96;
  const p = hit / total;
  const denom = 1 + (z * z) / total;
  const centre = (p + (z * z) / (2 * total)) / denom;
  const half = (z * Math.sqrt((p * (1 - p)) / total + (z * z) / (4 * total * total))) / denom;
  return [Math.max(0, centre - half), Math.min(1, centre + half)];
}

const pct = (t: Tally) => `${fmt((100 * t.hit) / t.total)}%`;
const cell = (t: Tally) => `${t.hit}/${t.total} (${pct(t)})`;
const interval = (t: Tally) => {
  const [lo, hi] = wilson(t);
  return `${fmt(100 * lo)}–${fmt(100 * hi)}%`;
};

function tallyBy(
  samples: readonly HeldoutSample[],
  hits: ReadonlySet<string>,
  key: keyof HeldoutSample,
): [string, Tally][] {
  const map = new Map<string, Tally>();
  for (const s of samples) {
    const t = map.get(s[key]) ?? { hit: 0, total: 0 };
    t.total++;
    if (hits.has(s.id)) t.hit++;
    map.set(s[key], t);
  }
  return [...map.entries()].sort(([a], [b]) => a.localeCompare(b));
}

function overall(samples: readonly HeldoutSample[], hits: ReadonlySet<string>): Tally {
  return { hit: samples.filter((s) => hits.has(s.id)).length, total: samples.length };
}

async function main(): Promise<void> {
  const samples = loadFrozenSamples();
  const frozen = readFrozen();
  const engine = new LocalPolicyEngine();
  const hits = new Set<string>();
  let seq = 0;
  for (const s of samples) {
    const decision = await engine.checkOutput({
      connectorType: "corpus.read",
      serverName: "corpus",
      toolName: "read",
      callId: `heldout-v2-${++seq}`,
      args: {},
      result: { content: [{ type: "text", text: s.text }] },
    });
    if (flagged(decision)) hits.add(s.id);
  }

  const attacks = samples.filter((s) => s.label === "attack");
  const benign = samples.filter((s) => s.label === "benign");
  const det = overall(attacks, hits);
  const fp = overall(benign, hits);
  const out: string[] = [];
  out.push(`## Held-out set v2 (blind, frozen ${frozen.frozenAt}, sha256 ${frozen.sha256.slice(0, 12)}…)`);
  out.push("");
  out.push(describeMachine(machineInfo()));
  out.push("");
  out.push(
    markdownTable(
      ["measure", "flagged", "95% interval"],
      [
        ["detection rate on attacks", cell(det), interval(det)],
        ["false-positive rate on benign", cell(fp), interval(fp)],
      ],
    ),
  );
  for (const key of ["class", "language", "obfuscation", "carrier"] as const) {
    out.push("", `### Detection on attacks by ${key}`, "");
    out.push(
      markdownTable(
        [key, "detected"],
        tallyBy(attacks, hits, key).map(([k, t]) => [k, cell(t)]),
      ),
    );
  }
  for (const key of ["carrier", "class"] as const) {
    out.push("", `### False positives on benign by ${key}`, "");
    out.push(
      markdownTable(
        [key, "flagged"],
        tallyBy(benign, hits, key).map(([k, t]) => [k, cell(t)]),
      ),
    );
  }
  console.log(out.join("\n"));
}

await main();
process.exitCode = 0;
