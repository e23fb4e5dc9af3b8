/**
 * The fold the phrase rules read (normalise.ts) takes a short path when every non-ASCII code point of a text folds to
 * as many UTF-16 units as it has: no offset map (the identity, a surrogate pair kept as one block). That path gives
 * what the general one gives: the same text and the same original ranges, the general one being reached by adding a
 * character it alone handles (a ligature folding to two letters) at the end.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { toFoldedText, toMatchableText } from "../../src/engine/detectors/injection/normalise.js";
import { referenceFold } from "../helpers/injection-fold-reference.js";

const oneForOne = fc.constantFrom(
  "é",
  "ï",
  "\u2019",
  "\u201c",
  "\u2014",
  "\u00a0",
  "\u0456",
  "\uff49",
  "\uff2b",
  "\u212a",
  "ſ",
  "中",
  "\u2500",
  "\ud800",
  "\udc00",
  "\u{1f600}",
  "\u{1f4d6}",
  "\u{1d400}",
);
const ascii = fc.constantFrom("a", "B", " ", "\n", "\t", "ignore", "\\n", "x.y", "PREVIOUS");
const text = fc
  .array(fc.oneof(ascii, oneForOne), { minLength: 1, maxLength: 60 })
  .map((parts) => parts.join(""))
  .filter((t) => /[^\t\n\r\x20-\x7e]/.test(t));

describe("the same-length fold", () => {
  it("gives the general fold's text and original ranges", () => {
    fc.assert(
      fc.property(text, fc.nat(), fc.nat(), fc.boolean(), (t, a, b, lower) => {
        const fold = lower ? toMatchableText : toFoldedText;
        const short = fold(t);
        const general = fold(`${t}\ufb01`);
        expect(general.text.startsWith(short.text)).toBe(true);
        // A range inside the text (an empty one at its very end would touch what follows it in the longer text).
        const start = a % Math.max(1, short.text.length);
        const end = start + (b % (short.text.length - start + 1));
        expect(short.toOriginal(start, end)).toEqual(general.toOriginal(start, end));
      }),
      { numRuns: 2000 },
    );
  });

  it("is not taken when a code point folds to more or fewer units than it has", () => {
    for (const t of ["a\u200bb", "a\ufb01b", "a\u2026b", "a\u{1d400}b"]) {
      const fold = toFoldedText(t);
      // The general path maps through its segments: the character after the special one maps back past it.
      const last = fold.text.length - 1;
      expect(fold.toOriginal(last, last + 1)).toEqual([t.length - 1, t.length]);
    }
  });
});

/** Characters the fold drops, folds to more or fewer units, or keeps one for one, and control characters. */
const anyFold = fc.constantFrom(
  "\u200b",
  "\u00ad",
  "\ufe0f",
  "\ufb01",
  "\u2026",
  "\u{1d400}",
  "\u{1f600}",
  "\u0301",
  "e\u0301",
  "\u0001",
  "\u007f",
  "\u00e9",
  "\u2019",
  "\u00a0",
  "\ud800",
  "\udc00",
  "\uff49",
  "\u2460",
  "\u3000",
);

describe("the one-loop fold", () => {
  it("gives the per-run, per-character fold's text and original ranges", () => {
    const mixed = fc
      .array(fc.oneof(ascii, oneForOne, anyFold), { minLength: 1, maxLength: 80 })
      .map((parts) => parts.join(""))
      .filter((t) => /[^\t\n\r\x20-\x7e]/.test(t));
    fc.assert(
      fc.property(mixed, fc.nat(), fc.nat(), fc.boolean(), (t, a, b, lower) => {
        const fold = (lower ? toMatchableText : toFoldedText)(t);
        const reference = referenceFold(t, lower);
        expect(fold.text).toBe(reference.text);
        const start = a % (fold.text.length + 1);
        const end = start + (b % (fold.text.length - start + 1));
        expect(fold.toOriginal(start, end)).toEqual(reference.toOriginal(start, end));
        // Every one-character range, so each segment is looked at.
        for (let i = 0; i < fold.text.length; i++)
          expect(fold.toOriginal(i, i + 1)).toEqual(reference.toOriginal(i, i + 1));
      }),
      { numRuns: 3000, seed: 11 },
    );
  });
});
