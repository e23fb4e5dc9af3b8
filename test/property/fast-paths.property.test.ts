/**
 * The interceptor's fast paths skip work only where the full check would find nothing: the plain-text result
 * shortcut must accept exactly what the MCP SDK's CallToolResult schema accepts (so an SDK schema change that the
 * shortcut does not follow fails here), and a value `isFlatJsonObject` accepts must pass `inspectJson` under the
 * tightest limits.
 */
import { CallToolResultSchema } from "@modelcontextprotocol/sdk/types.js";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isFlatJsonObject } from "../../src/interceptor/json-args.js";
import { inspectJson } from "../../src/shared/inspect-json.js";
import { assertCallToolResult } from "../../src/shared/validate-result.js";

const RUNS = { numRuns: Number(process.env.PROPERTY_RUNS ?? 150) * 20 };

const odd = fc.oneof(
  fc.constant(undefined),
  fc.constant(null),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.string(),
  fc.constant([]),
  fc.constant({}),
  fc.constant(new Date(0)),
  fc.constant(1n),
  fc.constant(() => 1),
  fc.constant(Symbol("s")),
);
// Mostly valid values with one thing off at a time: a shortcut that forgets a constraint shows up within a few
// thousand runs (checked by removing, in turn, the shortcut's annotations, _meta and isError checks).
const mostly = <T>(valid: fc.Arbitrary<T>) =>
  fc.oneof({ weight: 6, arbitrary: valid }, { weight: 1, arbitrary: odd });
const textBlock = fc.record(
  {
    type: fc.oneof(
      { weight: 8, arbitrary: fc.constant("text") },
      fc.constant("image"),
      fc.constant("TEXT"),
      odd,
    ),
    text: mostly(fc.string()),
    annotations: fc.oneof(
      { weight: 4, arbitrary: fc.constant(undefined) },
      fc.constant({ priority: 0.5 }),
      fc.constant({ priority: 7 }),
      fc.constant({ audience: ["robot"] }),
      odd,
    ),
    _meta: fc.oneof({ weight: 4, arbitrary: fc.constant(undefined) }, fc.constant({ a: 1 }), odd),
    extra: odd,
  },
  { requiredKeys: ["type", "text"] },
);
const block = fc.oneof(
  { weight: 8, arbitrary: textBlock },
  odd,
  fc.record({ type: fc.constant("image"), data: fc.string(), mimeType: fc.string() }),
  fc.constant(["text", "x"]),
);
const result = fc.record(
  {
    content: mostly(fc.array(block, { maxLength: 3 })),
    isError: mostly(fc.boolean()),
    structuredContent: fc.oneof({ weight: 4, arbitrary: fc.constant(undefined) }, fc.constant({ a: 1 }), odd),
    _meta: fc.oneof({ weight: 4, arbitrary: fc.constant(undefined) }, fc.constant({ progressToken: 1 }), odd),
    other: odd,
  },
  { requiredKeys: ["content"] },
);

describe("fast paths agree with the checks they skip", () => {
  it("assertCallToolResult accepts exactly what the SDK's CallToolResultSchema accepts", () => {
    let accepted = 0;
    fc.assert(
      fc.property(result, (value) => {
        const sdk = CallToolResultSchema.safeParse(value).success;
        let ours = true;
        try {
          assertCallToolResult(value, "property");
        } catch {
          ours = false;
        }
        if (ours) accepted++;
        expect(ours).toBe(sdk);
      }),
      RUNS,
    );
    // The generator must reach the accepting side too, or the property says nothing about the shortcut.
    expect(accepted).toBeGreaterThan(RUNS.numRuns / 50);
  });

  it("a value isFlatJsonObject accepts passes inspectJson with maxDepth 1 and no arrays", () => {
    const primitive = fc.oneof(
      fc.string(),
      fc.integer(),
      fc.double(),
      fc.boolean(),
      fc.constant(null),
      fc.constant(undefined),
    );
    const args = fc.oneof(
      fc.dictionary(fc.string(), primitive),
      fc.dictionary(fc.string(), fc.oneof(primitive, odd, fc.constant({ a: [1] }))),
      fc.constant(Object.create(null)),
      fc.constant(new Map()),
      fc.constant(Object.assign(Object.create({ inherited: 1 }), { a: 1 })),
    );
    fc.assert(
      fc.property(args, (value) => {
        if (isFlatJsonObject(value))
          expect(inspectJson(value, { maxDepth: 1, maxArrayItems: 0 })).toBeUndefined();
      }),
      RUNS,
    );
  });
});
