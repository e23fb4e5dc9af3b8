/**
 * Memory allocated per output check, by part, on a NEW 1 MB text each round: the whole check (the families plan and
 * the full default plan), then each part alone on another new text: the shared literal pass, the normalised view,
 * and each detector of the full plan after the pass (as inside the check). With `--by-frame`, the check's own
 * allocation attributed to the part on the stack (V8's sampling heap profiler, collected objects included): the
 * detectors, the pass, the view, deciding and recording, building the output, the rest.
 *
 * Bytes are exact in the first table: a full collection before each measured call, then the heap's used size and
 * the array buffers' size after it less before, in a young generation large enough that no collection runs in
 * between (a round with a collection inside is dropped and counted). Garbage collection is what a check's allocations
 * cost beyond the detectors (s12: 26-36 ms per MB outside them with other work between checks), so this is the table
 * a cut is measured against. `--reference=<checkout>` adds a second checkout, side by side in one process.
 *
 * `node --expose-gc --min-semi-space-size=256 --max-semi-space-size=256 --import tsx bench/speed/alloc-per-part.ts
 *   [rounds] [--reference=<dir>] [--by-frame]`
 */
import { Session } from "node:inspector/promises";
import { resolve } from "node:path";
import v8 from "node:v8";
import type { TextDetector } from "../../src/engine/types.js";
import { type FamiliesCheckout, familiesCheckoutAt } from "../lib/families-checkout.js";
import { median } from "../lib/stats.js";
import { benchText, MB, textRequest } from "./common.js";
import { NO_INJECTION } from "./families-text.js";

const gc = (globalThis as { gc?: () => void }).gc;
if (gc === undefined) throw new Error("run with node --expose-gc (see the header)");
const collect: () => void = gc;

/** Bytes on the heap and in array buffers now (after a full collection: what is alive). */
function heldBytes(): number {
  return v8.getHeapStatistics().used_heap_size + process.memoryUsage().arrayBuffers;
}

/** Bytes `run` allocates, or NaN when a collection ran inside it. */
async function allocated(run: () => unknown): Promise<number> {
  collect();
  const collections = new v8.GCProfiler();
  collections.start();
  const before = heldBytes();
  await run();
  const after = heldBytes();
  return collections.stop().statistics.length === 0 ? after - before : Number.NaN;
}

interface Side {
  name: string;
  checkout: FamiliesCheckout;
  families: { checkOutput(request: unknown): Promise<unknown> };
  full: { checkOutput(request: unknown): Promise<unknown> };
}

async function sideAt(name: string, dir: string): Promise<Side> {
  const checkout = await familiesCheckoutAt(dir);
  return { name, checkout, families: checkout.engine(NO_INJECTION), full: checkout.engine({}) };
}

const samples = new Map<string, number[]>();
let dropped = 0;
function keep(key: string, bytes: number): void {
  if (Number.isNaN(bytes)) {
    dropped++;
    return;
  }
  const list = samples.get(key) ?? [];
  list.push(bytes);
  samples.set(key, list);
}

/** One round: each side's two checks on new texts, then its parts alone on another new text. */
async function round(sides: readonly Side[], r: number, kept: boolean): Promise<void> {
  for (const side of r % 2 === 0 ? sides : [...sides].reverse()) {
    const note = (key: string, bytes: number) => kept && keep(`${key}\u0000${side.name}`, bytes);
    const families = textRequest(benchText(undefined, 1000 + 2 * r));
    const full = textRequest(benchText(undefined, 1001 + 2 * r));
    note("families check", await allocated(() => side.families.checkOutput(families)));
    note("full check", await allocated(() => side.full.checkOutput(full)));
    const text = benchText(undefined, 5000 + r);
    note("pass", await allocated(() => side.checkout.pass(text)));
    note("view", await allocated(() => side.checkout.view(text)));
    for (const d of side.checkout.fullDetectors)
      note(d.id, await allocated(() => (d as TextDetector).detect(text, [])));
  }
}

const mb = (bytes: number) => (bytes / MB).toFixed(2);

function report(sides: readonly Side[], rounds: number): void {
  const at = (key: string, side: Side) => median(samples.get(`${key}\u0000${side.name}`) ?? [Number.NaN]);
  console.log(
    `\n| part (MB allocated, median of ${rounds} rounds, new 1 MB text each) | ${sides.map((s) => s.name).join(" | ")} |`,
  );
  console.log(`| --- |${sides.map(() => " --- |").join("")}`);
  const parts = ["pass", "view", ...sides[0]!.checkout.fullDetectors.map((d) => d.id)];
  const row = (label: string, value: (s: Side) => number) =>
    console.log(`| ${label} | ${sides.map((s) => mb(value(s))).join(" | ")} |`);
  for (const part of parts) row(part, (s) => at(part, s));
  for (const [label, check, list] of [
    ["families", "families check", "detectors"],
    ["full", "full check", "fullDetectors"],
  ] as const) {
    const partsOf = (s: Side) =>
      ["pass", "view", ...s.checkout[list].map((d) => d.id)].reduce((t, p) => t + at(p, s), 0);
    row(`**${label} check**`, (s) => at(check, s));
    row(`**${label} plan: the parts alone together**`, partsOf);
    row(`**${label} check less its parts**`, (s) => at(check, s) - partsOf(s));
  }
  if (dropped > 0) console.log(`(${dropped} measurements dropped: a collection ran inside them)`);
}

const rounds = Number(process.argv.find((a) => /^\d+$/.test(a)) ?? 7);
const reference = process.argv.find((a) => a.startsWith("--reference="))?.slice("--reference=".length);
const sides = [
  ...(reference === undefined ? [] : [await sideAt("reference", resolve(reference))]),
  await sideAt("this", resolve(".")),
];
// Two warm-up rounds not kept: the first checks compile and fill the engines' caches.
for (let r = 0; r < rounds + 2; r++) await round(sides, r, r >= 2);
report(sides, rounds);
if (process.argv.includes("--by-frame")) await byFrame(sides, rounds);

/** The part a sampled allocation belongs to: the innermost frame on its stack that names one. */
function partOf(stack: readonly { functionName: string; url: string }[]): string {
  for (let i = stack.length - 1; i >= 0; i--) {
    const { functionName: fn, url } = stack[i]!;
    const detector = /\/src\/engine\/detectors\/([a-z-]+)\/([a-z0-9-]+)/.exec(url);
    if (fn === "detect" && detector !== null) return `detector ${detector[1]}/${detector[2]}`;
    if (fn === "runPass" || fn === "runPassOnce") return "pass";
    if (fn === "normalisedView") return "view";
    if (fn === "decideAll") return "decide and record";
    if (fn === "applyRewrites") return "output build";
    if (fn === "sanitize" || fn === "runSanitizers") return "sanitizers";
    if (fn === "scanToolResult") return "scan (other)";
  }
  return "check (other)";
}

interface SampleNode {
  callFrame: { functionName: string; url: string };
  /** The bytes sampled here, scaled to an estimate of all allocated here (not in callees). */
  selfSize: number;
  children: SampleNode[];
}

/** The check's allocation by part, from the sampling heap profiler over `rounds` checks per side and plan. */
async function byFrame(sides: readonly Side[], rounds: number): Promise<void> {
  const session = new Session();
  session.connect();
  for (const side of sides)
    for (const [label, engine] of [
      ["families", side.families],
      ["full", side.full],
    ] as const) {
      const requests = Array.from({ length: rounds }, (_, r) => textRequest(benchText(undefined, 9000 + r)));
      collect();
      await session.post("HeapProfiler.startSampling", {
        samplingInterval: 4096,
        includeObjectsCollectedByMajorGC: true,
        includeObjectsCollectedByMinorGC: true,
      } as object);
      for (const request of requests) await engine.checkOutput(request);
      const { profile } = (await session.post("HeapProfiler.stopSampling")) as unknown as {
        profile: { head: SampleNode };
      };
      const byPart = new Map<string, number>();
      const walk = (node: SampleNode, stack: SampleNode["callFrame"][]) => {
        const here = [...stack, node.callFrame];
        const part = partOf(here);
        byPart.set(part, (byPart.get(part) ?? 0) + node.selfSize);
        for (const c of node.children) walk(c, here);
      };
      walk(profile.head, []);
      console.log(
        `\n${side.name}, ${label} check: MB allocated per check by part (sampled, ${rounds} checks)`,
      );
      for (const [part, bytes] of [...byPart].sort((a, b) => b[1] - a[1]))
        console.log(`  ${part}: ${mb(bytes / rounds)}`);
    }
  session.disconnect();
}
