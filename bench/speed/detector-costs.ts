/**
 * Where the families-but-injection output check spends its time on 1 MB of text: each sanitizer and detector of the
 * output plan run alone over the text, the whole check, and langchain's built-in detectors, in interleaved rounds.
 * Times are process CPU time (`process.cpuUsage`), not wall time: on a shared, loaded machine a process's CPU time
 * drifts far less than the clock, so single detectors of a millisecond or two can be compared at all. Not a goal row
 * (the rows are families-text.ts and full-check-text.ts); a map for whoever makes the check faster.
 *
 * The shared literal pass (scan/candidates.ts: one WebAssembly pass per text over every literal the detectors
 * registered) is its own row; each detector is timed after it has run on the text, as in the check, where the first
 * detector to ask pays for it and the others read its lists (a detector run alone would pay for it again).
 *
 * `npx tsx bench/speed/detector-costs.ts [rounds] [--full]` (`--full`: the default policy, injection included).
 */
import { createDetectorSet } from "../../src/engine/detector-set.js";
import { LocalPolicyEngine } from "../../src/engine/local-engine.js";
import { resolvePolicy } from "../../src/engine/policy.js";
import type { PolicyConfig } from "../../src/engine/policy-types.js";
import { candidateIndex, passLiterals } from "../../src/engine/scan/candidates.js";
import { ScanPlans } from "../../src/engine/scan-plans.js";
import { median } from "../lib/stats.js";
import { benchText, langchainDetectors, textRequest } from "./common.js";
import { NO_INJECTION } from "./families-text.js";

/**
 * Milliseconds of process CPU time per call of `run`, over `repeat` calls; `prepare` runs before each, untimed, in the
 * same task (the candidate index of a text lives until the task ends).
 */
async function cpuMs(run: () => unknown, repeat: number, prepare?: () => void): Promise<number> {
  let micros = 0;
  for (let i = 0; i < repeat; i++) {
    prepare?.();
    const start = process.cpuUsage();
    await run();
    const used = process.cpuUsage(start);
    micros += used.user + used.system;
  }
  return micros / 1000 / repeat;
}

/** Any registered set: asking for its hits runs the shared pass over every registered literal. */
const ANY = passLiterals(["\u0001"]);

export async function detectorCosts(policy: PolicyConfig, rounds: number): Promise<Map<string, number>> {
  const text = benchText();
  const resolved = resolvePolicy(policy, process.env, { detectorIds: new Set() });
  const plan = new ScanPlans(resolved, createDetectorSet(resolved, [])).get(
    "output",
    resolved.sanitizer.mode,
  );
  const engine = new LocalPolicyEngine(policy, { worker: false });
  const request = textRequest(text);
  const pass = () => candidateIndex(text).passHits(ANY);
  const parts: { name: string; run: () => unknown; prepare?: () => void }[] = [
    { name: "shared literal pass", run: pass },
    ...[...plan.sanitizers, ...plan.detectors].map((d) => ({
      name: d.id,
      run: () => d.detect(text, []),
      prepare: pass,
    })),
    { name: "whole output check", run: () => engine.checkOutput(request) },
    { name: "langchain built-ins", run: () => langchainDetectors(text) },
  ];
  for (const part of parts) {
    part.prepare?.();
    await part.run();
  }
  const samples = new Map<string, number[]>(parts.map((p) => [p.name, []]));
  for (let r = 0; r < rounds; r++)
    for (const part of parts) samples.get(part.name)!.push(await cpuMs(part.run, 3, part.prepare));
  return new Map([...samples].map(([name, ms]) => [name, median(ms)]));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const rounds = Number(process.argv.find((a) => /^\d+$/.test(a)) ?? 7);
  const costs = await detectorCosts(process.argv.includes("--full") ? {} : NO_INJECTION, rounds);
  const rows = [...costs].sort((a, b) => b[1] - a[1]);
  console.log(`| part | CPU ms per MB (median of ${rounds} rounds) |\n| --- | --- |`);
  for (const [name, ms] of rows) console.log(`| ${name} | ${ms.toFixed(2)} |`);
}
