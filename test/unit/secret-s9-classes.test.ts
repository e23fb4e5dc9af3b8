/**
 * Classes of credential forms and look-alikes added in session 9 (issue 16's coverage and precision), one block per
 * class with its near misses. Values are built from pieces at test time; no credential-shaped literal is written here.
 */
import { describe, expect, it } from "vitest";
import { createSecretDetectors } from "../../src/engine/detectors/secrets/index.js";
import { LocalPolicyEngine } from "../../src/engine/local-engine.js";
import type { TextMatch } from "../../src/engine/types.js";

const j = (...pieces: string[]) => pieces.join("");
// A keyboard run, as scanners' fixtures and documentation write a vendor's token body.
const WALK = j("aBcDeFgHiJ", "kLmNoPqRsT", "1234567890", "abcdefghij");

function found(text: string): string[] {
  const out: TextMatch[] = [];
  for (const d of createSecretDetectors()) d.detect(text, out);
  return [...new Set(out.filter((m) => m.kind === "secret").map((m) => text.slice(m.start, m.end)))];
}

describe("a vendor-prefixed token whose body is a keyboard run is still the vendor's token", () => {
  it.each([
    ["Notion", j("nt", "n_"), j("12345678901", "aBcDeFgHiJ", "kLmNoPqRsT", "1234567890", "abcde")],
    ["Vercel", j("vc", "p_"), WALK],
  ])("%s", (_vendor, prefix, body) => {
    expect(found(`TOKEN=${prefix}${body}\n`)).toContain(`${prefix}${body}`);
  });

  it.each([
    ["a body of one repeated letter", j("gh", "p_"), "X".repeat(36)],
    ["a body that says EXAMPLE", j("vc", "p_"), j("EXAMPLE", "aB3dE5gH7jK9mN1pQ3sT5vW7yZ9bD1fH3k")],
    ["a body of repeated units", j("vc", "p_"), "Ab12".repeat(10)],
    // The vendor embeds a checksum (CRC32): a hand-written run that fails it is the documentation's.
    [
      "a checksum vendor's keyboard run",
      j("gh", "p_"),
      j("aBcDeFgHiJ", "kLmNoPqRsT", "1234567890", "abcdef"),
    ],
    // The vendor embeds a signature (OpenAI's): a run where it belongs is the documentation's.
    [
      "a signature vendor's keyboard run",
      j("s", "k-"),
      j("sUeBP9asw6GiYHXqtg70", "abcdefgh", "JuLwJFco90bOpU0Nqz3k"),
    ],
  ])("but not %s", (_what, prefix, body) => expect(found(`TOKEN=${prefix}${body}\n`)).toEqual([]));

  it("a generic key's keyboard-run value stays a look-alike (only the key vouches for it)", () =>
    expect(found(`api_key = "${j("0123456789", "abcdefghij", "ABCDEF")}"`)).toEqual([]));
});

describe("a UUID whose version says it is not random is an identifier under a generic key", () => {
  const v1 = j("743b294a", "-cd03-", "11ec", "-9d64-", "0242ac120002");
  const v4 = j("9f3c2a71", "-5b2e-", "4c8d", "-a1f6-", "3e7b9d2c4a18");
  const v7 = j("01890a5d", "-ac96-", "774b", "-bcce-", "b302099a8057");

  it.each([
    `_authToken=${v1}`,
    `//registry.example.org/:_authToken=${v1}`,
    `api_token: "${v7}"`,
    `client_secret = "${j("00000000", "-0000-", "0000", "-0000-", "000000000000")}"`,
  ])("leaves alone: %s", (text) => expect(found(text)).toEqual([]));

  it("reports a random (version 4) UUID under a credential key", () =>
    expect(found(`api_token: "${v4}"`)).toContain(v4));

  it("reports a vendor's UUID under a key naming the vendor, whatever its version", () =>
    expect(found(`snyk_token = ${v1}`)).toContain(v1));
});

describe("look-alikes of own-lookalikes-v3.ts's tune half", () => {
  const digest = j("06f46398df11e176", "05567eaf25919a5e", "2dbc01ca1a74cdd7", "edb0faa8498b38d7");
  const b64 = j("FKN0aI2vFm5w6zQE", "JmGNI30nNToSS7j8", "LSUCqyjXD9ztYged", "mDC7JG0yzxM7");

  it.each([
    ["a digest under a key naming the token's hash", `token_sha256: ${digest}`],
    ["an API key's fingerprint", `api_key_fingerprint = "${digest}"`],
    ["a password's salt", `password_salt: "${b64}"`],
    ["TypeScript's non-null environment read", "const apiKey = process.env.PAYMENTS_API_KEY!;"],
    ["a Jenkins credential store ciphertext", `<password>{${j("AQAAABAAAAAQ", b64)}=}</password>`],
    ["a WebLogic AES value", `<password-encrypted>{${j("AES", "256")}}${b64}=</password-encrypted>`],
    ["a SOPS value", `password: ${j("ENC[", "AES256_GCM")},data:${b64},iv:${b64},type:str]`],
    [
      "a SealedSecret's encrypted data",
      `spec:\n  encryptedData:\n    password: ${j("AgB", b64, b64, b64, b64)}\n`,
    ],
  ])("leaves alone %s", (_what, text) => expect(found(text)).toEqual([]));

  it.each([
    ["a token under a key whose last word is the token", `api_token: "${b64}"`],
    [
      "a password after an unrelated parent key",
      `spec:\n  database:\n    password: ${j("Zq7", "vT9!", "pLm4xR")}\n`,
    ],
    ["a password ending in an exclamation mark, quoted", `password = "${j("Zq7", "vT9", "pLm4xR!")}"`],
  ])("still reports %s", (_what, text) => expect(found(text).length).toBeGreaterThan(0));
});

const PW = j("Qw7", "rT9", "zLk2m");
const TOKEN = j("a8Fk3Lq9Zx", "T2mVb7NwQe", "R5yHc");

const CODE_FORMS: [string, string, string][] = [
  ["requests' auth tuple", `requests.post(url, auth=("admin", "${PW}"))`, PW],
  ["a basic-auth object", `auth = HTTPBasicAuth("admin", "${PW}")`, PW],
  [".NET's NetworkCredential", `new NetworkCredential("admin", "${PW}")`, PW],
  ["JDBC's getConnection", `DriverManager.getConnection(url, "root", "${PW}")`, PW],
  ["a login call", `ftp.login("admin", "${PW}")`, PW],
  ["an XML entry keyed by attribute", `<entry key="db.password">${PW}</entry>`, PW],
  ["an Android string resource", `<string name="api_key">${TOKEN}</string>`, TOKEN],
  ["an environment read's fallback (||)", `const token = process.env.API_TOKEN || "${TOKEN}";`, TOKEN],
  ["an environment read's fallback (or)", `api_key = os.environ.get("API_KEY") or "${TOKEN}"`, TOKEN],
  ["Ruby's ENV.fetch block", `password = ENV.fetch("DB_PASSWORD") { "${PW}" }`, PW],
  ["Rails' secret_key_base", `secret_key_base: ${TOKEN}`, TOKEN],
];

describe("credentials written as code and markup (issue 16's forms)", () => {
  it.each(CODE_FORMS)("finds %s", (_what, text, value) => expect(found(text)).toContain(value));

  it.each([
    ["a placeholder password", 'ftp.login("admin", "password")'],
    ["a label, not a credential call", 't("login", "Sign in now")'],
    ["a fallback under a name that is no credential", 'const name = process.env.APP_NAME || "MyApp2024x";'],
    ["an attribute-keyed element that is no credential", `<entry key="db.host">${PW}</entry>`],
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the text holds a template on purpose
    ["a template fallback", 'const token = process.env.API_TOKEN || "${TOKEN}";'],
    ["a key about the credential's base", `database: ${TOKEN}`],
  ])("leaves alone %s", (_what, text) => expect(found(text)).toEqual([]));

  describe("through the engine (its prefilter must let each through)", () => {
    const engine = new LocalPolicyEngine({ sanitizer: { mode: "pass-through" } }, { worker: false });
    it.each(CODE_FORMS)("%s", async (_what, text) => {
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
});

describe("a JWT without its signature segment (header.payload)", () => {
  const seg = (o: object) => Buffer.from(JSON.stringify(o)).toString("base64url");
  const header = seg({ alg: "HS256", typ: "JWT" });
  const payload = seg({ sub: "user-8841", scope: "admin", iat: 1790928000 });

  it("is reported when the header has alg and the payload is a JSON object", () => {
    expect(found(`${header}.${payload}\n`)).toContain(`${header}.${payload}`);
    expect(found(`cookie value (${header}.${payload}) seen in the log`)).toContain(`${header}.${payload}`);
  });

  it.each([
    ["a header alone", `${header}\n`],
    ["a header then a sentence", `The header ${header}.Then we decode it.`],
    ["a payload that is no JSON object", `${header}.${Buffer.from("[1,2,3]").toString("base64url")}`],
    ["a header without alg", `${seg({ typ: "JWT" })}.${payload}`],
  ])("but not %s", (_what, text) => expect(found(text)).toEqual([]));
});

describe("documentation's values under credential keys (README look-alikes)", () => {
  it.each([
    ["a value that names its kind", "const data = { username: 'john', password: 'secret123' }"],
    ["a value that names its kind, in camel case", "headers: { 'X-TOKEN-SECRET': 'SuperSecretToken' }"],
    ["a value that names its kind, hyphenated", "// access_token: 'very-secret-token',"],
    ["a value that names its kind, with a port", 'password: "password-for-30001"'],
    ["lower-case words as a token", "{ access_token: 'some.access.token' }"],
    ["an environment variable's name", "secretAccessKey: workspaceSecret('SANDBOX_AWS_SECRET_ACCESS_KEY'),"],
    ["upper-case placeholder words", '"id_token": "HEADER.PAYLOAD.SIGNATURE",'],
    ["a key file's path", "export GOOGLE_APPLICATION_CREDENTIALS=/path/to/config.json"],
    ["a key file's path in markdown", "`export GOOGLE_APPLICATION_CREDENTIALS=./path/to/sa-key.json`"],
    ["a lower-case path", "password_file: /run/secrets/db_password"],
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the text holds a template on purpose
    ["a template literal's expression", "token: `Basic ${Buffer.from(user).toString('base64')}`"],
    ["another tool's -u URL", "node app.js | pino-http-send -u http://localhost:8080/logs"],
  ])("leaves alone %s", (_what, text) => expect(found(text)).toEqual([]));

  it.each([
    [
      "a long passphrase holding a kind word",
      `password = "${j("Correct7horse", "Password", "BatteryStaple")}"`,
    ],
    ["a random token", `api_token: "${j("a8Fk3Lq9Zx", "T2mVb7NwQe", "R5yHc")}"`],
    ["an upper-case token with digits", `API_KEY=${j("AKD8F3LQ9Z", "XT2MVB7NWQ")}`],
  ])("still reports %s", (_what, text) => expect(found(text).length).toBeGreaterThan(0));
});

describe("code that names a credential without holding one (library sources)", () => {
  it.each([
    [
      "a TypeScript type after key:",
      "abstract get(keys: CacheFullKey[]): Promise<{ key: CacheFullKey; value: V }>;",
    ],
    [
      "a generic type after key:",
      "export type ObjectPair = { key: SyncParseReturnType<any>; value: unknown };",
    ],
    [
      "an HTTP header's name after key:",
      "headers.push([{ key: 'Access-Control-Allow-Origin', value: '*' }]);",
    ],
    ["a private member after key =", "const key = this.#keyList[i];"],
    ["an editor theme's token colours", '"tokenColors":[{"settings":{"foreground":"#b392f0"}}],'],
    [
      "a numbered attribute of a token",
      "const OIDC_SUBJECT_TOKEN_TYPE1 = 'urn:ietf:params:oauth:token-type:id_token';",
    ],
    ["a function's name under a pass key", "'allPass': 'overEvery', 'anyPass': 'overSome',"],
    ["an optional call", "propertiesPass = this.options.isEqual?.(received, properties);"],
    ["an optional chain", "inputTokenDetails.cache_creation = inputTokens?.cacheWrite;"],
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the text holds a template on purpose
    ["a template literal's expression", "console.log(`Using resumption token: ${lastEventId || 'none'}`);"],
    [
      "a list under a short password-like key",
      '"PW":["680","01[12]","(?:[24-8]\\\\d\\\\d|345|900)\\\\d{4}",[7]],',
    ],
  ])("leaves alone %s", (_what, text) => expect(found(text)).toEqual([]));

  it.each([
    ["a key with digits", `key: ${j("Kq8Zp2", "Lm4Xw9", "Rt7Vn3")}`],
    ["a password under a pass key", `dbPass: '${j("Zq7", "vT9!", "pLm4xR")}'`],
    [
      "a value whose brackets cross",
      `password = ${j("m{{h}o)p", "${e]nob(ody", "[finds>-_$#", "thisone}}")},`,
    ],
  ])("still reports %s", (_what, text) => expect(found(text).length).toBeGreaterThan(0));
});

describe("a service-account key file of the documentation", () => {
  const file = (id: string, key: string) =>
    `{"type": "service_account", "project_id": "your-project-id", "private_key_id": "${id}", "private_key": "${key}"}`;

  it("leaves its stand-in values alone", () =>
    expect(found(file("your-private-key-id", "your-private-key"))).toEqual([]));

  it("still reports a key file's real-looking values", () => {
    const pem = j(
      "-----BEGIN PRIV",
      "ATE KEY-----\\n",
      "MIIEvQIBADANBgkqhkiG9w0BAQEFAASC",
      "\\n-----END PRIV",
      "ATE KEY-----\\n",
    );
    expect(found(file(j("4f1c2a9b7d3e", "8a6b5c4d3e2f1a0b9c8d7e6f"), pem)).length).toBeGreaterThan(0);
  });
});
