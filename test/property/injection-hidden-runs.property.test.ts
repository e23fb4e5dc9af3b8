import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { withoutVisibleData } from "../../src/engine/detectors/injection/hidden-runs.js";

const asTags = (ascii: string) =>
  Array.from(ascii, (c) => String.fromCodePoint(0xe0000 + c.charCodeAt(0))).join("");
const isTag = (cp: number) => cp >= 0xe0000 && cp <= 0xe007f;

/** Visible text (ASCII, an emoji, a lone high surrogate of another plane) and hidden runs, in any order. */
const piece = fc.oneof(
  fc.string({ minLength: 1, maxLength: 12 }),
  fc.constantFrom("🙂", "\udb40", "\udb40x", " "),
  fc.string({ minLength: 1, maxLength: 12 }).map((s) => asTags(s.replace(/[^\x20-\x7e]/g, "a"))),
);

describe("withoutVisibleData (hidden-runs.ts)", () => {
  it("cuts every tag character of the span, and a visible piece only when the predicate says so", () => {
    fc.assert(
      fc.property(
        fc.array(piece, { minLength: 1, maxLength: 8 }),
        fc.boolean(),
        (parts, visibleIsInstruction) => {
          const text = parts.join("");
          const asked: string[] = [];
          const kept = withoutVisibleData(text, { start: 0, end: text.length }, (p) => {
            asked.push(p);
            return visibleIsInstruction;
          });
          const covered = new Uint8Array(text.length);
          for (const { start, end } of kept) for (let i = start; i < end; i++) covered[i] = 1;
          const hasTag = Array.from(text).some((c) => isTag(c.codePointAt(0)!));
          if (!hasTag) {
            expect(kept).toEqual([{ start: 0, end: text.length }]);
            return;
          }
          for (let i = 0; i < text.length; ) {
            const cp = text.codePointAt(i)!;
            const width = cp > 0xffff ? 2 : 1;
            // Every tag character is cut; a visible one is cut exactly when the predicate calls pieces instructions
            // (whitespace-only pieces never are).
            if (isTag(cp)) expect([covered[i], covered[i + 1]]).toEqual([1, 1]);
            else if (!visibleIsInstruction) expect(covered[i]).toBe(0);
            i += width;
          }
          for (const p of asked) expect(Array.from(p).some((c) => isTag(c.codePointAt(0)!))).toBe(false);
        },
      ),
      { seed: 1919, numRuns: 2000 },
    );
  });
});
