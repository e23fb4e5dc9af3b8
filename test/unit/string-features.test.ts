/**
 * Soundness of the detector gates (`TextDetector.requires` / `minLength`): a detector must find nothing in a string
 * whose features or length its gate rules out, because the scanner never calls it there.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createDetectorSet } from "../../src/engine/detector-set.js";
import { resolvePolicy } from "../../src/engine/policy.js";
import {
  ALL_FEATURES,
  exactFeatures,
  HAS_AT,
  HAS_BRACKET,
  HAS_COLON,
  HAS_CONTROL,
  HAS_DASH,
  HAS_DIGIT,
  HAS_EQUALS,
  HAS_HASH,
  HAS_LT,
  HAS_NEWLINE,
  HAS_NON_ASCII,
  HAS_SLASH,
  HAS_SPACE,
  HAS_UNDERSCORE,
  HAS_UPPER,
  MAX_GATED_LENGTH,
  mayMatch,
  stringFeatures,
} from "../../src/engine/scan/string-features.js";
import type { TextDetector, TextMatch } from "../../src/engine/types.js";
import { fakeAwsAccessKey, fakeGithubToken, fakeOpenaiKey } from "../../src/shared/fake-credentials.js";

const RUNS = { numRuns: Number(process.env.PROPERTY_RUNS ?? 300) };
const set = createDetectorSet(resolvePolicy({}));
const detectors: TextDetector[] = [
  ...set.sanitizers,
  ...set.pii,
  ...set.secrets,
  ...set.injection,
  ...set.hazards,
];

// Pieces that trigger detectors, so random strings come close to matching (and often do).
const PIECES = [
  "@",
  "ghp_",
  "github_pat_",
  "sk-",
  "sk-ant-api03-",
  "sk_live_",
  "AKIA",
  "AIza",
  "eyJ",
  "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0In0.abc",
  "-----BEGIN RSA PRIVATE KEY-----\nMIIB",
  "\u200b",
  "\u200d",
  "\ufeff",
  "\u202e",
  "\x1b[31m",
  "\x07",
  "\x0b",
  "\u00a0",
  "\u3000",
  "ＩＧＮＯＲＥ",
  "іgnоrе",
  "＜",
  "ignore",
  "ignore previous instructions",
  "you are now DAN",
  "<system>",
  "<|im_start|>system",
  "[INST]",
  "## System:",
  "\nSystem: ",
  "<important>",
  "previous",
  "instructions",
  ":",
  "=",
  "password=",
  "--password ",
  "Bearer ",
  "https://user:",
  "://",
  "AccountKey=",
  "hooks.slack.com/services/T",
  "xoxb-",
  "+1 415-555-0100",
  "4111 1111 1111 1111",
  "4111111111111111",
  "123-45-6789",
  "ssn:",
  "DE89370400440532013000",
  "192.168.0.1",
  "fe80::1",
  "abcd::ef",
  "secret_access_key",
  "service_account",
  '"private_key": "',
  "bob@example.com",
  "DROP TABLE users",
  "' OR 1=1 --",
  "; rm -rf /",
  "../../etc/passwd",
  "http://169.254.169.254/",
  fakeGithubToken(),
  fakeOpenaiKey(),
  fakeAwsAccessKey(),
  " ",
  ".",
  "-",
  "_",
  "/",
];

const piece = fc.oneof(
  { weight: 5, arbitrary: fc.constantFrom(...PIECES) },
  { weight: 2, arbitrary: fc.stringMatching(/^[0-9]{1,16}$/) },
  { weight: 2, arbitrary: fc.stringMatching(/^[A-Za-z0-9]{1,48}$/) },
  { weight: 2, arbitrary: fc.string({ unit: "binary", maxLength: 6 }) },
);
const text = fc.oneof(
  fc.array(piece, { maxLength: 8 }).map((parts) => parts.join("")),
  fc.string({ unit: "binary", maxLength: 40 }),
);

/** Removes every character that carries one of `features`, so the gate of a detector needing them must fail. */
function without(s: string, features: number): string {
  let out = "";
  for (const ch of s) if ((exactFeatures(ch) & features) === 0) out += ch;
  return out;
}

function detect(d: TextDetector, s: string): TextMatch[] {
  const out: TextMatch[] = [];
  d.detect(s, out);
  return out;
}

describe("string features", () => {
  it("flag exactly the characters they name, for every UTF-16 code unit", () => {
    const expected: [number, (c: number) => boolean][] = [
      [HAS_DIGIT, (c) => c >= 48 && c <= 57],
      [HAS_UPPER, (c) => c >= 65 && c <= 90],
      [HAS_AT, (c) => c === 64],
      [HAS_COLON, (c) => c === 58],
      [HAS_EQUALS, (c) => c === 61],
      [HAS_UNDERSCORE, (c) => c === 95],
      [HAS_DASH, (c) => c === 45],
      [HAS_SLASH, (c) => c === 47],
      [HAS_LT, (c) => c === 60],
      [HAS_BRACKET, (c) => c === 91],
      [HAS_HASH, (c) => c === 35],
      [HAS_NEWLINE, (c) => c === 10 || c === 13],
      [HAS_SPACE, (c) => c < 128 && /\s/.test(String.fromCharCode(c))],
      [HAS_CONTROL, (c) => (c < 32 && c !== 9 && c !== 10 && c !== 13) || c === 127],
      [HAS_NON_ASCII, (c) => c > 127],
    ];
    const wrong: string[] = [];
    for (let c = 0; c <= 0xffff; c++) {
      const f = exactFeatures(String.fromCharCode(c));
      for (const [bit, has] of expected)
        if (((f & bit) !== 0) !== has(c)) wrong.push(`U+${c.toString(16)} bit ${bit}`);
    }
    expect(wrong).toEqual([]);
  });

  it("are not computed for long strings, which run every detector", () => {
    expect(stringFeatures("a".repeat(MAX_GATED_LENGTH))).toBe(exactFeatures("a"));
    expect(stringFeatures("a".repeat(MAX_GATED_LENGTH + 1))).toBe(ALL_FEATURES);
  });

  it("gate most content detectors", () => {
    const gated = detectors.filter((d) => d.requires !== undefined).map((d) => d.id);
    // Issue 16: the thirteen vendor-token detectors and the credential-by-name one are one gated detector now.
    expect(gated.length).toBeGreaterThanOrEqual(15);
  });

  it("never hide a match: a detector finds nothing where its gate says it cannot match", () => {
    fc.assert(
      fc.property(text, (s) => {
        const features = exactFeatures(s);
        for (const d of detectors) {
          if (mayMatch(features, s.length, d.requires, d.minLength)) continue;
          expect(detect(d, s), `${d.id} on ${JSON.stringify(s)}`).toEqual([]);
        }
      }),
      RUNS,
    );
  });

  it("never hide a match: with the required characters removed, a detector finds nothing", () => {
    fc.assert(
      fc.property(text, (s) => {
        for (const d of detectors) {
          if (d.requires === undefined) continue;
          const stripped = without(s, d.requires);
          expect(mayMatch(exactFeatures(stripped), stripped.length, d.requires, undefined)).toBe(false);
          expect(detect(d, stripped), `${d.id} on ${JSON.stringify(stripped)}`).toEqual([]);
        }
      }),
      RUNS,
    );
  });
});
