import { describe, expect, it } from "vitest";
import { createDetectorSet } from "../../src/engine/detector-set.js";
import { LocalPolicyEngine } from "../../src/engine/local-engine.js";
import { PairCache } from "../../src/engine/pair-cache.js";
import { resolvePolicy } from "../../src/engine/policy.js";
import type { PolicyConfig } from "../../src/engine/policy-types.js";
import { ScanPlans } from "../../src/engine/scan-plans.js";
import type { TextMatch } from "../../src/engine/types.js";
import type { CallToolResult, OutputCheckRequest, OutputDecision } from "../../src/shared/types.js";

const DIRTY = "a\u200bb";

function request(serverName: string, connectorType: string): OutputCheckRequest {
  return {
    connectorType,
    serverName,
    toolName: connectorType.slice(connectorType.lastIndexOf(".") + 1),
    callId: "call-1",
    args: {},
    result: { content: [{ type: "text", text: DIRTY }] } satisfies CallToolResult,
  };
}

/** What the sanitizer mode did to DIRTY: "kept" (pass-through), "flagged", "stripped" or "wrapped". */
function effect(d: OutputDecision): string {
  const block = d.redactedResult?.content[0];
  if (block === undefined) return d.findings.length > 0 ? "flagged" : "kept";
  if (block.type !== "text") throw new Error("expected a text block");
  return block.text === "ab" ? "stripped" : block.text.includes("<untrusted-tool-output") ? "wrapped" : "?";
}

describe("LocalPolicyEngine: sanitizer-mode cache", () => {
  it("two connector types on one server get their own modes, call after call", async () => {
    const engine = new LocalPolicyEngine({
      servers: { gh: { sanitizer: "pass-through" } },
      tools: { "gh.read_*": { sanitizer: "detect-and-strip" }, "gh.**": { sanitizer: "detect-and-flag" } },
    });
    for (let i = 0; i < 3; i++) {
      expect(effect(await engine.checkOutput(request("gh", "gh.read_x")))).toBe("stripped");
      expect(effect(await engine.checkOutput(request("gh", "gh.write")))).toBe("flagged");
    }
  });

  it("one connector type on two servers gets each server's mode", async () => {
    // A connector-type resolver may give tools of different servers the same type.
    const engine = new LocalPolicyEngine({
      servers: { a: { sanitizer: "pass-through" }, b: { sanitizer: "detect-and-strip" } },
      tools: { "other.*": { sanitizer: "detect-and-flag" } },
    });
    for (let i = 0; i < 3; i++) {
      expect(effect(await engine.checkOutput(request("a", "shared.tool")))).toBe("kept");
      expect(effect(await engine.checkOutput(request("b", "shared.tool")))).toBe("stripped");
      expect(effect(await engine.checkOutput(request("c", "shared.tool")))).toBe("wrapped");
    }
  });

  it("keeps answering right past the cache's bound (1,000 entries)", async () => {
    const policy: PolicyConfig = { tools: { "t.keep*": { sanitizer: "pass-through" } } };
    const engine = new LocalPolicyEngine(policy);
    const types = Array.from({ length: 2_500 }, (_, i) => (i % 2 === 0 ? `t.keep${i}` : `t.other${i}`));
    for (const pass of [1, 2]) {
      for (let i = 0; i < types.length; i += pass === 1 ? 1 : 97) {
        const d = await engine.checkOutput(request("t", types[i]!));
        expect(effect(d), `${types[i]} (pass ${pass})`).toBe(i % 2 === 0 ? "kept" : "wrapped");
      }
    }
  });
});

describe("PairCache", () => {
  it("keeps pairs apart that one joined key string could confuse", () => {
    const cache = new PairCache<number>(10);
    cache.set("a.b", "c", 1);
    cache.set("a", "b.c", 2);
    cache.set("a\u0000b", "", 3);
    cache.set("a", "b\u0000", 4);
    expect([
      cache.get("a.b", "c"),
      cache.get("a", "b.c"),
      cache.get("a\u0000b", ""),
      cache.get("a", "b\u0000"),
    ]).toEqual([1, 2, 3, 4]);
    expect(cache.get("a", "c")).toBeUndefined();
    expect(cache.size).toBe(4);
  });

  it("is emptied before it would hold more than its limit", () => {
    const cache = new PairCache<string>(3);
    cache.set("s", "x", "1");
    cache.set("s", "y", "2");
    cache.set("t", "x", "3");
    expect(cache.size).toBe(3);
    // Replacing a value adds none.
    cache.set("s", "x", "1'");
    expect(cache.size).toBe(3);
    expect(cache.get("s", "x")).toBe("1'");
    cache.set("t", "y", "4");
    expect(cache.size).toBe(1);
    expect(cache.get("t", "y")).toBe("4");
    expect([cache.get("s", "x"), cache.get("s", "y"), cache.get("t", "x")]).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
  });
});

describe("ScanPlans", () => {
  const policy = resolvePolicy({});
  const plans = new ScanPlans(policy, createDetectorSet(policy));

  it("returns the same plan for the same phase, mode and override", () => {
    expect(plans.get("output", "detect-and-strip")).toBe(plans.get("output", "detect-and-strip"));
    expect(plans.get("output", "detect-and-strip", "redact")).toBe(
      plans.get("output", "detect-and-strip", "redact"),
    );
    expect(plans.get("input", "pass-through")).toBe(plans.get("input", "pass-through"));
  });

  it("keeps plans apart per phase, mode and override", () => {
    const all = [
      plans.get("input", "pass-through"),
      plans.get("output", "pass-through"),
      plans.get("input", "pass-through", "redact"),
      plans.get("output", "pass-through", "redact"),
      plans.get("output", "detect-and-strip"),
      plans.get("output", "detect-and-strip", "redact"),
    ];
    expect(new Set(all).size).toBe(all.length);
    // The override only changes the injection action: neutralised by default, redacted with it.
    const injection: TextMatch = { kind: "injection", type: "x", start: 0, end: 1, ruleId: "injection.x" };
    expect(plans.get("output", "detect-and-strip").decide(injection).do).toBe("neutralise");
    expect(plans.get("output", "detect-and-strip", "redact").decide(injection).do).toBe("replace");
  });
});

describe("the resolved policy is the engine's own", () => {
  it("editing the config object after the engine is built changes nothing", async () => {
    const config: PolicyConfig = {
      sanitizer: { mode: "detect-and-strip" },
      tools: { "acme.*": { sanitizer: "pass-through" } },
      servers: { other: { sanitizer: "detect-and-flag" } },
    };
    const engine = new LocalPolicyEngine(config);
    const before = [
      effect(await engine.checkOutput(request("acme", "acme.read"))),
      effect(await engine.checkOutput(request("other", "other.read"))),
    ];
    config.tools!["acme.*"]!.sanitizer = "detect-and-strip";
    config.servers!.other!.sanitizer = "pass-through";
    config.sanitizer!.mode = "pass-through";
    const after = [
      effect(await engine.checkOutput(request("acme", "acme.read"))),
      effect(await engine.checkOutput(request("other", "other.read"))),
    ];
    expect(before).toEqual(["kept", "flagged"]);
    expect(after).toEqual(before);
    expect(Object.isFrozen(engine.policy.tools["acme.*"])).toBe(true);
  });
});
