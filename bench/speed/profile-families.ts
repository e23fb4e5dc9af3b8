/**
 * Profiling harness: the families-but-injection output check (or the full default check with `--full`) on 1 MB bench
 * texts in a loop, for `node --cpu-prof --import tsx bench/speed/profile-families.ts [iterations] [--full]`.
 * Every iteration reads a new text (the engine remembers its last text, so a repeated one flatters); the texts are
 * made before the loop so their making is not profiled.
 */
import { LocalPolicyEngine } from "../../src/engine/local-engine.js";
import { benchText, textRequest } from "./common.js";
import { NO_INJECTION } from "./families-text.js";

const iterations = Number(process.argv.find((a) => /^\d+$/.test(a)) ?? 200);
const full = process.argv.includes("--full");
const engine = new LocalPolicyEngine(full ? {} : NO_INJECTION, { worker: false });
const requests = Array.from({ length: 16 }, (_, i) => textRequest(benchText(undefined, i + 1)));
for (let i = 0; i < 5; i++) await engine.checkOutput(requests[i % requests.length]!);
const start = process.cpuUsage();
for (let i = 0; i < iterations; i++) await engine.checkOutput(requests[i % requests.length]!);
const used = process.cpuUsage(start);
console.log(`CPU ms per check: ${((used.user + used.system) / 1000 / iterations).toFixed(2)}`);
