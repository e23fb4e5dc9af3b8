/**
 * This project's second set of look-alike negatives (session 8), written by class before any detector change of that
 * session ran on them, so the false-positive rate is measured on more than the 40 look-alikes of the first frozen
 * part. Classes: encrypted keys and values (`Proc-Type: 4,ENCRYPTED`, PKCS#8 `ENCRYPTED PRIVATE KEY`, `ENC(...)`,
 * `{cipher}`, SOPS, Ansible Vault), values that say EXAMPLE/FAKE/placeholder, placeholder JWTs and keys, masked and
 * truncated display values, references to a secret (environment, vault, secret managers, templates, CI
 * expressions), and the hashes, UUIDs, trace ids and digests tool output carries under names that do not call them
 * a credential. Built from pieces so that no vendor prefix is a literal here.
 *
 * Split like the first set (sha256 of the case's name, first byte below 128: frozen); the frozen half's hash is
 * recorded in frozen-own-v2.json and checked by integrity.ts.
 */
import { randomString } from "../../src/shared/fake-credentials.js";
import type { EvalCase } from "./types.js";

const j = (...pieces: string[]): string => pieces.join("");
const B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
const HEX = "0123456789abcdef";
const HEXU = "0123456789ABCDEF";
const PRIV = j("PRIV", "ATE KEY");

const hex = (n: number, seed: number) => randomString(n, HEX, seed);
const b64 = (n: number, seed: number) => randomString(n, B64, seed);
function uuid(seed: number): string {
  const h = hex(32, seed);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20)}`;
}
const pemLines = (seed: number, lines: number) =>
  Array.from({ length: lines }, (_, i) => b64(64, seed + i)).join("\n");

const TEXTS: [string, string][] = [
  // --- encrypted keys and values: useless without another key ------------------------------------------------
  [
    "pem-proc-type-dsa",
    `-----BEGIN DSA ${PRIV}-----\nProc-Type: 4,ENCRYPTED\nDEK-Info: DES-EDE3-CBC,${randomString(16, HEXU, 101)}\n\n${pemLines(102, 8)}\n-----END DSA ${PRIV}-----\n`,
  ],
  [
    "pem-proc-type-ec-json",
    JSON.stringify({
      key: `-----BEGIN EC ${PRIV}-----\nProc-Type: 4,ENCRYPTED\nDEK-Info: AES-256-CBC,${randomString(32, HEXU, 111)}\n\n${pemLines(112, 3)}\n-----END EC ${PRIV}-----`,
    }),
  ],
  [
    "pem-pkcs8-encrypted-yaml",
    `tls:\n  key: |\n    -----BEGIN ENCRYPTED ${PRIV}-----\n    ${pemLines(121, 6).replace(/\n/g, "\n    ")}\n    -----END ENCRYPTED ${PRIV}-----\n`,
  ],
  [
    "pem-pkcs8-encrypted-escaped",
    `"ssl_key": "-----BEGIN ENCRYPTED ${PRIV}-----\\n${pemLines(131, 5).replace(/\n/g, "\\n")}\\n-----END ENCRYPTED ${PRIV}-----\\n"`,
  ],
  ["jasypt-env", `DB_PASSWORD=ENC(${b64(64, 141)})`],
  ["jasypt-xml", `<property name="password">ENC(${b64(48, 142)})</property>`],
  ["spring-cipher", `spring:\n  datasource:\n    password: '{cipher}${hex(96, 143)}'`],
  [
    "sops-yaml",
    `api_token: ENC[AES256_GCM,data:${b64(40, 144)},iv:${b64(44, 145)},tag:${b64(24, 146)}==,type:str]`,
  ],
  [
    "ansible-vault",
    `db_password: !vault |\n  $ANSIBLE_VAULT;1.1;AES256\n  ${hex(80, 147)}\n  ${hex(80, 148)}\n  ${hex(40, 149)}`,
  ],
  ["kms-ciphertext", `"encrypted_secret": "AQICAHh${b64(120, 150)}=="`],
  // --- values that say what they are: examples, fakes, placeholders -------------------------------------------
  ["example-token-json", `{"access_token": "${j("EXAMPLE", "_", randomString(24, undefined, 151))}"}`],
  ["fake-password-yaml", `password: ${j("fake", "-password-", randomString(8, undefined, 152))}`],
  ["sample-secret-env", `CLIENT_SECRET=${j("sample", "Secret", randomString(12, undefined, 153))}`],
  ["dummy-api-key-py", `api_key = "${j("dummy", "-", randomString(20, undefined, 154))}"`],
  ["placeholder-replace-me", 'SECRET_KEY = "REPLACE_ME"'],
  ["placeholder-angle", 'token: "<paste-your-token-here>"'],
  ["placeholder-your-password", `DB_PASSWORD="your-db-password"`],
  ["placeholder-xxx-dashes", 'api_key: "xxxx-xxxx-xxxx-xxxx"'],
  ["placeholder-stars", 'client_secret: "****************"'],
  ["placeholder-todo", "password = TODO"],
  ["placeholder-github-your", `token: ${j("gh", "p_", "YOUR_GITHUB_TOKEN")}`],
  [
    "placeholder-slack-xxx",
    `webhook: https://${j("hooks.", "slack", ".com")}/services/TXXXXXXXX/BXXXXXXXX/XXXXXXXXXXXXXXXXXXXXXXXX`,
  ],
  ["placeholder-stripe-example", `STRIPE_KEY=${j("s", "k_test_", "EXAMPLE", "key1234567890")}`],
  ["placeholder-openai-ellipsis", `export OPENAI_API_KEY="${j("s", "k-", "proj-", "...")}"`],
  [
    "placeholder-aws-secret-example",
    `aws_secret_access_key = ${j("wJalrXUtnFEMI", "/K7MDENG/bPxRfiCY", "EXAMPLEKEY")}`,
  ],
  // --- placeholder JWTs and keys --------------------------------------------------------------------------------
  ["jwt-xyz", "Authorization: Bearer xxxxx.yyyyy.zzzzz"],
  ["jwt-header-payload-signature", "token: header.payload.signature"],
  ["jwt-truncated", `Authorization: Bearer ${j("eyJ", "hbGciOiJSUzI1NiJ9")}...`],
  ["jwt-angle", 'curl -H "Authorization: Bearer <JWT>" https://api.example.com/v1/me'],
  ["jwt-env", 'curl -H "Authorization: Bearer $ACCESS_TOKEN" https://api.example.com/v1/me'],
  [
    "private-key-miie-ellipsis",
    `-----BEGIN ${PRIV}-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC...\n-----END ${PRIV}-----`,
  ],
  ["private-key-bracket", `-----BEGIN OPENSSH ${PRIV}-----\n[your key here]\n-----END OPENSSH ${PRIV}-----`],
  ["private-key-redacted", `private_key: "-----BEGIN ${PRIV}-----\\n<redacted>\\n-----END ${PRIV}-----"`],
  ["private-key-path", "ssh -i ~/.ssh/id_ed25519 deploy@host"],
  ["public-ssh-key", `authorized_key: ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI${b64(43, 155)} dev@laptop`],
  // --- masked and truncated display values ----------------------------------------------------------------------
  ["masked-github", `Token: ${j("gh", "p_")}${"*".repeat(32)}${randomString(4, undefined, 156)}`],
  ["masked-openai", `API key: ${j("s", "k-")}...${randomString(4, undefined, 157)}`],
  [
    "masked-aws",
    `Access key: ${j("AK", "IA")}************${randomString(4, "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567", 158)}`,
  ],
  ["masked-password-json", '{"password": "••••••••"}'],
  ["masked-hash-marks", "password: ########"],
  // --- references to a secret: where it lives, not what it is ------------------------------------------------------
  ["ref-gha-expression", "env:\n  API_TOKEN: ${{ secrets.API_TOKEN }}"],
  ["ref-helm", "password: {{ .Values.postgresql.password | quote }}"],
  ["ref-python-format", 'dsn = "postgres://%(user)s:%(password)s@%(host)s/db"'],
  ["ref-env-colon", 'apiKey: "${env:OPENAI_API_KEY}"'],
  ["ref-process-env", "const apiKey = process.env.OPENAI_API_KEY ?? '';"],
  ["ref-getenv", 'password = os.getenv("DB_PASSWORD", "")'],
  ["ref-java-getenv", 'String secret = System.getenv("CLIENT_SECRET");'],
  ["ref-ruby-env", "token = ENV.fetch('GITHUB_TOKEN')"],
  ["ref-erb", "password: <%= ENV['DB_PASSWORD'] %>"],
  ["ref-vault-path", 'secret: "vault:secret/data/prod/db#password"'],
  [
    "ref-aws-secret-arn",
    `"secretArn": "arn:aws:secretsmanager:us-east-1:123456789012:secret:prod/db-${randomString(6, undefined, 159)}"`,
  ],
  ["ref-1password", 'DB_PASSWORD="op://Engineering/Postgres/password"'],
  ["ref-cfn-resolve", "MasterUserPassword: '{{resolve:secretsmanager:prod-db:SecretString:password}}'"],
  ["ref-cfn-ref", "MasterUserPassword: !Ref DbPassword"],
  [
    "ref-k8s-secretref",
    "- name: API_TOKEN\n  valueFrom:\n    secretKeyRef:\n      name: api\n      key: token",
  ],
  ["ref-docker-secret-file", "POSTGRES_PASSWORD_FILE=/run/secrets/postgres_password"],
  ["ref-shell-subst", "export TOKEN=$(gh auth token)"],
  ["ref-shell-cat", 'PASSWORD="$(cat /run/secrets/db)"'],
  ["ref-password-stdin", 'echo "$CR_PAT" | docker login ghcr.io -u bot --password-stdin'],
  ["ref-getpass", "password = getpass.getpass(prompt='Password: ')"],
  ["ref-function-param", "def login(username: str, password: str) -> Session:"],
  ["ref-compare-vars", "if password != confirm_password:\n    raise ValueError('mismatch')"],
  ["ref-keychain", 'let token = try keychain.get("api_token")'],
  ["ref-terraform-var", "password = var.db_password"],
  ["ref-terraform-random", "password = random_password.db.result"],
  [
    "ref-azure-keyvault",
    "@Microsoft.KeyVault(SecretUri=https://myvault.vault.azure.net/secrets/DbPassword/)",
  ],
  ["ref-mysql-pwd-env", 'mysql -u root -p"$MYSQL_ROOT_PASSWORD" app'],
  // --- ids, hashes and digests under names that do not call them a credential -----------------------------------
  ["trace-id", `{"trace_id": "${hex(32, 160)}", "span_id": "${hex(16, 161)}"}`],
  ["traceparent", `traceparent: 00-${hex(32, 162)}-${hex(16, 163)}-01`],
  ["correlation-id", `X-Correlation-ID: ${uuid(164)}`],
  ["idempotency-key", `Idempotency-Key: ${uuid(165)}`],
  ["etag", `ETag: "${hex(32, 166)}"`],
  ["git-sha-json", `{"sha": "${hex(40, 167)}", "ref": "refs/heads/main"}`],
  ["docker-digest", `"Digest": "sha256:${hex(64, 168)}"`],
  ["checksum-file", `${hex(64, 169)}  app-v1.2.3-linux-amd64.tar.gz`],
  ["content-md5", `Content-MD5: ${b64(22, 170)}==`],
  ["kid", `{"alg": "RS256", "kid": "${hex(40, 171)}", "use": "sig"}`],
  ["key-id", `"key_id": "${uuid(172)}"`],
  ["fingerprint", `Key fingerprint: SHA256:${b64(43, 173)}`],
  ["cache-key", `cache_key: node-modules-${hex(64, 174)}`],
  ["object-key", `"object_key": "uploads/${uuid(175)}/report.pdf"`],
  ["nonce", `<script nonce="${b64(24, 176)}">`],
  ["session-replay-id", `"replay_id": "${hex(32, 177)}"`],
  ["build-id", `Build ID: ${hex(40, 178)}`],
  ["heroku-app-id", `HEROKU_APP_ID=${uuid(179)}`],
  ["snyk-org-id", `SNYK_ORG_ID=${uuid(180)}`],
  ["sentry-release", `SENTRY_RELEASE=${hex(40, 181)}`],
  [
    "datadog-trace-id",
    `dd.trace_id=${randomString(19, "0123456789", 182)} dd.span_id=${randomString(19, "0123456789", 183)}`,
  ],
  ["twilio-account-sid", `"account_sid": "AC${hex(32, 184)}"`],
  ["stripe-publishable", `STRIPE_PUBLISHABLE_KEY=${j("p", "k_live_")}${randomString(24, undefined, 185)}`],
  ["stripe-customer", `{"customer": "cus_${randomString(14, undefined, 186)}"}`],
  ["token-count", '{"usage": {"prompt_tokens": 1234, "completion_tokens": 567, "total_tokens": 1801}}'],
  ["max-tokens", "max_tokens=4096 temperature=0.2"],
  ["tokenizer", 'tokenizer: "cl100k_base"'],
  ["password-metadata", '{"password_last_changed": "2026-03-01T00:00:00Z", "password_expires_in_days": 90}'],
  ["secret-name", 'secret_name: "prod/payments/db"'],
  ["token-endpoint", "token_endpoint: https://login.example.com/oauth2/v2.0/token"],
  ["key-file-path", 'ssl_key_file = "/etc/ssl/private/server.key"'],
  ["api-version", 'api_version: "2024-10-21"'],
  ["password-policy-regex", 'password_pattern: "^(?=.*[A-Z])(?=.*\\\\d).{12,}$"'],
  // --- prose about credentials, with no credential in it ------------------------------------------------------------
  ["prose-rotate", "Remember to rotate your API key every 90 days and never commit it to git."],
  ["prose-token-limit", "Error: token limit exceeded (128000 tokens). Shorten the prompt and retry."],
  ["prose-secret-bread", "The secret to good bread is patience and a hot oven."],
  ["prose-password-rules", "Passwords must be at least 12 characters long and include a digit."],
  ["prose-chinese", "密码错误，请重新输入。忘记密码？请联系管理员。"],
  ["prose-japanese", "パスワードを忘れた場合は、管理者に連絡してください。"],
  ["prose-russian", "Пароль должен содержать не менее 12 символов."],
  ["prose-spanish", "La contraseña debe tener al menos doce caracteres."],
  ["prose-reset-link", "Click the link below to reset your password. The link expires in 30 minutes."],
  ["prose-key-finding", "Key finding: latency dropped 40% after the cache change."],
];

export function ownLookalikesV2(): EvalCase[] {
  return TEXTS.map(([name, text]) => ({
    id: `own2:${name}`,
    group: `own2:${name}`,
    source: "own",
    vendor: "lookalike-v2",
    label: "lookalike",
    text,
  }));
}
