import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { IterateAverage } from "../../bench/scorer/iterate-average.js";

/**
 * The trainer's averaged SGD (bench/scorer/iterate-average.ts) keeps the mean of the iterates with one sparse update
 * per changed weight: it must equal the mean computed the simple way, by copying every weight after every step.
 */
describe("injection scorer trainer: iterate averaging over sparse steps", () => {
  it("equals the explicit mean of the iterates after each step (property)", () => {
    const size = 8;
    const step = fc.record({
      changes: fc.array(fc.tuple(fc.nat(size - 1), fc.double({ min: -5, max: 5, noNaN: true })), {
        maxLength: 4,
      }),
      bias: fc.double({ min: -1, max: 1, noNaN: true }),
    });
    fc.assert(
      fc.property(fc.array(step, { minLength: 1, maxLength: 30 }), (steps) => {
        const w = new Float64Array(size);
        let b = 0;
        const sum = new Float64Array(size);
        let sumB = 0;
        const average = new IterateAverage(size);
        for (const s of steps) {
          for (const [at, delta] of s.changes) {
            w[at] = w[at]! + delta;
            average.add(at, delta);
          }
          b += s.bias;
          average.addBias(s.bias);
          average.endStep();
          for (let i = 0; i < size; i++) sum[i] = sum[i]! + w[i]!;
          sumB += b;
        }
        const mean = average.mean(w, b);
        for (let i = 0; i < size; i++) expect(mean.w[i]).toBeCloseTo(sum[i]! / steps.length, 9);
        expect(mean.b).toBeCloseTo(sumB / steps.length, 9);
      }),
      { seed: 2026112820, numRuns: 200 },
    );
  });

  it("returns the last iterate when no step was averaged", () => {
    const w = Float64Array.from([1, -2]);
    expect(new IterateAverage(2).mean(w, 0.5)).toEqual({ w, b: 0.5 });
  });
});
