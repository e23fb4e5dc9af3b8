import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { TextDetector, TextMatch } from "../../src/engine/types.js";

export interface RobustnessOptions {
  /** Fragments mixed into the random strings so they hit the detectors' prefilters, not just plain noise. */
  fragments?: readonly string[];
  /** 100 KB-ish inputs of near-matches: only catastrophic backtracking takes seconds on them. */
  adversarial: readonly (readonly [name: string, text: string])[];
  /** A benign 1 MB-ish text that must produce no match at all. */
  benign?: string;
  numRuns?: number;
}

/**
 * The properties every detector family must have: it never throws on any UTF-16 (lone surrogates included),
 * reports spans inside the text, handles the empty string and megabytes, and stays linear on adversarial input.
 * The bound is generous on purpose: it catches exponential backtracking, it does not measure speed.
 */
export function describeRobustness(
  family: string,
  detectors: readonly TextDetector[],
  options: RobustnessOptions,
): void {
  const detect = (text: string): TextMatch[] => {
    const out: TextMatch[] = [];
    for (const d of detectors) d.detect(text, out);
    return out;
  };

  describe(`${family}: robustness`, () => {
    it("never throws and returns in-range spans on arbitrary UTF-16, lone surrogates included", () => {
      const unit = fc.oneof(
        fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)),
        fc.constantFrom(...(options.fragments ?? ["a", " "])),
      );
      fc.assert(
        fc.property(fc.string({ unit, maxLength: 300 }), (text) => {
          for (const m of detect(text)) {
            expect(m.start).toBeGreaterThanOrEqual(0);
            expect(m.end).toBeGreaterThan(m.start);
            expect(m.end).toBeLessThanOrEqual(text.length);
          }
        }),
        { numRuns: options.numRuns ?? 300 },
      );
    });

    it("handles the empty string and a megabyte", () => {
      expect(detect("")).toEqual([]);
      expect(() => detect("\ud800\udb40\udfff\udb40")).not.toThrow();
      if (options.benign) expect(detect(options.benign)).toEqual([]);
      else expect(() => detect("x".repeat(1_000_000))).not.toThrow();
    });

    for (const [name, text] of options.adversarial) {
      it(`stays linear on 100 KB of ${name}`, () => {
        for (const detector of detectors) {
          const started = performance.now();
          detector.detect(text, []);
          expect(performance.now() - started, detector.id).toBeLessThan(2000);
        }
      });
    }
  });
}
