import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { LocalPolicyEngine } from "../../src/engine/local-engine.js";
import { loadPolicyFile, parsePolicyText, resolvePolicy } from "../../src/engine/policy.js";

const tmp = mkdtempSync(join(tmpdir(), "tollgate-policy-ux-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('"$schema" in a policy file (the README\'s own advice)', () => {
  const text = JSON.stringify({
    $schema: "./node_modules/mcp-tollgate/policy.schema.json",
    version: 1,
    pii: { output: "mask" },
  });

  it("is accepted by every reader: text, file, resolvePolicy, the engine", async () => {
    expect(parsePolicyText(text, "policy.json").pii?.output).toBe("mask");
    const file = join(tmp, "policy.json");
    writeFileSync(file, text);
    expect((await loadPolicyFile(file)).pii?.output).toBe("mask");
    expect(resolvePolicy(JSON.parse(text), {}).pii.output).toBe("mask");
    expect((await LocalPolicyEngine.fromFile(file)).policy.pii.output).toBe("mask");
  });

  it("must be a string", () => {
    expect(() => parsePolicyText('{"$schema": 1}')).toThrow(/\/\$schema/);
  });
});

describe("per-type { input, output } for every family", () => {
  const mailCall = { connectorType: "mail.send", serverName: "mail", toolName: "send", callId: "c1" };

  it("pii.types.email: { output: mask } masks results and leaves the `to` argument as it is", async () => {
    const engine = new LocalPolicyEngine({ pii: { types: { email: { output: "mask" } } } });
    const input = await engine.checkInput({ ...mailCall, args: { to: "jane.roe@example.com" } });
    expect(input.redactedArgs).toBeUndefined();
    const output = await engine.checkOutput({
      ...mailCall,
      args: {},
      result: { content: [{ type: "text", text: "mail jane.roe@example.com" }] },
    });
    const text = (output.redactedResult?.content[0] as { text: string }).text;
    expect(text).not.toContain("jane.roe@example.com");
    expect(text).toMatch(/\.com/);
  });

  it("secrets and injection types take phases too; a string still means both phases", async () => {
    const policy = resolvePolicy(
      {
        secrets: { types: { github_token: { input: "flag", output: "block" } } },
        injection: { types: { role_reassignment: { input: "block" } } },
        pii: { types: { email: "mask" } },
      },
      {},
    );
    expect(policy.secrets.types.github_token).toEqual({ input: "flag", output: "block" });
    expect(policy.injection.types.role_reassignment).toEqual({ input: "block" });
    expect(policy.pii.types.email).toEqual({ input: "mask", output: "mask" });
  });

  it("refuses review for results in a type, naming the key", () => {
    expect(() => resolvePolicy({ pii: { types: { email: { output: "review" } } } }, {})).toThrow(
      /\/pii\/types\/email\/output/,
    );
  });

  it("names a bad phase key", () => {
    expect(() => resolvePolicy({ pii: { types: { email: { outptu: "mask" } as never } } }, {})).toThrow(
      /\/pii\/types\/email/,
    );
  });
});
