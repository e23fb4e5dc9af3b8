/**
 * Session 11's classes from the new tune part (kingfisher's vendors outside gitleaks' configuration, noseyparker's
 * examples): a service's key named by its key word alone (`acme_key = v`, `ACME SECRET v`, `acmeKEY=v`), `.netrc`
 * passwords, and vendor tokens with no record before (Tavily, Twitch stream keys, Microsoft's 84-character
 * identifiable keys, MongoDB Atlas, Ionic, Dependency-Track, New Relic's admin, query and license keys, Mailchimp keys
 * outside a key naming Mailchimp). Each is found, and its near misses are left alone. Every value is built at test
 * time from pieces, never a credential-shaped literal.
 */
import { describe, expect, it } from "vitest";
import { createSecretDetectors } from "../../src/engine/detectors/secrets/index.js";
import type { TextMatch } from "../../src/engine/types.js";
import { randomString } from "../../src/shared/fake-credentials.js";

const AN = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
const HEX = "0123456789abcdef";
const j = (...pieces: string[]) => pieces.join("");
const V = randomString(36, AN, 901);

function found(text: string): string[] {
  const out: TextMatch[] = [];
  for (const d of createSecretDetectors()) d.detect(text, out);
  return [...new Set(out.map((m) => text.slice(m.start, m.end)))];
}

describe("a service's key named by its key word alone", () => {
  it.each([
    `acme_key = "${V}"`,
    `ACME_KEY=${V}`,
    `acmeKey: '${V}'`,
    `acmeKEY=${V}`,
    `ACME SECRET ${V}`,
    `acme PRIVATE KEY : ${V}`,
    `acmeSECRETkey-${V}`,
    `azure_devops_pat = ${V}`,
    `{"stripeKey": "${V}"}`,
  ])("%s", (text) => expect(found(text)).toContain(V));

  it.each([
    `cache_key = "${V}"`,
    `{"nextPageToken": "${V}"}`,
    `primaryKey: ${V}`,
    `the monkey: ${V}`,
    "acme_key = keys/prod/acme.pem",
    "acme_key = ACME_KEY_VALUE_2024",
    j("acme_key = a1b2c3d4e5f6", "g7h8i9j0k1l2"),
    `acme_key_id = ${V}`,
    `csrf_token = ${V}`,
  ])("not %s", (text) => expect(found(text)).toEqual([]));
});

describe(".netrc entries", () => {
  const pw = j("Tq8", "vP2", "mZr", "K4x");
  it.each([
    `machine api.acme.io login deploy password ${pw}`,
    `machine api.acme.io\n  login deploy\n  password ${pw}\n`,
    `default login deploy password ${pw}`,
  ])("%s", (text) => expect(found(text)).toContain(pw));

  it.each([
    "machine api.acme.io login deploy password changeme",
    "machine api.acme.io login deploy password $NETRC_PASSWORD",
  ])("not %s", (text) => expect(found(text)).toEqual([]));
});

describe("keys passed on a command line", () => {
  const nuget = j("oy", "2", randomString(43, "abcdefghijklmnopqrstuvwxyz0123456789", 980));
  const unseal = randomString(44, `${AN}+/`, 981);
  it.each([
    [`nuget push pkg.nupkg ${nuget} -Source https://api.nuget.org/v3/index.json`, nuget],
    [`vault operator unseal ${unseal}`, unseal],
  ])("%s", (text, value) => expect(found(text)).toContain(value));

  it.each([
    // Glued into a longer word, or the wrong length: not a NuGet key.
    j("toy2", randomString(43, "abcdefghijklmnopqrstuvwxyz0123456789", 982)),
    j("oy2", randomString(30, "abcdefghijklmnopqrstuvwxyz0123456789", 983)),
    "vault operator unseal -migrate",
  ])("not %s", (text) => expect(found(text)).toEqual([]));
});

describe("vendor tokens with no record before", () => {
  const tokens: [string, string][] = [
    ["tavily", j("tvly", "-", randomString(32, AN, 911))],
    ["twitch", j("live", "_", randomString(9, "0123456789", 912), "_", randomString(30, AN, 913))],
    ["microsoft", j(randomString(52, AN, 914), "JQ", "QJ", "99", randomString(26, AN, 915))],
    ["mongodb", j("mdb_sa", "_sk_", randomString(40, AN, 916))],
    ["ionic", j("ion", "_", randomString(42, AN, 917))],
    ["dependency-track", j("odt", "_", randomString(32, AN, 918))],
    ["newrelic admin", j("NRAA", "-", randomString(27, HEX, 919))],
    ["newrelic query", j("NRIQ", "-", randomString(32, AN, 920))],
    ["newrelic license", j(randomString(36, HEX, 921), "NR", "AL")],
    ["mailchimp", j(randomString(32, HEX, 922), "-us", "13")],
    ["segment", j("sgp", "_", randomString(64, AN, 927))],
    ["teamwork", j("tkn", ".v1_", randomString(60, AN, 928), "=")],
    ["posthog", j("phx", "_", randomString(20, AN, 929), "_", randomString(22, AN, 930))],
    [
      "teams (older host)",
      j(
        "https://outlook.office.com/webhook/",
        [8, 4, 4, 4, 12].map((n, i) => randomString(n, HEX, 940 + i)).join("-"),
        "@",
        [8, 4, 4, 4, 12].map((n, i) => randomString(n, HEX, 950 + i)).join("-"),
        "/IncomingWebhook/",
        randomString(32, HEX, 960),
        "/",
        [8, 4, 4, 4, 12].map((n, i) => randomString(n, HEX, 970 + i)).join("-"),
      ).slice("https://outlook.office.com/webhook/".length),
    ],
  ];
  it.each(tokens)("%s alone", (name, token) => {
    const text = name.startsWith("teams")
      ? j("https://outlook.office.com/webhook/", token)
      : `value: ${token}`;
    expect(found(text)).toContain(token);
  });

  it.each([
    // Glued into a longer token (Stripe's `sk_live_`), a license key's documentation filler, a short Twitch key.
    j("sk_", "live_", randomString(24, AN, 923)),
    j("a1b2c3d4e5f6g7h8i9j0", randomString(16, HEX, 924), "NR", "AL"),
    j("live", "_", randomString(9, "0123456789", 925), "_", randomString(12, AN, 926)),
  ])("not %s as these vendors'", (text) => {
    const out: TextMatch[] = [];
    for (const d of createSecretDetectors()) d.detect(text, out);
    expect(
      out.filter((m) => /tavily|twitch|newrelic|identifiable|mongodb|ionic|dependency/.test(m.ruleId)),
    ).toEqual([]);
  });
});

describe("config forms: key and value elements, YAML lists under a credential key", () => {
  const pw = j("Tq8", "vP2", "mZr", "K4x");
  const tok = randomString(32, AN, 990);
  it.each([
    [`<entry>\n  <key>db.password</key>\n  <value>${pw}</value>\n</entry>`, pw],
    [`<property><name>fs.s3a.secret.key</name><value>${tok}</value></property>`, tok],
    [`db_passwords:\n  - "${pw}"\n  - other\n`, pw],
    [`api_tokens:\n  - ${tok} # prod\n`, tok],
  ])("%s", (text, value) => expect(found(text)).toContain(value));

  it.each([
    "<property><name>fs.defaultFS</name><value>hdfs://namenode:8020</value></property>",
    j("<entry><key>password</key><value>$", "{DB_PASSWORD}</value></entry>"),
    "steps:\n  - run: npm test\n  - uses: actions/checkout@v4\n",
    "passwords:\n  - changeme\n  - <your-password>\n",
  ])("not %s", (text) => expect(found(text)).toEqual([]));
});
