/**
 * This project's own look-alike negatives: texts shaped like credentials that are not ones (issue 16's false
 * positives: encrypted private keys, `ENC(...)` values, values that say EXAMPLE/FAKE/dummy/xxx, placeholder JWTs
 * and keys; and the ids, digests and times tool output is full of). Written from the issue's list before any
 * detector ran on them. Built from pieces so that no vendor prefix is a literal here.
 */
import { randomString, seededRandom } from "../../src/shared/fake-credentials.js";
import type { EvalCase } from "./types.js";

const j = (...pieces: string[]): string => pieces.join("");
const B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
const HEX = "0123456789abcdef";

function pemBody(seed: number, lines = 6): string {
  return Array.from({ length: lines }, (_, i) => randomString(64, B64, seed + i)).join("\n");
}

function uuid(seed: number): string {
  const h = randomString(32, HEX, seed);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20)}`;
}

const PRIV = j("PRIV", "ATE KEY");

const TEXTS: [string, string][] = [
  [
    "pem-proc-type-encrypted",
    `-----BEGIN RSA ${PRIV}-----\nProc-Type: 4,ENCRYPTED\nDEK-Info: AES-128-CBC,${randomString(32, "0123456789ABCDEF", 3)}\n\n${pemBody(4)}\n-----END RSA ${PRIV}-----`,
  ],
  [
    "pem-encrypted-pkcs8",
    `-----BEGIN ENCRYPTED ${PRIV}-----\n${pemBody(11)}\n-----END ENCRYPTED ${PRIV}-----`,
  ],
  ["jasypt-enc-properties", `spring.datasource.password=ENC(${randomString(44, B64, 21)})`],
  ["jasypt-enc-yaml", `db:\n  password: ENC(${randomString(32, B64, 22)})\n  user: app`],
  ["password-example-word", `password = "${j("EXAMPLE", "Passw0rd", "123")}"`],
  ["api-key-fake", `API_KEY="${j("fake", "-", randomString(24, undefined, 23))}"`],
  ["token-dummy", `token: ${j("dummy", "_token_", randomString(12, undefined, 24))}`],
  ["secret-xxx", `client_secret = "${"x".repeat(32)}"`],
  ["github-placeholder-x", `GITHUB_TOKEN=${j("gh", "p_", "X".repeat(36))}`],
  ["github-your-token", `export GITHUB_TOKEN=${j("gh", "p_", "your", "_token_here")}`],
  ["stripe-xxx", `STRIPE_SECRET_KEY=${j("s", "k_live_", "xxxxxxxxxxxxxxxxxxxxxxxx")}`],
  ["openai-placeholder", `OPENAI_API_KEY=${j("s", "k-", "...")}`],
  ["openai-your-key", `OPENAI_API_KEY="${j("s", "k-", "your-openai-api-key")}"`],
  ["slack-placeholder", `SLACK_BOT_TOKEN=${j("xo", "xb-", "your-bot-token")}`],
  ["aws-doc-example", `aws_access_key_id = ${j("AK", "IA", "IOSFODNN7", "EXAMPLE")}`],
  ["jwt-placeholder-dots", `Authorization: Bearer ${j("eyJ", "hbGciOi", "...")}`],
  ["jwt-angle-placeholder", "Authorization: Bearer <your-jwt-token>"],
  ["jwt-template", "headers: { Authorization: `Bearer ${token}` }"],
  ["private-key-placeholder", `-----BEGIN ${PRIV}-----\n...\n-----END ${PRIV}-----`],
  ["private-key-your-key", `-----BEGIN RSA ${PRIV}-----\n<your private key here>\n-----END RSA ${PRIV}-----`],
  ["public-key", `-----BEGIN PUBLIC KEY-----\n${pemBody(31, 4)}\n-----END PUBLIC KEY-----`],
  ["certificate", `-----BEGIN CERTIFICATE-----\n${pemBody(41, 5)}\n-----END CERTIFICATE-----`],
  [
    "git-log",
    `commit ${randomString(40, HEX, 51)}\nAuthor: Dev <dev@example.org>\nDate: Mon Jan 5 00:00:00 2026\n\n    fix: token refresh`,
  ],
  ["uuid-request-id", `{"request_id": "${uuid(52)}", "status": "ok"}`],
  ["sha256-digest", `image: app@sha256:${randomString(64, HEX, 53)}`],
  ["npm-integrity", `"integrity": "sha512-${randomString(86, B64, 54)}=="`],
  ["password-env-reference", 'password = os.environ["DB_PASSWORD"]'],
  ["password-getter", 'val password: String = config.getString("db.password")'],
  ["password-template", "DB_PASSWORD=${DB_PASSWORD}"],
  ["password-masked", "password: ********"],
  ["password-prompt", "Please enter your password:"],
  ["token-type-bearer", '{"token_type": "Bearer", "expires_in": 3600}'],
  ["next-page-token", `{"nextPageToken": "${randomString(40, undefined, 55)}"}`],
  [
    "midnight-calendar",
    '{"title": "Standup", "start": "2026-03-01T00:00:00Z", "end": "2026-03-01T00:30:00Z"}',
  ],
  ["base64-image", `<img src="data:image/png;base64,${randomString(120, B64, 56)}">`],
  ["password-policy", "password_min_length=12\npassword_policy=strict"],
  ["password-changeme", "admin_password: changeme"],
  ["secret-redacted", 'secret_key: "[REDACTED]"'],
  ["api-key-env-var-name", "api_key: $API_KEY"],
  ["k8s-secret-ref", "valueFrom:\n  secretKeyRef:\n    name: db-secret\n    key: password"],
  ["curl-user-var", 'curl -u "$USER:$PASS" https://api.example.com'],
  ["define-password-macro-ref", "#define PASSWORD_MAX_LEN 64"],
  ["password-word-prose", "Your password must contain at least one number and one symbol."],
  ["korean-password-prose", "비밀번호를 잊으셨나요? 재설정 링크를 보내드립니다."],
  ["hash-in-url", `https://cdn.example.com/assets/app.${randomString(20, HEX, 57)}.js`],
  ["version-string", "node v20.11.1, npm 10.2.4, build 2026.03.01-00:00"],
];

function shuffled<T>(items: T[], seed: number): T[] {
  const next = seededRandom(seed);
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const k = Math.floor(next() * (i + 1));
    [out[i], out[k]] = [out[k]!, out[i]!];
  }
  return out;
}

export function ownLookalikes(): EvalCase[] {
  return shuffled(TEXTS, 16).map(([name, text]) => ({
    id: `own:${name}`,
    group: `own:${name}`,
    source: "own",
    vendor: "lookalike",
    label: "lookalike",
    text,
  }));
}
