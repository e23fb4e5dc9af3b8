/**
 * The families-but-injection output check on 1 MB texts of other shapes (the bench's JSON text, texts dense in digit
 * runs and in number shapes), this checkout against a reference checkout in one process, interleaved, in process
 * CPU time: a gate that helps prose must not cost the shapes it does not help.
 *
 * `npx tsx bench/speed/shapes-vs-reference.ts --reference=<checkout> [rounds]`
 */
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { payload } from "../fixtures/inputs.js";
import { median } from "../lib/stats.js";
import { MB, textRequest } from "./common.js";
import { NO_INJECTION } from "./families-text.js";

interface Engine {
  checkOutput(request: unknown): Promise<unknown>;
}

async function engineAt(dir: string): Promise<Engine> {
  const { LocalPolicyEngine } = await import(pathToFileURL(join(dir, "src/engine/local-engine.ts")).href);
  return new LocalPolicyEngine(NO_INJECTION, { worker: false }) as Engine;
}

const repeat = (unit: string) => unit.repeat(Math.ceil(MB / unit.length)).slice(0, MB);
const SHAPES: [string, string][] = [
  ["bench JSON text", payload("json", MB)],
  ["`1 ` x 512k (a run every 2 bytes)", repeat("1 ")],
  ["`year 2024, ` (a run every 12 bytes)", repeat("year 2024, ")],
  ["`call +1 415-555-0134 now ` (phones)", repeat("call +1 415-555-0134 now ")],
  ["`host 10.0.0.1 up ` (addresses)", repeat("host 10.0.0.1 up ")],
  ["`ssn 078-05-1120; ` (SSN shapes)", repeat("ssn 078-05-1120; ")],
  ["`ab12 ` (IBAN starts)", repeat("ab12 ")],
];

async function cpuMs(run: () => unknown, repeatCount: number): Promise<number> {
  const start = process.cpuUsage();
  for (let i = 0; i < repeatCount; i++) await run();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000 / repeatCount;
}

const reference = process.argv.find((a) => a.startsWith("--reference="))?.slice("--reference=".length);
if (reference === undefined) throw new Error("--reference=<checkout> is required");
const rounds = Number(process.argv.find((a) => /^\d+$/.test(a)) ?? 5);
const sides: [string, Engine][] = [
  ["reference", await engineAt(resolve(reference))],
  ["this", await engineAt(resolve("."))],
];
console.log(
  `| text (1 MB; CPU ms, median / min of ${rounds} interleaved rounds) | reference | this |\n| --- | --- | --- |`,
);
for (const [shape, text] of SHAPES) {
  const request = textRequest(text);
  const samples = new Map<string, number[]>(sides.map(([name]) => [name, []]));
  for (const [, engine] of sides) await engine.checkOutput(request);
  for (let r = 0; r < rounds; r++)
    for (const [name, engine] of r % 2 === 0 ? sides : [...sides].reverse())
      samples.get(name)!.push(await cpuMs(() => engine.checkOutput(request), 1));
  const cell = (name: string) => {
    const ms = samples.get(name)!;
    return `${median(ms).toFixed(1)} / ${Math.min(...ms).toFixed(1)}`;
  };
  console.log(`| ${shape} | ${cell("reference")} | ${cell("this")} |`);
}
