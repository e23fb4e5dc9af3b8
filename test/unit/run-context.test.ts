import { describe, expect, it } from "vitest";
import { evaluateCapabilities } from "../../src/engine/capability-gate.js";
import { resolvePolicy } from "../../src/engine/policy.js";
import { type PolicyConfig, runContextFrom, runContextKeys } from "../../src/index.js";
import { inputToWire } from "../../src/policy/http/to-wire.js";

const policy: PolicyConfig = {
  capabilities: {
    default: "deny",
    grantFrom: { "context.roles": { admin: ["crm.delete"] }, "configurable.plan": { pro: ["crm.export"] } },
    rules: [
      { match: "crm.read_*", action: "allow" },
      { match: "crm.delete_*", action: "allow", when: { "context.user.active": true } },
      { match: "crm.export", action: "allow", when: { "configurable.tenant_id": ["acme", "globex"] } },
    ],
  },
  tools: { "crm.delete_*": { requires: ["crm.delete"] }, "crm.export": { requires: ["crm.export"] } },
};
const resolved = resolvePolicy(policy, {});
const gate = (tool: string, config: unknown) =>
  evaluateCapabilities(resolved, {
    connectorType: `crm.${tool}`,
    serverName: "crm",
    toolName: tool,
    runContext: runContextFrom(config),
  });

describe("policy decisions from the run context", () => {
  it("grantFrom grants by role; when chooses the rule", () => {
    expect(gate("delete_contact", { context: { roles: ["admin"], user: { active: true } } }).allowed).toBe(
      true,
    );
    expect(gate("delete_contact", { context: { roles: ["admin"], user: { active: false } } }).allowed).toBe(
      false,
    );
    expect(gate("delete_contact", { context: { roles: ["viewer"], user: { active: true } } })).toMatchObject({
      allowed: false,
      ruleId: "capability.requires",
    });
    expect(gate("delete_contact", undefined).allowed).toBe(false);
    expect(gate("export", { configurable: { tenant_id: "acme", plan: "pro" } }).allowed).toBe(true);
    expect(gate("export", { configurable: { tenant_id: "initech", plan: "pro" } }).allowed).toBe(false);
    expect(gate("export", { configurable: { tenant_id: "acme", plan: "free" } }).allowed).toBe(false);
  });

  it("a granted name inherited from Object.prototype grants nothing", () => {
    expect(
      gate("delete_contact", { context: { roles: ["constructor", "toString"], user: { active: true } } })
        .allowed,
    ).toBe(false);
  });

  it("names the keys the policy uses, and rejects a key outside context / configurable", () => {
    expect(runContextKeys(policy)).toEqual([
      "configurable.plan",
      "configurable.tenant_id",
      "context.roles",
      "context.user.active",
    ]);
    expect(() =>
      resolvePolicy({ capabilities: { grantFrom: { "state.roles": { admin: ["x"] } } } }, {}),
    ).toThrow(/grantFrom/);
    expect(() =>
      resolvePolicy(
        {
          capabilities: {
            rules: [{ match: "a.b", action: "allow", when: { "context.x": { nope: 1 } as never } }],
          },
        },
        {},
      ),
    ).toThrow(/when/);
  });

  it("copies only JSON data, frozen, without LangGraph internals", () => {
    class Store {}
    const loop: Record<string, unknown> = { a: 1 };
    loop.self = loop;
    const context = runContextFrom({
      configurable: { thread_id: "t", __pregel_send: () => 0, checkpointer: new Store(), n: Number.NaN },
      context: { roles: ["a"], fn: () => 1, loop, big: 1n },
      callbacks: [{ handle: () => 0 }],
    });
    expect(context).toEqual({ configurable: { thread_id: "t" }, context: { roles: ["a"], loop: { a: 1 } } });
    expect(Object.isFrozen(context?.context?.loop)).toBe(true);
    expect(runContextFrom({ callbacks: [] })).toBeUndefined();
  });

  it("the HTTP backend's wire request carries only the keys the policy names", () => {
    const runContext = runContextFrom({
      configurable: { thread_id: "t", tenant_id: "acme", api_key: "not-for-the-wire" },
      context: { roles: ["admin"], email: "jane@example.com" },
    });
    const request = {
      connectorType: "crm.x",
      serverName: "crm",
      toolName: "x",
      callId: "c",
      toolCallId: "tc",
      args: {},
      ...(runContext ? { runContext } : {}),
    };
    const wire = inputToWire(request, { plainFields: false, runContextKeys: runContextKeys(policy) });
    expect(wire.tollgate?.run_context).toEqual({
      "configurable.tenant_id": "acme",
      "context.roles": ["admin"],
    });
    expect(wire.tollgate?.tool_call_id).toBe("tc");
    expect(JSON.stringify(wire)).not.toContain("not-for-the-wire");
    expect(JSON.stringify(wire)).not.toContain("jane@example.com");
    expect(inputToWire(request, { plainFields: false }).tollgate?.run_context).toBeUndefined();
  });
});
