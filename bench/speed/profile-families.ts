/**
 * Profiling harness: the families-but-injection output check on the 1 MB bench text in a loop, for
 * `node --cpu-prof --import tsx bench/speed/profile-families.ts [iterations]`.
 */
import { LocalPolicyEngine } from "../../src/engine/local-engine.js";
import { benchText, textRequest } from "./common.js";
import { NO_INJECTION } from "./families-text.js";

const iterations = Number(process.argv[2] ?? 200);
const engine = new LocalPolicyEngine(NO_INJECTION, { worker: false });
const request = textRequest(benchText());
for (let i = 0; i < 5; i++) await engine.checkOutput(request);
const start = process.cpuUsage();
for (let i = 0; i < iterations; i++) await engine.checkOutput(request);
const used = process.cpuUsage(start);
console.log(`CPU ms per check: ${((used.user + used.system) / 1000 / iterations).toFixed(2)}`);
