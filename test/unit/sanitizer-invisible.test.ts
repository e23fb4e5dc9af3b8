import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createControlDetector } from "../../src/engine/sanitizer/index.js";
import type { TextDetector, TextMatch } from "../../src/engine/types.js";

/**
 * Issue #9, item 5: invisible characters are found by Unicode property (not a hand list) while joiners that shape
 * a script or an emoji survive.
 */

function detect(detector: TextDetector, text: string): TextMatch[] {
  const out: TextMatch[] = [];
  detector.detect(text, out);
  return out;
}

function markers(detector: TextDetector, text: string): string[] {
  return detect(detector, text).map((m) => text.slice(m.start, m.end));
}

function strip(text: string): string {
  const found = detect(control, text).sort((a, b) => b.start - a.start);
  let result = text;
  for (const m of found) result = result.slice(0, m.start) + result.slice(m.end);
  return result;
}

const control = createControlDetector();

const DEFAULT_IGNORABLE = /\p{Default_Ignorable_Code_Point}/u;

describe("invisible characters by Unicode property", () => {
  it.each([
    ["Hangul choseong filler U+115F", "\u115f"],
    ["Hangul jungseong filler U+1160", "\u1160"],
    ["Hangul filler U+3164", "\u3164"],
    ["half-width Hangul filler U+FFA0", "\uffa0"],
    ["combining grapheme joiner U+034F", "\u034f"],
    ["Khmer inherent vowel U+17B4", "\u17b4"],
    ["Khmer inherent vowel U+17B5", "\u17b5"],
    ["reserved default-ignorable U+2065", "\u2065"],
    ["deprecated format U+206A", "\u206a"],
    ["deprecated format U+206F", "\u206f"],
    ["Mongolian free variation selector run", "\u180b\u180c"],
    ["shorthand format control U+1BCA0", "\u{1bca0}"],
    ["musical format U+1D173", "\u{1d173}"],
    ["unassigned default-ignorable U+E0FFF", "\u{e0fff}"],
    ["reserved U+FFF0", "\ufff0"],
    ["lone high surrogate", "\ud83d"],
    ["lone low surrogate", "\ude00"],
  ])("reports %s inside a word", (_name, char) => {
    const text = `ig${char}nore`;
    expect(markers(control, text)).toEqual([char]);
    expect(strip(text)).toBe("ignore");
  });

  it("keeps ZWJ between emoji, after VS16 and skin tones, and ZWNJ/ZWJ between letters of joining scripts", () => {
    for (const text of [
      "family 👨\u200d👩\u200d👧",
      "pride 🏳\ufe0f\u200d🌈",
      "coder 👩🏽\u200d💻",
      "heart on fire ❤\ufe0f\u200d🔥",
      "می\u200cخواهم", // Persian
      "क्\u200dष", // Devanagari half form
      "ক্\u200dয", // Bengali
      "ما\u200dی", // Arabic
    ]) {
      expect(detect(control, text), JSON.stringify(text)).toEqual([]);
    }
  });

  it("removes ZWJ/ZWNJ that join nothing: Latin, Cyrillic, CJK, emoji to letter, at the edges", () => {
    for (const text of [
      "ig\u200dnore",
      "ig\u200cnore",
      "при\u200dвет",
      "系\u200d统",
      "👍\u200dok",
      "ok\u200d👍",
      "\u200dstart",
      "end\u200d",
      "क\u200da", // Devanagari to Latin
    ]) {
      expect(strip(text), JSON.stringify(text)).toBe(text.replace(/[\u200c\u200d]/g, ""));
    }
  });

  it("keeps variation selectors after emoji and braille blanks used in braille art", () => {
    expect(detect(control, "ok ✔\ufe0f done ☺\ufe0e")).toEqual([]);
    expect(detect(control, "⠀⠀⣿⣿⠀⠀")).toEqual([]);
  });

  const joiningPairs: [string, string][] = [
    ["ب", "ی"],
    ["ک", "ه"],
    ["क्", "ष"],
    ["त्", "र"],
    ["👨", "👩"],
    ["🏳\ufe0f", "🌈"],
    ["👩🏽", "💻"],
  ];

  it("property: stripping never removes a joiner inside an emoji ZWJ sequence or between Arabic/Devanagari letters", () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...joiningPairs), { minLength: 1, maxLength: 6 }),
        fc.array(fc.constantFrom(" ", "ok ", "\n", "— "), { minLength: 6, maxLength: 6 }),
        fc.constantFrom("\u200d", "\u200c"),
        (pairs, gaps, joiner) => {
          const usable = pairs.filter(([a]) => joiner === "\u200d" || !/\p{Extended_Pictographic}/u.test(a));
          const text = usable.map(([a, b], i) => `${gaps[i]}${a}${joiner}${b}`).join("");
          expect(strip(text)).toBe(text);
        },
      ),
    );
  });

  it("property: stripping removes every Default_Ignorable code point outside those joins", () => {
    const ignorables: number[] = [];
    for (let cp = 0xa0; cp <= 0x10ffff; cp++) {
      if (cp >= 0xd800 && cp <= 0xdfff) continue;
      if (DEFAULT_IGNORABLE.test(String.fromCodePoint(cp))) ignorables.push(cp);
    }
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(fc.constantFrom(...ignorables), fc.stringMatching(/^[a-z][a-z ]{0,3}$/), fc.nat(2)),
          { minLength: 1, maxLength: 12 },
        ),
        (parts) => {
          // Each ignorable appears two or more times: a single variation selector after a character selects a
          // glyph and stays (the emoji case), a run of them smuggles data. Words start with a letter, since a
          // byte-order mark at offset 0 is kept on purpose.
          const text = parts
            .map(([cp, word, n]) => `${word}${String.fromCodePoint(cp).repeat(n + 2)}`)
            .join("");
          const stripped = strip(text);
          expect(
            [...stripped].some((c) => DEFAULT_IGNORABLE.test(c)),
            JSON.stringify(stripped),
          ).toBe(false);
        },
      ),
      { numRuns: 300 },
    );
  });
});
