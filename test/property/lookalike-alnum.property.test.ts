/**
 * The look-alike test of a vendor token's value (lookalike.ts) answers a value of ASCII letters and digits by the
 * tests such a value can pass only (`isAlnumLookalike`, `isAlnumPlaceholder`): the same answer as every test
 * (`isLookalikeValueInFull`, the simple form), on values built to hit each test: stand-in words in any case, the
 * placeholder words, instructions (`yourApiKeyHere`), units repeated in mixed case, one repeated character, the
 * ciphertext headers, base64 JSON, keyboard runs, and the characters the left-out tests need (`.`, `*`, `$`, `_`).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { hasKeyboardRun } from "../../src/engine/detectors/secrets/documentation-example.js";
import {
  FACT_DIGIT,
  FACT_LOWER,
  FACT_UPPER,
  HEADED,
  isLookalikeValueInFull,
  isLookalikeVendorValue,
  isLookalikeVendorValueOf,
  valueFacts,
} from "../../src/engine/detectors/secrets/lookalike.js";
import { isPlaceholderValue } from "../../src/engine/detectors/secrets/placeholder.js";

const RUNS = { numRuns: 6000, seed: 1616 };
const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

const WORDS = [
  "example",
  "EXAMPLE",
  "Example",
  "dummy",
  "sample",
  "placeholder",
  "redacted",
  "REDACTED",
  "fake",
  "xxxx",
  "XXXX",
  "your",
  "YOUR",
  "Your",
  "yourapikey",
  "test",
  "Test",
  "TEST",
  "token",
  "password",
  "pass",
  "here",
  "key",
  "Key",
  "secret",
  "my",
  "the",
  "enter",
  "Replace",
  "true",
  "NULL",
  "None",
  "changeme",
  "eyJ",
  "eyJhbGciOi",
  "eyJ0eXAiOi",
  "U2FsdGVkX1",
  "gAAAAA",
  "AQICAH",
  "0123456789",
  "abcdefgh",
];
const OTHER = [
  ".",
  "...",
  "*",
  "***",
  "$",
  "{",
  "}",
  "<",
  ">",
  "[",
  "]",
  "%s",
  "_",
  "-",
  ":",
  "(",
  "\u2026",
  "\u2022",
];

const base62Char = fc.constantFrom(...BASE62.split(""));
const randomRun = fc.array(base62Char, { minLength: 1, maxLength: 12 }).map((cs) => cs.join(""));
/** A unit of 2-8 characters repeated 3-6 times, each copy's letters in a random case. */
const repeatedUnit = fc
  .tuple(fc.array(base62Char, { minLength: 2, maxLength: 8 }), fc.integer({ min: 3, max: 6 }), fc.nat())
  .map(([unit, times, seed]) => {
    let out = "";
    for (let t = 0; t < times; t++)
      out += unit
        .map((c, i) => (((seed >> ((t * 8 + i) % 30)) & 1) === 1 ? c.toUpperCase() : c.toLowerCase()))
        .join("");
    return out;
  });
const oneChar = fc.tuple(base62Char, fc.integer({ min: 1, max: 40 })).map(([c, n]) => c.repeat(n));
const piece = fc.oneof(
  { weight: 4, arbitrary: randomRun },
  { weight: 4, arbitrary: fc.constantFrom(...WORDS) },
  { weight: 1, arbitrary: repeatedUnit },
  { weight: 1, arbitrary: oneChar },
  { weight: 1, arbitrary: fc.constantFrom(...OTHER) },
);
const value = fc.oneof(
  fc.array(piece, { minLength: 0, maxLength: 5 }).map((ps) => ps.join("")),
  fc.constantFrom(...WORDS),
  repeatedUnit,
  oneChar,
);

describe("the look-alike test of letters and digits", () => {
  it("asks an anchored header test only where the value opens with one of its first characters: every match does", () => {
    const tail = fc
      .array(fc.constantFrom(...BASE62.split(""), "-", "_", "="), { maxLength: 60, size: "max" })
      .map((cs) => cs.join(""));
    const headed = fc.oneof(
      value,
      fc.tuple(fc.constantFrom(...WORDS), tail).map(([w, t]) => w + t),
    );
    let matched = 0;
    fc.assert(
      fc.property(headed, (v) => {
        for (const [re, firsts] of HEADED) {
          if (!re.test(v)) continue;
          matched++;
          expect(firsts.includes(v.charAt(0))).toBe(true);
        }
      }),
      RUNS,
    );
    expect(matched).toBeGreaterThan(100);
  });

  it("answers as every test does, prefixed or not", () => {
    let alnumLookalikes = 0;
    let alnum = 0;
    fc.assert(
      fc.property(value, fc.boolean(), (v, prefixed) => {
        const expected = isLookalikeValueInFull(v) || (!prefixed && hasKeyboardRun(v));
        expect(isLookalikeVendorValue(v, prefixed)).toBe(expected);
        if (/^[A-Za-z0-9]+$/.test(v)) {
          alnum++;
          if (isLookalikeValueInFull(v)) alnumLookalikes++;
        }
      }),
      RUNS,
    );
    // The generator reaches both answers on values of letters and digits (the fast path's domain).
    expect(alnum).toBeGreaterThan(1500);
    expect(alnumLookalikes).toBeGreaterThan(500);
    expect(alnum - alnumLookalikes).toBeGreaterThan(300);
  });

  it("covers each placeholder test the fast path keeps", () => {
    // A look-alike by one test alone, among the values of letters and digits.
    for (const v of ["yourApiKeyHere", "TRUE", "abcdABCDabcdAbCd", "QQQQQQQQ", "myTokenHere", "1YOURKey"]) {
      expect(isPlaceholderValue(v)).toBe(true);
      expect(isLookalikeVendorValue(v, true)).toBe(true);
    }
    for (const v of ["aB3dE5gH7jK9mN1pQ3sT5", "Truee", "abcdABCDwxyz", "xyzYOURKey"])
      expect(isLookalikeVendorValue(v, true)).toBe(isLookalikeValueInFull(v));
  });

  it("reads a value's facts once as the separate readings read them (valueFacts, isLookalikeVendorValueOf)", () => {
    // Values near the facts' edges too: non-ASCII letters and digits, the codes around each class, runs of six.
    const edge = fc.constantFrom(
      "/",
      ":",
      "@",
      "[",
      "`",
      "{",
      "\u00e9",
      "\uff11",
      "\u0660",
      "012345",
      "abcdef",
      "ABCDEF",
      "01234",
      "vwxyz",
      "KLMNO",
      "56789:",
    );
    const any = fc.oneof(
      value,
      fc.array(fc.oneof(piece, edge), { maxLength: 6 }).map((ps) => ps.join("")),
    );
    let runs = 0;
    let mixed = 0;
    fc.assert(
      fc.property(any, fc.boolean(), (v, prefixed) => {
        const facts = valueFacts(v);
        expect((facts & FACT_UPPER) !== 0).toBe(/[A-Z]/.test(v));
        expect((facts & FACT_LOWER) !== 0).toBe(/[a-z]/.test(v));
        expect((facts & FACT_DIGIT) !== 0).toBe(/[0-9]/.test(v));
        expect(isLookalikeVendorValueOf(v, prefixed, facts)).toBe(isLookalikeVendorValue(v, prefixed));
        if (hasKeyboardRun(v)) runs++;
        if (/^[A-Za-z0-9]+$/.test(v) !== /^[A-Za-z0-9]/.test(v)) mixed++;
      }),
      { numRuns: 4000, seed: 1919 },
    );
    // Both sides of the keyboard run and of letters-and-digits are reached.
    expect(runs).toBeGreaterThan(200);
    expect(mixed).toBeGreaterThan(200);
  });
});
