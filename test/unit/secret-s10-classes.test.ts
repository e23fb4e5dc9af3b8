/**
 * Classes of credential forms and look-alikes added in session 10 (issue 16's coverage and precision), one block per
 * class with its near misses. Values are built from pieces at test time; no credential-shaped literal is written here.
 */
import { describe, expect, it } from "vitest";
import { createSecretDetectors } from "../../src/engine/detectors/secrets/index.js";
import type { TextMatch } from "../../src/engine/types.js";
import { AN, HEX, j, LOWER_AN, run } from "../helpers/fake-pieces.js";

const uuid = (seed: number) =>
  [
    run(8, HEX, seed),
    run(4, HEX, seed + 1),
    `4${run(3, HEX, seed + 2)}`,
    `a${run(3, HEX, seed + 3)}`,
    run(12, HEX, seed + 4),
  ].join("-");

function found(text: string): string[] {
  const out: TextMatch[] = [];
  for (const d of createSecretDetectors()) d.detect(text, out);
  return [...new Set(out.filter((m) => m.kind === "secret").map((m) => text.slice(m.start, m.end)))];
}
function types(text: string): string[] {
  const out: TextMatch[] = [];
  for (const d of createSecretDetectors()) d.detect(text, out);
  return [...new Set(out.map((m) => m.type))];
}

describe("vendors with a prefix and no record before", () => {
  it.each([
    ["Buildkite", j("bk", "ua_"), run(40, HEX, 1), "buildkite_token"],
    ["CircleCI personal", j("CCI", "PAT_"), j(run(22, AN, 2), "_", run(40, HEX, 3)), "circleci_token"],
    ["CircleCI project", j("CCI", "PRJ_"), j(run(22, AN, 4), "_", run(40, HEX, 5)), "circleci_token"],
    ["Neon", j("na", "pi_"), run(64, LOWER_AN, 6), "neon_key"],
    ["OpenRouter", j("sk-", "or-v1-"), run(64, HEX, 7), "openrouter_key"],
    ["NVIDIA", j("nv", "api-"), run(64, `${AN}_-`, 8), "nvidia_key"],
    ["Langfuse", j("sk-", "lf-"), uuid(9), "langfuse_key"],
    ["Tencent Cloud", j("AK", "ID"), run(32, AN, 10), "tencent_cloud_key"],
    ["MailerSend", j("ml", "sn."), run(64, HEX, 11), "mailersend_token"],
    ["dbt Cloud", j("db", "tc_"), run(48, `${AN}_-`, 12), "dbt_cloud_token"],
    ["Apify", j("apify", "_api_"), run(36, AN, 13), "apify_token"],
    ["PostHog personal", j("ph", "x_"), run(43, AN, 14), "posthog_key"],
    ["Resend", j("r", "e_"), j(run(8, AN, 15), "_", run(24, AN, 16)), "resend_key"],
    ["Cerebras", j("cs", "k-"), run(48, LOWER_AN, 17), "cerebras_key"],
    ["Paddle", j("pdl_", "live_apikey_"), run(60, `${AN}_`, 18), "paddle_key"],
    ["HubSpot private app", j("pat-", "na1-"), uuid(19), "hubspot_key"],
    ["Contentful management", j("CF", "PAT-"), run(43, `${AN}_-`, 20), "contentful_token"],
  ])("%s", (_vendor, prefix, body, type) => {
    const token = `${prefix}${body}`;
    expect(found(`TOKEN=${token}\n`)).toEqual([token]);
    expect(types(`here: ${token} end`)).toEqual([type]);
  });

  it.each([
    ["a Buildkite body of one repeated letter", j("bk", "ua_"), "a".repeat(40)],
    ["a Resend-like snake_case name", j("r", "e_"), j("compiled", "_", "patternsforthetokenlists")],
    ["a Neon body too short", j("na", "pi_"), run(20, LOWER_AN, 6)],
    ["an OpenRouter body that says EXAMPLE", j("sk-", "or-v1-"), j("EXAMPLE", run(57, HEX, 7))],
  ])("but not %s", (_what, prefix, body) => expect(found(`see ${prefix}${body} here\n`)).toEqual([]));
});

describe("vendors read by name (keyed) with no record before", () => {
  it.each([
    ["MISTRAL_API_KEY", run(32, AN, 30), "mistral_key"],
    ["DEEPSEEK_API_KEY", j("sk-", run(32, HEX, 31)), "deepseek_key"],
    ["AUTH0_CLIENT_SECRET", run(64, `${AN}_-`, 32), "auth0_secret"],
    ["POSTMARK_SERVER_TOKEN", uuid(33), "postmark_token"],
    ["RAILWAY_TOKEN", uuid(34), "railway_token"],
    ["SCW_SECRET_KEY", uuid(35), "scaleway_key"],
    ["LINODE_TOKEN", run(64, HEX, 36), "linode_token"],
    ["VULTR_API_KEY", run(36, "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789", 37), "vultr_key"],
    ["HCLOUD_TOKEN", run(64, AN, 38), "hetzner_token"],
  ])("%s", (key, value, type) => {
    expect(found(`${key}=${value}\n`)).toEqual([value]);
    expect(types(`${key}=${value}\n`)).toEqual([type]);
  });

  it("not a value of the wrong length under the vendor's key", () =>
    expect(types(`LINODE_REGION=${run(12, LOWER_AN, 39)}\n`)).toEqual([]));
});

describe("a vendor's signature damaged in place is a look-alike", () => {
  const signature = j("T3Bl", "bkFJ");
  const damaged = j("T4Bl", "bkFJ");
  const body = (sig: string) => j(run(20, AN, 40), sig, run(20, AN, 41));
  it("the signature intact: the vendor's key", () =>
    expect(found(`model: openai, ${j("sk-", "proj-")}${body(signature)}\n`)).toHaveLength(1));
  it("one character of it changed: a look-alike", () =>
    expect(found(`model: openai, ${j("sk-", "proj-")}${body(damaged)}\n`)).toEqual([]));
});

describe("credential syntaxes", () => {
  const value = j("Tq7mK2", "vXp9Lz");
  it.each([
    ["a Dockerfile ENV with a space", `FROM node:20\nENV DB_PASSWORD ${value}\n`],
    ["a Dockerfile ENV of a token", `ENV API_TOKEN ${j(value, "Rw4nB8sYc3Hd")}\n`],
  ])("%s", (_what, text) => expect(found(text)).toHaveLength(1));

  it.each([
    ["a Dockerfile ENV of a variable", "ENV DB_PASSWORD $SECRET_FROM_BUILD\n"],
    ["a Dockerfile ENV naming no credential", `ENV NODE_ENV ${value}\n`],
    // A list or a set of two strings is not a key and its value (secret-code-forms.test.ts).
    ["a list of a key and a value", `['db_password', '${value}']`],
    ["a set of two strings", `{"db_password", "${value}"}`],
  ])("but not %s", (_what, text) => expect(found(text)).toEqual([]));
});

describe("Figma personal access tokens run longer than 50", () => {
  it("a body of 56", () => {
    const token = j("fi", "gd_", run(56, `${AN}_-`, 50));
    expect(found(`FIGMA_TOKEN=${token}\n`)).toEqual([token]);
  });
});

describe("a value masked for display in part is a look-alike", () => {
  it.each([
    ["BFG's replacement", "password: ***REMOVED***"],
    ["a key with its middle masked", `api_key: ${j("Ab3dE5", "***", "yZ9bD1")}`],
    ["bullets", `token = "${j("Ab3dE5gH", "\u2022\u2022\u2022\u2022", "yZ9bD1fH")}"`],
  ])("%s", (_what, text) => expect(found(text)).toEqual([]));

  it("a password holding one or two asterisks is still a password", () =>
    expect(found(`password: ${j("Tq7m*K2v", "Xp9*Lz")}`)).toHaveLength(1));
});

describe("a directive's key in upper case, as in lower case (`API_TOKEN value` at a line start)", () => {
  const token = j("Ab3dE5gH7j", "K9mN1pQ3sT5vW7yZ9");
  const password = j("Tq7mK2", "vXp9Lz");
  it.each([
    [`ACME_SECRET ${token}`, token],
    [`API_TOKEN ${token}`, token],
    [`  Secret ${token}`, token],
    [`Token ${token}`, token],
    [`DB_PASS ${password}`, password],
    [`DB_PWD ${password}`, password],
    [`config\nACME_TOKEN ${token}\n`, token],
  ])("%s", (text, value) => expect(found(text)).toEqual([value]));

  it.each([
    `NEXT_TOKEN ${token}`,
    `SECRET_NAME ${token}`,
    `TOKEN_TYPE Bearer`,
    `PASSWORD_POLICY ${password}`,
  ])("but not %s", (text) => expect(found(text)).toEqual([]));
});

describe("a credential phrase, a space and a generated value, with no operator (`acme api key <value>`)", () => {
  const token = j("Ab3dE5gH7j", "K9mN1pQ3sT5vW7yZ9");
  const hexToken = j("3f786850e3", "87550fdab8", "36ed7e6dc8");
  it.each([
    [`Use the api key ${token} for the staging tenant.`, token],
    [`acme token ${token}`, token],
    [`Set ACME SECRET ${token} in the runner`, token],
    [`the acme access token ${hexToken} expires`, hexToken],
  ])("%s", (text, value) => expect(found(text)).toEqual([value]));

  it.each([
    ["a public key's fingerprint", `the public key ${token} is pinned`],
    ["a GPG key id", `signed with gpg key ${hexToken}`],
    ["a next-page token", `next page token ${token}`],
    ["a word after the key", "the api key rotation is weekly"],
    ["a short value", "api key Ab3dE5gH"],
    ["a value of letters only", "the api key AbcdEfghIjklMnopQrstUvwx"],
    ["a cache key", `cache key ${token}`],
  ])("but not %s", (_what, text) => expect(found(text)).toEqual([]));
});

describe("more vendors (session 10, second set)", () => {
  it.each([
    [
      "Braintree",
      j("access_token$", "production$", run(16, LOWER_AN, 60), "$", run(32, HEX, 61)),
      "braintree_token",
    ],
    [
      "ClickUp",
      j("p", "k_", "81234567_", run(32, "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789", 62)),
      "clickup_token",
    ],
    ["Salesforce", j("00", "D", run(12, AN, 63), "!", run(96, AN, 64)), "salesforce_token"],
    ["crates.io", j("ci", "o", run(32, AN, 65)), "crates_io_token"],
  ])("%s", (_vendor, token, type) => {
    expect(found(`TOKEN=${token}\n`)).toEqual([token]);
    expect(types(`here: ${token} end`)).toEqual([type]);
  });

  it.each([
    ["PAGERDUTY_API_KEY", run(20, `${AN}_+-`, 66), "pagerduty_token"],
    ["ROLLBAR_ACCESS_TOKEN", run(32, HEX, 67), "rollbar_token"],
    ["VIRUSTOTAL_API_KEY", run(64, HEX, 68), "virustotal_key"],
    ["ETHERSCAN_API_KEY", run(34, "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789", 69), "etherscan_key"],
  ])("%s", (key, value, type) => expect(types(`${key}=${value}\n`)).toEqual([type]));

  it("a Stripe publishable key is not a ClickUp token", () =>
    expect(types(`here: ${j("pk_", "live_", run(24, AN, 70))} end`)).toEqual([]));
});

describe("ciphertexts by their format's header are look-alikes under credential keys", () => {
  const b64 = (text: string) => Buffer.from(text).toString("base64");
  it.each([
    ["OpenSSL's salted ciphertext", `password: ${b64(j("Salted", "__12345678"))}${run(24, AN, 80)}`],
    ["a Fernet token", `secret_token: ${j("gAAAA", "AB")}${run(90, `${AN}_-`, 81)}`],
    ["an AWS KMS ciphertext blob", `api_key: ${j("AQIC", "AHh")}${run(120, AN, 82)}`],
  ])("%s", (_what, text) => expect(found(text)).toEqual([]));

  it("a value that only holds such a run further in is still a credential", () => {
    const value = j(run(12, AN, 83), "U2Fsd", "GVkX1", run(12, AN, 84));
    expect(found(`api_key: ${value}`)).toEqual([value]);
  });
});

describe("PuTTY private key files", () => {
  const lines = (text: string) => text.match(/.{1,64}/g)!.join("\n");
  const B64 = `${AN}+/`;
  const file = (encryption: string, privateBody: string) =>
    [
      j("PuTTY-User-Key", "-File-3: ssh-ed25519"),
      `Encryption: ${encryption}`,
      "Comment: deploy@build",
      "Public-Lines: 2",
      lines(run(68, B64, 90)),
      "Private-Lines: 1",
      privateBody,
      `Private-MAC: ${run(64, HEX, 91)}`,
    ].join("\n");
  it("unencrypted: the whole file is the secret", () => {
    const text = `key file:\n${file("none", lines(run(88, B64, 92)))}\nend`;
    const start = text.indexOf("PuTTY");
    expect(found(text)).toEqual([text.slice(start, text.lastIndexOf("\nend"))]);
  });
  it("encrypted under a passphrase: a look-alike", () =>
    expect(found(file("aes256-cbc", lines(run(88, B64, 93))))).toEqual([]));
  it("a placeholder body: a look-alike", () => expect(found(file("none", "<your private key>"))).toEqual([]));
});

describe("credentials handed to commands", () => {
  const token = j("Ab3dE5gH7j", "K9mN1pQ3sT5vW7yZ9");
  const password = j("Tq7mK2", "vXp9Lz");
  it.each([
    [`aws configure set aws_secret_access_key ${token}`, token],
    [`gh secret set API_TOKEN --body ${token}`, token],
    [`gh secret set API_TOKEN -b "${token}"`, token],
    [`yarn config set npmAuthToken ${token}`, token],
    [`Set-Variable -Name password -Value "${password}"`, password],
    [`zip -r -P ${password} backup.zip data/`, password],
    [`7z a -p${password} backup.7z data/`, password],
    [`openssl enc -aes-256-cbc -k ${password} -in a -out b`, password],
    [`openssl pkcs12 -export -passout pass:${password} -out k.p12`, password],
  ])("%s", (text, value) => expect(found(text)).toEqual([value]));

  it.each([
    "aws configure set region eu-west-1",
    "gh secret set API_TOKEN --body $API_TOKEN",
    `gh secret set API_TOKEN < token.txt`,
    "Set-Variable -Name password -Value $securePassword",
    "zip -r -P $ZIP_PASSWORD backup.zip data/",
    "7z a -p backup.7z data/",
    "openssl enc -aes-256-cbc -k $KEY -in a",
    "openssl pkcs12 -export -passout env:P12_PASSWORD -out k.p12",
  ])("but not %s", (text) => expect(found(text)).toEqual([]));
});

describe("one finding per value", () => {
  it("an authorization header's token (also a credential phrase)", () => {
    const out: TextMatch[] = [];
    for (const d of createSecretDetectors())
      d.detect(`curl -H "Authorization: token ${j("15f736bd99", "0798cd37cc", "1ceddee9b005")}"`, out);
    expect(out).toHaveLength(1);
  });

  it.each(["PASSWORD", "Password", "API_TOKEN"])("%s value at a line start", (key) => {
    const out: TextMatch[] = [];
    for (const d of createSecretDetectors()) d.detect(`${key} ${j("Tq7mK2", "vXp9Lz")}`, out);
    expect(out).toHaveLength(1);
  });
});
