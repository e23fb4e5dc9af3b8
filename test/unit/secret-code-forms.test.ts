/**
 * Credentials written as code and config in forms the secret evaluation's tune part showed missed (issue 16), one
 * block per cause: a key written as an index, a declaration with a type or array suffix, key and value as a call's
 * arguments, name/value pairs, a Terraform variable's default, commands that take a password, a vendor's name then a
 * space and its value, and values made of one repeated unit (placeholders). Each form is found, and its near misses
 * are left alone. Every value is built at test time from pieces, never a credential-shaped literal.
 */
import { describe, expect, it } from "vitest";
import { createSecretDetectors } from "../../src/engine/detectors/secrets/index.js";
import { LocalPolicyEngine } from "../../src/engine/local-engine.js";
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

const expectFound = (text: string) => expect(found(text)).toContain(text.includes(PW) ? PW : TOKEN);

describe("a key written as an index", () => {
  it.each([
    `os.environ["API_TOKEN"] = "${TOKEN}"`,
    `ENV['DB_PASSWORD'] = '${PW}'`,
    `$_ENV['DB_PASSWORD'] = '${PW}';`,
    `config["api_key"] = "${TOKEN}"`,
    `settings[:secret_key] = "${TOKEN}"`,
  ])("finds the value: %s", expectFound);

  it.each([
    `config["region"] = "${TOKEN}"`,
    `os.environ["DB_PASSWORD"] = get_secret()`,
    "items[i] = x",
  ])("leaves alone: %s", (text) => expect(found(text)).toEqual([]));
});

describe("a declaration with a type, an array suffix or a string prefix", () => {
  it.each([
    `char password[] = "${PW}";`,
    `static const char db_password[32] = "${PW}";`,
    `let api_key: &str = "${TOKEN}";`,
    `const API_TOKEN: &'static str = "${TOKEN}";`,
    `NSString *password = @"${PW}";`,
    `string password = @"${PW}";`,
    `password = r"${PW}"`,
    `API_KEY = b'${TOKEN}'`,
  ])("finds the value: %s", expectFound);

  it.each([`char username[] = "${PW}";`, `NSString *title = @"${PW}";`])("leaves alone: %s", (text) =>
    expect(found(text)).toEqual([]));
});

describe("key and value as the arguments of a call", () => {
  it.each([
    `props.setProperty("db.password", "${PW}");`,
    `config.put("api_secret", "${TOKEN}");`,
    `os.setenv("API_TOKEN", "${TOKEN}")`,
    `headers.set('X-Api-Key', '${TOKEN}')`,
    `Environment.SetEnvironmentVariable("DB_PASSWORD", "${PW}");`,
  ])("finds the value: %s", expectFound);

  it.each([
    't("password", "Enter your password here")',
    `props.setProperty("db.host", "${PW}");`,
    `put("password", passwordFromVault)`,
    `["password", "${PW}"]`,
  ])("leaves alone: %s", (text) => expect(found(text)).toEqual([]));
});

describe("name/value pairs (Kubernetes env, ECS task definitions)", () => {
  it.each([
    `env:\n  - name: DB_PASSWORD\n    value: "${PW}"`,
    `{"name": "API_TOKEN", "value": "${TOKEN}"}`,
    `{"Name":"DB_PASSWORD","Value":"${PW}"}`,
    `- name: api_secret\n  value: ${TOKEN}`,
  ])("finds the value: %s", expectFound);

  it.each([
    `- name: DB_HOST\n  value: "${PW}"`,
    "- name: DB_PASSWORD\n  valueFrom:\n    secretKeyRef:\n      name: db\n      key: password",
    `{"name": "DB_PASSWORD", "value": "changeme"}`,
  ])("leaves alone: %s", (text) => expect(found(text)).toEqual([]));
});

describe("a Terraform variable's default", () => {
  it.each([
    `variable "db_password" {\n  type      = string\n  sensitive = true\n  default   = "${PW}"\n}`,
    `variable "corp_api_token" {\n  default = "${TOKEN}"\n}`,
    `variable "admin_password" { default = "${PW}" }`,
  ])("finds the value: %s", expectFound);

  it.each([
    `variable "region" {\n  default = "${PW}"\n}`,
    'variable "db_password" {\n  default = ""\n}',
    `variable "db_password" {\n  type = string\n}\nvariable "zone" {\n  default = "${PW}"\n}`,
  ])("leaves alone: %s", (text) => expect(found(text)).toEqual([]));
});

describe("commands that take a password", () => {
  it.each([
    `CREATE USER app IDENTIFIED BY '${PW}';`,
    `alter user app identified by "${PW}"`,
    `sshpass -p '${PW}' ssh deploy@host`,
    `sshpass -p ${PW} scp a b`,
    `$pw = ConvertTo-SecureString "${PW}" -AsPlainText -Force`,
    `ConvertTo-SecureString -String '${PW}' -AsPlainText -Force`,
  ])("finds the value: %s", expectFound);

  it.each([
    "IDENTIFIED BY 'changeme'",
    "ConvertTo-SecureString $password -AsPlainText -Force",
    "sshpass -p $SSHPASS ssh deploy@host",
    "users are identified by their e-mail address",
  ])("leaves alone: %s", (text) => expect(found(text)).toEqual([]));
});

describe("a vendor's name, a credential word, a space and the value", () => {
  const flickr = randomString(32, "abcdefghijklmnopqrstuvwxyz0123456789", 5);
  const sendbird = randomString(40, "0123456789abcdef", 6);
  it.each([
    `flickr KEY ${flickr}`,
    `flickr api key ${flickr}`,
    `sendbird key ${sendbird}`,
    `sendbird_secret ${sendbird}`,
  ])("finds the value: %s", (text) =>
    expect(found(text)).toContain(text.includes(flickr) ? flickr : sendbird));

  it.each([
    `flickr key ${flickr.slice(0, 20)}`,
    "the flickr key rotation happens monthly",
    `sendbird key ${sendbird.slice(0, 30)}`,
  ])("leaves alone: %s", (text) => expect(found(text)).toEqual([]));
});

describe("a value made of one repeated unit is a placeholder", () => {
  it.each([
    'api_key = "1234abcd1234abcd1234abcd1234abcd"',
    "ibm-cloud-pwd = abcd1234abcd1234abcd1234ABCD1234ABCD1234--__extra",
    'token: "abcabcabcabcabcabcabcabc"',
    'password = "Pass1234Pass1234Pass1234"',
  ])("leaves alone: %s", (text) => expect(found(text)).toEqual([]));

  it.each([`api_key = "${TOKEN}"`, `password = "${PW}"`])("still finds: %s", expectFound);

  it("still finds a random token", () => {
    const token = randomString(40, undefined, 9);
    expect(found(`token: "${token}"`)).toContain(token);
  });
});

describe("through the engine (the shared prefilter lets each form through)", () => {
  const flickr = randomString(32, "abcdefghijklmnopqrstuvwxyz0123456789", 5);
  it.each([
    `config.put("api_secret", "${TOKEN}");`,
    `CREATE USER app IDENTIFIED BY '${PW}';`,
    `flickr KEY ${flickr}`,
    `char password[] = "${PW}";`,
    `variable "db_password" { default = "${PW}" }`,
  ])("reports a secret in: %s", async (text) => {
    const engine = new LocalPolicyEngine({ sanitizer: { mode: "pass-through" } }, { worker: false });
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

describe("a vendor's value under a bare credential key nested in the vendor's section", () => {
  const flickr = randomString(32, "abcdefghijklmnopqrstuvwxyz0123456789", 15);
  const sendbird = randomString(40, "0123456789abcdef", 16);
  it.each([
    `flickr:\n  key: ${flickr}\n`,
    `{"sendbird": {"key": "${sendbird}"}}`,
    `[flickr]\nkey = "${flickr}"`,
  ])("finds the value: %s", (text) =>
    expect(found(text)).toContain(text.includes(flickr) ? flickr : sendbird));

  it.each([
    `{"sendbird": {"key": "${sendbird.slice(0, 30)}"}}`,
    `{"storage": {"key": "${sendbird}"}}`,
  ])("leaves alone: %s", (text) => expect(found(text)).toEqual([]));
});

describe("config directives: a credential-named key, spaces and the value (no operator)", () => {
  it.each([
    `    storePassword "${PW}"`,
    `        keyPassword '${PW}'`,
    `    auth_token "${TOKEN}";`,
    `requirepass ${PW}`,
  ])("finds the value: %s", expectFound);

  it.each([
    'storePassword System.getenv("STORE_PASSWORD")',
    "requirepass foobared",
    `The api_key "field" is required`,
    "forgot your password? Reset it",
  ])("leaves alone: %s", (text) => expect(found(text)).toEqual([]));
});

describe("command flags that take a password", () => {
  it.each([
    `keytool -genkey -storepass ${PW} -alias app`,
    `keytool -importkeystore -srcstorepass ${PW}`,
    `docker login -u deploy -p ${PW} registry.example.io`,
    `az login --service-principal -u app -p ${PW} --tenant t`,
  ])("finds the value: %s", expectFound);

  it.each([
    "docker login -u deploy -p $REGISTRY_PASSWORD registry.example.io",
    "tar -p -u file",
    "cp -p a b",
  ])("leaves alone: %s", (text) => expect(found(text)).toEqual([]));
});

describe("host, port, database, user and password on one line (.pgpass)", () => {
  it.each([`db.internal:5432:app:deploy:${PW}`, `*:*:*:postgres:${PW}`])(
    "finds the password: %s",
    expectFound,
  );

  it.each(["12:30:45:00:01", "a:b:c:d:e", "2026:11:26:deploy:changeme"])("leaves alone: %s", (text) =>
    expect(found(text)).toEqual([]));
});

describe("`auth` holding base64 of user:password (Docker config.json, .npmrc _auth)", () => {
  const pair = Buffer.from(`deploy:${PW}`).toString("base64");
  it.each([
    `{"auths": {"https://index.docker.io/v1/": {"auth": "${pair}"}}}`,
    `_auth=${pair}`,
    `//registry.example.io/:_auth = "${pair}"`,
  ])("finds the value: %s", (text) => expect(found(text)).toContain(pair));

  it.each([
    `{"auth": "${Buffer.from("no colon here at all").toString("base64")}"}`,
    '{"auth": "required"}',
    `auth=${Buffer.from("deploy:").toString("base64")}`,
  ])("leaves alone: %s", (text) => expect(found(text)).toEqual([]));
});

describe("keys that name a credential in WordPress and YAML block scalars", () => {
  it.each([
    `define("AUTH_KEY", "${TOKEN}");`,
    `define('SECURE_AUTH_KEY', '${TOKEN}');`,
    `db:\n  password: |\n    ${PW}\n`,
    `api_token: >-\n  ${TOKEN}\n`,
  ])("finds the value: %s", expectFound);

  it.each([`description: |\n  ${PW}\n`, "password: |\n  changeme\n"])("leaves alone: %s", (text) =>
    expect(found(text)).toEqual([]));
});
