import { describe, expect, it } from "vitest";
import { LocalPolicyEngine } from "../../src/engine/local-engine.js";
import { resolvePolicy } from "../../src/engine/policy.js";
import type { PolicyConfig } from "../../src/engine/policy-types.js";
import { PolicyConfigError } from "../../src/errors.js";
import type { InputCheckRequest, JsonObject } from "../../src/shared/types.js";

/** `review` is a policy action of every family: a match holds the call for a human, as a capability rule does. */

const base = { connectorType: "crm.lookup", serverName: "crm", toolName: "lookup", callId: "c1" };
const quiet: PolicyConfig = { sanitizer: { mode: "pass-through" } };
const input = (policy: PolicyConfig, args: JsonObject) =>
  new LocalPolicyEngine({ ...quiet, ...policy }, { worker: false }).checkInput({
    ...base,
    args,
  } as InputCheckRequest);
const output = (policy: PolicyConfig, text: string) =>
  new LocalPolicyEngine({ ...quiet, ...policy }, { worker: false }).checkOutput({
    ...base,
    args: {},
    result: { content: [{ type: "text", text }] },
  });

describe("a rule whose action is review", () => {
  it("on arguments: allowed, the value untouched, the decision asks for a human's approval", async () => {
    const d = await input({ pii: { types: { email: "review" } } }, { to: "jane.roe@example.com" });
    expect(d.allowed).toBe(true);
    expect(d.redactedArgs).toBeUndefined();
    expect(d.review).toEqual({ ruleId: "pii.email", reason: expect.stringContaining("pii.email") });
    expect(d.ruleIds).toContain("pii.email");
    expect(d.findings).toEqual([expect.objectContaining({ ruleId: "pii.email", action: "review" })]);
  });

  it("a declared rule and a rules entry take it too; a block elsewhere in the arguments still blocks", async () => {
    const rule = {
      id: "acme.employee_id",
      kind: "pii" as const,
      type: "employee_id",
      pattern: "EMP-[0-9]{6}",
    };
    const declared = await input(
      { customRules: [{ ...rule, action: { input: "review" } }] },
      { q: "EMP-123456" },
    );
    expect(declared.review?.ruleId).toBe("acme.employee_id");
    const byId = await input({ rules: { "pii.email": { input: "review" } } }, { to: "jane.roe@example.com" });
    expect(byId.review?.ruleId).toBe("pii.email");
    const both = await input(
      { rules: { "pii.email": { input: "review" } }, customRules: [{ ...rule, action: "block" }] },
      { to: "jane.roe@example.com", q: "EMP-123456" },
    );
    expect(both.allowed).toBe(false);
    expect(both.review).toBeUndefined();
  });

  it("a capability rule's review comes first (its rule id is the one reported)", async () => {
    const d = await input(
      {
        capabilities: { rules: [{ match: "crm.*", action: "review" }] },
        pii: { types: { email: "review" } },
      },
      { to: "jane.roe@example.com" },
    );
    expect(d.review?.ruleId).toBe("capability.rule[0]");
  });

  it("on a result, set for both phases: the result is blocked (it cannot wait for a human)", async () => {
    const d = await output({ pii: { types: { email: "review" } } }, "write to jane.roe@example.com");
    expect(d.allowed).toBe(false);
    expect(d.findings).toEqual([expect.objectContaining({ ruleId: "pii.email", action: "block" })]);
  });

  it("written out for results, it is a policy error that says where", () => {
    const cases: [PolicyConfig, string][] = [
      [{ pii: { output: "review" } }, "/pii/output"],
      [{ rules: { "secret.github_token": { output: "review" } } }, "/rules/secret.github_token/output"],
      [{ tools: { "crm.*": { injection: { output: "review" } } } }, "/tools/crm.*/injection/output"],
      [
        {
          customRules: [
            { id: "a.b", kind: "pii", type: "b", pattern: "x[0-9]", action: { output: "review" } },
          ],
        },
        "/customRules/0/action/output",
      ],
    ];
    for (const [policy, path] of cases) {
      let error: unknown;
      try {
        resolvePolicy(policy, {});
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(PolicyConfigError);
      expect((error as PolicyConfigError).issues).toEqual([
        { path, message: expect.stringContaining("a result cannot wait for a human") },
      ]);
    }
    expect(() => resolvePolicy({ pii: { input: "review", types: { email: "review" } } }, {})).not.toThrow();
  });
});
