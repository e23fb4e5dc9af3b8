import { candidateIndex, MIN_PASS_LENGTH, mergeUnique, passLiterals } from "../../scan/candidates.js";
import { stringEnd } from "../../scan/string-bounds.js";
import type { TextMatch } from "../../types.js";
import { codeAt, isWordCode } from "../shared/char-codes.js";
import { entropyAtLeast } from "../shared/shannon-entropy.js";
import {
  anchorStarts,
  CANDIDATE_SCANS,
  literalStarts,
  needlesOf,
  SHORT_TEXT,
  scanAll,
  scanAtStarts,
  stickyOf,
} from "./candidate-scan.js";
import {
  characterClasses,
  classifyAnyKey,
  isCredentialValue,
  isPairedPasswordValue,
  readValue,
} from "./generic-credential.js";
import { isLookalikeSecret } from "./lookalike.js";

/**
 * Credentials written without an assignment operator, in the forms code and shell history use (issue 16):
 * `#define PASSWORD "x"`, a password word (of several languages) then the value (`Password x`, `비밀번호 x`, netrc's
 * `login u password x`), a password word and a bracket (`PASSWORD(x)`), `curl -u user:password`, `mysql -pPASSWORD`, a literal compared with a credential (`password == "x"`), an XML element
 * (`<password>x</password>`) and a key/value attribute pair (`<add key="Password" value="x"/>`). Each form is found
 * from a literal V8 can skip to, and the value must read as a credential: without an operator, prose is close
 * (`Password reset sent`), so an unquoted value needs eight characters of three classes.
 */

const DEFINE = /#define[ \t]+([A-Za-z_]\w{0,63})[ \t]+/g;
// A Dockerfile's `ENV NAME value` (the form without `=`, which the assignment walk reads), at a line start.
const DOCKER_ENV = /(?:^|\n)[ \t]*ENV[ \t]+([A-Za-z_][\w.-]{0,63})[ \t]+(?=[^\s=])/g;
// The password word on its own (not inside an identifier or a `--flag`), then spaces or a bracket; `pass` only after
// a `login`/`user` word and its value (a host line: `machine db login app pass x`).
const BARE_PASSWORD =
  /(?<![\w$-])(?:[Pp]assword|PASSWORD|[Pp]asswd|PASSWD|[Pp]wd|PWD|[Pp]assphrase|PASSPHRASE|[Pp]asswort|PASSWORT|(?:passe|PASSE)(?<=(?:[Mm]ot de |MOT DE )(?:passe|PASSE))|(?:pass|PASS)(?<=(?:login|user|LOGIN|USER)[ \t]+\S{1,64}[ \t]+(?:pass|PASS)))(?:[ \t]+|\()/g;
// The same in other scripts (Korean, Chinese, Japanese, Russian, Spanish's `contraseña` anchored on its `ñ`): every
// branch starts with a non-ASCII character, which V8 skips to as cheaply as to the `p` above (a lookbehind FIRST in a
// branch is tried at every position: 50 ms per MB). Other Latin-script words (`Kennwort`, `senha`) are read with an
// operator only: a branch per first letter made this scan 20x dearer.
const BARE_PASSWORD_OTHER_SCRIPT =
  /(?:비밀번호|密码|密碼|パスワード|[Пп]ароль|ПАРОЛЬ|(?:\u00f1a|\u00d1A)(?<=(?<![\w-])(?:[Cc]ontrase|CONTRASE)(?:\u00f1a|\u00d1A)))(?:[ \t]+|\()/g;
// Both tried only where their words start (barePasswordStarts, candidate-scan.ts): a scan for the alternation, with
// its lookbehind first, stopped at every position.
const BARE_PASSWORD_AT = stickyOf(BARE_PASSWORD);
const BARE_PASSWORD_OTHER_SCRIPT_AT = stickyOf(BARE_PASSWORD_OTHER_SCRIPT);
// `==`, `!=`, `===`, `!==`: a literal compared with a credential-named variable, on either side.
const COMPARISON = /[=!]==?/g;
const QUOTED_AFTER = /^[ \t]*(["'`])((?:\\.|(?!\1)[^\\\n]){1,256})\1/;
const KEY_AFTER = /^[ \t]*([A-Za-z_$][\w$.-]{0,63})(?![\w$(])/;
const QUOTED_BEFORE = /(["'`])((?:\\.|(?!\1)[^\\\n]){1,256})\1[ \t]*$/;
const KEY_BEFORE = /(?<![\w$.-])([A-Za-z_$][\w$.-]{0,63})[ \t]*$/;
// `<password>x</password>`: the element's name is the key; spaces may pad the text (`<password>  x  </password>`).
const XML_ELEMENT = /<([A-Za-z_][\w.-]{0,63})>([ \t]{0,24})([^<>\s]{1,256})[ \t]{0,24}<\/\1>/g;
// `<entry key="db.password">x</entry>` (Java properties as XML), `<string name="api_key">x</string>` (Android
// resources), `<param name="password">x</param>`: an attribute names the element's text.
const XML_KEYED_ELEMENT =
  /<([A-Za-z_][\w.-]{0,63})[ \t]+(?:key|name)[ \t]*=[ \t]*"([^"]{1,64})"[ \t]*>([^<>\s]{1,256})<\/\1>/g;
// A user and a password handed to a call that says what they are: `HTTPBasicAuth("u", "p")`, `NetworkCredential(`,
// `UsernamePasswordCredentials(`, `ftp.login("u", "p")`, JDBC's `getConnection(url, "u", "p")`, requests'
// `auth=("u", "p")`. The second string is the password.
const CREDENTIAL_CALL =
  /(?:\b(?:HTTPBasicAuth|HTTPDigestAuth|HttpBasicAuth|BasicAuth|DigestAuth|NetworkCredential|UsernamePasswordCredentials|UsernamePasswordAuthenticationToken|PasswordAuthentication|PasswordCredential|BasicAWSCredentials|login|setBasicAuth|withBasicAuth|basicAuth|getConnection)|\bauth[ \t]*=[ \t]*)\([ \t]*(?:[\w$.]{1,80}[ \t]*,[ \t]*)?(["'])[^"'\n]{1,128}\1[ \t]*,[ \t]*(["'])((?:\\.|(?!\2)[^\\\n]){1,256})\2[ \t]*[,)]/g;
// An environment read with a literal fallback: `process.env.DB_PASSWORD || "x"`, `os.environ.get("API_KEY") or "x"`,
// `ENV.fetch("SECRET") { "x" }`, `System.getenv("TOKEN") ?: "x"`. The variable's name is the key; the fallback is
// the credential whenever the variable is unset.
const ENV_FALLBACK =
  /(?:process\.env\.|import\.meta\.env\.|(?:os\.environ\.get|os\.getenv|getenv|System\.getenv|ENV\.fetch|Environment\.GetEnvironmentVariable)\([ \t]*["'])([A-Za-z_][\w]{0,63})(?:["'][ \t]*\))?[ \t]*(?:\|\||\?\?|\?:|\bor\b|\{)[ \t]*(["'])((?:\\.|(?!\2)[^\\\n]){1,256})\2/g;
// `<add key="Password" value="x"/>` (.NET, NuGet), `<param name="client_secret" value="x"/>`.
const KEY_VALUE_ATTRIBUTES =
  /\b(?:key|name)[ \t]*=[ \t]*"([^"]{1,64})"[ \t]+value[ \t]*=[ \t]*"([^"]{1,256})"/g;
// `- name: DB_PASSWORD` then `value: x` (Kubernetes env lists), `{"name": "API_TOKEN", "value": "x"}` (ECS task
// definitions, JSON env lists): the name is the key. Found from `name`/`Name`, the value within the next line.
const NAME_VALUE_PAIR =
  /(?:name|Name|NAME)["']?[ \t]*[:=][ \t]*["']?([A-Za-z_][\w.-]{0,63})["']?[ \t]*(?:,[ \t]*|\r?\n[ \t]*-?[ \t]*)["']?(?:value|Value|VALUE)["']?[ \t]*[:=][ \t]*/g;
// Terraform and HCL: `variable "db_password" { ... default = "x" }`; the block's name is the key.
const HCL_VARIABLE = /\bvariable[ \t]+"([A-Za-z_][\w-]{0,63})"[ \t]*\{/g;
const HCL_DEFAULT = /^[^{}]{0,400}?\bdefault[ \t]*=[ \t]*/;
// Commands that take a password as an argument: SQL's `IDENTIFIED BY 'x'`, `sshpass -p x`, PowerShell's
// `ConvertTo-SecureString "x" -AsPlainText`.
const IDENTIFIED_BY = /\b(?:IDENTIFIED|identified)[ \t]+(?:BY|by)[ \t]+(?=["'])/g;
const SSHPASS = /\bsshpass[ \t]+-p[ \t]*/g;
// An archiver's or OpenSSL's password flag (`zip -P x`, `7z a -px`, `openssl enc -k x`, `-passout pass:x`), found
// from the flag's literal (after a space); its command must stand earlier on the same line, at most 200 characters
// before.
const ARCHIVE_FLAGS: readonly [command: string, literal: string, flag: RegExp][] = [
  ["zip", " -P", / -P[ \t]+/y],
  ["7z", " -p", / -p(?=[^\s-])/y],
  ["openssl", " -k", / -k[ \t]+/y],
  ["openssl", " -pass", / -pass(?:in|out)?[ \t]+pass:/y],
];
// A setter command's key, then its value: `aws configure set <key> <value>`, `gh secret set NAME --body <value>`,
// PowerShell's `Set-Variable -Name <key> -Value <value>`. Not a value read from a file, a pipe or a variable.
const COMMAND_SETTER =
  /\b(?:configure[ \t]+set|secret[ \t]+set|Set-Variable[ \t]+-Name)[ \t]+["']?([\w.:/-]{1,128})["']?[ \t]+(?:--body[ \t]+|-b[ \t]+|-Value[ \t]+)?(?=[^\s<$|-])/g;
const SECURE_STRING =
  /\bConvertTo-SecureString[ \t]+(?:-String[ \t]+)?(?=["'])(?=[^\n]{0,300}-AsPlainText)/gi;
// A directive: a credential-named key starting its line, spaces, and the value ending it (Gradle's
// `storePassword "x"`, redis.conf's `requirepass x`, nginx-style `auth_token "x";`). Found with `indexOf` of each
// word's case forms: a line-start anchor tried at every line cost 8 ms per MB, an alternation of the words 9.
// Lower case and the camel-case `Pass` (`storePassword`): upper-case directives are rare, and each word is a scan.
// R's `<-` may stand between them (`secret <- "x"`); `_key`/`Key`/`KEY` find `private_key "x"`, `apiKey "x"`.
// In the cases keys are written in (`api_token`, `ApiToken`, `API_TOKEN`): the key is judged case-blind after.
export const DIRECTIVE_WORDS = [
  "pass",
  "Pass",
  "PASS",
  "pwd",
  "Pwd",
  "PWD",
  "token",
  "Token",
  "TOKEN",
  "secret",
  "Secret",
  "SECRET",
  "_key",
  "Key",
  "KEY",
];
const DIRECTIVE_PASS = passLiterals(DIRECTIVE_WORDS);
const DIRECTIVE_WORD_ANY_CASE = /pass|pwd|token|secret|key/i;
const DIRECTIVE_VALUE =
  /[ \t]+(?:<<?-[ \t]*)?(?:(["'])((?:\\.|[^\\\n"']){1,256})\1|([^\s"'\\;]{1,256}))[ \t]*;?[ \t]*(?=\r?\n|$)/y;
// `-p x` on a command line that also gives a user with `-u` or `--username` (`docker login -u u -p x`).
const USER_FLAG = /[ \t](?:-u|--username|--user)[ \t=]/;
const SHORT_P = /[ \t]-p[ \t]+/g;
// .pgpass: `host:port:database:user:password`, one entry a line (`*` for any field).
const PGPASS_HINT = /:(?:\d{1,5}|\*):/;
const PGPASS = /(?:^|\n)[^\s:]{1,253}:(?:\d{1,5}|\*):[^\s:]{1,63}:[^\s:]{1,63}:([^\s:]{1,128})(?=\r?\n|$)/g;
// `auth` / `_auth` holding base64 of `user:password` (Docker's config.json, .npmrc), its quotes escaped any number of
// times (`DOCKER_AUTH_CONFIG={\"auths\":{...{\"auth\":\"...\"}}}` inside a YAML or TOML string).
const AUTH_KEY = /auth(?:\\*["'])?[ \t]*[:=][ \t]*(?:\\*["'])?(?=[A-Za-z0-9+/]{8})/g;
// Up to a registry's JSON key (GCR's `_json_key:{...}`, a few kilobytes).
const MAX_AUTH_VALUE = 8192;
const BASE64_VALUE = new RegExp(`^[A-Za-z0-9+/]{8,${MAX_AUTH_VALUE}}={0,2}`);
// A YAML block scalar under a credential key: `password: |` and the value on the next, indented line.
const BLOCK_SCALAR = /:[ \t]*[|>][-+]?[ \t]*\r?\n[ \t]+(?=\S)/g;
const CURL_USER = /(?<=^|\s)(?:-u|--user)(?:[ \t]+|=)(["']?)([^\s"':]{1,64}):([^\s"']{1,128})\1/g;
const MYSQL_PASSWORD = /(?<=\s)-p([^\s"'-][^\s"']{3,63})/g;
const MYSQL_CLIENT = /\b(?:mysql|mysqldump|mysqladmin|mariadb)\b/;

function report(out: TextMatch[], start: number, end: number): void {
  out.push({ kind: "secret", type: "generic_credential", start, end, ruleId: "secret.generic_credential" });
}

/** A value with no operator before it: quoted, judged as any password; bare, eight characters of three classes. */
function readsAsPassword(value: string, quoted: boolean): boolean {
  if (quoted) return isCredentialValue(value, "password", true);
  return (
    value.length >= 8 &&
    characterClasses(value) >= 3 &&
    entropyAtLeast(value, 2.5) &&
    !isLookalikeSecret(value) &&
    !/^[A-Za-z_$][\w$]*(?:\.[\w$]+)+$|[([{]/.test(value)
  );
}

function detectDockerEnv(text: string, out: TextMatch[]): void {
  const env = DOCKER_ENV;
  env.lastIndex = 0;
  for (let m = env.exec(text); m !== null; m = env.exec(text)) {
    const kind = classifyAnyKey(m[1]!);
    if (kind === null) continue;
    const value = readValue(text, m.index + m[0].length);
    if (value === null) continue;
    const [start, end, quoted] = value;
    const raw = text.slice(start, end);
    if (!raw.startsWith("$") && isCredentialValue(raw, kind, quoted)) report(out, start, end);
  }
}

/**
 * Each flag's value, where the nearest command before it on its line is the flag's (a word: not `gzip`); linear: the
 * flags and the commands are each read once, in order.
 */
function detectArchivePasswords(text: string, out: TextMatch[]): void {
  const index = candidateIndex(text);
  for (const [command, literal, flag] of ARCHIVE_FLAGS) {
    const commands = index.positions(command);
    if (commands.length === 0) continue;
    let c = 0;
    for (const at of index.positions(literal)) {
      flag.lastIndex = at;
      const m = flag.exec(text);
      if (m === null) continue;
      while (c + 1 < commands.length && commands[c + 1]! < at) c++;
      const from = commands[c]!;
      if (from > at || at - from > 200 || text.slice(from, at).includes("\n")) continue;
      if (isWordCode(codeAt(text, from - 1)) || !isCommandEnd(text, from + command.length)) continue;
      reportPasswordArgument(text, at + m[0].length, out);
    }
  }
}

/** A command's name ends at `at` (`7za` is 7-Zip's too). */
function isCommandEnd(text: string, at: number): boolean {
  const next = codeAt(text, at);
  return !isWordCode(next) || (next === 97 && !isWordCode(codeAt(text, at + 1)));
}

function detectCommandSetters(text: string, out: TextMatch[]): void {
  const setter = COMMAND_SETTER;
  setter.lastIndex = 0;
  for (let m = setter.exec(text); m !== null; m = setter.exec(text)) {
    const kind = classifyAnyKey(m[1]!.slice(m[1]!.search(/[^.:/]*$/)));
    if (kind === null) continue;
    const value = readValue(text, m.index + m[0].length);
    if (value === null) continue;
    const [start, end, quoted] = value;
    const raw = text.slice(start, end);
    if (!raw.startsWith("$") && isCredentialValue(raw, kind, quoted)) report(out, start, end);
  }
}

function detectDefines(text: string, out: TextMatch[]): void {
  const define = DEFINE;
  define.lastIndex = 0;
  for (let m = define.exec(text); m !== null; m = define.exec(text)) {
    const kind = classifyAnyKey(m[1]!);
    if (kind === null) continue;
    const value = readValue(text, m.index + m[0].length);
    if (value === null) continue;
    const [start, end, quoted] = value;
    if (isCredentialValue(text.slice(start, end), kind, quoted)) report(out, start, end);
  }
}

/** The matches of `bare` (global), tried only at `starts` (with `sticky`, its sticky copy) unless they are undefined. */
function detectBarePasswords(
  text: string,
  out: TextMatch[],
  bare: RegExp,
  sticky: RegExp,
  starts: readonly number[] | undefined,
): void {
  if (starts === undefined) scanAll(text, bare, (m) => barePasswordMatch(text, out, m));
  else scanAtStarts(text, sticky, starts, (m) => barePasswordMatch(text, out, m));
}

/** One match of a bare password form: its value reported when it reads as a password; where the scan resumes. */
function barePasswordMatch(text: string, out: TextMatch[], m: RegExpExecArray): number {
  const from = m.index + m[0].length;
  const bracket = m[0].endsWith("(");
  const value = readValue(text, from);
  if (value === null) return from;
  let [start, end, quoted] = value;
  if (bracket && !quoted && text.charCodeAt(end) !== 41) {
    // `PASSWORD(x)`: the value ends at the closing bracket.
    const close = text.indexOf(")", from);
    if (close === -1 || close - from > 128) return from;
    [start, end] = [from, close];
  }
  const raw = text.slice(start, end);
  // After a bracket, always the strict reading: three classes, so every match holds an upper-case letter or a digit.
  if (/\s/.test(raw) || !readsAsPassword(raw, quoted && !bracket)) return from;
  report(out, start, end);
  return Math.max(from, end);
}

/**
 * Where BARE_PASSWORD may match: every match starts with `pass` or `pwd` in some ASCII case (it is case-sensitive,
 * so these are a superset). BARE_PASSWORD_OTHER_SCRIPT starts with one of OTHER_SCRIPT_WORDS (or the `ña` of
 * `contraseña`). Undefined when there are too many to be worth trying one by one, or the text is short (SHORT_TEXT).
 */
function barePasswordStarts(text: string): number[] | undefined {
  // On a long text, the shared pass's `pass`/`pwd` (ASCII case folded, as the anchor below: the pass folds ASCII
  // letters only, so `ｐass` or a Kelvin sign is in neither). Else the `p` and `P` of the text from the shared index
  // followed by `ass` or `wd` (the regex `[Pp](?=[Aa][Ss][Ss]|[Ww][Dd])` stopped at each); in a text dense in them
  // (a run of `p`s), that regex.
  if (text.length >= MIN_PASS_LENGTH) {
    const hits = candidateIndex(text).passHits(BARE_PASS);
    if (hits !== undefined) {
      const starts = mergeUnique(hits[0]!, hits[1]!);
      return starts.length > text.length >> 1 ? undefined : starts;
    }
  }
  if (text.length < SHORT_TEXT) return undefined;
  const index = candidateIndex(text);
  const lower = index.positionsUpTo("p", text.length >> 5);
  const upper = index.positionsUpTo("P", text.length >> 5);
  if (lower === undefined || upper === undefined)
    return anchorStarts(text, BARE_PASSWORD_ANCHOR, 0, text.length >> 1);
  const starts = mergeUnique(
    lower.filter((at) => passOrPwdAt(text, at + 1)),
    upper.filter((at) => passOrPwdAt(text, at + 1)),
  );
  return starts.length > text.length >> 1 ? undefined : starts;
}
const BARE_PASS = passLiterals(["pass", "pwd"]);
const BARE_PASSWORD_ANCHOR = /[Pp](?=[Aa][Ss][Ss]|[Ww][Dd])/g;

/** `ass` or `wd` in any ASCII case at `at`. */
function passOrPwdAt(text: string, at: number): boolean {
  const a = text.charCodeAt(at) | 32;
  if (a === 119) return (text.charCodeAt(at + 1) | 32) === 100;
  return a === 97 && (text.charCodeAt(at + 1) | 32) === 115 && (text.charCodeAt(at + 2) | 32) === 115;
}
const OTHER_SCRIPT_WORDS = [
  "비밀번호",
  "密码",
  "密碼",
  "パスワード",
  "Пароль",
  "пароль",
  "ПАРОЛЬ",
  "\u00f1a",
  "\u00d1A",
];

function reportKeyedLiteral(out: TextMatch[], key: string, value: string, start: number): void {
  const kind = classifyAnyKey(key);
  if (kind === null || TEMPLATE_LIKE.test(value) || !isCredentialValue(value, kind, true)) return;
  report(out, start, start + value.length);
}

const TEMPLATE_LIKE = /^(?:\$\{|\{\{|%\(|<)/;

function detectComparisons(text: string, out: TextMatch[]): void {
  const op = COMPARISON;
  op.lastIndex = 0;
  for (let m = op.exec(text); m !== null; m = op.exec(text)) {
    const before = text.slice(Math.max(0, m.index - 300), m.index);
    const after = text.slice(m.index + m[0].length, m.index + m[0].length + 300);
    const keyBefore = KEY_BEFORE.exec(before);
    const quotedAfter = keyBefore === null ? null : QUOTED_AFTER.exec(after);
    if (keyBefore !== null && quotedAfter !== null) {
      const start = m.index + m[0].length + quotedAfter[0].length - 1 - quotedAfter[2]!.length;
      reportKeyedLiteral(out, keyBefore[1]!, quotedAfter[2]!, start);
      continue;
    }
    const quotedBefore = QUOTED_BEFORE.exec(before);
    const keyAfter = quotedBefore === null ? null : KEY_AFTER.exec(after);
    if (quotedBefore !== null && keyAfter !== null) {
      const start = m.index - before.length + quotedBefore.index + 1;
      reportKeyedLiteral(out, keyAfter[1]!, quotedBefore[2]!, start);
    }
  }
}

function detectMarkupValues(text: string, out: TextMatch[]): void {
  if (text.includes("</")) {
    const element = XML_ELEMENT;
    element.lastIndex = 0;
    for (let m = element.exec(text); m !== null; m = element.exec(text))
      reportKeyedLiteral(out, m[1]!, m[3]!, m.index + m[1]!.length + 2 + m[2]!.length);
  }
  if (text.includes("</") && (text.includes("key") || text.includes("name"))) {
    const element = XML_KEYED_ELEMENT;
    element.lastIndex = 0;
    for (let m = element.exec(text); m !== null; m = element.exec(text))
      reportKeyedLiteral(out, m[2]!, m[3]!, m.index + m[0].length - m[1]!.length - 3 - m[3]!.length);
  }
  if (text.includes("value")) {
    const pair = KEY_VALUE_ATTRIBUTES;
    pair.lastIndex = 0;
    for (let m = pair.exec(text); m !== null; m = pair.exec(text))
      reportKeyedLiteral(out, m[1]!, m[2]!, m.index + m[0].length - 1 - m[2]!.length);
  }
}

function detectCredentialCalls(text: string, out: TextMatch[]): void {
  const call = CREDENTIAL_CALL;
  call.lastIndex = 0;
  for (let m = call.exec(text); m !== null; m = call.exec(text)) {
    const password = m[3]!;
    if (TEMPLATE_LIKE.test(password) || !isCredentialValue(password, "password", true)) continue;
    // The match ends at the `,` or `)` after the password's closing quote and any spaces.
    let quote = m.index + m[0].length - 2;
    while (text.charCodeAt(quote) === 32 || text.charCodeAt(quote) === 9) quote--;
    report(out, quote - password.length, quote);
  }
}

function detectEnvFallbacks(text: string, out: TextMatch[]): void {
  const read = ENV_FALLBACK;
  read.lastIndex = 0;
  for (let m = read.exec(text); m !== null; m = read.exec(text)) {
    const end = m.index + m[0].length - 1;
    reportKeyedLiteral(out, m[1]!, m[3]!, end - m[3]!.length);
  }
}

function detectNameValuePairs(text: string, out: TextMatch[]): void {
  const pair = NAME_VALUE_PAIR;
  pair.lastIndex = 0;
  for (let m = pair.exec(text); m !== null; m = pair.exec(text)) {
    const kind = classifyAnyKey(m[1]!);
    if (kind === null) continue;
    const value = readValue(text, m.index + m[0].length);
    if (value === null) continue;
    const [start, end, quoted] = value;
    if (
      !TEMPLATE_LIKE.test(text.slice(start, end)) &&
      isCredentialValue(text.slice(start, end), kind, quoted)
    )
      report(out, start, end);
  }
}

function detectHclDefaults(text: string, out: TextMatch[]): void {
  const variable = HCL_VARIABLE;
  variable.lastIndex = 0;
  for (let m = variable.exec(text); m !== null; m = variable.exec(text)) {
    const kind = classifyAnyKey(m[1]!);
    if (kind === null) continue;
    const from = m.index + m[0].length;
    // The block is read within the variable's string on a JSON value's joined text (string-bounds.ts): a
    // neighbour string's `default =` is not this variable's.
    const inBlock = HCL_DEFAULT.exec(text.slice(from, Math.min(from + 480, stringEnd(text, m.index))));
    if (inBlock === null) continue;
    const value = readValue(text, from + inBlock[0].length);
    if (value === null || !value[2]) continue;
    const [start, end] = value;
    if (isCredentialValue(text.slice(start, end), kind, true)) report(out, start, end);
  }
}

/** The argument value at `at`, when it reads as a password (not a variable `$X`, not the next `-flag`). */
function reportPasswordArgument(text: string, at: number, out: TextMatch[]): void {
  const value = readValue(text, at);
  if (value === null) return;
  const [start, end, quoted] = value;
  const raw = text.slice(start, end);
  if (raw.startsWith("$") || raw.startsWith("-") || !readsAsPassword(raw, quoted)) return;
  report(out, start, end);
}

/** The value right after a command's password argument (`regex` ends where it starts). */
function detectCommandPasswords(text: string, out: TextMatch[], command: RegExp): void {
  command.lastIndex = 0;
  for (let m = command.exec(text); m !== null; m = command.exec(text)) {
    reportPasswordArgument(text, m.index + m[0].length, out);
  }
}

/**
 * Per DIRECTIVE_WORDS word, ascending offsets of it that hold every occurrence detectDirectives can report (one in
 * the key that starts its line, after indentation, at most 64 characters into it; detectDirectives checks that
 * itself). On a long text, every occurrence from the shared pass; else read from the line starts (a newline is found
 * in native code, and most lines start with no key) instead of a search for each word of common letters.
 */
export function directiveWordsAtLineStarts(text: string): number[][] {
  // On a long text, each word's occurrences in its exact case from the shared pass (which folds ASCII case): a few
  // per MB of prose, against a read of every line start.
  const hits = text.length >= MIN_PASS_LENGTH ? candidateIndex(text).passHits(DIRECTIVE_PASS) : undefined;
  if (hits !== undefined)
    return DIRECTIVE_WORDS.map((word, w) => hits[w]!.filter((at) => text.startsWith(word, at)));
  const found: number[][] = DIRECTIVE_WORDS.map(() => []);
  const newlines = candidateIndex(text).startsUpTo([["\n", 0]], text.length >> 4);
  // Lines shorter than 16 characters on average: each word's occurrences, for detectDirectives to judge one by one.
  if (newlines === undefined) return DIRECTIVE_WORDS.map((word) => [...candidateIndex(text).positions(word)]);
  for (let line = -1; line < newlines.length; line++) {
    let keyStart = line === -1 ? 0 : newlines[line]! + 1;
    while (text.charCodeAt(keyStart) === 32 || text.charCodeAt(keyStart) === 9) keyStart++;
    let runEnd = keyStart;
    while (runEnd - keyStart < 64 + 6 && isKeyChar(codeAt(text, runEnd))) runEnd++;
    if (runEnd - keyStart < 3) continue;
    const key = text.slice(keyStart, runEnd);
    for (let w = 0; w < DIRECTIVE_WORDS.length; w++) {
      const word = DIRECTIVE_WORDS[w]!;
      for (let at = key.indexOf(word); at !== -1 && at <= 64; at = key.indexOf(word, at + word.length))
        found[w]!.push(keyStart + at);
    }
  }
  return found;
}

function detectDirectives(text: string, out: TextMatch[]): void {
  // Every candidate holds one of DIRECTIVE_WORDS (ASCII): a short text without any, in any ASCII case, has none.
  if (text.length < SHORT_TEXT && !DIRECTIVE_WORD_ANY_CASE.test(text)) return;
  // The bare password words ran first: `PASSWORD x` at a line start is theirs already.
  const reported = new Set<number>(out.map((m) => m.start));
  const candidates = directiveWordsAtLineStarts(text);
  for (let w = 0; w < DIRECTIVE_WORDS.length; w++) {
    const word = DIRECTIVE_WORDS[w]!;
    for (const at of candidates[w]!) {
      // The word ends the key (`password`, `passwd`, `Passwort`: a few letters may follow it), spaces follow.
      let keyEnd = at + word.length;
      while (keyEnd - at < word.length + 6 && isAsciiAlnum(codeAt(text, keyEnd))) keyEnd++;
      const next = codeAt(text, keyEnd);
      if (next !== 32 && next !== 9) continue;
      // The key starts its line (after indentation): read back by hand, no slice for the common miss.
      let keyStart = at;
      while (keyStart > 0 && at - keyStart < 64 && isKeyChar(text.charCodeAt(keyStart - 1))) keyStart--;
      let indent = keyStart;
      while (indent > 0 && (text.charCodeAt(indent - 1) === 32 || text.charCodeAt(indent - 1) === 9))
        indent--;
      if (indent > 0 && text.charCodeAt(indent - 1) !== 10) continue;
      const kind = classifyAnyKey(text.slice(keyStart, keyEnd));
      if (kind === null) continue;
      const read = DIRECTIVE_VALUE;
      read.lastIndex = keyEnd;
      const v = read.exec(text);
      if (v === null) continue;
      const quoted = v[1] !== undefined;
      const value = v[2] ?? v[3]!;
      if (value.startsWith("$") || value.startsWith("-") || (!quoted && /[([{]/.test(value))) continue;
      if (!readsAsPassword(value, quoted)) continue;
      const start = v.index + v[0].indexOf(value, quoted ? 1 : 0);
      if (reported.has(start)) continue;
      reported.add(start);
      report(out, start, start + value.length);
    }
  }
}

function detectUserPasswordFlags(text: string, out: TextMatch[]): void {
  const flag = SHORT_P;
  flag.lastIndex = 0;
  for (let m = flag.exec(text); m !== null; m = flag.exec(text)) {
    const lineStart = text.lastIndexOf("\n", m.index) + 1;
    if (m.index - lineStart > 400 || !USER_FLAG.test(text.slice(lineStart, m.index))) continue;
    const v = readValue(text, m.index + m[0].length);
    if (v !== null && isPairedPasswordValue(text.slice(v[0], v[1]), v[2])) report(out, v[0], v[1]);
  }
}

function detectPgpassLines(text: string, out: TextMatch[]): void {
  const line = PGPASS;
  line.lastIndex = 0;
  for (let m = line.exec(text); m !== null; m = line.exec(text)) {
    const password = m[1]!;
    if (!readsAsPassword(password, false)) continue;
    const end = m.index + m[0].length;
    report(out, end - password.length, end);
  }
}

function isKeyChar(code: number): boolean {
  return isAsciiAlnum(code) || code === 95 || code === 46 || code === 45;
}

function isAsciiAlnum(code: number): boolean {
  return (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
}

function detectBasicAuthPairs(text: string, out: TextMatch[]): void {
  const key = AUTH_KEY;
  key.lastIndex = 0;
  for (let m = key.exec(text); m !== null; m = key.exec(text)) {
    // The key is `auth` or `_auth` as a whole word: not `oauth`, `author`, `x_auth`.
    const before = codeAt(text, m.index - 1);
    const outside = before === 95 ? codeAt(text, m.index - 2) : before;
    if (isAsciiAlnum(outside) || (before === 95 && outside === 95)) continue;
    const start = m.index + m[0].length;
    const value = BASE64_VALUE.exec(text.slice(start, start + MAX_AUTH_VALUE + 2))?.[0];
    if (value === undefined || !decodesToCredentialPair(value)) continue;
    report(out, start, start + value.length);
  }
}

/**
 * Base64 of `user:password`: a user of printable ASCII without spaces, and a password that reads as one, printable
 * ASCII on one line, or a JSON document (a registry's `_json_key:{...}`, lines and all).
 */
function decodesToCredentialPair(value: string): boolean {
  const decoded = Buffer.from(value, "base64").toString("latin1");
  const colon = decoded.indexOf(":");
  if (colon < 1 || !/^[\x21-\x7e]+$/.test(decoded.slice(0, colon))) return false;
  const password = decoded.slice(colon + 1);
  const json = password.startsWith("{") && /^[\x20-\x7e\t\r\n]+$/.test(password);
  if (!json && !/^[\x21-\x7e]+$/.test(password)) return false;
  return isCredentialValue(password, "password", true);
}

function detectBlockScalars(text: string, out: TextMatch[]): void {
  const block = BLOCK_SCALAR;
  block.lastIndex = 0;
  for (let m = block.exec(text); m !== null; m = block.exec(text)) {
    const key = KEY_BEFORE.exec(text.slice(Math.max(0, m.index - 64), m.index))?.[1];
    const kind = key === undefined ? null : classifyAnyKey(key);
    if (kind === null) continue;
    const start = m.index + m[0].length;
    const lineEnd = text.indexOf("\n", start);
    const value = text.slice(start, lineEnd === -1 ? text.length : lineEnd).trimEnd();
    if (value.length > 256 || !isCredentialValue(value, kind, false)) continue;
    report(out, start, start + value.length);
  }
}

function detectCurlUsers(text: string, out: TextMatch[]): void {
  const curl = CURL_USER;
  curl.lastIndex = 0;
  for (let m = curl.exec(text); m !== null; m = curl.exec(text)) {
    const password = m[3]!;
    const end = m.index + m[0].length - m[1]!.length;
    // `-u http://host/path` (another tool's URL flag): the "password" after the scheme's colon is `//host`.
    if (password.length < 4 || /^[$%{<]|^\/\//.test(password) || isLookalikeSecret(password)) continue;
    report(out, end - password.length, end);
  }
}

function detectMysqlPasswords(text: string, out: TextMatch[]): void {
  if (!MYSQL_CLIENT.test(text)) return;
  const flag = MYSQL_PASSWORD;
  flag.lastIndex = 0;
  for (let m = flag.exec(text); m !== null; m = flag.exec(text)) {
    const value = m[1]!;
    const lineStart = text.lastIndexOf("\n", m.index) + 1;
    if (!MYSQL_CLIENT.test(text.slice(lineStart, m.index))) continue;
    if (value.startsWith("$") || !isCredentialValue(value, "password", false)) continue;
    const start = m.index + 2;
    if (codeAt(text, start) === -1) continue;
    report(out, start, start + value.length);
  }
}

/**
 * Every form above; appended to `out`. Each form runs only when the text holds what every match of it holds (the
 * gates): the rare characters first (`:`, `=`, a quote, `{`, `-p`, found in native code and shared through the
 * candidate index), the words after them (`value`, `variable`: a search for a word of common letters stops at each
 * of them, about 0.6 ms per MB of prose each).
 */
export function detectOperatorlessCredentials(text: string, out: TextMatch[]): void {
  const index = needlesOf(text);
  const operator = index.has(":") || index.has("=");
  const quote = index.has('"') || index.has("'");
  if (index.has("#define")) detectDefines(text, out);
  // Its key holds a credential word, which the prefilter's literals hold (token-detector.ts).
  if (index.has("ENV ") || index.has("ENV\t")) detectDockerEnv(text, out);
  detectBarePasswords(text, out, BARE_PASSWORD, BARE_PASSWORD_AT, barePasswordStarts(text));
  const otherScript = literalStarts(text, OTHER_SCRIPT_WORDS, 0, text.length);
  detectBarePasswords(text, out, BARE_PASSWORD_OTHER_SCRIPT, BARE_PASSWORD_OTHER_SCRIPT_AT, otherScript);
  if (index.has("=")) detectComparisons(text, out);
  if (index.has("<")) detectMarkupValues(text, out);
  if (quote && index.has("(")) detectCredentialCalls(text, out);
  if (quote && (index.has("env") || index.has("ENV") || index.has("Env"))) detectEnvFallbacks(text, out);
  if (index.has("-u")) detectCurlUsers(text, out);
  // `-p` first: V8 finds the rare `-` quickly, and a leading space stops the search at every word.
  if (index.has("-p") && index.has(" -p")) {
    detectMysqlPasswords(text, out);
    detectUserPasswordFlags(text, out);
  }
  // NAME_VALUE_PAIR holds `:` or `=`; HCL_VARIABLE `"` and `{`; IDENTIFIED_BY a quote; SSHPASS `-p`.
  if (operator && index.has("alue")) detectNameValuePairs(text, out);
  if (index.has("{") && index.has('"') && index.has("variable")) detectHclDefaults(text, out);
  if (quote && (index.has("dentified") || index.has("DENTIFIED")))
    detectCommandPasswords(text, out, IDENTIFIED_BY);
  if (index.has("-p") && index.has("sshpass")) detectCommandPasswords(text, out, SSHPASS);
  if (index.has("zip") || index.has("7z") || index.has("openssl")) detectArchivePasswords(text, out);
  if (index.has("configure") || index.has("secret set") || index.has("Set-Variable"))
    detectCommandSetters(text, out);
  detectDirectives(text, out);
  if (index.has(":") && PGPASS_HINT.test(text)) detectPgpassLines(text, out);
  // AUTH_KEY holds `:` or `=`.
  if (operator && index.has("auth")) detectBasicAuthPairs(text, out);
  // \`includes\`, not a regex from \`:\`: that tried every colon of prose (7 ms per MB).
  if (index.has(": |") || index.has(": >")) detectBlockScalars(text, out);
  if (index.has("-AsPlainText")) detectCommandPasswords(text, out, SECURE_STRING);
}

CANDIDATE_SCANS.push(
  { name: "bare password words", global: BARE_PASSWORD, starts: barePasswordStarts },
  {
    name: "bare password words of other scripts",
    global: BARE_PASSWORD_OTHER_SCRIPT,
    starts: (text) => literalStarts(text, OTHER_SCRIPT_WORDS, 0, text.length),
  },
);
