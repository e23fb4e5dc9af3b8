/**
 * Profiling harness for the scanner's work after its detectors (see decide-stage.ts): `node --cpu-prof --import tsx
 * bench/speed/profile-decide.ts [iterations]` replays a 1 MB text's matches through `scanString`, the 8 texts in turn, each after
 * the shared pass (untimed, as in the check).
 */
import { createDetectorSet } from "../../src/engine/detector-set.js";
import { resolvePolicy } from "../../src/engine/policy.js";
import { candidateIndex, passLiterals } from "../../src/engine/scan/candidates.js";
import { CappedFindings } from "../../src/engine/scan/findings-cap.js";
import { type ScanPlan, scanString } from "../../src/engine/scan/string-scanner.js";
import { ScanPlans } from "../../src/engine/scan-plans.js";
import type { TextMatch } from "../../src/engine/types.js";
import { benchText } from "./common.js";
import { NO_INJECTION } from "./families-text.js";

const iterations = Number(process.argv.find((a) => /^\d+$/.test(a)) ?? 400);
const resolved = resolvePolicy(NO_INJECTION, process.env, { detectorIds: new Set() });
const own = new ScanPlans(resolved, createDetectorSet(resolved, [])).get("output", resolved.sanitizer.mode);
const cases = Array.from({ length: 8 }, (_, i) => {
  const text = benchText(undefined, 3000 + i);
  const matches: TextMatch[] = [];
  for (const d of own.detectors) d.detect(text, matches);
  const plan: ScanPlan = {
    ...own,
    sanitizers: [],
    detectors: [
      {
        id: "replay",
        kind: "pii",
        streams: true,
        detect: (_t: string, out: TextMatch[]) => {
          for (const m of matches) out.push(m);
        },
      },
    ],
  };
  return { text, plan };
});
// The check has run the shared pass on its text before this stage (the normalised view reads its hits).
const any = passLiterals(["\u0001"]);
let used = { user: 0, system: 0 };
for (let i = 0; i < iterations; i++) {
  const { text, plan } = cases[i % cases.length]!;
  candidateIndex(text).passHits(any);
  const start = process.cpuUsage();
  scanString(text, "/content/0/text", plan, new CappedFindings(1000));
  const step = process.cpuUsage(start);
  used = { user: used.user + step.user, system: used.system + step.system };
}
console.log(`CPU ms per scan: ${((used.user + used.system) / 1000 / iterations).toFixed(3)}`);
