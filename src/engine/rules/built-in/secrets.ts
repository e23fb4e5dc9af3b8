import {
  fakeAwsSecretKey,
  fakeGcpServiceAccountJson,
  fakeJwt,
  fakePassword,
  fakePrivateKeyBlock,
  fakeTwilioAuthToken,
  randomString,
} from "../../../shared/fake-credentials.js";
import { createAwsSecretKeyDetector } from "../../detectors/secrets/aws-secret-key.js";
import { createServiceCredentialDetector } from "../../detectors/secrets/credential-forms-2.js";
import { createCodeCredentialDetector } from "../../detectors/secrets/credential-forms-3.js";
import { createDiscordBotTokenDetector } from "../../detectors/secrets/discord-bot-token.js";
import { createGcpServiceAccountDetector } from "../../detectors/secrets/gcp-service-account.js";
import { createJwtDetector } from "../../detectors/secrets/jwt.js";
import { createKubernetesSecretDetector } from "../../detectors/secrets/kubernetes-secret.js";
import { createPrivateKeyDetector } from "../../detectors/secrets/private-key.js";
import { createProseCredentialDetector } from "../../detectors/secrets/prose-credential.js";
import { createUrlCredentialsDetector } from "../../detectors/secrets/url-credentials.js";
import { FAMILY_DEFAULTS } from "../family-defaults.js";
import type { RuleRecord } from "../rule-record.js";
import { detectTokens, TOKEN_RULES } from "./secret-tokens.js";
import { TOKEN_RULES_2 } from "./secret-tokens-2.js";
import { TOKEN_RULES_3 } from "./secret-tokens-3.js";

/*
 * Examples are functions: every credential is assembled at test time from pieces (src/shared/fake-credentials.ts,
 * and token-examples.ts for the vendor records), so no credential-shaped literal sits in the repository. Negative
 * examples are the near misses each detector must leave alone: placeholders, low entropy, a token glued into a
 * longer word.
 *
 * Vendor tokens are data (secret-tokens.ts), read by one detector that also runs the credential-by-name walk (the
 * generic credential record shares its factory); the records below are the shapes data cannot say: PEM blocks,
 * JWT headers, keys known by a neighbour, connection strings, URLs and sentences.
 */

const BASE64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/** A PuTTY key file, unencrypted, with random key lines (built at test time, never a real key). */
function fakePuttyKeyFile(): string {
  let seed = 40;
  const b64 = () => randomString(64, `${BASE64}`, seed++);
  return [
    j("PuTTY-User-", "Key-File-3: ssh-ed25519"),
    "Encryption: none",
    "Comment: example",
    "Public-Lines: 1",
    b64(),
    "Private-Lines: 2",
    b64(),
    b64(),
    `Private-MAC: ${randomString(64, "0123456789abcdef", seed)}`,
  ].join("\n");
}

const defaults = FAMILY_DEFAULTS.secrets;
const j = (...pieces: string[]): string => pieces.join("");

export const SECRET_RULES = [
  {
    id: "secret.private_key",
    kind: "secret",
    type: "private_key",
    family: "secrets",
    summary: "PEM private key blocks (RSA, EC, DSA, OpenSSH, PGP; not encrypted ones) and PuTTY key files",
    defaults,
    detector: createPrivateKeyDetector,
    keywords: ["-----BEGIN ", "PuTTY-User-Key-File-"],
    examples: {
      positive: [() => `key:\n${fakePrivateKeyBlock()}\n`, () => `key:\n${fakePuttyKeyFile()}\n`],
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
  ...TOKEN_RULES,
  ...TOKEN_RULES_2,
  ...TOKEN_RULES_3,
  {
    id: "secret.aws_secret_key",
    kind: "secret",
    type: "aws_secret_key",
    family: "secrets",
    summary: "AWS secret access keys (40 base64 characters near an AWS keyword or access key id)",
    defaults,
    detector: createAwsSecretKeyDetector,
    validator:
      "entropy >= 4 bits/char and mixed case and digits; near `aws_secret_access_key`, `secret access key` or an access key id",
    examples: {
      positive: [() => `aws_secret_access_key = ${fakeAwsSecretKey()}`],
      negative: [() => `checksum ${fakeAwsSecretKey()}`],
    },
  },
  {
    id: "secret.discord_bot_token",
    kind: "secret",
    type: "discord_bot_token",
    family: "secrets",
    summary: "Discord bot tokens (the bot id in base64, a 6-character timestamp and an HMAC, dot-separated)",
    defaults,
    detector: createDiscordBotTokenDetector,
    validator: "the shape: M/N/O and 23-25 characters, 6, 27-38; entropy >= 4",
    examples: {
      positive: [
        () =>
          `DISCORD_BOT=${j("MT", randomString(22, undefined, 61))}.${randomString(6, undefined, 62)}.${randomString(38, undefined, 63)}`,
      ],
      negative: [
        () =>
          `${j("MT", randomString(22, undefined, 61))}.${randomString(5, undefined, 62)}.${randomString(38, undefined, 63)}`,
        () =>
          `x${j("MT", randomString(22, undefined, 61))}.${randomString(6, undefined, 62)}.${randomString(38, undefined, 63)}`,
      ],
    },
  },
  {
    id: "secret.kubernetes_secret",
    kind: "secret",
    type: "kubernetes_secret",
    family: "secrets",
    summary: "the values of a Kubernetes Secret manifest (`kind: Secret`, under `data:` or `stringData:`)",
    defaults,
    detector: createKubernetesSecretDetector,
    keywords: ["Secret"],
    validator: "`data:` values are base64; placeholders are skipped",
    examples: {
      positive: [
        () =>
          `apiVersion: v1\nkind: Secret\nmetadata:\n  name: db\ntype: Opaque\ndata:\n  password: ${Buffer.from(fakePassword(64)).toString("base64")}\n`,
        () => `kind: Secret\nstringData:\n  token: ${randomString(32, undefined, 65)}\n`,
      ],
      negative: [
        "apiVersion: v1\nkind: ConfigMap\ndata:\n  mode: production\n",
        "kind: Secret\nmetadata:\n  name: db\ndata: {}\n",
        "kind: Secret\ndata:\n  password: <base64-encoded-password>\n",
      ],
    },
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
    id: "secret.service_credential",
    kind: "secret",
    type: "service_credential",
    family: "secrets",
    summary:
      "values under a service's key word alone (`acme_key = ...`, `ACME SECRET ...`, `acmeKEY=...`) and `.netrc` passwords",
    defaults,
    detector: createServiceCredentialDetector,
    validator:
      "16+ characters of letters and digits, both, entropy >= 3.4; the word before the key word is not a non-secret key's (`cache`, `primary`, `public`, `csrf`...); not a placeholder, path or reference",
    examples: {
      positive: [
        () => `acme_key = "${randomString(32, undefined, 61)}"`,
        () => `ACME SECRET ${randomString(40, undefined, 62)}`,
        () => `acmeKEY=${randomString(36, undefined, 63)}`,
        () => `machine api.acme.io\n  login deploy\n  password ${fakePassword(64)}`,
      ],
      negative: [
        () => `cache_key = "${randomString(32, undefined, 65)}"`,
        "acme_key = keys/prod/acme.pem",
        "acme_key = ACME_KEY_VALUE",
        "machine api.acme.io login deploy password changeme",
        "the key to this is unclear",
      ],
    },
  },
  {
    id: "secret.code_credential",
    kind: "secret",
    type: "code_credential",
    family: "secrets",
    summary:
      "credentials in code, command-line, SQL and markup syntax: `define('DB_PASSWORD', ...)`, `CURLOPT_USERPWD`, `IDENTIFIED BY`, `ConvertTo-SecureString`, `Authorization: NTLM`, `&quot;`-quoted values, private JWK members, `PSWD=`",
    defaults,
    detector: createCodeCredentialDetector,
    validator:
      "the value passes the credential-by-name walk's test for its kind (password: 6+ characters of two classes; token: 16+ characters, entropy >= 3) and is not a placeholder, reference, hash or path",
    examples: {
      positive: [
        () => `define( 'DB_PASSWORD' , '${fakePassword(71)}' );`,
        () => `curl_easy_setopt(curl, CURLOPT_USERPWD, "deploy:${fakePassword(72)}");`,
        () => `ALTER USER app IDENTIFIED BY ${randomString(14, undefined, 73)};`,
        () => `$p = ConvertTo-SecureString -AsPlainText -Force ${fakePassword(74)}`,
        () => `X3_PSWD=${fakePassword(75)}`,
        () => `{"kty": "oct", "k": "${randomString(43, undefined, 76)}"}`,
      ],
      negative: [
        "define('DB_PASSWORD', getenv('DB_PASSWORD'));",
        'curl_easy_setopt(curl, CURLOPT_USERPWD, "$USER:$PASSWORD");',
        "ALTER USER app IDENTIFIED BY :password;",
        "$p = ConvertTo-SecureString -String $env:PASSWORD -AsPlainText -Force",
        '{"kty": "RSA", "n": "AQAB", "e": "AQAB"}',
      ],
    },
  },
  {
    id: "secret.generic_credential",
    kind: "secret",
    type: "generic_credential",
    family: "secrets",
    summary: 'values assigned to a credential-named key (`password=`, `"api_key":`, `Authorization: Bearer`)',
    defaults,
    detector: detectTokens,
    validator:
      "password-like: 6+ characters of two classes; token-like: 16+ characters, entropy >= 3; not a placeholder (`changeme`, `$VAR`, `<password>`, `****`)",
    examples: {
      positive: [
        () => `db_password=${fakePassword()}`,
        () => `"api_key": "${randomString(32)}"`,
        // A 32-hex token named by its key, inside an escaped JSON string (a Twilio one is the twilio_key record's).
        () => JSON.stringify({ text: `export SERVICE_AUTH_TOKEN="${fakeTwilioAuthToken()}"` }),
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
      "no spaces; password: 8+ characters of three classes; key/token: 12+ characters with a digit or both cases, entropy >= 3; not a placeholder (`<your-key>`, `xxxx`, `EXAMPLE`, keyboard runs) or a word (`is correct`)",
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
