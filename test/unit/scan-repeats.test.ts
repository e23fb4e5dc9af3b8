/**
 * A JSON result repeats its keys in every record and many of its values: the scan reads a string the plan already
 * read clean once, not once per occurrence (counted with a detector given in code), and still reports every
 * occurrence of a value that has a finding.
 */
import { describe, expect, it } from "vitest";
import { LocalPolicyEngine } from "../../src/engine/local-engine.js";

function counting() {
  const calls: string[] = [];
  const engine = new LocalPolicyEngine(
    { customRules: [{ id: "acme.count", kind: "pii", type: "counted", detector: "counter" }] },
    {
      worker: false,
      detectors: [
        {
          id: "counter",
          detect: (text) => {
            calls.push(text);
            return [];
          },
        },
      ],
    },
  );
  return { engine, calls };
}

function request(structuredContent: Record<string, unknown>) {
  return {
    connectorType: "test",
    serverName: "s",
    toolName: "t",
    callId: "c",
    args: {},
    result: { content: [{ type: "text" as const, text: "rows" }], structuredContent },
  };
}

describe("repeated strings in structuredContent", () => {
  it("reads each distinct clean key and value once", async () => {
    const { engine, calls } = counting();
    const rows = Array.from({ length: 200 }, () => ({
      status: "open",
      owner: "team blue",
      tags: ["a1", "b2"],
    }));
    await engine.checkOutput(request({ rows }));
    // Keys, `key: value` readings and array items: about ten distinct strings, not 200 records' worth.
    expect(calls.length).toBeLessThan(30);
  });

  it("still reports every occurrence of a value with a finding", async () => {
    const { engine } = counting();
    const rows = Array.from({ length: 50 }, () => ({ contact: "jane.roe@example.com", status: "open" }));
    const decision = await engine.checkOutput(request({ rows }));
    expect(decision.findings.filter((f) => f.type === "email")).toHaveLength(50);
    expect(JSON.stringify(decision.redactedResult)).not.toContain("jane.roe@example.com");
  });
});

describe("paths of members whose key holds a finding", () => {
  const email = ["jane.roe", "example.com"].join("@");
  const structured = (policy: ConstructorParameters<typeof LocalPolicyEngine>[0]) =>
    new LocalPolicyEngine(policy, { worker: false }).checkOutput(
      request({ byOwner: { [email]: { count: 3, note: "ok" }, [`${email}x`]: 1 } }),
    );

  it("name the key by its redacted form, never the value", async () => {
    const decision = await structured({});
    const paths = decision.findings.map((f) => f.path);
    expect(paths.length).toBeGreaterThan(0);
    for (const path of paths) expect(path).not.toContain(email);
  });

  it("name a flagged key by a fixed token", async () => {
    const decision = await structured({ pii: { output: "flag" } });
    expect(decision.findings.map((f) => f.path)).toEqual([
      "/structuredContent/byOwner/[REDACTED:key]",
      "/structuredContent/byOwner/[REDACTED:key]",
    ]);
  });
});
