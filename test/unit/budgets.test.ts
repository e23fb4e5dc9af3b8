import { AIMessage, type BaseMessage, HumanMessage, ToolMessage } from "@langchain/core/messages";
import { describe, expect, it } from "vitest";
import { budgetHistoryFromMessages } from "../../src/engine/budgets/history.js";
import type { BudgetConfig } from "../../src/engine/budgets/policy-types.js";
import type { BudgetStore, WindowCharge } from "../../src/engine/budgets/store.js";
import { LocalPolicyEngine } from "../../src/engine/local-engine.js";
import { PolicyConfigError } from "../../src/errors.js";
import type { BudgetHistory } from "../../src/shared/budgets.js";
import type { InputCheckRequest, JsonObject } from "../../src/shared/types.js";

const mail: BudgetConfig = { id: "mails-per-turn", tools: ["mail.send*"], per: "turn", max: 3 };
const engine = (budgets: BudgetConfig[], options = {}) =>
  new LocalPolicyEngine({ budgets }, { worker: false, ...options });

let n = 0;
function request(
  connectorType: string,
  args: JsonObject,
  history: BudgetHistory | undefined,
  extra: Partial<InputCheckRequest> = {},
): InputCheckRequest {
  const [serverName, toolName] = connectorType.split(".") as [string, string];
  n += 1;
  return {
    connectorType,
    serverName,
    toolName,
    callId: `call-${n}`,
    toolCallId: `tc-${n}`,
    args,
    runContext: { configurable: { thread_id: "t1" }, context: { user: "ana" } },
    ...(history ? { budgetHistory: history } : {}),
    ...extra,
  };
}

/** A thread: one earlier turn with `before` mails, a human message, then `now` mails (all with results). */
function thread(before: number, now: number, refused = 0): BudgetHistory {
  const messages: BaseMessage[] = [new HumanMessage("first")];
  const push = (id: string, text: string) => {
    messages.push(new AIMessage({ content: "", tool_calls: [{ id, name: "send_mail", args: { to: "x" } }] }));
    messages.push(new ToolMessage({ tool_call_id: id, content: text }));
  };
  for (let i = 0; i < before; i++) push(`b${i}`, "sent");
  messages.push(new HumanMessage("second"));
  for (let i = 0; i < now; i++) push(`n${i}`, "sent");
  for (let i = 0; i < refused; i++) push(`r${i}`, "Blocked by policy: call to mail.send_mail: no");
  return budgetHistoryFromMessages(messages, (name) => (name === "send_mail" ? "mail.send_mail" : undefined));
}

describe("budget policy", () => {
  it("refuses a window budget without a context key, an unknown action and duplicate ids", () => {
    expect(() => engine([{ id: "w", tools: ["*"], per: "window", max: 1, window: { seconds: 60 } }])).toThrow(
      PolicyConfigError,
    );
    expect(() => engine([{ ...mail, action: "nope" as "block" }])).toThrow(PolicyConfigError);
    expect(() => engine([mail, mail])).toThrow(PolicyConfigError);
  });
});

describe("turn and thread budgets from the thread's messages", () => {
  it("counts only this turn's calls that reached the server", async () => {
    const e = engine([mail]);
    // 5 mails in the earlier turn, 2 now and 4 refused before they ran: the third of this turn passes.
    const third = await e.checkInput(request("mail.send_mail", { to: "a" }, thread(5, 2, 4)));
    expect(third.allowed).toBe(true);
    expect(third.budgetCharges).toHaveLength(1);
    const fourth = await e.checkInput(request("mail.send_mail", { to: "a" }, thread(5, 3)));
    expect(fourth.allowed).toBe(false);
    expect(fourth.ruleIds).toContain("budget.mails-per-turn");
    expect(fourth.reason).toMatch(/at most 3 calls .* per turn; it resets at the user's next message/);
  });

  it("a thread budget counts every turn", async () => {
    const e = engine([{ ...mail, id: "mails", per: "thread", max: 6 }]);
    expect((await e.checkInput(request("mail.send_mail", {}, thread(5, 0)))).allowed).toBe(true);
    expect((await e.checkInput(request("mail.send_mail", {}, thread(5, 1)))).allowed).toBe(false);
  });

  it("calls fanned out in one step see the same snapshot and never over-spend", async () => {
    const e = engine([mail]);
    const snapshot = thread(0, 1);
    const decisions = await Promise.all(
      Array.from({ length: 10 }, () => e.checkInput(request("mail.send_mail", { to: "b" }, snapshot))),
    );
    expect(decisions.filter((d) => d.allowed)).toHaveLength(2);
  });

  it("a refund frees the room of a call that never ran; a settled call counts from the history, not twice", async () => {
    const e = engine([{ ...mail, max: 1 }]);
    const empty = thread(0, 0);
    const first = await e.checkInput(request("mail.send_mail", {}, empty));
    expect((await e.checkInput(request("mail.send_mail", {}, empty))).allowed).toBe(false);
    await e.refundBudgets(first.budgetCharges!);
    const again = await e.checkInput(request("mail.send_mail", {}, empty, { toolCallId: "n0" }));
    expect(again.allowed).toBe(true);
    // Its ToolMessage is now in the thread: the reservation ends, the history counts it once.
    expect((await e.checkInput(request("mail.send_mail", {}, thread(0, 1)))).allowed).toBe(false);
    expect((await e.checkInput(request("mail.send_mail", {}, thread(1, 0)))).allowed).toBe(true);
  });

  it("other tools are not counted; a check without history fails closed", async () => {
    const e = engine([mail]);
    expect((await e.checkInput(request("files.read", {}, undefined))).allowed).toBe(true);
    const none = await e.checkInput(request("mail.send_mail", {}, undefined));
    expect(none.allowed).toBe(false);
    expect(none.reason).toMatch(/no thread history/);
  });

  it("review and flag budgets let the call through with their finding", async () => {
    const review = await engine([{ ...mail, action: "review", max: 0 }]).checkInput(
      request("mail.send_mail", {}, thread(0, 0)),
    );
    expect(review.allowed).toBe(true);
    expect(review.review?.ruleId).toBe("budget.mails-per-turn");
    const flag = await engine([{ ...mail, action: "flag", max: 0 }]).checkInput(
      request("mail.send_mail", {}, thread(0, 0)),
    );
    expect(flag.allowed).toBe(true);
    expect(flag.findings.map((f) => f.action)).toEqual(["flag"]);
  });
});

describe("amounts", () => {
  const eur: BudgetConfig = {
    id: "eur-per-thread",
    tools: ["bank.transfer"],
    per: "thread",
    max: 100,
    amount: { arg: "/amount", currency: { arg: "currency", accept: ["EUR"] } },
  };

  it("sums the amount argument and fails closed on bad input", async () => {
    const e = engine([eur]);
    const h = budgetHistoryFromMessages(
      [
        new HumanMessage("pay"),
        new AIMessage({
          content: "",
          tool_calls: [{ id: "p1", name: "transfer", args: { amount: 60, currency: "EUR" } }],
        }),
        new ToolMessage({ tool_call_id: "p1", content: "ok" }),
      ],
      () => "bank.transfer",
    );
    const call = (args: JsonObject) => e.checkInput(request("bank.transfer", args, h));
    expect((await call({ amount: 40, currency: "EUR" })).allowed).toBe(true);
    expect((await call({ amount: 0.5, currency: "EUR" })).allowed).toBe(false);
    for (const [args, why] of [
      [{ currency: "EUR" }, /must be a number/],
      [{ amount: -1, currency: "EUR" }, /must be a number >= 0/],
      [{ amount: "5", currency: "EUR" }, /must be a number/],
      [{ amount: 5, currency: "USD" }, /must be one of EUR/],
    ] as const) {
      const d = await call(args);
      expect(d.allowed).toBe(false);
      expect(d.reason).toMatch(why);
    }
  });
});

describe("window budgets", () => {
  const perUser: BudgetConfig = {
    id: "calls-per-user",
    tools: ["api.*"],
    per: "window",
    max: 2,
    key: "context.user",
    window: { seconds: 60 },
  };

  it("fail closed with no store, no key, or a store that throws; `open` lets the call through", async () => {
    expect((await engine([perUser]).checkInput(request("api.get", {}, undefined))).reason).toMatch(
      /no budget store/,
    );
    const store: BudgetStore = {
      charge: async (_c: WindowCharge) => {
        throw new Error("connection refused");
      },
      refund: async () => {},
    };
    const closed = await engine([perUser], { budgetStore: store }).checkInput(
      request("api.get", {}, undefined),
    );
    expect(closed.reason).toMatch(/unreachable .*failing closed/);
    const noKey = await engine([perUser], { budgetStore: store }).checkInput(
      request("api.get", {}, undefined, { runContext: { configurable: { thread_id: "t" } } }),
    );
    expect(noKey.reason).toMatch(/run context has no context.user/);
    const open = await engine([perUser], { budgetStore: store, onBudgetStoreError: "open" }).checkInput(
      request("api.get", {}, undefined),
    );
    expect(open.allowed).toBe(true);
  });
});
