/**
 * `npx tsx bench/phrase-counts.ts [--reference=<checkout>]`: what the phrase rules (the `injection` detector) do per
 * KB on bench/phrase-cost.ts's inputs, counted rather than timed: hits the trigger pass hands to JavaScript
 * (`TriggerHits.push`) and regex attempts at lead words (sticky `exec` calls). With
 * `node --max-semi-space-size=512 --expose-gc --import tsx bench/phrase-counts.ts`, also the bytes one check
 * allocates (V8 heap plus external memory, a new text each round; a round with a garbage collection inside it is
 * discarded, so the figure is what was allocated, not what survived).
 */
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { GCProfiler, getHeapStatistics } from "node:v8";
import type { TextDetector, TextMatch } from "../src/engine/types.js";
import { oneText, readmes, slices, toolOutputs } from "./lib/injection-texts.js";
import { describeMachine, machineInfo } from "./lib/machine.js";

const referenceDir = process.argv.find((a) => a.startsWith("--reference="))?.slice(12);
const MB = 1024 * 1024;

interface Counted {
  name: string;
  detector: TextDetector;
  hits: { n: number };
}

/** The detector of the checkout at `dir`, its pass's hits counted. */
async function load(name: string, dir: string): Promise<Counted> {
  const at = (path: string) => pathToFileURL(resolve(dir, path)).href;
  const triggers = (await import(at("src/engine/detectors/injection/phrase-triggers.ts"))) as {
    TriggerHits: { prototype: { push(id: number, end: number, units: number): void } };
  };
  const index = (await import(at("src/engine/detectors/injection/index.ts"))) as {
    createInjectionDetector: () => TextDetector;
  };
  const hits = { n: 0 };
  const push = triggers.TriggerHits.prototype.push;
  triggers.TriggerHits.prototype.push = function (id: number, end: number, units: number): void {
    hits.n++;
    push.call(this, id, end, units);
  };
  return { name, detector: index.createInjectionDetector(), hits };
}

let regexCalls = 0;
const exec = RegExp.prototype.exec;
RegExp.prototype.exec = function (this: RegExp, text: string): RegExpExecArray | null {
  if (this.sticky) regexCalls++;
  return exec.call(this, text);
};

const gc = (globalThis as { gc?: () => void }).gc;
const used = (): number => {
  const h = getHeapStatistics();
  return h.used_heap_size + h.external_memory;
};
/** MB allocated by one check of `inputs`, the median of the rounds with no collection inside; NaN if none. */
function allocated(d: TextDetector, make: (round: number) => string[]): number {
  if (gc === undefined) return Number.NaN;
  const clean: number[] = [];
  for (let round = 0; round < 5; round++) {
    const inputs = make(round);
    const out: TextMatch[] = [];
    gc();
    const profiler = new GCProfiler();
    profiler.start();
    const before = used();
    for (const t of inputs) d.detect(t, out);
    const after = used();
    const collections = profiler.stop().statistics.length;
    // The first round compiles; a collection inside a round makes its difference meaningless.
    if (round > 0 && collections === 0) clean.push((after - before) / MB);
  }
  clean.sort((a, b) => a - b);
  return clean.length === 0 ? Number.NaN : clean[clean.length >> 1]!;
}

async function main(): Promise<void> {
  const subjects = [await load("this checkout", ".")];
  if (referenceDir !== undefined) subjects.push(await load("reference", referenceDir));
  const docs = readmes();
  const json = toolOutputs(1200);
  // A new text each round (the first character dropped, a space added), flat as a parsed tool output is.
  const fresh = (texts: string[], round: number) =>
    texts.map((t) => JSON.parse(JSON.stringify(`${t.slice(round % 7)}${" ".repeat(round % 7)}`)) as string);
  const sets = [
    { name: "README prose, 1 KB strings", base: slices(docs, 1024, 1024) },
    { name: "JSON tool output, 1 KB strings", base: slices(json, 1024, 1024) },
    { name: "README prose, one 1 MB text", base: [oneText(docs, MB)] },
    { name: "JSON tool output, one 1 MB text", base: [oneText(json, MB)] },
  ];
  console.log(
    `${describeMachine(machineInfo())} · counts per KB${gc === undefined ? "" : ", MB allocated per check"}`,
  );
  for (const set of sets) {
    const kb = set.base.reduce((n, t) => n + t.length, 0) / 1024;
    const row = subjects.map(({ name, detector, hits }) => {
      hits.n = 0;
      regexCalls = 0;
      let findings = 0;
      for (const t of set.base) {
        const out: TextMatch[] = [];
        detector.detect(t, out);
        findings += out.length;
      }
      const counts = `hits ${(hits.n / kb).toFixed(2)}, regex calls ${(regexCalls / kb).toFixed(2)}, findings ${findings}`;
      const mb = allocated(detector, (round) => fresh(set.base, round));
      return `${name}: ${counts}${Number.isNaN(mb) ? "" : `, ${mb.toFixed(3)} MB allocated`}`;
    });
    console.log(`${set.name}: ${row.join(" · ")}`);
  }
}

await main();
