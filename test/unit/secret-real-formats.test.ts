/**
 * Secrets in the formats real data uses (issue 9, item 6), through the real engine under the default policy:
 * vendor formats (Twilio, SendGrid, Hugging Face, Azure storage, Stripe webhook), values inside escaped JSON strings,
 * and look-alikes that are not secrets (placeholders, documentation example keys, low entropy).
 * Every credential is built at test time from pieces (src/shared/fake-credentials.ts).
 */
import { describe, expect, it } from "vitest";
import { LocalPolicyEngine } from "../../src/engine/local-engine.js";
import {
  fakeAzureAccountKey,
  fakeHuggingfaceToken,
  fakeSendgridKey,
  fakeStripeWebhookSecret,
  fakeTwilioApiKey,
  fakeTwilioAuthToken,
  randomString,
} from "../../src/shared/fake-credentials.js";

const engine = new LocalPolicyEngine({}, { worker: false });
const base = { connectorType: "acme.read", serverName: "acme", toolName: "read", callId: "c1", args: {} };
const j = (...pieces: string[]) => pieces.join("");

async function secretsIn(text: string): Promise<string[]> {
  const decision = await engine.checkOutput({ ...base, result: { content: [{ type: "text", text }] } });
  return decision.findings
    .filter((f) => f.kind === "secret" && f.start !== undefined)
    .map((f) => text.slice(f.start, f.end));
}

const VENDORS: [string, () => string][] = [
  ["Hugging Face", () => fakeHuggingfaceToken(3)],
  ["SendGrid", () => fakeSendgridKey(4)],
  ["Stripe webhook", () => fakeStripeWebhookSecret(5)],
  ["Twilio API key", () => fakeTwilioApiKey(6)],
];

describe("vendor formats, found on their own shape", () => {
  for (const [name, make] of VENDORS) {
    const token = make();
    it.each([
      ["prose", `the token is ${token} for now`],
      ["log line", `2026-01-01T10:00:00Z WARN worker-2 value=${token} rejected`],
      ["escaped JSON string", JSON.stringify({ text: `export CREDS="${token}"` })],
      ["code", `const client = new Client('${token}');`],
    ])(`${name} in %s`, async (_carrier, text) => {
      expect((await secretsIn(text)).some((s) => s.includes(token))).toBe(true);
    });
  }

  it("an Azure storage account key (88 base64 characters after AccountKey=)", async () => {
    const key = fakeAzureAccountKey(8);
    const text = `DefaultEndpointsProtocol=https;AccountName=acme;AccountKey=${key};EndpointSuffix=core.windows.net`;
    expect(await secretsIn(text)).toEqual([key]);
  });
});

describe("credentials named by their key, inside escaped JSON strings", () => {
  const token = fakeTwilioAuthToken(9);
  it.each([
    ["env export", `export TWILIO_AUTH_TOKEN="${token}"`],
    ["JSON in a string", `"twilio_auth_token": "${token}"`],
  ])("%s", async (_name, inner) => {
    const text = JSON.stringify({ review: { rating: 4, text: inner } }, null, 2);
    expect(await secretsIn(text)).toEqual([token]);
  });

  it("a GitHub-style `Authorization: token ...` header", async () => {
    const value = randomString(40, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/", 10);
    expect(await secretsIn(`curl -H "Authorization: token ${value}" https://api.example.com`)).toEqual([
      value,
    ]);
  });
});

describe("look-alikes stay unflagged", () => {
  const texts: [string, string][] = [
    ["vendor prefix + instruction", `client = Client(api_key="${j("hf", "_your_token_here")}")`],
    ["template in a Bearer header", j("Authorization: Bearer $", "{SENDGRID_API_KEY}")],
    [
      "AWS's published example secret key",
      `export AWS_SECRET_ACCESS_KEY="${j("wJalrXUtnFEMI/K7MDENG/bPxRfiCY", "EXAMPLEKEY")}"`,
    ],
    [
      "a sequential documentation key",
      `export GITHUB_TOKEN="${j("gh", "p_0123456789abcdefghijABCDEFGHIJ012345")}"`,
    ],
    ["repeated characters", `"${j("SG", ".")}${"x".repeat(22)}.${"x".repeat(43)}"`],
    ["dummy in the value", `api_key = "${j("sk_live_", "dummy", "DUMMYdummy1234567")}"`],
    ["placeholder of x", `"token": "${j("hf", "_")}${"x".repeat(34)}"`],
  ];
  it.each(texts)("%s", async (_name, text) => {
    expect(await secretsIn(text)).toEqual([]);
  });

  it("the jwt.io sample token", async () => {
    const header = Buffer.from(JSON.stringify({ alg: "HS256", typ: "JWT" })).toString("base64url");
    const payload = Buffer.from(
      JSON.stringify({ sub: "1234567890", name: "John Doe", iat: 1516239022 }),
    ).toString("base64url");
    const signature = j("SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV", "_adQssw5c");
    expect(await secretsIn(`export ACCESS_TOKEN="${header}.${payload}.${signature}"`)).toEqual([]);
  });
});

describe("identifiers whose format says they are public", () => {
  const hex = randomString(64, "0123456789abcdef", 12);
  it.each([
    ["a container digest", `Authorization: Bearer ${j("sha", "256:")}${hex}`],
    [
      "an npm integrity hash",
      `"token": "${j("sha", "512-")}${randomString(86, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/", 13)}=="`,
    ],
    ["a Stripe object id", `Authorization: Bearer ${j("su", "b_")}${randomString(24, undefined, 14)}`],
  ])("%s", async (_name, text) => {
    expect(await secretsIn(text)).toEqual([]);
  });

  it("but a bare hex or UUID value in an Authorization header is still a credential", async () => {
    const token = randomString(32, "0123456789abcdef", 15);
    expect(await secretsIn(`Authorization: Bearer ${token}`)).toEqual([token]);
  });

  it("the jwt.io sample inside an escaped header in a JSON string", async () => {
    const header = Buffer.from(JSON.stringify({ alg: "HS256", typ: "JWT" })).toString("base64url");
    const payload = Buffer.from(JSON.stringify({ sub: "1234567890" })).toString("base64url");
    const sample = `${header}.${payload}.${j("SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV", "_adQssw5c")}`;
    expect(await secretsIn(JSON.stringify({ text: `curl -H "Authorization: token ${sample}"` }))).toEqual([]);
  });
});

describe("where a secret hides in arguments", () => {
  const input = (args: Record<string, unknown>) =>
    engine.checkInput({
      connectorType: "acme.write",
      serverName: "acme",
      toolName: "write",
      callId: "c2",
      args: args as never,
    });
  const secretFindings = async (args: Record<string, unknown>) =>
    (await input(args)).findings.filter((f) => f.kind === "secret");

  it("inside an object key", async () => {
    expect(await secretFindings({ headers: { [fakeHuggingfaceToken(20)]: "1" } })).not.toEqual([]);
  });

  it("with an invisible character inside (zero-width space, soft hyphen)", async () => {
    const token = fakeSendgridKey(21);
    for (const invisible of ["\u200b", "\u00ad", "\u2060"]) {
      const hidden = `${token.slice(0, 30)}${invisible}${token.slice(30)}`;
      expect(await secretFindings({ note: `key ${hidden} here` }), JSON.stringify(invisible)).not.toEqual([]);
    }
  });
});
