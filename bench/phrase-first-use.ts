/**
 * `npx tsx bench/phrase-first-use.ts [--reference=<checkout>] [--runs=N] [--strings=N] [--node-flags="..."]`: what a
 * fresh process pays for the phrase rules before they are warm (a CLI check, a serverless function, a server after a
 * restart). Each figure is a new child process (`node --import tsx`), taken in turn branch, reference, reference,
 * branch, ... so a drift of the machine touches both alike; medians of the runs, and the median of the per-run
 * ratios (each run's two processes are neighbours in time).
 *
 * Two kinds of child, each reporting its own CPU time (`process.cpuUsage()`, user + system) at marks:
 * - `strings`: imports the checkout's injection detector and makes one (import), then checks N ordinary strings
 *   (README prose and JSON tool output alternately, 256-1,024 characters, the same strings for every checkout): the
 *   first check, the first 100 and the first N (cumulative); then the N strings twice more (the third pass warm).
 * - `engine`: imports the checkout's `LocalPolicyEngine` and makes one (default policy, no worker thread, so every
 *   check runs on this thread), then one output check of a 64 KB result (README prose), then a second one of another
 *   64 KB result: what the first tool call of a fresh process costs, and the next one.
 * The strings are built before any mark from this checkout's bench/lib (not timed), so only the engine differs.
 */
import { spawnSync } from "node:child_process";
import { resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { oneText, readmes, toolOutputs } from "./lib/injection-texts.js";
import { describeMachine, machineInfo } from "./lib/machine.js";
import { median } from "./lib/stats.js";

const arg = (name: string): string | undefined =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const here = fileURLToPath(import.meta.url);
const root = resolve(here, "../..");

/** CPU milliseconds this process has used so far. */
function cpuMs(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

/** `count` strings of 256-1,024 characters, README prose and JSON tool output in turn, cut in order. */
export function firstUseStrings(count: number): string[] {
  const prose = oneText(readmes(4 * 1024 * 1024), 2 * 1024 * 1024);
  const json = oneText(toolOutputs(1200), 2 * 1024 * 1024);
  const out: string[] = [];
  const at = [0, 0];
  for (let i = 0; i < count; i++) {
    const source = i % 2 === 0 ? prose : json;
    const size = 256 + ((i * 389) % 769);
    const from = at[i % 2]! % (source.length - size);
    out.push(JSON.parse(JSON.stringify(source.slice(from, from + size))) as string);
    at[i % 2] = from + size;
  }
  return out;
}

type Marks = Record<string, number>;

async function stringsChild(checkout: string, count: number): Promise<Marks> {
  const texts = firstUseStrings(count);
  const start = cpuMs();
  const mod = (await import(
    pathToFileURL(resolve(checkout, "src/engine/detectors/injection/index.ts")).href
  )) as {
    createInjectionDetector: () => { detect(text: string, out: unknown[]): void };
  };
  const detector = mod.createInjectionDetector();
  const marks: Marks = { import: cpuMs() - start };
  const out: unknown[] = [];
  let findings = 0;
  for (let i = 0; i < texts.length; i++) {
    out.length = 0;
    detector.detect(texts[i]!, out);
    findings += out.length;
    if (i === 0) marks["first check"] = cpuMs() - start - marks.import!;
    if (i === 99) marks["first 100"] = cpuMs() - start - marks.import!;
  }
  marks[`first ${count}`] = cpuMs() - start - marks.import!;
  marks.findings = findings;
  // The same strings twice more, in a process of its own rather than beside the other checkout: the second pass
  // still pays V8's tier-up of a regex run once in the first (compiled to native code at its second run); the third
  // is warm.
  for (const pass of ["second", "third"]) {
    const before = cpuMs();
    for (const text of texts) {
      out.length = 0;
      detector.detect(text, out);
    }
    marks[`${pass} pass`] = cpuMs() - before;
  }
  return marks;
}

async function engineChild(checkout: string): Promise<Marks> {
  const prose = oneText(readmes(1024 * 1024), 256 * 1024);
  const results = [prose.slice(0, 64 * 1024), prose.slice(64 * 1024, 128 * 1024)];
  const start = cpuMs();
  const mod = (await import(pathToFileURL(resolve(checkout, "src/index.ts")).href)) as {
    LocalPolicyEngine: new (
      policy: object,
      options: { worker: false },
    ) => { checkOutput(request: object): Promise<{ action?: string; findings?: unknown[] }> };
  };
  const engine = new mod.LocalPolicyEngine({}, { worker: false });
  const marks: Marks = { "import + engine": cpuMs() - start };
  for (const [i, text] of results.entries()) {
    const before = cpuMs();
    await engine.checkOutput({
      connectorType: "bench.payload",
      serverName: "bench",
      toolName: "read_file",
      callId: `first-use-${i}`,
      args: { path: `README-${i}.md` },
      result: { content: [{ type: "text", text }] },
    });
    marks[i === 0 ? "first 64 KB check" : "second 64 KB check"] = cpuMs() - before;
  }
  return marks;
}

function runChild(checkout: string, kind: string, count: number, nodeFlags: string[]): Marks {
  const child = spawnSync(
    process.execPath,
    [
      ...nodeFlags,
      "--import",
      "tsx",
      here,
      `--child=${kind}`,
      `--checkout=${checkout}`,
      `--strings=${count}`,
    ],
    { cwd: root, encoding: "utf8", maxBuffer: 1 << 24 },
  );
  if (child.status !== 0) throw new Error(`child ${kind} in ${checkout} failed:\n${child.stderr}`);
  return JSON.parse(child.stdout.trim().split("\n").at(-1)!) as Marks;
}

async function main(): Promise<void> {
  const kind = arg("child");
  const count = Number(arg("strings") ?? 1000);
  if (kind !== undefined) {
    const checkout = arg("checkout")!;
    const marks = kind === "engine" ? await engineChild(checkout) : await stringsChild(checkout, count);
    marks.process = cpuMs();
    console.log(JSON.stringify(marks));
    return;
  }
  const runs = Number(arg("runs") ?? 5);
  const reference = arg("reference");
  const nodeFlags = (arg("node-flags") ?? "").split(" ").filter((f) => f !== "");
  const subjects: [string, string][] = [["branch", root]];
  if (reference !== undefined) subjects.push(["reference", resolve(reference)]);
  const samples = new Map<string, Marks[]>();
  for (let r = 0; r < runs; r++)
    for (const child of ["strings", "engine"])
      for (const [name, dir] of r % 2 === 0 ? subjects : [...subjects].reverse()) {
        const key = `${child}|${name}`;
        const list = samples.get(key) ?? [];
        list.push(runChild(dir, child, count, nodeFlags));
        samples.set(key, list);
      }
  console.log(
    `${describeMachine(machineInfo())} · ${runs} runs · ${count} strings · node flags: ${nodeFlags.join(" ") || "none"}`,
  );
  console.log(
    "CPU ms per fresh process, median (fastest); with a reference: branch/reference, median of run ratios",
  );
  for (const child of ["strings", "engine"]) {
    const mine = samples.get(`${child}|branch`)!;
    const theirs = samples.get(`${child}|reference`);
    for (const mark of Object.keys(mine[0]!)) {
      const cell = (list: Marks[]) => {
        const xs = list.map((m) => m[mark]!);
        return `${median(xs).toFixed(mark === "findings" ? 0 : 1)} (${Math.min(...xs).toFixed(mark === "findings" ? 0 : 1)})`;
      };
      let row = `${child} · ${mark}: branch ${cell(mine)}`;
      if (theirs !== undefined) {
        const ratio = median(mine.map((m, i) => m[mark]! / theirs[i]![mark]!));
        row += ` · reference ${cell(theirs)} · ratio ${ratio.toFixed(2)}`;
      }
      console.log(row);
    }
  }
}

await main();
