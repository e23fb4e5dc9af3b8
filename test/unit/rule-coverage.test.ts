import { describe, expect, it } from "vitest";
import { resolvePolicy } from "../../src/engine/policy.js";
import type { PolicyConfig } from "../../src/engine/policy-types.js";
import { describeUnmatched, ruleCoverage, rulesForTool } from "../../src/engine/rule-coverage.js";

const listing = {
  servers: {
    crm: ["lookup_customer", "delete_customer", "admin.wipe"],
    mail: ["send_mail"],
  },
};
const coverage = (config: PolicyConfig, failed: string[] = []) =>
  ruleCoverage(resolvePolicy(config, {}), { ...listing, failed });

describe("rules checked against the listed tools", () => {
  it("a deny rule with a typo in the tool or the server is unmatched, with the closest names", () => {
    const result = coverage({
      capabilities: {
        rules: [
          { id: "no-delete", match: "crm.delet_customer", action: "deny" },
          { id: "no-crm", match: "crmm.*", action: "deny" },
          { id: "ok", match: "crm.*", action: "review" },
        ],
      },
    });
    expect(result.unverified).toEqual([]);
    expect(result.unmatched.map((r) => [r.ruleId, r.path, r.closest[0]])).toEqual([
      ["no-delete", "/capabilities/rules/0/match", "crm.delete_customer"],
      ["no-crm", "/capabilities/rules/1/match", "crm.*"],
    ]);
    expect(describeUnmatched(result.unmatched[0]!)).toMatch(
      /rule no-delete .* matches no listed tool: "crm\.delet_customer" \(closest: crm\.delete_customer/,
    );
  });

  it("each pattern of a rule is checked apart; `{ server, tool }` and `tools.<glob>` too; default ids", () => {
    const result = coverage({
      capabilities: {
        rules: [
          { match: ["crm.delete_customer", { server: "crm", tool: "delete_customr" }], action: "deny" },
        ],
      },
      tools: { "mail.send_*": { requires: ["mail"] }, "mial.*": { pii: { output: "block" } } },
    });
    expect(result.unmatched.map((r) => [r.ruleId, r.path])).toEqual([
      ["capability.rule[0]", "/capabilities/rules/0/match/1"],
      ["tools.mial.*", "/tools/mial.*"],
    ]);
    expect(result.unmatched[1]!.closest[0]).toBe("mail.*");
  });

  it("a rule for a server that failed to connect is unverified, not unmatched", () => {
    const result = coverage(
      {
        capabilities: {
          rules: [
            { id: "erp-deny", match: "erp.delete_*", action: "deny" },
            { id: "erp-obj", match: { server: "erp" }, action: "deny" },
            { id: "typo", match: "crm.delet_customer", action: "deny" },
          ],
        },
      },
      ["erp"],
    );
    expect(result.unverified.map((r) => [r.ruleId, r.servers])).toEqual([
      ["erp-deny", ["erp"]],
      ["erp-obj", ["erp"]],
    ]);
    expect(result.unmatched.map((r) => r.ruleId)).toEqual(["typo"]);
  });

  it("dotted tool names are covered by `crm.*`; nothing is reported when every rule matches", () => {
    const result = coverage({
      capabilities: {
        rules: [
          { match: "crm.admin.*", action: "deny" },
          { match: "crm.*", action: "allow" },
        ],
      },
    });
    expect(result.unmatched).toEqual([]);
  });

  it("says which rules each tool gets: every matching rule, the one that decides, the tool sections", () => {
    const policy = resolvePolicy(
      {
        capabilities: {
          default: "deny",
          rules: [
            { id: "admins", match: "crm.delete_*", action: "allow", when: { "context.roles": "admin" } },
            { id: "no-delete", match: "crm.delete_*", action: "deny" },
            { id: "crm", match: "crm.*", action: "allow" },
          ],
        },
        tools: { "crm.*": { pii: { output: "mask" } } },
      },
      {},
    );
    const rules = rulesForTool(policy, {
      serverName: "crm",
      toolName: "delete_customer",
      connectorType: "crm.delete_customer",
    });
    expect(rules.capabilityRules.map((r) => r.ruleId)).toEqual(["admins", "no-delete", "crm"]);
    expect([rules.gate, rules.gateRuleId]).toEqual(["deny", "no-delete"]);
    expect(rules.toolSections).toEqual(["crm.*"]);
    const mail = rulesForTool(policy, {
      serverName: "mail",
      toolName: "send_mail",
      connectorType: "mail.send_mail",
    });
    expect([mail.gate, mail.gateRuleId]).toEqual(["deny", "capability.default"]);
  });

  it("uses the install's connector-type resolver", () => {
    const policy = resolvePolicy({ capabilities: { rules: [{ match: "billing.*", action: "deny" }] } }, {});
    const result = ruleCoverage(policy, listing, { connectorType: (_server, tool) => `billing.${tool}` });
    expect(result.unmatched).toEqual([]);
  });
});
