/**
 * Session 13's secret classes (from the tune parts' misses and false positives): vendor tokens without a record or
 * with a record too narrow (secret-tokens-3.ts and the widened records), and the walk's classes. Values are built
 * from pieces at test time; no credential-shaped literal is written here.
 */
import { describe, expect, it } from "vitest";
import { detectTokens } from "../../src/engine/rules/built-in/secret-tokens.js";
import { TOKEN_RULES_3 } from "../../src/engine/rules/built-in/secret-tokens-3.js";
import { SECRET_RULES } from "../../src/engine/rules/built-in/secrets.js";
import { AN, fakeUuid, HEX, j, LOWER_AN, run, UPPER_AN, URLSAFE } from "../helpers/fake-pieces.js";
import { secretsFound } from "../helpers/secret-matches.js";

const B64URL = `${AN}-_`;
const uuid = fakeUuid;

const found = secretsFound;

describe("vendor tokens of session 13, each under its vendor's type", () => {
  const cases: [string, string, string, string][] = [
    // [vendor, text around the token, the token, its type]
    ["Cloudflare account token", "CF_TOKEN=", j("cf", "at_", run(47, AN, 1)), "cloudflare_key"],
    ["Cloudflare user token", "token: ", j("cf", "ut_", run(47, AN, 2)), "cloudflare_key"],
    ["Cloudflare API key", "key = ", j("cf", "k_", run(48, AN, 3)), "cloudflare_key"],
    ["LlamaCloud", "LLAMA_CLOUD_API_KEY=", j("ll", "x-", run(48, URLSAFE, 4)), "llamacloud_key"],
    ["Together AI", "TOGETHER_API_KEY=", j("tgp", "_v1_", run(43, URLSAFE, 5)), "together_key"],
    ["Postman collection token", "access_key=", j("PM", "AT-", run(26, UPPER_AN, 6)), "postman_token"],
    [
      "Docker Swarm join token",
      "docker swarm join --token ",
      j("SWM", "TKN-1-", run(50, LOWER_AN, 7), "-", run(25, LOWER_AN, 8)),
      "docker_swarm_token",
    ],
    ["WunderGraph Cosmo", "COSMO_API_KEY=", j("cos", "mo_", run(32, HEX, 9)), "wundergraph_key"],
    ["GitLab runner registration", "token: ", j("gl", "rtr-", run(41, URLSAFE, 10)), "gitlab_token"],
    ["GitLab workspace", "token: ", j("gl", "wt-", run(32, URLSAFE, 11)), "gitlab_token"],
    ["Heroku, 60 after HRKU-", "HEROKU=", j("HR", "KU-", run(60, URLSAFE, 12)), "heroku_key"],
    ["Heroku, a UUID after HRKU-", "key: ", j("HR", "KU-", uuid(13)), "heroku_key"],
    ["Supabase v0", "SUPABASE_ACCESS_TOKEN=", j("sb", "p_v0_", run(40, HEX, 14)), "supabase_token"],
    ["PostHog project secret", "key: ", j("ph", "s_", run(46, AN, 15)), "posthog_key"],
    ["PostHog OAuth access", "key: ", j("ph", "a_", run(58, AN, 16)), "posthog_key"],
    ["PostHog OAuth refresh", "key: ", j("ph", "r_", run(49, AN, 17)), "posthog_key"],
    ["Notion, any 46 letters and digits", "NOTION=", j("nt", "n_", run(46, AN, 18)), "notion_token"],
    [
      "Sentry org token in URL-safe base64",
      "SENTRY_AUTH_TOKEN=",
      j("sntr", "ys_", "eyJ", run(120, B64URL, 19)),
      "sentry_token",
    ],
    [
      "1Password service account in URL-safe base64",
      "OP=",
      j("ops", "_eyJ", run(300, B64URL, 20)),
      "onepassword_token",
    ],
  ];
  it.each(cases)("%s", (_vendor, before, tokenValue, type) => {
    expect(found(`${before}${tokenValue}\n`)).toContainEqual([type, tokenValue]);
  });

  it("leaves the near misses alone: the public PostHog project key, filler bodies, glued prefixes", () => {
    for (const text of [
      `posthog.init('${j("ph", "c_", run(43, AN, 30))}')`,
      `token: ${j("cf", "at_", "x".repeat(47))}`,
      `token: ${j("ll", "x-", "a".repeat(48))}`,
      `smallx-${run(48, URLSAFE, 31)}`,
    ])
      expect(found(text), text).toEqual([]);
  });

  it("every record of secret-tokens-3.ts is registered and shares the token detector", () => {
    const byId = new Map(SECRET_RULES.map((r) => [r.id, r]));
    for (const record of TOKEN_RULES_3) {
      expect(byId.get(record.id), record.id).toBe(record);
      expect(record.detector).toBe(detectTokens);
    }
  });
});

describe("the walk: a vendor's name alone as the key", () => {
  it("reads the vendor's exact shape under its bare name, quoted, in an env file and after a section", () => {
    const postmark = uuid(40);
    const telnyx = j("KE", "Y", run(56, URLSAFE, 41));
    expect(found(`{"postmark": "${postmark}"}`)).toContainEqual(["postmark_token", postmark]);
    expect(found(`POSTMARK=${postmark}\n`)).toContainEqual(["postmark_token", postmark]);
    expect(found(`telnyx = ${telnyx}\n`)).toContainEqual(["telnyx_key", telnyx]);
    expect(found(`services.postmark: '${postmark}'`)).toContainEqual(["postmark_token", postmark]);
  });

  it("leaves a value of another shape, and a name that only ends in the vendor's", () => {
    for (const text of [
      `{"postmark": "${run(30, AN, 42)}"}`,
      `{"postmark": "enabled"}`,
      `nopostmark: ${uuid(43)}`,
      `{"telnyx": "${run(56, URLSAFE, 44)}"}`,
    ])
      expect(found(text), text).toEqual([]);
  });
});

describe("the walk: values longer than 256 characters", () => {
  it("reports a long generated token under a credential key, quoted or not", () => {
    const long = run(372, `${AN}+/`, 50);
    expect(found(`AIVEN_API_TOKEN = "${long}"\n`)).toContainEqual(["generic_credential", long]);
    expect(found(`access_token: ${long}\n`)).toContainEqual(["generic_credential", long]);
    const dotted = `${run(36, LOWER_AN, 51)}.${run(400, LOWER_AN, 52)}`;
    expect(found(`service_token = ${dotted}\n`)).toContainEqual(["generic_credential", dotted]);
    const kb = run(5400, `${AN}+/`, 53);
    expect(found(`LONG_CREDENTIAL: ${kb}==\n`)).toContainEqual(["generic_credential", `${kb}==`]);
  });

  it("leaves long values that are no credential: prose in base64, a name, past the long limit", () => {
    const prose = Buffer.from(
      "This is the quarterly report of the finance team, final version two. ".repeat(6),
    ).toString("base64");
    for (const text of [
      `{"token": "${prose}"}`,
      `secret: ${"some.config.name.".repeat(20)}x\n`,
      `{"token": "${run(9000, AN, 54)}"}`,
    ])
      expect(found(text), text.slice(0, 40)).toEqual([]);
  });

  it("reads a key after a blob once: a credential after a long unreported run is still found", () => {
    const secret = run(24, AN, 55);
    const text = `token=${"x".repeat(3000)} password = "${secret}"\n`;
    expect(found(text)).toContainEqual(["generic_credential", secret]);
  });
});

describe("URL credentials: the user name again is no password", () => {
  it("leaves user:user and admin:admin, and still reports a chosen password", () => {
    expect(found(j("postgresql://", "user:user", "@db/no_db"))).toEqual([]);
    expect(found(j("http://", "Admin:admin", "@10.0.0.1:8080/"))).toEqual([]);
    const password = run(14, AN, 60);
    expect(found(j("postgresql://", "user:", password, "@db/app"))).toContainEqual([
      "url_credentials",
      password,
    ]);
  });
});

describe("the walk: the misspelled key word `secrete`", () => {
  it("reads it as `secret` in an assignment, a C declaration and a directive", () => {
    const value = j("m{{h}o)p", "${e]nob(ody[finds>-_$#", run(8, AN, 70), "}}");
    for (const text of [`secrete = "${value}"`, `char secrete[25] = "${value}";`, `secrete "${value}";`])
      expect(found(text), text).toContainEqual(["generic_credential", value]);
  });

  it("leaves other words ending like it (`delete`, `complete`) and prose", () => {
    for (const text of [
      `delete = "${run(24, AN, 71)}"`,
      `{"complete": "${run(24, AN, 72)}"}`,
      "the glands secrete a fluid",
    ])
      expect(found(text), text).toEqual([]);
  });
});

describe("the walk: a bare `key` holding a generated value", () => {
  it("reports a generated value under `key`, `APP_KEY`, `dictKey` and an index", () => {
    const value = run(30, AN, 80);
    for (const text of [
      `"key": "${value}"`,
      `'key': "${value}"`,
      `['dict_key'] = "${value}"`,
      `APP_KEY=${value}`,
      `const dictKey = '${value}';`,
    ])
      expect(found(text), text).toContainEqual(["generic_credential", value]);
  });

  it("leaves ids, digests, paths, words and keys that name something else", () => {
    for (const text of [
      `"key": "${uuid(81)}"`,
      `"key": "${run(40, HEX, 82)}"`,
      `"key": "uploads/2024/${run(24, AN, 83)}.png"`,
      `"key": "settings.notifications.emailDigest"`,
      `"cache_key": "${run(30, AN, 84)}"`,
      `"sort_key": "${run(30, AN, 85)}"`,
      `"monkey": "${run(30, AN, 86)}"`,
      `"key": "${run(16, AN, 87)}"`,
    ])
      expect(found(text), text).toEqual([]);
  });
});

describe("the walk: 14- and 15-character generated tokens under a token key", () => {
  it("reports a value of upper case, lower case and digits", () => {
    const v14 = j("K2u6", run(10, AN, 90).replace(/[^A-Za-z0-9]/g, "x"));
    const v15 = j("AIhq5", "Xyb1G", run(5, AN, 91));
    expect(found(`service_credential = "${v14}"`)).toContainEqual(["generic_credential", v14]);
    expect(found(`ANY_token=${v15}`)).toContainEqual(["generic_credential", v15]);
  });

  it("leaves short values of fewer classes or with separators", () => {
    for (const text of ['api_token = "abcdefgh123456"', 'auth_token: "ListUsersPage"'])
      expect(found(text), text).toEqual([]);
  });
});

describe("markup: an element's text padded with spaces", () => {
  it("reads `<password>  value  </password>` as `<password>value</password>`", () => {
    const value = run(12, AN, 95);
    expect(found(`<password>  ${value}  </password>`)).toContainEqual(["generic_credential", value]);
    expect(found(`<token>\t${value}${value}\t</token>`)).toContainEqual([
      "generic_credential",
      `${value}${value}`,
    ]);
    expect(found(`<name>  ${value}  </name>`)).toEqual([]);
  });
});
