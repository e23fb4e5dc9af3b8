import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createToolInterceptor, type PolicyBackend, runContextFrom } from "../../src/index.js";
import { recordApproval } from "../../src/interceptor/review-approvals.js";

function deeplyFrozen(value: unknown): boolean {
  if (typeof value !== "object" || value === null) return true;
  return Object.isFrozen(value) && Object.values(value).every(deeplyFrozen);
}

function hasOnlyJson(value: unknown): boolean {
  if (value === null || typeof value === "string" || typeof value === "boolean") return true;
  if (typeof value === "number") return Number.isFinite(value);
  if (Array.isArray(value)) return value.every(hasOnlyJson);
  if (typeof value !== "object") return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return (proto === Object.prototype || proto === null) && Object.values(value).every(hasOnlyJson);
}

describe("run context copies (property)", () => {
  it("whatever the config holds, the copy is JSON only, deeply frozen, and equal to the JSON parts", () => {
    const anyValue = fc.anything({
      withBigInt: true,
      withDate: true,
      withMap: true,
      withSet: true,
      withTypedArray: true,
      withNullPrototype: true,
      withSparseArray: true,
    });
    fc.assert(
      fc.property(fc.dictionary(fc.string(), anyValue), anyValue, (configurable, context) => {
        const copy = runContextFrom({ configurable: { ...configurable, fn: () => 1 }, context });
        if (copy === undefined) return;
        expect(hasOnlyJson(copy.configurable ?? {})).toBe(true);
        expect(hasOnlyJson(copy.context ?? {})).toBe(true);
        expect(deeplyFrozen(copy)).toBe(true);
        expect(copy.configurable).not.toHaveProperty("fn");
        // Only data that was there: a JSON round trip of the copy is the copy.
        expect(JSON.parse(JSON.stringify(copy))).toEqual(copy);
      }),
    );
  });
});

it("keeps a __proto__ key as a key, and -0 as 0", () => {
  const copy = runContextFrom({ context: JSON.parse('{"__proto__": {"admin": true}, "n": -0}') });
  expect(Object.getPrototypeOf(copy?.context)).toBe(Object.prototype);
  expect(Object.hasOwn(copy?.context ?? {}, "__proto__")).toBe(true);
  expect(Object.is(copy?.context?.n, 0)).toBe(true);
});

describe("review decisions from a custom backend (property)", () => {
  it("a call the backend wants reviewed runs only with an approval of exactly its arguments", async () => {
    const backend: PolicyBackend = {
      name: "reviewing",
      checkInput: async () => ({
        allowed: true,
        findings: [],
        ruleIds: ["custom.review"],
        decisionId: "d",
        durationMs: 0,
        review: { ruleId: "custom.review", reason: "a person must look" },
      }),
      checkOutput: async () => ({ allowed: true, findings: [], ruleIds: [], decisionId: "o", durationMs: 0 }),
    };
    const interceptor = createToolInterceptor({ backend });
    let reached = 0;
    const handler = async () => {
      reached++;
      return { content: [{ type: "text" as const, text: "ok" }] };
    };
    const runContext = runContextFrom({ configurable: { thread_id: "prop" } });
    let n = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.dictionary(fc.string(), fc.string()),
        fc.dictionary(fc.string(), fc.string()),
        async (approvedArgs, calledArgs) => {
          const toolCallId = `tc-${n++}`;
          recordApproval(toolCallId, runContext, approvedArgs);
          const before = reached;
          const request = {
            serverName: "s",
            name: "t",
            args: calledArgs,
            toolCallId,
            ...(runContext ? { runContext } : {}),
          };
          const same =
            JSON.stringify(Object.entries(approvedArgs).sort()) ===
            JSON.stringify(Object.entries(calledArgs).sort());
          const outcome = await interceptor(request, handler).then(
            () => "ran",
            () => "blocked",
          );
          expect(outcome).toBe(same ? "ran" : "blocked");
          expect(reached).toBe(before + (same ? 1 : 0));
          // Another thread, the same tool call id: never approved.
          const elsewhere = runContextFrom({ configurable: { thread_id: "other" } });
          await expect(
            interceptor(
              { ...request, args: approvedArgs, ...(elsewhere ? { runContext: elsewhere } : {}) },
              handler,
            ),
          ).rejects.toThrow(/no human approved/);
        },
      ),
      { numRuns: 50 },
    );
  });
});
