/**
 * The cost of a budget check per call (issue 20), p50 and p99 of wall time:
 * - the graph-state counter: a turn budget counted from a 50-message thread (25 turns of a human message, a tool
 *   call and its result), i.e. what the install does (the history from the messages) plus the engine's budget step;
 * - Redis on loopback: a window budget charged by one Lua script (fixed and sliding windows) on a real
 *   `redis-server` started here on a free port.
 * The budget step is timed alone (the other input steps are the same with or without budgets). Charges are given
 * back outside the timed part so every sample sees the same state.
 * Run: `npm run bench:budgets [-- --quick]`. Prints the date, machine and commit.
 */
import { AIMessage, type BaseMessage, HumanMessage, ToolMessage } from "@langchain/core/messages";
import { BudgetStep } from "../src/engine/budgets/budget-step.js";
import { budgetHistoryFromMessages } from "../src/engine/budgets/history.js";
import { type BudgetConfig, resolveBudgets } from "../src/engine/budgets/policy-types.js";
import { createRedisBudgetStore } from "../src/engine/budgets/redis-store.js";
import { Reservations } from "../src/engine/budgets/reservations.js";
import type { BudgetStore } from "../src/engine/budgets/store.js";
import type { InputCheckRequest, InputDecision } from "../src/shared/types.js";
import { redisServerPath, startRedis } from "../test/helpers/redis-server.js";
import { describeMachine, machineInfo } from "./lib/machine.js";
import { fmt, markdownTable, percentile } from "./lib/stats.js";

const quick = process.argv.includes("--quick");
const ITERATIONS = quick ? 300 : 3000;
const WARMUP = quick ? 50 : 300;

/** A thread of 25 turns: a human message, one send_mail call, its result. */
function thread(): BaseMessage[] {
  const messages: BaseMessage[] = [];
  for (let i = 0; i < 25; i++) {
    messages.push(new HumanMessage(`please answer mail ${i}`));
    messages.push(
      new AIMessage({
        content: "",
        tool_calls: [{ id: `m${i}`, name: "send_mail", args: { to: `p${i}@example.com`, body: "ok" } }],
      }),
    );
    messages.push(new ToolMessage({ tool_call_id: `m${i}`, content: "sent" }));
  }
  return messages.slice(0, 50);
}

const allowed: InputDecision = {
  decisionId: "d",
  backend: "bench",
  allowed: true,
  findings: [],
  ruleIds: [],
  durationMs: 0,
};

interface Row {
  case: string;
  iterations: number;
  p50Us: number;
  p99Us: number;
}

async function measure(
  name: string,
  once: () => Promise<InputDecision>,
  undo: (d: InputDecision) => Promise<void>,
): Promise<Row> {
  for (let i = 0; i < WARMUP; i++) await undo(await once());
  const samples: number[] = [];
  for (let i = 0; i < ITERATIONS; i++) {
    const started = performance.now();
    const decision = await once();
    samples.push((performance.now() - started) * 1000);
    if (!decision.allowed) throw new Error(`${name}: the bench's budget refused a call (${decision.reason})`);
    await undo(decision);
  }
  return {
    case: name,
    iterations: ITERATIONS,
    p50Us: percentile(samples, 50),
    p99Us: percentile(samples, 99),
  };
}

function stepWith(store?: BudgetStore): BudgetStep {
  return new BudgetStep({ reservations: new Reservations(), ...(store ? { store } : {}) });
}

async function graphStateRow(): Promise<Row> {
  const budgets = resolveBudgets({
    budgets: [{ id: "mails", tools: ["mail.send*"], per: "turn", max: 1_000_000 }],
  });
  const messages = thread();
  const step = stepWith();
  let n = 0;
  return measure(
    "turn budget, graph-state counter (50-message thread)",
    () => {
      n += 1;
      const budgetHistory = budgetHistoryFromMessages(messages, (name) =>
        name === "send_mail" ? "mail.send_mail" : undefined,
      );
      const request: InputCheckRequest = {
        connectorType: "mail.send_mail",
        serverName: "mail",
        toolName: "send_mail",
        callId: `c${n}`,
        toolCallId: `t${n}`,
        args: { to: "x@example.com" },
        runContext: { configurable: { thread_id: "bench" } },
        budgetHistory,
      };
      return step.apply({ ...allowed }, budgets, request);
    },
    (d) => step.refund(d.budgetCharges ?? []),
  );
}

async function redisRow(url: string, kind: "fixed" | "sliding"): Promise<Row> {
  const config: BudgetConfig = {
    id: `calls-${kind}`,
    tools: ["crm.*"],
    per: "window",
    key: "context.tenant",
    window: { seconds: 3600, kind },
    max: 1_000_000_000,
  };
  const budgets = resolveBudgets({ budgets: [config] });
  const store = createRedisBudgetStore({ url, prefix: "bench:" });
  const step = stepWith(store);
  let n = 0;
  try {
    return await measure(
      `window budget (${kind}), Redis on loopback`,
      () => {
        n += 1;
        const request: InputCheckRequest = {
          connectorType: "crm.lookup",
          serverName: "crm",
          toolName: "lookup",
          callId: `c${n}`,
          args: {},
          runContext: { context: { tenant: "acme" } },
        };
        return step.apply({ ...allowed }, budgets, request);
      },
      (d) => step.refund(d.budgetCharges ?? []),
    );
  } finally {
    await store.close();
  }
}

async function main(): Promise<void> {
  const machine = machineInfo();
  const rows = [await graphStateRow()];
  let note = "";
  if (redisServerPath) {
    const redis = await startRedis();
    try {
      rows.push(await redisRow(redis.url, "fixed"), await redisRow(redis.url, "sliding"));
    } finally {
      await redis.stop();
    }
  } else note = "\nRedis rows skipped: redis-server is not installed.\n";
  console.log(`## Budget check per call\n\n${describeMachine(machine)}\n`);
  console.log(
    markdownTable(
      ["case", "calls", "p50 µs", "p99 µs"],
      rows.map((r) => [r.case, String(r.iterations), fmt(r.p50Us, 0), fmt(r.p99Us, 0)]),
    ),
  );
  console.log(note);
}

await main();
