/**
 * The families-text row's two sides, this checkout and a reference checkout (`--reference=<dir>`, e.g. a
 * `git worktree add --detach` of main with a node_modules symlink), imported side by side in one process and run in
 * interleaved rounds with langchain's built-ins, timed in process CPU time (`process.cpuUsage`): on a shared, loaded
 * machine the ratio of two CPU times taken in the same rounds is the figure to quote, not the wall clock.
 *
 * `npx tsx bench/speed/families-vs-reference.ts --reference=/tmp/ref [rounds]`
 */
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { median } from "../lib/stats.js";
import { benchText, langchainDetectors, textRequest } from "./common.js";
import { NO_INJECTION } from "./families-text.js";

interface Engine {
  checkOutput(request: unknown): Promise<unknown>;
}

async function engineAt(dir: string): Promise<Engine> {
  const { LocalPolicyEngine } = await import(pathToFileURL(join(dir, "src/engine/local-engine.ts")).href);
  return new LocalPolicyEngine(NO_INJECTION, { worker: false }) as Engine;
}

async function cpuMs(run: () => unknown, repeat: number): Promise<number> {
  const start = process.cpuUsage();
  for (let i = 0; i < repeat; i++) await run();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000 / repeat;
}

const reference = process.argv.find((a) => a.startsWith("--reference="))?.slice("--reference=".length);
if (reference === undefined) throw new Error("--reference=<checkout> is required");
const rounds = Number(process.argv.find((a) => /^\d+$/.test(a)) ?? 15);
const text = benchText();
const request = textRequest(text);
const sides: [string, () => unknown][] = [
  ["langchain", () => langchainDetectors(text)],
  ["reference", () => undefined],
  ["this", () => undefined],
];
const ref = await engineAt(resolve(reference));
const cur = await engineAt(resolve("."));
sides[1]![1] = () => ref.checkOutput(request);
sides[2]![1] = () => cur.checkOutput(request);
for (const [, run] of sides) for (let i = 0; i < 3; i++) await run();
const samples = new Map<string, number[]>(sides.map(([name]) => [name, []]));
for (let r = 0; r < rounds; r++)
  for (const [name, run] of r % 2 === 0 ? sides : [...sides].reverse())
    samples.get(name)!.push(await cpuMs(run, 3));
const row = (name: string) => {
  const ms = samples.get(name)!;
  return { median: median(ms), min: Math.min(...ms) };
};
const lc = row("langchain");
for (const name of ["reference", "this"]) {
  const side = row(name);
  console.log(
    `${name}: median ${side.median.toFixed(2)} ms, min ${side.min.toFixed(2)} ms per MB; langchain ${lc.median.toFixed(2)} / ${lc.min.toFixed(2)}; ratio langchain/ours ${(lc.median / side.median).toFixed(2)}x (medians), ${(lc.min / side.min).toFixed(2)}x (minima)`,
  );
}
