/**
 * `detector-costs.ts` for this checkout and a reference checkout side by side in one process, interleaved: each
 * detector of the families-text policy's output plan, the shared literal pass and the whole output check, timed in
 * process CPU time on the bench's 1 MB of prose (a new text each round: the engine and the shared pass keep their last
 * text's answers), per side, so a change's effect per detector is read from the same rounds under the same load.
 *
 * `npx tsx bench/speed/detector-costs-vs-reference.ts --reference=<checkout> [rounds] [--json]`
 */
import { resolve } from "node:path";
import { payload } from "../fixtures/inputs.js";
import { familiesCheckoutAt } from "../lib/families-checkout.js";
import { median } from "../lib/stats.js";
import { benchText, MB, textRequest } from "./common.js";
import { NO_INJECTION } from "./families-text.js";

interface Part {
  name: string;
  run: (text: string) => unknown;
  prepare?: (text: string) => void;
}

async function partsAt(dir: string): Promise<Part[]> {
  const { detectors, pass, engine: engineFor } = await familiesCheckoutAt(dir);
  const engine = engineFor(NO_INJECTION);
  return [
    { name: "shared literal pass", run: pass },
    ...detectors.map((d) => ({ name: d.id, run: (text: string) => d.detect(text, []), prepare: pass })),
    { name: "whole output check", run: (text: string) => engine.checkOutput(textRequest(text)) },
  ];
}

async function cpuMs(part: Part, texts: readonly string[]): Promise<number> {
  let micros = 0;
  for (const text of texts) {
    part.prepare?.(text);
    const start = process.cpuUsage();
    await part.run(text);
    const used = process.cpuUsage(start);
    micros += used.user + used.system;
  }
  return micros / 1000 / texts.length;
}

const reference = process.argv.find((a) => a.startsWith("--reference="))?.slice("--reference=".length);
if (reference === undefined) throw new Error("--reference=<checkout> is required");
const rounds = Number(process.argv.find((a) => /^\d+$/.test(a)) ?? 9);
// `--json`: the bench's JSON text (records, many numbers) instead of its prose. Each round reads new texts (seeds),
// the same ones on both sides.
const textOf = (seed: number) =>
  process.argv.includes("--json") ? payload("json", MB, seed) : benchText(MB, seed);
const sides = [
  { side: "reference", parts: await partsAt(resolve(reference)) },
  { side: "this", parts: await partsAt(resolve(".")) },
];
const samples = new Map<string, number[]>();
for (const { side, parts } of sides)
  for (const p of parts) {
    await cpuMs(p, [textOf(1)]);
    samples.set(`${side}\u0000${p.name}`, []);
  }
for (let r = 0; r < rounds; r++) {
  const texts = [textOf(11 + 3 * r), textOf(12 + 3 * r), textOf(13 + 3 * r)];
  for (const { side, parts } of r % 2 === 0 ? sides : [...sides].reverse())
    for (const p of parts) samples.get(`${side}\u0000${p.name}`)!.push(await cpuMs(p, texts));
}
const names = sides[1]!.parts.map((p) => p.name);
console.log(
  `| part (CPU ms per MB, median of ${rounds} interleaved rounds) | reference | this |\n| --- | --- | --- |`,
);
for (const name of names) {
  const cell = (side: string) => {
    const ms = samples.get(`${side}\u0000${name}`);
    return ms === undefined ? "-" : median(ms).toFixed(2);
  };
  console.log(`| ${name} | ${cell("reference")} | ${cell("this")} |`);
}
