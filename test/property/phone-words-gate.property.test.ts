/**
 * The phone detector skips a candidate's look-back window when the shared pass's lists hold no phone word whole
 * inside it (phone.ts `PhoneWords`): on long texts it finds exactly what it finds with the pass switched off (every
 * window sliced, lower-cased and matched). Texts hold numbers with phone words at and around the window's reach (39,
 * 40 and 41 characters back), in any ASCII case, inside longer words (`hotel`), right before the number
 * (`phone(415)`), across an empty line, and the Kelvin sign (a non-ASCII text, which reads every window: `DES\u212A`
 * lower-cases to `desk`). Mutant planted: the window taken one character short. (A word ending right at the
 * candidate cannot decide: a number after a letter is not standalone, so `end < start` would be an equivalent
 * mutant.)
 */
import fc from "fast-check";
import { afterEach, describe, expect, it } from "vitest";
import { createPhoneDetector } from "../../src/engine/detectors/pii/phone.js";
import { candidateIndex, MIN_PASS_LENGTH, setLiteralPass } from "../../src/engine/scan/candidates.js";
import type { TextMatch } from "../../src/engine/types.js";

afterEach(() => setLiteralPass(true));

const phone = createPhoneDetector();

function found(text: string): [number, number][] {
  if (text.length >= MIN_PASS_LENGTH) candidateIndex(text).isAscii(); // the check runs the pass first
  const out: TextMatch[] = [];
  phone.detect(text, out);
  return out.map((m) => [m.start, m.end]);
}

const WORDS = [
  "phone",
  "Phone",
  "TEL",
  "tel",
  "hotel",
  "call",
  "CALL",
  "fax",
  "desk",
  "DES\u212A",
  "messages",
  "text",
];
const NUMBERS = [
  "415 555 2671",
  "(415) 555-2671",
  "2224 4966",
  "07700 900123",
  "555 0100",
  "4155552671",
  "+44 20 7946 0958",
];

const near = fc
  .tuple(
    fc.constantFrom(...WORDS),
    fc.integer({ min: 0, max: 44 }),
    fc.constantFrom(...NUMBERS),
    fc.constantFrom(" ", "\n\n", ""),
  )
  .map(([word, gap, number, separator]) => {
    // One word (the pattern allows three between the phone word and the number), so the window's reach decides.
    const filler = gap === 0 ? "" : `${"x".repeat(gap - 1)} `;
    return ` ${word}${separator}${filler}${number} `;
  });
const piece = fc.oneof(
  { weight: 5, arbitrary: near },
  { weight: 2, arbitrary: fc.constantFrom(...NUMBERS) },
  { weight: 3, arbitrary: fc.constantFrom(" ", "\n", "order no. ", "the report was filed. ", ": ") },
  { weight: 1, arbitrary: fc.integer({ min: 50, max: 900 }).map((n) => "x ".repeat(n)) },
);
const text = fc
  .array(piece, { minLength: 1, maxLength: 50 })
  .map((p) => p.join(""))
  .map((t) => (t.length >= MIN_PASS_LENGTH ? t : t + " filler".repeat(150)));

describe("the phone detector's word gate from the shared pass", () => {
  it("finds what every window read finds", () => {
    let matches = 0;
    fc.assert(
      fc.property(text, (t) => {
        const gated = found(t);
        setLiteralPass(false);
        const simple = found(t);
        setLiteralPass(true);
        matches += simple.length;
        expect(gated).toEqual(simple);
      }),
      { seed: 1523, numRuns: 150 },
    );
    expect(matches).toBeGreaterThan(100);
  });
});
