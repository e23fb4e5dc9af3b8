/**
 * extractValues walks a text's passage windows lazily (it stops once it holds `maxValues`) and takes a window of an
 * ASCII text as its own normal form. Invariant: the values are exactly those of adding every window `passageWindows`
 * returns, each normalised, in order, until the cap (what extractValues did before), on ASCII and non-ASCII texts
 * with and without other values, under caps below and above the number of windows.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type ExtractedValue,
  type ExtractSide,
  extractValues,
  normaliseValue,
  passageWindows,
} from "../../src/shared/provenance.js";

const ASCII_WORDS = [
  "the",
  "Quarterly",
  "report",
  "ships",
  "to",
  "jane.roe@example.com",
  "+1 415-555-0100",
  "k3y_AbCdEf0123456789xyz",
  "\n",
  ", ",
];
const OTHER_WORDS = ["Straße", "ＡＢＣ", "İstanbul", "à", "😀"];
const words = (pool: string[]) =>
  fc.array(fc.constantFrom(...pool), { minLength: 10, maxLength: 400 }).map((w) => w.join(" "));
const text = fc.oneof(words(ASCII_WORDS), words([...ASCII_WORDS, ...OTHER_WORDS]));

/** extractValues as it was: every window of `passageWindows`, normalised, added until the cap. */
function oracle(t: string, side: ExtractSide, maxValues: number): ExtractedValue[] {
  const out = extractValues(t, { side, maxValues, passages: false });
  const seen = new Set(out.map((v) => `${v.kind}\u0000${v.norm}`));
  for (const window of passageWindows(t, maxValues)) {
    if (out.length >= maxValues) break;
    const norm = normaliseValue("passage", window);
    if (norm === undefined || seen.has(`passage\u0000${norm}`)) continue;
    seen.add(`passage\u0000${norm}`);
    out.push({ kind: "passage", value: window, norm });
  }
  return out;
}

describe("passage windows in extractValues", () => {
  it("the values of adding every window, normalised, until the cap", () => {
    fc.assert(
      fc.property(
        text,
        fc.constantFrom<ExtractSide>("tool", "user"),
        fc.integer({ min: 1, max: 600 }),
        (t, side, maxValues) => {
          expect(extractValues(t, { side, maxValues })).toEqual(oracle(t, side, maxValues));
        },
      ),
      { numRuns: 500, seed: 29 },
    );
  });
});
