/**
 * `npx tsx bench/agent-step-stages.ts [--reference=<checkout>] [--bytes=65536,131072] [--n=200]`: the stages of
 * tollgate's part of an agent step (bench/agent-step-ab.ts) measured apart, interleaved in one process, a new text
 * every call (the engine memoises its last text): the output check as the install runs it (with the thread's salt),
 * with and without the worker; the output check without a salt (the detectors, the hand-off, the scan); a result's
 * output facts with their values read (they are computed when first read: a step that keeps them unread does not
 * pay for them). CPU is the process's (every thread: the worker's share counts). With `--reference`, each stage
 * also runs on that checkout's modules, and the ratios are printed.
 */
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type * as OutputFacts from "../src/engine/flow/output-facts.js";
import type * as Engine from "../src/engine/local-engine.js";
import { seededRandom } from "../src/testing/index.js";
import { payload } from "./fixtures/inputs.js";
import { percentile, shuffle } from "./lib/stats.js";

const HERE = fileURLToPath(new URL("..", import.meta.url));
const option = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const reference = option("reference");
const n = Number(option("n") ?? 200);
const sizes = (option("bytes") ?? "65536").split(",").map(Number);

interface Tree {
  label: string;
  engine: typeof Engine;
  facts: typeof OutputFacts;
}

async function tree(label: string, root: string): Promise<Tree> {
  return {
    label,
    engine: (await import(resolve(root, "src/engine/local-engine.ts"))) as typeof Engine,
    facts: (await import(resolve(root, "src/engine/flow/output-facts.ts"))) as typeof OutputFacts,
  };
}

const trees = [await tree("this tree", HERE)];
if (reference) trees.push(await tree("reference", reference));

interface Stage {
  name: string;
  run: (text: string) => Promise<unknown> | unknown;
}

const SALT = "bench-thread-salt";
const where = { connectorType: "bench.payload", serverName: "bench", toolName: "payload", callId: "stages" };

async function stagesOf(t: Tree): Promise<Stage[]> {
  const worker = new t.engine.LocalPolicyEngine();
  await worker.startWorker();
  const inline = new t.engine.LocalPolicyEngine({}, { worker: false });
  const check = (engine: Engine.LocalPolicyEngine, salt: boolean) => (text: string) =>
    engine.checkOutput({
      ...where,
      args: { kind: "text" },
      result: { content: [{ type: "text", text }] },
      ...(salt ? { provenanceSalt: SALT } : {}),
    });
  return [
    { name: "checkOutput+facts worker", run: check(worker, true) },
    { name: "checkOutput+facts inline", run: check(inline, true) },
    { name: "checkOutput worker", run: check(worker, false) },
    { name: "checkOutput inline", run: check(inline, false) },
    {
      name: "output facts, values read",
      run: (text: string) =>
        t.facts.computeOutputFacts({
          ...where,
          result: { content: [{ type: "text", text }] },
          findings: [],
          salt: SALT,
          trustedSources: [],
        }).values,
    },
  ].map((s) => ({ ...s, name: `${t.label}: ${s.name}` }));
}

const stages: Stage[] = [];
for (const t of trees) stages.push(...(await stagesOf(t)));
const rand = seededRandom(13);
for (const bytes of sizes) {
  // A new text per call: 64 texts of the size, each used once per stage per cycle.
  const texts = Array.from({ length: 64 }, (_, i) => payload("text", bytes, 500 + i));
  const cpu = new Map(stages.map((s) => [s.name, [] as number[]]));
  const wall = new Map(stages.map((s) => [s.name, [] as number[]]));
  for (let i = 0; i < n + 10; i++) {
    const text = texts[i % texts.length]!;
    for (const s of shuffle(stages.slice(), rand)) {
      const c0 = process.cpuUsage();
      const t0 = process.hrtime.bigint();
      await s.run(text);
      const w = Number(process.hrtime.bigint() - t0) / 1e6;
      const u = process.cpuUsage(c0);
      if (i < 10) continue;
      cpu.get(s.name)!.push((u.user + u.system) / 1000);
      wall.get(s.name)!.push(w);
    }
  }
  console.log(`${bytes} bytes, ${n} rounds (CPU p50 / mean, wall p50, ms)`);
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  for (const s of stages) {
    const c = cpu.get(s.name)!;
    const line = `  ${s.name.padEnd(38)} cpu ${percentile(c, 50).toFixed(3)} / ${mean(c).toFixed(3)}  wall ${percentile(wall.get(s.name)!, 50).toFixed(3)}`;
    if (trees.length === 2 && s.name.startsWith("this tree")) {
      const ref = cpu.get(s.name.replace("this tree", "reference"))!;
      console.log(`${line}  (cpu mean / reference ${(mean(c) / mean(ref)).toFixed(2)})`);
    } else console.log(line);
  }
}
process.exit(0);
