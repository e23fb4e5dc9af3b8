/**
 * provenance.ts finds secret-like tokens without TOKEN's regex (eachToken: the 512-unit pieces of each maximal run
 * of the class). Invariant: the tokens of at least `minLength` units are exactly the global regex's matches of at
 * least that length, in order, on texts of the class's breaks (ASCII and wider whitespace), runs across the 6- and
 * 512-unit bounds, astral characters and non-ASCII letters.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { TOKEN_SCAN } from "../../src/shared/provenance.js";

const PIECES = [
  "a",
  "Z",
  "9",
  "=",
  ":",
  "-",
  "_",
  "/",
  " ",
  "\t",
  "\n",
  "\v",
  "\f",
  "\r",
  '"',
  "'",
  "`",
  "<",
  ">",
  "(",
  ")",
  "[",
  "]",
  "{",
  "}",
  ",",
  ";",
  "\u00a0",
  "\u1680",
  "\u2000",
  "\u200a",
  "\u200b",
  "\u2028",
  "\u2029",
  "\u202f",
  "\u205f",
  "\u3000",
  "\ufeff",
  "\u0085",
  "é",
  "😀",
  "abcde",
  "k".repeat(15),
  "x".repeat(505),
  "y".repeat(511),
  "z".repeat(1030),
];

const text = fc.array(fc.constantFrom(...PIECES), { maxLength: 30 }).map((parts) => parts.join(""));

function globalMatches(t: string, minLength: number): string[] {
  const pattern = new RegExp(TOKEN_SCAN.source, "g");
  const found: string[] = [];
  for (let m = pattern.exec(t); m !== null; m = pattern.exec(t))
    if (m[0].length >= minLength) found.push(m[0]);
  return found;
}

describe("token scan", () => {
  for (const minLength of [6, 16]) {
    it(`pieces of at least ${minLength}: the global regex's matches, in order`, () => {
      fc.assert(
        fc.property(text, (t) => {
          expect(TOKEN_SCAN.find(t, minLength)).toEqual(globalMatches(t, minLength));
        }),
        { numRuns: 3000, seed: 23 },
      );
    });
  }
});
