/**
 * secret.service_credential's NuGet keys (`oy2` and 43 lower-case letters and digits) on a long text read the
 * shared pass's list of `oy2` (credential-forms-2.ts `nugetStarts`) instead of searching the text from every `o`.
 * The simple form is the detector's own search on a short text: each `oy2` of the long text, cut out with the one
 * character before it and the 44 after it (all the detector reads), is a key there exactly when it is one in the long
 * text. Texts mix keys, near misses (`toy2...`, short bodies, capitals) and filler, across the pass's chunks.
 */
import fc from "fast-check";
import { afterEach, describe, expect, it } from "vitest";
import { createServiceCredentialDetector } from "../../src/engine/detectors/secrets/credential-forms-2.js";
import { candidateIndex, MIN_PASS_LENGTH, setLiteralPass } from "../../src/engine/scan/candidates.js";
import type { TextMatch } from "../../src/engine/types.js";
import { randomString } from "../../src/shared/fake-credentials.js";

const BODY = "abcdefghijklmnopqrstuvwxyz0123456789";
const j = (...pieces: string[]) => pieces.join("");

afterEach(() => setLiteralPass(true));

/** The NuGet keys the detector reports in `text` (the other forms' findings left out). */
function keys(text: string): number[] {
  const out: TextMatch[] = [];
  // The check runs the pass before its detectors (the control detector asks isAscii first).
  if (text.length >= MIN_PASS_LENGTH) candidateIndex(text).isAscii();
  createServiceCredentialDetector().detect(text, out);
  return out.filter((m) => text.startsWith("oy2", m.start) && m.end - m.start === 46).map((m) => m.start);
}

/** The simple form: each occurrence judged on a short cut of the text around it (below the pass's length). */
function keysOneByOne(text: string): number[] {
  const at: number[] = [];
  for (let i = text.indexOf("oy2"); i !== -1; i = text.indexOf("oy2", i + 1)) {
    const from = Math.max(0, i - 1);
    const cut = text.slice(from, i + 47);
    expect(cut.length).toBeLessThan(MIN_PASS_LENGTH);
    if (keys(cut.padEnd(20, " ")).includes(i - from)) at.push(i);
  }
  return at;
}

const piece = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.nat({ max: 10_000 }).map((seed) => j(" oy", "2", randomString(43, BODY, seed), " ")),
  },
  {
    weight: 3,
    arbitrary: fc
      .tuple(
        fc.constantFrom("t", "_", ".", "\n", "=", "O", "", "-"),
        fc.integer({ min: 30, max: 46 }),
        fc.nat({ max: 10_000 }),
      )
      .map(([before, n, seed]) => j(before, "oy", "2", randomString(n, BODY, seed))),
  },
  { weight: 2, arbitrary: fc.constantFrom("oy", "y2", "oy2", "toy2", "oy22", "OY2", "o y2") },
  { weight: 4, arbitrary: fc.constantFrom(" ", "\n", "nuget push pkg.nupkg ", " the report was filed. ") },
  { weight: 1, arbitrary: fc.integer({ min: 200, max: 70_000 }).map((n) => "x".repeat(n)) },
);
const text = fc
  .array(piece, { minLength: 1, maxLength: 40 })
  .map((pieces) => pieces.join(""))
  .filter((t) => t.length >= MIN_PASS_LENGTH);

describe("NuGet keys from the shared pass's list of oy2", () => {
  it("are the keys the short-text search finds, occurrence by occurrence", () => {
    let found = 0;
    fc.assert(
      fc.property(text, (t) => {
        const expected = keysOneByOne(t);
        found += expected.length;
        expect(keys(t)).toEqual(expected);
      }),
      { seed: 1516, numRuns: 120 },
    );
    expect(found).toBeGreaterThan(50);
  });

  it("are the same with the pass switched off", () => {
    fc.assert(
      fc.property(text, (t) => {
        const withPass = keys(t);
        setLiteralPass(false);
        const without = keys(t);
        setLiteralPass(true);
        expect(without).toEqual(withPass);
      }),
      { seed: 1517, numRuns: 60 },
    );
  });
});
