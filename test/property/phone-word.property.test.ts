/**
 * The phone detector's phone-word test reads the window back from the candidate (phone-word.ts `phoneWordBefore`);
 * the simple form is the regex on the lower-cased window (keyword-window.ts `hasKeywordBefore`). On texts built from
 * the phone words, their look-alikes (`hotel`, `telephones`, `Tel`), other words, digits, `_`, separators of one to
 * six characters, line breaks and blank lines, and characters of 128 or more (`İ`, whose lower case holds an `i`),
 * both give the same answer at every offset.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  PHONE_CONTEXT_WINDOW,
  PHONE_WORD_BEFORE,
  phoneWordBefore,
} from "../../src/engine/detectors/pii/phone-word.js";
import { hasKeywordBefore } from "../../src/engine/detectors/shared/keyword-window.js";

const PIECES = [
  "phone",
  "Phone",
  "TEL",
  "tel",
  "hotel",
  "telephones",
  "messages",
  "message",
  "contact",
  "whatsapp",
  "answering",
  "reach",
  "sms",
  "call",
  "me",
  "on",
  "my",
  "number",
  "is",
  "a",
  "x_y",
  "_",
  "42",
  "+1",
  " ",
  "  ",
  ":",
  ": ",
  " - ",
  ".....",
  "......",
  "\n",
  "\n\n",
  "\n \n",
  "\t",
  "İ",
  "é",
  "İtel",
  "telİ",
  "(",
];

const texts = fc.array(fc.constantFrom(...PIECES), { maxLength: 24 }).map((parts) => parts.join(""));

describe("phoneWordBefore", () => {
  it("answers as the regex on the lower-cased window, at every offset", () => {
    fc.assert(
      fc.property(texts, (text) => {
        for (let index = 0; index <= text.length; index++)
          expect(phoneWordBefore(text, index)).toBe(
            hasKeywordBefore(text, index, PHONE_WORD_BEFORE, PHONE_CONTEXT_WINDOW),
          );
      }),
      { seed: 20_161, numRuns: 3000 },
    );
  });

  it("finds the words the regex finds and refuses its near misses", () => {
    const at = (text: string) => phoneWordBefore(text, text.length);
    expect(at("call me on ")).toBe(true);
    expect(at("Phone number is: ")).toBe(true);
    expect(at("contact ")).toBe(true);
    expect(at("tel")).toBe(true);
    expect(at("phone.....")).toBe(false);
    expect(at("phone ...")).toBe(true);
    expect(at("phone ....")).toBe(false);
    expect(at("phone a b c ")).toBe(true);
    expect(at("phone a b c d ")).toBe(false);
    expect(at("phone a b c")).toBe(false);
    expect(at("hotel ")).toBe(false);
  });
});
