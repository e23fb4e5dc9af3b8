import { createTokenDetector, type TokenRecordLike } from "../../detectors/secrets/token-detector.js";
import {
  type BodyExample,
  expandAlphabet,
  negativeExamples,
  positiveExamples,
  randomBody,
} from "../../detectors/secrets/token-examples.js";
import type { TokenForm, TokenSpec } from "../../detectors/secrets/token-spec.js";
import { FAMILY_DEFAULTS } from "../family-defaults.js";
import type { RuleContext } from "../rule-context.js";
import type { DetectorContext, RuleExample, ScannedRuleRecord } from "../rule-record.js";

/*
 * Vendor tokens as data: one record per vendor, read by one generic detector (token-detector.ts). What each vendor's
 * token looks like (prefix, alphabet, length, checksum) is a public fact; the vendors of gitleaks' default
 * configuration (MIT) are re-expressed here in this project's own record shape, with no file, pattern text or example
 * of gitleaks copied. Examples are derived from the forms at test time (token-examples.ts); a record may add its own.
 *
 * A new vendor secret is one entry below.
 */

/** Form builders: `p` a prefixed token, `k` a value assigned to a key naming the vendor. */
export type FormOptions = Omit<TokenForm, "prefixes" | "alphabet" | "length" | "keyed"> & {
  prefixes?: readonly string[];
  /** Builds a body for the derived examples, where the shape needs more than random characters. */
  example?: BodyExample;
  /** Builds the lead (TokenForm.lead) for the derived examples. */
  leadExample?: BodyExample;
  /** The published length is the only one (`AIza` keys, AWS key ids): no slack (withSlack). */
  exact?: boolean;
};

/**
 * A published length is what a vendor issues today; fixtures, older tokens and the vendor's next format run a
 * character or a few longer (a Square token of 61, a GoCardless key of 41). A prefixed form whose shape, checksum or
 * record does not fix its length accepts a body up to a tenth (at least two characters) longer; never shorter, which
 * reads as a token cut off. Keyed forms stay exact: their whole value is read, and only its length names the vendor.
 */
function withSlack(length: TokenForm["length"], o: FormOptions): TokenForm["length"] {
  if (o.exact || o.shape !== undefined || o.lead !== undefined || o.checksum !== undefined) return length;
  const [min, max] = typeof length === "number" ? [length, length] : length;
  return [min, max + Math.max(2, Math.ceil(max / 10))];
}

export function p(
  prefixes: readonly string[],
  alphabet: string,
  length: TokenForm["length"],
  o: FormOptions = {},
): TokenForm {
  const { exact: _, ...form } = o;
  return { ...form, prefixes, alphabet, length: withSlack(length, o) };
}

export function k(
  words: readonly string[],
  alphabet: string,
  length: TokenForm["length"],
  o: FormOptions = {},
): TokenForm {
  const { exact: _, ...form } = o;
  return { ...form, prefixes: o.prefixes ?? [], alphabet, length, keyed: words };
}

export const AN = "A-Za-z0-9";
/** Characters on each side of a token its vendor's name may stand in, for a prefix too common to stand alone. */
export const NEAR = 80;
export const URLSAFE = "A-Za-z0-9_-";
const URLSAFE_EQ = "A-Za-z0-9=_-";
export const HEX = "a-f0-9";
export const HEXU = "A-Fa-f0-9";
export const B64 = "A-Za-z0-9+/=";
const B64_CHARS = expandAlphabet("A-Za-z0-9+/");
const UUID_SHAPE = /[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}/;
export const uuid: BodyExample = (r) => [r(8, HEX), r(4, HEX), r(4, HEX), r(4, HEX), r(12, HEX)].join("-");
export const uuidForm = (words: readonly string[], o: FormOptions = {}): TokenForm =>
  k(words, "0-9a-fA-F-", 36, { shape: UUID_SHAPE, example: uuid, ...o });

interface VendorToken<T extends string> {
  type: T;
  summary: string;
  forms: readonly TokenForm[];
  allow?: readonly RegExp[];
  /** Context words for every prefixed form (a form's own replaces it): the record's `context`, applied by the detector. */
  context?: RuleContext;
  /** Examples beyond the derived ones. */
  positive?: readonly RuleExample[];
  negative?: readonly RuleExample[];
}

let shared: ReturnType<typeof createTokenDetector> | undefined;

/**
 * Every record `token()` built, here and in secret-tokens-2.ts, in build order: the shared detector reads them all,
 * so a record file of its own needs no second detector and no second walk over assignments.
 */
const BUILT: TokenRecordLike[] = [];

/**
 * The detector every token record shares (the detector set builds it once per factory; the registry's tests call
 * the factory per example, so the compiled detector is kept: it holds no state between calls). Built on first use,
 * after every record module has been loaded (secrets.ts imports them all before any record is read).
 */
export function detectTokens(_context?: DetectorContext) {
  shared ??= createTokenDetector([...BUILT, ...KEYED_OWN_DETECTOR], true);
  return shared;
}

let seed = 100;

export function token<const T extends string>(v: VendorToken<T>) {
  const spec: TokenSpec = {
    forms: v.forms,
    ...(v.allow === undefined ? {} : { allow: v.allow }),
    ...(v.context === undefined ? {} : { context: v.context }),
  };
  const prefixes = [...new Set(v.forms.filter((f) => f.keyed === undefined).flatMap((f) => f.prefixes))];
  const keyedOnly = v.forms.some((f) => f.keyed !== undefined || f.prefixes.length === 0);
  seed += 10;
  const record = {
    id: `secret.${v.type}` as const,
    kind: "secret" as const,
    type: v.type,
    family: "secrets" as const,
    summary: v.summary,
    defaults: FAMILY_DEFAULTS.secrets,
    detector: detectTokens,
    token: spec,
    ...(spec.context === undefined ? {} : { context: spec.context }),
    // Literals in every match: only when each form has a prefix (a keyed form's words match in any case).
    ...(keyedOnly || prefixes.length === 0 ? {} : { keywords: prefixes }),
    ...(v.forms.some((f) => f.checksum)
      ? { validator: "the vendor's embedded checksum (CRC32, base62)" }
      : {}),
    examples: {
      positive: [...positiveExamples(spec, seed), ...(v.positive ?? [])],
      negative: [...negativeExamples(spec, seed), ...(v.negative ?? [])],
    },
  } satisfies ScannedRuleRecord & { token: TokenSpec };
  BUILT.push(record);
  return record;
}

export const j = (...pieces: string[]): string => pieces.join("");

export const TOKEN_RULES = [
  // --- migrated from the per-vendor detectors ----------------------------------------------------------------
  token({
    type: "aws_access_key",
    summary: "AWS access key ids (`AKIA`, `ASIA`... and 16 base32 characters)",
    forms: [
      p(
        ["AKIA", "ASIA", "ABIA", "ACCA", "AGPA", "AIDA", "AIPA", "ANPA", "ANVA", "AROA", "APKA", "ASCA"],
        "A-Z0-9",
        16,
        { minEntropy: 2.5, exact: true },
      ),
      // The older `A3T` ids carry one more character before their 16.
      p(["A3T"], "A-Z0-9", 17, { minEntropy: 2.5, exact: true }),
    ],
  }),
  token({
    type: "gcp_api_key",
    summary:
      "Google API keys (`AIza` and 35 characters), OAuth client secrets (`GOCSPX-`), access tokens (`ya29.`) and refresh tokens (`1//0`)",
    forms: [
      p(["AIza"], URLSAFE, 35, { exact: true }),
      p(["GOCSPX-"], URLSAFE, 28),
      p(["ya29."], URLSAFE, [50, 2048], { needsDigit: true }),
      p(["1//0"], URLSAFE, [40, 512], { minClasses: 3 }),
    ],
    negative: ["AIza is a prefix"],
  }),
  token({
    type: "github_token",
    summary:
      "GitHub tokens (`ghp_`, `gho_`, `ghu_`, `ghs_`, `ghr_` with their CRC32, fine-grained `github_pat_`)",
    forms: [
      p(["ghp_", "gho_", "ghu_", "ghs_", "ghr_"], AN, [36, 251], { checksum: "crc32-base62" }),
      // Fine-grained tokens (82 characters today); the prefix vouches for the shorter bodies fixtures and older
      // tokens carry (36 and up), when they mix cases and digits.
      p(["github_pat_"], "A-Za-z0-9_", [36, 244], { minClasses: 3 }),
      // App installation tokens in the newer form: the app id, `_`, and a signed JWT.
      p(["ghs_"], "A-Za-z0-9_.-", [60, 2000], {
        shape: /\d{1,12}_eyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+/,
        example: (r) => `${r(6, "0-9")}_eyJ${r(30, URLSAFE)}.${r(60, URLSAFE)}.${r(43, URLSAFE)}`,
      }),
    ],
  }),
  token({
    type: "gitlab_token",
    summary:
      "GitLab tokens (`glpat-`, `gldt-`, `glrt-`, `glptt-`, `glcbt-`, `glsoat-`... at their published lengths) and session cookies",
    forms: [
      // Personal access and runner tokens: 20 characters, or the routable form (longer, with a dotted tail).
      p(["glpat-", "glrt-"], "A-Za-z0-9_.-", [20, 300]),
      // Runner registration (`glrtr-`) and workspace (`glwt-`) tokens.
      p(["glrtr-", "glwt-"], URLSAFE, [20, 300]),
      // The published lengths are minimums here: later token formats append to them.
      p(["gldt-", "glft-", "glffct-", "glsoat-"], URLSAFE, [20, 300]),
      p(["glimt-"], URLSAFE, [25, 300]),
      p(["glagent-"], URLSAFE, [50, 300]),
      p(["gloas-"], URLSAFE, [64, 300]),
      p(["glptt-"], HEX, 40),
      // CI job tokens carry a partition prefix before their 20 characters (`glcbt-64_...`), not always.
      p(["glcbt-"], URLSAFE, [20, 300]),
      p(["GR1348941"], URLSAFE, [20, 50]),
      p(["_gitlab_session="], "a-z0-9", 32, { mask: "body", glued: false }),
    ],
  }),
  token({
    type: "slack_token",
    summary: "Slack tokens (`xoxb-`, `xoxp-`, `xapp-`...) and webhook URLs",
    forms: [
      p(
        // `xoxc-` and `xoxd-`: a browser session's token and its `d` cookie, as good as a user token.
        [
          "xoxb-",
          "xoxp-",
          "xoxa-",
          "xoxr-",
          "xoxs-",
          "xoxo-",
          "xoxe-",
          "xoxc-",
          "xoxd-",
          "xapp-",
          "xoxe.xoxb-",
          "xoxe.xoxp-",
        ],
        "A-Za-z0-9-",
        [10, 255],
        {
          shape: /[A-Za-z0-9-]*\d[A-Za-z0-9-]*/,
        },
      ),
      p(
        ["hooks.slack.com/services/", "hooks.slack.com/workflows/", "hooks.slack.com/triggers/"],
        "A-Za-z0-9/",
        [20, 160],
        {
          // Team, then hook or workflow id, then the secret: the ids' letters vary (`B`, `A`, `W`...), so any.
          shape: /T?[A-Z0-9]{6,}\/[A-Z0-9]{6,}\/[A-Za-z0-9/]{8,}/,
          mask: "body",
          glued: false,
          example: (r) => `T${r(10, "A-Z0-9")}/B${r(10, "A-Z0-9")}/${r(24, AN)}`,
        },
      ),
    ],
  }),
  token({
    type: "stripe_key",
    summary:
      "Stripe secret and restricted keys (`sk_live_`, `rk_test_`...) and webhook signing secrets (`whsec_`)",
    forms: [
      // Older keys are shorter than today's 24+ (gitleaks allows 10); under 14 reads as a key cut short.
      // Two classes: a key of lower case and digits is still a key (the body's entropy floor still applies).
      p(["sk_live_", "sk_test_", "sk_prod_", "rk_live_", "rk_test_", "rk_prod_"], AN, [14, 247], {
        minClasses: 2,
      }),
      p(["whsec_"], AN, [16, 247]),
    ],
    negative: [
      () => j("wh", "sec_", "your_webhook_signing_secret"),
      () => j("s", "k_live_", "dummyDUMMYdummy1234567"),
    ],
  }),
  token({
    type: "huggingface_token",
    summary: "Hugging Face access tokens (`hf_`) and organization tokens (`api_org_`)",
    forms: [p(["hf_"], AN, [30, 40]), p(["api_org_"], "A-Za-z", 34)],
    negative: [() => j("h", "f_your_token_here")],
  }),
  token({
    type: "sendgrid_key",
    summary: "SendGrid API keys (`SG.` + key id + `.` + secret)",
    forms: [
      p(["SG."], "A-Za-z0-9_.-", 66, {
        shape: /[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}/,
        minEntropy: 3.5,
        example: (r) => `${r(22, URLSAFE)}.${r(43, URLSAFE)}`,
      }),
    ],
    negative: ["SG.1 is a section number"],
  }),
  token({
    type: "twilio_key",
    summary: "Twilio API key SIDs (`SK` + 32 hex) and auth tokens (32 hex named twilio)",
    forms: [p(["SK"], HEXU, 32), k(["twilio"], HEXU, 32)],
    negative: [() => `SKU${j("0", "a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6")}`],
  }),
  token({
    type: "openai_key",
    summary: "OpenAI API keys (`sk-`, `sk-proj-`, `sk-svcacct-`, `sk-admin-`)",
    forms: [
      p(["sk-proj-", "sk-svcacct-", "sk-admin-", "sk-"], URLSAFE, [32, 252], {
        minClasses: 3,
        signature: "T3BlbkFJ",
      }),
    ],
    negative: ["sk-learn is a library"],
  }),
  token({
    type: "anthropic_key",
    summary: "Anthropic API keys (`sk-ant-api03-`, `sk-ant-admin01-`)",
    forms: [p(["sk-ant-api03-", "sk-ant-admin01-", "sk-ant-"], URLSAFE, [32, 248])],
  }),
  token({
    type: "npm_token",
    summary: "npm access tokens (`npm_` and 36 characters with their CRC32)",
    forms: [p(["npm_"], AN, 36, { checksum: "crc32-base62" })],
    negative: ["npm_config_cache=/tmp"],
  }),
  token({
    type: "azure_storage_key",
    summary: "Azure storage account keys in connection strings (`AccountKey=`, `SharedAccessKey=`)",
    forms: [
      p(["AccountKey=", "SharedAccessKey="], B64, [40, 100], { minEntropy: 3.5, mask: "body", glued: false }),
      // A storage account key is 64 random bytes: 86 base64 characters and `==`. Under a key naming a storage account
      // or key (`AZURE_STORAGE_KEY=`, `AzureStoragekey :`, `storage_account_key`), where the generic walk reads
      // `storage key` as a browser storage's key name. Compound words, not `storage` alone: the words are prefilter
      // literals, and `storage` is common in prose.
      k(
        [
          "azurestorage",
          "azure_storage",
          "storageaccount",
          "storage_account",
          "storagekey",
          "storage_key",
          "account_storage",
        ],
        B64,
        88,
        {
          shape: /[A-Za-z0-9+/]{86}==/,
          minEntropy: 4.5,
          exact: true,
          example: (r) => `${r(86, "A-Za-z0-9+/")}==`,
        },
      ),
    ],
    positive: [
      () =>
        `DefaultEndpointsProtocol=https;AccountName=acme;${j("Account", "Key=")}${randomBody(86, B64_CHARS, 24)}==;EndpointSuffix=core.windows.net`,
      () => `AZURE_STORAGE_KEY=${randomBody(86, B64_CHARS, 25)}==`,
      () => `AzureStoragekey : ${randomBody(86, B64_CHARS, 26)}==`,
    ],
    negative: [
      j("Account", "Key=", "<your key>"),
      () => `localStorage key: ${randomBody(40, B64_CHARS, 27)}`,
      () => `storage_key=${randomBody(86, B64_CHARS, 28)}`,
    ],
  }),
  token({
    type: "azure_sas_token",
    summary:
      "Azure shared access signatures (`sig=` of a SAS URL or token, near its `sv=`/`se=`/`sp=` fields)",
    forms: [
      p(["sig="], "A-Za-z0-9%+/=", [43, 66], {
        mask: "body",
        minEntropy: 3.5,
        example: (r) => `${r(40, AN)}%2B${r(3, AN)}%3D`,
        context: { require: ["sv=", "se=", "sp=", "srt="], window: 300 },
      }),
    ],
  }),
  // --- vendors of gitleaks' default configuration, and others scanners know -----------------------------------
  token({
    type: "onepassword_token",
    summary: "1Password secret keys (`A3-`) and service-account tokens (`ops_eyJ`)",
    forms: [
      p(["A3-"], "A-Z0-9-", [35, 37], {
        shape: /[A-Z0-9]{6}-(?:[A-Z0-9]{11}|[A-Z0-9]{6}-[A-Z0-9]{5})-[A-Z0-9]{5}-[A-Z0-9]{5}-[A-Z0-9]{5}/,
        example: (r) =>
          [r(6, "A-Z0-9"), r(11, "A-Z0-9"), r(5, "A-Z0-9"), r(5, "A-Z0-9"), r(5, "A-Z0-9")].join("-"),
      }),
      // Base64 of a JSON object, in either alphabet (`-` and `_` in URL-safe base64).
      p(["ops_eyJ"], "A-Za-z0-9+/=_-", [250, 4000]),
    ],
  }),
  token({
    type: "adafruit_key",
    summary: "Adafruit IO keys (`aio_`, or 32 characters named adafruit)",
    forms: [p(["aio_"], AN, 28), k(["adafruit"], URLSAFE, 32)],
  }),
  token({
    type: "adobe_key",
    summary: "Adobe client secrets (`p8e-`) and client ids named adobe",
    forms: [p(["p8e-"], AN, 32), k(["adobe"], HEXU, 32)],
  }),
  token({
    type: "age_secret_key",
    summary: "age encryption secret keys (`AGE-SECRET-KEY-1` + 58 bech32 characters)",
    forms: [p(["AGE-SECRET-KEY-1"], "QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L", 58)],
  }),
  token({
    type: "airtable_token",
    summary: "Airtable personal access tokens and API keys (named airtable)",
    forms: [
      k(["airtable"], "A-Za-z0-9.", 79, {
        prefixes: ["pat"],
        shape: /[A-Za-z0-9]{14}\.[a-f0-9]{64}/,
        example: (r) => `${r(14, AN)}.${r(64, HEX)}`,
      }),
      k(["airtable"], AN, 17),
    ],
  }),
  token({
    type: "algolia_key",
    summary: "Algolia API keys (named algolia)",
    forms: [k(["algolia"], AN, 32)],
  }),
  token({
    type: "alibaba_key",
    summary: "Alibaba Cloud access key ids (`LTAI`) and secrets (named alibaba)",
    forms: [p(["LTAI"], AN, 20), k(["alibaba"], AN, 30)],
  }),
  token({
    type: "artifactory_token",
    summary:
      "JFrog Artifactory API keys (`AKCp`), reference tokens (`cmVmd`) and keys named jfrog/artifactory",
    forms: [
      p(["AKCp"], AN, 69, { minEntropy: 4 }),
      p(["cmVmd"], AN, 59, { minEntropy: 4 }),
      k(["jfrog", "artifactory", "bintray", "xray"], AN, [64, 73]),
    ],
  }),
  token({
    type: "asana_token",
    summary: "Asana client ids and secrets (named asana)",
    forms: [
      k(["asana"], "0-9", 16, { minEntropy: 2.5 }),
      k(["asana"], AN, 32),
      // Personal access tokens: a version digit, the user's (and app's) numeric ids, `:` and 32 hex.
      k(["asana"], "0-9/:a-f", [34, 80], {
        shape: /[0-2]\/(?:\d{1,20}\/){0,2}(?:\d{1,20}:)?[a-f0-9]{32}/,
        example: (r) => `2/${r(16, "0-9")}/${r(16, "0-9")}:${r(32, HEX)}`,
      }),
    ],
  }),
  token({
    type: "atlassian_token",
    summary: "Atlassian API tokens (`ATATT3`, or 24 characters named atlassian/jira/confluence)",
    forms: [p(["ATATT3"], URLSAFE_EQ, [180, 192]), k(["atlassian", "confluence", "jira"], AN, 24)],
  }),
  token({
    type: "aws_bedrock_key",
    summary:
      "Amazon Bedrock API keys (long-lived `ABSK`, short-lived `bedrock-api-key-` + base64 of the service host)",
    forms: [
      p(["ABSK"], B64, [109, 271]),
      // The short-lived key is a presigned URL in base64, whose first bytes encode `bedrock.amazonaws.com`.
      p([j("bedrock-api-key-", "YmVkcm9jay5hbWF6b25hd3MuY29t")], B64, [40, 4000]),
    ],
  }),
  token({
    type: "beamer_token",
    summary: "Beamer API keys (`b_` near the word beamer)",
    forms: [p(["b_"], URLSAFE_EQ, 44)],
    context: { require: ["beamer"], window: NEAR },
  }),
  token({
    type: "bitbucket_secret",
    summary: "Bitbucket app passwords (`ATBB`) and client ids and secrets (named bitbucket)",
    forms: [p(["ATBB"], AN, [32, 40]), k(["bitbucket"], AN, 32), k(["bitbucket"], URLSAFE_EQ, 64)],
  }),
  token({ type: "bittrex_key", summary: "Bittrex keys (named bittrex)", forms: [k(["bittrex"], AN, 32)] }),
  token({
    type: "cisco_meraki_key",
    summary: "Cisco Meraki API keys (named meraki)",
    forms: [k(["meraki"], HEX, 40)],
  }),
  token({
    type: "clickhouse_key",
    summary: "ClickHouse Cloud API secrets (`4b1d`)",
    forms: [p(["4b1d"], AN, 38)],
  }),
  token({
    type: "clojars_token",
    summary: "Clojars deploy tokens (`CLOJARS_`)",
    forms: [p(["CLOJARS_"], AN, 60)],
  }),
  token({
    type: "cloudflare_key",
    summary:
      "Cloudflare API tokens and global keys (named cloudflare, or `cfat_`, `cfut_`, `cfk_` and 40-50 characters) and origin CA keys (`v1.0-`)",
    forms: [
      p(["cfat_", "cfut_", "cfk_"], AN, [40, 50], { minClasses: 3 }),
      k(["cloudflare"], URLSAFE, 40),
      k(["cloudflare"], HEX, 37),
      p(["v1.0-"], "a-f0-9-", 171, {
        shape: /[a-f0-9]{24}-[a-f0-9]{146}/,
        example: (r) => `${r(24, HEX)}-${r(146, HEX)}`,
      }),
    ],
  }),
  token({
    type: "codecov_token",
    summary: "Codecov tokens (named codecov)",
    forms: [k(["codecov"], AN, 32)],
  }),
  token({
    type: "cohere_key",
    summary: "Cohere API keys (named cohere)",
    forms: [k(["cohere", "co_api_key"], AN, 40)],
  }),
  token({
    type: "coinbase_token",
    summary: "Coinbase tokens (named coinbase)",
    forms: [k(["coinbase"], URLSAFE, 64)],
  }),
  token({
    type: "confluent_key",
    summary: "Confluent keys and secrets (named confluent)",
    forms: [k(["confluent"], AN, 16), k(["confluent"], AN, 64)],
  }),
  token({
    type: "contentful_token",
    summary: "Contentful delivery tokens (named contentful) and management tokens (`CFPAT-`)",
    forms: [k(["contentful"], URLSAFE_EQ, 43), p(["CFPAT-"], URLSAFE, 43)],
  }),
  token({
    type: "databricks_token",
    summary: "Databricks personal access tokens (`dapi` + 32 hex)",
    forms: [
      p(["dapi"], "a-f0-9-", [32, 34], {
        shape: /[a-f0-9]{32}(?:-\d)?/,
        needsDigit: true,
        example: (r) => r(32, HEX),
      }),
    ],
  }),
  token({
    type: "datadog_key",
    summary: "Datadog API and application keys (named datadog)",
    // `DD-API-KEY` and `DD-APPLICATION-KEY` are Datadog's own header names.
    forms: [k(["datadog", "dd_api", "dd_app", "dd-api", "dd-app"], AN, [32, 40])],
  }),
  token({
    type: "defined_networking_token",
    summary: "Defined Networking API tokens (`dnkey-`)",
    forms: [
      p(["dnkey-"], URLSAFE_EQ, 79, {
        shape: /[A-Za-z0-9=_-]{26}-[A-Za-z0-9=_-]{52}/,
        example: (r) => `${r(26, AN)}-${r(52, AN)}`,
      }),
    ],
  }),
  token({
    type: "digitalocean_token",
    summary: "DigitalOcean tokens (`dop_v1_`, `doo_v1_`, `dor_v1_` + 64 hex)",
    forms: [p(["dop_v1_", "doo_v1_", "dor_v1_"], HEX, 64)],
  }),
  token({
    type: "discord_token",
    summary: "Discord webhook URLs, and bot secrets named discord",
    forms: [
      p(["discord.com/api/webhooks/", "discordapp.com/api/webhooks/"], "A-Za-z0-9/_-", [70, 100], {
        shape: /\d{17,20}\/[A-Za-z0-9_-]{60,72}/,
        mask: "body",
        glued: false,
        example: (r) => `${r(19, "0-9")}/${r(68, URLSAFE)}`,
      }),
      k(["discord"], HEX, 64),
      k(["discord"], URLSAFE_EQ, 32),
    ],
  }),
  token({
    type: "docker_token",
    summary: "Docker Hub personal and organization access tokens (`dckr_pat_`, `dckr_oat_`)",
    forms: [p(["dckr_pat_", "dckr_oat_"], URLSAFE, [27, 36])],
  }),
  token({
    type: "doppler_token",
    summary: "Doppler tokens (`dp.pt.`, `dp.st.`, `dp.ct.`, `dp.sa.`, `dp.scim.`, `dp.audit.`)",
    forms: [
      p(["dp.pt.", "dp.st.", "dp.ct.", "dp.sa.", "dp.scim.", "dp.audit."], "A-Za-z0-9._-", [40, 80], {
        shape: /(?:[a-z0-9_-]{1,30}\.)?[A-Za-z0-9]{40,44}/,
        needsDigit: true,
        example: (r) => r(43, AN),
      }),
    ],
  }),
  token({
    type: "droneci_token",
    summary: "Drone CI tokens (named droneci)",
    forms: [k(["droneci", "drone_token"], AN, 32)],
  }),
  token({
    type: "dropbox_token",
    summary: "Dropbox API tokens (named dropbox)",
    forms: [
      k(["dropbox"], "A-Za-z0-9._=-", [135, 1400], { prefixes: ["sl."] }),
      k(["dropbox"], URLSAFE_EQ, 64, {
        shape: /[A-Za-z0-9]{11}AAAAAAAAAA[A-Za-z0-9_=-]{43}/,
        example: (r) => `${r(11, AN)}AAAAAAAAAA${r(43, AN)}`,
      }),
      k(["dropbox"], AN, 15),
    ],
  }),
  token({
    type: "duffel_token",
    summary: "Duffel API tokens (`duffel_live_`, `duffel_test_`)",
    forms: [p(["duffel_live_", "duffel_test_"], URLSAFE_EQ, 43)],
  }),
  token({
    type: "dynatrace_token",
    summary: "Dynatrace API tokens (`dt0c01.`)",
    forms: [
      p(["dt0c01."], "A-Za-z0-9.", 89, {
        shape: /[A-Za-z0-9]{24}\.[A-Za-z0-9]{64}/,
        example: (r) => `${r(24, AN)}.${r(64, AN)}`,
      }),
    ],
  }),
  token({
    type: "easypost_token",
    summary: "EasyPost API keys (`EZAK`, `EZTK`)",
    forms: [p(["EZAK", "EZTK"], AN, 54)],
  }),
  token({ type: "etsy_token", summary: "Etsy access tokens (named etsy)", forms: [k(["etsy"], AN, 24)] }),
  token({
    type: "facebook_token",
    summary: "Facebook page access tokens (`EAAM`, `EAAC`) and app secrets (named facebook)",
    forms: [
      p(["EAAM", "EAAC"], AN, [100, 400]),
      k(["facebook", "fbapi", "fb_api", "fbsecret", "fb_secret", "fbapp", "fb_app"], HEXU, 32),
    ],
  }),
  token({
    type: "fastly_token",
    summary: "Fastly API tokens (named fastly)",
    forms: [k(["fastly"], URLSAFE_EQ, 32)],
  }),
  token({
    type: "finicity_token",
    summary: "Finicity tokens and client secrets (named finicity)",
    forms: [k(["finicity"], HEXU, 32), k(["finicity"], AN, 20)],
  }),
  token({
    type: "finnhub_token",
    summary: "Finnhub tokens (named finnhub)",
    forms: [k(["finnhub"], AN, 20)],
  }),
  token({ type: "flickr_token", summary: "Flickr tokens (named flickr)", forms: [k(["flickr"], AN, 32)] }),
  token({
    type: "flutterwave_key",
    summary: "Flutterwave keys (`FLWSECK_TEST-`, `FLWPUBK_TEST-`, `FLWSECK-`...)",
    forms: [
      p(["FLWSECK_TEST-", "FLWPUBK_TEST-", "FLWSECK-", "FLWPUBK-"], "A-Za-z0-9-", [12, 34], {
        shape: /[a-hA-H0-9]{32}-X|[a-hA-H0-9]{12}/,
        example: (r) => `${r(32, "a-h0-9")}-X`,
      }),
    ],
  }),
  token({
    type: "flyio_token",
    summary: "Fly.io tokens (`fo1_`, `fm1r_`, `fm1a_`, `fm2_`)",
    forms: [p(["fo1_"], URLSAFE, 43), p(["fm1r_", "fm1a_", "fm2_"], B64, [100, 4000])],
  }),
  token({
    type: "frameio_token",
    summary: "Frame.io API tokens (`fio-u-`)",
    forms: [p(["fio-u-"], URLSAFE_EQ, 64)],
  }),
  token({
    type: "freshbooks_token",
    summary: "FreshBooks tokens (named freshbooks)",
    forms: [k(["freshbooks"], AN, 64)],
  }),
  token({
    type: "figma_token",
    summary: "Figma personal access tokens (`figd_`)",
    forms: [p(["figd_"], URLSAFE, [40, 64])],
  }),
  token({
    type: "gitter_token",
    summary: "Gitter tokens (named gitter)",
    forms: [k(["gitter"], URLSAFE, 40)],
  }),
  token({
    type: "gocardless_token",
    summary: "GoCardless live tokens (`live_` near the word gocardless)",
    forms: [p(["live_"], URLSAFE_EQ, 40)],
    context: { require: ["gocardless"], window: NEAR },
  }),
  token({
    type: "grafana_token",
    summary: "Grafana API keys (`eyJrIjoi`), cloud tokens (`glc_`) and service-account tokens (`glsa_`)",
    forms: [
      p(["eyJrIjoi"], "A-Za-z0-9=", [70, 400]),
      p(["glc_"], B64, [32, 400]),
      p(["glsa_"], "A-Za-z0-9_", 41, {
        shape: /[A-Za-z0-9]{32}_[A-Fa-f0-9]{8}/,
        example: (r) => `${r(32, AN)}_${r(8, HEX)}`,
      }),
    ],
  }),
  token({ type: "groq_key", summary: "Groq API keys (`gsk_`)", forms: [p(["gsk_"], AN, 52)] }),
  token({
    type: "harness_token",
    summary: "Harness personal and service-account tokens (`pat.`, `sat.`)",
    forms: [
      p(["pat.", "sat."], "A-Za-z0-9_.-", 68, {
        shape: /[A-Za-z0-9_-]{22}\.[A-Za-z0-9]{24}\.[A-Za-z0-9]{20}/,
        needsDigit: true,
        example: (r) => `${r(22, AN)}.${r(24, AN)}.${r(20, AN)}`,
      }),
    ],
  }),
  token({
    type: "heroku_key",
    summary: "Heroku API keys (`HRKU-AA`, `HRKU-` and 60 characters or a UUID, or a UUID named heroku)",
    forms: [
      p(["HRKU-AA"], URLSAFE, 58),
      // Other `HRKU-` keys: the same 60 characters after the prefix, or a UUID (a key made before the prefix).
      p(["HRKU-"], URLSAFE, 60, { minClasses: 3 }),
      p(["HRKU-"], "0-9a-fA-F-", 36, { shape: UUID_SHAPE, example: uuid }),
      uuidForm(["heroku"]),
    ],
  }),
  token({
    type: "hubspot_key",
    summary: "HubSpot API keys (a UUID named hubspot) and private app tokens (`pat-na1-`...)",
    forms: [
      uuidForm(["hubspot"]),
      // Private app tokens: `pat-`, the hosting region, `-`, a UUID.
      p(["pat-na1-", "pat-na2-", "pat-eu1-", "pat-ap1-"], "0-9a-f-", 36, {
        shape: UUID_SHAPE,
        example: uuid,
      }),
    ],
  }),
  token({ type: "infracost_token", summary: "Infracost API tokens (`ico-`)", forms: [p(["ico-"], AN, 32)] }),
  token({
    type: "intercom_token",
    summary: "Intercom API keys (named intercom)",
    forms: [k(["intercom"], URLSAFE_EQ, 60)],
  }),
  token({
    type: "intra42_secret",
    summary: "42 intra client secrets (`s-s4t2ud-`, `s-s4t2af-`)",
    forms: [p(["s-s4t2ud-", "s-s4t2af-"], HEX, 64)],
  }),
  token({
    type: "kraken_token",
    summary: "Kraken API keys (named kraken)",
    forms: [k(["kraken"], "A-Za-z0-9/=_+-", [80, 90])],
  }),
  token({
    type: "kucoin_key",
    summary: "KuCoin keys and secrets (named kucoin)",
    forms: [k(["kucoin"], HEX, 24), uuidForm(["kucoin"])],
  }),
  token({
    type: "launchdarkly_token",
    summary:
      "LaunchDarkly API, SDK and mobile keys (`api-`, `sdk-`, `mob-` and a UUID) and tokens named launchdarkly",
    forms: [
      k(["launchdarkly"], URLSAFE_EQ, 40),
      p(["api-", "sdk-", "mob-"], "0-9a-f-", 36, {
        shape: UUID_SHAPE,
        example: uuid,
        context: { require: ["launchdarkly", "launch_darkly", "ld_"], window: NEAR },
      }),
    ],
  }),
  token({
    type: "linear_key",
    summary: "Linear API keys (`lin_api_`), OAuth tokens (`lin_oauth_`) and client secrets (named linear)",
    forms: [p(["lin_api_"], AN, 40), p(["lin_oauth_"], HEX, 64), k(["linear"], HEX, 32)],
  }),
  token({
    type: "linkedin_secret",
    summary: "LinkedIn client ids and secrets (named linkedin)",
    forms: [k(["linkedin", "linked_in", "linked-in"], AN, [14, 16])],
  }),
  token({
    type: "lob_key",
    summary: "Lob API keys (`live_`/`test_` near the word lob)",
    forms: [p(["live_pub_", "test_pub_"], HEX, 31), p(["live_", "test_"], HEX, 35)],
    context: { require: ["lob_", "lob.", "lob "], window: NEAR },
  }),
  token({
    type: "looker_secret",
    summary: "Looker client ids and secrets (named looker)",
    forms: [k(["looker"], AN, [20, 24])],
  }),
  token({
    type: "mailchimp_key",
    summary: "Mailchimp API keys (32 hex and a data-centre suffix, named mailchimp)",
    forms: [
      k(["mailchimp"], "a-f0-9us-", [36, 37], {
        shape: /[a-f0-9]{32}-us\d{1,2}/,
        example: (r) => `${r(32, HEX)}-us2${r(1, "0-9")}`,
      }),
      // On its own: 32 hex, `-us` and the data centre's number (the hex is read back from the literal).
      p(["-us"], "0-9", [1, 2], {
        lead: { alphabet: "a-f0-9", length: 32 },
        shape: /[a-f0-9]{32}-us\d{1,2}/,
        leadExample: (r) => r(32, HEX),
      }),
    ],
  }),
  token({
    type: "mailgun_key",
    summary: "Mailgun private keys (`key-`), public keys (`pubkey-`) and signing keys (named mailgun)",
    forms: [
      p(["pubkey-", "key-"], HEX, 32, { context: { require: ["mailgun", "mg_"], window: NEAR } }),
      k(["mailgun"], "a-h0-9-", 50, {
        shape: /[a-h0-9]{32}-[a-h0-9]{8}-[a-h0-9]{8}/,
        example: (r) => `${r(32, HEX)}-${r(8, HEX)}-${r(8, HEX)}`,
      }),
    ],
  }),
  token({
    type: "mapbox_token",
    summary: "Mapbox tokens (`pk.`/`sk.` named mapbox)",
    forms: [
      k(["mapbox"], "A-Za-z0-9.", 83, {
        prefixes: ["pk.", "sk.", "tk."],
        shape: /[A-Za-z0-9]{60}\.[A-Za-z0-9]{22}/,
        example: (r) => `${r(60, AN)}.${r(22, AN)}`,
      }),
    ],
  }),
  token({
    type: "mattermost_token",
    summary: "Mattermost tokens (named mattermost)",
    forms: [k(["mattermost"], AN, 26)],
  }),
  token({
    type: "messagebird_token",
    summary: "MessageBird keys (named messagebird)",
    forms: [
      k(["messagebird", "message_bird", "message-bird"], AN, 25),
      uuidForm(["messagebird", "message_bird", "message-bird"]),
    ],
  }),
  token({
    type: "microsoft_teams_webhook",
    summary:
      "Microsoft Teams incoming-webhook URLs (`webhook.office.com/webhookb2/`, and the older `outlook.office.com/webhook/`)",
    forms: [
      p(["webhook.office.com/webhookb2/", "outlook.office.com/webhook/"], "A-Za-z0-9@/-", [140, 200], {
        shape: /[0-9a-f-]{36}@[0-9a-f-]{36}\/IncomingWebhook\/[0-9a-f]{32}\/[0-9a-f-]{36}/,
        mask: "body",
        glued: false,
        example: (r) => {
          const u = () => uuid(r);
          return `${u()}@${u()}/IncomingWebhook/${r(32, HEX)}/${u()}`;
        },
      }),
    ],
  }),
  token({
    type: "netlify_token",
    summary: "Netlify personal access tokens (`nfp_`) and tokens named netlify",
    forms: [p(["nfp_"], AN, 36), k(["netlify"], URLSAFE_EQ, [40, 46])],
  }),
  token({
    type: "newrelic_key",
    summary:
      "New Relic keys (`NRAK-`, `NRII-`, `NRJS-`, `NRAA-`, `NRIQ-`, license keys ending `NRAL`, keys named newrelic)",
    // Documentation's filler (`a1b2c3d4...NRAL`): letters and digits stepping together.
    allow: [/a1b2c3d4|1a2b3c4d|d4c3b2a1/i],
    forms: [
      p(["NRAK-"], "A-Z0-9", 27),
      p(["NRII-"], "A-Za-z0-9-", 32),
      p(["NRJS-"], HEX, 19),
      // Admin keys, Insights query keys, and license keys (36 characters, then `NRAL`; EU keys start `eu01xx`).
      p(["NRAA-"], HEX, 27),
      p(["NRIQ-"], URLSAFE, 32, { minClasses: 3 }),
      p(["NRAL"], AN, 0, {
        lead: { alphabet: "a-z0-9", length: 36 },
        shape: /[a-z0-9]{36}NRAL/,
        leadExample: (r) => r(36, "a-f0-9"),
      }),
      k(["newrelic", "new_relic", "new-relic"], AN, 64),
    ],
  }),
  token({
    type: "notion_token",
    summary: "Notion integration tokens (`ntn_`, and `secret_` near the word notion)",
    forms: [
      p(["ntn_"], AN, 46, { minClasses: 3 }),
      p(["secret_"], AN, 43, { context: { require: ["notion"], window: NEAR } }),
    ],
  }),
  token({
    type: "nytimes_token",
    summary: "New York Times API keys (named nytimes)",
    forms: [k(["nytimes", "new-york-times", "newyorktimes"], URLSAFE_EQ, 32)],
  }),
  token({
    type: "octopus_deploy_key",
    summary: "Octopus Deploy API keys (`API-` + 26)",
    forms: [p(["API-"], "A-Z0-9", 26)],
  }),
  token({
    type: "okta_token",
    summary: "Okta API tokens (`00` + 40, named okta)",
    forms: [k(["okta"], URLSAFE_EQ, 40, { prefixes: ["00"] })],
  }),
  token({
    type: "openshift_token",
    summary: "OpenShift user tokens (`sha256~`)",
    forms: [p(["sha256~"], URLSAFE, 43)],
  }),
  token({ type: "perplexity_key", summary: "Perplexity API keys (`pplx-`)", forms: [p(["pplx-"], AN, 48)] }),
  token({
    type: "plaid_token",
    summary: "Plaid access tokens (`access-production-`...) and keys named plaid",
    forms: [
      p(["access-sandbox-", "access-development-", "access-production-"], "0-9a-f-", 36, {
        shape: UUID_SHAPE,
        example: uuid,
      }),
      k(["plaid"], AN, [24, 30], { minEntropy: 3.5 }),
    ],
  }),
  token({
    type: "planetscale_token",
    summary: "PlanetScale tokens and passwords (`pscale_tkn_`, `pscale_oauth_`, `pscale_pw_`)",
    forms: [p(["pscale_tkn_", "pscale_oauth_", "pscale_pw_"], "A-Za-z0-9_=.-", [32, 64])],
  }),
  token({
    type: "postman_token",
    summary: "Postman API keys (`PMAK-`) and collection access tokens (`PMAT-`)",
    forms: [
      p(["PMAT-"], "A-Z0-9", 26, { minClasses: 2 }),
      p(["PMAK-"], "A-Fa-f0-9-", 59, {
        shape: /[A-Fa-f0-9]{24}-[A-Fa-f0-9]{34}/,
        example: (r) => `${r(24, HEX)}-${r(34, HEX)}`,
      }),
    ],
  }),
  token({ type: "prefect_token", summary: "Prefect API keys (`pnu_`)", forms: [p(["pnu_"], AN, 36)] }),
  token({
    type: "privateai_token",
    summary: "Private AI keys (named privateai)",
    forms: [k(["privateai", "private_ai", "private-ai"], AN, 32)],
  }),
  token({
    type: "pulumi_token",
    summary: "Pulumi access tokens (`pul-` + 40 hex)",
    forms: [p(["pul-"], HEX, 40)],
  }),
  token({
    type: "pypi_token",
    summary: "PyPI and TestPyPI upload tokens (`pypi-AgEIcHlwaS5vcmc`, `pypi-AgENdGVzdC5weXBpLm9yZw`)",
    forms: [p(["pypi-AgEIcHlwaS5vcmc", "pypi-AgENdGVzdC5weXBpLm9yZw"], URLSAFE, [50, 1000])],
  }),
  token({
    type: "rapidapi_token",
    summary: "RapidAPI keys (named rapidapi)",
    forms: [k(["rapidapi"], URLSAFE, 50)],
  }),
  token({ type: "readme_token", summary: "ReadMe API keys (`rdme_`)", forms: [p(["rdme_"], "a-z0-9", 70)] }),
  token({
    type: "rubygems_token",
    summary: "RubyGems API keys (`rubygems_` + 48 hex)",
    forms: [p(["rubygems_"], HEX, 48)],
  }),
  token({
    type: "scalingo_token",
    summary: "Scalingo API tokens (`tk-us-`)",
    forms: [p(["tk-us-"], URLSAFE, 48)],
  }),
  token({
    type: "sendbird_token",
    summary: "Sendbird tokens and ids (named sendbird)",
    forms: [k(["sendbird"], HEX, 40), uuidForm(["sendbird"])],
  }),
  token({
    type: "sendinblue_key",
    summary: "Brevo (Sendinblue) API keys (`xkeysib-`)",
    forms: [
      p(["xkeysib-"], "A-Za-z0-9-", 81, {
        shape: /[a-f0-9]{64}-[A-Za-z0-9]{16}/,
        example: (r) => `${r(64, HEX)}-${r(16, AN)}`,
      }),
    ],
  }),
  token({
    type: "sentry_token",
    summary: "Sentry tokens (`sntryu_`, `sntrys_`, or 64 hex named sentry)",
    forms: [p(["sntryu_"], HEX, 64), p(["sntrys_"], "A-Za-z0-9+/=_-", [100, 600]), k(["sentry"], HEX, 64)],
  }),
  token({
    type: "settlemint_token",
    summary: "SettleMint access tokens (`sm_aat_`, `sm_pat_`, `sm_sat_`)",
    forms: [p(["sm_aat_", "sm_pat_", "sm_sat_"], AN, 16)],
  }),
  token({
    type: "shippo_token",
    summary: "Shippo API tokens (`shippo_live_`, `shippo_test_`)",
    forms: [p(["shippo_live_", "shippo_test_"], HEXU, 40)],
  }),
  token({
    type: "shopify_token",
    summary: "Shopify access tokens and shared secrets (`shpat_`, `shpca_`, `shppa_`, `shpss_`)",
    forms: [p(["shpat_", "shpca_", "shppa_", "shpss_"], AN, [30, 40])],
  }),
  token({
    type: "sidekiq_secret",
    summary: "Sidekiq Enterprise credentials (named `BUNDLE_*__CONTRIBSYS__COM`)",
    forms: [
      k(["contribsys__com"], "a-f0-9:", 17, {
        shape: /[a-f0-9]{8}:[a-f0-9]{8}/,
        example: (r) => `${r(8, HEX)}:${r(8, HEX)}`,
      }),
    ],
  }),
  token({ type: "snyk_token", summary: "Snyk API tokens (a UUID named snyk)", forms: [uuidForm(["snyk"])] }),
  token({
    type: "sonar_token",
    summary: "SonarQube / SonarCloud tokens (`sqp_`, `squ_`, `sqa_`, or 40 hex named sonar)",
    forms: [p(["sqp_", "squ_", "sqa_"], HEX, 40), k(["sonar"], HEX, 40)],
  }),
  token({
    type: "sourcegraph_token",
    summary: "Sourcegraph access tokens (`sgp_`)",
    forms: [
      p(["sgp_"], "A-Za-z0-9_", [40, 62], {
        shape: /(?:[a-fA-F0-9]{16}_|local_)?[a-fA-F0-9]{40}/,
        example: (r) => `${r(16, HEX)}_${r(40, HEX)}`,
      }),
      k(["sourcegraph"], HEX, 40),
    ],
  }),
  token({
    type: "square_token",
    summary: "Square access tokens and OAuth secrets (`EAAA`, `sq0atp-`, `sq0csp-`)",
    forms: [p(["EAAA", "sq0atp-", "sq0csp-"], URLSAFE, [22, 60])],
  }),
  token({
    type: "squarespace_token",
    summary: "Squarespace API keys (a UUID named squarespace)",
    forms: [uuidForm(["squarespace"])],
  }),
  token({
    type: "sumologic_key",
    summary: "Sumo Logic access ids and keys (named sumo)",
    forms: [k(["sumo"], AN, 12, { prefixes: ["su"] }), k(["sumo"], AN, 64)],
  }),
  token({
    type: "tailscale_key",
    summary: "Tailscale keys (`tskey-auth-`, `tskey-api-`, `tskey-client-`...)",
    forms: [
      p(["tskey-"], "A-Za-z0-9-", [20, 80], {
        shape: /(?:api|auth|client|scim|webhook)-[A-Za-z0-9]{6,}-[A-Za-z0-9]{16,}/,
        example: (r) => `auth-${r(12, AN)}-${r(24, AN)}`,
      }),
    ],
  }),
  token({
    type: "telegram_bot_token",
    summary: "Telegram bot tokens (in a bot API URL, a `tgram://` URL, or named telegram)",
    forms: [
      p(["api.telegram.org/bot", "tgram://"], "A-Za-z0-9_:-", [40, 52], {
        shape: /\d{5,16}:[A-Za-z0-9_-]{34,35}/,
        mask: "body",
        glued: false,
        example: (r) => `${r(10, "0-9")}:AA${r(33, URLSAFE)}`,
      }),
      k(["telegr", "tgram", "tg_bot"], "A-Za-z0-9_:-", [40, 52], {
        shape: /\d{5,16}:[A-Za-z0-9_-]{34,35}/,
        example: (r) => `${r(10, "0-9")}:AA${r(33, URLSAFE)}`,
      }),
      // On its own: the bot's numeric id, `:A` and 34 characters (the id is read back from the literal).
      p([":A"], URLSAFE, 34, {
        lead: { alphabet: "0-9", length: [5, 16] },
        shape: /\d{5,16}:A[A-Za-z0-9_-]{34}/,
        minClasses: 3,
        leadExample: (r) => r(10, "0-9"),
      }),
    ],
  }),
  token({
    type: "travisci_token",
    summary: "Travis CI tokens (named travis)",
    forms: [k(["travis"], AN, 22)],
  }),
  token({
    type: "twitch_token",
    summary: "Twitch API tokens (named twitch)",
    forms: [k(["twitch"], AN, 30)],
  }),
  token({
    type: "twitter_token",
    summary: "Twitter / X API keys, secrets and tokens (named twitter)",
    forms: [
      k(["twitter"], AN, [25, 50], { minEntropy: 3.5 }),
      k(["twitter"], "A-Za-z0-9-", [36, 66], {
        shape: /\d{15,25}-[A-Za-z0-9]{20,40}/,
        example: (r) => `${r(19, "0-9")}-${r(30, AN)}`,
      }),
      k(["twitter"], "A-Za-z0-9%", [102, 122], {
        shape: /A{22}[A-Za-z0-9%]{80,100}/,
        example: (r) => `${"A".repeat(22)}${r(90, AN)}`,
      }),
    ],
  }),
  token({
    type: "typeform_token",
    summary: "Typeform personal tokens (`tfp_`)",
    forms: [p(["tfp_"], "A-Za-z0-9_.=-", 59)],
  }),
  token({
    type: "vault_token",
    summary: "HashiCorp Vault service and batch tokens (`hvs.`, `hvb.`, or `s.` named vault)",
    forms: [
      p(["hvs."], URLSAFE, [90, 120], { needsDigit: true }),
      p(["hvb."], URLSAFE, [138, 300], { needsDigit: true }),
      k(["vault"], AN, 24, { prefixes: ["s."] }),
    ],
  }),
  token({
    type: "vercel_token",
    summary: "Vercel tokens (`vcp_`, `vci_`, `vca_`, `vcr_`, `vck_`)",
    forms: [p(["vcp_", "vci_", "vca_", "vcr_", "vck_"], AN, [24, 60])],
  }),
  token({
    type: "yandex_key",
    summary: "Yandex Cloud keys and tokens (named yandex)",
    forms: [
      k(["yandex"], URLSAFE, [35, 38], { prefixes: ["AQVN"] }),
      k(["yandex"], URLSAFE, 38, { prefixes: ["YC"] }),
      k(["yandex"], "A-Za-z0-9_=.-", [88, 200], {
        prefixes: ["t1."],
        shape: /[A-Za-z0-9_-]+=*\.[A-Za-z0-9_-]{86}/,
        example: (r) => `${r(20, AN)}.${r(86, URLSAFE)}`,
      }),
    ],
  }),
  // --- vendors beyond gitleaks' default configuration, from their published token formats -----------------------
  token({
    type: "nuget_key",
    summary: "NuGet API keys (`oy2` and 43 lower-case characters, named nuget)",
    // Keyed: `oy2` has no character the prefix scan can skip to (a search for its `2` stopped at every digit of JSON).
    forms: [k(["nuget"], "a-z0-9", 43, { prefixes: ["oy2"], minEntropy: 3.5 })],
  }),
  token({
    type: "supabase_token",
    summary: "Supabase access tokens (`sbp_` or `sbp_v0_` + 40 hex) and secret keys (`sb_secret_`)",
    forms: [p(["sbp_v0_", "sbp_"], HEX, 40), p(["sb_secret_"], URLSAFE, [30, 64])],
  }),
  token({ type: "render_key", summary: "Render API keys (`rnd_`)", forms: [p(["rnd_"], AN, 32)] }),
  token({ type: "replicate_token", summary: "Replicate API tokens (`r8_`)", forms: [p(["r8_"], AN, 37)] }),
  token({
    type: "xai_key",
    summary: "xAI API keys (`xai-` and 80 characters)",
    forms: [p(["xai-"], AN, 80)],
  }),
  token({
    type: "pinecone_key",
    summary: "Pinecone API keys (`pcsk_`)",
    forms: [p(["pcsk_"], URLSAFE, [50, 100], { needsDigit: true })],
  }),
  token({
    type: "langsmith_key",
    summary: "LangSmith personal and service keys (`lsv2_pt_`, `lsv2_sk_`: 32 hex, `_`, 10 hex)",
    forms: [
      p(["lsv2_pt_", "lsv2_sk_"], "a-f0-9_", 43, {
        shape: /[a-f0-9]{32}_[a-f0-9]{10}/,
        example: (r) => `${r(32, HEX)}_${r(10, HEX)}`,
      }),
    ],
  }),
  token({
    type: "azure_devops_token",
    summary: "Azure DevOps personal access tokens (52 base32 characters, named azure or devops)",
    forms: [k(["azure", "devops", "azdo", "ado_pat"], "a-z2-7", 52, { minEntropy: 3.5 })],
  }),
  token({
    type: "zendesk_key",
    summary: "Zendesk secret keys (named zendesk)",
    forms: [k(["zendesk"], AN, 40)],
  }),

  // --- gitleaks vendors whose token is found by a literal inside or after it (TokenForm.lead) ------------------
  token({
    type: "azure_ad_client_secret",
    summary:
      "Microsoft Entra ID (Azure AD) client secrets (three characters, a digit, `Q~`, 31-34 characters)",
    forms: [
      p(["Q~"], "A-Za-z0-9_~.-", [31, 34], {
        lead: { alphabet: "A-Za-z0-9_~.", length: 4 },
        shape: /[A-Za-z0-9_~.]{3}\dQ~[A-Za-z0-9_~.-]{31,34}/,
        leadExample: (r) => r(3, AN) + r(1, "0-9"),
      }),
    ],
  }),
  token({
    type: "jwt_base64",
    summary:
      "JSON Web Tokens encoded once more in base64 (`ZXlK...`: the base64 of a JWT header `eyJhbGciOi`, `eyJ0eXAiOi`, `eyJraWQiOi`)",
    forms: [
      p([j("ZXlKaGJH", "Y2lPaU"), j("ZXlKMGVY", "QWlPaU"), j("ZXlKcmFX", "UWlPaU")], B64, [60, 8000], {
        minEntropy: 3.5,
      }),
    ],
  }),
  token({
    type: "hashicorp_tf_token",
    summary:
      "HashiCorp Terraform Cloud / Enterprise API tokens (14 characters, `.atlasv1.`, 60-70 characters)",
    forms: [
      p([".atlasv1."], URLSAFE_EQ, [60, 70], {
        lead: { alphabet: "A-Za-z0-9", length: 14 },
        shape: /[A-Za-z0-9]{14}\.atlasv1\.[A-Za-z0-9_=-]{60,70}/,
      }),
    ],
  }),
  token({
    type: "maxmind_license_key",
    summary: "MaxMind license keys (6 and 29 characters, ending `_mmk`)",
    forms: [
      p(["_mmk"], AN, 0, {
        lead: { alphabet: "A-Za-z0-9_", length: 36 },
        shape: /[A-Za-z0-9]{6}_[A-Za-z0-9]{29}_mmk/,
        leadExample: (r) => `${r(6, AN)}_${r(29, AN)}`,
      }),
    ],
  }),
  token({
    type: "authress_key",
    summary:
      "Authress service client access keys (`sc_`, `ext_`, `scauth_`, `authress_` with `.acc_` inside)",
    forms: [
      p(["sc_", "ext_", "scauth_", "authress_"], "A-Za-z0-9._+/=-", [50, 200], {
        shape: /[A-Za-z0-9]{5,30}\.[A-Za-z0-9]{4,6}\.acc[_-][A-Za-z0-9-]{10,32}\.[A-Za-z0-9+/_=-]{30,120}/,
        example: (r) => `${r(12, AN)}.${r(5, "a-z0-9")}.acc_${r(20, "a-z0-9")}.${r(40, AN)}`,
      }),
    ],
  }),
  // --- session 10: vendors with a prefix or a name and no record before ----------------------------------------
  token({
    type: "buildkite_token",
    summary: "Buildkite user API access tokens (`bkua_` + 40 hex)",
    forms: [p(["bkua_"], HEX, 40, { exact: true })],
  }),
  token({
    type: "circleci_token",
    summary: "CircleCI personal and project API tokens (`CCIPAT_`, `CCIPRJ_`: 22 characters, `_`, 40 hex)",
    forms: [
      p(["CCIPAT_", "CCIPRJ_"], "A-Za-z0-9_", 63, {
        shape: /[A-Za-z0-9]{22}_[a-f0-9]{40}/,
        example: (r) => `${r(22, AN)}_${r(40, HEX)}`,
      }),
    ],
  }),
  token({
    type: "neon_key",
    summary: "Neon API keys (`napi_` + 64 lower-case letters and digits)",
    forms: [p(["napi_"], "a-z0-9", 64, { needsDigit: true })],
  }),
  token({
    type: "openrouter_key",
    summary: "OpenRouter API keys (`sk-or-v1-` + 64 hex)",
    forms: [p(["sk-or-v1-"], HEX, 64, { exact: true })],
  }),
  token({
    type: "nvidia_key",
    summary: "NVIDIA API catalog keys (`nvapi-` + 64)",
    forms: [p(["nvapi-"], URLSAFE, 64)],
  }),
  token({
    type: "langfuse_key",
    summary: "Langfuse secret keys (`sk-lf-` and a UUID)",
    forms: [p(["sk-lf-"], "0-9a-f-", 36, { shape: UUID_SHAPE, example: uuid })],
  }),
  token({
    type: "tencent_cloud_key",
    summary: "Tencent Cloud SecretIds (`AKID` + 32 letters and digits), as AWS access key ids",
    forms: [p(["AKID"], AN, 32, { exact: true, minClasses: 2 })],
  }),
  token({
    type: "mailersend_token",
    summary: "MailerSend API tokens (`mlsn.` + 64)",
    forms: [p(["mlsn."], AN, 64, { needsDigit: true })],
  }),
  token({
    type: "dbt_cloud_token",
    summary: "dbt Cloud service and personal tokens (`dbtc_`, `dbtu_`)",
    forms: [p(["dbtc_", "dbtu_"], URLSAFE, [40, 80])],
  }),
  token({
    type: "apify_token",
    summary: "Apify API tokens (`apify_api_` + 36)",
    forms: [p(["apify_api_"], AN, 36)],
  }),
  token({
    type: "posthog_key",
    summary:
      "PostHog personal and project secret API keys (`phx_`, `phs_`) and OAuth tokens (`pha_`, `phr_`); the project key `phc_` is public",
    // The body may hold `_` (`phx_` + 43 of the URL-safe alphabet).
    forms: [p(["phx_", "phs_", "pha_", "phr_"], "A-Za-z0-9_", [40, 60], { minClasses: 3 })],
  }),
  token({
    type: "resend_key",
    summary: "Resend API keys (`re_`, 8 characters, `_`, 24)",
    forms: [
      p(["re_"], "A-Za-z0-9_", 33, {
        shape: /[A-Za-z0-9]{8}_[A-Za-z0-9]{24}/,
        minClasses: 3,
        example: (r) => `${r(8, AN)}_${r(24, AN)}`,
      }),
    ],
  }),
  token({
    type: "cerebras_key",
    summary: "Cerebras API keys (`csk-` + 48 lower-case letters and digits)",
    forms: [p(["csk-"], "a-z0-9", [44, 52], { needsDigit: true })],
  }),
  token({
    type: "paddle_key",
    summary: "Paddle API keys (`pdl_live_apikey_`, `pdl_sdbx_apikey_`)",
    forms: [p(["pdl_live_apikey_", "pdl_sdbx_apikey_"], "A-Za-z0-9_", [40, 100], { needsDigit: true })],
  }),
  token({
    type: "mistral_key",
    summary: "Mistral AI API keys (32 letters and digits, named mistral)",
    forms: [k(["mistral"], AN, 32)],
  }),
  token({
    type: "deepseek_key",
    summary: "DeepSeek API keys (`sk-` + 32 hex, alone or named deepseek)",
    // Alone, `sk-` and exactly 32 hex (no other `sk-` key is all hex at that length; OpenAI's mix cases).
    forms: [k(["deepseek"], HEX, 32, { prefixes: ["sk-"] }), p(["sk-"], HEX, 32, { exact: true })],
  }),
  token({
    type: "auth0_secret",
    summary: "Auth0 client secrets (64, named auth0)",
    forms: [k(["auth0"], URLSAFE, 64)],
  }),
  token({
    type: "postmark_token",
    summary: "Postmark server and account tokens (a UUID named postmark)",
    forms: [uuidForm(["postmark"])],
  }),
  token({
    type: "railway_token",
    summary: "Railway API and project tokens (a UUID named railway)",
    forms: [uuidForm(["railway"])],
  }),
  token({
    type: "scaleway_key",
    summary: "Scaleway secret keys (a UUID named scaleway or scw_secret)",
    forms: [uuidForm(["scaleway", "scw_secret"])],
  }),
  token({
    type: "linode_token",
    summary: "Linode (Akamai) personal access tokens (64 hex, named linode)",
    forms: [k(["linode"], HEX, 64)],
  }),
  token({
    type: "vultr_key",
    summary: "Vultr API keys (36 upper-case letters and digits, named vultr)",
    forms: [k(["vultr"], "A-Z0-9", 36)],
  }),
  token({
    type: "hetzner_token",
    summary: "Hetzner Cloud API tokens (64 letters and digits, named hcloud or hetzner)",
    forms: [k(["hcloud", "hetzner"], AN, 64)],
  }),
  token({
    type: "pagerduty_token",
    summary: "PagerDuty API keys (20, named pagerduty)",
    forms: [k(["pagerduty"], "A-Za-z0-9_+-", 20)],
  }),
  token({
    type: "rollbar_token",
    summary: "Rollbar access tokens (32 hex, named rollbar)",
    forms: [k(["rollbar"], HEX, 32)],
  }),
  token({
    type: "bugsnag_key",
    summary: "Bugsnag API keys (32 hex, named bugsnag)",
    forms: [k(["bugsnag"], HEX, 32)],
  }),
  token({
    type: "honeycomb_key",
    summary: "Honeycomb API keys (22 or 32, named honeycomb)",
    forms: [k(["honeycomb"], AN, [22, 32])],
  }),
  token({
    type: "mixpanel_secret",
    summary: "Mixpanel project secrets (32 hex, named mixpanel)",
    forms: [k(["mixpanel"], HEX, 32)],
  }),
  token({
    type: "amplitude_key",
    summary: "Amplitude API and secret keys (32 hex, named amplitude)",
    forms: [k(["amplitude"], HEX, 32)],
  }),
  token({
    type: "gitguardian_token",
    summary: "GitGuardian API tokens (named gitguardian)",
    forms: [k(["gitguardian"], AN, [60, 72])],
  }),
  token({
    type: "ngrok_token",
    summary: "ngrok authtokens and API keys (named ngrok)",
    forms: [k(["ngrok"], "A-Za-z0-9_", [40, 60])],
  }),
  token({
    type: "pusher_secret",
    summary: "Pusher app secrets (20 hex, named pusher)",
    forms: [k(["pusher"], HEX, 20)],
  }),
  token({
    type: "pubnub_secret",
    summary: "PubNub secret keys (`sec-c-`)",
    forms: [p(["sec-c-"], "A-Za-z0-9=", [40, 60], { needsDigit: true })],
  }),
  token({
    type: "klaviyo_key",
    summary: "Klaviyo private API keys (`pk_`, named klaviyo)",
    forms: [k(["klaviyo"], AN, [30, 40], { prefixes: ["pk_"] })],
  }),
  token({
    type: "mandrill_key",
    summary: "Mandrill API keys (22, named mandrill)",
    forms: [k(["mandrill"], URLSAFE, 22)],
  }),
  token({
    type: "sparkpost_key",
    summary: "SparkPost API keys (40 hex, named sparkpost)",
    forms: [k(["sparkpost"], HEX, 40)],
  }),
  token({
    type: "mailjet_key",
    summary: "Mailjet API keys and secrets (32 hex, named mailjet)",
    forms: [k(["mailjet"], HEX, 32)],
  }),
  token({
    type: "telnyx_key",
    summary: "Telnyx API keys (`KEY`..., named telnyx)",
    forms: [k(["telnyx"], "A-Za-z0-9_-", [50, 70], { prefixes: ["KEY"] })],
  }),
  token({
    type: "plivo_token",
    summary: "Plivo auth tokens (40, named plivo)",
    forms: [k(["plivo"], AN, 40)],
  }),
  token({
    type: "vonage_secret",
    summary: "Vonage (Nexmo) API secrets (16, named vonage or nexmo)",
    forms: [k(["vonage", "nexmo"], AN, 16)],
  }),
  token({
    type: "razorpay_secret",
    summary: "Razorpay key secrets (24, named razorpay)",
    forms: [k(["razorpay"], AN, 24)],
  }),
  token({
    type: "etherscan_key",
    summary:
      "Etherscan-family API keys (34 upper-case letters and digits, named etherscan, bscscan, polygonscan)",
    forms: [k(["etherscan", "bscscan", "polygonscan"], "A-Z0-9", 34)],
  }),
  token({
    type: "infura_key",
    summary: "Infura project secrets (32 hex, named infura)",
    forms: [k(["infura"], HEX, 32)],
  }),
  token({
    type: "alchemy_key",
    summary: "Alchemy API keys (32, named alchemy)",
    forms: [k(["alchemy"], URLSAFE, 32)],
  }),
  token({
    type: "shodan_key",
    summary: "Shodan API keys (32, named shodan)",
    forms: [k(["shodan"], AN, 32)],
  }),
  token({
    type: "virustotal_key",
    summary: "VirusTotal API keys (64 hex, named virustotal)",
    forms: [k(["virustotal"], HEX, 64)],
  }),
  token({
    type: "abuseipdb_key",
    summary: "AbuseIPDB API keys (80 hex, named abuseipdb)",
    forms: [k(["abuseipdb"], HEX, 80)],
  }),
  token({
    type: "openweather_key",
    summary: "OpenWeather API keys (32 hex, named openweather)",
    forms: [k(["openweather"], HEX, 32)],
  }),
  token({
    type: "assemblyai_key",
    summary: "AssemblyAI API keys (32 hex, named assemblyai)",
    forms: [k(["assemblyai", "assembly_ai"], HEX, 32)],
  }),
  token({
    type: "deepgram_key",
    summary: "Deepgram API keys (40 hex, named deepgram)",
    forms: [k(["deepgram"], HEX, 40)],
  }),
  token({
    type: "elevenlabs_key",
    summary: "ElevenLabs API keys (32 hex named elevenlabs or xi_api_key, or `sk_` + 48 hex)",
    forms: [
      k(["elevenlabs", "eleven_labs", "xi_api_key", "xi-api-key"], HEX, 32),
      k(["elevenlabs", "eleven_labs", "xi_api_key", "xi-api-key"], HEX, 48, { prefixes: ["sk_"] }),
      p(["sk_"], HEX, 48, { exact: true }),
    ],
  }),
  token({
    type: "together_key",
    summary: "Together AI API keys (`tgp_v1_` and 43 URL-safe characters, or 64 hex named together)",
    forms: [p(["tgp_v1_"], URLSAFE, [40, 48], { minClasses: 3 }), k(["together"], HEX, 64)],
  }),
  token({
    type: "wandb_key",
    summary: "Weights & Biases API keys (40 hex, named wandb)",
    forms: [k(["wandb"], HEX, 40)],
  }),
  token({
    type: "clarifai_key",
    summary: "Clarifai API keys (32 hex, named clarifai)",
    forms: [k(["clarifai"], HEX, 32)],
  }),
  token({
    type: "spotify_secret",
    summary: "Spotify client secrets (32 hex, named spotify)",
    forms: [k(["spotify"], HEX, 32)],
  }),
  token({
    type: "unsplash_key",
    summary: "Unsplash access and secret keys (43, named unsplash)",
    forms: [k(["unsplash"], URLSAFE, 43)],
  }),
  token({
    type: "todoist_token",
    summary: "Todoist API tokens (40 hex, named todoist)",
    forms: [k(["todoist"], HEX, 40)],
  }),
  token({
    type: "trello_token",
    summary: "Trello API keys and tokens (32 or 64 hex, named trello)",
    forms: [k(["trello"], HEX, 32), k(["trello"], HEX, 64)],
  }),
  token({
    type: "smartsheet_token",
    summary: "Smartsheet API tokens (26 or 37, named smartsheet)",
    forms: [k(["smartsheet"], AN, [26, 37])],
  }),
  token({
    type: "loggly_token",
    summary: "Loggly customer tokens (a UUID named loggly)",
    forms: [uuidForm(["loggly"])],
  }),
  token({
    type: "gitea_token",
    summary: "Gitea access tokens (40 hex, named gitea)",
    forms: [k(["gitea"], HEX, 40)],
  }),
  token({
    type: "jenkins_token",
    summary: "Jenkins API tokens (32 or 34 hex, named jenkins)",
    forms: [k(["jenkins"], HEX, [32, 34])],
  }),
  token({
    type: "quay_token",
    summary: "Quay.io robot and OAuth tokens (named quay)",
    forms: [k(["quay"], AN, [32, 64])],
  }),
  token({
    type: "braintree_token",
    summary: "Braintree access tokens (`access_token$production$`, 16 characters, `$`, 32 hex)",
    forms: [
      p(["access_token$production$", "access_token$sandbox$"], "a-z0-9$", 49, {
        shape: /[a-z0-9]{16}\$[a-f0-9]{32}/,
        example: (r) => `${r(16, "a-z0-9")}$${r(32, HEX)}`,
      }),
    ],
  }),
  token({
    type: "clickup_token",
    summary: "ClickUp personal API tokens (`pk_`, a user id, `_`, 32 upper-case letters and digits)",
    forms: [
      p(["pk_"], "A-Z0-9_", [39, 43], {
        shape: /\d{6,10}_[A-Z0-9]{32}/,
        example: (r) => `${r(8, "0-9")}_${r(32, "A-Z0-9")}`,
      }),
    ],
  }),
  token({
    type: "salesforce_token",
    summary: "Salesforce access tokens (`00D`, the org id, `!`, the session)",
    forms: [
      p(["00D"], "A-Za-z0-9!._", [95, 130], {
        shape: /[A-Za-z0-9]{12,15}![A-Za-z0-9._]{80,112}/,
        example: (r) => `${r(12, AN)}!${r(96, AN)}`,
      }),
    ],
  }),
  token({
    type: "crates_io_token",
    summary: "crates.io API tokens (`cio` + 32 letters and digits)",
    forms: [p(["cio"], AN, 32, { exact: true, needsDigit: true, minClasses: 3 })],
  }),
  // --- session 11: vendors seen in kingfisher's and noseyparker's examples (formats from the vendors' documentation) ---
  token({
    type: "tavily_key",
    summary: "Tavily API keys (`tvly-` and 32 letters and digits)",
    forms: [p(["tvly-"], AN, 32, { minClasses: 3 })],
  }),
  token({
    type: "twitch_stream_key",
    summary: "Twitch stream keys (`live_`, the channel's numeric id, `_`, 30 letters and digits)",
    forms: [
      p(["live_"], "A-Za-z0-9_", [37, 43], {
        shape: /\d{6,12}_[A-Za-z0-9]{30}/,
        example: (r) => `${r(9, "0-9")}_${r(30, AN)}`,
      }),
    ],
  }),
  token({
    type: "azure_identifiable_key",
    summary:
      "Microsoft identifiable keys of 84 characters (52, the `JQQJ` signature, two digits, 26: Azure DevOps PATs and others)",
    forms: [
      p(["JQQJ"], AN, 28, {
        lead: { alphabet: AN, length: 52 },
        shape: /[A-Za-z0-9]{52}JQQJ\d{2}[A-Za-z0-9]{26}/,
        leadExample: (r) => r(52, AN),
        example: (r) => `${r(2, "0-9")}${r(26, AN)}`,
      }),
    ],
  }),
  token({
    type: "mongodb_atlas_key",
    summary: "MongoDB Atlas service-account secrets (`mdb_sa_sk_` and 40 characters)",
    forms: [p(["mdb_sa_sk_"], URLSAFE, 40, { minClasses: 3 })],
  }),
  token({
    type: "ionic_token",
    summary: "Ionic personal access tokens (`ion_` and 42 letters and digits)",
    forms: [p(["ion_"], AN, 42, { minClasses: 3 })],
  }),
  token({
    type: "dependency_track_key",
    summary: "Dependency-Track API keys (`odt_` and 32 or more letters and digits)",
    forms: [p(["odt_"], AN, [32, 40], { minClasses: 3 })],
  }),
  token({
    type: "segment_token",
    summary: "Segment public-API tokens (`sgp_` and 64 letters and digits)",
    forms: [p(["sgp_"], AN, 64, { minClasses: 3 })],
  }),
  token({
    type: "teamwork_token",
    summary: "Teamwork API tokens (`tkn.v1_` and a base64 body)",
    forms: [p(["tkn.v1_"], "A-Za-z0-9+/=", [56, 72], { minClasses: 3 })],
  }),
  token({
    type: "jina_key",
    summary: "Jina AI API keys (`jina_`)",
    forms: [p(["jina_"], URLSAFE, [56, 66], { needsDigit: true })],
  }),
] as const;

/**
 * Keyed forms of records that keep a detector of their own (secrets.ts): the credential-by-name walk must name a value
 * under such a key by that record, or the generic rule, which runs in the same walk, would name it first and the
 * record's own finding would be folded into it (the scanner keeps one name for one span).
 */
const KEYED_OWN_DETECTOR: readonly TokenRecordLike[] = [
  {
    id: "secret.aws_secret_key",
    type: "aws_secret_key",
    token: {
      // As aws-secret-key.ts judges a candidate: 40 base64 characters of three classes, entropy >= 4.
      forms: [
        k(
          ["secret_access_key", "secretaccesskey", "secret-access-key", "aws_secret", "awssecret"],
          "A-Za-z0-9/+",
          40,
          {
            minEntropy: 4,
            minClasses: 3,
          },
        ),
      ],
    },
  },
];
