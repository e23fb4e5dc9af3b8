/**
 * Where the interceptor charges and refunds budgets (issue 20): a charge stays once the call was sent (a server
 * error or a timeout counts as reached), goes back when the call provably never left (an inner interceptor refused
 * it, the run was cancelled after the check), and a preview charges nothing at all.
 */
import { describe, expect, it } from "vitest";
import type { BudgetConfig } from "../../src/engine/budgets/policy-types.js";
import type { BudgetStore, WindowCharge, WindowResult } from "../../src/engine/budgets/store.js";
import {
  type CallToolResult,
  composeInterceptors,
  createToolInterceptor,
  LocalPolicyEngine,
  PolicyViolationError,
  type ToolCallHandler,
  type ToolCallRequest,
  type ToolInterceptor,
} from "../../src/index.js";

/** A window store in memory (the Redis one is tested against a real redis-server): counts what it writes. */
function memoryStore() {
  const used = new Map<string, number>();
  const charged = new Map<string, [string, number]>();
  const counts = { writes: 0, refunds: 0 };
  const store: BudgetStore = {
    async charge(c: WindowCharge): Promise<WindowResult> {
      const key = `${c.budgetId}:${c.key}`;
      const now = used.get(key) ?? 0;
      if (now + c.amount > c.max) return { allowed: false, used: now, resetsInSeconds: c.seconds };
      if (c.dryRun) return { allowed: true, used: now + c.amount, resetsInSeconds: c.seconds };
      counts.writes += 1;
      used.set(key, now + c.amount);
      charged.set(c.chargeId, [key, c.amount]);
      return { allowed: true, used: now + c.amount, resetsInSeconds: c.seconds, token: c.chargeId };
    },
    async refund(token: string): Promise<void> {
      const entry = charged.get(token);
      if (!entry) return;
      counts.refunds += 1;
      charged.delete(token);
      used.set(entry[0], (used.get(entry[0]) ?? 0) - entry[1]);
    },
  };
  return { store, counts };
}

const onePerUser: BudgetConfig = {
  id: "one-per-user",
  tools: ["crm.*"],
  per: "window",
  key: "context.user",
  window: { seconds: 3600 },
  max: 1,
};

function setup() {
  const { store, counts } = memoryStore();
  const backend = new LocalPolicyEngine({ budgets: [onePerUser] }, { worker: false, budgetStore: store });
  const tollgate = createToolInterceptor({ backend });
  const reached: ToolCallRequest[] = [];
  const ok: ToolCallHandler = async (req) => {
    reached.push(req);
    return { content: [{ type: "text", text: "done" }] } satisfies CallToolResult;
  };
  return { tollgate, counts, reached, ok, store };
}

const call = (extra: Partial<ToolCallRequest> = {}): ToolCallRequest => ({
  serverName: "crm",
  name: "lookup",
  args: { q: "x" },
  runContext: { context: { user: "ana" } },
  ...extra,
});

describe("the interceptor's budget charges", () => {
  it("a preview charges nothing; the call's own check does", async () => {
    const { tollgate, counts, reached, ok } = setup();
    for (let i = 0; i < 3; i++) expect((await tollgate.previewInput(call())).outcome).toBe("allow");
    expect(counts.writes).toBe(0);
    await tollgate(call(), ok);
    expect(counts.writes).toBe(1);
    await expect(tollgate(call(), ok)).rejects.toThrow(/budget one-per-user reached/);
    expect(reached).toHaveLength(1);
  });

  it("an inner interceptor's refusal of the input gives the charge back", async () => {
    const { tollgate, counts, reached, ok } = setup();
    let refuse = true;
    const inner: ToolInterceptor = async (request, handler) => {
      if (!refuse) return handler(request);
      refuse = false;
      throw new PolicyViolationError({
        phase: "input",
        connectorType: "crm.lookup",
        serverName: "crm",
        toolName: "lookup",
        reason: "inner says no",
        findings: [],
        decisionId: "inner-1",
        ruleIds: ["inner.no"],
      });
    };
    const chain = composeInterceptors([tollgate, inner], ok);
    await expect(chain(call())).rejects.toThrow(/inner says no/);
    expect(counts.refunds).toBe(1);
    await chain(call());
    expect(reached).toHaveLength(1);
  });

  it("a server error or a timeout counts as reached: the charge stays", async () => {
    const { tollgate, counts, ok } = setup();
    const timedOut: ToolCallHandler = async () => {
      throw new Error("Request timed out");
    };
    await expect(tollgate(call(), timedOut)).rejects.toThrow(/timed out/);
    expect(counts.refunds).toBe(0);
    await expect(tollgate(call(), ok)).rejects.toThrow(/budget one-per-user reached/);
  });

  it("a call cancelled after its check never leaves, and its charge goes back", async () => {
    const { tollgate, counts, reached, ok, store } = setup();
    const controller = new AbortController();
    const charge = store.charge.bind(store);
    // The run is cancelled while the check is under way (the charge is made; the call must not be).
    store.charge = async (c) => {
      const result = await charge(c);
      controller.abort(new Error("run cancelled"));
      return result;
    };
    await expect(tollgate(call({ signal: controller.signal }), ok)).rejects.toThrow(/run cancelled/);
    expect(reached).toHaveLength(0);
    expect(counts.refunds).toBe(1);
    store.charge = charge;
    await tollgate(call(), ok);
    expect(reached).toHaveLength(1);
  });
});
