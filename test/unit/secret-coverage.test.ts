/**
 * Issue 16's secret defects, one test each: vendors with no rule, credentials written as code, keywords in other
 * languages, and the look-alikes that were reported. Every credential is assembled here from pieces at test time.
 */
import { describe, expect, it } from "vitest";
import { createSecretDetectors } from "../../src/engine/detectors/secrets/index.js";
import { LocalPolicyEngine } from "../../src/engine/local-engine.js";
import type { TextMatch } from "../../src/engine/types.js";
import { randomString } from "../../src/shared/fake-credentials.js";
import { detectHazards } from "../helpers/hazard-detect.js";

const detectors = createSecretDetectors();
const j = (...pieces: string[]): string => pieces.join("");
const HEX = "0123456789abcdef";
const B62 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
const URLSAFE = `${B62}_-`;

function findings(text: string): TextMatch[] {
  const out: TextMatch[] = [];
  for (const d of detectors) d.detect(text, out);
  return out.filter((m) => m.kind === "secret");
}

/** The value is covered by a secret finding (of `type` when given). */
function expectFound(text: string, value: string, type?: string): void {
  const at = text.indexOf(value);
  expect(at, "the value is in the text").toBeGreaterThanOrEqual(0);
  const covering = findings(text).filter((m) => m.start <= at && m.end >= at + value.length);
  if (type === undefined) expect(covering, text).not.toEqual([]);
  else
    expect(
      covering.map((m) => m.type),
      text,
    ).toContain(type);
}

function expectNone(text: string): void {
  expect(findings(text), text).toEqual([]);
}

describe("vendors that had no rule: found and named by their own record", () => {
  const cases: [string, string, () => [string, string]][] = [
    [
      "Shopify",
      "shopify_token",
      () => {
        const t = j("shp", "at_", randomString(32, HEX, 1));
        return [`SHOPIFY_TOKEN=${t}`, t];
      },
    ],
    [
      "Docker Hub",
      "docker_token",
      () => {
        const t = j("dckr", "_pat_", randomString(27, URLSAFE, 2));
        return [`docker login -u ci -p ${t}`, t];
      },
    ],
    [
      "DigitalOcean",
      "digitalocean_token",
      () => {
        const t = j("dop", "_v1_", randomString(64, HEX, 3));
        return [`token = "${t}"`, t];
      },
    ],
    [
      "Telegram bot (named)",
      "telegram_bot_token",
      () => {
        const t = `${randomString(10, "0123456789", 4)}:AA${randomString(33, URLSAFE, 5)}`;
        return [`TELEGRAM_BOT_TOKEN=${t}`, t];
      },
    ],
    [
      "Telegram bot (API URL)",
      "telegram_bot_token",
      () => {
        const t = `${randomString(10, "0123456789", 6)}:AA${randomString(33, URLSAFE, 7)}`;
        return [`https://api.${j("tele", "gram")}.org/bot${t}/getMe`, t];
      },
    ],
    [
      "PyPI",
      "pypi_token",
      () => {
        const t = j("pypi-", "AgEIcHlwaS5vcmc", randomString(70, URLSAFE, 8));
        return [`password = ${t}`, t];
      },
    ],
    [
      "Discord webhook",
      "discord_token",
      () => {
        const t = `${randomString(18, "0123456789", 9)}/${randomString(68, URLSAFE, 10)}`;
        return [`https://${j("disc", "ord")}.com/api/webhooks/${t}`, t];
      },
    ],
    [
      "Postman",
      "postman_token",
      () => {
        const t = j("PM", "AK-", randomString(24, HEX, 11), "-", randomString(34, HEX, 12));
        return [`key: ${t}`, t];
      },
    ],
    [
      "Brevo",
      "sendinblue_key",
      () => {
        const t = j("xkey", "sib-", randomString(64, HEX, 13), "-", randomString(16, B62, 14));
        return [t, t];
      },
    ],
    [
      "Vercel",
      "vercel_token",
      () => {
        const t = j("vc", "p_", randomString(40, B62, 15));
        return [`VERCEL_TOKEN=${t}`, t];
      },
    ],
    [
      "Figma",
      "figma_token",
      () => {
        const t = j("fig", "d_", randomString(42, URLSAFE, 16));
        return [`FIGMA=${t}`, t];
      },
    ],
    [
      "Sonar",
      "sonar_token",
      () => {
        const t = j("sq", "p_", randomString(40, HEX, 17));
        return [`sonar.login=${t}`, t];
      },
    ],
    [
      "Asana (named)",
      "asana_token",
      () => {
        const t = randomString(32, B62, 18);
        return [`asana_key = "${t}"`, t];
      },
    ],
    [
      "Datadog (named)",
      "datadog_key",
      () => {
        const t = randomString(40, B62, 19);
        return [`DATADOG_APP_KEY: ${t}`, t];
      },
    ],
    [
      "1Password service account",
      "onepassword_token",
      () => {
        const t = j("ops_", "eyJ", randomString(300, `${B62}+/`, 20));
        return [t, t];
      },
    ],
  ];
  it.each(cases)("%s", (_name, type, make) => {
    const [text, value] = make();
    expectFound(text, value, type);
  });
});

describe("credentials written as code", () => {
  const pw = `${randomString(9, B62, 31)}#${randomString(3, "0123456789", 32)}`;
  it.each([
    ["Kotlin typed val", `val password: String = "${pw}"`],
    ["Python typed assignment", `db_password: str = "${pw}"`],
    ["C #define", `#define PASSWORD "${pw}"`],
    ["default argument with a type", `fun connect(host: String, password: String = "${pw}")`],
    ["keyword, a space, the value", `Password ${pw}`],
    ["keyword and a bracket", `PASSWORD(${pw})`],
    ["single-dash flag", `sqlcmd -S db -U sa -password "${pw}"`],
    ["curl -u user:password", `curl -u admin:${pw} https://api.example.com/v1`],
    ["netrc host, user and password line", `machine api.example.com login deploy password ${pw}`],
    ["mysql -p glued", `mysql -h db.internal -u root -p${pw} app`],
  ])("%s", (_name, text) => {
    expectFound(text, pw);
  });
});

describe("password keywords in other languages", () => {
  const pw = `${randomString(9, B62, 41)}!${randomString(3, "0123456789", 42)}`;
  it.each([
    ["Korean", `비밀번호: ${pw}`],
    ["Korean (amho)", `암호 = ${pw}`],
    ["Chinese (full-width colon)", `密码：${pw}`],
    ["Traditional Chinese", `密碼: ${pw}`],
    ["Japanese", `パスワード: ${pw}`],
    ["German", `Passwort: ${pw}`],
    ["French", `mot de passe : ${pw}`],
    ["Spanish", `contraseña = ${pw}`],
    ["Russian", `пароль: ${pw}`],
  ])("%s", (_name, text) => {
    expectFound(text, pw);
  });
});

describe("key and token words in other languages", () => {
  const key = randomString(32, B62, 45);
  it.each([
    ["Korean API key", `API 키: ${key}`],
    ["Korean token", `토큰 = ${key}`],
    ["Chinese secret key", `密钥：${key}`],
    ["Chinese token", `令牌: ${key}`],
    ["Japanese token", `トークン: ${key}`],
    ["Russian token", `токен: ${key}`],
    ["Russian API key", `ключ API: ${key}`],
  ])("%s", (_name, text) => {
    expectFound(text, key);
  });
});

describe("look-alikes stay clean", () => {
  const PRIV = j("PRIV", "ATE KEY");
  const body = Array.from({ length: 6 }, (_, i) => randomString(64, `${B62}+/`, 50 + i)).join("\n");
  it.each([
    [
      "an encrypted PEM key (Proc-Type)",
      `-----BEGIN RSA ${PRIV}-----\nProc-Type: 4,ENCRYPTED\nDEK-Info: AES-128-CBC,${randomString(32, "0123456789ABCDEF", 60)}\n\n${body}\n-----END RSA ${PRIV}-----`,
    ],
    [
      "an encrypted PKCS#8 key",
      `-----BEGIN ENCRYPTED ${PRIV}-----\n${body}\n-----END ENCRYPTED ${PRIV}-----`,
    ],
    ["a private key placeholder", `-----BEGIN ${PRIV}-----\nxxx\n-----END ${PRIV}-----`],
    [
      "a private key placeholder sentence",
      `-----BEGIN RSA ${PRIV}-----\n<your private key here>\n-----END RSA ${PRIV}-----`,
    ],
    ["a Jasypt ENC() value", `spring.datasource.password=ENC(${randomString(44, `${B62}+/`, 61)})`],
    ["an ENC() value in YAML", `password: ENC(${randomString(32, `${B62}+/`, 62)})`],
    ["a quoted ENC() value", `"password": "ENC(${randomString(32, `${B62}+/`, 64)})"`],
    ["a password that says EXAMPLE", `password = "${j("EXAMPLE", "Passw0rd", "123")}"`],
    ["a token that says fake", `API_KEY="${j("fake", "-", randomString(24, B62, 63))}"`],
    ["an environment lookup", 'password = os.environ["DB_PASSWORD"]'],
    ["a templated URL password", "https://{USER}:{PASS}@template.example.com"],
    ["a three-letter URL password", "https://user:abc@api.example.com/v1"],
  ])("%s", (_name, text) => {
    expectNone(text);
  });
});

describe("input hazards: a time is not an address", () => {
  it("`00:00` (a calendar event at midnight) is not refused as a loopback address", async () => {
    expect(detectHazards("2026-03-01T00:00:00Z")).toEqual([]);
    const engine = new LocalPolicyEngine({}, { worker: false });
    const decision = await engine.checkInput({
      connectorType: "calendar.create",
      serverName: "calendar",
      toolName: "create_event",
      callId: "c1",
      args: { title: "Standup", start: "2026-03-01T00:00:00Z", end: "00:30", at: "00:00" },
    });
    expect(decision.findings.filter((f) => f.kind === "hazard")).toEqual([]);
  });

  it("a loopback name or address with a port still is", () => {
    expect(detectHazards("curl localhost:8080/admin").map((m) => m.type)).toContain("ssrf_loopback");
    expect(detectHazards("curl 127.0.0.1:8080/admin").map((m) => m.type)).toContain("ssrf_loopback");
  });
});
