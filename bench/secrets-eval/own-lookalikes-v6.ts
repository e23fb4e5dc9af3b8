/**
 * This project's sixth look-alike set (session 17), by class, in shapes the earlier sets do not write: the border of
 * this round's chained-assignment change (a chain ending in a call, a reference or another name), random values an API
 * returns under names holding a credential word that are not credentials (page tokens, cursors, idempotency keys,
 * OAuth state and PKCE challenges, CSRF-free nonces, cache and partition keys), stored password hashes in fixtures and
 * shadow files, secret references of more managers (Azure Key Vault, SSM, Pulumi, Doppler, 1Password CLI), public
 * keys and certificates in new containers, and stand-in bodies behind vendor prefixes written as documentation writes
 * them (the stand-in-body policy's border).
 *
 * Tune only (never frozen). Built from pieces; no credential-shaped value is written here.
 */
import { randomString } from "../../src/shared/fake-credentials.js";
import type { EvalCase } from "./types.js";

const j = (...pieces: string[]): string => pieces.join("");
const B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
const B64URL = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
const HEX = "0123456789abcdef";
const DOT64 = "./ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
const b64 = (n: number, seed: number) => randomString(n, B64, seed);
const b64url = (n: number, seed: number) => randomString(n, B64URL, seed);
const hex = (n: number, seed: number) => randomString(n, HEX, seed);
const uuid = (seed: number) => {
  const h = hex(32, seed);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20)}`;
};
const CERT = j("CERTIF", "ICATE");
const PUB = j("PUBLIC", " KEY");

const TEXTS: [string, string][] = [
  // --- chained assignments that end in no literal -------------------------------------------------------------------
  ["chain-call", "password = confirm = getpass.getpass()"],
  ["chain-env", 'api_key = key = os.environ["API_KEY"]'],
  ["chain-attr", "secret = self.secret = settings.SECRET_KEY"],
  ["chain-params", "password = password_confirmation = params[:password]"],
  ["chain-none", "token = refresh_token = None"],
  ["chain-compare", 'password = value == "hunter"'],
  // --- random values under names holding a credential word, that are no credential ----------------------------------
  ["next-page-token", JSON.stringify({ items: [], nextPageToken: b64url(48, 701) })],
  ["continuation-token", JSON.stringify({ continuationToken: b64(64, 702), count: 50 })],
  ["cursor-token", `{"data":[],"paging":{"cursor_token":"${b64url(40, 703)}"}}`],
  ["sync-token", `<sync-token>${b64url(32, 704)}</sync-token>`],
  ["idempotency-key", `curl -X POST https://api.shop.test/v1/orders -H "Idempotency-Key: ${uuid(705)}"`],
  ["oauth-state", `https://login.test/authorize?client_id=web&state=${b64url(32, 706)}&response_type=code`],
  ["pkce-challenge", `code_challenge=${b64url(43, 707)}&code_challenge_method=S256`],
  ["cache-key", `cache_key = "user:${hex(12, 708)}:profile:v3"`],
  ["partition-key", JSON.stringify({ partitionKey: `tenant-${hex(16, 709)}`, sortKey: "2026-11-27" })],
  ["upload-token-id", JSON.stringify({ upload_id: b64url(44, 710), part: 3 })],
  [
    "token-count",
    JSON.stringify({ usage: { prompt_tokens: 1432, completion_tokens: 208, total_tokens: 1640 } }),
  ],
  ["key-fingerprint", `public_key_fingerprint: SHA256:${b64(43, 711)}`],
  ["secret-version-id", `secret_version_id = "${uuid(712)}"`],
  // --- stored password hashes, in fixtures -------------------------------------------------------------------------
  [
    "django-fixture",
    JSON.stringify([
      {
        model: "auth.user",
        fields: { username: "ana", password: `pbkdf2_sha256$600000$${b64(22, 721)}$${b64(43, 722)}=` },
      },
    ]),
  ],
  [
    "shadow-line",
    `deploy:$6$${randomString(16, DOT64, 723)}$${randomString(86, DOT64, 724)}:19700:0:99999:7:::`,
  ],
  ["htpasswd-apr1", `admin:$apr1$${randomString(8, DOT64, 725)}$${randomString(22, DOT64, 726)}`],
  [
    "argon2-yaml",
    `users:\n  - name: ana\n    password_hash: "$argon2id$v=19$m=65536,t=3,p=4$${b64(22, 727)}$${b64(43, 728)}"`,
  ],
  [
    "bcrypt-sql",
    `INSERT INTO users (email, password) VALUES ('a@b.test', '$2b$12$${randomString(53, DOT64, 729)}');`,
  ],
  // --- secret references of more managers --------------------------------------------------------------------------
  [
    "keyvault-ref",
    '"DbPassword": "@Microsoft.KeyVault(SecretUri=https://kv-prod.vault.azure.net/secrets/db-password/)"',
  ],
  ["ssm-resolve", "MasterUserPassword: '{{resolve:ssm-secure:/prod/db/password:3}}'"],
  ["pulumi-secret", 'const dbPassword = config.requireSecret("dbPassword");'],
  ["doppler-run", "doppler run --project api --config prd -- ./server --password-file /run/secrets/db"],
  ["op-read", 'export GITHUB_TOKEN="$(op read op://Private/GitHub/token)"'],
  ["gcp-secret-ref", "password: sm://projects/prod-123/secrets/db-password/versions/latest"],
  // --- public keys and certificates in new containers ---------------------------------------------------------------
  [
    "cert-escaped-json",
    JSON.stringify({
      ca_cert: `-----BEGIN ${CERT}-----\n${b64(64, 731)}\n${b64(40, 732)}=\n-----END ${CERT}-----`,
    }),
  ],
  [
    "pubkey-env",
    `JWT_PUBLIC_KEY="-----BEGIN ${PUB}-----\\n${b64(64, 733)}\\n${b64(24, 734)}\\n-----END ${PUB}-----"`,
  ],
  [
    "ed25519-authorized",
    `ssh_authorized_keys:\n  - ssh-ed25519 ${j("AAAAC3NzaC1lZDI1NTE5AAAAI", b64(43, 735))} ana@laptop`,
  ],
  ["age-recipient", `recipients:\n  - age1${randomString(58, "qpzry9x8gf2tvdw0s3jn54khce6mua7l", 736)}`],
  ["wireguard-peer", `[Peer]\nPublicKey = ${b64(43, 737)}=\nAllowedIPs = 10.0.0.2/32`],
  // --- stand-in bodies behind vendor prefixes, as documentation writes them -----------------------------------------
  ["stripe-aaaa", j('STRIPE_SECRET_KEY="sk_', "live_", "a".repeat(24), '"')],
  ["sendgrid-ab", j("SENDGRID_API_KEY=SG.", "a".repeat(22), ".", "b".repeat(43))],
  ["tailscale-abcd", j("tskey-", "auth-", "A".repeat(12), "-", "B".repeat(24))],
  ["github-zeros", j("GITHUB_TOKEN=ghp_", "0".repeat(36))],
  ["slack-x-body", j("xoxb-", "0".repeat(12), "-", "0".repeat(13), "-", "x".repeat(24))],
  ["openai-dots", j("OPENAI_API_KEY=sk-", "proj-", "...", "aB3d")],
  ["gitlab-your", j("CI_TOKEN=glpat-", "YOUR_TOKEN_HERE")],
  // --- prose about a credential in tool output ----------------------------------------------------------------------
  [
    "prose-rotated",
    "Rotated the deploy key for api-gateway; the new key id is k-2026-11 and it expires in 90 days.",
  ],
  [
    "prose-expired",
    "Error 401: token expired at 2026-11-27T10:00:00Z (issued 2026-11-27T09:00:00Z). Refresh and retry.",
  ],
  [
    "prose-policy",
    "Passwords must be at least 12 characters and include one of !@#$%^&*; the last 5 may not be reused.",
  ],
];

export function ownLookalikesV6(): EvalCase[] {
  return TEXTS.map(([name, text]) => ({
    id: `own-v6:${name}`,
    group: `own-v6:${name}`,
    source: "own" as const,
    vendor: "lookalike",
    label: "lookalike" as const,
    text,
  }));
}
