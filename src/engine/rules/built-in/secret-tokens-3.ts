import { AN, B64, HEX, HEXU, k, NEAR, p, token, URLSAFE, uuid, uuidForm } from "./secret-tokens.js";

/*
 * Vendor tokens of session 13, read by the same shared detector as secret-tokens.ts (`token()` registers every record
 * it builds). The vendors come from the tune parts' misses (CredSweeper's samples in the session-12 part): what each
 * vendor's token looks like (prefix, alphabet, length) is a public fact, re-expressed in this project's record shape;
 * no pattern, file text or example of another project is copied. Examples are derived from the forms at test time.
 *
 * A new vendor secret is one entry below.
 */

const BASE36_LOWER = "a-z0-9";
const UUID_SHAPE = /[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}/;

export const TOKEN_RULES_3 = [
  token({
    type: "llamacloud_key",
    summary: "LlamaCloud (LlamaIndex) API keys (`llx-` and 48 URL-safe characters)",
    forms: [p(["llx-"], URLSAFE, [44, 52], { minClasses: 3 })],
  }),
  token({
    type: "docker_swarm_token",
    summary: "Docker Swarm join tokens (`SWMTKN-1-`, 50 base36, `-`, 25 base36)",
    forms: [
      p(["SWMTKN-1-"], "a-z0-9-", 76, {
        shape: /[a-z0-9]{50}-[a-z0-9]{25}/,
        example: (r) => `${r(50, BASE36_LOWER)}-${r(25, BASE36_LOWER)}`,
      }),
    ],
  }),
  token({
    type: "wundergraph_key",
    summary: "WunderGraph Cosmo API keys (`cosmo_` and 32 hex)",
    forms: [p(["cosmo_"], HEX, 32)],
  }),
  // --- session 14: vendors of the titus tune part's misses (tune-s14), prefixes and lengths as each vendor issues them
  token({
    type: "friendli_token",
    summary: "FriendliAI personal access tokens (`flp_` and 46 letters and digits)",
    forms: [p(["flp_"], AN, 46, { minClasses: 3 })],
  }),
  token({
    type: "fireworks_key",
    summary: "Fireworks AI API keys (`fw_` and 24 letters and digits)",
    forms: [p(["fw_"], AN, 24, { minClasses: 3 })],
  }),
  token({
    type: "zuplo_key",
    summary: "Zuplo API keys (`zpka_`, 32 hex, `_`, 8 hex)",
    forms: [
      p(["zpka_"], "a-f0-9_", 41, {
        shape: /[a-f0-9]{32}_[a-f0-9]{8}/,
        example: (r) => `${r(32, HEX)}_${r(8, HEX)}`,
      }),
    ],
  }),
  token({
    type: "coderabbit_key",
    summary: "CodeRabbit API keys (`cr-` and 58 hex)",
    forms: [p(["cr-"], HEX, 58, { exact: true })],
  }),
  token({
    type: "voyageai_key",
    summary: "Voyage AI API keys (`pa-` and 43 URL-safe characters)",
    forms: [p(["pa-"], URLSAFE, 43, { minClasses: 3, exact: true })],
  }),
  token({
    type: "riot_key",
    summary: "Riot Games API keys (`RGAPI-` and a UUID)",
    forms: [p(["RGAPI-"], "0-9a-fA-F-", 36, { shape: UUID_SHAPE, example: uuid })],
  }),
  token({
    type: "cursor_key",
    summary: "Cursor API keys (`key_` and 64 hex)",
    forms: [p(["key_"], HEX, 64, { exact: true })],
  }),
  token({
    type: "runway_key",
    summary: "Runway API keys (`key_` and 128 hex)",
    forms: [p(["key_"], HEX, 128, { exact: true })],
  }),
  token({
    type: "retell_key",
    summary: "Retell AI API keys (`key_` and 28 hex)",
    forms: [p(["key_"], HEX, 28, { exact: true })],
  }),
  token({
    type: "scale_key",
    summary: "Scale AI API keys (`live_` or `live_auth_` and 32 hex)",
    forms: [p(["live_", "live_auth_"], HEX, 32, { exact: true })],
  }),
  token({
    type: "mergify_key",
    summary: "Mergify application keys (`mergify_application_key_` and 64 URL-safe characters)",
    forms: [p(["mergify_application_key_"], URLSAFE, [60, 70], { minClasses: 3 })],
  }),
  token({
    type: "wakatime_key",
    summary: "WakaTime API keys (`waka_` and a UUID, with or without its dashes)",
    forms: [
      p(["waka_"], "0-9a-f-", [32, 36], {
        shape: /[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}/,
        example: uuid,
      }),
    ],
  }),
  token({
    type: "razorpay_key_id",
    summary: "Razorpay key ids (`rzp_live_`, `rzp_test_` and 14 letters and digits)",
    forms: [p(["rzp_live_", "rzp_test_"], AN, 14, { minClasses: 3, exact: true })],
  }),
  token({
    type: "branch_key",
    summary: "Branch.io keys (`key_live_`, `key_test_` and 32 letters and digits)",
    forms: [p(["key_live_", "key_test_"], AN, 32, { minClasses: 3, exact: true })],
  }),
  token({
    type: "zapier_webhook",
    summary: "Zapier catch-hook URLs (`hooks.zapier.com/hooks/catch/`, the account's digits, the hook's id)",
    forms: [
      p(["hooks.zapier.com/hooks/catch/"], "a-z0-9/", [11, 20], {
        shape: /\d{5,10}\/[a-z0-9]{6,8}\/?/,
        mask: "body",
        glued: false,
        minEntropy: 2.5,
        example: (r) => `${r(8, "0-9")}/${r(7, "a-z0-9")}/`,
      }),
    ],
  }),
  token({
    type: "alchemy_url_key",
    summary:
      "Alchemy API keys in a node URL (`alchemyapi.io/v2/`, `g.alchemy.com/v2/` and 32 URL-safe characters)",
    forms: [
      p(["alchemyapi.io/v2/", "alchemy.com/v2/"], URLSAFE, 32, { mask: "body", glued: false, exact: true }),
    ],
  }),
  token({
    type: "infura_url_key",
    summary: "Infura project secrets in a node URL (`infura.io/v3/` and 32 hex)",
    forms: [p(["infura.io/v3/"], HEX, 32, { mask: "body", glued: false, exact: true })],
  }),
  token({
    type: "coze_token",
    summary: "Coze personal access tokens (`pat_` and 64 letters and digits)",
    forms: [p(["pat_"], AN, 64, { minClasses: 3, exact: true })],
  }),
  token({
    type: "mattermost_webhook",
    summary:
      "Mattermost incoming webhook ids (`/hooks/` and 26 lower-case letters and digits, near the word mattermost)",
    forms: [
      p(["/hooks/"], BASE36_LOWER, 26, {
        mask: "body",
        glued: false,
        minClasses: 2,
        exact: true,
        context: { require: ["mattermost"], window: NEAR },
      }),
    ],
  }),
  token({
    type: "filezilla_password",
    summary: 'FileZilla saved passwords (the base64 of a `<Pass encoding="base64">` element)',
    forms: [
      p(['<Pass encoding="base64">'], B64, [8, 512], {
        shape: /[A-Za-z0-9+/]+={0,2}/,
        mask: "body",
        glued: false,
        minEntropy: 3,
        example: (r) => `${r(24, AN)}==`,
      }),
    ],
  }),
  token({
    type: "ai21_key",
    summary: "AI21 Labs API keys (a UUID named ai21)",
    forms: [uuidForm(["ai21"])],
  }),
  token({
    type: "customerio_key",
    summary: "Customer.io tracking keys (20 hex) and app keys (32 hex), named customerio",
    forms: [k(["customerio", "customer_io"], HEX, 20), k(["customerio", "customer_io"], HEX, 32)],
  }),
  token({
    type: "keen_key",
    summary: "Keen IO read, write and master keys (64 hex, named keen)",
    forms: [k(["keen_", "keen-", "keenio"], HEXU, 64)],
  }),
];
