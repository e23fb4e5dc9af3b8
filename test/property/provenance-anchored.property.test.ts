/**
 * provenance.ts finds e-mail addresses and hosts from the `@` or first dot each holds, with the same regex tried
 * sticky at the one start its lookbehind allows (eachAnchored). Invariant: the matches are exactly those of the
 * global regex, in order, on texts built from the characters both patterns read (labels, dots, `@`, the lookbehind's
 * characters, long runs past the 63/64-character bounds, non-ASCII letters).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ANCHORED_SCANS } from "../../src/shared/provenance.js";

const PIECES = [
  "a",
  "Z",
  "9",
  "-",
  "_",
  ".",
  "+",
  "@",
  "/",
  ":",
  " ",
  "\n",
  "com",
  "example",
  "ex-ample",
  "mail.",
  "jane.doe",
  "x".repeat(62),
  "y".repeat(64),
  "é",
  "\u017f",
  "K",
];

const text = fc.array(fc.constantFrom(...PIECES), { maxLength: 40 }).map((parts) => parts.join(""));

function globalMatches(source: string, t: string): string[] {
  const pattern = new RegExp(source, "gi");
  const found: string[] = [];
  for (let m = pattern.exec(t); m !== null; m = pattern.exec(t)) found.push(`${m.index}:${m[0]}`);
  return found;
}

describe("anchored e-mail and host scans", () => {
  for (const [name, scan] of Object.entries(ANCHORED_SCANS)) {
    it(`${name}: the global regex's matches, in order`, () => {
      fc.assert(
        fc.property(text, (t) => {
          expect(scan.find(t)).toEqual(globalMatches(scan.source, t));
        }),
        { numRuns: 3000, seed: 19 },
      );
    });
  }
});
