import type { BodyExample } from "../../detectors/secrets/token-examples.js";
import { AN, B64, HEX, k, NEAR, p, token, URLSAFE, uuid } from "./secret-tokens.js";

/*
 * More vendor tokens as data, read by the same shared detector as secret-tokens.ts (`token()` registers every record
 * it builds). What each vendor's token looks like (prefix, alphabet, length, signature) is a public fact; the vendors
 * here come from session 12's tune misses and rule lists of kingfisher and noseyparker (Apache-2.0) and gitleaks'
 * default configuration (MIT), re-expressed in this project's record shape: no pattern, file text or example of
 * theirs is copied. Examples are derived from the forms at test time (token-examples.ts).
 *
 * A new vendor secret is one entry below.
 */

const LOWER_AN = "a-z0-9";
const lowerUuid: BodyExample = (r) =>
  [r(8, LOWER_AN), r(4, LOWER_AN), r(4, LOWER_AN), r(4, LOWER_AN), r(12, LOWER_AN)].join("-");
const UUID_LOWER_AN = /[0-9a-z]{8}-[0-9a-z]{4}-[0-9a-z]{4}-[0-9a-z]{4}-[0-9a-z]{12}/;
const UUID_HEX = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/;

export const TOKEN_RULES_2 = [
  // --- gitleaks' default configuration: the one vendor rule left without a record -----------------------------
  token({
    type: "facebook_app_token",
    summary:
      "Facebook app access tokens (the app id, `|` or `%7C`, the app secret or client token), named facebook",
    forms: [
      k(["facebook", "fb_access", "fbaccess", "fb_app", "fb_token"], "0-9A-Za-z_|%-", [43, 60], {
        shape: /\d{15,16}(?:\||%7[Cc])[0-9A-Za-z_-]{27,40}/,
        example: (r) => `${r(15, "0-9")}|${r(32, HEX)}`,
      }),
    ],
  }),
  // --- vendors of the session-12 tune misses (kingfisher's and noseyparker's rule lists) --------------------------
  token({
    type: "pagarme_key",
    summary: "Pagar.me API keys (`ak_live_`, `ak_test_` and 30 letters and digits)",
    forms: [p(["ak_live_", "ak_test_"], AN, 30, { minClasses: 2 })],
  }),
  token({
    type: "ubidots_token",
    summary: "Ubidots tokens (`BBFF-` and 30 letters and digits)",
    forms: [p(["BBFF-"], AN, 30, { minClasses: 2 })],
  }),
  token({
    type: "tickettailor_key",
    summary: "Ticket Tailor API keys (`sk_`, four digits, six digits, 32 hex)",
    forms: [
      p(["sk_"], "0-9a-f_", 44, {
        shape: /\d{4}_\d{6}_[a-f0-9]{32}/,
        example: (r) => `${r(4, "0-9")}_${r(6, "0-9")}_${r(32, HEX)}`,
      }),
    ],
  }),
  token({
    type: "thingsboard_token",
    summary:
      "ThingsBoard device access tokens (in a `thingsboard.cloud/api/v1/` URL) and provisioning secrets",
    forms: [
      p(["thingsboard.cloud/api/v1/"], LOWER_AN, 20, {
        mask: "body",
        glued: false,
        minClasses: 2,
        exact: true,
      }),
      k(["provisiondevicekey", "provisiondevicesecret"], LOWER_AN, 20, { minClasses: 2 }),
    ],
  }),
  token({
    type: "pubnub_key",
    summary: "PubNub publish and subscribe keys (`pub-c-`, `sub-c-` and a UUID-shaped body)",
    forms: [p(["pub-c-", "sub-c-"], "0-9a-z-", 36, { shape: UUID_LOWER_AN, example: lowerUuid })],
  }),
  token({
    type: "codeclimate_token",
    summary: "Code Climate test reporter ids and tokens (64 hex, named codeclimate or CC_TEST_REPORTER_ID)",
    forms: [k(["cc_test_reporter_id", "codeclimate", "code_climate"], HEX, 64)],
  }),
  token({
    type: "shutterstock_token",
    summary: "Shutterstock OAuth tokens (`v2/` and 388 letters and digits, near the name shutterstock)",
    forms: [p(["v2/"], AN, 388, { minClasses: 3, exact: true })],
    context: { require: ["shutterstock"], window: NEAR },
  }),
  token({
    type: "voiceflow_key",
    summary: "Voiceflow API keys (`VF.`, an optional `DM.`/`WS.`, 24 hex, `.`, 16 letters and digits)",
    forms: [
      p(["VF."], "A-Za-z0-9.", [41, 44], {
        shape: /(?:(?:DM|WS)\.)?[a-fA-F0-9]{24}\.[A-Za-z0-9]{16}/,
        example: (r) => `DM.${r(24, HEX)}.${r(16, AN)}`,
      }),
    ],
  }),
  token({
    type: "zoho_token",
    summary: "Zoho OAuth access and refresh tokens (`1000.`, 32 hex, `.`, 32 hex)",
    forms: [
      p(["1000."], "a-f0-9.", 65, {
        shape: /[a-f0-9]{32}\.[a-f0-9]{32}/,
        example: (r) => `${r(32, HEX)}.${r(32, HEX)}`,
      }),
    ],
  }),
  token({
    type: "stackhawk_key",
    summary: "StackHawk API keys (`hawk.`, 20, `.`, 20 URL-safe characters)",
    forms: [
      p(["hawk."], "A-Za-z0-9_.-", 41, {
        shape: /[A-Za-z0-9_-]{20}\.[A-Za-z0-9_-]{20}/,
        example: (r) => `${r(20, AN)}.${r(20, AN)}`,
      }),
    ],
  }),
  token({
    type: "flexport_token",
    summary: "Flexport API keys (`shltm_` and 40 URL-safe characters)",
    forms: [p(["shltm_"], URLSAFE, 40, { minClasses: 2 })],
  }),
  token({
    type: "ecostruxure_key",
    summary: "Schneider Electric EcoStruxure IT API keys (`AK1` and 50-55 letters, digits and `/`)",
    forms: [p(["AK1"], "A-Za-z0-9/", [50, 55], { minClasses: 3, minEntropy: 4 })],
  }),
  token({
    type: "fullstory_key",
    summary: "FullStory API keys (`na1.` and 100 base64 characters)",
    forms: [p(["na1."], "A-Za-z0-9+/", 100, { minClasses: 3, minEntropy: 4, exact: true })],
  }),
  token({
    type: "sourcegraph_license_key",
    summary: "Sourcegraph license keys (`slk_` and 64 hex)",
    forms: [p(["slk_"], HEX, 64)],
  }),
  token({
    type: "blynk_credentials",
    summary: "Blynk organization client credentials (`oa2-client-id_`, 32, `:`, the 40-character secret)",
    forms: [
      p(["oa2-client-id_"], "A-Za-z0-9_:-", 73, {
        shape: /[A-Za-z0-9_-]{32}:[A-Za-z0-9_-]{40}/,
        example: (r) => `${r(32, AN)}:${r(40, AN)}`,
      }),
    ],
  }),
  token({
    type: "azure_app_config_secret",
    summary: "Azure App Configuration connection-string secrets (`Secret=` after an `.azconfig.io` endpoint)",
    forms: [
      p(["Secret="], "A-Za-z0-9+/=", [37, 51], {
        shape: /[A-Za-z0-9+/]{36,50}=/,
        mask: "body",
        glued: false,
        minEntropy: 3.5,
        example: (r) => `${r(43, AN)}=`,
      }),
    ],
    context: { require: [".azconfig.io"], window: 160 },
  }),
  token({
    type: "tines_webhook",
    summary: "Tines webhook URLs (`.tines.com/webhook/`, 32, `/`, the 32-character secret)",
    forms: [
      p([".tines.com/webhook/"], "a-z0-9/", 65, {
        shape: /[a-z0-9]{32}\/[a-z0-9]{32}/,
        mask: "body",
        glued: false,
        example: (r) => `${r(32, LOWER_AN)}/${r(32, LOWER_AN)}`,
      }),
    ],
  }),
  token({
    type: "courier_key",
    summary: "Courier API keys (`pk_prod_`, `pk_test_` and 28 letters and digits, near the name courier)",
    forms: [p(["pk_prod_", "pk_test_"], AN, 28, { minClasses: 2, exact: true })],
    context: { require: ["courier"], window: NEAR },
  }),
  token({
    type: "pandascore_token",
    summary: "PandaScore API tokens (51 URL-safe characters, named pandascore)",
    forms: [k(["pandascore"], URLSAFE, 51, { minClasses: 3 })],
  }),
  token({
    type: "skrapp_key",
    summary: "Skrapp.io API keys (42 letters and digits, named skrapp)",
    forms: [k(["skrapp"], AN, 42)],
  }),
  token({
    type: "newrelic_rest_key",
    summary: "New Relic REST API keys (`NRRA-` and 42 hex)",
    forms: [p(["NRRA-"], HEX, 42)],
  }),
  token({
    type: "pixie_key",
    summary: "New Relic Pixie API and deploy keys (`px-api-`, `px-dep-` and a UUID)",
    forms: [p(["px-api-", "px-dep-"], "a-f0-9-", 36, { shape: UUID_HEX, example: uuid })],
  }),
  token({
    type: "aws_appsync_key",
    summary: "AWS AppSync API keys (`da2-` and 26 lower-case letters and digits)",
    forms: [p(["da2-"], LOWER_AN, 26, { minClasses: 2, exact: true })],
  }),
  token({
    type: "amazon_mws_token",
    summary: "Amazon Marketplace Web Service auth tokens (`amzn.mws.` and a UUID)",
    forms: [p(["amzn.mws."], "a-f0-9-", 36, { shape: UUID_HEX, example: uuid })],
  }),
  token({
    type: "firecrawl_key",
    summary: "Firecrawl API keys (`fc-` and 32 hex)",
    forms: [p(["fc-"], HEX, 32, { exact: true })],
  }),
  token({
    type: "azure_devops_pat",
    summary: "Azure DevOps personal access tokens of 84 characters (76, the `AZDO` signature, 4)",
    forms: [
      p(["AZDO"], AN, 4, {
        lead: { alphabet: AN, length: 76 },
        shape: /[A-Za-z0-9]{76}AZDO[A-Za-z0-9]{4}/,
        leadExample: (r) => r(76, AN),
        example: (r) => r(4, AN),
      }),
    ],
  }),
  // --- other vendors with a literal of their own (no record before; found by auditing the records' prefixes) -----
  token({
    type: "fcm_server_key",
    summary: "Firebase Cloud Messaging legacy server keys (`AAAA`, 7, `:APA91b`, 134 URL-safe characters)",
    forms: [
      p([":APA91b"], URLSAFE, 134, {
        lead: { alphabet: URLSAFE, length: 11 },
        shape: /AAAA[A-Za-z0-9_-]{7}:APA91b[A-Za-z0-9_-]{134}/,
        leadExample: (r) => `AAAA${r(7, AN)}`,
        example: (r) => r(134, AN),
      }),
    ],
  }),
  token({
    type: "woocommerce_key",
    summary: "WooCommerce REST API consumer keys and secrets (`ck_`, `cs_` and 40 hex)",
    forms: [p(["ck_", "cs_"], HEX, 40, { exact: true })],
  }),
  token({
    type: "instagram_token",
    summary: "Instagram Graph API access tokens (`IGQV` and a long URL-safe body)",
    forms: [p(["IGQV"], URLSAFE, [100, 400], { minClasses: 3, minEntropy: 4 })],
  }),
  token({
    type: "pinterest_token",
    summary: "Pinterest API access tokens (`pina_` and a long URL-safe body)",
    forms: [p(["pina_"], URLSAFE, [60, 200], { minClasses: 3, minEntropy: 4 })],
  }),
  token({
    type: "modal_token",
    summary: "Modal token ids and secrets (`ak-`, `as-` and 22 letters and digits, near the name modal)",
    forms: [p(["ak-", "as-"], AN, 22, { minClasses: 3, exact: true })],
    context: { require: ["modal"], window: NEAR },
  }),
  token({
    type: "neptune_token",
    summary: "neptune.ai API tokens (base64 of a JSON object opening with `api_address`)",
    forms: [p(["eyJhcGlfYWRkcmVzcyI6"], B64, [80, 400], { minClasses: 3 })],
  }),
  token({
    type: "mollie_key",
    summary: "Mollie API keys (`live_`, `test_` and 30 letters and digits, near the name mollie)",
    forms: [p(["live_", "test_"], AN, 30, { minClasses: 2, exact: true })],
    context: { require: ["mollie"], window: NEAR },
  }),
] as const;
