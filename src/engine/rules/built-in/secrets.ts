import {
  fakeAnthropicKey,
  fakeAwsAccessKey,
  fakeAwsSecretKey,
  fakeAzureConnectionString,
  fakeGcpApiKey,
  fakeGcpServiceAccountJson,
  fakeGithubFineGrainedToken,
  fakeGithubToken,
  fakeGitlabToken,
  fakeHuggingfaceToken,
  fakeJwt,
  fakeNpmToken,
  fakeOpenaiKey,
  fakePassword,
  fakePrivateKeyBlock,
  fakeSendgridKey,
  fakeSlackBotToken,
  fakeSlackWebhook,
  fakeStripeKey,
  fakeStripeWebhookSecret,
  fakeTwilioApiKey,
  fakeTwilioAuthToken,
  randomString,
} from "../../../shared/fake-credentials.js";
import { createAnthropicKeyDetector } from "../../detectors/secrets/anthropic-key.js";
import { createAwsAccessKeyDetector } from "../../detectors/secrets/aws-access-key.js";
import { createAwsSecretKeyDetector } from "../../detectors/secrets/aws-secret-key.js";
import { createAzureStorageKeyDetector } from "../../detectors/secrets/azure-storage-key.js";
import { createGcpApiKeyDetector } from "../../detectors/secrets/gcp-api-key.js";
import { createGcpServiceAccountDetector } from "../../detectors/secrets/gcp-service-account.js";
import { createGenericCredentialDetector } from "../../detectors/secrets/generic-credential.js";
import { createGithubTokenDetector } from "../../detectors/secrets/github-token.js";
import { createGitlabTokenDetector } from "../../detectors/secrets/gitlab-token.js";
import { createHuggingfaceTokenDetector } from "../../detectors/secrets/huggingface-token.js";
import { createJwtDetector } from "../../detectors/secrets/jwt.js";
import { createNpmTokenDetector } from "../../detectors/secrets/npm-token.js";
import { createOpenaiKeyDetector } from "../../detectors/secrets/openai-key.js";
import { createPrivateKeyDetector } from "../../detectors/secrets/private-key.js";
import { createProseCredentialDetector } from "../../detectors/secrets/prose-credential.js";
import { createSendgridKeyDetector } from "../../detectors/secrets/sendgrid-key.js";
import { createSlackTokenDetector } from "../../detectors/secrets/slack-token.js";
import { createStripeKeyDetector } from "../../detectors/secrets/stripe-key.js";
import { createTwilioKeyDetector } from "../../detectors/secrets/twilio-key.js";
import { createUrlCredentialsDetector } from "../../detectors/secrets/url-credentials.js";
import { FAMILY_DEFAULTS } from "../family-defaults.js";
import type { RuleRecord } from "../rule-record.js";

/*
 * Examples are functions: every credential is assembled at test time from pieces (src/shared/fake-credentials.ts),
 * so no credential-shaped literal sits in the repository. Negative examples are the near misses each detector
 * must leave alone: placeholders, low entropy, a token glued into a longer word.
 */

const defaults = FAMILY_DEFAULTS.secrets;
const j = (...pieces: string[]): string => pieces.join("");

export const SECRET_RULES = [
  {
    id: "secret.private_key",
    kind: "secret",
    type: "private_key",
    family: "secrets",
    summary: "PEM private key blocks (RSA, EC, DSA, OpenSSH, encrypted, PGP)",
    defaults,
    detector: createPrivateKeyDetector,
    keywords: ["-----BEGIN "],
    examples: {
      positive: [() => `key:\n${fakePrivateKeyBlock()}\n`],
      negative: [j("-----BEGIN ", "PUBLIC KEY-----\nabc\n-----END PUBLIC KEY-----")],
    },
  },
  {
    id: "secret.jwt",
    kind: "secret",
    type: "jwt",
    family: "secrets",
    summary: "JSON Web Tokens (three base64url parts, a JSON header)",
    defaults,
    detector: createJwtDetector,
    keywords: ["eyJ"],
    validator: "the header decodes to JSON with `alg`",
    examples: { positive: [() => `Authorization: ${fakeJwt()}`], negative: ["eyJhbGciOi is cut short"] },
  },
  {
    id: "secret.aws_access_key",
    kind: "secret",
    type: "aws_access_key",
    family: "secrets",
    summary: "AWS access key ids (`AKIA`, `ASIA`... and 16 base32 characters)",
    defaults,
    detector: createAwsAccessKeyDetector,
    keywords: [
      "AKIA",
      "ASIA",
      "ABIA",
      "ACCA",
      "AGPA",
      "AIDA",
      "AIPA",
      "ANPA",
      "ANVA",
      "AROA",
      "APKA",
      "ASCA",
    ],
    examples: {
      positive: [() => `id=${fakeAwsAccessKey()}`],
      negative: [() => j("AK", "IA", "AAAAAAAAAAAAAAAA")],
    },
  },
  {
    id: "secret.aws_secret_key",
    kind: "secret",
    type: "aws_secret_key",
    family: "secrets",
    summary: "AWS secret access keys (40 base64 characters near an AWS keyword or access key id)",
    defaults,
    detector: createAwsSecretKeyDetector,
    validator: "entropy >= 4 bits/char and mixed case and digits",
    context: { raise: ["aws_secret_access_key", "secret access key", "an access key id nearby"] },
    examples: {
      positive: [() => `aws_secret_access_key = ${fakeAwsSecretKey()}`],
      negative: [() => `checksum ${fakeAwsSecretKey()}`],
    },
  },
  {
    id: "secret.gcp_api_key",
    kind: "secret",
    type: "gcp_api_key",
    family: "secrets",
    summary: "Google API keys (`AIza` and 35 characters)",
    defaults,
    detector: createGcpApiKeyDetector,
    keywords: ["AIza"],
    examples: { positive: [() => `key=${fakeGcpApiKey()}`], negative: ["AIza is a prefix"] },
  },
  {
    id: "secret.gcp_service_account",
    kind: "secret",
    type: "gcp_service_account",
    family: "secrets",
    summary: "the private key of a Google service-account JSON file",
    defaults,
    detector: createGcpServiceAccountDetector,
    keywords: ["service_account"],
    examples: {
      positive: [() => fakeGcpServiceAccountJson().text],
      negative: ['{"type": "service_account", "project_id": "demo"}'],
    },
  },
  {
    id: "secret.azure_storage_key",
    kind: "secret",
    type: "azure_storage_key",
    family: "secrets",
    summary: "Azure storage account keys in connection strings (`AccountKey=`, `SharedAccessKey=`)",
    defaults,
    detector: createAzureStorageKeyDetector,
    keywords: ["AccountKey=", "SharedAccessKey="],
    examples: {
      positive: [() => fakeAzureConnectionString().text],
      negative: [j("Account", "Key=", "<your key>")],
    },
  },
  {
    id: "secret.github_token",
    kind: "secret",
    type: "github_token",
    family: "secrets",
    summary: "GitHub tokens (`ghp_`, `gho_`, `ghu_`, `ghs_`, `ghr_`, fine-grained `github_pat_`)",
    defaults,
    detector: createGithubTokenDetector,
    keywords: ["ghp_", "gho_", "ghu_", "ghs_", "ghr_", "github_pat_"],
    validator: "entropy >= 3 bits/char",
    examples: {
      positive: [() => `token ${fakeGithubToken()}`, () => fakeGithubFineGrainedToken()],
      negative: [() => j("gh", "p_", "X".repeat(36)), () => `x${fakeGithubToken()}`],
    },
  },
  {
    id: "secret.gitlab_token",
    kind: "secret",
    type: "gitlab_token",
    family: "secrets",
    summary: "GitLab tokens (`glpat-`, `gldt-`, `glrt-`...)",
    defaults,
    detector: createGitlabTokenDetector,
    keywords: ["glpat-", "gldt-", "glrt-", "glptt-", "glft-", "gloas-", "glcbt-"],
    examples: { positive: [() => `GITLAB=${fakeGitlabToken()}`], negative: [() => j("gl", "pat-", "short")] },
  },
  {
    id: "secret.slack_token",
    kind: "secret",
    type: "slack_token",
    family: "secrets",
    summary: "Slack tokens (`xoxb-`, `xoxp-`, `xapp-`...) and webhook URLs",
    defaults,
    detector: createSlackTokenDetector,
    keywords: ["xoxa-", "xoxb-", "xoxp-", "xoxo-", "xoxs-", "xoxr-", "xoxe-", "xapp-", "hooks.slack.com/"],
    examples: {
      positive: [() => fakeSlackBotToken(), () => fakeSlackWebhook().url],
      negative: [() => j("xo", "xb-", "not-a-token")],
    },
  },
  {
    id: "secret.stripe_key",
    kind: "secret",
    type: "stripe_key",
    family: "secrets",
    summary:
      "Stripe secret and restricted keys (`sk_live_`, `rk_test_`...) and webhook signing secrets (`whsec_`)",
    defaults,
    detector: createStripeKeyDetector,
    keywords: ["sk_live_", "sk_test_", "rk_live_", "rk_test_", "whsec_"],
    examples: {
      positive: [
        () => `STRIPE=${fakeStripeKey()}`,
        () => fakeStripeKey("test"),
        () => `2026-01-01T10:00:00Z WARN value=${fakeStripeWebhookSecret()}`,
      ],
      negative: [
        () => j("s", "k_live_", "x"),
        () => j("s", "k_live_", "dummyDUMMYdummy1234567"),
        () => j("wh", "sec_", "your_webhook_signing_secret"),
      ],
    },
  },
  {
    id: "secret.huggingface_token",
    kind: "secret",
    type: "huggingface_token",
    family: "secrets",
    summary: "Hugging Face access tokens (`hf_`)",
    defaults,
    detector: createHuggingfaceTokenDetector,
    keywords: ["hf_"],
    validator: "entropy >= 3 bits/char, not a placeholder",
    examples: {
      positive: [
        () => `export HF_TOKEN="${fakeHuggingfaceToken()}"`,
        () => `token=${fakeHuggingfaceToken(7)}`,
      ],
      negative: [() => j("h", "f_your_token_here"), () => j("h", "f_", "x".repeat(34))],
    },
  },
  {
    id: "secret.sendgrid_key",
    kind: "secret",
    type: "sendgrid_key",
    family: "secrets",
    summary: "SendGrid API keys (`SG.` + key id + `.` + secret)",
    defaults,
    detector: createSendgridKeyDetector,
    keywords: ["SG."],
    examples: {
      positive: [() => `SENDGRID_API_KEY=${fakeSendgridKey()}`, () => `value=${fakeSendgridKey(9)} rejected`],
      negative: [() => j("S", "G.", "x".repeat(22), ".", "x".repeat(43)), "SG.1 is a section number"],
    },
  },
  {
    id: "secret.twilio_key",
    kind: "secret",
    type: "twilio_key",
    family: "secrets",
    summary: "Twilio API key SIDs (`SK` + 32 hex); auth tokens are found by name (generic credential)",
    defaults,
    detector: createTwilioKeyDetector,
    keywords: ["SK"],
    examples: {
      positive: [() => `TWILIO_API_KEY=${fakeTwilioApiKey()}`, () => `key ${fakeTwilioApiKey(5)} rotated`],
      negative: [() => j("S", "K", "0".repeat(32)), () => `SKU${fakeTwilioApiKey().slice(2)}`],
    },
  },
  {
    id: "secret.openai_key",
    kind: "secret",
    type: "openai_key",
    family: "secrets",
    summary: "OpenAI API keys (`sk-`, `sk-proj-`)",
    defaults,
    detector: createOpenaiKeyDetector,
    keywords: ["sk-"],
    examples: { positive: [() => `OPENAI_API_KEY=${fakeOpenaiKey()}`], negative: ["sk-learn is a library"] },
  },
  {
    id: "secret.anthropic_key",
    kind: "secret",
    type: "anthropic_key",
    family: "secrets",
    summary: "Anthropic API keys (`sk-ant-`)",
    defaults,
    detector: createAnthropicKeyDetector,
    keywords: ["sk-ant-"],
    examples: {
      positive: [() => `key ${fakeAnthropicKey()}`],
      negative: [() => j("s", "k-", "ant-", "short")],
    },
  },
  {
    id: "secret.npm_token",
    kind: "secret",
    type: "npm_token",
    family: "secrets",
    summary: "npm access tokens (`npm_` and 36 characters)",
    defaults,
    detector: createNpmTokenDetector,
    keywords: ["npm_"],
    examples: {
      positive: [() => `//registry:_authToken=${fakeNpmToken()}`],
      negative: ["npm_config_cache=/tmp"],
    },
  },
  {
    id: "secret.url_credentials",
    kind: "secret",
    type: "url_credentials",
    family: "secrets",
    summary: "passwords in URLs (`scheme://user:password@host`)",
    defaults,
    detector: createUrlCredentialsDetector,
    keywords: ["://"],
    examples: {
      positive: [() => `postgres://app:${fakePassword()}@db.internal:5432/app`],
      negative: ["https://user@example.com/", "postgres://app:<password>@db/app"],
    },
  },
  {
    id: "secret.generic_credential",
    kind: "secret",
    type: "generic_credential",
    family: "secrets",
    summary: 'values assigned to a credential-named key (`password=`, `"api_key":`, `Authorization: Bearer`)',
    defaults,
    detector: createGenericCredentialDetector,
    validator: "password-like: 6+ characters of two classes; token-like: 16+ characters, entropy >= 3",
    context: { lower: ["placeholders: `changeme`, `$VAR`, `<password>`, `****`"] },
    examples: {
      positive: [
        () => `db_password=${fakePassword()}`,
        () => `"api_key": "${randomString(32)}"`,
        // A Twilio auth token (32 hex) named by its key, inside an escaped JSON string.
        () => JSON.stringify({ text: `export TWILIO_AUTH_TOKEN="${fakeTwilioAuthToken()}"` }),
        () => `curl -H "Authorization: token ${randomString(40)}"`,
      ],
      negative: [
        "password=changeme",
        "password_policy=strict",
        'token: "$TOKEN"',
        j("Authorization: Bearer $", "{SENDGRID_API_KEY}"),
        'api_key = "your_api_key_here"',
        "the token value is not shown",
      ],
    },
  },
  {
    id: "secret.prose_credential",
    kind: "secret",
    type: "prose_credential",
    family: "secrets",
    summary:
      'secrets named only in a sentence ("the password is ...", "my API key: ...", "la contraseña es ...", "密码是...")',
    defaults,
    detector: createProseCredentialDetector,
    validator:
      "no spaces; password: 8+ characters of three classes; key/token: 12+ characters with a digit or both cases, entropy >= 3; not a placeholder or documentation example",
    context: {
      lower: ["placeholders: `<your-key>`, `xxxx`, `EXAMPLE`, keyboard runs; words (`is correct`)"],
    },
    examples: {
      positive: [
        () => `Sure, the Wi-Fi password is ${fakePassword(40)} until Friday.`,
        () =>
          `Here's the API key you asked for: ${randomString(32, undefined, 41)} (rotate it after the demo)`,
        () => `Mi clave de API es ${randomString(28, undefined, 42)}.`,
        () => `Das Passwort lautet ${fakePassword(43)}`,
        () => `密码是${fakePassword(44)}`,
        // A Twilio auth token (32 hex), named only by the sentence.
        () => `the auth token is ${fakeTwilioAuthToken(45)}`,
      ],
      negative: [
        "the password is correct, you can log in now",
        "The key is to keep the cache warm.",
        "API key: see the dashboard under Settings.",
        "my API key: <your-api-key>",
        "the token is xxxxxxxxxxxxxxxxxxxx",
        j("the secret key is AKIAIOSFODNN7", "EXAMPLE"),
        "the password is 0123456789abcdef!",
        "SSH key fingerprint: SHA256:2f1a9c0b7d3e4f5a6b7c8d9e0f1a2b3c",
        "key: keys.private_key",
      ],
    },
  },
] as const satisfies readonly RuleRecord[];
