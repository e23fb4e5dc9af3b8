import { describe, expect, it } from "vitest";
import { LocalPolicyEngine } from "../../src/engine/local-engine.js";
import type { PolicyConfig } from "../../src/engine/policy-types.js";

/**
 * `tools.<glob>` family overrides match server and tool apart, as the capability gate does: the server chooses its
 * tool names, so a dot in one (`admin.export`) must not take the tool out of a `crm.*` entry.
 */
const policy: PolicyConfig = { tools: { "crm.*": { pii: { output: "block" } } } };
const engine = new LocalPolicyEngine(policy, { worker: false });
const check = (serverName: string, toolName: string, connectorType = `${serverName}.${toolName}`) =>
  engine.checkOutput({
    connectorType,
    serverName,
    toolName,
    callId: "c1",
    args: {},
    result: { content: [{ type: "text", text: "write to jane.doe@example.com" }] },
  });

describe("tools.<glob> family overrides", () => {
  it("cover a tool whose own name has dots", async () => {
    expect((await check("crm", "lookup")).allowed).toBe(false);
    expect((await check("crm", "admin.export")).allowed).toBe(false);
  });

  it("leave other servers to the top-level policy (redacted, not blocked)", async () => {
    const other = await check("mail", "crm.export");
    expect(other.allowed).toBe(true);
    expect(JSON.stringify(other.redactedResult)).not.toContain("jane.doe@example.com");
  });

  it("match a custom resolver's connector type as one string", async () => {
    expect((await check("crm", "lookup", "customers:lookup")).allowed).toBe(true);
  });
});
