/**
 * The token detector reads a candidate's body once for its classes, its letters-and-digits test and its keyboard run
 * (lookalike.ts `valueFacts`) and its end from a table of the alphabet (token-detector.ts `bodyEnd`): a token is
 * found exactly where the rules read one at a time say, on bodies of every mix of classes, lengths around the form's
 * bounds, and characters after the body inside and outside the alphabet.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isLookalikeVendorValue } from "../../src/engine/detectors/secrets/lookalike.js";
import { createTokenDetector } from "../../src/engine/detectors/secrets/token-detector.js";
import type { TokenForm } from "../../src/engine/detectors/secrets/token-spec.js";
import { shannonEntropy } from "../../src/engine/detectors/shared/shannon-entropy.js";
import type { TextMatch } from "../../src/engine/types.js";

const PREFIX = "qzv_";
const MIN = 16;
const MAX = 24;

/** The simple form of the class, entropy and look-alike rules (acceptsBody without a shape, checksum or signature). */
function accepts(body: string, form: TokenForm, prefixed: boolean): boolean {
  const classes = [/[A-Z]/, /[a-z]/, /[0-9]/].filter((re) => re.test(body)).length;
  if (classes < (form.minClasses ?? 0)) return false;
  if (form.needsDigit === true && !/[0-9]/.test(body)) return false;
  if (shannonEntropy(body) < (form.minEntropy ?? 3)) return false;
  return !isLookalikeVendorValue(body, prefixed);
}

const classChars = ["ABCDEFGHIJKLMNOPQRSTUVWXYZ", "abcdefghijklmnopqrstuvwxyz", "0123456789", "_-."];
/** A body drawn from some of the classes (and the punctuation some alphabets hold), with keyboard runs at times. */
const body = fc
  .tuple(
    fc.subarray([0, 1, 2, 3], { minLength: 1 }),
    fc.integer({ min: MIN - 2, max: MAX + 2 }),
    fc.array(fc.nat(), { minLength: MAX + 2, maxLength: MAX + 2 }),
    fc.option(fc.constantFrom("abcdefg", "0123456", "KLMNOP", "example", "Test"), { nil: undefined }),
  )
  .map(([classes, length, picks, inset]) => {
    const pool = classes.map((c) => classChars[c]).join("");
    let out = "";
    for (let i = 0; i < length; i++) out += pool[picks[i]! % pool.length];
    return inset === undefined ? out : (inset + out).slice(0, length);
  });
const form = fc.record({
  alphabet: fc.constantFrom("A-Za-z0-9", "A-Za-z0-9_-", "a-z0-9", "A-Z0-9._"),
  minClasses: fc.integer({ min: 0, max: 3 }),
  needsDigit: fc.boolean(),
  minEntropy: fc.constantFrom(2, 3, 3.5),
  checksum: fc.constantFrom(undefined, "crc32-base62" as const),
});
const after = fc.constantFrom(" ", ". ", "\n", "!", "é", "");

describe("the token detector's one reading of a body", () => {
  it("finds a token exactly where the rules read one at a time say", () => {
    let found = 0;
    let refused = 0;
    fc.assert(
      fc.property(form, body, after, (f, b, tail) => {
        const tokenForm: TokenForm = {
          prefixes: [PREFIX],
          alphabet: f.alphabet,
          length: [MIN, MAX],
          minClasses: f.minClasses,
          needsDigit: f.needsDigit,
          minEntropy: f.minEntropy,
          ...(f.checksum === undefined ? {} : { checksum: f.checksum }),
        };
        const detector = createTokenDetector(
          [{ id: "secret.qzv", type: "qzv_token", token: { forms: [tokenForm] } }],
          false,
        );
        const text = `key ${PREFIX}${b}${tail}`;
        const out: TextMatch[] = [];
        detector.detect(text, out);
        // The body as the reader reads it: the alphabet's characters after the prefix, a sentence's period dropped.
        const inAlphabet = new RegExp(`^[${f.alphabet}]*`).exec(text.slice(4 + PREFIX.length))![0];
        const read = inAlphabet.replace(/\.+$/, "");
        const glued = /^[\w-]/.test(text.slice(4 + PREFIX.length + inAlphabet.length));
        const expected =
          !glued &&
          inAlphabet.length <= MAX + 1 &&
          read.length >= MIN &&
          read.length <= MAX &&
          accepts(read, tokenForm, f.checksum === undefined);
        expect(out.length > 0).toBe(expected);
        if (expected) {
          found++;
          expect(text.slice(out[0]!.start, out[0]!.end)).toBe(PREFIX + read);
        } else refused++;
      }),
      { numRuns: 3000, seed: 2019 },
    );
    expect(found).toBeGreaterThan(200);
    expect(refused).toBeGreaterThan(300);
  });
});
