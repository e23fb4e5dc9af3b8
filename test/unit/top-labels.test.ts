import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { TopLabelCounter } from "../../src/telemetry/top-labels.js";

describe("TopLabelCounter (bounded connector-type labels)", () => {
  it("exports the most frequent values by name and sums the rest as other", () => {
    const c = new TopLabelCounter(2);
    for (const [value, n] of [
      ["a", 1],
      ["b", 5],
      ["c", 3],
      ["d", 2],
    ] as const) {
      c.add(value, "k", n);
    }
    expect(c.snapshot()).toEqual([
      { value: "b", key: "k", count: 5 },
      { value: "c", key: "k", count: 3 },
      { value: "other", key: "k", count: 3 },
    ]);
  });

  it("beyond the tracked values, newcomers count straight into other", () => {
    const c = new TopLabelCounter(1, 2);
    c.add("a", "k");
    c.add("b", "k");
    c.add("c", "k", 10);
    expect(c.snapshot()).toEqual([
      { value: "a", key: "k", count: 1 },
      { value: "other", key: "k", count: 11 },
    ]);
  });

  it("never loses a count and never exports more than limit + 1 values (property)", () => {
    fc.assert(
      fc.property(
        fc.nat(5),
        fc.array(
          fc.tuple(fc.string({ maxLength: 3 }), fc.constantFrom("x", "y"), fc.integer({ min: 1, max: 9 })),
        ),
        (limit, adds) => {
          const c = new TopLabelCounter(limit, limit + 3);
          for (const [value, key, n] of adds) c.add(value, key, n);
          const snap = c.snapshot();
          expect(snap.reduce((s, r) => s + r.count, 0)).toBe(adds.reduce((s, [, , n]) => s + n, 0));
          expect(new Set(snap.map((r) => r.value)).size).toBeLessThanOrEqual(limit + 1);
          for (const key of ["x", "y"]) {
            expect(snap.filter((r) => r.key === key).reduce((s, r) => s + r.count, 0)).toBe(
              adds.filter(([, k]) => k === key).reduce((s, [, , n]) => s + n, 0),
            );
          }
        },
      ),
    );
  });
});
