import {
  candidateIndex,
  heldIfIndexed,
  MIN_PASS_LENGTH,
  mergeUnique,
  type PassLiterals,
  passLiterals,
} from "../../scan/candidates.js";
import { stringEnd, stringStart } from "../../scan/string-bounds.js";
import type { TextMatch } from "../../types.js";
import { codeAt, isWordCode } from "../shared/char-codes.js";
import { entropyAtLeast } from "../shared/shannon-entropy.js";
import {
  CANDIDATE_SCANS,
  literalStarts,
  SHORT_TEXT,
  scanAll,
  scanAtStarts,
  stickyOf,
} from "./candidate-scan.js";
import { isLookalikeSecret } from "./lookalike.js";

/**
 * Secrets assigned to a credential-named key, in the syntaxes tool output is full of: `password=...` (env, query
 * strings, INI), `passwd: ...` (YAML), `"api_key": "..."` (JSON), `secret => '...'`, `--token=...`, plus HTTP
 * `Authorization: Bearer ...` / `Basic ...` values. Only the value is reported.
 *
 * Deciding what counts (documented because it trades recall for precision):
 * - The key is the whole identifier around the keyword, and it must END in a credential word (`db_password`,
 *   `clientSecret`, `GITHUB_TOKEN`), so `password_policy`, `token_type` or `secretName` are not credentials.
 *   Pagination and CSRF tokens (`nextToken`, `page_token`, `csrf_token`) are not secrets and are skipped.
 * - Placeholders are skipped: masks (`****`), templates (`${DB_PASS}`, `{{ token }}`, `<password>`), and
 *   documentation words (`changeme`, `your_api_key_here`, `example`...). See placeholder.ts.
 * - Password-like keys need 6+ characters mixing at least two of lower/upper/digit/symbol (so `hunter2x9Q`
 *   counts, `letmein` does not). Token-like keys need 16+ characters and 3+ bits/char of Shannon entropy.
 * - Unquoted values that read as code (`process.env.SECRET`, `getPassword()`, a bare type name like `string`)
 *   are skipped; quoted values are literals and are judged on their content.
 */

// Scanning for the operator and looking back at the key is several times cheaper on prose than scanning for
// credential words case-insensitively (an alternation V8 cannot skip through quickly), and about as cheap on JSON.
// `：` is the full-width colon CJK text writes (`密码：...`).
const OPERATORS = [":", "=", "\uff1a"];

/**
 * The next operator at or after `from`, or -1: a global scan for `[:=：]`, but each character found by its own
 * string search (V8's scan for the class stopped nowhere in prose and still cost a millisecond per megabyte).
 * `from` never decreases between calls.
 */
function operatorFinder(text: string): (from: number) => number {
  // -2: not searched yet; -1: none left. A `:` or `=` the shared pass saw nowhere is never searched for.
  const next = [
    heldIfIndexed(text, ":") === false ? -1 : -2,
    heldIfIndexed(text, "=") === false ? -1 : -2,
    -2,
  ];
  return (from) => {
    let best = -1;
    for (let k = 0; k < 3; k++) {
      if (next[k] !== -1 && next[k]! < from) next[k] = text.indexOf(OPERATORS[k]!, from);
      const at = next[k]!;
      if (at !== -1 && (best === -1 || at < best)) best = at;
    }
    return best;
  };
}
const CLI_FLAG = /--[A-Za-z][\w-]{0,62}[ \t]+/g;
const CLI_FLAG_AT = stickyOf(CLI_FLAG);
/** Every CLI_FLAG match holds its `--` (a constant array: literalStarts keeps its search plan by identity). */
const CLI_FLAG_LITERALS = ["--"];
// The single-dash credential flags of some tools (`sqlcmd -password "x"`), from a literal ` -` V8 skips to: any
// single-dash flag (`(?<=\s)-[A-Za-z]...`) stopped at every hyphenated word of prose and cost 20 ms per MB.
const SHORT_FLAG =
  /[ \t]-(?:(?:src|dest)?(?:store|key)pass|[Pp]ass(?:word|wd)?|PASS(?:WORD|WD)?|[Pp]wd|PWD|[Tt]oken|TOKEN|[Ss]ecret|SECRET|[Aa]pi[Kk]ey|APIKEY)[ \t]+/g;
// Tried only before a `-` (shortFlagStarts): scanning for `[ \t]-` stops at every space of prose.
const SHORT_FLAG_AT = stickyOf(SHORT_FLAG);
// GitHub's `Authorization: token ...` names its scheme "token"; elsewhere the word is prose, so it needs the header.
// The scheme words first, their checks (a word boundary before, the header before `token`) as a lookbehind after
// them: the same matches, but V8 skips to the words instead of trying the assertions at every position (written
// with a leading `\b`, this regex was the costliest part of the output check on 1 MB of prose).
const AUTH_SCHEME =
  /(?:Bearer|Basic|token)(?<=(?<!\w)(?:Bearer|Basic|(?<=Authorization["']?:[ \t]{0,4})token))[ \t]+/g;
// Tried only where its words are (candidate-scan.ts): V8 stops at every `t` of prose for the alternation.
const AUTH_SCHEME_AT = stickyOf(AUTH_SCHEME);
const AUTH_SCHEME_WORDS = ["Bearer", "Basic", "token"];
/** A lower-cased, separator-free key ending in one of `words` (plain lower-case letters, so no escaping). */
function endsInOneOf(words: readonly string[]): RegExp {
  return new RegExp(`(?:${words.join("|")})$`);
}
// With the password words of other languages written in ASCII (German, Portuguese, Dutch, French `mdp`, Finnish,
// Czech, Slovak, Slovene, Polish and Swedish without their accents, Norwegian, Danish, Turkish, Indonesian and Malay,
// Croatian and Serbian, Italian).
const PASSWORD_KEY_WORDS = [
  "password",
  "passwd",
  "passphrase",
  "pass",
  "pwd",
  "pw",
  "passwort",
  "kennwort",
  "senha",
  "wachtwoord",
  "mdp",
  "passe",
  "salasana",
  "heslo",
  "haslo",
  "geslo",
  "losenord",
  "passord",
  "adgangskode",
  "sifre",
  "sandi",
  "lozinka",
  "parola",
];
const PASSWORD_KEY = endsInOneOf(PASSWORD_KEY_WORDS);
/**
 * Password words of other languages, right before an operator (`비밀번호:`, `密碼=`, `пароль:`): keys the ASCII key
 * reader cannot read. Tested on the few characters before an operator that follows a non-ASCII letter.
 */
const OTHER_SCRIPT_PASSWORD =
  /(?:비밀번호|비번|암호|패스워드|密码|密碼|口令|パスワード|暗証番号|пароль|contraseña|hasło|lösenord|mật khẩu|şifre|jelszó|parolă|salasõna|slaptažodis|पासवर्ड|รหัสผ่าน|κωδικός(?: πρόσβασης)?|رمز عبور|كلمة المرور|סיסמה)[ \t]*$/i;
/** Key and token words of other scripts, as OTHER_SCRIPT_PASSWORD (`API 키:`, `토큰=`, `密钥：`, `токен:`). */
const OTHER_SCRIPT_TOKEN =
  /(?:API[ \t]?키|비밀[ \t]?키|액세스[ \t]?키|토큰|시크릿|密钥|秘钥|金鑰|令牌|トークン|APIキー|シークレット|токен|ключ(?:[ \t]API)?)[ \t]*$/i;
const TOKEN_KEY_WORDS = [
  "secret",
  // The misspelling keyword scanners list beside it (`secrete = "..."`, `char secrete[25] = ...`).
  "secrete",
  "secretkey",
  "authkey",
  "apikey",
  "apisecret",
  "accesskey",
  "secretaccesskey",
  "privatekey",
  "token",
  "accesstoken",
  "authtoken",
  "apitoken",
  "refreshtoken",
  "bearertoken",
  "credential",
  "credentials",
  "clientsecret",
];
const TOKEN_KEY = endsInOneOf(TOKEN_KEY_WORDS);
const NOT_SECRET_KEY =
  /(?:next|page|continuation|csrf|xsrf|sync|cursor|pagination|resume|start|max|num|count)token$/;
/**
 * Literals every text the assignment walk can report from holds, in ASCII case folded (keyword-prefilter.ts): an
 * operator (`:`, `=`), a `--flag` or a ` -flag`. Text with a non-ASCII character says nothing (the full-width colon,
 * other scripts' key words, `toLowerCase` beyond ASCII): the caller bypasses on it.
 */
export const ASSIGNMENT_LITERALS: readonly string[] = [":", "=", "--", " -", "\t-", '("', "('"];
/**
 * Literals of the generic forms without an assignment, in ASCII case folded: the authorization schemes, the
 * operatorless forms of credential-forms.ts (`#define`, the bare password words, `<` of markup, `-u` of curl; a
 * comparison holds `=`, `mysql -p` holds ` -`). Non-ASCII text bypasses, as above.
 */
export const GENERIC_LITERALS: readonly string[] = [
  "bearer",
  "basic",
  "token",
  "#define",
  "pass",
  "pwd",
  "<",
  "-u",
  "identified",
  // A directive's key then its value with no operator (`private_key "x"`, `apiKey "x"`, `secret <- "x"`).
  "secret",
  "_key",
  "apikey",
  // JDBC's `getConnection(url, "user", "password")`: the one credential call (credential-forms.ts) whose match may
  // hold no `("`, `('` or `=`.
  "getconnection",
];
const QUERY_PARAM = /^[\w.-]{1,64}=/;
const TEMPLATE_START = /^(?:\$\{|\{\{|\$\(|<)/;
const MAX_KEY = 64;
/** Spaces allowed around an operator: aligned YAML, HCL and object literals pad keys to a column. */
const MAX_ALIGNMENT = 24;
/** The longest value readValue reads by default (the other forms' callers). */
const MAX_VALUE = 256;
/**
 * The longest value the walk reads under a key it accepts. Generated credentials run past 256 characters (Aiven's
 * 372-character tokens, dotted tokens of 300-600, base64 of a key file of a few kB). A value the walk reads past
 * MAX_VALUE and does not report (or cannot end) is skipped whole, so no character is read twice by a long read
 * (`password=password=...` stays linear).
 */
const MAX_LONG_VALUE = 8192;

export type KeyKind = "password" | "token";

function isKeyCode(code: number): boolean {
  return isWordCode(code) || code === 45 || code === 46;
}

export function classifyKey(key: string): KeyKind | null {
  const normalized = key.toLowerCase().replace(/[_.-]/g, "");
  if (NOT_SECRET_KEY.test(normalized)) return null;
  if (PASSWORD_KEY.test(normalized)) return "password";
  if (TOKEN_KEY.test(normalized)) return "token";
  return null;
}

export function characterClasses(value: string): number {
  let classes = 0;
  if (/[a-z]/.test(value)) classes++;
  if (/[A-Z]/.test(value)) classes++;
  if (/\d/.test(value)) classes++;
  if (/[^A-Za-z0-9]/.test(value)) classes++;
  return classes;
}

const OPTIONAL_CHAIN =
  /^[A-Za-z_$][\w$]*(?:\??\.[A-Za-z_$][\w$]*)*\?\.[A-Za-z_$][\w$]*(?:\??\.[A-Za-z_$][\w$]*)*!?$/;

function looksLikeCode(value: string): boolean {
  return (
    // A name or member access, TypeScript's non-null `!` after it (`process.env.API_KEY!`), or an optional chain
    // (`options?.resumptionToken`, `inputTokens?.cacheWrite`).
    /^[A-Za-z_$.]+!?$/.test(value) ||
    OPTIONAL_CHAIN.test(value) ||
    value.endsWith("?.") ||
    value.includes("(") ||
    value.includes("[") || // `os.environ["DB_PASSWORD"]`, `config[key]`
    value.startsWith("=") ||
    value.startsWith("$")
  );
}

/**
 * Base64 whose bytes are a sentence (`UXVhcnRlcmx5IHJlcG9ydC...` is "Quarterly report, final version"): encoded
 * text, not key material. A generated key decodes to random bytes, and an encoded credential pair (`user:pass`) has
 * no spaces, so neither is taken for prose.
 */
function isEncodedProse(value: string): boolean {
  if (value.length < 24 || value.length % 4 !== 0 || !/^[A-Za-z0-9+/]+={0,2}$/.test(value)) return false;
  const decoded = Buffer.from(value, "base64").toString("latin1");
  let printable = 0;
  let spaces = 0;
  for (let i = 0; i < decoded.length; i++) {
    const c = decoded.charCodeAt(i);
    if (c >= 0x20 && c < 0x7f) printable++;
    if (c === 0x20) spaces++;
  }
  return printable === decoded.length && spaces >= 2 && /[a-z]{3,}\s[a-z]{2,}/i.test(decoded);
}

const UUID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;
const LOWER_WORDS = /^[a-z]+(?:[-_.][a-z]+)+$/;
/**
 * Where a secret lives, not what it is: a secret manager's or vault's address (`vault:secret/data/db#password`,
 * `op://vault/item/field`, `arn:aws:secretsmanager:...`, `projects/p/secrets/s`, Azure App Service's
 * `@Microsoft.KeyVault(...)`), or a YAML tag that hands the value to a resolver or decrypter (`!vault |`,
 * `!Ref DbPassword`, `!Sub`, `!GetAtt`).
 */
export const SECRET_REFERENCE =
  /^(?:[a-z][a-z0-9+.-]{0,15}:\/\/|(?:vault|arn|ssm|secretsmanager|keyvault|akv|gcpsm|awssm):|projects\/[\w-]+\/secrets\/|@Microsoft\.KeyVault\(|!{1,2}[A-Za-z][\w:.-]*$)/;

/**
 * A password hash in a recognised format (bcrypt `$2b$`, sha-crypt `$6$`, Argon2, scrypt, Django's `pbkdf2_sha256$`,
 * LDAP's `{SSHA}`): what a credential becomes once stored, not the credential (`encrypted_password: $2a$...`).
 */
export const PASSWORD_HASH =
  /^(?:\$(?:2[abxy]?|1|5|6|y|gy|7|argon2(?:id|i|d)|scrypt|pbkdf2(?:-sha\d+)?)\$|(?:pbkdf2_sha\d+|bcrypt_sha256|argon2)\$|\{(?:SSHA|SHA|SMD5|CRYPT|SSHA256|SSHA512|PBKDF2[\w-]*)\})/;

/**
 * A parent key that says what follows is ciphertext (a SealedSecret's `encryptedData:`, `ciphertext:`), a few indented
 * lines above: the values under it are encrypted to a key the cluster or service holds, as `ENC(...)` is
 * (lookalike.ts). Looked for only once a value qualifies by its key, in the 200 characters before it.
 */
const CIPHERTEXT_PARENT =
  /(?:encrypted_?data|ciphertext|sealed_?secret)["']?[ \t]*:[ \t]*\r?\n(?:[ \t]+[^\n]*\n)*[ \t]+[^\n]*$/i;
const CIPHERTEXT_LOOKBACK = 200;

export function underCiphertextParent(text: string, at: number): boolean {
  return CIPHERTEXT_PARENT.test(text.slice(Math.max(0, at - CIPHERTEXT_LOOKBACK), at));
}

export function isCredentialValue(value: string, kind: KeyKind, quoted: boolean): boolean {
  if (isLookalikeSecret(value) || SECRET_REFERENCE.test(value) || PASSWORD_HASH.test(value)) return false;
  // A template's expression (`${lastEventId || 'none'}`, `{{ token }}`, `$(cat file)`), cut or whole, or an
  // optional call (`this.options.isEqual?.(received`), even where crossing brackets made the value a literal.
  if (/^(?:\$\{|\{\{|\$\()/.test(value) || value.includes("?.(")) return false;
  if (!quoted && looksLikeCode(value)) return false;
  if (kind === "token" && isEncodedProse(value)) return false;
  if (isWordsText(value) || FILE_PATH.test(value)) return false;
  if (kind === "password")
    return (
      value.length >= 6 &&
      !isFieldText(value) &&
      (characterClasses(value) >= 2 || (quoted && isQuotedWordPassword(value))) &&
      (entropyAtLeast(value, 2.3) || isShortChosenPassword(value)) &&
      // Lower-case words joined by `_`, `-` or `.` name something (`real_key`, `db-secret-name`): a reference; so
      // does a camel-case name (`overEvery`, a function's: lodash's `allPass: 'overEvery'`).
      !LOWER_WORDS.test(value) &&
      !/^[a-z]+(?:[A-Z][a-z]+)+$/.test(value)
    );
  // A generated token is not lower-case words (`some.access.token`) and interpolates no expression (a template
  // literal's `${Buffer.from(x).toString("base64")}`): those are names and code.
  return (
    (value.length >= 16 || isShortGeneratedToken(value)) &&
    entropyAtLeast(value, 3) &&
    !LOWER_WORDS.test(value) &&
    !INTERPOLATION.test(value)
  );
}

/**
 * Words written for a reader under a credential key, not a value chosen or generated: letters only, in two or more
 * words split by spaces, the first capitalised as a label's or a sentence's is, with a sentence's punctuation at most
 * (`"Send engangskode"`, `"Authorization Token"`, `"I'm not a secret, I think"`, `"Skriv inn mobilnummeret ditt ...
 * på SMS."`). Lower-case words stay a value (a passphrase, `correct horse battery staple`; a test's `'value with
 * quotes and spaces'`), and so does a value with a digit or a symbol a chosen password mixes in.
 */
export function isWordsText(value: string): boolean {
  return WORDS_TEXT.test(value);
}
const WORDS_TEXT = /^\p{Lu}[\p{L}'’]*(?:,? \p{L}[\p{L}'’]*)+[.!?]?$/u;

/**
 * A path to a file under a credential key names where the value is read from (`api.auth.Password: /foo/bar/Password.js`,
 * `key_file: ./certs/client.pem`): directories, then a name with an extension of letters. Base64 and generated
 * tokens hold no dot before a final run of letters after a slash.
 */
const FILE_PATH = /^(?:~|\.{1,2})?\/?(?:[\w.-]+\/)+[\w-]+(?:\.[\w-]+)*\.[a-z]{1,5}$/;

/**
 * A six-character value of two or more classes, a letter among them, that repeats one character at most (`s3cr3t`):
 * the 2.3-bit floor above is met by every such value of seven or more characters; at six, one repeat costs 0.33 bits,
 * while a value of repeated units (`ab12ab`, `aa11bb`) repeats two or more. Without a letter it is a number or a
 * version range (`"minipass": "^7.1.2"`: a key ending in `pass`).
 */
function isShortChosenPassword(value: string): boolean {
  return value.length === 6 && /[A-Za-z]/.test(value) && new Set(value).size >= 5;
}

/**
 * A quoted lower-case word of 8-32 letters under a password key (`$password = "goodspec";`, `password "hunter"...`):
 * the quotes make it a literal the code or file sets, and a chosen password is often one word. Not a word that
 * describes the field instead (`"required"`, `"password"`: STATUS_WORDS and the placeholders), and not a
 * capitalised word or one with spaces, which is a label (`"Password"`, `"Enter password"`).
 */
export function isQuotedWordPassword(value: string): boolean {
  return (
    /^[a-z]{8,32}$/.test(value) &&
    !STATUS_WORDS.test(value) &&
    !isFieldText(value) &&
    entropyAtLeast(value, 2.5)
  );
}

/**
 * Text a form, a locale file or a schema writes under a password key about the field, not its value: letters and
 * spaces only (no digit or symbol a chosen password mixes in) that name the field in some language (`Passwort`,
 * `Mot de passe`, `contraseña`, `Neues Passwort`: FIELD_WORDS), say its state in one word (`Required`, `Unchanged`:
 * STATUS_WORDS, any case), or make a sentence (`is too short (minimum is 8 characters)`, `doesn't match`:
 * MESSAGE_WORDS). A passphrase of plain words holds none of those words.
 */
export function isFieldText(value: string): boolean {
  if (!/^[\p{L}' ().,!?:;\d-]+$/u.test(value)) return false;
  const folded = value.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
  const words = folded.split(/[\s().,!?:;]+/);
  if (words.length < 2 && /\d/.test(folded)) return false;
  const letters = folded.replace(/[^\p{L}]/gu, "");
  return (
    STATUS_WORDS.test(folded) ||
    words.some((w) => MESSAGE_WORDS.has(w)) ||
    FIELD_WORDS.some((w) => letters.includes(w)) ||
    OTHER_SCRIPT_PASSWORD.test(value)
  );
}

/**
 * The word "password" in the languages locale files translate it to (the key words of 5+ letters, accents folded and
 * spaces removed: `Mot de passe` holds `passe`, `kata sandi` holds `sandi`), and Spanish.
 */
const FIELD_WORDS = [...PASSWORD_KEY_WORDS.filter((w) => w.length > 4), "contrasena"];
/** Words a message or a label holds and a passphrase of chosen words rarely does. */
const MESSAGE_WORDS = new Set(
  "is not too doesn't must the your to at least minimum characters match enter new confirm invalid de".split(
    " ",
  ),
);

/** Words a UI, a schema or a test writes under a password key about the field or the check, not as its value. */
const STATUS_WORDS =
  /^(?:required|optional|invalid|incorrect|correct|missing|expired|disabled|enabled|changed|unchanged|mismatch|protected|encrypted|hashed|forbidden|unknown|provided|notempty|nonempty|readonly|writeonly|inherit|sensitive|confidential|redacted|default|generated|random|string|boolean|variable|undefined|password|passwords|passphrase|changeme|changeit|username|sometext|anything|whatever|nopassword|letmein|secret|secrets|completed|different|success|successful|failed|failure|matching|pending|verified|unverified|accepted|rejected|updated|mismatched)$/;

/**
 * A 14- or 15-character token under a token key (`ANY_token=AIhq5Xyb1Gga9Q7`): short keys of some services, read
 * only when the value mixes upper case, lower case and digits with no other character (a generated value; a name
 * or a word has fewer classes or a separator).
 */
function isShortGeneratedToken(value: string): boolean {
  return value.length >= 14 && /^[A-Za-z0-9]+$/.test(value) && characterClasses(value) === 3;
}

/** A template literal's `${name}`, `${a.b(c).d()}`: a whole expression between the braces. */
const INTERPOLATION = /\$\{[A-Za-z_$][\w$]*(?:\([^(){}]*\))?(?:\.[A-Za-z_$][\w$]*(?:\([^(){}]*\))?)*\}/;

/** Where the last readValue stopped reading: the value's end, or the limit or line end where it gave up. */
let valueReadTo = 0;

/**
 * Reads a value at `from` of at most `max` characters: [start, end, quoted] or null. Quoted values end at the
 * matching unescaped quote.
 */
export function readValue(text: string, from: number, max = MAX_VALUE): [number, number, boolean] | null {
  const escaped = readEscapedQuotedValue(text, from, max);
  if (escaped !== undefined) return escaped;
  const open = codeAt(text, from);
  const limit = Math.min(text.length, from + max + 1);
  if (open === 34 || open === 39 || open === 96) {
    for (let i = from + 1; i < limit; i++) {
      const code = text.charCodeAt(i);
      if (code === 92) i++;
      else if (code === open) {
        valueReadTo = i;
        return [from + 1, i, true];
      } else if (code === 10 || code === 13) {
        valueReadTo = i;
        return null;
      }
    }
    valueReadTo = limit;
    return null;
  }
  let i = from;
  while (i < limit) {
    const code = text.charCodeAt(i);
    // whitespace , ; ) } ] " ' < > end an unquoted value (argument lists, markup)
    if (code <= 32 || code === 44 || code === 59 || code === 41 || code === 125 || code === 93) break;
    if (code === 34 || code === 39 || code === 60 || code === 62) break;
    if (code === 38 && QUERY_PARAM.test(text.slice(i + 1, i + 66))) break; // "&next=" ends a query-string value
    // The same in HTML, where the separator is written `&amp;` (`?api_key=...&amp;page=2`).
    if (code === 38 && text.startsWith("amp;", i + 1) && QUERY_PARAM.test(text.slice(i + 5, i + 70))) break;
    i++;
  }
  valueReadTo = i;
  if (i === limit && i < text.length) return null; // longer than any credential we expect: a blob, not a value
  while (i > from && text.charCodeAt(i - 1) === 92) i--; // the escape of a closing `\"` is not part of the value
  return i > from ? [from, i, false] : null;
}

/**
 * A value quoted with escaped quotes (`\"value\"`, `\\\"value\\\"`): a JSON or shell string that holds code, as
 * tool output nests them. The value ends at the same escaped quote. Undefined when `from` is no escaped quote.
 */
function readEscapedQuotedValue(
  text: string,
  from: number,
  max: number,
): [number, number, boolean] | null | undefined {
  let q = from;
  while (text.charCodeAt(q) === 92 && q - from < 8) q++;
  const open = codeAt(text, q);
  if (q === from || (open !== 34 && open !== 39)) return undefined;
  const slashes = q - from;
  const limit = Math.min(text.length, q + max + slashes + 1);
  for (let i = q + 1; i < limit; i++) {
    const code = text.charCodeAt(i);
    valueReadTo = i;
    if (code === 10 || code === 13) return null;
    if (code === open && i - slashes > q && text.slice(i - slashes, i) === "\\".repeat(slashes))
      return [q + 1, i - slashes, true];
  }
  valueReadTo = limit;
  return null;
}

/**
 * True when the key `[keyStart, keyEnd)` ends like a credential word (password, passwd, pass, pwd, pw, passphrase,
 * secret, key, token, credential, credentials), compared on lower-cased char codes. Checked before the key string is
 * built: most JSON keys fail here. A switch on the last character, not a Set of three-letter strings: building that
 * string for every `:` of a JSON text was the detector's top cost (1 MB bench JSON, 42k operators).
 */
function endsLikeCredentialWord(text: string, keyStart: number, keyEnd: number): boolean {
  if (keyEnd - keyStart < 2) return false;
  const b = text.charCodeAt(keyEnd - 2) | 32;
  const c = text.charCodeAt(keyEnd - 1) | 32;
  if (b === 112 && c === 119) return true; // "pw"
  if (keyEnd - keyStart < 3) return false;
  const a = text.charCodeAt(keyEnd - 3) | 32;
  switch (c) {
    case 100: // "ord", "swd", "pwd"
      return (a === 111 && b === 114) || (a === 115 && b === 119) || (a === 112 && b === 119);
    case 116: // "ret", "ort" (passwort, kennwort)
      return (a === 114 && b === 101) || (a === 111 && b === 114);
    case 97: // "nha" (senha), "ana" (salasana), "nka" (lozinka), "ola" (parola)
      return (
        (a === 110 && b === 104) ||
        (a === 97 && b === 110) ||
        (a === 110 && b === 107) ||
        (a === 111 && b === 108)
      );
    case 111: // "slo" (heslo, haslo, geslo)
      return a === 115 && b === 108;
    case 105: // "ndi" (kata sandi)
      return a === 110 && b === 100;
    case 112: // "mdp"
      return a === 109 && b === 100;
    case 115: // "ass", "als"
      return (a === 97 && b === 115) || (a === 97 && b === 108);
    case 101: // "ase", "sse" (mot de passe), "ode" (adgangskode), "fre" (sifre), "ete" (secrete)
      return (
        (a === 97 && b === 115) ||
        (a === 101 && b === 116) ||
        (a === 115 && b === 115) ||
        (a === 111 && b === 100) ||
        (a === 102 && b === 114)
      );
    case 121: // "key"
      return a === 107 && b === 101;
    case 110: // "ken"
      return a === 107 && b === 101;
    case 108: // "ial"
      return a === 105 && b === 97;
    default:
      return false;
  }
}

/** The credential words a key may hold before its end, lower case (classifyInnerKey decides what they mean). */
const INNER_WORDS = ["password", "passwd", "pwd", "secret", "token", "key"];

/**
 * Whether one of INNER_WORDS starts a word of the key (after a separator or at a lower-to-upper case change) and more
 * key follows it: compared on char codes before the key string is built, so most keys of JSON cost a loop over their
 * characters and no allocation.
 */
function mayHoldCredentialWord(text: string, keyStart: number, keyEnd: number): boolean {
  for (let i = keyStart; i < keyEnd - 3; i++) {
    const c = text.charCodeAt(i) | 32;
    if (c !== 112 && c !== 115 && c !== 116 && c !== 107) continue; // p s t k
    if (i > keyStart) {
      const before = text.charCodeAt(i - 1);
      const separator = before === 95 || before === 45 || before === 46;
      const camel = before >= 97 && before <= 122 && text.charCodeAt(i) <= 90;
      if (!separator && !camel) continue;
    }
    for (const word of INNER_WORDS) {
      if (i + word.length >= keyEnd) continue;
      let k = 1;
      while (k < word.length && (text.charCodeAt(i + k) | 32) === word.charCodeAt(k)) k++;
      if (k === word.length && c === word.charCodeAt(0)) return true;
    }
  }
  return false;
}

/** Credential words as words of a key, and the pairs that name a key (`api key`, `private key`). */
const INNER_PASSWORD_WORDS = new Set(["password", "passwd", "pwd", "passphrase", "pass"]);
const INNER_TOKEN_WORDS = new Set(["secret", "token", "apikey", "credential", "credentials"]);
const INNER_KEY_PAIRS = new Set([
  "api",
  "private",
  "secret",
  "access",
  "auth",
  "client",
  "signing",
  "master",
]);
/** Words after a credential word that make the key name something about the credential, not the credential. */
const ABOUT_THE_CREDENTIAL = new Set(
  (
    "policy type types name names id ids url uri urls endpoint path file files dir hash hashed digest length len min " +
    "max size count limit expiry expires expiration expired ttl age lifetime timeout at time date changed updated " +
    "created reset reminder hint prompt label field fields input confirm confirmation strength rule rules regex pattern " +
    "format manager store storage provider source ref reference arn version versions enabled required mode header " +
    "param prefix suffix location env var variable kind ref key index usage used schema store vault rotation scope " +
    "scopes resource grant flow exchange request response error errors status valid validation validator " +
    // A language model's token counts (`inputTokenDetails`, `token_usage_info`).
    "details detail info stats counts usage " +
    // An editor theme's token colours (`tokenColors`, `semanticTokenColors`).
    "color colors colour colours style styles theme " +
    // What a credential becomes once hashed, salted or encrypted: not the credential (`token_sha256`, `api_key_md5`).
    "sha sha1 sha256 sha384 sha512 md5 checksum fingerprint hmac salt encrypted enc cipher ciphertext"
  ).split(" "),
);
/** Words before a credential word that make it a pagination or anti-forgery value, not a secret. */
export const NOT_A_SECRET_BEFORE: ReadonlySet<string> = new Set([
  "next",
  "page",
  "continuation",
  "csrf",
  "xsrf",
  "sync",
  "cursor",
  "resume",
  "start",
]);

/**
 * Words that, right before a key word, make the key a non-secret one: database and cache keys, public halves,
 * pagination and anti-forgery tokens, identifiers, translation keys, fingerprints, and words saying what follows is
 * ABOUT the credential (its name, id, file, type, length).
 */
export const NOT_SECRET_NAMES: ReadonlySet<string> = new Set([
  // The walk's own (pagination and anti-forgery values), then this form's.
  ...NOT_A_SECRET_BEFORE,
  "cache",
  "primary",
  "foreign",
  "public",
  "pub",
  "publishable",
  "partition",
  "sort",
  "hash",
  "row",
  "range",
  "idempotency",
  "dedup",
  "dedupe",
  "object",
  "s3",
  "map",
  "i18n",
  "translation",
  "lookup",
  "index",
  "unique",
  "composite",
  "ssh",
  "gpg",
  "pgp",
  "fingerprint",
  "site",
  "sitekey",
  "recaptcha",
  "anon",
  "pagination",
  "max",
  "num",
  "count",
  "group",
  "the",
  "a",
  "no",
  "read",
  "write",
  "is",
  "of",
  "for",
  "with",
  "without",
  "data",
  "upload",
  "storage",
  "file",
  "path",
  "id",
  "name",
  "type",
  "kind",
  "length",
  "size",
  "api",
]);
/**
 * A key named `key` alone or after one more word (`"key":`, `APP_KEY`, `dictKey`, `['hex_key']`): the commonest name
 * of a credential, and of much else (cache, sort, object, translation keys: NOT_SECRET_NAMES). Under it only a value
 * that reads as generated is a credential (isGeneratedKeyValue); `monkey` and `hotkey` are no such key.
 */
function isBareKeyName(key: string): boolean {
  const words = keyWords(key);
  if (words.length > 2 || words[words.length - 1] !== "key") return false;
  return words.length === 1 || !NOT_SECRET_NAMES.has(words[0]!);
}

/**
 * A value under a bare `key` that is a credential: 24+ characters of upper case, lower case and digits at 4 bits of
 * entropy a character, and a token by the walk's value test (no look-alike, reference, name or template). An id,
 * a digest (one case), a path or a word is not.
 */
function isGeneratedKeyValue(value: string, quoted: boolean): boolean {
  return (
    value.length >= 24 &&
    /[a-z]/.test(value) &&
    /[A-Z]/.test(value) &&
    /\d/.test(value) &&
    !value.includes("/") &&
    (!/\s/.test(value) || isRandomPrintable(value)) &&
    entropyAtLeast(value, 4) &&
    isCredentialValue(value, "token", quoted)
  );
}

/**
 * 40+ characters at 5 bits of entropy a character: generated from printable ASCII (WordPress's keys and salts), which
 * may hold a space; a label or a sentence is far below 5 bits.
 */
const isRandomPrintable = (value: string): boolean => value.length >= 40 && entropyAtLeast(value, 5);

/** The words of a key: `password_super_secure`, `apiKeyProd`, `db.password.v2` split at separators and case changes. */
function keyWords(key: string): string[] {
  return key
    .replace(/([a-z0-9])([A-Z])/g, "$1_$2")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 0);
}

/**
 * The kind of a key whose credential word is not its last (`password_super_secure`, `my_secret_prod`,
 * `API_KEY_LIVE`), or null when the words after it say the key is about the credential (`password_policy`,
 * `token_type`, `secret_name`).
 */
export function classifyInnerKey(key: string): KeyKind | null {
  const words = keyWords(key);
  for (let i = 0; i < words.length - 1; i++) {
    const word = words[i]!;
    let kind: KeyKind | null = null;
    let last = i;
    // A pair first (`secret key base`: the pair `secret key`, then `base`), then a word of its own.
    if (INNER_KEY_PAIRS.has(word) && words[i + 1] === "key") {
      kind = "token";
      last = i + 1;
    } else if (INNER_PASSWORD_WORDS.has(word) && (word !== "pass" || i > 0)) kind = "password";
    else if (INNER_TOKEN_WORDS.has(word)) kind = "token";
    if (kind === null || last === words.length - 1) continue;
    // A run of credential words is named by its last (`my_secret_password_for_email`: a password).
    const after = words[last + 1]!;
    if (INNER_PASSWORD_WORDS.has(after) || INNER_TOKEN_WORDS.has(after)) continue;
    // `TOKEN_TYPE1` is about the token as `TOKEN_TYPE` is: a numbered attribute is still the attribute.
    const next = words[last + 1]!.replace(/\d+$/, "");
    if (ABOUT_THE_CREDENTIAL.has(next) || NOT_A_SECRET_BEFORE.has(words[i - 1] ?? "")) return null;
    return kind;
  }
  return null;
}

/** A key's kind by its last word (classifyKey), else by a credential word inside it (classifyInnerKey). */
export function classifyAnyKey(key: string): KeyKind | null {
  return classifyKey(key) ?? classifyInnerKey(key);
}

/**
 * The words one of which every key the assignment walk reads holds whole, lower case: the words classifyKey's
 * endings, classifyInnerKey's words and pairs, and mayHoldCredentialWord's words are made of, each reduced to the
 * shortest of them it holds (`password` holds `pass`). Derived from those lists, never written again, so a word added
 * to one of them is a word the shared pass finds. A key whose credential word is cut by separators (`pass_w_d`,
 * `se_cret`) holds none: classifyKey's normalisation reads it, the walk does not (classifyWalkKey).
 */
export const KEY_WORDS: readonly string[] = shortestHeld([
  ...PASSWORD_KEY_WORDS,
  ...TOKEN_KEY_WORDS,
  ...INNER_WORDS,
  ...INNER_PASSWORD_WORDS,
  ...INNER_TOKEN_WORDS,
  ...(INNER_KEY_PAIRS.size > 0 ? ["key"] : []),
]);

/** The words of `words` that hold no other word of `words` (a text holds one of them iff it holds one of `words`). */
function shortestHeld(words: readonly string[]): string[] {
  const unique = [...new Set(words)];
  return unique.filter((word) => !unique.some((other) => other !== word && word.includes(other)));
}

function holdsKeyWord(key: string): boolean {
  const lower = key.toLowerCase();
  for (const word of KEY_WORDS) if (lower.includes(word)) return true;
  return false;
}

/** classifyAnyKey for the walk's keys: null for a key that holds none of KEY_WORDS whole. */
function classifyWalkKey(key: string, inner: boolean): KeyKind | null {
  if (!holdsKeyWord(key)) return null;
  return inner ? classifyAnyKey(key) : classifyKey(key);
}

/**
 * Start of the key that ends just before `end` (after skipping spaces and one quote), or -1; the key's end is left
 * in `keyEndFound`. A module variable instead of a returned pair: one array per `:` or `=` was garbage on JSON.
 */
let keyEndFound = -1;
function keyStartBefore(text: string, end: number): number {
  let i = end;
  while (i > 0 && end - i < MAX_ALIGNMENT && (text.charCodeAt(i - 1) === 32 || text.charCodeAt(i - 1) === 9))
    i--;
  if (codeAt(text, i - 1) === 93) i = beforeClosingBracket(text, i - 1);
  const quote = codeAt(text, i - 1);
  if (quote === 34 || quote === 39 || quote === 96) {
    i--;
    while (i > 0 && end - i < 16 && text.charCodeAt(i - 1) === 92) i--; // `\"key\":` inside an escaped string
  }
  const keyEnd = i;
  while (i > 0 && keyEnd - i < MAX_KEY && isKeyCode(text.charCodeAt(i - 1))) i--;
  if (i === keyEnd || (i > 0 && isKeyCode(text.charCodeAt(i - 1)))) return -1;
  keyEndFound = keyEnd;
  return i;
}

/**
 * Where the key ends before the `]` at `close`: a C array's suffix (`password[]`, `password[32]`) is skipped whole;
 * an index (`ENV["DB_PASSWORD"]`, `settings[:secret_key]`) leaves its key (and quote) right before `close`.
 */
function beforeClosingBracket(text: string, close: number): number {
  let k = close;
  while (k > 0 && close - k < 6 && text.charCodeAt(k - 1) >= 48 && text.charCodeAt(k - 1) <= 57) k--;
  return text.charCodeAt(k - 1) === 91 ? k - 1 : close;
}

/**
 * Vendor forms found by the key they are assigned to (`ASANA_KEY = "..."`): the token detector passes them in.
 * `words` matches a lower-cased key that names a vendor; `match` gives the form a value fits under that key.
 */
export interface KeyedForms {
  readonly words: RegExp;
  /** The literals `words` alternates, registered with the shared pass (the walk's gate reads their hits). */
  readonly wordsPass: PassLiterals;
  match(key: string, value: string): { readonly ruleId: string; readonly type: string } | undefined;
}

/** What one walk over a text needs besides the text: set once per `detectNamedCredentials` call. */
interface Walk {
  out: TextMatch[];
  keyed: KeyedForms;
  generic: boolean;
  /** Findings before this index are not the walk's own: a value inside one of them was already reported. */
  firstOwn: number;
  textLength: number;
  /**
   * Past SMALL_OVERLAP_SET findings, the characters of `out[firstOwn, marked)` are marked here, so an overlap check
   * reads the value's own characters instead of every finding so far (which made a text of many credential lines
   * quadratic). Invariant: marked <= every `upTo` asked afterwards, else the loop answers.
   */
  covered: Uint8Array | undefined;
  marked: number;
}

/** Up to this many findings the loop is cheaper than a map the size of the text. */
const SMALL_OVERLAP_SET = 32;

/** Work counted for the hostile-cost tests (issue 15): findings or characters looked at by overlap checks. */
export const namedCredentialWork = { overlapChecks: 0 };

function alreadyReported(walk: Walk, start: number, end: number, upTo = walk.out.length): boolean {
  if (upTo - walk.firstOwn <= SMALL_OVERLAP_SET || walk.marked > upTo) {
    for (let i = walk.firstOwn; i < upTo; i++) {
      namedCredentialWork.overlapChecks++;
      const m = walk.out[i]!;
      if (m.start < end && m.end > start) return true;
    }
    return false;
  }
  const covered = markFindings(walk, upTo);
  for (let i = start; i < end; i++) {
    namedCredentialWork.overlapChecks++;
    if (covered[i] === 1) return true;
  }
  return false;
}

/** Marks the characters of the findings `out[marked, upTo)` (each finding once over the walk). */
function markFindings(walk: Walk, upTo: number): Uint8Array {
  if (walk.covered === undefined) walk.covered = new Uint8Array(walk.textLength);
  const covered = walk.covered;
  for (let i = Math.max(walk.marked, walk.firstOwn); i < upTo; i++) {
    const m = walk.out[i]!;
    namedCredentialWork.overlapChecks += m.end - m.start;
    covered.fill(1, m.start, m.end);
  }
  walk.marked = upTo;
  return covered;
}

/** A name then `=` (not `==`, `=>`, `=~`): the middle of a chained assignment (`password = safe = "v"`). */
const CHAIN_NAME = /^[A-Za-z_$][\w$.]*$/;
const CHAIN_OPERATOR = /^[ \t]*=(?![=>~])[ \t]*/;

/**
 * Reports the value at `valueFrom` when it qualifies: as a vendor's token when the key names the vendor and the value
 * has its shape, else as a credential when the key is one (`kind`). Returns where scanning may resume. In a chained
 * assignment the value is the literal at the chain's end (one name between, at most: `a = b = c = "v"` is rare).
 */
function reportValue(
  text: string,
  valueFrom: number,
  key: string,
  kind: KeyKind | null,
  walk: Walk,
  generatedOnly = false,
  chained = false,
): number {
  const value = readValue(text, valueFrom, MAX_LONG_VALUE);
  // A long read that found no value (a blob, an unclosed quote) is not read again from inside.
  const longRead = valueReadTo - valueFrom > MAX_VALUE;
  if (value === null) return longRead ? valueReadTo : valueFrom;
  const [start, end, quoted] = value;
  if (!quoted && !chained && kind !== null && CHAIN_NAME.test(text.slice(start, end))) {
    const chain = CHAIN_OPERATOR.exec(text.slice(end, end + MAX_ALIGNMENT + 2));
    if (chain !== null) return reportValue(text, end + chain[0].length, key, kind, walk, generatedOnly, true);
  }
  // A long value the walk leaves is skipped whole for the same reason.
  const resume = longRead ? end : valueFrom;
  const raw = text.slice(start, end);
  if (alreadyReported(walk, start, end)) return end;
  const lower = key.toLowerCase();
  // A UUID under a key that ends in `id` (`HEROKU_APP_ID`, `snyk_org_id`) is the identifier the key says it is.
  const idKey = kind === null && lower.endsWith("id") && UUID.test(raw);
  const vendor = walk.keyed.words.test(lower) && !idKey ? walk.keyed.match(lower, raw) : undefined;
  if (vendor !== undefined) {
    walk.out.push({ kind: "secret", type: vendor.type, start, end, ruleId: vendor.ruleId });
    return end;
  }
  if (!walk.generic || kind === null || underCiphertextParent(text, valueFrom)) return resume;
  if (generatedOnly && !isGeneratedKeyValue(raw, quoted)) return resume;
  // A value that opens with a bracket is a list, an object or a call's arguments, however its brackets cross.
  if (!generatedOnly && !quoted && !OPENERS.includes(raw[0] ?? "")) {
    const wideEnd = unbalancedLiteralEnd(text, start, end);
    if (wideEnd !== -1 && isCredentialValue(text.slice(start, wideEnd), kind, true)) {
      walk.out.push({
        kind: "secret",
        type: "generic_credential",
        start,
        end: wideEnd,
        ruleId: "secret.generic_credential",
      });
      return wideEnd;
    }
  }
  const lineWord = !quoted && kind === "password" && isLineWordPassword(text, start, end, raw);
  const paired = !lineWord && kind === "password" && isPairedPassword(text, start, end, raw, quoted);
  if (!lineWord && !paired && !isCredentialValue(raw, kind, quoted)) return resume;
  walk.out.push({
    kind: "secret",
    type: "generic_credential",
    start,
    end,
    ruleId: "secret.generic_credential",
  });
  return end;
}

/**
 * `REACT_APP_PASS=whiteduke`, `password: hardcoded`: an unquoted one-word password (isQuotedWordPassword) on a line
 * that holds only its key, the operator and the value (an env file, YAML, INI, properties; a comment may follow). In
 * code an unquoted word is a variable and code's lines go on (`,`, `;`, `)`); with `=`, a lower-case key written
 * with a space before it (Python's `password = userpass`) is code too, unless dotted (`db.password = x`).
 */
function isLineWordPassword(text: string, start: number, end: number, value: string): boolean {
  const head = LINE_KEY.exec(text.slice(text.lastIndexOf("\n", start - 1) + 1, start));
  return (
    head !== null &&
    (head[3] === ":" || /[A-Z.]/.test(head[1]!) || head[2] === "") &&
    isQuotedWordPassword(value) &&
    !isLookalikeSecret(value) &&
    endsLine(text, end, /^[ \t]*(#.*)?\r?$/)
  );
}
const LINE_KEY =
  /^[ \t]*(?:#[ \t]*)?(?:(?:export|ENV|ARG|set|SET)[ \t]+|-[ \t]+)?([A-Za-z_][\w.-]{0,63})([ \t]*)([:=])[ \t]*$/;

function endsLine(text: string, end: number, rest: RegExp): boolean {
  const lineEnd = text.indexOf("\n", end);
  return rest.test(text.slice(end, lineEnd === -1 ? text.length : lineEnd));
}

/**
 * A password beside its user name (`user = Aladdin` then `password = open_sesame`; `User ID=app;Password=app2024`):
 * the pair says a login is configured, so a weak value (isPairedPasswordValue) is read as the password it is set to
 * when it is a literal: quoted, or alone at its line's end, or a connection string's `;`-ended field.
 */
function isPairedPassword(text: string, start: number, end: number, value: string, quoted: boolean): boolean {
  return (
    USER_BEFORE.test(text.slice(Math.max(0, start - 240), start)) &&
    isPairedPasswordValue(value, quoted) &&
    (quoted || endsLine(text, end, /^[ \t]*([#;].*)?\r?$/))
  );
}
/**
 * A value that may be a weak password where a user name beside it says a login is set (isPairedPassword, the `-u`
 * and `-p` of a command line): 4-64 characters with no space, and none of a placeholder, a look-alike, field text, a
 * password word (`password=passwd`: a variable), a template or code (a snake-case word stays: `open_sesame`).
 */
export function isPairedPasswordValue(value: string, quoted: boolean): boolean {
  return (
    /^[^\s$%<*{-]\S{3,63}$/.test(value) &&
    !PASSWORD_WORD_VALUE.test(value) &&
    !isLookalikeSecret(value) &&
    !isFieldText(value) &&
    !SECRET_REFERENCE.test(value) &&
    (quoted ? !/^[\w$]+\(/.test(value) : !looksLikeCode(value) || /^[a-z]+(_[a-z]+)*$/.test(value))
  );
}
/** A user name set in the two lines before (or earlier on the line): `user = x`, `"username": "x"`, `User ID=x`. */
const USER_BEFORE =
  /(?:^|\W)(?:user(?:[ _]?(?:name|id))?|login|uid)["']?[ \t]*[:=][ \t]*["']?[^\s"';,]{2,}[^\n]*(?:\n[^\n]*){0,2}$/i;
const PASSWORD_WORD_VALUE =
  /^(?:pass(word|wd|phrase)?|pwd|pw|secret|user(name)?|login|none|null|nil|empty)$/i;

const OPENERS = "([{";
const CLOSERS = ")]}";
/** Code: a name then a call or an index (`getPassword(`, `config[`), or a value left open at its end. */
const CALL_OR_INDEX = /^[\w$.]+[([]|[([{]$/;

/**
 * The end of an unquoted value that brackets do not end, or -1: `m{{h}o)p${e]nob(ody[finds>...}}` is no expression
 * (its brackets cross or do not close), so it is a literal up to the next space, not code cut at its first `)`.
 * Only where the plain reading stopped at or holds a bracket; a value whose brackets nest is left to that reading.
 */
function unbalancedLiteralEnd(text: string, start: number, end: number): number {
  const stop = codeAt(text, end);
  if (stop !== 41 && stop !== 93 && stop !== 125 && !/[([{]/.test(text.slice(start, end))) return -1;
  let wide = end;
  const limit = Math.min(text.length, start + MAX_VALUE);
  while (wide < limit && text.charCodeAt(wide) > 32) wide++;
  if (wide === limit && wide < text.length) return -1;
  while (wide > end && ",;'\"`".includes(text.charAt(wide - 1))) wide--;
  // Closing brackets at the end close a call the assignment sits in (`connect(password = process.env.X)`).
  let body = wide;
  while (body > start && CLOSERS.includes(text.charAt(body - 1))) body--;
  const value = text.slice(start, body);
  if (wide - start < 10 || CALL_OR_INDEX.test(value) || /^[A-Za-z_$][\w$]*(?:\.[\w$]+)*$/.test(value))
    return -1;
  const open: number[] = [];
  for (let i = 0; i < value.length; i++) {
    const o = OPENERS.indexOf(value.charAt(i));
    if (o !== -1) open.push(o);
    const c = CLOSERS.indexOf(value.charAt(i));
    if (c !== -1 && open.pop() !== c) return wide;
  }
  return open.length > 0 && body === wide ? wide : -1;
}

/**
 * Keys a vendor's value may hang on without a credential word at the end (`TWITTER_ID`, `sonar.login`,
 * `airtable_pat`: a personal access token).
 */
function endsLikeVendorKey(text: string, keyStart: number, keyEnd: number): boolean {
  if (keyEnd - keyStart < 4) return false;
  const b = text.charCodeAt(keyEnd - 2) | 32;
  const c = text.charCodeAt(keyEnd - 1) | 32;
  if (b === 105 && c === 100) return true; // "id"
  if (c === 116 && b === 97 && (text.charCodeAt(keyEnd - 3) | 32) === 112) return true; // "pat"
  return c === 110 && text.slice(keyEnd - 5, keyEnd).toLowerCase() === "login";
}

/** The keyed forms' words by their last three characters (tailCode), per KeyedForms: built on first use. */
const VENDOR_WORD_ENDS = new WeakMap<KeyedForms, Map<number, readonly string[]>>();

/** The three char codes before `end`, each with bit 5 set (ASCII lower case), as one number: no string built. */
function tailCode(s: string, end: number): number {
  return (
    ((s.charCodeAt(end - 3) | 32) << 16) | ((s.charCodeAt(end - 2) | 32) << 8) | (s.charCodeAt(end - 1) | 32)
  );
}

function vendorWordEnds(keyed: KeyedForms): Map<number, readonly string[]> {
  let ends = VENDOR_WORD_ENDS.get(keyed);
  if (ends === undefined) {
    ends = new Map();
    for (const word of keyed.wordsPass.literals) {
      if (word.length < 3) continue;
      const end = tailCode(word, word.length);
      ends.set(end, [...(ends.get(end) ?? []), word]);
    }
    VENDOR_WORD_ENDS.set(keyed, ends);
  }
  return ends;
}

/**
 * Whether the key `[keyStart, keyEnd)` is a vendor's name, or ends in one after a separator (`"telnyx":`, `WANDB=`,
 * `app.postmark:`): the vendor's name alone says what the value is, so only its keyed forms' exact shapes are read
 * under it (reportValue with no kind). The key's last three char codes are looked up before any string is built.
 */
function endsInVendorWord(text: string, keyStart: number, keyEnd: number, keyed: KeyedForms): boolean {
  if (keyEnd - keyStart < 3 || keyEnd - keyStart > MAX_KEY) return false;
  // The vendor's name then `api` (`clarifai_api`, `deepgram-api`, `netcore.api`): the name still says what it holds.
  if (endsInSeparatedApi(text, keyStart, keyEnd) && endsInVendorWord(text, keyStart, keyEnd - 4, keyed))
    return true;
  const words = vendorWordEnds(keyed).get(tailCode(text, keyEnd));
  if (words === undefined) return false;
  const key = text.slice(keyStart, keyEnd).toLowerCase();
  for (const word of words) {
    if (!key.endsWith(word)) continue;
    const before = key.charCodeAt(key.length - word.length - 1);
    // The whole key, or the name after a separator (`_`, `-`, `.`): not the tail of a longer word.
    if (key.length === word.length || before === 95 || before === 45 || before === 46) return true;
  }
  return false;
}

/** Whether the key ends in `api` after `_`, `-` or `.`, any case. */
function endsInSeparatedApi(text: string, keyStart: number, keyEnd: number): boolean {
  if (keyEnd - keyStart < 7 || (text.charCodeAt(keyEnd - 1) | 32) !== 105) return false;
  if ((text.charCodeAt(keyEnd - 2) | 32) !== 112 || (text.charCodeAt(keyEnd - 3) | 32) !== 97) return false;
  const sep = text.charCodeAt(keyEnd - 4);
  return sep === 95 || sep === 45 || sep === 46;
}

/**
 * Whether at least `n` value characters (no space, quote or bracket) follow `from` after spaces and one quote: a
 * cheap test before looking for a vendor's name (every vendor's keyed form is longer than 8).
 */
function valueRunAtLeast(text: string, from: number, n: number): boolean {
  let i = from;
  while (
    i < text.length &&
    i - from < MAX_ALIGNMENT &&
    (text.charCodeAt(i) === 32 || text.charCodeAt(i) === 9)
  )
    i++;
  const quote = codeAt(text, i);
  if (quote === 34 || quote === 39) i++;
  const start = i;
  while (i < text.length && i - start < n) {
    const code = text.charCodeAt(i);
    if (code <= 32 || code === 34 || code === 39 || code === 44 || code === 59 || code === 41 || code === 125)
      break;
    i++;
  }
  return i - start >= n;
}

/** How far before a bare credential key its vendor's section name may stand. */
const SECTION_WINDOW = 64;

/** How far before an `=` a typed declaration's key is looked for. */
const TYPED_WINDOW = 112;
/** The longest bare key (`key`, `secret`, `passwd`) a vendor's section name before it stands for. */
const BARE_KEY = 6;
/** Spaces (MAX_ALIGNMENT), a `[digits]` suffix (8) and a quote between a key and its operator; backslashes reach 16. */
const KEY_END_REACH = MAX_ALIGNMENT + 8 + 1;
/**
 * How far before its operator a word of a key the walk reads may start: in a key of up to MAX_KEY characters, in a
 * vendor's section name up to SECTION_WINDOW before a bare key, or in a typed declaration's window.
 */
const KEY_REACH = Math.max(KEY_END_REACH + MAX_KEY, KEY_END_REACH + BARE_KEY + SECTION_WINDOW, TYPED_WINDOW);

/** `key: Type = value` (Kotlin, Scala, Swift, TypeScript, typed Python): the key before the type annotation. */
const TYPED_KEY = /([A-Za-z_$][\w$.-]{0,63})[ \t]*:[ \t]*[\w$.<>[\]?|, &'*]{1,40}$/;

/**
 * The credential key that ends before the operator at `at`, or undefined: an ASCII key (`db_password`, `"api_key"`),
 * the key of a typed declaration (`val password: String =`), or a password word of another script (`비밀번호:`).
 */
interface NamedKey {
  key: string;
  kind: KeyKind | null;
  /** A bare `key` (isBareKeyName): only a generated value is read under it (isGeneratedKeyValue). */
  generatedOnly?: boolean;
}

function namedKey(text: string, at: number, walk: Walk): NamedKey | undefined {
  const keyStart = keyStartBefore(text, at);
  if (keyStart !== -1) {
    const keyEnd = keyEndFound;
    const credentialWord = endsLikeCredentialWord(text, keyStart, keyEnd);
    if (!credentialWord && mayHoldCredentialWord(text, keyStart, keyEnd)) {
      const key = text.slice(keyStart, keyEnd);
      const kind = classifyInnerKey(key);
      if (kind !== null) return { key, kind };
    }
    if (!credentialWord && endsInVendorWord(text, keyStart, keyEnd, walk.keyed))
      return { key: text.slice(keyStart, keyEnd), kind: null };
    if (credentialWord || endsLikeVendorKey(text, keyStart, keyEnd)) {
      const key = text.slice(keyStart, keyEnd);
      // A key that only looks like it ends in a credential word (`secret_key_base`: "ase" as of passphrase) may
      // still hold one inside it.
      const kind = credentialWord ? classifyWalkKey(key, true) : null;
      if (kind !== null || walk.keyed.words.test(key.toLowerCase())) return { key, kind };
      // A bare `key`/`secret`/`token` nested in a vendor's section (`flickr:\n  key: ...`, `{"sendbird": {"key":`):
      // the vendor's name in the lines before stands for the key; only the vendor's exact shape is read then. The
      // window stops at the start of the key's string on a JSON value's joined text (string-bounds.ts): a
      // neighbour string's name stands for nothing.
      if (credentialWord && keyEnd - keyStart <= BARE_KEY && valueRunAtLeast(text, at + 1, 8)) {
        const from = Math.max(stringStart(text, keyStart), keyStart - SECTION_WINDOW);
        const section = text.slice(from, keyStart).toLowerCase();
        if (walk.keyed.words.test(section)) return { key: `${section} ${key}`, kind: null };
      }
      if (credentialWord && isBareKeyName(key)) return { key, kind: "token", generatedOnly: true };
    }
  }
  // Bounded look-back: an unbounded `lastIndexOf(":")` per `=` made a text of many `=` and no `:` quadratic.
  const window = text.charCodeAt(at) === 61 ? text.slice(Math.max(0, at - TYPED_WINDOW), at) : "";
  if (window.includes(":", window.length - 48)) {
    const typed = TYPED_KEY.exec(window);
    const kind = typed === null ? null : classifyWalkKey(typed[1]!, false);
    if (kind !== null) return { key: typed![1]!, kind };
  }
  if (nonAsciiJustBefore(text, at)) {
    const window = text.slice(Math.max(0, at - 24), at);
    if (OTHER_SCRIPT_PASSWORD.test(window)) return { key: "password", kind: "password" };
    if (OTHER_SCRIPT_TOKEN.test(window)) return { key: "token", kind: "token" };
  }
  return undefined;
}

/**
 * Whether a non-ASCII character stands in the dozen characters before `at` (the words of other scripts and accented
 * words ending in ASCII, `hasło`, `lösenord`, `mật khẩu`): a loop over char codes, before any window is sliced.
 */
function nonAsciiJustBefore(text: string, at: number): boolean {
  for (let i = at - 1; i >= 0 && at - i <= 12; i--) {
    const c = text.charCodeAt(i);
    if (c > 127) return true;
    if (c === 10 || c === 13) return false;
  }
  return false;
}

const KEY_PASS = passLiterals(KEY_WORDS);

/**
 * For the gate's property test: the key namedKey reads before the operator at `at` (a typed declaration's key, a
 * section's name and key, `password`/`token` for other scripts' words), or undefined; and how far before `at` the
 * words it holds may stand.
 */
export function walkKeyAt(text: string, at: number, keyed: KeyedForms): string | undefined {
  const walk: Walk = {
    out: [],
    keyed,
    generic: true,
    firstOwn: 0,
    textLength: text.length,
    covered: undefined,
    marked: 0,
  };
  return namedKey(text, at, walk)?.key;
}
export const WALK_KEY_REACH = KEY_REACH;

/**
 * Which operators the walk reads, from the shared pass: every key namedKey accepts holds a word of KEY_WORDS or of the
 * keyed forms within KEY_REACH before its operator (test/property/secret-key-gate.property.test.ts), or, in a text with
 * non-ASCII characters, has one of those in reach (other scripts' key words; `toLowerCase` beyond ASCII, which the
 * pass's folding is not).
 */
interface KeyGate {
  /** Ascending starts of the words' hits. */
  readonly starts: readonly number[];
  /** Undefined in an ASCII text. */
  readonly nonAscii: NonAsciiBlocks | undefined;
}

/** The gate of `text`, or undefined where the walk reads every operator: a text the pass does not run on. */
function keyGate(text: string, keyed: KeyedForms): KeyGate | undefined {
  if (text.length < MIN_PASS_LENGTH) return undefined;
  const index = candidateIndex(text);
  const own = index.passHits(KEY_PASS);
  const vendor = own === undefined ? undefined : index.passHits(keyed.wordsPass);
  if (vendor === undefined) return undefined;
  const starts: number[] = [];
  for (const list of own!) for (const at of list) starts.push(at);
  for (const list of vendor) for (const at of list) starts.push(at);
  starts.sort((a, b) => a - b);
  return { starts, nonAscii: index.isAscii() ? undefined : new NonAsciiBlocks(text) };
}

/** Whether a block of the text holds a non-ASCII character, each block measured once when first asked. */
class NonAsciiBlocks {
  static readonly SIZE = 1024;
  readonly #text: string;
  /** Per block: 0 not measured, 1 ASCII, 2 not. */
  readonly #state: Uint8Array;
  /**
   * The block `nextFrom` last searched from (-1: never) and its answer (-1: none to the end): the blocks between them
   * are ASCII.
   */
  #askedFrom = -1;
  #answer = -1;

  constructor(text: string) {
    this.#text = text;
    this.#state = new Uint8Array(Math.ceil(text.length / NonAsciiBlocks.SIZE));
  }

  #nonAscii(b: number): boolean {
    if (this.#state[b] === 0) {
      const block = this.#text.slice(b * NonAsciiBlocks.SIZE, (b + 1) * NonAsciiBlocks.SIZE);
      this.#state[b] = Buffer.byteLength(block, "utf8") === block.length ? 1 : 2;
    }
    return this.#state[b] === 2;
  }

  /** Whether a character of `[from, to)` may be non-ASCII (its block holds one). */
  within(from: number, to: number): boolean {
    const size = NonAsciiBlocks.SIZE;
    for (let b = Math.max(0, Math.floor(from / size)); b * size < to; b++) if (this.#nonAscii(b)) return true;
    return false;
  }

  /** Where the first block at or after the one holding `at` that holds a non-ASCII character starts, or -1. */
  nextFrom(at: number): number {
    const first = Math.floor(at / NonAsciiBlocks.SIZE);
    if (this.#askedFrom === -1 || first < this.#askedFrom || (this.#answer !== -1 && first > this.#answer)) {
      this.#askedFrom = first;
      this.#answer = -1;
      for (let b = first; b < this.#state.length; b++)
        if (this.#nonAscii(b)) {
          this.#answer = b;
          break;
        }
    }
    return this.#answer === -1 ? -1 : this.#answer * NonAsciiBlocks.SIZE;
  }
}

/**
 * operatorFinder that skips every operator the gate rules out (no word start in the KEY_REACH characters before it,
 * nor a non-ASCII block): there namedKey accepts no key. Every operator when `gate` is undefined. `from` never
 * decreases between calls.
 */
function keyedOperatorFinder(text: string, gate: KeyGate | undefined): (from: number) => number {
  const next = operatorFinder(text);
  if (gate === undefined) return next;
  const { starts, nonAscii } = gate;
  let s = 0;
  return (from) => {
    for (let at = next(from); at !== -1; at = next(from)) {
      while (s < starts.length && starts[s]! < at - KEY_REACH) s++;
      if (s < starts.length && starts[s]! < at) return at;
      if (nonAscii?.within(at - KEY_REACH, at)) return at;
      // Nothing in reach of `at`: the next operator that may have something follows the next word or the next
      // non-ASCII block's start.
      const word = s < starts.length ? starts[s]! : -1;
      const block = nonAscii === undefined ? -1 : nonAscii.nextFrom(at);
      if (word === -1 && block === -1) return -1;
      from = (word === -1 ? block : block === -1 ? word : Math.min(word, block)) + 1;
    }
    return -1;
  };
}

/**
 * Where the value of `key =` starts when a formatter wrapped it to the next line (`const apiKey =\n  "v";`): a line
 * break, indentation, then a quote, in the same string as the operator. `valueFrom` itself otherwise (an unquoted
 * next line is code, and a `:` then a line break opens a block).
 */
function wrappedValueStart(text: string, at: number, valueFrom: number): number {
  let k = valueFrom;
  if (text.charCodeAt(k) === 13) k++;
  if (text.charCodeAt(k) !== 10) return valueFrom;
  const lineStart = ++k;
  while (k - lineStart < MAX_ALIGNMENT && (text.charCodeAt(k) === 32 || text.charCodeAt(k) === 9)) k++;
  const quote = text.charCodeAt(k);
  const quoted = quote === 34 || quote === 39 || quote === 96;
  return quoted && k < stringEnd(text, at) ? k : valueFrom;
}

function detectAssignments(text: string, walk: Walk): void {
  const nextOperator = keyedOperatorFinder(text, keyGate(text, walk.keyed));
  let from = 0;
  for (let at = nextOperator(0); at !== -1; at = nextOperator(from)) {
    from = at + 1;
    const next = codeAt(text, at + 1);
    const previous = codeAt(text, at - 1);
    // "==", "!=", "<=", ">=" compare; ":=" and "=>" assign (the operator is two characters long).
    if (
      next === 61
        ? text.charCodeAt(at) === 61
        : previous === 61 || previous === 33 || previous === 60 || previous === 62
    ) {
      if (next === 61) from = at + 2;
      continue;
    }
    const opEnd = next === 61 || (next === 62 && text.charCodeAt(at) === 61) ? at + 2 : at + 1;
    // Make's (and CoffeeScript's) `KEY ?= value` assigns when unset: the key stands before the `?`.
    const named = namedKey(text, previous === 63 && text.charCodeAt(at) === 61 ? at - 1 : at, walk);
    if (named === undefined) continue;
    let valueFrom = opEnd;
    while (
      valueFrom < text.length &&
      valueFrom - opEnd < MAX_ALIGNMENT &&
      (text.charCodeAt(valueFrom) === 32 || text.charCodeAt(valueFrom) === 9)
    ) {
      valueFrom++;
    }
    if (opEnd === at + 1 && text.charCodeAt(at) === 61) valueFrom = wrappedValueStart(text, at, valueFrom);
    valueFrom = afterStringPrefix(text, valueFrom);
    from = Math.max(from, reportValue(text, valueFrom, named.key, named.kind, walk, named.generatedOnly));
  }
  detectCallArguments(text, walk);
  if (walk.generic) detectNamedSingleArguments(text, walk);
  if (walk.keyed.words.source !== "(?!)") detectVendorPhrases(text, walk);
  // Command-line flags take their value after a space: `mysql --password Tr0ub4dor3x`.
  scanAtStarts(text, CLI_FLAG_AT, literalStarts(text, CLI_FLAG_LITERALS, 0, text.length) ?? [], (m) =>
    flagMatch(text, m, walk),
  );
  scanAtStarts(text, SHORT_FLAG_AT, shortFlagStarts(text), (m) => flagMatch(text, m, walk));
}

/** A `--flag` or ` -flag` naming a credential: its value reported; where the scan resumes. */
function flagMatch(text: string, m: RegExpExecArray, walk: Walk): number {
  const end = m.index + m[0].length;
  const key = m[0].trim().replace(/^-+/, "");
  const kind = classifyKey(key);
  if (kind !== null || walk.keyed.words.test(key.toLowerCase()))
    return Math.max(end, reportValue(text, end, key, kind, walk));
  return end;
}

/** SHORT_FLAG's openings, for the shared pass (registered at load: no automaton compiled again for them later). */
const SHORT_FLAG_OPENINGS = passLiterals([" -", "\t-"]);

/**
 * Where SHORT_FLAG may match: a space or tab before a `-` (V8 finds the rare `-`; a space stops it everywhere). On a
 * text the shared pass has read, its lists of ` -` and `\t-` merged (no letter in either: the folded lists are
 * exact): no search stopping at every `-` of the text's phone numbers and dates.
 */
function shortFlagStarts(text: string): readonly number[] {
  const hits =
    text.length >= MIN_PASS_LENGTH ? candidateIndex(text).passHits(SHORT_FLAG_OPENINGS) : undefined;
  if (hits !== undefined) return hits[1]!.length === 0 ? hits[0]! : mergeUnique(hits[0]!, hits[1]!);
  const starts: number[] = [];
  for (let at = text.indexOf("-", 1); at !== -1; at = text.indexOf("-", at + 1)) {
    const before = text.charCodeAt(at - 1);
    if (before === 32 || before === 9) starts.push(at - 1);
  }
  return starts;
}

/**
 * Past a string literal's prefix: C#'s verbatim `@"..."`, Objective-C's `@"..."`, Python's `r"..."`, `b'...'`,
 * `rb"..."`, `f"..."`, `u"..."`. The value is the quoted literal after it.
 */
function afterStringPrefix(text: string, at: number): number {
  let i = at;
  while (i - at < 2 && STRING_PREFIX.includes(text.charAt(i)) && text.charAt(i) !== "") i++;
  const quote = codeAt(text, i);
  return i > at && (quote === 34 || quote === 39) ? i : at;
}
const STRING_PREFIX = "@rRbBuUfF";

// `setProperty("db.password", "x")`, `os.setenv('API_TOKEN', 'x')`: the key a call's first argument, the value its
// second. Found from the literal `("` or `('` (the prefilter's too). Not from `[` or `{`: `["password", "x"]` and
// Python's `{"password", "x"}` are lists and sets of strings as often as a key and its value.
const CALL_PAIR = /\((["'])([A-Za-z_$][\w$.-]{0,63})\1[ \t]*,[ \t]*(?=["'])/g;

/**
 * Key and value as a call's first two arguments. Only a quoted value without spaces (unless generated:
 * isRandomPrintable): the same shape carries labels (`t("password", "Enter your password")`) and variables
 * (`put("password", fromVault)`). A bare `key` or a `salt` (`define('NONCE_KEY', ...)`, `define('AUTH_SALT', ...)`)
 * is read as under an assignment: only a generated value (isGeneratedKeyValue).
 */
const SALT_KEY = /(?:^|[_.-])salt$/i;
function detectCallArguments(text: string, walk: Walk): void {
  const index = candidateIndex(text);
  if (index.has("buildConfigField") || index.has("resValue")) readKeyArguments(text, BUILD_FIELD, walk);
  if (!index.has('("') && !index.has("('")) return;
  readKeyArguments(text, CALL_PAIR, walk);
}

// Gradle's build fields (Groovy and Kotlin DSL): `buildConfigField "String", "API_KEY", "\"v\""`, `resValue
// "string", "api_token", "v"`: the field's type, then its name and its value as CALL_PAIR's key and value (group 2).
const BUILD_FIELD =
  /\b(?:buildConfigField|resValue)[ \t]*\(?[ \t]*(["'])[A-Za-z]{1,16}\1[ \t]*,[ \t]*(["'])([A-Za-z_$][\w$.-]{0,63})\2[ \t]*,[ \t]*(?=["'])/g;

/** CALL_PAIR's (or BUILD_FIELD's) key and the quoted value after it, each reported when it qualifies. */
function readKeyArguments(text: string, pair: RegExp, walk: Walk): void {
  pair.lastIndex = 0;
  for (let m = pair.exec(text); m !== null; m = pair.exec(text)) {
    const key = pair === CALL_PAIR ? m[2]! : m[3]!;
    const kind = classifyKey(key);
    const bare = kind === null && (isBareKeyName(key) || SALT_KEY.test(key));
    if (kind === null && !bare && !walk.keyed.words.test(key.toLowerCase())) continue;
    const from = m.index + m[0].length;
    const value = readValue(text, from);
    if (value === null || !value[2]) continue;
    const raw = text.slice(value[0], value[1]);
    if (/\s/.test(raw) && !isRandomPrintable(raw)) continue;
    pair.lastIndex = Math.max(
      pair.lastIndex,
      reportValue(text, from, key, bare ? "token" : kind, walk, bare),
    );
  }
}

/**
 * A credential-named declaration or setter given its literal as the only argument: C++'s
 * `std::string secret("x")`, `setPassword("x")`, `api_key('x')`. The name is read back from the `("` or `('`, the
 * value must close the call, hold no space and read as the credential its name says.
 */
function detectNamedSingleArguments(text: string, walk: Walk): void {
  const long = text.length >= MIN_PASS_LENGTH;
  for (const opener of SINGLE_ARGUMENT_OPENERS) {
    // A long text's absent opener is known from the shared pass's lists (the candidate index learns it once).
    if (long && !candidateIndex(text).has(opener)) continue;
    for (let at = text.indexOf(opener); at !== -1; at = text.indexOf(opener, at + 2)) {
      let keyStart = at;
      while (keyStart > 0 && at - keyStart < MAX_KEY && isWordCode(text.charCodeAt(keyStart - 1))) keyStart--;
      if (keyStart === at) continue;
      const key = text.slice(keyStart, at);
      const kind = READS_A_SECRET.test(key) ? null : classifyAnyKey(key);
      if (kind === null) continue;
      const value = readValue(text, at + 1);
      if (value === null || !value[2] || text.charCodeAt(value[1] + 1) !== 41) continue;
      const raw = text.slice(value[0], value[1]);
      if (/\s/.test(raw) || CAMEL_NAME.test(raw) || alreadyReported(walk, value[0], value[1])) continue;
      if (!isCredentialValue(raw, kind, true)) continue;
      walk.out.push({
        kind: "secret",
        type: "generic_credential",
        start: value[0],
        end: value[1],
        ruleId: "secret.generic_credential",
      });
    }
  }
}
const SINGLE_ARGUMENT_OPENERS = ['("', "('"];
/** A name written in camel case (`projectApiKey`): an argument naming something. */
const CAMEL_NAME = /^[a-z]+(?:[A-Z][a-z]+)+$/;
/** Calls that look a secret up, check or transform it: their argument is a name or an input, not the secret. */
const READS_A_SECRET =
  /^(?:get|fetch|load|read|lookup|find|resolve|has|delete|remove|validate|check|verify|is|hash|encrypt|decrypt|compare|generate|create|rotate|request|require|prompt|ask|parse|decode|encode)(?:[A-Z_]|$)/;

// A credential word, then spaces and a value with no operator: `flickr KEY x`, `sendbird_secret x`. Only a vendor's
// value is read this way (its shape is exact); the vendor's name must stand in the few words before.
const VENDOR_PHRASE_WORD = /(?:[Kk]ey|KEY|[Ss]ecret|SECRET|[Tt]oken|TOKEN)(?![\w-])[ \t]+(?=[A-Za-z0-9])/g;

/** Start of the key phrase ending at `end`: up to three words of key characters (`flickr api key`), at most 40 long. */
function phraseStart(text: string, end: number): number {
  const limit = Math.max(0, end - 40);
  let i = end;
  for (let words = 0; words < 3; words++) {
    let k = i;
    while (k > limit && (text.charCodeAt(k - 1) === 32 || text.charCodeAt(k - 1) === 9)) k--;
    if (words > 0 && k === i) break;
    const wordEnd = k;
    while (k > limit && isKeyCode(text.charCodeAt(k - 1))) k--;
    if (k === wordEnd) break;
    i = k;
  }
  return i;
}

/**
 * Where VENDOR_PHRASE_WORD may match: its word (`key`, `secret`, `token` in the regex's cases) at the index's `k`/`K`
 * (`key` there, `token` two before), `cret`/`CRET` (`secret` two before); V8 stopped at every `k`, `s` and `t` of
 * prose for the alternation itself. Undefined when the letters are so dense that the global scan is cheaper, or the
 * text is short (SHORT_TEXT).
 */
function vendorPhraseStarts(text: string): number[] | undefined {
  if (text.length >= MIN_PASS_LENGTH) {
    // The shared pass's `key`/`token`/`secret` in every ASCII case, kept where the regex's cases stand.
    const hits = candidateIndex(text).passHits(VENDOR_WORDS);
    if (hits !== undefined)
      return mergeUnique(mergeUnique(hits[0]!, hits[1]!), hits[2]!).filter((at) =>
        credentialWordAt(text, at),
      );
  }
  if (text.length < SHORT_TEXT) return undefined;
  const index = candidateIndex(text);
  const limit = text.length >> 5;
  const lists = ["k", "K", "cret", "CRET"].map((needle) => index.positionsUpTo(needle, limit));
  if (lists.some((list) => list === undefined)) return undefined;
  const starts: number[] = [];
  for (const list of lists)
    for (const at of list!) {
      if (credentialWordAt(text, at)) starts.push(at);
      if (at >= 2 && credentialWordAt(text, at - 2)) starts.push(at - 2);
    }
  return starts.sort((x, y) => x - y).filter((at, i) => i === 0 || at !== starts[i - 1]);
}

const VENDOR_WORDS = passLiterals(["key", "token", "secret"]);

/** VENDOR_PHRASE_WORD's word at `at`: `[Kk]ey|KEY|[Ss]ecret|SECRET|[Tt]oken|TOKEN`. */
function credentialWordAt(text: string, at: number): boolean {
  const c = text.charCodeAt(at);
  if (c === 107 || c === 75)
    return text.startsWith("ey", at + 1) || (c === 75 && text.startsWith("EY", at + 1));
  if (c === 116 || c === 84)
    return text.startsWith("oken", at + 1) || (c === 84 && text.startsWith("OKEN", at + 1));
  if (c === 115 || c === 83)
    return text.startsWith("ecret", at + 1) || (c === 83 && text.startsWith("ECRET", at + 1));
  return false;
}
const VENDOR_PHRASE_WORD_AT = stickyOf(VENDOR_PHRASE_WORD);

/**
 * A credential phrase naming no vendor the records know (`the api key`, `ACME SECRET`, `acme access token`), a space
 * and a value with no operator: the phrase's words joined must name a token (classifyAnyKey: not `public key`,
 * `cache key`, `next page token`), and the value must read as generated (20+ characters of letters and digits, both,
 * entropy of 3.3 bits or more: 30 random hex digits reach about 3.6): without an operator, prose words and names follow such phrases too.
 */
function reportPhraseValue(text: string, wordEnd: number, valueFrom: number, walk: Walk): number {
  // The value first (most words after `key ` in prose are short words), the phrase last.
  if (!walk.generic || !valueRunAtLeast(text, valueFrom, 20)) return valueFrom;
  const value = readValue(text, valueFrom);
  if (value === null || value[2]) return valueFrom;
  const [start, end] = value;
  const raw = text.slice(start, end);
  if (raw.length < 20 || !GENERATED_VALUE.test(raw) || !entropyAtLeast(raw, 3.3)) return valueFrom;
  const phrase = text
    .slice(phraseStart(text, wordEnd), wordEnd)
    .trim()
    .replace(/[ \t]+/g, "_");
  if (classifyAnyKey(phrase) !== "token") return valueFrom;
  if (!isCredentialValue(raw, "token", false) || alreadyReported(walk, start, end)) return valueFrom;
  walk.out.push({
    kind: "secret",
    type: "generic_credential",
    start,
    end,
    ruleId: "secret.generic_credential",
  });
  return end;
}
/** Letters and digits (and `_`, `-`), at least one of each. */
const GENERATED_VALUE = /^(?=[^\d]*\d)(?=[^A-Za-z]*[A-Za-z])[A-Za-z0-9_-]+$/;

function detectVendorPhrases(text: string, walk: Walk): void {
  const starts = vendorPhraseStarts(text);
  if (starts === undefined) scanAll(text, VENDOR_PHRASE_WORD, (m) => vendorPhraseMatch(text, m, walk));
  else scanAtStarts(text, VENDOR_PHRASE_WORD_AT, starts, (m) => vendorPhraseMatch(text, m, walk));
}

/** A credential word (`key`, `token`, `secret`) and its value, named by a vendor or not; where the scan resumes. */
function vendorPhraseMatch(text: string, m: RegExpExecArray, walk: Walk): number {
  const matchEnd = m.index + m[0].length;
  if (!valueRunAtLeast(text, matchEnd, 8)) return matchEnd;
  const wordEnd = m.index + m[0].trimEnd().length;
  const window = text.slice(Math.max(0, wordEnd - 40), wordEnd);
  // Most credential words have no vendor's name before them: one test of the names first.
  if (!walk.keyed.words.test(window.toLowerCase())) return reportPhraseValue(text, wordEnd, matchEnd, walk);
  const phrase = text.slice(phraseStart(text, wordEnd), wordEnd);
  if (!walk.keyed.words.test(phrase.toLowerCase())) return reportPhraseValue(text, wordEnd, matchEnd, walk);
  return Math.max(matchEnd, reportValue(text, matchEnd, phrase, null, walk));
}

function detectAuthorizationValues(text: string, out: TextMatch[]): void {
  const starts = literalStarts(text, AUTH_SCHEME_WORDS, 0, text.length);
  scanAtStarts(text, AUTH_SCHEME_AT, starts ?? [], (m) => {
    const matchEnd = m.index + m[0].length;
    const value = readValue(text, matchEnd);
    if (value === null || value[2]) return matchEnd;
    const [start, end] = value;
    const token = text.slice(start, end);
    // `${SENDGRID_API_KEY}` reads as `${SENDGRID_API_KEY` (a `}` ends an unquoted value): a template all the same.
    if (
      token.length < 16 ||
      !entropyAtLeast(token, 3) ||
      isLookalikeSecret(token) ||
      TEMPLATE_START.test(token)
    )
      return matchEnd;
    out.push({ kind: "secret", type: "generic_credential", start, end, ruleId: "secret.generic_credential" });
    return end;
  });
}

/** Credential forms read without the walk (credential-forms.ts); appended to `out`. */
export type CredentialForms = (text: string, out: TextMatch[]) => void;

/**
 * Values assigned to credential-named keys (`generic`), and vendor values assigned to keys naming the vendor
 * (`keyed`), appended to `out`; with `generic`, also what `otherForms` finds (the caller passes them, so this module
 * and credential-forms.ts, which reads keys and values with this module's helpers, do not import each other). Findings
 * from `firstOwn` on are the caller's for this text: a value inside one of them is not reported again.
 */
export function detectNamedCredentials(
  text: string,
  out: TextMatch[],
  keyed: KeyedForms,
  generic: boolean,
  firstOwn: number,
  otherForms: CredentialForms,
): void {
  // Shortest report: a two-letter key (`pw`), an operator and a six-character password.
  if (text.length < 9) return;
  const walk: Walk = {
    out,
    keyed,
    generic,
    firstOwn,
    textLength: text.length,
    covered: undefined,
    marked: 0,
  };
  detectAssignments(text, walk);
  if (!generic) return;
  const before = out.length;
  detectAuthorizationValues(text, out);
  otherForms(text, out);
  // A value the walk or a vendor record already reported (`Authorization: token x` is a credential phrase too) is
  // not reported again.
  let kept = before;
  for (let i = before; i < out.length; i++) {
    const m = out[i]!;
    if (!alreadyReported(walk, m.start, m.end, before)) out[kept++] = m;
  }
  out.length = kept;
}

CANDIDATE_SCANS.push(
  { name: "single-dash credential flags", global: SHORT_FLAG, starts: shortFlagStarts },
  {
    name: "double-dash flags",
    global: CLI_FLAG,
    starts: (text) => literalStarts(text, CLI_FLAG_LITERALS, 0, text.length),
  },
  {
    name: "authorization schemes",
    global: AUTH_SCHEME,
    starts: (text) => literalStarts(text, AUTH_SCHEME_WORDS, 0, text.length),
  },
  { name: "assignment operators", global: /[:=\uff1a]/g, starts: operatorStarts },
  { name: "vendor phrase words", global: VENDOR_PHRASE_WORD, starts: vendorPhraseStarts },
);

/** Every operator operatorFinder visits when nothing moves it on (for the property test). */
function operatorStarts(text: string): number[] {
  const next = operatorFinder(text);
  const starts: number[] = [];
  for (let at = next(0); at !== -1; at = next(at + 1)) starts.push(at);
  return starts;
}
