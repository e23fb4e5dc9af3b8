/**
 * Classes of credential forms and look-alikes added in session 8 (issue 16's coverage and precision), one block per
 * class, each with its near misses: a value whose brackets do not nest (a literal, not code cut at its first `)`),
 * a credential word inside a key rather than at its end, R's `<-` and a key then a quoted value, and the look-alikes
 * of own-lookalikes-v2.ts's tune half (truncated display values, "your" placeholders, secret references, YAML tags,
 * UUIDs under `*_id` keys). Values are built from pieces at test time.
 */
import { describe, expect, it } from "vitest";
import { classifyInnerKey } from "../../src/engine/detectors/secrets/generic-credential.js";
import { createSecretDetectors } from "../../src/engine/detectors/secrets/index.js";
import { LocalPolicyEngine } from "../../src/engine/local-engine.js";
import type { TextMatch } from "../../src/engine/types.js";
import { randomString } from "../../src/shared/fake-credentials.js";

const j = (...pieces: string[]) => pieces.join("");
const PW = j("Zq7", "vT9", "pLm", "4xR");
const TOKEN = j("a8Fk3", "Lq9Zx", "T2mVb", "7NwQe", "R5yHc");
// Brackets that cross and never close: no expression of any language.
const TANGLED = j("m{{h}o)p", "${e]nob(ody", "[finds>-_$#", "thisone}}");

function found(text: string): string[] {
  const out: TextMatch[] = [];
  for (const d of createSecretDetectors()) d.detect(text, out);
  return [...new Set(out.map((m) => text.slice(m.start, m.end)))];
}

describe("a value whose brackets do not nest is a literal up to the next space", () => {
  it.each([
    `password = ${TANGLED},`,
    `db_pass: ${TANGLED},`,
    `private_key := ${TANGLED}"`,
    `secret: ${TANGLED}'`,
  ])("finds the whole value: %s", (text) => expect(found(text)).toContain(TANGLED));

  it.each([
    "password = getPassword(",
    "password = config[env](x)",
    "password = foo(bar, baz)",
    "connect(password = process.env.DB_PASSWORD)",
    "token = {a: b}",
  ])("leaves code alone: %s", (text) => expect(found(text)).toEqual([]));
});

describe("a credential word inside a key", () => {
  it.each([
    `password_super_secure = "${PW}"`,
    `my_password_secure = "${PW}"`,
    `apiKeyProd = "${TOKEN}"`,
    `API_KEY_LIVE=${TOKEN}`,
    `if ("${PW}" !== my_password_sec) {`,
  ])("finds the value: %s", (text) => expect(found(text).some((v) => v === PW || v === TOKEN)).toBe(true));

  it.each([
    `password_policy = "${PW}"`,
    'token_type: "Bearer"',
    `secret_name: "prod/db-${randomString(6, undefined, 3)}"`,
    `password_hash = "${TOKEN}"`,
    `next_token_value = "${TOKEN}"`,
    `max_tokens_used=${PW}`,
  ])("leaves a key about the credential alone: %s", (text) => expect(found(text)).toEqual([]));

  it("reads the key's words at separators and case changes", () => {
    expect(classifyInnerKey("password_super_secure")).toBe("password");
    expect(classifyInnerKey("privateKeyPem")).toBe("token");
    expect(classifyInnerKey("passwordPolicy")).toBeNull();
    expect(classifyInnerKey("compass_heading")).toBeNull();
  });
});

describe("R's `<-` and a key then a quoted value", () => {
  it.each([
    `secret <- "${TANGLED}"`,
    `password <- "${PW}"`,
    `private_key "${TANGLED}";`,
    `apiKey "${TOKEN}"`,
  ])("finds the value: %s", (text) => expect(found(text).length).toBeGreaterThan(0));

  it.each([
    "The key point is simple",
    "primary_key id",
    "Key takeaways below",
  ])("leaves prose alone: %s", (text) => expect(found(text)).toEqual([]));
});

describe("look-alikes (own-lookalikes-v2.ts, tune half)", () => {
  it.each([
    `Authorization: Bearer ${j("eyJ", "hbGciOiJSUzI1NiJ9")}...`,
    `token: ${j("gh", "p_", "YOUR_GITHUB_TOKEN")}`,
    `api_key = "${j("s", "k-", "your-", TOKEN)}"`,
    'secret: "vault:secret/data/prod/db#password"',
    'DB_PASSWORD="op://Engineering/Postgres/password"',
    "db_password: !vault |\n  $ANSIBLE_VAULT;1.1;AES256\n  3031323334",
    "MasterUserPassword: !Ref DbPassword",
    `HEROKU_APP_ID=${[randomString(8, "0123456789abcdef", 5), "b487", "4211", "89e7", randomString(12, "0123456789abcdef", 6)].join("-")}`,
  ])("leaves alone: %s", (text) => expect(found(text)).toEqual([]));

  it("still reads a vendor's UUID under a key that names a credential", () => {
    const id = [
      randomString(8, "0123456789abcdef", 7),
      "b487",
      "4211",
      "89e7",
      randomString(12, "0123456789abcdef", 8),
    ].join("-");
    expect(found(`HEROKU_API_KEY=${id}`)).toContain(id);
  });
});

describe("password words of more languages", () => {
  it.each([
    "hasło",
    "şifre",
    "salasana",
    "heslo",
    "jelszó",
    "parolă",
    "adgangskode",
    "passord",
    "lösenord",
    "kata sandi",
    "पासवर्ड",
    "รหัสผ่าน",
    "κωδικός",
    "رمز عبور",
    "mật khẩu",
  ])("finds the value after `%s:`", (word) => expect(found(`${word}: ${PW}`)).toContain(PW));

  it("reads Korean's topic particle as a link", () => expect(found(`비밀번호는 ${PW} 입니다`)).toContain(PW));

  it.each([
    '"mode": "Zq7vT9pLm4xR"',
    '"code": "Zq7vT9pLm4xR"',
    '{"área": "Zq7vT9pLm4xR"}',
  ])("leaves keys that only end like one alone: %s", (text) => expect(found(text)).toEqual([]));
});

describe("keys and hashes that hold no usable credential", () => {
  const PRIV = j("PRIV", "ATE KEY");
  function openSshKey(cipher: string, kdf: string): string {
    const field = (s: string) => {
      const length = Buffer.alloc(4);
      length.writeUInt32BE(s.length);
      return Buffer.concat([length, Buffer.from(s, "latin1")]);
    };
    const rest = Buffer.from(randomString(180, undefined, 9), "latin1");
    const body = Buffer.concat([Buffer.from("openssh-key-v1\0", "latin1"), field(cipher), field(kdf), rest])
      .toString("base64")
      .replace(/(.{70})/g, "$1\n");
    return `-----BEGIN OPENSSH ${PRIV}-----\n${body}\n-----END OPENSSH ${PRIV}-----\n`;
  }

  it("leaves an OpenSSH key under a passphrase alone, and reports one without", () => {
    expect(found(openSshKey("aes256-ctr", "bcrypt"))).toEqual([]);
    expect(found(openSshKey("none", "none")).length).toBe(1);
  });

  it.each([
    `encrypted_password: ${j("$2a", "$10$", randomString(53, undefined, 10).replace(/[^A-Za-z0-9]/g, "x"))}`,
    `password = "${j("$argon2id", "$v=19$m=65536,t=3,p=4$", randomString(22, undefined, 11), "$", randomString(43, undefined, 12))}"`,
    `password: "${j("pbkdf2_sha256", "$600000$", randomString(22, undefined, 13), "$", randomString(44, undefined, 14))}"`,
    `userPassword: ${j("{SSHA}", randomString(32, undefined, 15))}`,
  ])("leaves a stored password hash alone: %s", (text) => expect(found(text)).toEqual([]));
});

describe("a credential-named declaration or setter given its literal", () => {
  it.each([
    `std::string secret("${TANGLED}");`,
    `user.setPassword("${PW}");`,
    `api_key('${TOKEN}')`,
  ])("finds the value: %s", (text) =>
    expect(found(text).some((v) => v === PW || v === TOKEN || v === TANGLED)).toBe(true));

  it.each([
    't("password")',
    'getSecret("projectApiKeyProduction")',
    'api.secret("projectApiKeyProduction")',
    `validatePassword("${PW}")`,
    `hashPassword("${PW}")`,
    'config.get("password")',
  ])("leaves lookups, checks and names alone: %s", (text) => expect(found(text)).toEqual([]));
});

describe("the forms above through the engine (its prefilter must let each through)", () => {
  const engine = new LocalPolicyEngine({ sanitizer: { mode: "pass-through" } }, { worker: false });
  it.each([
    `password = ${TANGLED},`,
    `password_super_secure = "${PW}"`,
    `secret <- "${TANGLED}"`,
    `private_key "${TANGLED}";`,
    `apiKey "${TOKEN}"`,
    `hasło: ${PW}`,
    `비밀번호는 ${PW} 입니다`,
    `std::string secret("${TANGLED}");`,
  ])("reports a secret in: %s", async (text) => {
    const decision = await engine.checkOutput({
      connectorType: "docs.read",
      serverName: "docs",
      toolName: "read",
      callId: "c1",
      args: {},
      result: { content: [{ type: "text", text }] },
    });
    expect(decision.findings.some((f) => f.kind === "secret")).toBe(true);
  });
});
