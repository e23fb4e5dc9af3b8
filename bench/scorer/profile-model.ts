/**
 * The learned model alone over README prose (--json: JSON tool output) in 1 KB strings, or one 1 MB text with
 * --whole, for a CPU profile:
 * `node --cpu-prof --cpu-prof-dir=/tmp/prof --import tsx bench/scorer/profile-model.ts [--json] [--whole] [--rounds=N]`.
 * Prints process CPU µs per KB.
 */
import { createScorerDetector } from "../../src/engine/detectors/injection/scorer/scorer-detector.js";
import type { TextMatch } from "../../src/engine/types.js";
import { readmes, toolOutputs } from "../lib/injection-texts.js";

const whole = process.argv.includes("--whole");
const rounds = Number(process.argv.find((a) => a.startsWith("--rounds="))?.slice(9) ?? 20);
const docs = process.argv.includes("--json") ? toolOutputs(1200) : readmes();
let all = "";
for (const d of docs) {
  if (all.length >= 1 << 20) break;
  all += `${d}\n\n`;
}
all = all.slice(0, 1 << 20);
const inputs: string[] = [];
if (whole) inputs.push(all);
else for (let i = 0; i + 1024 <= all.length; i += 1024) inputs.push(all.slice(i, i + 1024));
const detector = createScorerDetector();
const out: TextMatch[] = [];
for (const t of inputs) detector.detect(t, out);
const start = process.cpuUsage();
for (let r = 0; r < rounds; r++)
  for (const t of inputs) {
    out.length = 0;
    detector.detect(t, out);
  }
const used = process.cpuUsage(start);
const kb = (inputs.reduce((n, t) => n + t.length, 0) / 1024) * rounds;
console.log(
  `${whole ? "1 MB text" : "1 KB strings"}: ${((used.user + used.system) / kb).toFixed(2)} µs/KB CPU`,
);
