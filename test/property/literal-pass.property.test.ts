/**
 * The shared literal pass (scan/candidates.ts `passLiterals`/`passHits`) changes no finding: on texts long enough for
 * the pass, built from the literals the detectors register (token prefixes, credential and prose nouns, `secret`,
 * access key ids, spelled e-mail words, control characters) in every ASCII case, with non-ASCII look-alikes (the
 * Kelvin sign, the long s, accented and CJK words), every detector of the secret, PII and sanitizer families finds
 * exactly what it finds with the pass switched off (its own searches, as before the pass). And each list of the pass
 * is every ASCII-case-folded occurrence of its literal.
 */
import fc from "fast-check";
import { afterEach, describe, expect, it } from "vitest";
import { createPiiDetectors } from "../../src/engine/detectors/pii/index.js";
import { anchorLiteralsOf, anchorStarts } from "../../src/engine/detectors/secrets/candidate-scan.js";
import { createSecretDetectors } from "../../src/engine/detectors/secrets/index.js";
import { createPrefixFinder } from "../../src/engine/detectors/secrets/prefix-finder.js";
import { createProseCredentialDetector } from "../../src/engine/detectors/secrets/prose-credential.js";
import { TOKEN_RULES } from "../../src/engine/rules/built-in/secret-tokens.js";
import { TOKEN_RULES_2 } from "../../src/engine/rules/built-in/secret-tokens-2.js";
import { TOKEN_RULES_3 } from "../../src/engine/rules/built-in/secret-tokens-3.js";
import { createSanitizerDetectors } from "../../src/engine/sanitizer/index.js";
import {
  candidateIndex,
  MIN_PASS_LENGTH,
  passLiterals,
  setLiteralPass,
} from "../../src/engine/scan/candidates.js";
import type { TextDetector, TextMatch } from "../../src/engine/types.js";

const PREFIXES = [
  ...new Set(
    [...TOKEN_RULES, ...TOKEN_RULES_2, ...TOKEN_RULES_3].flatMap((r) =>
      r.token.forms.flatMap((f) => (f.keyed === undefined ? f.prefixes : [])),
    ),
  ),
];

const WORDS = [
  "password",
  "Passwort",
  "pass",
  "key",
  "KEY",
  "\u212aey",
  "token",
  "toKen",
  "tok\u212aen",
  "secret",
  "SeCrEt",
  "\u017fecret",
  "secret_access_key",
  "aws_secret",
  "AWS-SECRET",
  "credential",
  "contrase\u00f1a",
  "contrase",
  "clave",
  "cl\u00e9",
  "chave",
  "senha",
  "jeton",
  "kennwort",
  "schl\u00fcssel",
  "Schl",
  "\u043f\u0430\u0440\u043e\u043b\u044c",
  "\u5bc6\u7801",
  " is ",
  ": ",
  " = ",
  "=",
  " dot ",
  " DOT ",
  "(dot)",
  " at ",
  " AT ",
  " (at) ",
  " [at] ",
  "@",
  "example",
  "com",
  "jane",
  "\u0001",
  "\u001b[31m",
  "\u007f",
  "\u200b",
  "\n",
  " ",
  ".",
  "-",
  "_",
  "AKIA",
  "ASIA",
  "akia",
  "eyJ",
  "EYJ",
  "eyj",
  // A JWT's header and a payload, built here (the signature is a random run): the JWT detector's candidates.
  `${Buffer.from('{"alg":"HS256","typ":"JWT"}').toString("base64url")}.${Buffer.from('{"sub":"1234567890"}').toString("base64url")}.`,
];

/** A token-ish run built at test time: base64 letters and digits (never a real credential). */
const run = fc
  .array(fc.constantFrom(..."ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"), {
    minLength: 4,
    maxLength: 44,
  })
  .map((chars) => chars.join(""));

/** Prose between the literals: the pass gives up on a text with more than one hit per 16 characters. */
const FILLER = " the quarterly report was filed under review before the deadline of that meeting ";

const pieces = (words: readonly string[]) =>
  fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...PREFIXES) },
    { weight: 5, arbitrary: fc.constantFrom(...words) },
    { weight: 3, arbitrary: run },
    {
      weight: 1,
      arbitrary: fc.constantFrom("415-555-0134", "078-05-1120", "10.0.0.1", "GB82WEST12345698765432"),
    },
    { weight: 8, arbitrary: fc.constant(FILLER) },
  );

/** A text of the pieces at least MIN_PASS_LENGTH long (the pass runs on it), ASCII only or not. */
const textOf = (words: readonly string[]) =>
  fc.array(pieces(words), { minLength: 30, maxLength: 90 }).map((parts) => {
    let text = parts.join("");
    while (text.length < MIN_PASS_LENGTH) text += FILLER;
    return text;
  });
const ASCII_WORDS = WORDS.filter((w) => /^[\x00-\x7f]*$/.test(w));
const longText = fc.oneof(textOf(WORDS), textOf(ASCII_WORDS));

/** Runs where the pass ran (not given up as too dense), per test: each test checks that most did. */
let passRuns = 0;
function notePass(text: string): void {
  if (candidateIndex(text).passHits(passLiterals(["\u0001"])) !== undefined) passRuns++;
}

function findings(detectors: readonly TextDetector[], text: string): string {
  const out: TextMatch[] = [];
  for (const d of detectors) d.detect(text, out);
  return JSON.stringify(out);
}

const DETECTORS: TextDetector[] = [
  ...createSecretDetectors(),
  createProseCredentialDetector(),
  ...createPiiDetectors(),
  ...createSanitizerDetectors(),
];

afterEach(() => setLiteralPass(true));

describe("the shared literal pass", () => {
  it("lists every ASCII-case-folded occurrence of each registered literal", () => {
    const set = passLiterals(["Key", "sk-", "\u0001", "ss", "caf\u00e9"]);
    fc.assert(
      fc.property(longText, (text) => {
        const hits = candidateIndex(text).passHits(set);
        if (hits === undefined) return; // too dense for the pass: the callers search themselves
        const lower = text.replace(/[A-Z]/g, (c) => c.toLowerCase());
        set.literals.forEach((literal, k) => {
          const needle = literal.toLowerCase();
          const expected: number[] = [];
          for (let i = lower.indexOf(needle); i !== -1; i = lower.indexOf(needle, i + 1)) expected.push(i);
          expect(hits[k]).toEqual(expected);
        });
      }),
      { numRuns: 60 },
    );
  });

  it("is not run on a text shorter than MIN_PASS_LENGTH", () => {
    const set = passLiterals(["key"]);
    expect(candidateIndex("key ".repeat(MIN_PASS_LENGTH / 8)).passHits(set)).toBeUndefined();
  });

  it("every detector finds the same with and without it", () => {
    passRuns = 0;
    fc.assert(
      fc.property(longText, (text) => {
        setLiteralPass(true);
        notePass(text);
        const withPass = findings(DETECTORS, text);
        setLiteralPass(false);
        const without = findings(DETECTORS, text);
        setLiteralPass(true);
        expect(withPass).toBe(without);
      }),
      { numRuns: 150 },
    );
    expect(passRuns).toBeGreaterThan(100);
  });

  it("the prefix finder reports the longest prefix at every start from the pass", () => {
    const finder = createPrefixFinder(PREFIXES);
    fc.assert(
      fc.property(longText, (input) => {
        const found: string[] = [];
        finder.scan(input, (start, prefix) => found.push(`${start}:${prefix}`));
        const expected: string[] = [];
        for (let i = 0; i < input.length; i++) {
          let longest = "";
          for (const p of PREFIXES) if (p.length > longest.length && input.startsWith(p, i)) longest = p;
          if (longest !== "") expected.push(`${i}:${longest}`);
        }
        expect(found).toEqual(expected);
      }),
      { numRuns: 60 },
    );
  });

  it("an anchor regex's declared literals give its matches on ASCII texts", () => {
    passRuns = 0;
    const source = createProseCredentialDetector; // loads the module whose anchors are declared
    expect(source).toBeDefined();
    const anchors =
      /k(?:(?<=tok)(?=en)|(?=ey|ennwort))|p(?=ass)|j(?=eton)|c(?:(?<=sec)(?=ret)|(?<=sc)(?=hl)|(?=redential|ontrase|l|have))|n(?<=sen)(?=ha)|п(?=ароль)|к(?=люч)|т(?=окен)/giu;
    expect(anchorLiteralsOf(anchors)).toBeDefined();
    fc.assert(
      fc.property(textOf(ASCII_WORDS), fc.integer({ min: 0, max: 20 }), (text, back) => {
        setLiteralPass(true);
        notePass(text);
        const fromPass = anchorStarts(text, anchors, back, text.length);
        setLiteralPass(false);
        const fromRegex = anchorStarts(text, anchors, back, text.length);
        setLiteralPass(true);
        expect(fromPass).toEqual(fromRegex);
      }),
      { numRuns: 100 },
    );
    expect(passRuns).toBeGreaterThan(70);
  });
});

describe("the shared literal pass on texts of several chunks", () => {
  it("carries its state across chunks and stripes, ASCII and not", () => {
    let ran = 0;
    const set = passLiterals(["sk-", "Key", "ghp_", "\u00e9t\u00e9", "webhook.office.com"]);
    const word = fc.constantFrom(
      "sk-",
      "SK-",
      "key",
      "kEy",
      "ghp_",
      "\u00e9t\u00e9",
      "webhook.office.com",
      " ",
      "x",
    );
    fc.assert(
      fc.property(fc.array(word, { minLength: 20, maxLength: 30 }), fc.boolean(), (parts, ascii) => {
        const unit = parts.filter((p) => !ascii || /^[\x00-\x7f]*$/.test(p)).join("") || "x";
        // Filler first so literals straddle the 64 kB chunk boundaries and the stripes' middles at varying offsets.
        let text = "";
        while (text.length < 140_000) text += `${unit}${"z".repeat(1200 + (text.length % 97))}`;
        // At most 30 words per 1,200 characters: under the pass's cap of one hit per 16 characters, so it always runs.
        const hits = candidateIndex(text).passHits(set);
        expect(hits).toBeDefined();
        if (hits === undefined) return;
        ran++;
        const lower = text.replace(/[A-Z]/g, (c) => c.toLowerCase());
        set.literals.forEach((literal, k) => {
          const needle = literal.toLowerCase();
          const expected: number[] = [];
          for (let i = lower.indexOf(needle); i !== -1; i = lower.indexOf(needle, i + 1)) expected.push(i);
          expect(hits[k]).toEqual(expected);
        });
      }),
      { numRuns: 12 },
    );
    expect(ran).toBe(12);
  });
});
