/**
 * Credentials written as code and config in forms issue 16 lists (and gitleaks' vendors found by a literal inside or
 * after the token): each form is found, and its near misses are left alone. Every value is built at test time from
 * pieces, never a credential-shaped literal.
 */
import { describe, expect, it } from "vitest";
import { createSecretDetectors } from "../../src/engine/detectors/secrets/index.js";
import type { TextMatch } from "../../src/engine/types.js";
import { randomString } from "../../src/shared/fake-credentials.js";

const j = (...pieces: string[]) => pieces.join("");
const PW = j("Zq7", "vT9", "pLm", "4xR");
const TOKEN = j("a8Fk3", "Lq9Zx", "T2mVb", "7NwQe", "R5yHc");

function found(text: string): string[] {
  const out: TextMatch[] = [];
  for (const d of createSecretDetectors()) d.detect(text, out);
  return [...new Set(out.map((m) => text.slice(m.start, m.end)))];
}

describe("credentials compared in code", () => {
  it.each([
    `if (password == "${PW}") {`,
    `if (api_key === "${TOKEN}") {`,
    `if (db_pass != "${PW}")`,
    `if ("${PW}" == password) {`,
    `if ("${TOKEN}" !== secret) {`,
    `assert user.password == '${PW}'`,
  ])("finds the literal: %s", (text) => {
    const value = text.includes(PW) ? PW : TOKEN;
    expect(found(text)).toContain(value);
  });

  it.each([
    'if (password == "") {',
    "if (password != null) {",
    'if (password == "changeme") {',
    'if (status == "Zq7vT9pLm4xR") {',
    'if (password == ",.:-@*?!") {',
    `if (secret == "\${SECRET}") {`,
  ])("leaves alone: %s", (text) => {
    expect(found(text)).toEqual([]);
  });
});

describe("credentials in XML and .NET config", () => {
  it.each([
    `<password>${PW}</password>`,
    `<apiKey>${TOKEN}</apiKey>`,
    `<add key="ClearTextPassword" value="${PW}" />`,
    `<add key="Password" value="${PW}"/>`,
    `<param name="client_secret" value="${TOKEN}"/>`,
  ])("finds the value: %s", (text) => {
    expect(found(text)).toContain(text.includes(PW) ? PW : TOKEN);
  });

  it.each([
    "<password>changeme</password>",
    "<password></password>",
    `<add key="Username" value="${PW}" />`,
    j("<token>$", "{TOKEN}</token>"),
    `<title>${PW}</title>`,
  ])("leaves alone: %s", (text) => {
    expect(found(text)).toEqual([]);
  });
});

describe("a password word of another language, then a space", () => {
  it.each([
    `Passwort ${PW}`,
    `contraseña ${PW}`,
    `mot de passe ${PW}`,
    `비밀번호 ${PW}`,
    `пароль ${PW}`,
  ])("finds the value: %s", (text) => {
    expect(found(text)).toContain(PW);
  });

  it.each([
    "Kennwort vergessen?",
    "senha incorreta",
    "mot de passe oublié",
    "пароль неверный",
  ])("leaves prose alone: %s", (text) => {
    expect(found(text)).toEqual([]);
  });
});

describe("host, user and password on one line", () => {
  it("finds the password after `login <user> pass`", () => {
    expect(found(`server db.internal login admin pass ${PW}`)).toEqual([PW]);
    expect(found(`host=db user app pass ${PW}`)).toEqual([PW]);
  });

  it("leaves `pass` in prose alone", () => {
    for (const text of [
      "you shall not pass the Gate42Keeper",
      "user admin pass through",
      "pass Zq7vT9pLm4xR along",
    ])
      expect(found(text), text).toEqual([]);
  });
});

describe("vendor tokens found by a literal inside or after them", () => {
  it("an Azure AD client secret, a Terraform Cloud token, a MaxMind key and a bare Telegram bot token", () => {
    const azure = j(randomString(3, undefined, 81), "7", "Q~", randomString(34, undefined, 82));
    const terraform = j(randomString(14, undefined, 83), ".atlas", "v1.", randomString(66, undefined, 84));
    const maxmind = j(randomString(6, undefined, 85), "_", randomString(29, undefined, 86), "_mm", "k");
    const telegram = j("7213808", "860", ":A", randomString(34, undefined, 87));
    for (const token of [azure, terraform, maxmind, telegram])
      expect(found(`value: ${token}\n`), token).toEqual([token]);
  });

  it("leaves their near misses alone", () => {
    const short = j(randomString(3, undefined, 81), "7", "Q~", randomString(20, undefined, 82));
    const glued = j("abc", randomString(6, undefined, 85), "_", randomString(29, undefined, 86), "_mm", "k");
    const botUrl = j("bot", "7213808860", ":A", randomString(34, undefined, 87));
    for (const text of [short, glued, botUrl, "12:30 Alice: A reminder about the meeting"])
      expect(found(`value: ${text}\n`), text).toEqual([]);
  });
});

describe("precision and vendor forms from the tune part", () => {
  it("a password key holding lower-case words joined by `_`, `-` or `.` names something: not a password", () => {
    for (const text of ['password: "real_key"', "db_password = shorter-version", "password: vault.db.secret"])
      expect(found(text), text).toEqual([]);
    expect(found(`password: "${j("real_", "Key7x")}"`)).toEqual([j("real_", "Key7x")]);
  });

  it("an Airtable token under a key ending in `pat`, a GitHub app installation token, a short live Stripe key", () => {
    const airtable = j("pat", randomString(14, undefined, 91), ".", randomString(64, "0123456789abcdef", 92));
    const ghs = j(
      "gh",
      "s_",
      "480917_",
      "eyJ",
      randomString(30, undefined, 93),
      ".",
      randomString(60, undefined, 94),
    );
    const stripe = j("sk", "_live_", randomString(15, undefined, 95));
    expect(found(`airtable_pat = ${airtable}`)).toEqual([airtable]);
    expect(found(`token ${ghs}.${randomString(43, undefined, 96)}\n`)).toHaveLength(1);
    expect(found(`${stripe}\n`)).toEqual([stripe]);
  });
});

describe("a Kubernetes Secret manifest", () => {
  const b64 = (s: string) => Buffer.from(s).toString("base64");
  const user = b64(j("app", "-user"));
  const pass = b64(PW);

  it("reports every value under data: and stringData:, in its own document only", () => {
    const text = [
      "apiVersion: v1",
      "kind: ConfigMap",
      "data:",
      `  mode: ${b64("production-mode")}`,
      "---",
      "apiVersion: v1",
      "kind: Secret",
      "metadata:",
      "  name: db",
      "type: Opaque",
      "data:",
      `  username: ${user}`,
      `  password: "${pass}"`,
      "stringData:",
      `  token: ${TOKEN}`,
      "---",
      "kind: Service",
      "data:",
      `  other: ${b64("not-a-secret-doc")}`,
      "",
    ].join("\n");
    expect(found(text)).toEqual(expect.arrayContaining([user, pass, TOKEN]));
    expect(found(text)).not.toContain(b64("production-mode"));
    expect(found(text)).not.toContain(b64("not-a-secret-doc"));
  });

  it("leaves a Secret with placeholders or no data alone", () => {
    for (const text of [
      "kind: Secret\nmetadata:\n  name: db\n",
      "kind: Secret\ndata:\n  password: <base64-encoded-password>\n",
      "kind: Secret\nstringData:\n  password: changeme\n",
    ])
      expect(found(text), text).toEqual([]);
  });
});
