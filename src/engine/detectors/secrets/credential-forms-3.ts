import { detectTokens, TOKEN_RULES } from "../../rules/built-in/secret-tokens.js";
import { candidateIndex, MIN_PASS_LENGTH, passLiterals } from "../../scan/candidates.js";
import { registerFoldedScreen } from "../../scan/screen-literals.js";
import { stringEnd, stringStart } from "../../scan/string-bounds.js";
import type { TextDetector, TextMatch } from "../../types.js";
import { entropyAtLeast } from "../shared/shannon-entropy.js";
import { classifyKey, isCredentialValue, type KeyKind, readValue } from "./generic-credential.js";
import { isLookalikeSecret } from "./lookalike.js";

/*
 * Credentials written in code, command-line, query and markup syntax that neither the credential-by-name walk
 * (generic-credential.ts) nor the service-key forms (credential-forms-2.ts) read, each anchored on a literal:
 *
 * 1. Abbreviated password keys (`PSWD`, `PSSWD`, `PSWRD`, `PASWD`, `PASWORD`, `X3_PSWD`): assignments and comparisons.
 * 2. A key and its value as a call's arguments: PHP `define('DB_PASSWORD', 'v')`, libcurl
 *    `setopt(curl, CURLOPT_PASSWORD, "v")` (`CURLOPT_USERPWD` holds `user:password`; `CURLOPT_XOAUTH2_BEARER` a token).
 * 3. SQL `IDENTIFIED BY v` unquoted, and `IDENTIFIED WITH <plugin> BY 'v'` (the walk reads `IDENTIFIED BY 'v'`).
 * 4. Command lines: PowerShell `ConvertTo-SecureString [-String] [-AsPlainText] [-Force] v`, curl's
 *    `--oauth2-bearer v`, `psexec ... -p v`.
 * 5. `Authorization: NTLM|Negotiate|Kerberos <base64>`, and a JSON `"authorization"` / `"authentication"` holding a
 *    token with no scheme.
 * 6. Values quoted with HTML entities (`token=&quot;v&quot;`, `Password: &quot;v&quot;`) under a credential key, and
 *    percent-encoded query parameters (`%26token%3Dv%26`, a URL inside a URL).
 * 7. A JSON Web Key's private members (`"d"`, `"p"`, `"q"`, `"dp"`, `"dq"`, `"qi"`, and `"k"` of a symmetric key) in
 *    an object that holds `"kty"`: public keys (`n`, `e`, `x`, `y`) are not reported.
 * 8. A value under a bare `cred`/`creds`/`bearer` key (`cred = "v"`, `bearer = "Bearer: v"`), which the walk's key
 *    words do not hold as whole keys.
 * 9. A Tink keyset in plain JSON: a key's base64 `value` when its `keyMaterialType` says the material is secret.
 * 10. A GitHub token written in base64 on its own (`Z2hwX...`), when it decodes whole to a token its record accepts.
 *
 * Each value passes the walk's own value test for its kind (isCredentialValue: not a placeholder, reference, hash,
 * path or look-alike), so a form only says where a value is, never what a credential looks like.
 * Cost: the anchors come from the shared literal pass on long texts (one case-folded regex on short ones); each hit
 * reads a bounded window with a sticky regex. The anchors are not registered as prefilter triggers: they are common
 * lower-case letters (`cred`, `define`), which would make the prefilter read every text whole (its 200-rule test).
 */

type Reader = (text: string, at: number, out: TextMatch[]) => void;

/** Records one `secret.code_credential` match, unless the credential-by-name walk reports that value (walkReports). */
function report(out: TextMatch[], text: string, start: number, end: number): void {
  if (walkReports(text, start, end)) return;
  out.push({ kind: "secret", type: "code_credential", start, end, ruleId: "secret.code_credential" });
}

const WALK_WINDOW = 400;
const walkScratch: TextMatch[] = [];

/**
 * Whether the vendor records and the credential-by-name walk (the shared token detector) report a value overlapping
 * [start, end) on the value's line: one finding per value. Asked only for a value a form found (rare), on a window
 * of at most WALK_WINDOW characters either side, so the walk's cost here is bounded by the form's hits.
 */
function walkReports(text: string, start: number, end: number): boolean {
  const from = Math.max(text.lastIndexOf("\n", start - 1) + 1, start - WALK_WINDOW);
  const lineEnd = text.indexOf("\n", end);
  const to = Math.min(lineEnd === -1 ? text.length : lineEnd, end + WALK_WINDOW);
  walkScratch.length = 0;
  detectTokens().detect(text.slice(from, to), walkScratch);
  return walkScratch.some((m) => m.start < end - from && m.end > start - from);
}

/** Reports text[start, end) when it passes the walk's value test for `kind`. */
function reportValue(
  out: TextMatch[],
  text: string,
  start: number,
  end: number,
  kind: KeyKind,
  quoted: boolean,
): void {
  if (end - start > 0 && isCredentialValue(text.slice(start, end), kind, quoted))
    report(out, text, start, end);
}

// --- 1. abbreviated password keys ------------------------------------------------------------------------------------

const KEY_CHAR = /[A-Za-z0-9_-]/;
/** A password key written short: `p`, optional `a`, one or two `s`, `w`, optional `o`, optional `r`, `d`. */
const ABBREVIATED_PASSWORD = /^(?:[A-Za-z0-9]+[_-])?p(?:a)?s{1,2}w(?:o)?r?d$/i;
const OPERATOR = /[ \t]*(?:===?|!==?|:=|=>|[:=])[ \t]*/y;

function readAbbreviatedPassword(text: string, at: number, out: TextMatch[]): void {
  let start = at;
  while (start > 0 && KEY_CHAR.test(text[start - 1]!)) start--;
  let end = at;
  while (end < text.length && end - start < 64 && KEY_CHAR.test(text[end]!)) end++;
  const key = text.slice(start, end);
  // Keys the walk classifies (`PASSWD`, `db_pwd`) are the walk's: one finding per value.
  if (!ABBREVIATED_PASSWORD.test(key) || classifyKey(key) !== null) return;
  const keyEnd = /["']/.test(text[end] ?? "") ? end + 1 : end;
  OPERATOR.lastIndex = keyEnd;
  const operator = OPERATOR.exec(text);
  if (operator === null) return;
  const value = readValue(text, keyEnd + operator[0].length);
  if (value !== null) reportValue(out, text, value[0], value[1], "password", value[2]);
}

// --- 2. a key and its value as a call's arguments ---------------------------------------------------------------------

const DEFINE_CALL =
  /define[ \t]*\([ \t]*(["'])([\w.-]{1,64})\1[ \t]*,[ \t]*(["'])([^"'\n\\]{1,256})\3[ \t]*\)/iy;

function readDefineCall(text: string, at: number, out: TextMatch[]): void {
  DEFINE_CALL.lastIndex = at;
  const m = DEFINE_CALL.exec(text);
  if (m === null) return;
  const kind = classifyKey(m[2]!);
  if (kind === null) return;
  const end = m.index + m[0].lastIndexOf(m[3]!);
  reportValue(out, text, end - m[4]!.length, end, kind, true);
}

const CURL_OPTION = /CURLOPT_(\w{1,32})[ \t]*,[ \t]*L?"([^"\n\\]{1,256})"/y;

function readCurlOption(text: string, at: number, out: TextMatch[]): void {
  CURL_OPTION.lastIndex = at;
  const m = CURL_OPTION.exec(text);
  if (m === null) return;
  const option = m[1]!.toUpperCase();
  const value = m[2]!;
  const valueStart = m.index + m[0].length - 1 - value.length;
  if (/USERPWD$/.test(option)) {
    // `user:password`: the password is what follows the first colon.
    const colon = value.indexOf(":");
    if (colon > 0)
      reportValue(out, text, valueStart + colon + 1, valueStart + value.length, "password", true);
    return;
  }
  const kind = /BEARER$/.test(option) ? "token" : classifyKey(option);
  if (kind !== null) reportValue(out, text, valueStart, valueStart + value.length, kind, true);
}

// --- 3. SQL ------------------------------------------------------------------------------------------------------------

const IDENTIFIED_BY =
  /identified[ \t]+(with[ \t]+["'`]?\w{1,64}["'`]?[ \t]+)?by[ \t]+(?!password\b)(["']?)([^\s"'`;\\(){},]{1,128})\2/iy;
/** An account statement before `IDENTIFIED` on its line (`CREATE USER`, `ALTER ROLE`, `CREATE LOGIN`): SQL, not prose. */
const ACCOUNT_STATEMENT = /\b(?:user|role|login)\b/i;

function readIdentifiedBy(text: string, at: number, out: TextMatch[]): void {
  const lineStart = Math.max(text.lastIndexOf("\n", at - 1) + 1, at - 200);
  if (!ACCOUNT_STATEMENT.test(text.slice(lineStart, at))) return;
  IDENTIFIED_BY.lastIndex = at;
  const m = IDENTIFIED_BY.exec(text);
  // `IDENTIFIED BY 'v'` is the walk's; here the unquoted value and the `WITH <plugin>` form.
  if (m === null || (m[2] !== "" && m[1] === undefined)) return;
  const end = m.index + m[0].length - m[2]!.length;
  reportValue(out, text, end - m[3]!.length, end, "password", m[2] !== "");
}

// --- 4. command lines ----------------------------------------------------------------------------------------------------

const SECURE_STRING =
  /ConvertTo-SecureString(?:[ \t]+-(?:String|AsPlainText|Force))*[ \t]+(\\?["']?)([^\s"'\\|;)`]{4,128})/iy;

function readSecureString(text: string, at: number, out: TextMatch[]): void {
  SECURE_STRING.lastIndex = at;
  const m = SECURE_STRING.exec(text);
  if (m === null || m[2]!.startsWith("-")) return;
  const end = m.index + m[0].length;
  reportValue(out, text, end - m[2]!.length, end, "password", m[1] !== "");
}

const OAUTH2_BEARER = /oauth2-bearer(?:[ \t]+|=)(["']?)([A-Za-z0-9._~+/=-]{16,512})\1/iy;

function readOauth2Bearer(text: string, at: number, out: TextMatch[]): void {
  OAUTH2_BEARER.lastIndex = at;
  const m = OAUTH2_BEARER.exec(text);
  if (m === null) return;
  const end = m.index + m[0].length - m[1]!.length;
  reportValue(out, text, end - m[2]!.length, end, "token", true);
}

const PSEXEC_PASSWORD = /psexec\b[^\n]{0,200}?[ \t]-p[ \t]+(["']?)([^\s"']{4,128})\1/iy;

function readPsexec(text: string, at: number, out: TextMatch[]): void {
  PSEXEC_PASSWORD.lastIndex = at;
  const m = PSEXEC_PASSWORD.exec(text);
  if (m === null) return;
  const end = m.index + m[0].length - m[1]!.length;
  reportValue(out, text, end - m[2]!.length, end, "password", m[1] !== "");
}

// --- 5. Authorization ------------------------------------------------------------------------------------------------------

const AUTH_SCHEME =
  /authorization["']?[ \t]*[:=][ \t]*["']?(?:NTLM|Negotiate|Kerberos)[ \t]+([A-Za-z0-9+/]{16,4096}={0,2})/iy;
/** A JSON `"authorization": "<token>"` with no scheme word (a space would end the value). */
const AUTH_BARE = /authorization"[ \t]*:[ \t]*"([A-Za-z0-9+/_.=-]{16,4096})"/iy;
/** Likewise `"authentication": "<token>"`, `"kerberos_authentication": "<token>"` (read from the key's end). */
const AUTHENTICATION_BARE = /authentication"[ \t]*:[ \t]*"([A-Za-z0-9+/_.=-]{16,4096})"/iy;

function readAuthentication(text: string, at: number, out: TextMatch[]): void {
  AUTHENTICATION_BARE.lastIndex = at;
  const m = AUTHENTICATION_BARE.exec(text);
  if (m === null) return;
  const end = m.index + m[0].length - 1;
  reportValue(out, text, end - m[1]!.length, end, "token", true);
}

function readAuthorization(text: string, at: number, out: TextMatch[]): void {
  AUTH_SCHEME.lastIndex = at;
  const scheme = AUTH_SCHEME.exec(text);
  if (scheme !== null) {
    const end = scheme.index + scheme[0].length;
    const value = scheme[1]!;
    if (entropyAtLeast(value, 3) && !isLookalikeSecret(value)) report(out, text, end - value.length, end);
    return;
  }
  if (text[at - 1] !== '"') return;
  AUTH_BARE.lastIndex = at;
  const bare = AUTH_BARE.exec(text);
  if (bare === null) return;
  const end = bare.index + bare[0].length - 1;
  reportValue(out, text, end - bare[1]!.length, end, "token", true);
}

// --- 6. values quoted with HTML entities ----------------------------------------------------------------------------------

const ENTITY_KEY = /([A-Za-z][\w.-]{1,63})["']?[ \t]*[:=][ \t]*$/;
const MAX_ENTITY_VALUE = 256;

function readEntityQuoted(text: string, at: number, out: TextMatch[]): void {
  const lineStart = Math.max(text.lastIndexOf("\n", at - 1) + 1, at - 80);
  const key = ENTITY_KEY.exec(text.slice(lineStart, at))?.[1];
  if (key === undefined) return;
  const kind = classifyKey(key);
  if (kind === null) return;
  const start = at + 6;
  const close = text.indexOf("&quot;", start);
  if (close === -1 || close - start > MAX_ENTITY_VALUE || text.slice(start, close).includes("\n")) return;
  const decoded = text
    .slice(start, close)
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&#39;/g, "'");
  if (isCredentialValue(decoded, kind, true)) report(out, text, start, close);
}

// --- 6b. percent-encoded query parameters ----------------------------------------------------------------------------------

/** The key before an encoded `=` (`%3D`): back to `?`, `&`, an encoded `&` (`%26`) or any character not of a key. */
const ENCODED_KEY = /(?:^|[?&/]|%26|%3F)([A-Za-z][\w.-]{1,63})$/i;
const ENCODED_VALUE = /[A-Za-z0-9._~-]{6,256}(?=%26|&|$|[^A-Za-z0-9._~%-])/y;

function readEncodedParameter(text: string, at: number, out: TextMatch[]): void {
  const key = ENCODED_KEY.exec(text.slice(Math.max(0, at - 80), at))?.[1];
  if (key === undefined) return;
  const kind = classifyKey(key);
  if (kind === null) return;
  ENCODED_VALUE.lastIndex = at + 3;
  const m = ENCODED_VALUE.exec(text);
  if (m !== null) reportValue(out, text, m.index, m.index + m[0].length, kind, true);
}

// --- 7. JSON Web Keys --------------------------------------------------------------------------------------------------------

const JWK_PRIVATE = /"(d|p|q|dp|dq|qi|k)"[ \t]*:[ \t]*"([A-Za-z0-9_-]{16,4096})"/g;
const MAX_JWK = 8192;

function readJwk(text: string, at: number, out: TextMatch[]): void {
  // The object around `"kty"`: from its `{` (or the key's line when none is near: a fragment) to its `}`.
  const brace = text.lastIndexOf("{", at);
  const open = brace === -1 || at - brace > MAX_JWK ? text.lastIndexOf("\n", at) + 1 : brace;
  const close = text.indexOf("}", at);
  const end = close === -1 || close - at > MAX_JWK ? Math.min(text.length, at + MAX_JWK) : close;
  const object = text.slice(open, end);
  JWK_PRIVATE.lastIndex = 0;
  for (let m = JWK_PRIVATE.exec(object); m !== null; m = JWK_PRIVATE.exec(object)) {
    const value = m[2]!;
    if (!entropyAtLeast(value, 3.5) || isLookalikeSecret(value)) continue;
    const valueEnd = open + m.index + m[0].length - 1;
    report(out, text, valueEnd - value.length, valueEnd);
  }
}

// --- 8. bare `cred` / `bearer` keys -------------------------------------------------------------------------------------------

const BARE_KEY =
  /(?:cred|creds|bearer)["']?[ \t]*(?::=|=>|[:=])[ \t]*(["'`])(?:Bearer:?[ \t]+)?([A-Za-z0-9+/_.=~-]{16,256})\1/iy;

function readBareKey(text: string, at: number, out: TextMatch[]): void {
  if (at > 0 && /[\w-]/.test(text[at - 1]!)) return;
  BARE_KEY.lastIndex = at;
  const m = BARE_KEY.exec(text);
  if (m === null) return;
  const end = m.index + m[0].length - 1;
  reportValue(out, text, end - m[2]!.length, end, "token", true);
}

// --- 9. a Tink keyset in plain JSON ---------------------------------------------------------------------------------

/** How far around a key's `typeUrl` its object is read (a `keyData` object is a few hundred characters). */
const TINK_WINDOW = 2048;
/** The object's `"value": "<base64>"`, its quotes escaped any number of times (a keyset inside a string). */
const TINK_VALUE = /\\*"value\\*"[ \t\r\n]*:[ \t\r\n]*\\*"([A-Za-z0-9+/]{16,2048}={0,2})\\*"/;
const TINK_SECRET_MATERIAL =
  /\\*"keyMaterialType\\*"[ \t\r\n]*:[ \t\r\n]*\\*"(?:SYMMETRIC|ASYMMETRIC_PRIVATE)\\*"/;

/**
 * A Tink keyset written in plain JSON (`tinkey create-keyset --out-format json`): each key's `keyData` object holds
 * its `typeUrl` (`type.googleapis.com/google.crypto.tink.AesGcmKey`), the serialized key as base64 `value`, and its
 * `keyMaterialType`. The value is reported when the material is secret (SYMMETRIC, ASYMMETRIC_PRIVATE); a public
 * key's, a remote (KMS) key's and an encrypted keyset's metadata (`keysetInfo`: no value) are not. The object is read
 * from the brace before the anchor to the one after it (its members are scalars), inside the anchor's string.
 */
function readTinkKeyData(text: string, at: number, out: TextMatch[]): void {
  const from = Math.max(stringStart(text, at), at - TINK_WINDOW);
  const to = Math.min(stringEnd(text, at), at + TINK_WINDOW);
  const open = text.lastIndexOf("{", at);
  const close = text.indexOf("}", at);
  if (open < from || close === -1 || close > to) return;
  const object = text.slice(open, close);
  const v = TINK_VALUE.exec(object);
  if (v === null || !TINK_SECRET_MATERIAL.test(object)) return;
  const start = open + v.index + v[0].lastIndexOf(v[1]!);
  report(out, text, start, start + v[1]!.length);
}

// --- 10. a vendor token written in base64 --------------------------------------------------------------------------

/**
 * Vendors whose tokens are stored base64-encoded on their own (a Kubernetes Secret's `data`, a CI variable, a
 * `.dockerconfigjson`): their records' prefixes, encoded, are the anchors. Extend by type, never by prefix.
 */
const ENCODED_VENDORS: ReadonlySet<string> = new Set(["github_token"]);
/** The base64 characters a prefix fixes whatever follows it (its whole 6-bit groups), at the start of an encoding. */
function encodedPrefix(prefix: string): string {
  return Buffer.from(prefix, "latin1")
    .toString("base64")
    .slice(0, Math.floor((prefix.length * 8) / 6));
}
const ENCODED_PREFIXES: readonly string[] = [
  ...new Set(
    TOKEN_RULES.filter((r) => ENCODED_VENDORS.has(r.type)).flatMap((r) =>
      r.token.forms.flatMap((f) => f.prefixes.map(encodedPrefix)),
    ),
  ),
];
const BASE64_RUN = /[A-Za-z0-9+/]{20,1400}={0,2}/y;
const tokenScratch: TextMatch[] = [];

/**
 * A base64 run starting with an encoded vendor prefix (`Z2hwX` is `ghp_`) is reported when it decodes, whole, to a
 * token the vendor's record accepts (shape, length, checksum, placeholder tests: the record decides, not this form).
 */
function readEncodedToken(text: string, at: number, out: TextMatch[]): void {
  if (at > 0 && /[A-Za-z0-9+/]/.test(text[at - 1]!)) return;
  if (!ENCODED_PREFIXES.some((p) => text.startsWith(p, at))) return;
  BASE64_RUN.lastIndex = at;
  const run = BASE64_RUN.exec(text)?.[0];
  if (run === undefined || /[A-Za-z0-9+/=]/.test(text[at + run.length] ?? "")) return;
  const decoded = Buffer.from(run, "base64").toString("latin1");
  tokenScratch.length = 0;
  detectTokens().detect(decoded, tokenScratch);
  const whole = tokenScratch.some(
    (m) => ENCODED_VENDORS.has(m.type) && m.start === 0 && m.end >= decoded.trimEnd().length,
  );
  if (whole) report(out, text, at, at + run.length);
}

// --- anchors -------------------------------------------------------------------------------------------------------------------

/** Each anchor literal (case folded) and its reader; the reader starts at the literal's first character. */
const ANCHORS: readonly (readonly [string, Reader])[] = [
  ["psw", readAbbreviatedPassword],
  ["pssw", readAbbreviatedPassword],
  ["pasw", readAbbreviatedPassword],
  ["define", readDefineCall],
  ["curlopt_", readCurlOption],
  ["identified", readIdentifiedBy],
  ["convertto-securestring", readSecureString],
  ["oauth2-bearer", readOauth2Bearer],
  ["psexec", readPsexec],
  ["authorization", readAuthorization],
  ['authentication"', readAuthentication],
  ["%3d", readEncodedParameter],
  ["&quot;", readEntityQuoted],
  ['"kty"', readJwk],
  ["cred", readBareKey],
  ["bearer", readBareKey],
  ["crypto.tink.", readTinkKeyData],
  ...ENCODED_PREFIXES.map((p) => [p.toLowerCase(), readEncodedToken] as const),
];
const PASS = passLiterals(ANCHORS.map(([literal]) => literal));
const ANCHOR_REGEX = new RegExp(
  ANCHORS.map(([literal]) => literal.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|"),
  "gi",
);
const READER_BY_LITERAL = new Map(ANCHORS.map(([literal, reader]) => [literal, reader]));

/** Every anchor hit as [position, reader], ascending: from the shared pass on long texts, a regex on short ones. */
function anchorHits(text: string): [number, Reader][] {
  const hits = text.length >= MIN_PASS_LENGTH ? candidateIndex(text).passHits(PASS) : undefined;
  const out: [number, Reader][] = [];
  if (hits === undefined) {
    ANCHOR_REGEX.lastIndex = 0;
    for (let m = ANCHOR_REGEX.exec(text); m !== null; m = ANCHOR_REGEX.exec(text)) {
      const reader = READER_BY_LITERAL.get(m[0].toLowerCase());
      if (reader !== undefined) out.push([m.index, reader]);
      // Overlapping anchors (`pssw` inside `psswd` after `psw`? no; `psw` inside `pssw`) start one character on.
      ANCHOR_REGEX.lastIndex = m.index + 1;
    }
    return out;
  }
  hits.forEach((list, i) => {
    for (const at of list) out.push([at, ANCHORS[i]![1]]);
  });
  return out.sort((a, b) => a[0] - b[0]);
}

export function createCodeCredentialDetector(): TextDetector {
  const detector: TextDetector = {
    id: "secret.code_credential",
    kind: "secret",
    detect(text: string, out: TextMatch[]): void {
      if (text.length < 12) return;
      const first = out.length;
      for (const [at, reader] of anchorHits(text)) reader(text, at, out);
      dropRepeats(out, first);
    },
  };
  // Every match starts at an anchor: a JSON value's string holding none is not read (json-screen.ts).
  registerFoldedScreen(
    detector,
    ANCHORS.map(([literal]) => literal),
  );
  return detector;
}

/** Keeps one match per span among this detector's (two anchors of one key, `psw` and `pssw`, read it twice). */
function dropRepeats(out: TextMatch[], first: number): void {
  const seen = new Set<string>();
  let kept = first;
  for (let i = first; i < out.length; i++) {
    const key = `${out[i]!.start}:${out[i]!.end}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out[kept++] = out[i]!;
  }
  out.length = kept;
}
