/**
 * The flow step's cost (issue 17): a 1 KB sink call checked against 50 messages (about 100 KB) of thread history,
 * 25 human messages and 25 tool results carrying addresses, URLs, IBANs and prose. The history is hashed once (as
 * the install and the output check do, outside the timed part); the timed part is what the input check adds: the
 * flow step over the call's arguments and the thread's facts. Goal: p50 <= 0.2 ms.
 * Rows: intent binding off, and on (as bench/agent-attack/policies/containment.yaml runs the headline); "warm" checks
 * one provenance object again and again (what an in-memory thread hands over), "cold" a fresh deep copy per call
 * (what a checkpoint or the wire hands over: nothing cached on the object helps).
 * Run alone: `npx tsx bench/flow-step.ts [--quick] [--case=N]`; `npm run bench` runs it too (skip with --skip=flow).
 * Each row runs in its own child process under `--expose-gc`.
 */
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { type FlowCall, runFlowStep } from "../src/engine/flow/flow-step.js";
import { computeOutputFacts } from "../src/engine/flow/output-facts.js";
import { type ResolvedFlowPolicy, resolveFlowPolicy } from "../src/engine/flow/policy-types.js";
import {
  appendOutputFacts,
  appendUserMessage,
  emptyProvenance,
  type ProvenanceFacts,
} from "../src/shared/provenance.js";
import { collectGarbage, fmt, markdownTable, percentile, shuffle } from "./lib/stats.js";

export const FLOW_GOAL_P50_MS = 0.2;

const WORDS =
  "the quarterly report shows revenue growth in the northern region while costs for logistics and travel rose " +
  "slightly compared with last year so the team proposes a review of supplier contracts before the next board " +
  "meeting where the budget for new hires and the office move will also be discussed in detail";

function prose(rand: () => number, bytes: number): string {
  const words = WORDS.split(" ");
  let out = "";
  while (out.length < bytes) out += `${words[Math.floor(rand() * words.length)]} `;
  return out.slice(0, bytes);
}

function seeded(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** A tool result of about 4 KB: a mail listing with addresses, links, an IBAN and prose. */
function toolResult(i: number, rand: () => number): string {
  const lines = [
    `From: person${i}@partner${i % 7}.example`,
    `Cc: team${i}@corp.example, finance@corp.example`,
    `Link: https://docs.partner${i % 7}.example/shared/${i}/view?id=${1000 + i}`,
    `Invoice due: pay to GB${String(10 + (i % 80)).padStart(2, "0")}BUKB2020155555${String(5000 + i).padStart(4, "0")}`,
    `Phone: +44 20 7946 ${String(1000 + i).slice(-4)}`,
  ];
  return `${lines.join("\n")}\n\n${prose(rand, 3800)}`;
}

export function buildThread(
  salt = "bench-salt",
  intent = false,
): { provenance: ProvenanceFacts; historyBytes: number } {
  const rand = seeded(7);
  let facts = emptyProvenance(salt);
  let bytes = 0;
  for (let i = 0; i < 25; i++) {
    const said = `Please look at item ${i} and reply to the sender if it needs an answer. ${prose(rand, 150)}`;
    facts = appendUserMessage(facts, said);
    const body = toolResult(i, rand);
    bytes += said.length + body.length;
    const output = computeOutputFacts({
      connectorType: "mail.read_inbox",
      serverName: "mail",
      toolName: "read_inbox",
      result: { content: [{ type: "text", text: body }] },
      findings: [],
      salt,
      trustedSources: [],
      ...(intent ? { intent: { args: { folder: "inbox", query: `item ${i}` } } } : {}),
    });
    facts = appendOutputFacts(facts, output);
  }
  return { provenance: facts, historyBytes: bytes };
}

/** A 1 KB send_email call: a recipient from the thread, a subject, a body of prose. */
export function oneKbCall(): Record<string, string> {
  const rand = seeded(11);
  const args = { to: "person3@partner3.example", subject: "Re: the quarterly report", body: "" };
  args.body = prose(rand, 1024 - JSON.stringify(args).length);
  return args;
}

export interface FlowBenchRow {
  case: string;
  iterations: number;
  historyBytes: number;
  facts: number;
  p50Ms: number;
  p99Ms: number;
  /** CPU time per call (median of batches of 100, `process.cpuUsage`): what the step costs when the machine is
   * shared and wall-clock samples include time the process was not running. */
  cpuMsPerCall: number;
}

/** CPU ms per call: median of batches of 100 calls, each call on `input(i)` (prepared before the batch). */
function cpuPerCall(run: (input: FlowCall) => void, input: () => FlowCall[], batches: number): number {
  const perCall: number[] = [];
  for (let b = 0; b < batches; b++) {
    const calls = input();
    const before = process.cpuUsage();
    for (const call of calls) run(call);
    const used = process.cpuUsage(before);
    perCall.push((used.user + used.system) / 1000 / calls.length);
  }
  return percentile(perCall, 50);
}

interface FlowCase {
  name: string;
  policy: ResolvedFlowPolicy;
  call: FlowCall;
  /** A fresh deep copy of the call's provenance per call (nothing cached on the object survives). */
  cold?: boolean;
}

function flowCases(): { cases: FlowCase[]; historyBytes: number; facts: number } {
  const off = resolveFlowPolicy({});
  const on = resolveFlowPolicy({ intentBinding: "on" });
  const plain = buildThread();
  const bound = buildThread("bench-salt", true);
  const provenance = plain.provenance;
  const facts = provenance.user.length + provenance.outputs.reduce((n, o) => n + o.values.length, 0);
  const call: FlowCall = {
    connectorType: "mail.send_email",
    serverName: "mail",
    toolName: "send_email",
    args: oneKbCall(),
    provenance,
  };
  const withIntent: FlowCall = { ...call, provenance: bound.provenance };
  const cases: FlowCase[] = [
    { name: "1 KB sink call, 50 messages of history, binding off, warm", policy: off, call },
    { name: "1 KB sink call, 50 messages of history, binding off, cold", policy: off, call, cold: true },
    { name: "1 KB sink call, 50 messages of history, binding on, warm", policy: on, call: withIntent },
    {
      name: "1 KB sink call, 50 messages of history, binding on, cold",
      policy: on,
      call: withIntent,
      cold: true,
    },
    {
      name: "1 KB non-sink call (classification only)",
      policy: off,
      call: { ...call, connectorType: "mail.list_folders", toolName: "list_folders" },
    },
  ];
  return { cases, historyBytes: plain.historyBytes, facts };
}

/** `n` calls of the case: the same object (warm) or a fresh deep copy of its provenance each (cold). */
function inputs(c: FlowCase, n: number): FlowCall[] {
  if (!c.cold) return new Array<FlowCall>(n).fill(c.call);
  const calls = Array.from({ length: n }, () => ({
    ...c.call,
    provenance: structuredClone(c.call.provenance),
  }));
  // The copies' garbage is not the step's (with `node --expose-gc`; a no-op otherwise).
  collectGarbage();
  return calls;
}

/** One case, in this process. */
function measureCase(index: number, quick: boolean): FlowBenchRow {
  const { cases, historyBytes, facts } = flowCases();
  const c = cases[index]!;
  const iterations = quick ? 300 : 3000;
  for (const call of inputs(c, 200)) runFlowStep(c.policy, call);
  const samples: number[] = [];
  for (let done = 0; done < iterations; done += 100) {
    // Copies are made outside the timed part, 100 at a time (3000 copies at once would weigh on the GC).
    for (const call of inputs(c, Math.min(100, iterations - done))) {
      const started = performance.now();
      runFlowStep(c.policy, call);
      samples.push(performance.now() - started);
    }
  }
  shuffle(samples, seeded(1));
  const cpuMsPerCall = cpuPerCall(
    (call) => runFlowStep(c.policy, call),
    () => inputs(c, 100),
    quick ? 10 : 40,
  );
  return {
    cpuMsPerCall,
    case: c.name,
    iterations,
    historyBytes,
    facts,
    p50Ms: percentile(samples, 50),
    p99Ms: percentile(samples, 99),
  };
}

/**
 * Every case, each in a child process of its own under `--expose-gc` (a process runs one policy: the rows do not
 * share the JIT's state, and the cold rows' copies are collected before each batch, so their garbage is not counted).
 */
export function runFlowBench(options: { quick?: boolean } = {}): FlowBenchRow[] {
  const count = flowCases().cases.length;
  const rows: FlowBenchRow[] = [];
  for (let index = 0; index < count; index++) {
    const args = ["--expose-gc", "--import", "tsx", fileURLToPath(import.meta.url), `--case=${index}`];
    if (options.quick) args.push("--quick");
    const child = spawnSync(process.execPath, args, { encoding: "utf8", maxBuffer: 1 << 20 });
    if (child.status !== 0) throw new Error(`flow bench case ${index} failed: ${child.stderr}`);
    rows.push(JSON.parse(child.stdout.trim().split("\n").pop()!) as FlowBenchRow);
  }
  return rows;
}

export function flowTable(rows: readonly FlowBenchRow[]): string {
  return markdownTable(
    [
      "case",
      "iterations",
      "history",
      "facts in thread",
      "p50 ms",
      "p99 ms",
      "CPU ms/call",
      `goal p50 <= ${FLOW_GOAL_P50_MS} ms`,
    ],
    rows.map((r) => [
      r.case,
      String(r.iterations),
      `${fmt(r.historyBytes / 1024, 0)} KB`,
      String(r.facts),
      fmt(r.p50Ms, 3),
      fmt(r.p99Ms, 3),
      fmt(r.cpuMsPerCall, 3),
      r.p50Ms <= FLOW_GOAL_P50_MS ? "met" : "MISSED",
    ]),
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const quick = process.argv.includes("--quick");
  const only = process.argv.find((a) => a.startsWith("--case="));
  if (only !== undefined)
    process.stdout.write(`${JSON.stringify(measureCase(Number(only.slice(7)), quick))}\n`);
  else process.stdout.write(`${flowTable(runFlowBench({ quick }))}\n`);
}
