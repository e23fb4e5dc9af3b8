/**
 * Session 16's secret classes: a six-character password that repeats one character at most (`s3cr3t`-shaped, the
 * value linters' fixtures write in code) is read as the seven-character ones are; a run of credential words in a key
 * is named by its last (`my_secret_password_for_email`: a password); and the look-alikes: `ENC:` before base64 and
 * an unquoted `{cipher}` are ciphertexts, a JOSE header alone and a value with `<placeholder>` parts are templates;
 * a chained assignment (`password = safe = "v"`) gives the key the literal at its end.
 * Values are built from pieces.
 */
import { Buffer } from "node:buffer";
import { describe, expect, it } from "vitest";
import { AN, HEX, j, run, URLSAFE } from "../helpers/fake-pieces.js";
import { secretsFound } from "../helpers/secret-matches.js";

const found = secretsFound;
const b64url = (s: string) => Buffer.from(s).toString("base64url");
const SIX = j("k7", "dq", "2x");
const SIX_ONE_REPEAT = j("s3", "cr", "3t");

describe("a six-character password with one repeat at most", () => {
  it.each([
    [`password = "${SIX_ONE_REPEAT}"`],
    [`d["passwd"] = "${SIX_ONE_REPEAT}"`],
    [`MyClass.pwd = '${SIX_ONE_REPEAT}'`],
    [`if password == "${SIX_ONE_REPEAT}":`],
    [`password: str = "${SIX_ONE_REPEAT}"`],
    [`val password: String = "${j("m4", "gn", "4x")}"`],
    [`password = "${SIX}"`],
  ])("%s", (text) => {
    expect(found(text).map(([type]) => type)).toContain("generic_credential");
  });

  it.each([
    // Repeated units and pairs: two or more repeats.
    ['password = "ab12ab"'],
    ['password = "aa11bb"'],
    ['password = "a1a1a1"'],
    // One class only, or a field word.
    ['password = "secret"'],
    ['password = "Passwd"'],
    // No letter: a version range under a key ending in `pass` (a package.json dependency).
    ['"minipass": "^7.1.2"'],
    ['version_pass = "1.2.31"'],
    // Under a token key a six-character value is no token.
    [`token = "${SIX_ONE_REPEAT}"`],
  ])("not %s", (text) => {
    expect(found(text)).toEqual([]);
  });
});

describe("a run of credential words in a key is named by its last", () => {
  const value = run(12, AN, 161);
  it.each([
    [`my_secret_password_for_email = '${value}'`],
    [`api_token_password_prod = "${value}"`],
  ])("%s", (text) => {
    expect(found(text)).toContainEqual(["generic_credential", value]);
  });

  it.each([
    // The last word of the run is followed by a word about it.
    [`secret_password_policy = "${j("min8-", "upper-", "digit")}"`],
    [`db_secret_password_name = "prod/db/password"`],
  ])("not %s", (text) => {
    expect(found(text)).toEqual([]);
  });
});

describe("ciphertext markers", () => {
  it.each([
    [`spring.datasource.password={cipher}${run(64, HEX, 171)}`],
    [`<add key="Password" value="ENC:${run(40, AN, 172)}" />`],
    [`DB_PASSWORD=ENC:${run(32, AN, 173)}`],
  ])("not %s", (text) => {
    expect(found(text)).toEqual([]);
  });

  it("a value that only starts with the letters is read", () => {
    const value = j("Encl", run(20, AN, 174));
    expect(found(`password = "${value}"`)).toContainEqual(["generic_credential", value]);
  });
});

describe("templates of a token", () => {
  const header = b64url('{"alg":"HS256","typ":"JWT"}');
  it.each([
    [`const token = "${header}.<payload>.<signature>";`],
    [`token = "<header>.<payload>.<signature>"`],
    [`const token = "${header}";`],
    [`api_key = "sk-<your-key>-${run(8, AN, 181)}"`],
  ])("not %s", (text) => {
    expect(found(text)).toEqual([]);
  });

  it("a whole token is read", () => {
    const jwt = j(header, ".", b64url('{"sub":"u-1","iat":1700000000}'), ".", run(43, URLSAFE, 182));
    expect(found(`const token = "${jwt}";`).length).toBeGreaterThan(0);
  });
});

describe("a chained assignment gives the key the literal at the chain's end", () => {
  const value = run(12, AN, 191);
  it.each([
    [`password = safe = "${SIX_ONE_REPEAT}"`, SIX_ONE_REPEAT],
    [`d["password"] = other = "${value}"`, value],
    [`var password = fallback = '${value}';`, value],
  ])("%s", (text, v) => {
    expect(found(text)).toContainEqual(["generic_credential", v]);
  });

  it.each([
    // A comparison assigned, a call, two names between (not read), a name that is not a credential's.
    [`password = safe == "${value}"`],
    ["password = hashed = bcrypt(raw)"],
    [`password = a = b = "${value}"`],
    [`username = safe = "${value}"`],
  ])("not %s", (text) => {
    expect(found(text)).toEqual([]);
  });
});
