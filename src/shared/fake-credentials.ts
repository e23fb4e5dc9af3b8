/**
 * Fake credentials and PII for tests, assembled at run time so that no credential-shaped literal ever sits in the
 * repository (secret scanners and push protection stay quiet). Every value comes from a small seeded PRNG, so tests
 * are deterministic, and every vendor prefix is split into pieces joined at run time.
 */

const BASE62 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
const BASE64URL = `${BASE62}-_`;
const BASE64 = `${BASE62}+/`;
const UPPER_BASE32ISH = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

/** mulberry32: tiny deterministic PRNG. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `length` characters from `alphabet`, guaranteed to contain an upper-case letter, a lower-case one and a digit
 * when the alphabet has them (so entropy and character-mix checks always pass). */
export function randomString(length: number, alphabet: string = BASE62, seed = 1): string {
  const next = seededRandom(seed);
  for (;;) {
    let s = "";
    for (let i = 0; i < length; i++) s += alphabet[Math.floor(next() * alphabet.length)];
    const needs = [/[A-Z]/, /[a-z]/, /\d/].filter((re) => re.test(alphabet));
    if (needs.every((re) => re.test(s))) return s;
  }
}

const p = (...pieces: string[]): string => pieces.join("");

export function fakeGithubToken(kind: "p" | "o" | "u" | "s" | "r" = "p", seed = 11): string {
  return p("g", "h", kind, "_") + randomString(36, BASE62, seed);
}

export function fakeGithubFineGrainedToken(seed = 12): string {
  return `${p("github", "_pat_")}${randomString(22, BASE62, seed)}_${randomString(59, BASE62, seed + 1)}`;
}

export function fakeGitlabToken(seed = 13): string {
  return p("gl", "pat-") + randomString(20, BASE62, seed);
}

export function fakeSlackBotToken(seed = 14): string {
  return `${p("xo", "xb-")}${randomString(12, "0123456789", seed)}-${randomString(13, "0123456789", seed + 1)}-${randomString(24, BASE62, seed + 2)}`;
}

/** Returns the webhook URL and the secret path part that should be reported. */
export function fakeSlackWebhook(seed = 15): { url: string; secret: string } {
  const secret = `T${randomString(10, "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789", seed)}/B${randomString(10, "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789", seed + 1)}/${randomString(24, BASE62, seed + 2)}`;
  return { url: `https://${p("hooks.", "slack", ".com")}/services/${secret}`, secret };
}

export function fakeStripeKey(mode: "live" | "test" = "live", seed = 16): string {
  return p("s", "k_", mode, "_") + randomString(24, BASE62, seed);
}

export function fakeOpenaiKey(seed = 17): string {
  return p("s", "k-") + randomString(48, BASE62, seed);
}

export function fakeOpenaiProjectKey(seed = 18): string {
  return p("s", "k-", "proj-") + randomString(120, BASE64URL, seed);
}

export function fakeAnthropicKey(seed = 19): string {
  return `${p("s", "k-", "ant-", "api03-")}${randomString(93, BASE64URL, seed)}AA`;
}

export function fakeNpmToken(seed = 20): string {
  return p("n", "pm_") + randomString(36, BASE62, seed);
}

export function fakeGcpApiKey(seed = 21): string {
  return p("AI", "za") + randomString(35, BASE64URL, seed);
}

export function fakeAwsAccessKey(seed = 22): string {
  return p("AK", "IA") + randomString(16, UPPER_BASE32ISH, seed);
}

export function fakeAwsSecretKey(seed = 23): string {
  return randomString(40, BASE64, seed);
}

export function fakeAzureAccountKey(seed = 24): string {
  return `${randomString(86, BASE64, seed)}==`;
}

export function fakeAzureConnectionString(seed = 24): { text: string; key: string } {
  const key = fakeAzureAccountKey(seed);
  return {
    text: `DefaultEndpointsProtocol=https;AccountName=acme;${p("Account", "Key=")}${key};EndpointSuffix=core.windows.net`,
    key,
  };
}

function base64Url(json: unknown): string {
  return Buffer.from(JSON.stringify(json)).toString("base64url");
}

export function fakeJwt(seed = 25): string {
  const header = base64Url({ alg: "HS256", typ: "JWT" });
  const payload = base64Url({ sub: "user-1", name: "Test User", iat: 1_700_000_000 });
  return `${header}.${payload}.${randomString(43, BASE64URL, seed)}`;
}

export function fakePrivateKeyBlock(label = "RSA ", seed = 26): string {
  const lines: string[] = [];
  for (let i = 0; i < 6; i++) lines.push(randomString(64, BASE64, seed + i));
  const armour = (edge: string) => `-----${edge} ${label}${p("PRIV", "ATE")} KEY-----`;
  return [armour("BEGIN"), ...lines, armour("END")].join("\n");
}

/** A service-account JSON file; `privateKeyId` and `privateKey` are the JSON string contents to be reported. */
export function fakeGcpServiceAccountJson(seed = 27): {
  text: string;
  privateKeyId: string;
  privateKeyJson: string;
} {
  const privateKeyId = randomString(40, "0123456789abcdef", seed);
  const privateKeyJson = JSON.stringify(`${fakePrivateKeyBlock("", seed)}\n`).slice(1, -1);
  const text = [
    "{",
    `  "type": "${p("service", "_account")}",`,
    `  "project_id": "demo-project",`,
    `  "${p("private", "_key_id")}": "${privateKeyId}",`,
    `  "${p("private", "_key")}": "${privateKeyJson}",`,
    `  "client_email": "bot@demo-project.iam.gserviceaccount.com"`,
    "}",
  ].join("\n");
  return { text, privateKeyId, privateKeyJson };
}

export function fakePassword(seed = 28): string {
  return `${randomString(12, BASE62, seed)}!`;
}

/** Appends the Luhn check digit to `partial` (digits only). */
export function withLuhnCheckDigit(partial: string): string {
  let sum = 0;
  for (let i = 0; i < partial.length; i++) {
    let d = Number(partial[partial.length - 1 - i]);
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return partial + String((10 - (sum % 10)) % 10);
}

/** A Luhn-valid card number of `length` digits that starts with `prefix` (brand IIN). */
export function fakeCardNumber(prefix: string, length: number, seed = 29): string {
  const body = randomString(length - prefix.length - 1, "0123456789", seed);
  return withLuhnCheckDigit(prefix + body);
}

/** The same number with its last digit changed, so Luhn fails. */
export function breakLuhn(card: string): string {
  const last = Number(card[card.length - 1]);
  return card.slice(0, -1) + String((last + 1) % 10);
}

/** A mod-97-valid IBAN for `country` + `bban` (check digits computed per ISO 13616). */
export function fakeIban(country: string, bban: string): string {
  const rearranged = `${bban}${country}00`.toUpperCase();
  const numeric = rearranged.replace(/[A-Z]/g, (ch) => String(ch.charCodeAt(0) - 55));
  let remainder = 0;
  for (const digit of numeric) remainder = (remainder * 10 + Number(digit)) % 97;
  const check = String(98 - remainder).padStart(2, "0");
  return `${country}${check}${bban}`;
}

export function fakeHuggingfaceToken(seed = 30): string {
  return p("h", "f_") + randomString(34, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz", seed);
}

export function fakeSendgridKey(seed = 31): string {
  return `${p("S", "G.")}${randomString(22, BASE64URL, seed)}.${randomString(43, BASE64URL, seed + 1)}`;
}

export function fakeStripeWebhookSecret(seed = 32): string {
  return p("wh", "sec_") + randomString(32, BASE62, seed);
}

/** A Twilio API key SID (`SK` + 32 hex). */
export function fakeTwilioApiKey(seed = 33): string {
  return p("S", "K") + randomString(32, "0123456789abcdef", seed);
}

/** A Twilio auth token: 32 hex characters, a secret only by its context. */
export function fakeTwilioAuthToken(seed = 34): string {
  return randomString(32, "0123456789abcdef", seed);
}
