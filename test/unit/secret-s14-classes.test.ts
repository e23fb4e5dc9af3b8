/**
 * Session 14's secret classes (from the titus tune part's misses and false positives, tune-s14): vendor tokens with
 * no record (secret-tokens-3.ts, and the bare forms of DeepSeek and ElevenLabs), and the look-alikes. Values are built
 * from pieces at test time; no credential-shaped literal is written here.
 */
import { describe, expect, it } from "vitest";
import { AN, fakeUuid, HEX, j, LOWER_AN, run, URLSAFE } from "../helpers/fake-pieces.js";
import { secretsFound } from "../helpers/secret-matches.js";

const uuid = fakeUuid;

const found = secretsFound;

describe("vendor tokens of session 14, each under its vendor's type", () => {
  const cases: [string, string, string, string][] = [
    // [vendor, text before the token, the token (or the part reported), its type]
    ["FriendliAI", "FRIENDLI_TOKEN=", j("fl", "p_", run(46, AN, 1)), "friendli_token"],
    ["Fireworks AI", "api_key = ", j("f", "w_", run(24, AN, 2)), "fireworks_key"],
    ["Zuplo", "key: ", j("zp", "ka_", run(32, HEX, 3), "_", run(8, HEX, 4)), "zuplo_key"],
    ["CodeRabbit", "", j("c", "r-", run(58, HEX, 5)), "coderabbit_key"],
    ["Voyage AI", "VOYAGE_API_KEY=", j("p", "a-", run(43, URLSAFE, 6)), "voyageai_key"],
    ["Riot Games", "", j("RG", "API-", uuid(7)), "riot_key"],
    ["Cursor", "", j("ke", "y_", run(64, HEX, 8)), "cursor_key"],
    ["Runway", "", j("ke", "y_", run(128, HEX, 9)), "runway_key"],
    ["Retell AI", "", j("ke", "y_", run(28, HEX, 10)), "retell_key"],
    ["Scale AI", "", j("li", "ve_", run(32, HEX, 11)), "scale_key"],
    ["Scale AI auth", "", j("li", "ve_auth_", run(32, HEX, 12)), "scale_key"],
    ["Mergify", "", j("mergify_application", "_key_", run(64, URLSAFE, 13)), "mergify_key"],
    ["WakaTime", "api_key: ", j("wa", "ka_", uuid(14)), "wakatime_key"],
    ["Razorpay key id", "RAZORPAY_KEY_ID=", j("rzp", "_live_", run(14, AN, 15)), "razorpay_key_id"],
    ["Branch.io", 'branch.init("', j("key", "_live_", run(32, AN, 16)), "branch_key"],
    ["DeepSeek, alone", "", j("s", "k-", run(32, HEX, 17)), "deepseek_key"],
    ["ElevenLabs, alone", "", j("s", "k_", run(48, HEX, 18)), "elevenlabs_key"],
    ["Coze", "key_coze = ", j("pa", "t_", run(64, AN, 19)), "coze_token"],
    ["GitHub fine-grained, a shorter body", "", j("github", "_pat_", run(36, AN, 26)), "github_token"],
  ];
  it.each(cases)("%s", (_vendor, before, tokenValue, type) => {
    expect(found(`${before}${tokenValue}\n`)).toContainEqual([type, tokenValue]);
  });

  it("reports the secret part of a node or webhook URL", () => {
    const zapier = j(run(8, "0123456789", 20), "/", run(7, LOWER_AN, 21), "/");
    const alchemy = run(32, URLSAFE, 22);
    const infura = run(32, HEX, 23);
    expect(found(`ZAPIER=https://hooks.zapier.com/hooks/catch/${zapier}`)).toContainEqual([
      "zapier_webhook",
      zapier,
    ]);
    expect(found(`https://eth-mainnet.alchemyapi.io/v2/${alchemy}`)).toContainEqual([
      "alchemy_url_key",
      alchemy,
    ]);
    expect(found(`https://mainnet.infura.io/v3/${infura}`)).toContainEqual(["infura_url_key", infura]);
    const hook = run(26, LOWER_AN, 24);
    expect(found(`webhook: http://mattermost:8065/hooks/${hook}`)).toContainEqual([
      "mattermost_webhook",
      hook,
    ]);
    expect(found(`webhook: https://chat.example.org/hooks/${hook}`)).toEqual([]);
    const saved = `${Buffer.from(run(30, AN, 25)).toString("base64")}`;
    expect(found(`<Server><Pass encoding="base64">${saved}</Pass></Server>`)).toContainEqual([
      "filezilla_password",
      saved,
    ]);
  });

  it("leaves the near misses alone: wrong lengths, filler, glued prefixes, a placeholder hook", () => {
    for (const text of [
      `task-${run(32, HEX, 30)}`,
      `key_${run(40, HEX, 31)}`,
      `rzp_live_${"x".repeat(14)}`,
      `waka_${"x".repeat(36)}`,
      "https://hooks.zapier.com/hooks/catch/YOUR_HOOK_ID/",
      `live_${run(32, AN, 32)}`,
      `fw_${run(24, LOWER_AN.slice(0, 26), 33)}`,
    ])
      expect(found(text), text).toEqual([]);
  });
});

describe("look-alikes of session 14", () => {
  const b64url = (o: object) => Buffer.from(JSON.stringify(o)).toString("base64url");
  const jwt = (signature: string) =>
    j(b64url({ alg: "HS256" }), ".", b64url({ iss: "other-service" }), ".", signature);

  it("a JWT whose signature is a word is a stand-in; a signed one and an unsigned one are reported", () => {
    for (const word of ["signature", "sig", "SIGNATURE"]) expect(found(jwt(word))).toEqual([]);
    const signed = jwt(run(43, URLSAFE, 40));
    expect(found(signed)).toContainEqual(["jwt", signed]);
    const unsigned = jwt("");
    expect(found(unsigned).map(([type]) => type)).toContain("jwt");
  });

  it("a Grafana key whose decoded claims say EXAMPLE is a stand-in; a real-looking one is reported", () => {
    const grafana = (k: string, n: string) => Buffer.from(JSON.stringify({ k, n, id: 1 })).toString("base64");
    expect(found(grafana(j("EXAMPLE", run(24, AN, 41)), "example"))).toEqual([]);
    const real = grafana(run(32, AN, 42), "deploy");
    expect(found(real)).toContainEqual(["grafana_token", real]);
    // A masked name beside the key is not a stand-in key.
    const masked = grafana(run(32, AN, 43), "xxxx");
    expect(found(masked)).toContainEqual(["grafana_token", masked]);
  });
});

describe("keyed vendors of session 14, and a vendor's name then `api` as the key", () => {
  it("reads AI21, Customer.io and Keen values under keys naming them", () => {
    const ai21 = uuid(50);
    const site = run(20, HEX, 51);
    const app = run(32, HEX, 52);
    const keen = run(64, HEX, 53).toUpperCase();
    expect(found(`ai21 = ${ai21}`)).toContainEqual(["ai21_key", ai21]);
    expect(found(`customerio_key = ${site}`)).toContainEqual(["customerio_key", site]);
    expect(found(`customerio_app_key=${app}`)).toContainEqual(["customerio_key", app]);
    expect(found(`KEEN_READ_KEY=${keen}`)).toContainEqual(["keen_key", keen]);
  });

  it("reads a vendor's exact shape under `<vendor>_api`, `<vendor>-api`; not under another word's `_api`", () => {
    const clarifai = run(32, HEX, 54);
    const deepgram = run(40, HEX, 55);
    expect(found(`clarifai_api = ${clarifai}`)).toContainEqual(["clarifai_key", clarifai]);
    expect(found(`deepgram-api: ${deepgram}`)).toContainEqual(["deepgram_key", deepgram]);
    expect(found(`weather_api = ${run(32, HEX, 56)}`)).toEqual([]);
    expect(found(`clarifai_api = ${run(31, HEX, 57)}`)).toEqual([]);
  });
});

describe("a quoted one-word password under a password key", () => {
  it("is reported when quoted; not unquoted, not a word about the field, not capitalised, not short", () => {
    expect(found(`$user = "mg1021"; $password = "goodspec";`)).toContainEqual([
      "generic_credential",
      "goodspec",
    ]);
    expect(found(`object ApiUser "root" {\n  password = "trombone"\n}`)).toContainEqual([
      "generic_credential",
      "trombone",
    ]);
    for (const text of [
      "$password = goodspec;",
      'password: "required"',
      'confirmPassword: "different"',
      "t.pass('completed')",
      'password: "Password"',
      'password = "hunter"',
      'password = "aaaaaaaaaa"',
    ])
      expect(found(text), text).toEqual([]);
  });
});

describe("a one-word password quoted in prose", () => {
  it("is reported between matching quotes after a password noun; not unquoted, not a status word", () => {
    expect(found("The default Password is 'blooberry'\n")).toContainEqual(["prose_credential", "blooberry"]);
    expect(found('ensure the password is "centipede" and press On')).toContainEqual([
      "prose_credential",
      "centipede",
    ]);
    for (const text of [
      "The default password is blooberry",
      "The password is 'incorrect'",
      "the password is 'somefakekey'",
      "the token is 'blooberry'",
    ])
      expect(found(text), text).toEqual([]);
  });
});
