/**
 * Where the CPU time of one structuredContent output check goes, stage by stage (issue 16, item 4): the bench row's
 * input (`structuredRequest`, ~0.81 MB of JSON records, a new seed every check), the full default check (or
 * `--no-injection`), worker off, V8's inlining off (below). Each check is profiled alone (node:inspector, sampling
 * every 500 µs: at 100 µs the sampler's own cost shifted time between neighbouring stages); a sample is charged to
 * the innermost stage function on its stack (STAGES), and a stage's milliseconds are its share of the samples times
 * the check's process CPU time, so the figures add up to the CPU time per check. Under a stage, the detector
 * file reading (the outermost frame in src/engine/detectors/) splits it further.
 *
 * With `--reference=<checkout>` the same checks run on that checkout too, interleaved (the same seed for both in a
 * round, order swapped every other round), and the table gives both and their ratio.
 *
 * `npx tsx bench/speed/structured-stages.ts [--reference=<dir>] [rounds] [--no-injection]`
 */
import { spawnSync } from "node:child_process";
import { Session } from "node:inspector/promises";
import { resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { median } from "../lib/stats.js";
import { MB, structuredRequest } from "./common.js";
import { NO_INJECTION } from "./families-text.js";

/** The stage each function is charged to (the innermost on a sample's stack wins). */
const STAGES: Record<string, string> = {
  assertCallToolResult: "validate: result envelope",
  inspectJson: "validate: inspectJson",
  isShallowJson: "validate: inspectJson",
  assertResultShape: "validate: inspectJson",
  inspectValue: "validate: inspectJson",
  byteLengthBound: "measure: size before the scan",
  byteLengthIfOver: "measure: size before the scan",
  jsonByteLength: "measure: exact size",
  cutBeforeScan: "measure: size before the scan",
  assertCheckedWithinLimit: "measure: size after the scan",
  byteLengthFloor: "measure: size after the scan",
  screenJson: "screen: bookkeeping",
  collectReadings: "screen: collect readings",
  // The collection's helpers by name too: the sampler's stacks sometimes miss the frame of a function running
  // on-stack-replaced code (a long loop's), which charged collectReadings' time to screenJson.
  use: "screen: collect readings",
  useAlone: "screen: collect readings",
  useAfterKey: "screen: collect readings",
  firstUse: "screen: collect readings",
  noteUse: "screen: collect readings",
  plainReading: "screen: collect readings",
  markReadings: "screen: gates",
  markSampled: "screen: gates",
  markBatch: "screen: literal screens, view trigger",
  literalHits: "screen: literal screens, view trigger",
  literalMarks: "screen: literal screens, view trigger",
  searchLiterals: "screen: literal screens, view trigger",
  anyMayMatch: "screen: gates",
  markMembers: "screen: gates",
  joinPieces: "screen: join",
  joinStrings: "screen: join",
  piecesOf: "screen: join",
  rejoined: "screen: join",
  markFound: "screen: joined detectors",
  readKept: "screen: kept strings re-read",
  cleanContainers: "screen: clean containers",
  rememberScreened: "memo: lookups and writes",
  walkJson: "walk: kept strings' scans",
  scanJson: "walk: kept strings' scans",
  scanStringLeaf: "walk: kept strings' scans",
  scanKeyedString: "walk: kept strings' scans",
  scanNumber: "walk: kept strings' scans",
  knownClean: "memo: lookups and writes",
  scanBlock: "content blocks",
  splitValues: "content blocks",
  attachOutputFacts: "provenance facts",
  resultFactsOf: "provenance facts",
  "(garbage collector)": "garbage collector",
};

interface Node {
  id: number;
  callFrame: { functionName: string; url: string };
  children?: number[];
}
interface Profile {
  nodes: Node[];
  samples: number[];
  timeDeltas: number[];
}

/** Per sample node: its stage and the detector file under it ("" for none). Cached per profile node. */
function chargeOf(node: Node, parent: Map<number, Node>): [string, string] {
  let detectorFile = "";
  for (let cur: Node | undefined = node; cur !== undefined; cur = parent.get(cur.id)) {
    const name = cur.callFrame.functionName;
    const url = cur.callFrame.url;
    const stage = Object.hasOwn(STAGES, name) ? STAGES[name] : undefined;
    // The profiler's own stop (its samples end each profile) is no part of the check.
    if (url.startsWith("node:inspector") || (name === "dispatch" && url === "")) return ["", ""];
    const ours = url.includes("/src/") || name.startsWith("(");
    if (stage !== undefined && ours) return [stage, detectorFile];
    const m = /\/src\/engine\/detectors\/(.+)$/.exec(url);
    if (m) detectorFile = m[1]!;
  }
  return ["other", detectorFile];
}

/** Adds a profile's time per stage and per stage + detector file into `into` (microseconds). */
function charge(profile: Profile, into: Map<string, number>): number {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, Node>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n);
  const cache = new Map<number, [string, string]>();
  let total = 0;
  for (let i = 0; i < profile.samples.length; i++) {
    const id = profile.samples[i]!;
    const us = profile.timeDeltas[i] ?? 0;
    if (byId.get(id)!.callFrame.functionName === "(idle)") continue;
    let c = cache.get(id);
    if (c === undefined) {
      c = chargeOf(byId.get(id)!, parent);
      cache.set(id, c);
    }
    if (c[0] === "") continue;
    total += us;
    into.set(c[0], (into.get(c[0]) ?? 0) + us);
    if (c[1] !== "") into.set(`${c[0]}\u0000${c[1]}`, (into.get(`${c[0]}\u0000${c[1]}`) ?? 0) + us);
  }
  return total;
}

interface Side {
  name: string;
  check: (request: ReturnType<typeof structuredRequest>["request"]) => Promise<unknown>;
  /** Per check: CPU ms, and its profile's microseconds per stage key. */
  cpu: number[];
  shares: Map<string, number>[];
}

async function sideAt(name: string, dir: string, noInjection: boolean): Promise<Side> {
  const url = pathToFileURL(resolve(dir, "src/engine/local-engine.ts")).href;
  const { LocalPolicyEngine } = (await import(url)) as typeof import("../../src/engine/local-engine.js");
  const engine = new LocalPolicyEngine(noInjection ? NO_INJECTION : {}, { worker: false });
  return { name, check: (r) => engine.checkOutput(r), cpu: [], shares: [] };
}

// Inlined functions' samples land in their caller (the reference's collectReadings showed as 0 ms, its time in
// screenJson's): the profile runs without inlining, in a child process, so each stage's samples are its own. Its
// milliseconds are therefore those of code that inlines nothing (a whole check ~1.1-1.3x slower); the shares and the
// ratio between checkouts are the figures to read.
if (!process.execArgv.includes("--no-turbo-inlining")) {
  const self = fileURLToPath(import.meta.url);
  const child = spawnSync(
    process.execPath,
    ["--no-turbo-inlining", "--import", "tsx", self, ...process.argv.slice(2)],
    { stdio: "inherit" },
  );
  process.exit(child.status ?? 1);
}

const args = process.argv.slice(2);
const reference = args.find((a) => a.startsWith("--reference="))?.slice("--reference=".length);
const rounds = Number(args.find((a) => /^\d+$/.test(a)) ?? 12);
const noInjection = args.includes("--no-injection");
const sides = [await sideAt("this", ".", noInjection)];
if (reference !== undefined) sides.push(await sideAt("reference", reference, noInjection));

const session = new Session();
session.connect();
await session.post("Profiler.enable");
await session.post("Profiler.setSamplingInterval", { interval: 500 });

const WARM_UP = 3;
let bytes = 0;
for (let round = 0; round < WARM_UP + rounds; round++) {
  const order = round % 2 === 0 ? sides : [...sides].reverse();
  for (const side of order) {
    // Each side builds its own request (the engines remember strings of a request they read).
    const { request, bytes: size } = structuredRequest(MB, 100 + round);
    bytes = size;
    await session.post("Profiler.start");
    const start = process.cpuUsage();
    await side.check(request);
    const used = process.cpuUsage(start);
    const { profile } = (await session.post("Profiler.stop")) as unknown as { profile: Profile };
    if (round < WARM_UP) continue;
    const stages = new Map<string, number>();
    const total = charge(profile, stages);
    const ms = (used.user + used.system) / 1000;
    // Microseconds of samples -> this check's CPU ms.
    for (const [k, us] of stages) stages.set(k, (us / (total || 1)) * ms);
    side.cpu.push(ms);
    side.shares.push(stages);
  }
}
session.disconnect();

/** Median over checks of a stage's ms (0 where a check had no sample of it). */
const stageMs = (side: Side, key: string) => median(side.shares.map((s) => s.get(key) ?? 0));
const keys = new Set<string>();
for (const side of sides) for (const s of side.shares) for (const k of s.keys()) keys.add(k);
const main = sides[0]!;
const ordered = [...keys]
  .filter((k) => !k.includes("\u0000"))
  .sort((a, b) => stageMs(main, b) - stageMs(main, a));

const fmt = (x: number) => x.toFixed(1);
const cpuThis = median(main.cpu);
console.log(
  `structuredContent check, ${(bytes / 1e6).toFixed(2)} MB of JSON, ${noInjection ? "injection off" : "full default check"}, ${rounds} checks per side after ${WARM_UP} warm-up`,
);
const header = sides.map((s) => `${s.name} ms`).join(" | ");
console.log(`\n| stage (median CPU ms per check) | ${header}${reference ? " | reference/this" : ""} |`);
console.log(`| --- | ${sides.map(() => "---").join(" | ")}${reference ? " | ---" : ""} |`);
const line = (label: string, values: number[]) =>
  console.log(
    `| ${label} | ${values.map(fmt).join(" | ")}${reference ? ` | ${values[0]! > 0 ? (values[1]! / values[0]!).toFixed(2) : "-"}` : ""} |`,
  );
line(
  "**whole check**",
  sides.map((s) => median(s.cpu)),
);
for (const k of ordered) {
  line(
    k,
    sides.map((s) => stageMs(s, k)),
  );
  const subs = [...keys]
    .filter((s) => s.startsWith(`${k}\u0000`))
    .sort((a, b) => stageMs(main, b) - stageMs(main, a))
    .slice(0, 8);
  for (const s of subs) {
    const values = sides.map((side) => stageMs(side, s));
    if (Math.max(...values) >= 0.3) line(`&nbsp;&nbsp;${s.split("\u0000")[1]}`, values);
  }
}
console.log(
  `\n${sides.map((s) => `${s.name}: ${fmt(median(s.cpu))} ms, ${(bytes / 1e6 / (median(s.cpu) / 1000)).toFixed(1)} MB/s CPU`).join("; ")}${reference ? `; median per-round ratio reference/this ${median(main.cpu.map((c, i) => sides[1]!.cpu[i]! / c)).toFixed(2)}` : ""}`,
);
console.log(
  `(this = ${cpuThis.toFixed(1)} ms; stage figures are medians over checks and need not add up exactly)`,
);
