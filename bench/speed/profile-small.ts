/**
 * Profiling harness: many output checks of small results (1 KB of the bench's prose by default, each a new text),
 * the families check or with `--full` the default one, for `node --cpu-prof --import tsx
 * bench/speed/profile-small.ts [checks] [--full] [--bytes=N] [--clean]`. `--clean` checks texts with nothing to find.
 */
import { LocalPolicyEngine } from "../../src/engine/local-engine.js";
import { benchText, textRequest } from "./common.js";
import { NO_INJECTION } from "./families-text.js";

const checks = Number(process.argv.find((a) => /^\d+$/.test(a)) ?? 20_000);
const full = process.argv.includes("--full");
const bytes = Number(process.argv.find((a) => a.startsWith("--bytes="))?.slice(8) ?? 1024);
const clean = process.argv.includes("--clean");
const engine = new LocalPolicyEngine(full ? {} : NO_INJECTION, { worker: false });
const CLEAN = "The quarterly report lists revenue by region and the notes of the planning meeting. ";
const requests = Array.from({ length: 2000 }, (_, i) =>
  textRequest(
    clean ? `${CLEAN.repeat(Math.ceil(bytes / CLEAN.length))} ${i}`.slice(-bytes) : benchText(bytes, i + 1),
  ),
);
for (let i = 0; i < 2000; i++) await engine.checkOutput(requests[i % requests.length]!);
const start = process.cpuUsage();
for (let i = 0; i < checks; i++) await engine.checkOutput(requests[i % requests.length]!);
const used = process.cpuUsage(start);
console.log(`CPU µs per check: ${((used.user + used.system) / checks).toFixed(1)}`);
