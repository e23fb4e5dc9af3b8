/**
 * `npx tsx bench/phrase-pass-cost.ts --reference=<checkout> [--rounds=N] [--json]`: CPU µs per KB of the phrase
 * rules' trigger pass alone (the gated `PhraseTriggerScan` as the detector drives it: `scan`, and for a text that
 * needs folding `toPhraseBytes` and `scanLatin1`), this checkout against another, on README prose as 1 KB strings
 * (`--json`: JSON tool output). Each round reads 256 strings not read in the round before, both checkouts in turn
 * (which goes first alternates); prints the medians and the median of the per-round ratios, and fails when the two
 * let out different leads.
 */
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { readmes, slices, toolOutputs } from "./lib/injection-texts.js";
import { describeMachine, machineInfo } from "./lib/machine.js";
import { median } from "./lib/stats.js";

const rounds = Number(process.argv.find((a) => a.startsWith("--rounds="))?.slice(9) ?? 101);
const referenceDir = process.argv.find((a) => a.startsWith("--reference="))?.slice(12);
const json = process.argv.includes("--json");
const PER_ROUND = 256;

interface Hits {
  count: number;
  ids: Int32Array;
  ends: Int32Array;
}
interface Scan {
  scan(text: string, out: Hits): boolean;
  scanAny(text: string, out: Hits): void;
  scanLatin1(bytes: Uint8Array, length: number, out: Hits): void;
}

/** The pass of a checkout, built as the detector builds it (index.ts `sharedRules`), and a function running it. */
async function passOf(dir: string): Promise<(text: string) => number> {
  const load = async <T>(path: string) => (await import(pathToFileURL(resolve(dir, path)).href)) as T;
  const { triggerTablesFor } = await load<{
    triggerTablesFor: (g: readonly unknown[]) => { literals: string[]; kinds: number[]; gates: unknown };
  }>("src/engine/detectors/injection/index.ts");
  const { ruleGates, triggerDfa } = await load<{
    ruleGates: (rules: readonly unknown[]) => readonly unknown[];
    triggerDfa: (literals: readonly string[]) => unknown;
  }>("src/engine/detectors/injection/phrase-gates.ts");
  const { INJECTION_RULES } = await load<{ INJECTION_RULES: readonly unknown[] }>(
    "src/engine/detectors/injection/rules.ts",
  );
  const { PhraseTriggerScan, TriggerHits } = await load<{
    PhraseTriggerScan: new (l: string[], k: number[], d: unknown, o: { gates: unknown }) => Scan;
    TriggerHits: new () => Hits;
  }>("src/engine/detectors/injection/phrase-triggers.ts");
  const { toPhraseBytes, toPhraseText } = await load<{
    toPhraseBytes: (t: string) => { bytes: Uint8Array; length: number } | undefined;
    toPhraseText: (t: string) => { text: string };
  }>("src/engine/detectors/injection/normalise.ts");
  const tables = triggerTablesFor(ruleGates(INJECTION_RULES));
  const scan = new PhraseTriggerScan(tables.literals, tables.kinds, triggerDfa(tables.literals), {
    gates: tables.gates,
  });
  const hits = new TriggerHits();
  // A checksum of what the pass let out (literal ids and ends), so the two checkouts can be compared.
  return (text) => {
    if (scan.scan(text, hits)) {
      const phrase = toPhraseBytes(text);
      if (phrase === undefined) scan.scanAny(toPhraseText(text).text, hits);
      else scan.scanLatin1(phrase.bytes, phrase.length, hits);
    }
    let sum = hits.count;
    for (let i = 0; i < hits.count; i++) sum = (sum * 31 + hits.ids[i]! * 7919 + hits.ends[i]!) | 0;
    return sum;
  };
}

function cpu(pass: (text: string) => number, inputs: readonly string[]): { us: number; sum: number } {
  let sum = 0;
  const start = process.cpuUsage();
  for (const t of inputs) sum = (sum * 17 + pass(t)) | 0;
  const used = process.cpuUsage(start);
  return { us: used.user + used.system, sum };
}

async function main(): Promise<void> {
  if (referenceDir === undefined) throw new Error("--reference=<checkout> is required");
  const pool = json ? slices(toolOutputs(20000), 1024, 1 << 16) : slices(readmes(), 1024, 1 << 16);
  const after = await passOf(".");
  const before = await passOf(referenceDir);
  const kb = (PER_ROUND * 1024) / 1024;
  const a: number[] = [];
  const b: number[] = [];
  const ratios: number[] = [];
  for (let r = -3; r < rounds; r++) {
    const from = ((r + 3) * PER_ROUND) % (pool.length - PER_ROUND);
    const inputs = pool.slice(from, from + PER_ROUND);
    const first = r % 2 === 0;
    const x = first ? cpu(after, inputs) : undefined;
    const y = cpu(before, inputs);
    const z = x ?? cpu(after, inputs);
    if (z.sum !== y.sum) throw new Error(`round ${r}: the passes let out different leads`);
    if (r < 0) continue; // warm-up
    a.push(z.us / kb);
    b.push(y.us / kb);
    ratios.push(z.us / y.us);
  }
  console.log(
    `${describeMachine(machineInfo())} · ${rounds} rounds of ${PER_ROUND} strings (pool ${pool.length}) · CPU time`,
  );
  console.log(
    `${json ? "JSON tool output" : "README prose"}, 1 KB strings, trigger pass: this ${median(a).toFixed(3)} µs/KB ` +
      `(fastest ${Math.min(...a).toFixed(3)}) · reference ${median(b).toFixed(3)} (${Math.min(...b).toFixed(3)}) · ` +
      `after/before ${median(ratios).toFixed(3)}`,
  );
}

await main();
