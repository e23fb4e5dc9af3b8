/**
 * Issue 15 item 6: the size checks around an output check (the limit before the scan, the checked result after it)
 * learn a result's JSON size without serialising it: serialising an 8 MB result made an 8 MB string twice per check,
 * held until the next full collection. The count must be the serialised size exactly.
 */
import fc from "fast-check";
import { afterEach, describe, expect, it, vi } from "vitest";
import { LocalPolicyEngine } from "../../src/engine/local-engine.js";
import { jsonByteLength } from "../../src/engine/scan/json-bytes.js";

const serialised = (value: unknown) => Buffer.byteLength(JSON.stringify(value) ?? "", "utf8");

describe("jsonByteLength", () => {
  it("is the UTF-8 length of JSON.stringify for any JSON value, lone surrogates and control characters included", () => {
    const text = fc.string({ unit: "binary", maxLength: 40 });
    const json = fc.letrec((tie) => ({
      value: fc.oneof(
        { depthSize: "small" },
        text,
        fc.double(),
        fc.integer(),
        fc.boolean(),
        fc.constant(null),
        fc.array(tie("value"), { maxLength: 5 }),
        fc.dictionary(text, tie("value"), { maxKeys: 5 }),
      ),
    })).value;
    fc.assert(
      fc.property(json, (value) => {
        expect(jsonByteLength(value)).toBe(serialised(value));
      }),
      { numRuns: 2000 },
    );
  });

  it("counts what JSON.stringify leaves out or turns into null, and values with toJSON", () => {
    for (const value of [
      { a: undefined, b: 1, c: () => 1 },
      [undefined, () => 1, Symbol("s")],
      { when: new Date(0) },
      Number.NaN,
      [Number.POSITIVE_INFINITY, -0],
      '\u2028\u2029\ud83d\ude00\ud800x\udc00\u007f\u0000"\\',
    ])
      expect(jsonByteLength(value)).toBe(serialised(value));
  });
});

describe("an output check sizes the result without serialising it", () => {
  afterEach(() => vi.restoreAllMocks());

  it("never serialises the long text to learn its size (the limit before the scan and after it)", async () => {
    const engine = new LocalPolicyEngine({ limits: { maxOutputBytes: 1_000_000 } }, { worker: false });
    // Under the limit, but over the cheap bound (6 bytes a character): the exact size is needed, before the scan
    // and after it.
    const text = Array.from({ length: 20_000 }, (_, i) => `u${i}@example.com `).join("");
    const stringify = vi.spyOn(JSON, "stringify");
    const decision = await engine.checkOutput({
      connectorType: "s.t",
      serverName: "s",
      toolName: "t",
      callId: "c",
      args: {},
      result: { content: [{ type: "text", text }] },
    });
    expect(decision.omittedFindings?.["pii.email"]).toBeGreaterThan(0);
    const long = stringify.mock.calls.filter(([value]) => holdsLong(value));
    expect(long).toEqual([]);
  });
});

/** Whether a value holds a string of 100,000 characters or more (what a size check would serialise). */
function holdsLong(value: unknown): boolean {
  if (typeof value === "string") return value.length >= 100_000;
  if (typeof value !== "object" || value === null) return false;
  return Object.values(value).some(holdsLong);
}
