/**
 * Profiling harness for the PII detectors: each detector of the families plan whose id starts with `pii.` run after
 * the shared pass on 1 MB bench texts, a new text each iteration (made before the loop), for
 * `node --cpu-prof --import tsx bench/speed/profile-pii.ts [iterations]`. Prints each detector's CPU ms per MB.
 */
import { createDetectorSet } from "../../src/engine/detector-set.js";
import { resolvePolicy } from "../../src/engine/policy.js";
import { candidateIndex, passLiterals } from "../../src/engine/scan/candidates.js";
import { ScanPlans } from "../../src/engine/scan-plans.js";
import { benchText } from "./common.js";
import { NO_INJECTION } from "./families-text.js";

const iterations = Number(process.argv.find((a) => /^\d+$/.test(a)) ?? 40);
const resolved = resolvePolicy(NO_INJECTION, process.env, { detectorIds: new Set() });
const plan = new ScanPlans(resolved, createDetectorSet(resolved, [])).get("output", resolved.sanitizer.mode);
const detectors = plan.detectors.filter((d) => d.id.startsWith("pii."));
const ANY = passLiterals(["\u0001"]);
const texts = Array.from({ length: 40 }, (_, i) => benchText(undefined, 1000 + i));
const used = new Map<string, number>(detectors.map((d) => [d.id, 0]));
for (let i = 0; i < iterations; i++) {
  const text = texts[i % texts.length]!;
  candidateIndex(text).passHits(ANY);
  for (const d of detectors) {
    const start = process.cpuUsage();
    d.detect(text, []);
    const u = process.cpuUsage(start);
    if (i >= 4) used.set(d.id, used.get(d.id)! + (u.user + u.system) / 1000);
  }
}
for (const [id, ms] of used) console.log(`${id}: ${(ms / (iterations - 4)).toFixed(3)} ms per MB`);
