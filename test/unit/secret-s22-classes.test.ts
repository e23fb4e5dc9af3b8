/**
 * Session 22's secret classes, from the session-22 tune part (trufflehog's detector pattern tests) and the tune
 * parts' named misses: a key word followed by a spaced dash and a quoted value (`acme token - '<value>'`, the form
 * of notes and lists), and the look-alikes beside it (prose dashes, unquoted words, values that do not read as
 * generated).
 */
import { describe, expect, it } from "vitest";
import { AN, HEX, j, run } from "../helpers/fake-pieces.js";
import { secretsFound } from "../helpers/secret-matches.js";

const found = secretsFound;
const values = (text: string) => found(text).map(([, v]) => v);

describe("a key word, a spaced dash and a quoted value", () => {
  const v1 = run(32, AN, 2201);
  const v2 = j("Q", run(39, `${AN}_-`, 2202));
  const v3 = run(32, HEX, 2203);
  it.each([
    [`acmecloud token - '${v1}'`, v1],
    [`ACME_API_KEY - "${v2}"`, v2],
    [`acme secret - '${v3}'`, v3],
    [`acmecloud token - '${v1}'\nacmecloud token - '${v2}'\n`, v1],
    [`* Deploy key - "${v2}"`, v2],
  ])("%s", (text, value) => {
    expect(values(text)).toContain(value);
  });
});

describe("dashes beside key words that hold no credential", () => {
  it.each([
    // Prose and lists: the dash introduces words, not a quoted generated value.
    ["the token - 'see the vault entry for it'"],
    ["API key - rotate it every 90 days"],
    [`cache key - '${j("user-profile-", "settings-v2")}'`],
    // A quoted value that is a name or a placeholder, not a generated one.
    ["acme token - 'your-token-here'"],
    ["acme token - '<TOKEN>'"],
    [`primary key - '${j("order_items_", "pkey")}'`],
    ["acme token - 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa'"],
  ])("%s", (text) => {
    expect(found(text)).toEqual([]);
  });
});

describe("a Docker config's `auth`: base64 of `user:password` under `auths`", () => {
  const b64 = (s: string) => Buffer.from(s).toString("base64");
  const pass = run(20, AN, 2211);
  const auth = b64(j("deploy-bot", ":", pass));
  const jsonKey = b64(
    j("_json_key", ':{\n  "type": "service_account",\n  "private_key_id": "', run(40, HEX, 2212), '"\n}'),
  );
  it.each([
    [`{\n  "auths": {\n    "https://registry.acme.test": {\n      "auth": "${auth}"\n    }\n  }\n}`, auth],
    [`{"auths":{"gcr.io":{"auth":"${jsonKey}"}}}`, jsonKey],
    [`DOCKER_AUTH_CONFIG={\\"auths\\":{\\"registry.acme.test:8081\\":{\\"auth\\":\\"${auth}\\"}}}`, auth],
    [
      `config.json: "{\\n\\t\\"auths\\": {\\n\\t\\t\\"https://index.docker.io/v1/\\": {\\n\\t\\t\\t\\"auth\\":\\"${auth}\\"\\n\\t\\t}\\n\\t}\\n}"`,
      auth,
    ],
  ])("%s", (text, value) => {
    expect(values(text)).toContain(value);
  });

  it.each([
    // Not base64 of `user:password`, or no `auths` object around it.
    [`{"auths": {"registry.acme.test": {"auth": "${b64(j("no-colon-", run(20, AN, 2213)))}"}}}`],
    [`{"auths": {"registry.acme.test": {"auth": "", "email": "ops@acme.test"}}}`],
    [`{"auths": {"registry.acme.test": {"auth": "${b64("user:password")}"}}}`],
    [`{"auths": {"registry.acme.test": {"auth": "${b64(j("user:$", "{REGISTRY_PASSWORD}"))}"}}}`],
    [`{"auth": "${b64(j("user-", run(20, AN, 2214)))}", "mode": "basic"}`],
  ])("%s", (text) => {
    expect(found(text)).toEqual([]);
  });
});

describe("an assignment whose quoted value a formatter wrapped to the next line", () => {
  const v = run(40, AN, 2221);
  it.each([
    [`const acmeApiKey =\n  "${v}"; // rotate yearly`],
    [`ACME_SECRET =\n    '${v}'\n`],
    [`$dbPassword =\r\n\t"${j("Tr0ub4dor", "&3-x")}";`],
  ])("%s", (text) => {
    expect(found(text).length).toBeGreaterThan(0);
  });

  it.each([
    // An unquoted next line is code.
    [`const apiKey =\n  process.env.ACME_API_KEY;`],
    [`password =\n  getPassword("${j("svc", "-account")}")`],
    // An `=` ending one line of prose, a quoted example on the next.
    [`const apiKey =\n  "<your-api-key>";`],
  ])("%s", (text) => {
    expect(found(text)).toEqual([]);
  });
});

describe("a Tink keyset in plain JSON: a key's value when its material is secret", () => {
  const B64 = `${AN}+/`;
  const type = (name: string) => j("type.googleapis.com/google.crypto.", "tink.", name);
  const keyset = (name: string, material: string, value: string, sep = "") =>
    `{"primaryKeyId":${sep}1234567,"key":[{"keyData":{"typeUrl":"${type(name)}",${sep}"value":"${value}","keyMaterialType":"${material}"},"status":"ENABLED","keyId":1234567,"outputPrefixType":"TINK"}]}`;
  const v = run(24, B64, 2231);
  const w = run(64, B64, 2232);
  it.each([
    [keyset("AesGcmKey", "SYMMETRIC", v), v],
    [keyset("EcdsaPrivateKey", "ASYMMETRIC_PRIVATE", w, "\n  "), w],
    [`{"prop": 1, "key": ${JSON.stringify(keyset("AesGcmKey", "SYMMETRIC", v))}}`, v],
  ])("%s", (text, value) => {
    expect(values(text)).toContain(value);
  });

  it.each([
    // A public key, a key held by a remote KMS, and an encrypted keyset's metadata hold no secret material.
    [keyset("EcdsaPublicKey", "ASYMMETRIC_PUBLIC", w)],
    [keyset("KmsAeadKey", "REMOTE", run(40, AN, 2233))],
    [
      `{"encryptedKeyset":"${run(120, B64, 2234)}","keysetInfo":{"primaryKeyId":1519620947,"keyInfo":[{"typeUrl":"${type("EcdsaPrivateKey")}","status":"ENABLED","keyId":1519620947,"outputPrefixType":"RAW"}]}}`,
    ],
  ])("%s", (text) => {
    expect(found(text)).toEqual([]);
  });
});

describe("a GitHub token written in base64 (a manifest's data, a CI variable)", () => {
  const b64 = (s: string) => Buffer.from(s).toString("base64");
  const classic = j("gh", "p_", run(36, AN, 2241));
  const app = j("gh", "s_", run(36, AN, 2242));
  const fine = j("github", "_pat_", run(22, AN, 2243), "_", run(59, AN, 2244));
  it.each([[b64(classic)], [`GH_TOKEN_B64=${b64(app)}`], [`  token: ${b64(fine)}\n`]])("%s", (text) => {
    expect(found(text).length).toBeGreaterThan(0);
  });

  it.each([
    // The prefix alone, a short body, a placeholder body, and base64 that only starts like one.
    [b64(j("gh", "p_"))],
    [b64(j("gh", "p_", run(12, AN, 2245)))],
    [b64(j("gh", "p_", "x".repeat(36)))],
    [`${b64(j("gh", "p_"))}${run(40, AN, 2246)}`],
  ])("%s", (text) => {
    expect(found(text)).toEqual([]);
  });
});

describe("the signature of an Azure Logic Apps or Power Automate HTTP-trigger URL", () => {
  const sig = run(43, `${AN}_-`, 2251).replace(/^[_-]/, "Q");
  const flow = j(
    "https://",
    run(30, HEX, 2252),
    ".0a.environment.api.power",
    "platform.com:443/powerautomate/automations/direct/workflows/",
    run(32, HEX, 2253),
    "/triggers/manual/paths/invoke",
  );
  const logic = j(
    "https://prod-27.westeurope.logic.",
    "azure.com:443/workflows/",
    run(32, HEX, 2254),
    "/triggers/manual/paths/invoke",
  );
  it.each([
    [`teams webhook url = '${flow}?api-version=1&sp=%2Ftriggers%2Fmanual%2Frun&sv=1.0&sig=${sig}'`],
    [`"${logic}?sig=${sig}&api-version=2016-10-01"`],
  ])("%s", (text) => {
    expect(found(text)).toContainEqual(["azure_workflow_trigger_sig", sig]);
  });

  it.each([
    // A signature far from a trigger path, or of another length: a storage SAS and a short query value.
    [`https://acct.blob.core.windows.net/c/f.txt?sv=2022-11-02&sr=b&sig=${sig.slice(0, 40)}%3D`],
    [`${logic}?api-version=2016-10-01&sig=abc`],
  ])("%s", (text) => {
    expect(found(text).filter(([t]) => t === "azure_workflow_trigger_sig")).toEqual([]);
  });
});
