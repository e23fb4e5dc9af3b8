/**
 * The scanner's work after its detectors, alone: deciding every match, recording the findings and building the
 * output, this checkout against a reference one (`--reference=<dir>`), in one process, interleaved, a new 1 MB text
 * each round, process CPU time. Each round, the default policy's output plan (families only, or every family with
 * `--full`) finds the text's matches once (this checkout's detectors); then each side's `scanString` runs with a
 * plan whose only detector replays those matches (no sanitizer, the policy's own `decide`), so what is timed (after
 * each side's shared pass on the text, untimed) is the replay (a push per match), the normalised view, `decideAll` and `applyRewrites`.
 *
 * `npx tsx bench/speed/decide-stage.ts --reference=/tmp/ref [rounds] [--full]`
 */
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import type { ScanPlan } from "../../src/engine/scan/string-scanner.js";
import type { TextDetector, TextMatch } from "../../src/engine/types.js";
import type { Finding } from "../../src/shared/types.js";
import { median } from "../lib/stats.js";
import { benchText } from "./common.js";
import { NO_INJECTION } from "./families-text.js";

interface Side {
  plan: ScanPlan;
  scanString(text: string, path: string, plan: ScanPlan, findings: Finding[]): { text: string };
  CappedFindings: new (cap: number) => Finding[];
  /** The shared literal pass on a text: the check has run it before this stage (the normalised view reads it). */
  pass(text: string): void;
}

const reference = process.argv.find((a) => a.startsWith("--reference="))?.slice("--reference=".length);
if (reference === undefined) throw new Error("--reference=<checkout> is required");
const rounds = Number(process.argv.find((a) => /^\d+$/.test(a)) ?? 31);
const policy = process.argv.includes("--full") ? {} : NO_INJECTION;
const WARM_UP = 3;

async function sideAt(dir: string): Promise<Side> {
  const at = (path: string) => import(pathToFileURL(join(dir, path)).href);
  const { createDetectorSet } = await at("src/engine/detector-set.ts");
  const { resolvePolicy } = await at("src/engine/policy.ts");
  const { ScanPlans } = await at("src/engine/scan-plans.ts");
  const { scanString } = await at("src/engine/scan/string-scanner.ts");
  const { CappedFindings } = await at("src/engine/scan/findings-cap.ts");
  const { candidateIndex, passLiterals } = await at("src/engine/scan/candidates.ts");
  const any = passLiterals(["\u0001"]);
  const resolved = resolvePolicy(policy, process.env, { detectorIds: new Set() });
  const plan = new ScanPlans(resolved, createDetectorSet(resolved, [])).get(
    "output",
    resolved.sanitizer.mode,
  );
  return { plan, scanString, CappedFindings, pass: (text) => candidateIndex(text).passHits(any) };
}

const sides = { reference: await sideAt(resolve(reference)), this: await sideAt(resolve(".")) };
const names = ["reference", "this"] as const;

/** A detector that pushes the given matches (as `streams`: into the scanner's columns directly). */
function replay(matches: readonly TextMatch[]): TextDetector {
  return {
    id: "replay",
    kind: "pii",
    streams: true,
    detect(_text: string, out: TextMatch[]): void {
      for (const m of matches) out.push(m);
    },
  };
}

const samples = new Map<string, number[]>();
let matchCount = 0;
for (let r = 0; r < rounds + WARM_UP; r++) {
  const text = benchText(undefined, 3000 + r);
  const own = sides.this.plan;
  const matches: TextMatch[] = [];
  for (const d of own.detectors) d.detect(text, matches);
  matchCount = matches.length;
  for (const n of r % 2 === 0 ? names : [...names].reverse()) {
    const side = sides[n];
    const plan: ScanPlan = { ...side.plan, sanitizers: [], detectors: [replay(matches)] };
    const findings = new side.CappedFindings(1000);
    side.pass(text);
    const start = process.cpuUsage();
    side.scanString(text, "/content/0/text", plan, findings);
    const used = process.cpuUsage(start);
    if (r >= WARM_UP) {
      const list = samples.get(n) ?? [];
      list.push((used.user + used.system) / 1000);
      samples.set(n, list);
    }
  }
}
const ref = samples.get("reference")!;
const ours = samples.get("this")!;
console.log(
  `${rounds} rounds, ${matchCount} matches in the last text; CPU ms per MB, median (min): reference ${median(ref).toFixed(3)} (${Math.min(...ref).toFixed(3)}), this ${median(ours).toFixed(3)} (${Math.min(...ours).toFixed(3)}); this / reference per round, median ${median(ours.map((v, i) => v / ref[i]!)).toFixed(3)}`,
);
