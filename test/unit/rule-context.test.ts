/**
 * One `context` shape (Presidio's context words) for built-in records and rules declared in the policy, read by one
 * function (src/engine/rules/rule-context.ts): a record's context is applied by the generic token detector, a declared
 * rule's by the scanner, and both give the same answer on the same text. No record carries a context nothing reads.
 */
import { describe, expect, it } from "vitest";
import { createSecretDetectors } from "../../src/engine/detectors/secrets/index.js";
import { LocalPolicyEngine } from "../../src/engine/local-engine.js";
import type { PolicyConfig } from "../../src/engine/policy-types.js";
import { BUILT_IN_RULES } from "../../src/engine/rules/registry.js";
import { contextAllows, resolveRuleContext } from "../../src/engine/rules/rule-context.js";
import type { TextMatch } from "../../src/engine/types.js";
import { randomString } from "../../src/shared/fake-credentials.js";

describe("contextAllows", () => {
  const text = "the Employee id EMP-123456 is on file";
  const [start, end] = [text.indexOf("EMP"), text.indexOf("EMP") + 10];

  it("with require: only next to one of the words, case-insensitively, before or after, within the window", () => {
    expect(contextAllows(text, start, end, resolveRuleContext({ require: ["employee"] }))).toBe(true);
    expect(contextAllows(text, start, end, resolveRuleContext({ require: ["FILE"] }))).toBe(true);
    expect(contextAllows(text, start, end, resolveRuleContext({ require: ["payroll"] }))).toBe(false);
    expect(contextAllows(text, start, end, resolveRuleContext({ require: ["employee"], window: 3 }))).toBe(
      false,
    );
  });

  it("with exclude: not next to one of the words", () => {
    expect(contextAllows(text, start, end, resolveRuleContext({ exclude: ["on file"] }))).toBe(false);
    expect(contextAllows(text, start, end, resolveRuleContext({ exclude: ["example"] }))).toBe(true);
  });

  it("without a context: always", () => {
    expect(contextAllows(text, start, end, resolveRuleContext(undefined))).toBe(true);
  });
});

describe("no record carries a context nothing reads", () => {
  it("every record with a context is read by the generic token detector", () => {
    const withContext = BUILT_IN_RULES.filter((rule) => rule.context !== undefined);
    expect(withContext.length).toBeGreaterThan(0);
    for (const rule of withContext) {
      const token = (rule as { token?: { context?: unknown } }).token;
      expect(token?.context, rule.id).toBe(rule.context);
    }
  });
});

describe("a built-in record's context and a declared rule's context go through the one function", () => {
  // GoCardless live tokens start `live_`, a prefix too common to stand alone: the record requires its name nearby.
  const live = `live_${randomString(40, "abcdefghijklmnopqrstuvwxyz0123456789", 77)}`;
  const texts = [
    `GOCARDLESS_ACCESS_TOKEN=${live}`,
    `${live} # the gocardless key for payouts`,
    `mode=${live} rotated`,
    `gocardless${" ".repeat(120)}${live}`,
  ];
  const builtIn = (text: string): boolean => {
    const out: TextMatch[] = [];
    for (const d of createSecretDetectors({ types: ["gocardless_token"] })) d.detect(text, out);
    return out.some((m) => m.type === "gocardless_token");
  };
  const declared = async (text: string): Promise<boolean> => {
    const policy: PolicyConfig = {
      sanitizer: { mode: "pass-through" },
      secrets: { types: { gocardless_token: "off" } },
      customRules: [
        {
          id: "acme.live_token",
          kind: "secret",
          type: "acme_live_token",
          pattern: "live_[A-Za-z0-9_=-]{40}",
          keywords: ["live_"],
          context: { require: ["gocardless"], window: 80 },
        },
      ],
    };
    const decision = await new LocalPolicyEngine(policy, { worker: false }).checkOutput({
      connectorType: "docs.read",
      serverName: "docs",
      toolName: "read",
      callId: "c1",
      args: {},
      result: { content: [{ type: "text", text }] },
    });
    return decision.findings.some((f) => f.ruleId === "acme.live_token");
  };

  it("the record's words count before and after the token, within its window", () => {
    expect(texts.map(builtIn)).toEqual([true, true, false, false]);
  });

  it("a declared rule with the same context gives the same answers", async () => {
    const answers: boolean[] = [];
    for (const text of texts) answers.push(await declared(text));
    expect(answers).toEqual(texts.map(builtIn));
  });
});
