import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BudgetConfig } from "../../src/engine/budgets/policy-types.js";
import { createRedisBudgetStore, type RedisBudgetStore } from "../../src/engine/budgets/redis-store.js";
import { LocalPolicyEngine } from "../../src/engine/local-engine.js";
import type { InputCheckRequest, JsonObject } from "../../src/shared/types.js";
import { type RunningRedis, redisServerPath, startRedis } from "../helpers/redis-server.js";

const perTenant: BudgetConfig = {
  id: "calls-per-tenant",
  tools: ["api.*"],
  per: "window",
  max: 5,
  key: "context.tenant",
  window: { seconds: 60 },
};

let n = 0;
const request = (tenant: string, args: JsonObject = {}): InputCheckRequest => {
  n += 1;
  return {
    connectorType: "api.get",
    serverName: "api",
    toolName: "get",
    callId: `c${n}`,
    args,
    runContext: { configurable: { thread_id: `t${n}` }, context: { tenant } },
  };
};

describe.skipIf(!redisServerPath)("window budgets in a real Redis", () => {
  let redis: RunningRedis;
  const stores: RedisBudgetStore[] = [];
  const store = (prefix = "test:") => {
    const s = createRedisBudgetStore({ url: redis.url, prefix, commandTimeoutMs: 500 });
    stores.push(s);
    return s;
  };
  beforeAll(async () => {
    redis = await startRedis();
  });
  afterAll(async () => {
    for (const s of stores) await s.close();
    await redis?.stop();
  });

  it("two engines (two processes' worth) share one fixed window, per tenant, with no over-spend", async () => {
    const a = new LocalPolicyEngine({ budgets: [perTenant] }, { worker: false, budgetStore: store() });
    const b = new LocalPolicyEngine({ budgets: [perTenant] }, { worker: false, budgetStore: store() });
    const decisions = await Promise.all(
      Array.from({ length: 40 }, (_, i) => (i % 2 ? a : b).checkInput(request("acme"))),
    );
    expect(decisions.filter((d) => d.allowed)).toHaveLength(5);
    const refused = decisions.find((d) => !d.allowed)!;
    expect(refused.reason).toMatch(
      /at most 5 calls to api\.\* per 60 s per context\.tenant; room again in \d+ s/,
    );
    // Another tenant has its own window, and the refusal never tells one tenant the other's counts.
    expect((await a.checkInput(request("globex"))).allowed).toBe(true);
  });

  it("keys carry the prefix and a TTL; the clock is Redis TIME", async () => {
    const s = store("ttl:");
    const r = await s.charge({
      budgetId: "b",
      key: "k",
      amount: 1,
      max: 3,
      seconds: 30,
      kind: "fixed",
      chargeId: "x",
    });
    expect(r.allowed).toBe(true);
    const keys = await s.client.keys("{ttl:*");
    expect(keys).toHaveLength(1);
    const ttl = await s.client.pttl(keys[0]!);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(31_000);
  });

  it("sliding windows sum amounts exactly; a refund gives the room back", async () => {
    const eur: BudgetConfig = {
      id: "eur-per-user",
      tools: ["bank.*"],
      per: "window",
      max: 100,
      amount: { arg: "amount", currency: { arg: "currency", accept: ["EUR"] } },
      key: "context.tenant",
      window: { seconds: 86_400, kind: "sliding" },
    };
    const e = new LocalPolicyEngine({ budgets: [eur] }, { worker: false, budgetStore: store("slide:") });
    const pay = (amount: number) =>
      e.checkInput({ ...request("ana", { amount, currency: "EUR" }), connectorType: "bank.transfer" });
    const first = await pay(70);
    expect(first.allowed).toBe(true);
    expect((await pay(40)).allowed).toBe(false);
    await e.refundBudgets(first.budgetCharges!);
    expect((await pay(40)).allowed).toBe(true);
    expect((await pay(60)).allowed).toBe(true);
    expect((await pay(1)).allowed).toBe(false);
  });

  it("fails closed when Redis is unreachable, and opens only when configured", async () => {
    const dead = await startRedis();
    const s = createRedisBudgetStore({ url: dead.url, commandTimeoutMs: 300 });
    stores.push(s);
    const closed = new LocalPolicyEngine({ budgets: [perTenant] }, { worker: false, budgetStore: s });
    expect((await closed.checkInput(request("acme"))).allowed).toBe(true);
    await dead.stop();
    const after = await closed.checkInput(request("acme"));
    expect(after.allowed).toBe(false);
    expect(after.reason).toMatch(/unreachable.*failing closed/);
    const open = new LocalPolicyEngine(
      { budgets: [perTenant] },
      { worker: false, budgetStore: s, onBudgetStoreError: "open" },
    );
    expect((await open.checkInput(request("acme"))).allowed).toBe(true);
  });
});
