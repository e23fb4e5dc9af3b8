import { describe, expect, it } from "vitest";
import {
  createSecretDetectors,
  SECRET_TYPES,
  type SecretType,
} from "../../src/engine/detectors/secrets/index.js";
import type { TextMatch } from "../../src/engine/types.js";
import {
  fakeAnthropicKey,
  fakeAwsAccessKey,
  fakeAwsSecretKey,
  fakeAzureAccountKey,
  fakeAzureConnectionString,
  fakeGcpApiKey,
  fakeGcpServiceAccountJson,
  fakeGithubFineGrainedToken,
  fakeGithubToken,
  fakeGitlabToken,
  fakeJwt,
  fakeNpmToken,
  fakeOpenaiKey,
  fakeOpenaiProjectKey,
  fakePassword,
  fakePrivateKeyBlock,
  fakeSlackBotToken,
  fakeSlackWebhook,
  fakeStripeKey,
  randomString,
} from "../../src/shared/fake-credentials.js";
import { describeRobustness } from "../helpers/detector-robustness.js";

type Found = { type: string; start: number; end: number; text: string };

function detect(text: string, types?: readonly SecretType[]): Found[] {
  const out: TextMatch[] = [];
  for (const detector of createSecretDetectors(types ? { types } : {})) detector.detect(text, out);
  return out.map((m) => ({ type: m.type, start: m.start, end: m.end, text: text.slice(m.start, m.end) }));
}

function at(text: string, value: string, type: SecretType): Found {
  const start = text.indexOf(value);
  if (start === -1) throw new Error(`test bug: value not in text: ${text}`);
  return { type, start, end: start + value.length, text: value };
}

/** Asserts that `type`'s detector finds exactly `value` (exact offsets) in `text`, and nothing else. */
function expectOnly(type: SecretType, text: string, value: string): void {
  expect(detect(text, [type])).toEqual([at(text, value, type)]);
}

function expectNone(type: SecretType, texts: readonly string[]): void {
  for (const text of texts) expect(detect(text, [type]), text).toEqual([]);
}

const j = (...pieces: string[]) => pieces.join("");

describe("createSecretDetectors", () => {
  it("creates one detector per factory: every vendor token record shares one, whose types are the records'", () => {
    const detectors = createSecretDetectors();
    expect(detectors.map((d) => d.id)).toContain("secret.tokens");
    expect(detectors.length).toBeLessThan(SECRET_TYPES.length / 4);
    expect(detectors.every((d) => d.kind === "secret")).toBe(true);
  });

  it("honours the types option", () => {
    expect(createSecretDetectors({ types: ["jwt", "private_key"] }).map((d) => d.id)).toEqual([
      "secret.private_key",
      "secret.jwt",
    ]);
  });

  it("reports kind, type and ruleId", () => {
    const token = fakeGithubToken();
    const out: TextMatch[] = [];
    for (const d of createSecretDetectors({ types: ["github_token"] })) d.detect(`t=${token}`, out);
    expect(out).toEqual([
      {
        kind: "secret",
        type: "github_token",
        start: 2,
        end: 2 + token.length,
        ruleId: "secret.github_token",
      },
    ]);
  });
});

describe("private_key", () => {
  it("reports whole PEM blocks of every flavour", () => {
    // Encrypted keys are look-alikes since issue 16 (test/unit/secret-coverage.test.ts).
    for (const label of ["", "RSA ", "EC ", "DSA ", "OPENSSH "]) {
      const block = fakePrivateKeyBlock(label, label.length + 1);
      const text = `key:\n${block}\nrest`;
      expectOnly("private_key", text, block);
    }
  });

  it("reports a truncated block up to the end of its body", () => {
    const block = fakePrivateKeyBlock("", 40);
    const cut = block.slice(0, block.indexOf("-----END"));
    const text = `${cut}\n\n`;
    expectOnly("private_key", text, cut.trimEnd());
  });

  it("ignores public keys and certificates", () => {
    const body = randomString(64, undefined, 41);
    expectNone("private_key", [
      `-----BEGIN PUBLIC KEY-----\n${body}\n-----END PUBLIC KEY-----`,
      `-----BEGIN CERTIFICATE-----\n${body}\n-----END CERTIFICATE-----`,
      "the words BEGIN PRIVATE KEY in prose",
    ]);
  });
});

describe("jwt", () => {
  it("finds a signed token", () => {
    const token = fakeJwt();
    expectOnly("jwt", `Authorization: Bearer ${token}\n`, token);
  });

  it("finds an unsigned (alg none) token with an empty signature", () => {
    const header = Buffer.from(JSON.stringify({ alg: "none" })).toString("base64url");
    const payload = Buffer.from(JSON.stringify({ sub: "x", admin: true })).toString("base64url");
    const token = `${header}.${payload}.`;
    expectOnly("jwt", `t=${token} end`, token);
  });

  it("ignores eyJ base64 that is not a JWT header, and four-segment strings", () => {
    const notHeader = Buffer.from(JSON.stringify({ hello: "world" })).toString("base64url");
    const token = fakeJwt();
    expectNone("jwt", [`${notHeader}.${notHeader}.abc`, `${token}.extra`, "eyJ", "eyJhbGciOi"]);
  });
});

describe("prefixed vendor tokens", () => {
  /** [type, vendor prefix, whether the body has a fixed length, generator] */
  const cases: [SecretType, string, boolean, () => string][] = [
    ["github_token", j("gh", "p_"), false, () => fakeGithubToken("p")],
    ["github_token", j("gh", "o_"), false, () => fakeGithubToken("o", 31)],
    ["github_token", j("gh", "u_"), false, () => fakeGithubToken("u", 32)],
    ["github_token", j("gh", "s_"), false, () => fakeGithubToken("s", 33)],
    ["github_token", j("gh", "r_"), false, () => fakeGithubToken("r", 34)],
    ["github_token", j("github", "_pat_"), false, () => fakeGithubFineGrainedToken()],
    ["gitlab_token", j("gl", "pat-"), false, () => fakeGitlabToken()],
    ["slack_token", j("xo", "xb-"), false, () => fakeSlackBotToken()],
    ["stripe_key", j("sk", "_live_"), false, () => fakeStripeKey("live")],
    ["stripe_key", j("sk", "_test_"), false, () => fakeStripeKey("test", 35)],
    ["openai_key", j("s", "k-"), false, () => fakeOpenaiKey()],
    ["openai_key", j("s", "k-proj-"), false, () => fakeOpenaiProjectKey()],
    ["anthropic_key", j("sk", "-ant-"), false, () => fakeAnthropicKey()],
    ["npm_token", j("np", "m_"), true, () => fakeNpmToken()],
    ["gcp_api_key", j("AI", "za"), true, () => fakeGcpApiKey()],
    ["aws_access_key", j("AK", "IA"), true, () => fakeAwsAccessKey()],
  ];
  for (const [type, prefix, fixedLength, make] of cases) {
    it(`finds ${type} ${prefix}... in prose, JSON and env syntax`, () => {
      const token = make();
      expectOnly(type, `use ${token}.`, token);
      expectOnly(type, JSON.stringify({ value: token }), token);
      expectOnly(type, `X=${token}\n`, token);
    });

    it(`ignores ${type} ${prefix}... glued into a word, truncated, or as a placeholder`, () => {
      const token = make();
      const placeholder = prefix + "X".repeat(token.length - prefix.length);
      expectNone(type, [`x${token}`, token.slice(0, prefix.length + 12), placeholder]);
      if (fixedLength) expectNone(type, [`${token}x`, token.slice(0, -1)]);
    });
  }

  it("does not call an Anthropic key an OpenAI key", () => {
    expect(detect(fakeAnthropicKey(), ["openai_key"])).toEqual([]);
  });

  it("ignores sk- identifiers that are not keys", () => {
    expectNone("openai_key", [
      "task-runner",
      "sk-learn-estimator-configuration-name-long",
      "risk-assessment-framework-model",
    ]);
  });

  it("ignores the AWS documentation example key and Stripe publishable keys", () => {
    expectNone("aws_access_key", [j("AKIA", "IOSFODNN7", "EXAMPLE")]);
    expectNone("stripe_key", [j("pk", "_live_") + randomString(24, undefined, 36)]);
  });

  it("finds the secret part of a Slack webhook URL", () => {
    const { url, secret } = fakeSlackWebhook();
    expectOnly("slack_token", `post to ${url} now`, secret);
  });
});

describe("aws_secret_key", () => {
  it("finds the key after its name in credentials files, env and JSON", () => {
    const key = fakeAwsSecretKey();
    expectOnly("aws_secret_key", `[default]\naws_access_key_id = X\naws_secret_access_key = ${key}\n`, key);
    expectOnly("aws_secret_key", `AWS_SECRET_ACCESS_KEY=${key}`, key);
    expectOnly("aws_secret_key", JSON.stringify({ SecretAccessKey: key }), key);
  });

  it("finds the key next to an access key id (CSV download)", () => {
    const key = fakeAwsSecretKey(50);
    expectOnly("aws_secret_key", `User,${fakeAwsAccessKey()},${key}`, key);
  });

  it("ignores 40-character strings without a keyword, git hashes and low-entropy strings", () => {
    expectNone("aws_secret_key", [
      `blob ${fakeAwsSecretKey(51)}`,
      `aws_secret_access_key = ${randomString(40, "0123456789abcdef", 52)}`,
      `aws_secret_access_key = ${"A".repeat(40)}`,
      `aws_secret_access_key = ${fakeAwsSecretKey(53)}x`,
    ]);
  });
});

describe("gcp_service_account", () => {
  it("reports private_key_id and private_key values of a service-account file", () => {
    const { text, privateKeyId, privateKeyJson } = fakeGcpServiceAccountJson();
    expect(detect(text, ["gcp_service_account"])).toEqual([
      at(text, privateKeyId, "gcp_service_account"),
      at(text, privateKeyJson, "gcp_service_account"),
    ]);
  });

  it("ignores private_key fields in JSON that is not a service account", () => {
    const { text } = fakeGcpServiceAccountJson();
    expectNone("gcp_service_account", [text.replace(j("service", "_account"), "authorized_user")]);
  });
});

describe("azure_storage_key", () => {
  it("reports only the key of a connection string", () => {
    const { text, key } = fakeAzureConnectionString();
    expectOnly("azure_storage_key", text, key);
  });

  it("finds Service Bus SharedAccessKey values", () => {
    const key = fakeAzureAccountKey(60).slice(0, 44);
    const text = `Endpoint=sb://x.servicebus.windows.net/;SharedAccessKeyName=Root;${j("SharedAccess", "Key=")}${key}`;
    expectOnly("azure_storage_key", text, key);
  });

  it("ignores placeholders", () => {
    expectNone("azure_storage_key", [
      "AccountKey=<your-key>;",
      "AccountKey=;",
      `AccountKey=${"A".repeat(86)}==`,
    ]);
  });
});

describe("url_credentials", () => {
  it("reports only the password of user:password@host", () => {
    expectOnly("url_credentials", "postgres://admin:s3cr3tP4ss@db.internal:5432/app", "s3cr3tP4ss");
    expectOnly("url_credentials", "see https://bob:pa%40ss@example.com/x.", "pa%40ss");
    expectOnly("url_credentials", "redis://:tok3n-value@cache:6379", "tok3n-value");
  });

  it("uses the last @ so an unescaped @ in the password is covered", () => {
    expectOnly("url_credentials", "mongodb://u:p@ss:w0rd@h/db", "p@ss:w0rd");
  });

  it("reports a token used as the user name", () => {
    const token = fakeGithubToken("p", 61);
    expectOnly("url_credentials", `git clone https://${token}@github.com/o/r.git`, token);
  });

  it("ignores URLs without credentials, plain user names and placeholders", () => {
    expectNone("url_credentials", [
      "https://example.com:8443/path?q=a@b",
      "ssh://git@github.com/o/r.git",
      "https://user:<password>@host/",
      `https://user:${"$"}{PASSWORD}@host/`, // a template reference, not a password
      "https://user:****@host/",
      "https://user:@host/",
      "https://user:password@host/",
    ]);
  });
});

describe("generic_credential", () => {
  // Token-like values are generated so that no high-entropy literal sits next to a credential name in the repo.
  const tok = (seed: number) => randomString(20, undefined, seed);
  const positives: [string, string][] = [
    ["password=hunter2x9Q", "hunter2x9Q"],
    ["DB_PASSWORD=Tr0ub4dor&3 next", "Tr0ub4dor&3"],
    ["passwd: s3cure-Pass!", "s3cure-Pass!"],
    ['{"password": "P@ssw0rd-2024"}', "P@ssw0rd-2024"],
    [`api_key = '${tok(70)}'`, tok(70)],
    [`clientSecret: "${tok(71)}"`, tok(71)],
    [`GITHUB_TOKEN=${tok(72)}`, tok(72)],
    [`secret => '${tok(73)}'`, tok(73)],
    ["mysql --password Tr0ub4dor3x -u root", "Tr0ub4dor3x"],
    [`https://api.example.com/v1?api_key=${tok(74)}&format=json`, tok(74)],
    [`Authorization: Bearer ${tok(75)}`, tok(75)],
    [`{"auth_token":"${tok(76)}","user":"x"}`, tok(76)],
    [`PGPASSWORD := ${"Xy9"}-${"kd8Q"}`, "Xy9-kd8Q"],
  ];
  for (const [text, value] of positives) {
    it(`finds the value in ${JSON.stringify(text.slice(0, 30))}`, () => {
      expectOnly("generic_credential", text, value);
    });
  }

  it("finds generated passwords in JSON", () => {
    const password = fakePassword();
    expectOnly("generic_credential", JSON.stringify({ user: "bob", password }), password);
  });

  it("ignores placeholders, code, non-credential keys and weak context", () => {
    expectNone("generic_credential", [
      "password=****",
      "password=<password>",
      `password: ${"$"}{DB_PASSWORD}`,
      "password: {{ vault_password }}",
      "password=changeme",
      "password=your_password_here",
      "password: string;",
      "password = getPassword()",
      "token: process.env.TOKEN",
      "password=REDACTED",
      "password === other",
      "nextToken=abcdefghijklmnopqrstuvwxyz123",
      "page_token: CAUQAA1234567890abcdef",
      "password_policy=strict-mode-2",
      "token_type=bearer",
      "password=letmein",
      "token=short1",
      "reset your password: click the link",
      "Bearer token",
    ]);
  });
});

describe("generic_credential: value boundaries and encoded text", () => {
  it("an HTML-escaped query string ends the value at `&amp;` (the next parameter is not part of it)", () => {
    const key = randomString(24, undefined, 90);
    expectOnly("generic_credential", `<a href="/v1/items?api_key=${key}&amp;page=2">next</a>`, key);
    // A public Stripe object id under `api_key` is a look-alike once its `&amp;page=2` tail is not glued to it.
    expectNone("generic_credential", [
      `<p>/v1/items?api_key=${j("price", "_")}97QaEqhnwXfk00&amp;page=2</p>`,
    ]);
  });

  it("base64 of a sentence is encoded text, not key material; base64 of random bytes still counts", () => {
    const prose = Buffer.from("Meeting moved to Thursday, same room as last week.").toString("base64");
    expectNone("generic_credential", [`client = Client(api_key="${prose}")`]);
    const random = Buffer.from(randomString(30, undefined, 91), "latin1").toString("base64");
    expectOnly("generic_credential", `client = Client(api_key="${random}")`, random);
  });
});

describe("prose_credential: secrets named only in a sentence", () => {
  // Written for this test (not from the eval set), in several languages.
  const pw = (seed: number) => `${randomString(10, undefined, seed)}#7`;
  const key = (seed: number) => randomString(30, undefined, seed);
  const hex = (seed: number) => randomString(32, "0123456789abcdef", seed);
  const positives: [string, string][] = [
    [`Quick note: the staging password is ${pw(92)} - please don't share it.`, pw(92)],
    [`I reset it, my new API key: ${key(93)}`, key(93)],
    [`The token you need is ${hex(94)}.`, hex(94)],
    [`Hola, la contraseña es ${pw(95)} para el servidor.`, pw(95)],
    [`Le mot de passe est ${pw(96)}`, pw(96)],
    [`A senha é ${pw(97)} até sexta.`, pw(97)],
    [`Пароль: ${pw(98)}`, pw(98)],
    [`パスワードは${pw(99)}`, pw(99)],
  ];
  for (const [text, value] of positives) {
    it(`finds the value in ${JSON.stringify(text.slice(0, 40))}`, () => {
      expectOnly("prose_credential", text, value);
    });
  }

  it("ordinary sentences, placeholders and documentation keys stay clean", () => {
    expectNone("prose_credential", [
      "The password is case-sensitive and must be at least twelve characters.",
      "the key is to keep meetings short",
      "Your API key: find it under Settings > Developer.",
      "my API key: <your-api-key-here>",
      "the token is XXXXXXXXXXXXXXXXXXXXXXXX",
      "The access key is abcdefghijklmnop1234",
      `api key: ${j("AKIAIOSFODNN7", "EXAMPLE")}`,
      "The token type is urn:ietf:params:oauth:token-type:jwt",
      "Password reset link: https://accounts.example.com/reset?id=42",
      "the key: keys.private_key",
      "contraseña: ********",
    ]);
  });
});

describeRobustness("secret detectors", createSecretDetectors(), {
  fragments: ["ghp_", "sk-", "eyJ", "://", "@", ":", "=", '"', "password", "-----BEGIN ", "A", "0", "_"],
  benign: "the quick brown fox = jumps; ".repeat(36_000),
  adversarial: [
    ["ghp_ prefixes", "ghp_".repeat(25_000)],
    ["a long token body", `ghp_${"a1".repeat(50_000)}`],
    ["sk- prefixes", "sk-".repeat(33_000)],
    ["eyJ prefixes", "eyJ".repeat(33_000)],
    ["eyJ segments", "eyJa.".repeat(20_000)],
    ["BEGIN lines", "-----BEGIN RSA PRIVATE KEY-----\n".repeat(3_000)],
    ["scheme markers", "://".repeat(33_000)],
    ["userinfo", `https://${"a:".repeat(50_000)}@`],
    ["credential keys", "password=".repeat(11_000)],
    ["quoted values", `password="${"a".repeat(100_000)}`],
    ["secret keywords", "aws_secret ".repeat(9_000)],
    ["AccountKey prefixes", "AccountKey=".repeat(9_000)],
    ["service accounts", `service_account ${'"private_key": "'.repeat(6_000)}`],
    ["Bearer", "Bearer ".repeat(14_000)],
  ],
});
