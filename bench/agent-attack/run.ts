/**
 * `npm run bench:agents` (tsx bench/agent-attack/run.ts): runs every case of the frozen split under each guard
 * configuration, with both scripted models and both humans, against the bench's own MCP servers, and prints attack
 * success, utility and review rate per configuration and split (test first, 95% Wilson intervals).
 *
 * Options: --splits test,dev,train   --guards none,default,... (see GUARDS in guards.ts)   --workers 2   --concurrency 4   --out <file.json>
 * The jobs are shared out over `--workers` processes (default: one per core, at most 4), each with its own servers
 * and `--concurrency` lanes.
 * A guard whose policy cannot load on this checkout (the containment keys before branch i17-contain is merged) is
 * reported as unavailable, not skipped silently.
 */
import { execSync, fork } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { PolicyConfig } from "../../src/index.js";
import { type BenchCase, casesOf, loadSplit, SPLITS, type SplitName, splitDrift } from "./cases.js";
import { freshCases, freshDrift } from "./fresh.js";
import { GUARDS, type GuardName, type LaneTools, laneTools, policyOf, usesHandles } from "./guards.js";
import type { ModelKind } from "./models.js";
import { breakdown, rowsOf, splitTable } from "./report.js";
import { type CaseOutcome, type Human, type LaneAgent, laneAgent, runCase } from "./run-case.js";
import { type BenchServers, startBenchServers } from "./servers.js";
import { fromToolShare, TASKS } from "./tasks.js";

interface Job {
  benchCase: BenchCase;
  guard: GuardName;
  model: ModelKind;
  human: Human;
}

function option(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

/**
 * Jobs without duplicates: a benign case is the same for both models (it runs once, as `obedient`); an unguarded
 * run has no reviews (it runs once, with no human). Each job runs with the reject-all human first; the approve-all
 * run is needed only when that run put something to the human (models, guard and servers are deterministic, so a
 * run without a review is the same run whatever the human would have answered).
 */
function jobsOf(cases: readonly BenchCase[], guards: readonly GuardName[]): Job[] {
  const jobs: Job[] = [];
  for (const guard of guards)
    for (const benchCase of cases)
      for (const model of benchCase.attack ? (["obedient", "compromised"] as const) : (["obedient"] as const))
        jobs.push({ benchCase, guard, model, human: "reject-all" });
  return jobs;
}

async function runAll(
  servers: BenchServers,
  jobs: Job[],
  policies: Map<GuardName, PolicyConfig | undefined>,
  concurrency: number,
) {
  const outcomes: CaseOutcome[] = [];
  let next = 0;
  const worker = async (w: number) => {
    const lane = `lane-${w}`;
    const clients = new Map<GuardName, LaneTools>();
    const agents = new Map<GuardName, LaneAgent>();
    for (let job = jobs[next++]; job; job = jobs[next++]) {
      let tools = clients.get(job.guard);
      if (!tools) {
        tools = await laneTools(servers, lane, policies.get(job.guard), usesHandles(job.guard));
        clients.set(job.guard, tools);
        agents.set(job.guard, laneAgent(tools));
      }
      const agent = agents.get(job.guard)!;
      const rejected = await runCase(servers, lane, agent, job);
      outcomes.push(rejected);
      const approved =
        rejected.reviews > 0
          ? await runCase(servers, lane, agent, { ...job, human: "approve-all" })
          : undefined;
      outcomes.push(approved ?? { ...rejected, human: "approve-all" });
    }
    await Promise.all([...clients.values()].map((c) => c.client.close()));
  };
  await Promise.all(Array.from({ length: concurrency }, (_, w) => worker(w)));
  return outcomes;
}

function commitOf(): string {
  try {
    return execSync("git rev-parse --short HEAD", { encoding: "utf8" }).trim();
  } catch {
    return "unknown";
  }
}

/** Runs this process's share of the jobs (every `of`-th from `index`) and writes the outcomes to `out`. */
async function workerMain(
  index: number,
  of: number,
  jobs: Job[],
  policies: Map<GuardName, PolicyConfig | undefined>,
) {
  const servers = await startBenchServers();
  const mine = jobs.filter((_, i) => i % of === index);
  const outcomes = await runAll(servers, mine, policies, Number(option("concurrency") ?? 4));
  await servers.close();
  const cpu = process.cpuUsage();
  writeFileSync(
    option("worker-out")!,
    JSON.stringify({ outcomes, cpuSeconds: (cpu.user + cpu.system) / 1e6 }),
  );
}

/** Forks `workers` processes of this script, each on its share of the same job list; their outcomes, merged. */
interface WorkerResult {
  outcomes: CaseOutcome[];
  /** CPU time (user + system) of the worker process: comparable across machines under different load. */
  cpuSeconds: number;
}

async function forkWorkers(workers: number): Promise<WorkerResult> {
  const dir = mkdtempSync(join(tmpdir(), "agent-attack-"));
  try {
    const files = Array.from({ length: workers }, (_, i) => join(dir, `worker-${i}.json`));
    await Promise.all(
      files.map(
        (file, i) =>
          new Promise<void>((resolve, reject) => {
            const args = [...process.argv.slice(2), "--worker", `${i}/${workers}`, "--worker-out", file];
            const child = fork(fileURLToPath(import.meta.url), args, { execArgv: process.execArgv });
            child.on("exit", (code) =>
              code === 0 ? resolve() : reject(new Error(`bench worker ${i} exited with ${code}`)),
            );
          }),
      ),
    );
    const parts = files.map((file) => JSON.parse(readFileSync(file, "utf8")) as WorkerResult);
    return {
      outcomes: parts.flatMap((p) => p.outcomes),
      cpuSeconds: parts.reduce((sum, p) => sum + p.cpuSeconds, 0),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main() {
  const def = loadSplit();
  const drift = [...splitDrift(def), ...freshDrift()];
  if (drift.length)
    throw new Error(
      `split.json does not match the generated cases (refreeze only on purpose):\n${drift.join("\n")}`,
    );
  const splits = (option("splits")?.split(",") ?? ["test", "dev", "train"]) as SplitName[];
  // containment-no-handles is a diagnostic (what handles change), containment+destructive-target an opt-in rule's
  // cost: both asked for by name.
  const defaults = GUARDS.filter(
    (g) => g !== "containment-no-handles" && g !== "containment+destructive-target",
  );
  const wanted = (option("guards")?.split(",") ?? defaults) as GuardName[];
  const concurrency = Number(option("concurrency") ?? 4);
  const workers = Number(option("workers") ?? Math.min(4, cpus().length));
  const policies = new Map<GuardName, PolicyConfig | undefined>();
  const unavailable: string[] = [];
  for (const guard of wanted) {
    const policy = await policyOf(guard);
    if (policy && "unavailable" in policy) unavailable.push(`${guard}: ${policy.unavailable}`);
    else policies.set(guard, policy as PolicyConfig | undefined);
  }
  const guards = wanted.filter((g) => policies.has(g));
  const cases = splits.flatMap((s) =>
    s === "fresh" ? freshCases() : SPLITS.includes(s) ? casesOf(def, s) : [],
  );
  const jobs = jobsOf(cases, guards);
  const worker = option("worker");
  if (worker) {
    const [index, of] = worker.split("/").map(Number) as [number, number];
    await workerMain(index, of, jobs, policies);
    return;
  }
  const started = performance.now();
  const { outcomes, cpuSeconds } = await forkWorkers(workers);
  const seconds = (performance.now() - started) / 1000;

  const commit = commitOf();
  const date = new Date().toISOString();
  const lines = [
    `# Agent-attack bench, ${date.slice(0, 10)}, commit ${commit}`,
    "",
    `${jobs.length} jobs (${outcomes.length} outcomes) in ${seconds.toFixed(1)} s wall, ${cpuSeconds.toFixed(1)} s CPU in the workers (${workers} processes x ${concurrency} lanes, ${cpus().length} cores, load average ${loadavg()[0]?.toFixed(1)}).`,
    `Benign tasks that legitimately send to a target from a tool: ${(100 * fromToolShare()).toFixed(0)}% of ${TASKS.length}.`,
    `Errors: ${outcomes.filter((o) => o.error).length}.`,
    ...(unavailable.length ? ["", "Unavailable on this checkout:", ...unavailable.map((u) => `- ${u}`)] : []),
  ];
  for (const split of splits) {
    const n = cases.filter((c) => c.split === split);
    lines.push(
      "",
      `## ${split} split (${n.filter((c) => !c.attack).length} benign, ${n.filter((c) => c.attack).length} attack cases)`,
      "",
    );
    lines.push(splitTable(rowsOf(outcomes, split, guards)));
  }
  const headline = guards.includes("containment") ? "containment" : guards.at(-1);
  if (headline && splits.includes("test")) {
    lines.push(
      "",
      `### test split, ${headline}, reject-all human: attack success by phrasing, carrier and goal`,
      "",
    );
    for (const field of ["style", "carrier", "goal"] as const)
      lines.push(breakdown(outcomes, "test", headline, "reject-all", field), "");
  }
  const report = lines.join("\n");
  console.log(report);
  const out =
    option("out") ?? fileURLToPath(new URL(`./results/${date.slice(0, 10)}-${commit}.json`, import.meta.url));
  mkdirSync(fileURLToPath(new URL("./results/", import.meta.url)), { recursive: true });
  writeFileSync(
    out,
    `${JSON.stringify({ date, commit, seconds, cpuSeconds, workers, concurrency, unavailable, outcomes }, null, 1)}\n`,
  );
  writeFileSync(out.replace(/\.json$/, ".md"), `${report}\n`);
  for (const o of outcomes.filter((x) => x.error).slice(0, 5))
    console.error(`error in ${o.caseId} (${o.guard}): ${o.error}`);
}

await main();
