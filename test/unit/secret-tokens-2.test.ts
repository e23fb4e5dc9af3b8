/**
 * The second vendor record file (secret-tokens-2.ts, session 12): each vendor's token found under its own type in
 * the places it is written, with its near misses; and the records read by the one shared token detector. Values are
 * built from pieces at test time; no credential-shaped literal is written here.
 */
import { describe, expect, it } from "vitest";
import { detectTokens } from "../../src/engine/rules/built-in/secret-tokens.js";
import { TOKEN_RULES_2 } from "../../src/engine/rules/built-in/secret-tokens-2.js";
import { SECRET_RULES } from "../../src/engine/rules/built-in/secrets.js";
import type { TextMatch } from "../../src/engine/types.js";
import { AN, HEX, j, LOWER_AN, run } from "../helpers/fake-pieces.js";
import { secretsFound } from "../helpers/secret-matches.js";

const DIGITS = "0123456789";
const uuid = (seed: number, alphabet = HEX) =>
  [run(8, alphabet, seed), run(4, alphabet, seed + 1), run(4, alphabet, seed + 2), run(4, alphabet, seed + 3)]
    .concat(run(12, alphabet, seed + 4))
    .join("-");

const found = secretsFound;

describe("vendors of secret-tokens-2.ts, each under its own type", () => {
  const cases: [string, string, string, string][] = [
    // [vendor, text around the token, the token, its type]
    ["Pagar.me", "PAGARME_API_KEY=", j("ak_", "live_", run(30, AN, 1)), "pagarme_key"],
    ["Ubidots", "headers: { 'X-Auth-Token': '", j("BB", "FF-", run(30, AN, 2)), "ubidots_token"],
    [
      "Ticket Tailor",
      "auth = ",
      j("sk", "_", run(4, DIGITS, 3), "_", run(6, DIGITS, 4), "_", run(32, HEX, 5)),
      "tickettailor_key",
    ],
    ["PubNub publish key", "publishKey: '", j("pub", "-c-", uuid(6, LOWER_AN)), "pubnub_key"],
    ["PubNub subscribe key", "subscribeKey: '", j("sub", "-c-", uuid(11, LOWER_AN)), "pubnub_key"],
    [
      "Voiceflow",
      "Authorization: ",
      j("VF", ".DM.", run(24, HEX, 16), ".", run(16, AN, 17)),
      "voiceflow_key",
    ],
    ["Zoho", "access_token=", j("10", "00.", run(32, HEX, 18), ".", run(32, HEX, 19)), "zoho_token"],
    ["StackHawk", "HAWK_API_KEY: ", j("ha", "wk.", run(20, AN, 20), ".", run(20, AN, 21)), "stackhawk_key"],
    ["Flexport", "Bearer ", j("shl", "tm_", run(40, AN, 22)), "flexport_token"],
    ["EcoStruxure IT", "apiKey: ", j("AK", "1", run(52, AN, 23)), "ecostruxure_key"],
    ["FullStory", "Authorization: Basic ", j("na", "1.", run(100, AN, 24)), "fullstory_key"],
    ["Sourcegraph license", "licenseKey: ", j("sl", "k_", run(64, HEX, 25)), "sourcegraph_license_key"],
    [
      "Blynk client credentials",
      "curl -u ",
      j("oa2-", "client-id_", run(32, AN, 26), ":", run(40, AN, 27)),
      "blynk_credentials",
    ],
    ["New Relic REST", "X-Api-Key: ", j("NR", "RA-", run(42, HEX, 28)), "newrelic_rest_key"],
    ["Pixie", "PX_API_KEY=", j("px-", "api-", uuid(29)), "pixie_key"],
    ["AWS AppSync", "'x-api-key': '", j("da", "2-", run(26, LOWER_AN, 34)), "aws_appsync_key"],
    ["Amazon MWS", "MWSAuthToken=", j("amzn", ".mws.", uuid(35)), "amazon_mws_token"],
    ["Firecrawl", "FIRECRAWL_API_KEY=", j("fc", "-", run(32, HEX, 40)), "firecrawl_key"],
    ["Azure DevOps", "pat: ", j(run(76, AN, 41), "AZ", "DO", run(4, AN, 42)), "azure_devops_pat"],
    [
      "Firebase Cloud Messaging",
      "server_key: ",
      j("AA", "AA", run(7, AN, 43), ":APA", "91b", run(134, AN, 44)),
      "fcm_server_key",
    ],
    ["WooCommerce key", "consumer_key: '", j("c", "k_", run(40, HEX, 45)), "woocommerce_key"],
    ["WooCommerce secret", "consumer_secret: '", j("c", "s_", run(40, HEX, 46)), "woocommerce_key"],
    ["Instagram", "access_token=", j("IG", "QV", run(160, AN, 47)), "instagram_token"],
    ["Pinterest", "Authorization: Bearer ", j("pi", "na_", run(100, AN, 48)), "pinterest_token"],
    ["Modal", "MODAL_TOKEN_SECRET=", j("a", "s-", run(22, AN, 49)), "modal_token"],
    ["neptune.ai", "NEPTUNE_API_TOKEN=", j("eyJhcGlf", "YWRkcmVzcyI6", run(120, AN, 51)), "neptune_token"],
    [
      "Courier",
      "const courier = new CourierClient({ authorizationToken: '",
      j("pk_", "prod_", run(28, AN, 53)),
      "courier_key",
    ],
    ["PandaScore", "PANDASCORE_TOKEN=", run(51, `${AN}_-`, 54), "pandascore_token"],
    ["Mollie", "mollie.setApiKey('", j("li", "ve_", run(30, AN, 52)), "mollie_key"],
  ];
  it.each(cases)("%s", (_vendor, before, token, type) => {
    expect(found(`${before}${token}\n`)).toContainEqual([type, token]);
  });

  it("a Ticket Tailor key and a Stripe key on one line: each its own vendor's", () => {
    const tailor = j("sk", "_", run(4, DIGITS, 3), "_", run(6, DIGITS, 4), "_", run(32, HEX, 5));
    const stripe = j("sk", "_live_", run(24, AN, 50));
    const text = `keys = ["${tailor}", "${stripe}"]`;
    expect(found(text)).toEqual(
      expect.arrayContaining([
        ["tickettailor_key", tailor],
        ["stripe_key", stripe],
      ]),
    );
  });

  it("URLs that carry the secret: the body is reported, not the host", () => {
    const device = run(20, LOWER_AN, 60);
    const thingsboard = `curl -X POST https://${j("thingsboard", ".cloud/api/v1/")}${device}/telemetry`;
    expect(found(thingsboard)).toContainEqual(["thingsboard_token", device]);
    const hook = j(run(32, LOWER_AN, 61), "/", run(32, LOWER_AN, 62));
    expect(found(`POST https://acme${j(".tines", ".com/webhook/")}${hook}`)).toContainEqual([
      "tines_webhook",
      hook,
    ]);
  });

  it("keys that need their vendor's name: near it, found; far from it, not", () => {
    const secret = j(run(43, AN, 70), "=");
    const config = `Endpoint=https://acme${j(".azconfig", ".io")};Id=${run(4, AN, 71)}-l0-s0:${run(20, AN, 72)};Secret=${secret}`;
    expect(found(config)).toContainEqual(["azure_app_config_secret", secret]);
    expect(found(`Secret=${secret}`).map(([type]) => type)).not.toContain("azure_app_config_secret");
    const oauth = j("v", "2/", run(388, AN, 73));
    expect(found(`SHUTTERSTOCK_TOKEN: ${oauth}`)).toContainEqual(["shutterstock_token", oauth]);
    expect(found(`path: ${oauth}`).map(([type]) => type)).not.toContain("shutterstock_token");
  });

  it("keyed forms: the value under a key naming the vendor", () => {
    const app = j(run(15, DIGITS, 80), "|", run(32, HEX, 81));
    expect(found(`FACEBOOK_ACCESS_TOKEN="${app}"`)).toContainEqual(["facebook_app_token", app]);
    const reporter = run(64, HEX, 82);
    expect(found(`env:\n  CC_TEST_REPORTER_ID: ${reporter}\n`)).toContainEqual([
      "codeclimate_token",
      reporter,
    ]);
    const device = run(20, LOWER_AN, 83);
    expect(found(`{"provisionDeviceSecret": "${device}"}`)).toContainEqual(["thingsboard_token", device]);
    const skrapp = run(42, AN, 84);
    expect(found(`SKRAPP_API_KEY=${skrapp}`)).toContainEqual(["skrapp_key", skrapp]);
  });

  it("near misses: prose, amounts, versions and paths that share a prefix", () => {
    for (const text of [
      "the hawk.flies over the field",
      "total 1000.00 EUR, ref 1000.5",
      "see docs/v2/guide and api/v2/users",
      "subscribe with sub-c-channel-name",
      "class BBFF-Widget",
      `value=${j("fc", "-")}${"0".repeat(32)}`,
      `FACEBOOK_APP_ID=${run(15, DIGITS, 90)}`,
      `it is provided as-${run(22, AN, 91)} by default`,
      `payment ${j("li", "ve_", run(30, AN, 92))} settled`,
      `${j("c", "k_", "0".repeat(40))}`,
    ])
      expect(found(text), text).toEqual([]);
  });
});

describe("one detector for both record files", () => {
  it("every record of secret-tokens-2.ts is registered and shares the token detector", () => {
    const byId = new Map(SECRET_RULES.map((r) => [r.id, r]));
    for (const record of TOKEN_RULES_2) {
      expect(byId.get(record.id), record.id).toBe(record);
      expect(record.detector).toBe(detectTokens);
    }
  });

  it("the shared detector reports the second file's tokens (no second detector, no second walk)", () => {
    const token = j("BB", "FF-", run(30, AN, 2));
    const out: TextMatch[] = [];
    detectTokens().detect(`X-Auth-Token: ${token}`, out);
    expect(out.map((m) => m.ruleId)).toContain("secret.ubidots_token");
  });
});
