/**
 * What one pass over a text costs in V8, per primitive, on 1 MB of the bench's prose and JSON text: the measurements
 * behind scan/candidates.ts (a candidate index of native `indexOf` searches rather than one JavaScript pass or one
 * regex that classifies every character). Process CPU time, median of interleaved rounds; not a goal row.
 *
 * `npx tsx bench/speed/scan-primitives.ts [rounds]`
 */

import { payload } from "../fixtures/inputs.js";
import { median } from "../lib/stats.js";
import { benchText, langchainDetectors, MB } from "./common.js";

/** The characters a one-pass classifier would stop at: digits, `@`, operators, token glue, controls, non-ASCII. */
const INTERESTING = new Uint8Array(65536);
for (const c of "0123456789@:=_-/<#") INTERESTING[c.charCodeAt(0)] = 1;
for (let c = 0; c < 32; c++) if (c !== 10) INTERESTING[c] = 1;
for (let c = 127; c < 65536; c++) INTERESTING[c] = 1;

function countAll(text: string, re: RegExp): number {
  re.lastIndex = 0;
  let n = 0;
  while (re.exec(text) !== null) n++;
  return n;
}

function indexOfLoop(text: string, needle: string): number {
  let n = 0;
  for (let at = text.indexOf(needle); at !== -1; at = text.indexOf(needle, at + 1)) n++;
  return n;
}

const PRIMITIVES: { name: string; run: (text: string) => number }[] = [
  {
    name: "one JavaScript pass (charCodeAt, a table lookup per character)",
    run: (text) => {
      let n = 0;
      for (let i = 0; i < text.length; i++) n += INTERESTING[text.charCodeAt(i)]!;
      return n;
    },
  },
  { name: "one regex for the same classes", run: (text) => countAll(text, /[\d@:=_\-/<#]|[^\x20-\x7e\n]/g) },
  { name: "regex for one rare character (/@/g)", run: (text) => countAll(text, /@/g) },
  { name: "regex for a letter (/k/g)", run: (text) => countAll(text, /k/g) },
  { name: "indexOf loop, a rare character (@)", run: (text) => indexOfLoop(text, "@") },
  { name: "indexOf loop, a letter (k)", run: (text) => indexOfLoop(text, "k") },
  { name: "indexOf loop, a common letter (c)", run: (text) => indexOfLoop(text, "c") },
  {
    name: "indexOf loop, each of the 10 digits",
    run: (text) => [..."0123456789"].reduce((n, d) => n + indexOfLoop(text, d), 0),
  },
  { name: "regex for digit runs (/\\d+/g)", run: (text) => countAll(text, /\d+/g) },
  {
    name: "indexOf, 6-character needle from a rare character (-----B)",
    run: (text) => text.indexOf("-----B"),
  },
  {
    name: "indexOf, 11-character needle ending in a space (-----BEGIN )",
    run: (text) => text.indexOf("-----BEGIN "),
  },
  { name: "case-insensitive word (/secret/gi)", run: (text) => countAll(text, /secret/gi) },
  {
    name: "alternation of credential words (/key|secret|token/g)",
    run: (text) => countAll(text, /key|secret|token/g),
  },
  { name: "Buffer.byteLength (is it ASCII?)", run: (text) => Buffer.byteLength(text, "utf8") },
  { name: "toLowerCase", run: (text) => text.toLowerCase().length },
  { name: "langchain's five built-in detectors (reference)", run: (text) => langchainDetectors(text) },
];

function cpuMs(run: () => unknown, repeat: number): number {
  const start = process.cpuUsage();
  for (let i = 0; i < repeat; i++) run();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000 / repeat;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const rounds = Number(process.argv[2] ?? 7);
  const inputs = { prose: benchText(), json: payload("json", MB) };
  const samples = new Map<string, number[]>();
  for (let r = 0; r < rounds; r++)
    for (const p of PRIMITIVES)
      for (const [input, text] of Object.entries(inputs)) {
        const key = `${p.name}\u0000${input}`;
        samples.set(key, [...(samples.get(key) ?? []), cpuMs(() => p.run(text), 3)]);
      }
  console.log(`| primitive (CPU ms per MB, median of ${rounds}) | prose | JSON text |\n| --- | --- | --- |`);
  for (const p of PRIMITIVES) {
    const at = (input: string) => median(samples.get(`${p.name}\u0000${input}`)!).toFixed(2);
    console.log(`| ${p.name} | ${at("prose")} | ${at("json")} |`);
  }
}
