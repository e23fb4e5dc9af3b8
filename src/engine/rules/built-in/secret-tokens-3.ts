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
    summary: "FriendliAI tokens (`flp_`)",
    forms: [p(["flp_"], AN, 46, { minClasses: 3 })],
  }),
  token({
    type: "fireworks_key",
    summary: "Fireworks AI keys (`fw_`)",
    forms: [p(["fw_"], AN, 24, { minClasses: 3 })],
  }),
  token({
    type: "zuplo_key",
    summary: "Zuplo keys (`zpka_`)",
    forms: [
      p(["zpka_"], "a-f0-9_", 41, {
        shape: /[a-f0-9]{32}_[a-f0-9]{8}/,
        example: (r) => `${r(32, HEX)}_${r(8, HEX)}`,
      }),
    ],
  }),
  token({
    type: "coderabbit_key",
    summary: "CodeRabbit keys (`cr-`)",
    forms: [p(["cr-"], HEX, 58, { exact: true })],
  }),
  token({
    type: "voyageai_key",
    summary: "Voyage AI keys (`pa-`)",
    forms: [p(["pa-"], URLSAFE, 43, { minClasses: 3, exact: true })],
  }),
  token({
    type: "riot_key",
    summary: "Riot Games keys (`RGAPI-`)",
    forms: [p(["RGAPI-"], "0-9a-fA-F-", 36, { shape: UUID_SHAPE, example: uuid })],
  }),
  token({
    type: "cursor_key",
    summary: "Cursor keys (`key_`, 64 hex)",
    forms: [p(["key_"], HEX, 64, { exact: true })],
  }),
  token({
    type: "runway_key",
    summary: "Runway keys (`key_`, 128 hex)",
    forms: [p(["key_"], HEX, 128, { exact: true })],
  }),
  token({
    type: "retell_key",
    summary: "Retell AI keys (`key_`, 28 hex)",
    forms: [p(["key_"], HEX, 28, { exact: true })],
  }),
  token({
    type: "scale_key",
    summary: "Scale AI keys (`live_`, 32 hex)",
    forms: [p(["live_", "live_auth_"], HEX, 32, { exact: true })],
  }),
  token({
    type: "mergify_key",
    summary: "Mergify application keys",
    forms: [p(["mergify_application_key_"], URLSAFE, [60, 70], { minClasses: 3 })],
  }),
  token({
    type: "wakatime_key",
    summary: "WakaTime keys (`waka_`)",
    forms: [
      p(["waka_"], "0-9a-f-", [32, 36], {
        shape: /[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}/,
        example: uuid,
      }),
    ],
  }),
  token({
    type: "razorpay_key_id",
    summary: "Razorpay key ids (`rzp_`)",
    forms: [p(["rzp_live_", "rzp_test_"], AN, 14, { minClasses: 3, exact: true })],
  }),
  token({
    type: "branch_key",
    summary: "Branch.io keys (`key_live_`)",
    forms: [p(["key_live_", "key_test_"], AN, 32, { minClasses: 3, exact: true })],
  }),
  token({
    type: "zapier_webhook",
    summary: "Zapier catch-hook URLs",
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
    summary: "Alchemy keys in node URLs",
    forms: [
      p(["alchemyapi.io/v2/", "alchemy.com/v2/"], URLSAFE, 32, { mask: "body", glued: false, exact: true }),
    ],
  }),
  token({
    type: "infura_url_key",
    summary: "Infura keys in node URLs",
    forms: [p(["infura.io/v3/"], HEX, 32, { mask: "body", glued: false, exact: true })],
  }),
  token({
    type: "coze_token",
    summary: "Coze tokens (`pat_`)",
    forms: [p(["pat_"], AN, 64, { minClasses: 3, exact: true })],
  }),
  token({
    type: "mattermost_webhook",
    summary: "Mattermost incoming hook ids",
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
    summary: "FileZilla saved passwords",
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
    summary: "AI21 keys (named ai21)",
    forms: [uuidForm(["ai21"])],
  }),
  token({
    type: "customerio_key",
    summary: "Customer.io keys (named customerio)",
    forms: [k(["customerio", "customer_io"], HEX, 20), k(["customerio", "customer_io"], HEX, 32)],
  }),
  token({
    type: "keen_key",
    summary: "Keen IO keys (named keen)",
    forms: [k(["keen_", "keen-", "keenio"], HEXU, 64)],
  }),
  // --- session 15: vendors of the osv-scalibr tune part's misses (tune-s15)
  token({
    type: "deno_token",
    summary: "Deno Deploy tokens (`ddp_`, `ddo_`)",
    forms: [p(["ddp_", "ddo_"], AN, 36, { minClasses: 3, exact: true })],
  }),
  // --- session 22: the session-22 tune part's misses (trufflehog's pattern tests)
  token({
    type: "azure_workflow_trigger_sig",
    summary:
      "Signatures of Azure Logic Apps and Power Automate HTTP-trigger URLs (`sig=` of a `paths/invoke` URL)",
    forms: [
      p(["sig="], URLSAFE, 43, {
        mask: "body",
        exact: true,
        minClasses: 3,
        context: { require: ["paths/invoke"], window: NEAR },
      }),
    ],
  }),
  token({
    type: "elastic_cloud_key",
    summary: "Elastic Cloud API keys (`essu_`)",
    forms: [p(["essu_"], B64, 92, { minClasses: 3, exact: true })],
  }),
];
