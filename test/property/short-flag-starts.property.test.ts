/**
 * The single-dash flags' candidate starts (generic-credential.ts `shortFlagStarts`) on a long text come from the
 * shared pass's lists of ` -` and `\t-` merged; the simple form is every offset of a space or tab before a `-`. On
 * long texts of prose, dashes, spaces, tabs and flags, with the shared pass on or off, both give the same ascending
 * list.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CANDIDATE_SCANS } from "../../src/engine/detectors/secrets/candidate-scan.js";
import { createSecretDetectors } from "../../src/engine/detectors/secrets/index.js";
import { MIN_PASS_LENGTH, setLiteralPass } from "../../src/engine/scan/candidates.js";

createSecretDetectors();
const scan = CANDIDATE_SCANS.find((s) => s.name === "single-dash credential flags")!;

function simpleStarts(text: string): number[] {
  const at: number[] = [];
  for (let i = 0; i + 1 < text.length; i++) {
    const c = text.charCodeAt(i);
    if ((c === 32 || c === 9) && text.charCodeAt(i + 1) === 45) at.push(i);
  }
  return at;
}

const PIECES = [
  "word ",
  "-",
  " -",
  "\t-",
  "--",
  " --",
  "a-b ",
  "415-555-1234 ",
  " -password ",
  "\t-pwd x",
  "\n",
  "  ",
];
const texts = fc
  .tuple(fc.array(fc.constantFrom(...PIECES), { minLength: 1, maxLength: 60 }), fc.nat(7), fc.boolean())
  .map(([parts, lead, passFirst]) => {
    // Long enough for the index's lists, the pieces spread over it.
    let text = "";
    for (let i = 0; text.length < MIN_PASS_LENGTH + 64; i++)
      text += `${"lorem ".repeat(lead)}${parts[i % parts.length]}`;
    return { text, passOn: passFirst };
  });

describe("single-dash flag starts on long texts", () => {
  it("are every space or tab before a dash, ascending, with the pass on or off", () => {
    fc.assert(
      fc.property(texts, ({ text, passOn }) => {
        setLiteralPass(passOn);
        try {
          expect([...scan.starts(text)!]).toEqual(simpleStarts(text));
        } finally {
          setLiteralPass(true);
        }
      }),
      { seed: 20_162, numRuns: 200 },
    );
  });
});
