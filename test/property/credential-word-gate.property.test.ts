/**
 * The credential walk's word gates read from the shared literal pass on long texts: the bare password words
 * (`pass`, `pwd`: credential-forms.ts) and the vendor phrase words (`key`, `token`, `secret`: generic-credential.ts).
 * The pass folds ASCII letters; the walk's regexes take some cases only (`[Kk]ey|KEY`, `[Pp]assword|PASSWORD`). On
 * long texts of those words in every ASCII case (`SeCrEt`, `kEY`, `PwD`), their non-ASCII look-alikes (the Kelvin
 * sign, the long s), vendor names, values and prose, the secret detectors find the same with the pass and without.
 */
import fc from "fast-check";
import { afterEach, describe, expect, it } from "vitest";
import {
  DIRECTIVE_WORDS,
  directiveWordsAtLineStarts,
} from "../../src/engine/detectors/secrets/credential-forms.js";
import { createSecretDetectors } from "../../src/engine/detectors/secrets/index.js";
import { TOKEN_RULES } from "../../src/engine/rules/built-in/secret-tokens.js";
import {
  candidateIndex,
  MIN_PASS_LENGTH,
  passLiterals,
  setLiteralPass,
} from "../../src/engine/scan/candidates.js";
import type { TextMatch } from "../../src/engine/types.js";

const VENDOR_NAMES = [
  "flickr",
  "sendbird",
  ...new Set(TOKEN_RULES.flatMap((r) => r.token.forms.flatMap((f) => f.keyed ?? []))),
].slice(0, 40);

const WORDS = [
  "password",
  "Password",
  "PASSWORD",
  "pAsSwOrD",
  "passwd",
  "PaSsWd",
  "pwd",
  "PWD",
  "PwD",
  "pWd",
  "passphrase",
  "Passwort",
  "pass",
  "PASS",
  "PaSs",
  "login admin pass ",
  "USER root PASS ",
  "mot de passe ",
  "MOT DE PASSE ",
  "key",
  "Key",
  "KEY",
  "kEY",
  "KeY",
  "\u212aey",
  "token",
  "Token",
  "TOKEN",
  "ToKeN",
  "tOKEN",
  "tok\u212aen",
  "secret",
  "Secret",
  "SECRET",
  "SeCrEt",
  "sECRET",
  "\u017fecret",
  "api key",
  "API KEY",
];
const SEPARATORS = [" ", "  ", "\t", "(", " = ", ": ", "\n"];
/** Line starts for the directive form (`  db_password  x`, `Key x` at the start of a line). */
const LEADS = ["", "", "\n", "\n  ", "\n\t", "\ndb_", "\n  MY_", "\nx.", " "];

/** A value built at test time from letters, digits and signs (never a real credential). */
const value = fc
  .array(fc.constantFrom(..."ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-!#"), {
    minLength: 6,
    maxLength: 40,
  })
  .map((chars) => chars.join(""));

const charsOf = (alphabet: string, length: number) =>
  fc.array(fc.constantFrom(...alphabet), { minLength: length, maxLength: length }).map((c) => c.join(""));
/** Values of the keyed vendors' shapes: 32 letters and digits (flickr), 40 hex digits (sendbird). */
const vendorValue = fc.oneof(
  charsOf("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789", 32),
  charsOf("0123456789abcdef", 40),
);

const FILLER = " the quarterly report was filed under review before the deadline of that meeting ";

const phrase = fc
  .tuple(
    fc.constantFrom(...LEADS),
    fc.option(fc.constantFrom(...VENDOR_NAMES), { nil: "" }),
    fc.constantFrom(" ", "_", "-", ""),
    fc.constantFrom(...WORDS),
    fc.constantFrom(...SEPARATORS),
    fc.oneof(
      value,
      vendorValue,
      vendorValue,
      fc.constant(""),
      value.map((v) => `"${v}"`),
      value.map((v) => `${v})`),
    ),
  )
  .map((parts) => parts.join(""));

const longText = fc
  .array(fc.oneof({ weight: 4, arbitrary: phrase }, { weight: 3, arbitrary: fc.constant(FILLER) }), {
    minLength: 20,
    maxLength: 80,
  })
  .map((parts) => {
    let text = parts.join("");
    while (text.length < MIN_PASS_LENGTH) text += FILLER;
    return text;
  });

const DETECTORS = createSecretDetectors();

function findings(text: string): string {
  const out: TextMatch[] = [];
  for (const d of DETECTORS) d.detect(text, out);
  return JSON.stringify(out);
}

afterEach(() => setLiteralPass(true));

describe("the credential walk's word gates from the shared pass", () => {
  it("find on long texts what the letter lists and regexes find, in every ASCII case", () => {
    let passRuns = 0;
    let found = 0;
    fc.assert(
      fc.property(longText, (text) => {
        setLiteralPass(true);
        if (candidateIndex(text).passHits(passLiterals(["pwd"])) !== undefined) passRuns++;
        const withPass = findings(text);
        setLiteralPass(false);
        const without = findings(text);
        setLiteralPass(true);
        if (withPass !== "[]") found++;
        expect(withPass).toBe(without);
      }),
      { numRuns: 150, seed: 31 },
    );
    expect(passRuns).toBeGreaterThan(100);
    expect(found).toBeGreaterThan(50);
  });

  it("directive candidates on long texts: every exact-case occurrence, ascending, the line-start ones included", () => {
    fc.assert(
      fc.property(longText, (text) => {
        const found = directiveWordsAtLineStarts(text);
        setLiteralPass(false);
        const fromLines = directiveWordsAtLineStarts(text);
        setLiteralPass(true);
        DIRECTIVE_WORDS.forEach((word, w) => {
          const occurrences: number[] = [];
          for (let at = text.indexOf(word); at !== -1; at = text.indexOf(word, at + 1)) occurrences.push(at);
          for (const at of fromLines[w]!) expect(found[w]).toContain(at);
          for (const at of found[w]!) expect(occurrences).toContain(at);
          expect(found[w]).toEqual([...found[w]!].sort((a, b) => a - b));
        });
      }),
      { numRuns: 100 },
    );
  });
});
