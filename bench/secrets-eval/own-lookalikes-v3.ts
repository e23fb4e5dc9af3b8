/**
 * This project's third set of look-alike negatives (session 9), written by class and committed before any detector
 * change made from it: public keys and public halves of key pairs (SSH, PGP, VAPID, publishable and site keys,
 * addresses), digests and lock-file hashes next to a vendor's or a credential's name, identifiers under keys that call
 * them ids (request, trace, key and tenant ids), templating and CI placeholders of more tools (ERB, Go templates,
 * Concourse, Octopus, Python `%()s`, `@@...@@`), ciphertexts of more tools (SOPS values, Vault transit, Jenkins,
 * WebLogic, PGP messages, KMS blobs), code that names a credential without holding one, and prose about credentials.
 * Built from pieces so that no vendor prefix is a literal here.
 *
 * Split like the other sets (sha256 of the case's name, first byte below 128: frozen); the frozen half's hash is
 * recorded in frozen-own-v3.json and checked by integrity.ts.
 */
import { randomString } from "../../src/shared/fake-credentials.js";
import type { EvalCase } from "./types.js";

const j = (...pieces: string[]): string => pieces.join("");
const B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
const B64URL = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
const B62 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
const HEX = "0123456789abcdef";
const B58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";

const hex = (n: number, seed: number) => randomString(n, HEX, seed);
const b64 = (n: number, seed: number) => randomString(n, B64, seed);
const b64url = (n: number, seed: number) => randomString(n, B64URL, seed);
const b62 = (n: number, seed: number) => randomString(n, B62, seed);
function uuid4(seed: number): string {
  const h = hex(32, seed);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-9${h.slice(17, 20)}-${h.slice(20)}`;
}
const lines = (seed: number, n: number, width = 64) =>
  Array.from({ length: n }, (_, i) => b64(width, seed + i)).join("\n");

const PUB = j("PUB", "LIC KEY");
const PGP_PUB = j("PGP PUB", "LIC KEY BLOCK");

const TEXTS: [string, string][] = [
  // --- public keys and public halves -----------------------------------------------------------------------------
  [
    "ssh-rsa-authorized",
    `${j("ssh-", "rsa")} AAAAB3NzaC1yc2EAAAADAQABAAABAQ${b64(300, 301)} deploy@ci-runner`,
  ],
  ["ssh-ed25519-known-hosts", `github.com ${j("ssh-", "ed25519")} AAAAC3NzaC1lZDI1NTE5AAAAI${b64(43, 302)}`],
  [
    "ssh-pub-in-yaml",
    `users:\n  - name: ops\n    ssh_authorized_keys:\n      - ${j("ssh-", "ed25519")} AAAAC3NzaC1lZDI1NTE5AAAAI${b64(43, 303)} ops@laptop`,
  ],
  ["pem-public-key", `-----BEGIN ${PUB}-----\n${lines(304, 6)}\nIDAQAB\n-----END ${PUB}-----`],
  [
    "pgp-public-block",
    `-----BEGIN ${PGP_PUB}-----\n\nmQINBF${lines(310, 8)}\n=${b64(4, 318)}\n-----END ${PGP_PUB}-----`,
  ],
  ["vapid-public", `const vapidPublicKey = "B${b64url(86, 320)}";`],
  ["stripe-publishable-js", `const stripe = Stripe('${j("pk_", "live_")}${b62(99, 321)}');`],
  ["recaptcha-site-key", `<div class="g-recaptcha" data-sitekey="6L${b64url(38, 322)}"></div>`],
  ["eth-address", `"to": "0x${hex(40, 323)}", "value": "0x2386f26fc10000"`],
  ["btc-address", `Send donations to bc1q${randomString(38, "023456789acdefghjklmnpqrstuvwxyz", 324)}`],
  [
    "age-recipient",
    `age -r age1${randomString(58, "023456789acdefghjklmnpqrstuvwxyz", 325)} secrets.txt > secrets.age`,
  ],
  [
    "jwks-public",
    `{"keys":[{"kty":"RSA","kid":"${b64url(43, 326)}","use":"sig","alg":"RS256","n":"${b64url(342, 327)}","e":"AQAB"}]}`,
  ],
  ["x509-thumbprint", `"x5t#S256": "${b64url(43, 328)}"`],
  ["public-key-field", `public_key: "${b64(44, 329)}"`],
  [
    "wireguard-peer-public",
    `[Peer]\nPublicKey = ${b64(43, 330)}=\nAllowedIPs = 10.0.0.2/32\nEndpoint = vpn.example.net:51820`,
  ],
  // --- digests and lock-file hashes --------------------------------------------------------------------------------
  [
    "yarn-lock-resolved",
    `stripe@^14.0.0:\n  version "14.25.0"\n  resolved "https://registry.yarnpkg.com/stripe/-/stripe-14.25.0.tgz#${hex(40, 340)}"\n  integrity sha512-${b64(86, 341)}==`,
  ],
  [
    "go-sum",
    `github.com/twilio/twilio-go v1.20.1 h1:${b64(43, 342)}=\ngithub.com/twilio/twilio-go v1.20.1/go.mod h1:${b64(43, 343)}=`,
  ],
  [
    "cargo-lock",
    `[[package]]\nname = "aws-sigv4"\nversion = "1.2.1"\nsource = "registry+https://github.com/rust-lang/crates.io-index"\nchecksum = "${hex(64, 344)}"`,
  ],
  ["pip-hash", `slack-sdk==3.27.1 \\\n    --hash=sha256:${hex(64, 345)}`],
  ["docker-digest", `image: ghcr.io/acme/token-service@sha256:${hex(64, 346)}`],
  [
    "git-commit-near-vendor",
    `commit ${hex(40, 347)}\nAuthor: Dev <dev@example.com>\n\n    Rotate the Stripe webhook handler`,
  ],
  ["git-merge-line", `Merge ${hex(7, 348)} ${hex(7, 349)}: bump sendgrid client (#4821)`],
  ["sha256sum-file", `${hex(64, 350)}  terraform-provider-github_6.2.1_linux_amd64.zip`],
  ["etag-header", `ETag: "${hex(32, 351)}"\nCache-Control: max-age=3600`],
  ["lfs-pointer", `version https://git-lfs.github.com/spec/v1\noid sha256:${hex(64, 352)}\nsize 48213`],
  ["token-hash-column", `token_sha256: ${hex(64, 353)}`],
  ["password-md5-column", `| id | email | password_md5 |\n| 17 | ann@example.com | ${hex(32, 354)} |`],
  ["ipfs-cid", `ipfs://Qm${randomString(44, B58, 355)}`],
  ["tx-hash", `txHash: 0x${hex(64, 356)}`],
  // --- identifiers under keys that call them ids --------------------------------------------------------------------
  ["request-id-header", `X-Request-Id: ${uuid4(360)}`],
  [
    "trace-id",
    `{"level":"info","trace_id":"${hex(32, 361)}","span_id":"${hex(16, 362)}","msg":"token refreshed"}`,
  ],
  ["api-key-id", `api_key_id: ${b62(20, 363)}`],
  ["tenant-subscription", `tenant_id = "${uuid4(365)}"\nsubscription_id = "${uuid4(366)}"`],
  [
    "client-id-oauth",
    `oauth:\n  client_id: ${b62(32, 367)}\n  redirect_uri: https://app.example.com/callback`,
  ],
  ["token-id-field", `{"token_id": "${uuid4(368)}", "expires_at": "2026-12-01T00:00:00Z"}`],
  [
    "key-fingerprint",
    `Key fingerprint = ${Array.from({ length: 10 }, (_, i) => hex(4, 370 + i).toUpperCase()).join(" ")}`,
  ],
  ["session-id-cookie-name", `Set-Cookie: theme=dark; Path=/; SameSite=Lax\nX-Session-Name: ${uuid4(381)}`],
  // --- placeholders of templating tools and CI -----------------------------------------------------------------------
  ["erb-password", `password: <%= ENV['DATABASE_PASSWORD'] %>`],
  ["go-template-token", `token: "{{ .Values.api.token }}"`],
  ["concourse-var", `password: ((db_password))`],
  ["octopus-var", `api_key = "#{ApiKey}"`],
  ["python-percent", `secret = "%(client_secret)s" % settings`],
  ["at-at-token", `AUTH_TOKEN=@@AUTH_TOKEN@@`],
  ["double-underscore", `DB_PASSWORD=__DB_PASSWORD__`],
  ["gha-expression", `api_key: \${{ secrets.SERVICE_API_KEY }}`],
  ["azure-devops-var", `password: $(dbPassword)`],
  ["grafana-env", `secret_key = $__env{GF_SECRET_KEY}`],
  ["docker-secret-file", `POSTGRES_PASSWORD_FILE=/run/secrets/postgres_password`],
  ["ts-non-null-env", `const apiKey = process.env.PAYMENTS_API_KEY!;`],
  ["replace-with", `token = "<REPLACE_WITH_YOUR_TOKEN>"`],
  ["shell-command-subst", `export PGPASSWORD="$(cat /run/secrets/pg)"`],
  ["powershell-env", `$password = $env:SQL_PASSWORD`],
  ["kotlin-getenv", `val apiKey: String = System.getenv("MAPS_API_KEY") ?: ""`],
  ["dotnet-config", `var secret = Configuration["Auth:ClientSecret"];`],
  ["terraform-var", `password = var.db_password`],
  ["ansible-lookup", `api_token: "{{ lookup('env', 'API_TOKEN') }}"`],
  ["spring-placeholder", `spring.datasource.password=\${DB_PASSWORD:}`],
  // --- ciphertexts --------------------------------------------------------------------------------------------------
  [
    "sops-value",
    `password: ENC[AES256_GCM,data:${b64(24, 390)},iv:${b64(43, 391)}=,tag:${b64(22, 392)}==,type:str]`,
  ],
  ["vault-transit", `encrypted_token: "vault:v1:${b64(88, 393)}"`],
  ["jenkins-credential", `<password>{AQAAABAAAAAQ${b64(60, 394)}=}</password>`],
  ["weblogic-aes", `<password-encrypted>{AES256}${b64(44, 395)}</password-encrypted>`],
  [
    "pgp-message",
    `-----BEGIN PGP MESSAGE-----\n\nhQEMA${lines(396, 5)}\n=${b64(4, 402)}\n-----END PGP MESSAGE-----`,
  ],
  ["kms-ciphertext-blob", `"CiphertextBlob": "AQICAHh${b64(180, 403)}=="`],
  ["sealed-secret", `spec:\n  encryptedData:\n    password: AgB${b64(300, 404)}`],
  [
    "ansible-vault-inline",
    `db_password: !vault |\n  $ANSIBLE_VAULT;1.1;AES256\n  ${hex(80, 405)}\n  ${hex(80, 406)}`,
  ],
  ["age-armored", `-----BEGIN AGE ENCRYPTED FILE-----\n${lines(407, 4)}\n-----END AGE ENCRYPTED FILE-----`],
  // --- code that names a credential without holding one -------------------------------------------------------------
  ["getter-signature", `def get_api_key(self) -> str:\n    return self._api_key`],
  ["token-endpoint", `token_endpoint: https://oauth2.example.com/v1/token`],
  ["password-expiry", `password_reset_token_expiry = 3600`],
  ["secret-name-ref", `secretName: stripe-credentials`],
  ["key-length-config", `api_key_length: 40\napi_key_prefix: "svc_"`],
  [
    "token-type-field",
    `{"access_token_type": "urn:ietf:params:oauth:token-type:jwt", "token_type": "Bearer"}`,
  ],
  [
    "password-field-html",
    `<input type="password" name="password" autocomplete="current-password" minlength="12">`,
  ],
  ["password-regex", `PASSWORD_PATTERN = r"^(?=.*[A-Z])(?=.*\\d)[A-Za-z\\d@$!%*?&]{12,}$"`],
  [
    "secret-key-env-doc",
    `| Variable | Description |\n|---|---|\n| STRIPE_SECRET_KEY | Your Stripe secret key, from the dashboard |`,
  ],
  ["mock-call", `mock_client.create_token.assert_called_once_with(user_id=42, scopes=["read"])`],
  // --- prose ---------------------------------------------------------------------------------------------------------
  ["prose-rotate", "Rotate the deploy token every 90 days and store it in the team's secret manager."],
  ["prose-leaked", "We revoked the leaked API key within ten minutes; no data was accessed."],
  ["prose-german", "Das Passwort muss mindestens zwölf Zeichen lang sein und eine Ziffer enthalten."],
  ["prose-japanese", "パスワードを忘れた場合は、管理者に連絡してください。"],
  [
    "prose-french",
    "Votre jeton d'accès expire dans une heure ; reconnectez-vous pour en obtenir un nouveau.",
  ],
  ["prose-chinese", "请不要在代码中硬编码密钥，使用环境变量代替。"],
];

export function ownLookalikesV3(): EvalCase[] {
  return TEXTS.map(([name, text]) => ({
    id: `own3:${name}`,
    group: `own3:${name}`,
    source: "own",
    vendor: "lookalike-v3",
    label: "lookalike",
    text,
  }));
}
