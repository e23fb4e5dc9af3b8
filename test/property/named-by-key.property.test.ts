/**
 * A value that is a credential or PII because of the key naming it is redacted in `structuredContent` whenever it is
 * redacted in the same object written as JSON text: the adapter shows `structuredContent` to the model too. Values
 * under their naming key, at any depth, among benign siblings.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { LocalPolicyEngine } from "../../src/engine/local-engine.js";
import {
  fakeAwsSecretKey,
  fakePassword,
  fakeTwilioAuthToken,
  randomString,
} from "../../src/shared/fake-credentials.js";
import type { CallToolResult, JsonObject } from "../../src/shared/types.js";

const RUNS = { numRuns: Number(process.env.PROPERTY_RUNS ?? 150) };
const engine = new LocalPolicyEngine({}, { worker: false });

/** A key and a value it names, built at run time from a seed. */
const named = fc.oneof(
  fc.record({
    key: fc.constantFrom("secret_access_key", "aws_secret_access_key", "SecretAccessKey", "AWS_SECRET"),
    value: fc.integer({ min: 1, max: 10_000 }).map((seed) => fakeAwsSecretKey(seed)),
  }),
  fc.record({
    key: fc.constantFrom("password", "db_password", "api_key", "apiKey", "client_secret", "auth_token"),
    value: fc
      .integer({ min: 1, max: 10_000 })
      .chain((seed) =>
        fc.constantFrom(fakePassword(seed), fakeTwilioAuthToken(seed), randomString(24, undefined, seed)),
      ),
  }),
  fc.record({
    key: fc.constantFrom("ssn", "social_security_number"),
    value: fc.constantFrom("536224187", "536-22-4187", "536 22 4187"),
  }),
);

const benign = fc.string({ unit: fc.constantFrom("a", "b", "c", " ", "-", "x", "é"), maxLength: 12 });
const siblingKey = fc.constantFrom("owner", "plan", "region", "note", "label");

/** The member under a path of benign keys, with benign siblings at each level. */
const document = fc
  .record({
    member: named,
    path: fc.array(siblingKey, { maxLength: 3 }),
    siblings: fc.dictionary(siblingKey, benign, { maxKeys: 3 }),
  })
  .map(({ member, path, siblings }) => {
    let obj: JsonObject = { ...siblings, [member.key]: member.value };
    for (const key of path.reverse()) obj = { [key]: obj, ...siblings };
    return { obj, value: member.value };
  });

const check = (result: CallToolResult) =>
  engine.checkOutput({ callId: "c", connectorType: "s.t", serverName: "s", toolName: "t", args: {}, result });

describe("a value named by its key", () => {
  it("is redacted in structuredContent whenever the same object as JSON text has it redacted", async () => {
    await fc.assert(
      fc.asyncProperty(document, async ({ obj, value }) => {
        const text: CallToolResult = { content: [{ type: "text", text: JSON.stringify(obj, null, 2) }] };
        const textResult = (await check(text)).redactedResult ?? text;
        // Not redacted as text either (a value a detector does not take): not this property's case. `pre` discards
        // the run, and fast-check fails if most runs are discarded, so the property cannot pass vacuously.
        fc.pre(!JSON.stringify(textResult).includes(value));
        const asStructured = await check({
          content: [{ type: "text", text: "loaded" }],
          structuredContent: obj,
        });
        expect(JSON.stringify(asStructured.redactedResult?.structuredContent ?? obj)).not.toContain(value);
      }),
      RUNS,
    );
  });
});
