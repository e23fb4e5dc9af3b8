/**
 * The assignment walk reads only the operators with a key word before them (generic-credential.ts, KEY_WORDS and the
 * keyed forms' words, from the shared literal pass). Two properties make that a speed change only:
 * - every key the walk accepts holds one of those words, within WALK_KEY_REACH before its operator (keys built from
 *   credential words, vendor names, words about a credential, random letters, cut by separators, in any ASCII case,
 *   padded, quoted, escaped, indexed, typed, nested under a vendor's section);
 * - on long texts of such assignments (some ASCII, some with other scripts' words in a few of their 1024-character
 *   blocks), the secret detectors find the same with the pass (gated) and without.
 */
import fc from "fast-check";
import { afterEach, describe, expect, it } from "vitest";
import {
  KEY_WORDS,
  type KeyedForms,
  WALK_KEY_REACH,
  walkKeyAt,
} from "../../src/engine/detectors/secrets/generic-credential.js";
import { createSecretDetectors } from "../../src/engine/detectors/secrets/index.js";
import { TOKEN_RULES } from "../../src/engine/rules/built-in/secret-tokens.js";
import {
  candidateIndex,
  MIN_PASS_LENGTH,
  passLiterals,
  setLiteralPass,
} from "../../src/engine/scan/candidates.js";
import type { TextMatch } from "../../src/engine/types.js";

const VENDOR_WORDS = [...new Set(TOKEN_RULES.flatMap((r) => r.token.forms.flatMap((f) => f.keyed ?? [])))];
const KEYED: KeyedForms = {
  words: new RegExp(VENDOR_WORDS.map((w) => w.replace(/[.*+?^${}()|[\]\\/-]/g, "\\$&")).join("|")),
  wordsPass: passLiterals(VENDOR_WORDS),
  match: () => undefined,
};

/** Words keys are made of: credential words of several languages, words about them, vendors, plain words. */
const KEY_PIECES = [
  "password",
  "passwd",
  "pwd",
  "pw",
  "pass",
  "passphrase",
  "passwort",
  "kennwort",
  "senha",
  "wachtwoord",
  "mdp",
  "salasana",
  "heslo",
  "losenord",
  "adgangskode",
  "sifre",
  "sandi",
  "lozinka",
  "parola",
  "secret",
  "token",
  "key",
  "api",
  "apikey",
  "auth",
  "access",
  "private",
  "client",
  "credential",
  "credentials",
  "policy",
  "type",
  "name",
  "id",
  "login",
  "pat",
  "next",
  "page",
  "db",
  "prod",
  "record",
  "code",
  "port",
  "word",
  "base",
  "social",
  "class",
  "value",
  ...VENDOR_WORDS.slice(0, 30),
];
const SEPARATORS = ["", "", "_", "-", ".", ""];

/** A word in one of several ASCII cases, sometimes cut by a separator inside it (`se_cret`). */
const piece = fc
  .tuple(
    fc.constantFrom(...KEY_PIECES),
    fc.constantFrom("lower", "upper", "title", "random"),
    fc.nat(),
    fc.option(fc.constantFrom("_", "-", "."), { nil: undefined, freq: 4 }),
  )
  .map(([word, kase, seed, cut]) => {
    let w = word;
    if (kase === "upper") w = w.toUpperCase();
    else if (kase === "title") w = w.charAt(0).toUpperCase() + w.slice(1);
    else if (kase === "random")
      w = [...w].map((c, i) => (((seed >> (i % 30)) & 1) === 1 ? c.toUpperCase() : c)).join("");
    if (cut !== undefined && w.length > 2) {
      const at = 1 + (seed % (w.length - 1));
      w = w.slice(0, at) + cut + w.slice(at);
    }
    return w;
  });

const key = fc
  .tuple(
    fc.array(fc.tuple(piece, fc.constantFrom(...SEPARATORS)), { minLength: 1, maxLength: 4 }),
    fc.constantFrom("none", "none", "before", "after", "afterId"),
  )
  .map(([parts, pad]) => {
    const k = parts.map(([p, sep]) => p + sep).join("");
    // Sometimes a key of MAX_KEY (64) characters, its words at its end or at its start (the farthest from the operator).
    if (pad === "before") return "x".repeat(Math.max(0, 64 - k.length)) + k;
    if (pad === "after") return `${k}_${"x".repeat(Math.max(0, 62 - k.length))}`.slice(0, 64);
    if (pad === "afterId") return `${`${k}_${"x".repeat(Math.max(0, 61 - k.length))}`.slice(0, 61)}_id`;
    return k;
  });

const value = fc
  .array(fc.constantFrom(..."ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-+/"), {
    minLength: 8,
    maxLength: 48,
  })
  .map((chars) => chars.join(""));

const spaces = fc.nat(26).map((n) => " ".repeat(n));

/** One assignment in one of the syntaxes the walk reads. */
const assignment = fc
  .tuple(
    fc.constantFrom(
      "plain",
      "quoted",
      "escaped",
      "indexed",
      "suffix",
      "typed",
      "section",
      "compare",
      "arrow",
      "far",
      "far",
      "script",
    ),
    key,
    fc.constantFrom(":", "=", ": ", " = ", ":=", "=>"),
    spaces,
    value,
    fc.constantFrom(...VENDOR_WORDS.slice(0, 20)),
    fc.nat(64),
    fc.constantFrom("key", "secret", "token", "pass", "code", "port", "record", "word"),
  )
  .map(([syntax, k, op, pad, v, vendor, gap, short]) => {
    switch (syntax) {
      case "quoted":
        return `"${k}"${pad}${op}"${v}"`;
      case "escaped":
        return `{\\"${k}\\"${op}\\"${v}\\"}`;
      case "indexed":
        return `ENV["${k}"]${pad}= "${v}"`;
      case "suffix":
        return `char ${k}[123456]${pad}= "${v}";`;
      case "typed":
        // The type padded to 40 characters, spaces around the colon: the key up to 112 characters before the `=`.
        return `val ${k}${pad.slice(0, gap % 5)}:${pad.slice(0, 4)}${"Map<String, Int>".padEnd(40 - (gap % 3))}= "${v}"`;
      case "section":
        // The vendor's name up to SECTION_WINDOW (64) characters before the key.
        return `${vendor}:${"#".repeat(Math.max(0, 60 - vendor.length - (gap % 8)))}\n  ${short}${pad}: ${v}`;
      case "compare":
        return `if (${k} == "${v}")`;
      case "arrow":
        return `${k} => "${v}"`;
      case "far":
        return farthest(gap % 3, short, vendor, v);
      case "script":
        // Key words of other scripts, and a vendor's section name that is ASCII only once lower-cased (the Kelvin sign).
        return `${OTHER_SCRIPTS[gap % OTHER_SCRIPTS.length]}${pad.slice(0, 2)}${op}${v}`;
      default:
        return `${k}${pad}${op}${v}`;
    }
  });

/**
 * The three farthest places a key's word may stand before its operator: at the start of a 64-character key with a
 * quote, a `[digits]` suffix and 24 spaces after it (97 before the operator); a vendor's name 64 characters before a
 * bare key so placed (103 for a six-letter key); at the start of a typed declaration's 112-character window (its key
 * ends in the word, spaces pad it to the colon).
 */
function farthest(which: number, short: string, vendor: string, v: string): string {
  if (which === 0) return `"secret_${"x".repeat(57)}"[123456]${" ".repeat(24)}= "${v}"`;
  if (which === 1)
    return `${vendor}${"#".repeat(63 - vendor.length)}"${short}"[123456]${" ".repeat(24)}: ${v}`;
  return `val password${" ".repeat(112 - 41 - 8)}:${"Map<String, Int>".padEnd(40)}= "${v}"`;
}

const OTHER_SCRIPTS = [
  "비밀번호",
  "пароль",
  "ПАРОЛЬ",
  "Пароль",
  "contraseña",
  "API 키",
  "токен",
  "密码",
  "\u212araken:\n  key",
  "\u212araken_api_key",
  "x\u0130d_token",
];

const FILLER = " the quarterly report was filed under review before the deadline of that meeting ";

/** Long stretches with no key word: a text's blocks of 1024 characters are measured ASCII or not one by one. */
const LONG_FILLER = FILLER.repeat(60);

const longText = fc
  .array(
    fc.oneof(
      { weight: 8, arbitrary: assignment },
      { weight: 2, arbitrary: fc.constant(FILLER) },
      { weight: 1, arbitrary: fc.constant(LONG_FILLER) },
    ),
    { minLength: 20, maxLength: 60 },
  )
  .map((parts) => {
    let text = parts.join("\n");
    while (text.length < MIN_PASS_LENGTH) text += FILLER;
    return text;
  });

const GATE_WORDS = [...KEY_WORDS, ...VENDOR_WORDS];

function operators(text: string): number[] {
  const at: number[] = [];
  for (let i = 0; i < text.length; i++) if (":=\uff1a".includes(text.charAt(i))) at.push(i);
  return at;
}

const DETECTORS = createSecretDetectors();

function findings(text: string): string {
  const out: TextMatch[] = [];
  for (const d of DETECTORS) d.detect(text, out);
  return JSON.stringify(out);
}

afterEach(() => setLiteralPass(true));

describe("the assignment walk's key-word gate", () => {
  it("every key the walk accepts holds a gate word within reach before its operator", () => {
    let accepted = 0;
    let far = 0;
    fc.assert(
      fc.property(fc.array(assignment, { minLength: 1, maxLength: 8 }), (parts) => {
        const text = parts.join("\n");
        for (const at of operators(text)) {
          const read = walkKeyAt(text, at, KEYED);
          if (read === undefined) continue;
          accepted++;
          const before = text.slice(Math.max(0, at - WALK_KEY_REACH), at).toLowerCase();
          // The key's word, or a non-ASCII character (the walk reads every operator that has one in reach).
          const held = /[^\x00-\x7f]/.test(before)
            ? ["non-ASCII"]
            : GATE_WORDS.filter((w) => before.includes(w));
          expect(
            held.length,
            `${JSON.stringify(read)} before ${at} in ${JSON.stringify(text)}`,
          ).toBeGreaterThan(0);
          if (!GATE_WORDS.some((w) => before.slice(before.length - 96).includes(w))) far++;
        }
      }),
      { numRuns: 400, seed: 12 },
    );
    expect(accepted).toBeGreaterThan(300);
    expect(far).toBeGreaterThan(5);
  });

  it("the secret detectors find the same on long texts with the gate (the pass) and without", () => {
    let gated = 0;
    let mixed = 0;
    let found = 0;
    fc.assert(
      fc.property(longText, (text) => {
        setLiteralPass(true);
        if (candidateIndex(text).passHits(passLiterals(["pass"])) !== undefined) gated++;
        if (text.length > 2 * 4096 && /[^\x00-\x7f]/.test(text)) mixed++;
        const withGate = findings(text);
        setLiteralPass(false);
        const without = findings(text);
        setLiteralPass(true);
        if (withGate !== "[]") found++;
        expect(withGate).toBe(without);
      }),
      { numRuns: 120, seed: 12 },
    );
    expect(gated).toBeGreaterThan(100);
    expect(mixed).toBeGreaterThan(20);
    expect(found).toBeGreaterThan(60);
  });

  it("a credential word cut by separators is no key the walk reads (it holds no gate word)", () => {
    const v = ["Zq8", "Lm3", "Xv7", "Rt5", "Wp9", "Kd2"].join("");
    for (const k of ["se_cret", "to-ken", "kenn_wort"])
      expect(walkKeyAt(`${k}: "${v}"`, k.length, KEYED)).toBe(undefined);
    for (const k of ["secret", "db_password", "API_KEY"])
      expect(walkKeyAt(`${k}: "${v}"`, k.length, KEYED)).toBe(k);
  });
  it("reads an operator whose other-script key word stands in the block before the operator's", () => {
    const v = ["Zq8", "Lm3", "Xv7", "Rt5", "Wp9", "Kd2"].join("");
    const lead = "x ".repeat(2200).slice(0, 4096 - 3);
    const text = `${lead}\u5bc6\u7801   : ${v}\n${FILLER.repeat(60)}`;
    const withGate = findings(text);
    setLiteralPass(false);
    expect(withGate).toBe(findings(text));
    expect(withGate).toContain("generic_credential");
  });
});
