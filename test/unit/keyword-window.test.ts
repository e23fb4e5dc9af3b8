/**
 * The look-back window of the context checks (src/engine/detectors/shared/keyword-window.ts) stops after an empty
 * line, and reads nothing before the window.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { hasKeywordBefore, windowStart } from "../../src/engine/detectors/shared/keyword-window.js";

/** The same start by a regex: after the last line break that ends an empty line in the window, else its start. */
function reference(text: string, index: number, window: number): number {
  const from = Math.max(0, index - window);
  const slice = text.slice(from, index);
  let last = -1;
  for (const m of slice.matchAll(/(?<=\n[ \t\r]*)\n/g)) last = m.index;
  return last === -1 ? from : from + last + 1;
}

describe("keyword window", () => {
  it("starts after the last empty line in the window, else window characters back", () => {
    fc.assert(
      fc.property(
        fc
          .array(fc.constantFrom("a", " ", "\t", "\r", "\n", "phone"), { maxLength: 60 })
          .map((a) => a.join("")),
        fc.nat(80),
        fc.nat(100),
        (text, window, at) => {
          const index = Math.min(at, text.length);
          expect(windowStart(text, index, window)).toBe(reference(text, index, window));
        },
      ),
      { numRuns: 3000, seed: 12 },
    );
  });

  it("a keyword above an empty line is not the candidate's context; one on the line above is", () => {
    const word = /\bphone\W*$/;
    expect(hasKeywordBefore("phone:\n\n4155550123", 8, word, 40)).toBe(false);
    expect(hasKeywordBefore("phone:\n  \t\n4155550123", 11, word, 40)).toBe(false);
    expect(hasKeywordBefore("phone:\n4155550123", 7, word, 40)).toBe(true);
    expect(hasKeywordBefore("phone: 4155550123", 7, word, 40)).toBe(true);
  });
});
