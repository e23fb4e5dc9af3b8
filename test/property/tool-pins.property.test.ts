import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { comparePin, PINNED_FIELDS, type PinnableTool, pinTool } from "../../src/index.js";

const json = fc.jsonValue({ maxDepth: 3 });
const tool = fc.record(
  {
    name: fc.string({ minLength: 1 }),
    title: fc.string(),
    description: fc.string(),
    inputSchema: fc.dictionary(fc.string(), json),
    outputSchema: fc.dictionary(fc.string(), json),
    annotations: fc.dictionary(fc.string(), json),
  },
  { requiredKeys: ["name"] },
) as fc.Arbitrary<PinnableTool>;

/** The same value with every object's keys in reverse order. */
function reorder(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(reorder);
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.entries(value)
      .reverse()
      .map(([k, v]) => [k, reorder(v)]),
  );
}

describe("tool pins", () => {
  it("a tool matches its own pin whatever the key order", () => {
    fc.assert(
      fc.property(tool, (t) => {
        expect(comparePin(pinTool(t), reorder(t) as PinnableTool)).toBeUndefined();
      }),
    );
  });

  it("changing one field is reported as exactly that field", () => {
    fc.assert(
      fc.property(tool, fc.constantFrom(...PINNED_FIELDS), fc.string(), (t, field, marker) => {
        const before = pinTool(t);
        const changed: PinnableTool = {
          ...t,
          [field]: field === "name" ? `${t.name}!${marker}` : { changed: marker, was: t[field] ?? null },
        };
        expect(comparePin(before, changed)).toEqual({ kind: "changed", changedFields: [field] });
      }),
    );
  });

  it("a tool without a pin is unpinned", () => {
    fc.assert(
      fc.property(tool, (t) => {
        expect(comparePin(undefined, t)?.kind).toBe("unpinned");
      }),
    );
  });
});
