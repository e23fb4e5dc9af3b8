/**
 * The secret detectors try some regexes only where a match can start (candidate-scan.ts) instead of scanning the
 * whole text. Invariant, for every such regex on texts built from the words, cases, foldings and separators it
 * reads: every position where the regex matches is among the candidate starts, and the candidate scan visits
 * exactly the matches of the global scan, in order.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  CANDIDATE_SCANS,
  scanAll,
  scanAtStarts,
  stickyOf,
} from "../../src/engine/detectors/secrets/candidate-scan.js";
import { createSecretDetectors } from "../../src/engine/detectors/secrets/index.js";
import { createProseCredentialDetector } from "../../src/engine/detectors/secrets/prose-credential.js";

// Loads every module that registers a candidate scan.
createSecretDetectors();
createProseCredentialDetector();

const WORDS = [
  "password",
  "PassWord",
  "PASSWORD",
  "passwd",
  "Pwd",
  "PWD(",
  "passphrase",
  "passcode",
  "Passwort",
  "pass",
  "key",
  "KEY",
  "\u212aey",
  "api key",
  "apikey",
  "API\u00a0Key",
  "api-token",
  "access token",
  "auth key",
  "authentication token",
  "authentication\u2003key",
  "secret",
  "\u017fecret",
  "SeCrEt key",
  "private key",
  "token",
  "Token",
  "TOKEN",
  "credential",
  "Credentials",
  "contraseña",
  "CONTRASEÑA",
  "contrasena",
  "clave",
  "clave de api",
  "clé",
  "cle api",
  "senha",
  "SENHA",
  "chave de api",
  "mot de passe",
  "jeton",
  "kennwort",
  "schlüssel",
  "Schlussel",
  "api-schlüssel",
  "пароль",
  "Пароль",
  "ПАРОЛЬ",
  "ключ",
  "токен",
  "\u1c84окен",
  "비밀번호",
  "密码",
  "パスワード",
  "Bearer",
  "Basic",
  "Authorization: ",
  "Authorization:\ttoken",
  "login",
  "user",
  "#define",
];
const GLUE = [
  " ",
  "  ",
  "\t",
  "\n",
  ":",
  "=",
  "：",
  "->",
  "→",
  " is ",
  " was ",
  " ist ",
  " es ",
  '"',
  "'",
  "-",
  "--",
  " -",
  "\t-",
  "(",
  ")",
  ".",
  "_",
  "x",
  "my ",
  "new ",
  "eyJ",
  "eyJhbGciOi",
  "yJ",
  "e",
];
const VALUES = [
  "Tr0ub4dor&3x",
  "aB3dE5gH7jK9mN1pQ3rS",
  "hunter2",
  "s3cr3t-V4lue!",
  "ghp_x",
  "12345678",
  "MTIzNDU2Nzg5MDEyMzQ1Njc4.GhIjKl.AbCdEfGhIjKlMnOpQrStUvWxYz0123",
  "NzkyNzE1NDU0MTk2MDg4ODQy.X-hvzA.Ovy4MCQywSkoMRRclStW4xAYK7I",
];
const text = fc
  .array(fc.constantFrom(...WORDS, ...GLUE, ...VALUES), { maxLength: 40 })
  .map((parts) => parts.join(""));

/** Every position where `global` matches when tried there. */
function matchPositions(global: RegExp, input: string): number[] {
  const sticky = stickyOf(global);
  const at: number[] = [];
  for (let i = 0; i <= input.length; i++) {
    sticky.lastIndex = i;
    if (sticky.exec(input) !== null) at.push(i);
  }
  return at;
}

describe("candidate scans of the secret detectors", () => {
  it("every detector's candidate scan is registered", () => {
    expect(CANDIDATE_SCANS.map((s) => s.name).sort()).toEqual(
      [
        "assignment operators",
        "authorization schemes",
        "bare password words",
        "bare password words of other scripts",
        "discord bot tokens",
        "double-dash flags",
        "JWT headers",
        "prose credential nouns",
        "single-dash credential flags",
        "vendor phrase words",
      ].sort(),
    );
  });

  for (const scan of CANDIDATE_SCANS) {
    it(`${scan.name}: every match starts at a candidate, and the scans visit the same matches`, () => {
      fc.assert(
        fc.property(text, (input) => {
          const starts = scan.starts(input);
          if (starts === undefined) return;
          const candidates = new Set(starts);
          for (const at of matchPositions(scan.global, input)) expect(candidates.has(at)).toBe(true);
          const global: string[] = [];
          const anchored: string[] = [];
          scanAll(input, new RegExp(scan.global.source, scan.global.flags), (m) => {
            global.push(`${m.index}:${m[0]}`);
            return m.index + Math.max(1, m[0].length);
          });
          scanAtStarts(input, stickyOf(scan.global), starts, (m) => {
            anchored.push(`${m.index}:${m[0]}`);
            return m.index + Math.max(1, m[0].length);
          });
          expect(anchored).toEqual(global);
        }),
        { numRuns: 300 },
      );
    });
  }

  it("the noun anchors fold case as the noun regex does: every letter that folds onto a noun's letter", () => {
    const scan = CANDIDATE_SCANS.find((s) => s.name === "prose credential nouns")!;
    // Every code point that the `iu` flags fold onto a letter of a credential noun, put in its place.
    const nouns = [
      "password",
      "key",
      "token",
      "secret",
      "credential",
      "contraseña",
      "clave",
      "senha",
      "chave",
    ];
    const more = [
      "jeton",
      "kennwort",
      "schlüssel",
      "пароль",
      "ключ",
      "токен",
      "mot de passe",
      "authentication token",
    ];
    for (const noun of [...nouns, ...more]) {
      for (let k = 0; k < noun.length; k++) {
        const letter = new RegExp(noun[k]!.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"), "iu");
        for (let code = 0x41; code < 0x2200; code++) {
          const c = String.fromCodePoint(code);
          if (!letter.test(c) || c === noun[k]) continue;
          const input = `the ${noun.slice(0, k)}${c}${noun.slice(k + 1)} is Tr0ub4dor&3x`;
          const starts = new Set(scan.starts(input) ?? matchPositions(scan.global, input));
          for (const at of matchPositions(scan.global, input)) expect(starts.has(at)).toBe(true);
        }
      }
    }
  });
});
