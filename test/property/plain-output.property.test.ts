/**
 * Properties of what `tollgate serve` answers a plain (AxonFlow-style) client that sends a JSON value as the JSON
 * text of `message`: the `redacted_data` it substitutes for the result is the same JSON value (same types, keys and
 * array lengths at every path; a redacted number becomes its string placeholder), and a planted value never survives anywhere in it; a block is never lost.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { LocalPolicyEngine } from "../../src/engine/local-engine.js";
import { WireChecks } from "../../src/server/wire-checks.js";
import { fakeGithubToken } from "../../src/shared/fake-credentials.js";
import type { JsonValue } from "../../src/shared/types.js";

const RUNS = { numRuns: Number(process.env.PROPERTY_RUNS ?? 150) };
const checks = new WireChecks(new LocalPolicyEngine());
const token = fakeGithubToken();

const planted = fc.oneof(
  fc.nat(999).map((n) => `mail user${n}@example.com now`),
  fc.constant(`deploy key ${token}`),
);
const plain = fc.string({ maxLength: 12, unit: fc.constantFrom(..."abc xyz-_.'\"\\\n") });
const leaf = fc.oneof(plain, planted, fc.integer(), fc.boolean(), fc.constant(null));
const key = fc.string({ minLength: 1, maxLength: 6, unit: fc.constantFrom(..."abcdefgh") });
const json: fc.Arbitrary<JsonValue> = fc.letrec<{ value: JsonValue }>((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    leaf,
    fc.array(tie("value"), { maxLength: 4 }),
    fc.dictionary(key, tie("value"), { maxKeys: 4 }),
  ),
})).value;

function sameShape(a: JsonValue, b: JsonValue, path = ""): string | undefined {
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return `${path}: array differs`;
    for (let i = 0; i < a.length; i++) {
      const d = sameShape(a[i]!, b[i]!, `${path}/${i}`);
      if (d) return d;
    }
    return undefined;
  }
  if (a !== null && b !== null && typeof a === "object" && typeof b === "object") {
    const ka = Object.keys(a).sort();
    const kb = Object.keys(b).sort();
    if (ka.join("\u0000") !== kb.join("\u0000")) return `${path}: keys differ`;
    for (const k of ka) {
      const d = sameShape(a[k]!, b[k]!, `${path}/${k}`);
      if (d) return d;
    }
    return undefined;
  }
  // A number the engine redacts (a card, SSN or phone number written as a JSON number) becomes a string
  // placeholder: the JSON stays valid and the digits are gone (README, "What is scanned").
  if (typeof a === "number" && typeof b === "string" && /\[(REDACTED|HASH):/.test(b)) return undefined;
  if (typeof a !== typeof b || (a === null) !== (b === null)) return `${path}: type differs`;
  if (typeof a !== "string" && a !== b) return `${path}: value differs`;
  return undefined;
}

describe("plain check-output with a JSON message", () => {
  it("redacted_data is the same JSON value, with no planted value left in it", async () => {
    await fc.assert(
      fc.asyncProperty(json, async (value) => {
        const text = JSON.stringify(value);
        const answer = await checks.checkOutput(
          { connector_type: "crm", tool: "lookup", message: text },
          "req",
          text.length,
        );
        const body = answer.body as { allowed?: boolean; redacted_data?: JsonValue };
        const hasPlanted = text.includes("@example.com") || text.includes(token);
        if (!body.allowed) return; // a block: nothing reaches the model
        if (body.redacted_data === undefined) {
          expect(hasPlanted).toBe(false);
          return;
        }
        expect(sameShape(value, body.redacted_data)).toBeUndefined();
        const out = JSON.stringify(body.redacted_data);
        expect(out).not.toContain("@example.com");
        expect(out).not.toContain(token);
      }),
      RUNS,
    );
  });
});
