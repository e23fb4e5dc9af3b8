/**
 * Issue 15 (scan side): a hostile result cannot make the check quadratic or fat. Work is asserted by counting
 * (probe steps, findings, bytes), never by time.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { LocalPolicyEngine } from "../../src/engine/local-engine.js";
import type { CallToolResult } from "../../src/policy/types.js";

const base = { connectorType: "acme.read", serverName: "acme", toolName: "read", callId: "hostile" };

function output(engine: LocalPolicyEngine, result: CallToolResult) {
  return engine.checkOutput({ ...base, args: {}, result });
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("keys that all redact to one placeholder", () => {
  it("are renamed with a next-free suffix: probe steps grow linearly with the keys", async () => {
    const engine = new LocalPolicyEngine({}, { worker: false });
    const n = 2_000;
    const structuredContent: Record<string, unknown> = {};
    for (let i = 0; i < n; i++) structuredContent[`user${i}@example.com`] = i;
    const spy = vi.spyOn(Object, "hasOwn");
    const decision = await output(engine, { content: [], structuredContent });
    const probes = spy.mock.calls.length;
    spy.mockRestore();
    const keys = Object.keys(decision.redactedResult!.structuredContent!);
    expect(keys).toHaveLength(n);
    expect(new Set(keys).size).toBe(n);
    expect(keys[0]).toBe("[REDACTED:email]");
    expect(keys[1]).toBe("[REDACTED:email]#2");
    expect(keys[n - 1]).toBe(`[REDACTED:email]#${n}`);
    // Before the fix: n^2 / 2 (two million) probes.
    expect(probes).toBeLessThan(10 * n);
  });

  it("a suffix already taken by another key is skipped, never overwritten", async () => {
    const engine = new LocalPolicyEngine();
    const structuredContent = {
      "a@example.com": 1,
      "[REDACTED:email]#2": 2,
      "b@example.com": 3,
      "c@example.com": 4,
    };
    const decision = await output(engine, { content: [], structuredContent });
    expect(decision.redactedResult!.structuredContent).toEqual({
      "[REDACTED:email]": 1,
      "[REDACTED:email]#2": 2,
      "[REDACTED:email]#3": 3,
      "[REDACTED:email]#4": 4,
    });
  });
});
