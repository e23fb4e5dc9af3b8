/**
 * Which rule names a secret that several rules find (issue 16's regressions): through the real engine under the
 * default policy, a value is named by its vendor's rule, not by the credential-by-name fallback. Every credential is
 * built at test time from pieces (src/shared/fake-credentials.ts).
 */
import { describe, expect, it } from "vitest";
import { LocalPolicyEngine } from "../../src/engine/local-engine.js";
import { fakeAwsSecretKey } from "../../src/shared/fake-credentials.js";

const engine = new LocalPolicyEngine({}, { worker: false });
const base = { connectorType: "acme.read", serverName: "acme", toolName: "read", callId: "c1", args: {} };

async function secretTypes(text: string): Promise<{ type: string | undefined; value: string }[]> {
  const decision = await engine.checkOutput({ ...base, result: { content: [{ type: "text", text }] } });
  return decision.findings
    .filter((f) => f.kind === "secret")
    .map((f) => ({ type: f.type, value: text.slice(f.start, f.end) }));
}

describe("an AWS secret access key after its key name", () => {
  const key = fakeAwsSecretKey(71);
  it.each([
    `aws_secret_access_key=${key}`,
    `aws_secret_access_key = ${key}`,
    `AWS_SECRET_ACCESS_KEY="${key}"`,
    JSON.stringify({ aws_secret_access_key: key }),
    `[default]\naws_access_key_id = X\naws_secret_access_key = ${key}\n`,
  ])("is named aws_secret_key, once: %s", async (text) => {
    expect(await secretTypes(text)).toEqual([{ type: "aws_secret_key", value: key }]);
  });
});

describe("a prefix that starts no token hides nothing after it", () => {
  it("an AWS key id right after `mailto:` (whose `:A` is a lead form's literal) is still found", async () => {
    const { LocalPolicyEngine } = await import("../../src/engine/local-engine.js");
    const { fakeAwsAccessKey } = await import("../../src/shared/fake-credentials.js");
    const key = fakeAwsAccessKey(52);
    const engine = new LocalPolicyEngine({}, { worker: false });
    const decision = await engine.checkOutput({
      connectorType: "a.b",
      serverName: "a",
      toolName: "b",
      callId: "c",
      args: {},
      result: { content: [{ type: "text", text: `mailto:${key}` }] },
    });
    expect(decision.findings.map((f) => f.ruleId)).toEqual(["secret.aws_access_key"]);
  });
});
