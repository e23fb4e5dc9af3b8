/**
 * `npx tsx bench/import-cost.ts` (after `npm run build`): what importing mcp-tollgate costs next to what importing
 * its peers costs, in the same run, and the installed size of each.
 *
 * Each figure is a fresh node process (child processes, taken in turn A B C D A B C D ... so a drift of the machine
 * touches all alike): A node alone, B the peers (@langchain/core, @langchain/langgraph, @langchain/mcp-adapters),
 * C the peers then the package (dist/, as published), D the package alone. Medians of RUNS (default 11) of each
 * process's own CPU time (user + system; on a shared machine wall time mostly measures the neighbours), wall time
 * beside it. The package adds C - B on top of the peers; the bar is C - B <= (B - A) / 4. The same ratio is
 * also counted inside each C process (CPU time around the peers' imports, then around the package's), which does not
 * subtract two noisy medians of different processes.
 * Installed size: the package's own dependency closure (production dependencies, hoisted node_modules) against the
 * peers' closure; a package both use counts in both.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const modules = join(root, "node_modules");
const PEERS = ["@langchain/core/tools", "@langchain/langgraph", "@langchain/mcp-adapters"];
const PACKAGE = join(root, "dist/index.js");

const imports = (specifiers: string[]) =>
  specifiers.map((s) => `await import(${JSON.stringify(s)});`).join(" ");
/** Records the process's CPU time so far under a name (the child reports every mark at its end). */
const mark = (name: string) => `marks[${JSON.stringify(name)}] = cpuMs();`;
const SCENARIOS: Record<string, string> = {
  "A node alone": "",
  "B peers": imports(PEERS),
  "C peers + mcp-tollgate": `${mark("start")} ${imports(PEERS)} ${mark("peers")} ${imports([PACKAGE])}`,
  "D mcp-tollgate alone": imports([PACKAGE]),
};

interface Timing {
  cpu: number;
  wall: number;
  /** CPU time at each mark, in the same process. */
  marks: Record<string, number>;
}

/** One fresh process: its CPU time (user + system, as the process itself counts it at the end) and its wall time. */
function timeOnce(code: string): Timing {
  const started = Date.now();
  const prelude =
    "const cpuMs = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; }; const marks = {};";
  const report = "console.log(JSON.stringify({ cpu: cpuMs(), marks }));";
  const child = spawnSync(process.execPath, ["--input-type=module", "-e", `${prelude} ${code} ${report}`], {
    cwd: root,
    encoding: "utf8",
  });
  if (child.status !== 0) throw new Error(child.stderr);
  const { cpu, marks } = JSON.parse(child.stdout.trim().split("\n").at(-1)!) as Omit<Timing, "wall">;
  return { cpu, marks, wall: Date.now() - started };
}

/** The package's own JavaScript files a static import of the entry reaches (what each import reads and links). */
function packageFilesLoaded(entry: string): number {
  const seen = new Set<string>();
  const stack = [entry];
  while (stack.length > 0) {
    const file = stack.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const text = readFileSync(file, "utf8");
    for (const m of text.matchAll(
      /^(?:import|export)\b[^;]*?\bfrom\s*"(\.{1,2}\/[^"]+)"|^import\s*"(\.{1,2}\/[^"]+)"/gm,
    )) {
      stack.push(join(file, "..", (m[1] ?? m[2])!));
    }
  }
  return seen.size;
}

/** Where the figures come from: the commit of dist/ (as built from this checkout), the machine and its load. */
function provenance(): string {
  let commit = "unknown";
  try {
    commit = execFileSync("git", ["rev-parse", "--short", "HEAD"], { cwd: root, encoding: "utf8" }).trim();
    const dirty = execFileSync("git", ["status", "--porcelain", "--", "src", "scripts", "package.json"], {
      cwd: root,
      encoding: "utf8",
    });
    if (dirty.trim() !== "") commit += " (with uncommitted changes)";
  } catch {
    // not a git checkout: the figures still stand, without a commit
  }
  const load = loadavg()
    .map((l) => l.toFixed(1))
    .join(" ");
  return `commit ${commit}; ${cpus().length} x ${cpus()[0]?.model ?? "unknown CPU"}, load average ${load}`;
}

function dirBytes(dir: string): number {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) total += dirBytes(path);
    else if (entry.isFile()) total += statSync(path).size;
  }
  return total;
}

/** The production dependency closure of some packages, by the hoisted node_modules layout. */
function closure(names: string[]): Set<string> {
  const seen = new Set<string>();
  const queue = [...names];
  while (queue.length > 0) {
    const name = queue.pop()!;
    if (seen.has(name) || !existsSync(join(modules, name, "package.json"))) continue;
    seen.add(name);
    const pkg = JSON.parse(readFileSync(join(modules, name, "package.json"), "utf8")) as {
      dependencies?: Record<string, string>;
    };
    queue.push(...Object.keys(pkg.dependencies ?? {}));
  }
  return seen;
}

function installed(label: string, names: string[]): string {
  const all = closure(names);
  const bytes = [...all].reduce((sum, name) => sum + dirBytes(join(modules, name)), 0);
  return `| ${label} | ${all.size} | ${(bytes / 1e6).toFixed(1)} MB |`;
}

function main(): void {
  if (!existsSync(PACKAGE)) throw new Error("dist/ is missing: run `npm run build` first");
  const runs = Number(process.env.RUNS ?? 11);
  const times = new Map<string, Timing[]>(Object.keys(SCENARIOS).map((k) => [k, []]));
  timeOnce(SCENARIOS["C peers + mcp-tollgate"]!); // warm the file cache once
  for (let i = 0; i < runs; i++) {
    for (const [name, code] of Object.entries(SCENARIOS)) times.get(name)!.push(timeOnce(code));
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const cpu = (k: string) => median(times.get(k)!.map((t) => t.cpu));
  console.log(
    `${new Date().toISOString().slice(0, 10)}, Node ${process.version}, ${runs} runs each, medians; ${provenance()}`,
  );
  console.log(`mcp-tollgate's own files read by \`import "mcp-tollgate"\`: ${packageFilesLoaded(PACKAGE)}`);
  console.log("| process | CPU ms | wall ms |\n| --- | --- | --- |");
  for (const [k, v] of times) {
    console.log(`| ${k} | ${cpu(k).toFixed(0)} | ${median(v.map((t) => t.wall))} |`);
  }
  const peers = cpu("B peers") - cpu("A node alone");
  const added = cpu("C peers + mcp-tollgate") - cpu("B peers");
  console.log(
    `\nCPU: the peers take ${peers.toFixed(0)} ms; mcp-tollgate adds ${added.toFixed(0)} ms on top of them: ${((100 * added) / peers).toFixed(0)}% of the peers' (bar: 25%)`,
  );
  // The same ratio without subtracting medians of different processes (each of which carries the machine's noise):
  // in each C process, the CPU time its peers' imports took and then the package's, medians over the C processes.
  const inC = times.get("C peers + mcp-tollgate")!;
  const peersInC = median(inC.map((t) => t.marks.peers! - t.marks.start!));
  const addedInC = median(inC.map((t) => t.cpu - t.marks.peers!));
  console.log(
    `CPU counted inside each C process: the peers' imports take ${peersInC.toFixed(0)} ms, mcp-tollgate's ${addedInC.toFixed(0)} ms after them: ${((100 * addedInC) / peersInC).toFixed(0)}% (bar: 25%)`,
  );
  const own = Object.keys(
    (JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { dependencies: Record<string, string> })
      .dependencies,
  );
  console.log("\n| installed | packages | size |\n| --- | --- | --- |");
  console.log(installed("mcp-tollgate's dependencies", own));
  console.log(
    installed("the peers (@langchain/core, langgraph, mcp-adapters)", [
      "@langchain/core",
      "@langchain/langgraph",
      "@langchain/mcp-adapters",
    ]),
  );
}

main();
