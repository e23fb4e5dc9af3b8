/**
 * reading-view.ts `foldsAsIs(input, from, to)` reads the units of [from, to) only (region gating asks it of each block
 * of a long text). It must answer what the search form it replaced answers: the next unit outside printable ASCII, tab,
 * LF and CR found by a regex from `from`, taken when it lies before `to`, its code point read whole (a pair whose
 * first unit is the range's last), every such code point one the view keeps.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { foldsAsIs, toReadingView } from "../../src/engine/detectors/injection/structure/reading-view.js";

/** The search form: a global regex stepped from unit to unit, stopped at the first unit found at or past `to`. */
function foldsAsIsBySearch(input: string, from: number, to: number): boolean {
  const unit = /[^\t\n\r\x20-\x7e]/g;
  let i = from;
  for (;;) {
    unit.lastIndex = i;
    if (!unit.test(input) || unit.lastIndex > to) return true;
    const cp = input.codePointAt(unit.lastIndex - 1)!;
    // The view keeps the code point when folding it alone gives it back (a space of another form does not count).
    if (!keptBySearch(cp)) return false;
    i = unit.lastIndex - 1 + (cp > 0xffff ? 2 : 1);
  }
}

/**
 * The code points of UNITS outside printable ASCII that the view keeps as they are (an arrow, a check mark, an emoji);
 * the others it folds, drops or reads as another character (a dash, an accent, spaces, invisible characters, a
 * selector, lookalikes, full-width forms, controls, lone surrogates, a tag character).
 */
const KEPT = new Set([0x2192, 0x2713, 0x1f680]);

function keptBySearch(cp: number): boolean {
  return KEPT.has(cp);
}

const UNITS = [
  "a",
  "Z",
  " ",
  "\n",
  "\t",
  "\r",
  ".",
  "—",
  "→",
  "→",
  "✓",
  "✓",
  "é",
  "\u00a0",
  "\u200b",
  "\ufe0f",
  "\u0430",
  "\uff41",
  "\u3000",
  "\u0000",
  "\u007f",
  "\ud83d\ude80",
  "\ud83d",
  "\ude80",
  "\udb40\udc41",
];

describe("foldsAsIs within a range", () => {
  it("answers as the search form on any range, a pair cut by the range's end included (property)", () => {
    const seen = { kept: 0, folded: 0, pairAtEnd: 0 };
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...UNITS), { maxLength: 40 }).map((us) => us.join("")),
        fc.nat(),
        fc.nat(),
        (text, a, b) => {
          const from = a % (text.length + 1);
          const to = from + (b % (text.length - from + 1));
          const answer = foldsAsIs(text, from, to);
          expect(answer).toBe(foldsAsIsBySearch(text, from, to));
          if (to > from && /[^\t\n\r\x20-\x7e]/.test(text.slice(from, to))) {
            if (answer) seen.kept++;
            else seen.folded++;
          }
          const last = text.charCodeAt(to - 1);
          if (to > from && to < text.length && last >= 0xd800 && last <= 0xdbff) seen.pairAtEnd++;
        },
      ),
      { numRuns: 2000, seed: 2026112822 },
    );
    expect(seen.kept).toBeGreaterThan(100);
    expect(seen.folded).toBeGreaterThan(100);
    expect(seen.pairAtEnd).toBeGreaterThan(20);
  });

  it("a stretch it accepts reads in its view as its lower case, a whole text", () => {
    for (const text of ["Build → test → ship ✓ 🚀 done.", "Plain ASCII Text", "tab\there\r\nline"]) {
      expect(foldsAsIs(text, 0, text.length)).toBe(true);
      expect(toReadingView(text).text).toBe(text.toLowerCase());
    }
    for (const text of ["café", "a\u200bb", "non\u00a0breaking", "\uff41", "em — dash"])
      expect(foldsAsIs(text, 0, text.length)).toBe(false);
  });
});
