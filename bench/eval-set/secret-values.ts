/**
 * Vendor secrets and their look-alikes, assembled at run time from pieces (every vendor prefix is split), so no
 * credential-shaped literal sits in the repository. A secret comes as a Doc: the labelled part is the value a scanner
 * must find; for a URL or connection string, the surrounding text is unlabelled.
 */
import { createHmac } from "node:crypto";
import { BASE62, BASE64, BASE64URL, chars, digits, HEX, int, mixed, pick, type Rand } from "./rand.js";
import { type Doc, secret, t } from "./segments.js";

const p = (...pieces: string[]) => pieces.join("");
const LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
const UPPER32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

export interface SecretKind {
  id: string;
  /** Variable names such a value is usually stored under. */
  names: readonly string[];
  make: (rand: Rand) => Doc;
}

const one = (id: string, names: readonly string[], value: (rand: Rand) => string): SecretKind => ({
  id,
  names,
  make: (rand) => [secret(id, value(rand))],
});

export const SECRET_KINDS: readonly SecretKind[] = [
  one("github_pat", ["GITHUB_TOKEN", "GH_TOKEN"], (r) => p("gh", "p_") + mixed(r, BASE62, 36)),
  one(
    "github_fine_grained",
    ["GITHUB_TOKEN"],
    (r) => `${p("github", "_pat_")}${mixed(r, BASE62, 22)}_${mixed(r, BASE62, 59)}`,
  ),
  one("gitlab_pat", ["GITLAB_TOKEN", "CI_JOB_TOKEN"], (r) => p("gl", "pat-") + mixed(r, BASE62, 20)),
  one(
    "slack_bot",
    ["SLACK_BOT_TOKEN"],
    (r) => `${p("xo", "xb-")}${digits(r, 12)}-${digits(r, 13)}-${mixed(r, BASE62, 24)}`,
  ),
  {
    id: "slack_webhook",
    names: ["SLACK_WEBHOOK_URL"],
    make: (r) => [
      t(`https://${p("hooks.", "slack", ".com")}/services/`),
      secret(
        "slack_webhook",
        `T${chars(r, "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789", 10)}/B${chars(r, "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789", 10)}/${mixed(r, BASE62, 24)}`,
      ),
    ],
  },
  one(
    "stripe_live",
    ["STRIPE_SECRET_KEY", "STRIPE_API_KEY"],
    (r) => p("s", "k_", "live_") + mixed(r, BASE62, pick(r, [24, 99])),
  ),
  one("stripe_restricted", ["STRIPE_RESTRICTED_KEY"], (r) => p("r", "k_", "live_") + mixed(r, BASE62, 24)),
  one("stripe_webhook", ["STRIPE_WEBHOOK_SECRET"], (r) => p("wh", "sec_") + mixed(r, BASE62, 32)),
  one("openai", ["OPENAI_API_KEY"], (r) => p("s", "k-", "proj-") + mixed(r, BASE64URL, pick(r, [48, 120]))),
  one(
    "anthropic",
    ["ANTHROPIC_API_KEY"],
    (r) => `${p("s", "k-", "ant-", "api03-")}${mixed(r, BASE64URL, 93)}AA`,
  ),
  one("aws_access_key", ["AWS_ACCESS_KEY_ID"], (r) => p("AK", "IA") + chars(r, UPPER32, 16)),
  one("aws_secret_key", ["AWS_SECRET_ACCESS_KEY", "aws_secret_access_key"], (r) => mixed(r, BASE64, 40)),
  one("gcp_api_key", ["GOOGLE_API_KEY", "FIREBASE_API_KEY"], (r) => p("AI", "za") + mixed(r, BASE64URL, 35)),
  one("npm_token", ["NPM_TOKEN", "NODE_AUTH_TOKEN"], (r) => p("n", "pm_") + mixed(r, BASE62, 36)),
  one("twilio_api_key", ["TWILIO_API_KEY"], (r) => p("S", "K") + chars(r, HEX, 32)),
  one("twilio_auth_token", ["TWILIO_AUTH_TOKEN"], (r) => chars(r, HEX, 32)),
  one(
    "sendgrid",
    ["SENDGRID_API_KEY"],
    (r) => `${p("S", "G.")}${mixed(r, BASE64URL, 22)}.${mixed(r, BASE64URL, 43)}`,
  ),
  one("huggingface", ["HF_TOKEN", "HUGGING_FACE_HUB_TOKEN"], (r) => p("h", "f_") + chars(r, LETTERS, 34)),
  {
    id: "azure_storage",
    names: ["AZURE_STORAGE_CONNECTION_STRING"],
    make: (r) => [
      t(
        `DefaultEndpointsProtocol=https;AccountName=${pick(r, ["acmeprod", "datalake01", "logsstore"])};${p("Account", "Key=")}`,
      ),
      secret("azure_storage", `${mixed(r, BASE64, 86)}==`),
      t(";EndpointSuffix=core.windows.net"),
    ],
  },
  {
    id: "jwt",
    names: ["ACCESS_TOKEN", "AUTH_TOKEN"],
    make: (r) => {
      const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString("base64url");
      const header = b64({ alg: pick(r, ["HS256", "RS256"]), typ: "JWT" });
      const body = b64({
        sub: `user-${digits(r, 6)}`,
        scope: "read write",
        exp: 1_900_000_000 + int(r, 0, 1e6),
      });
      return [secret("jwt", `${header}.${body}.${mixed(r, BASE64URL, 43)}`)];
    },
  },
  {
    id: "database_password",
    names: ["DATABASE_URL"],
    make: (r) => [
      t(`${pick(r, ["postgres", "mysql", "mongodb"])}://${pick(r, ["app", "admin", "svc_reporting"])}:`),
      secret("database_password", `${mixed(r, BASE62, int(r, 14, 24))}`),
      t(
        `@${pick(r, ["db.internal", "10.0.3.12", "prod-cluster.abc123.eu-west-1.rds.amazonaws.com"])}:5432/app`,
      ),
    ],
  },
  one("generic_api_key", ["API_KEY", "SERVICE_SECRET", "CLIENT_SECRET"], (r) => mixed(r, BASE62, 32)),
];

export interface LookalikeKind {
  id: string;
  names: readonly string[];
  make: (rand: Rand) => string;
  /** The variable name that fits a generated value, where the kind mixes vendors. */
  nameFor?: (value: string) => string;
}

/** The variable a vendor-shaped placeholder or example would be stored under. */
function vendorName(value: string): string {
  if (value.startsWith("AK")) return "AWS_ACCESS_KEY_ID";
  if (value.startsWith("wJal")) return "AWS_SECRET_ACCESS_KEY";
  if (value.startsWith("gh")) return "GITHUB_TOKEN";
  if (value.startsWith("xo")) return "SLACK_BOT_TOKEN";
  if (value.startsWith("sk_")) return "STRIPE_SECRET_KEY";
  return "OPENAI_API_KEY";
}

/** Things that look like secrets and are not: placeholders, documentation examples, hashes, identifiers. */
export const LOOKALIKE_KINDS: readonly LookalikeKind[] = [
  {
    id: "placeholder_x",
    names: ["STRIPE_SECRET_KEY", "GITHUB_TOKEN", "OPENAI_API_KEY"],
    nameFor: vendorName,
    make: (r) =>
      pick(r, [
        p("s", "k_", "live_", "X".repeat(24)),
        p("gh", "p_", "x".repeat(36)),
        p("s", "k-", "*".repeat(20)),
        p("AK", "IA", "XXXXXXXXXXXXXXXX"),
        p("xo", "xb-", "xxxxxxxxxxxx-xxxxxxxxxxxxx-xxxxxxxxxxxxxxxxxxxxxxxx"),
      ]),
  },
  {
    id: "placeholder_named",
    names: ["API_KEY", "SENDGRID_API_KEY", "HF_TOKEN"],
    make: (r) =>
      pick(r, [
        "<your-api-key>",
        "YOUR_API_KEY_HERE",
        p("$", "{SENDGRID_API_KEY}"),
        "{{ secrets.NPM_TOKEN }}",
        "changeme",
        p("h", "f_", "your_token_here"),
        "REPLACE_WITH_YOUR_TOKEN",
        "<TWILIO_AUTH_TOKEN>",
        p("wh", "sec_", "..."),
      ]),
  },
  {
    id: "docs_example",
    names: ["AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY", "GITHUB_TOKEN"],
    nameFor: vendorName,
    make: (r) =>
      pick(r, [
        p("AK", "IA", "IOSFODNN7", "EXAMPLE"),
        p("wJalrXUtnFEMI/K7MDENG/", "bPxRfiCY", "EXAMPLEKEY"),
        p("gh", "p_", "0123456789abcdefghijABCDEFGHIJ012345"),
        p("s", "k_", "test_", "EXAMPLE0000000000000000000"),
      ]),
  },
  {
    id: "jwt_io_example",
    names: ["ACCESS_TOKEN"],
    // The token the jwt.io debugger shows, signed at run time with its documented example secret.
    make: () => {
      const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString("base64url");
      const unsigned = `${b64({ alg: "HS256", typ: "JWT" })}.${b64({ sub: "1234567890", name: "John Doe", iat: 1516239022 })}`;
      const sig = createHmac("sha256", "your-256-bit-secret").update(unsigned).digest("base64url");
      return `${unsigned}.${sig}`;
    },
  },
  { id: "git_sha", names: ["GIT_COMMIT", "COMMIT_SHA"], make: (r) => chars(r, HEX, 40) },
  { id: "sha256", names: ["CHECKSUM", "SHA256"], make: (r) => chars(r, HEX, 64) },
  { id: "md5", names: ["ETAG", "MD5"], make: (r) => chars(r, HEX, 32) },
  {
    id: "uuid",
    names: ["REQUEST_ID", "TENANT_ID", "CLIENT_ID"],
    make: (r) =>
      `${chars(r, HEX, 8)}-${chars(r, HEX, 4)}-4${chars(r, HEX, 3)}-${pick(r, ["8", "9", "a", "b"])}${chars(r, HEX, 3)}-${chars(r, HEX, 12)}`,
  },
  { id: "npm_integrity", names: ["INTEGRITY"], make: (r) => `sha512-${chars(r, BASE64, 86)}==` },
  { id: "docker_digest", names: ["IMAGE_DIGEST"], make: (r) => `sha256:${chars(r, HEX, 64)}` },
  {
    id: "stripe_object_id",
    names: ["CUSTOMER_ID", "PAYMENT_INTENT", "PRICE_ID"],
    make: (r) => `${pick(r, ["cus_", "pi_", "price_", "ch_", "sub_"])}${mixed(r, BASE62, int(r, 14, 24))}`,
  },
  { id: "trace_id", names: ["TRACE_ID"], make: (r) => chars(r, HEX, 32) },
  {
    id: "base64_data",
    names: ["LOGO_PNG", "PAYLOAD"],
    make: (r) =>
      Buffer.from(
        pick(r, ["Quarterly report, final version, approved by the board.", '{"theme":"dark","lang":"en"}']),
      ).toString("base64"),
  },
];
