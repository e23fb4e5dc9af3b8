import { Buffer } from "node:buffer";
import { hasKeyboardRun, isPublishedExampleValue, MAX_RANDOM_RUN } from "./documentation-example.js";
import { isAlnumPlaceholder, isPlaceholderValue } from "./placeholder.js";

/**
 * A value shaped like a credential that stands in for one: a placeholder (`<your-key>`, `YOUR_API_KEY`, `xxxx`,
 * one repeated character), a value that says what it is (`example`, `dummy`, `sample`, `fake`, `test` as a word),
 * a documentation example (see documentation-example.ts), or an identifier whose own format says it is public:
 * a content digest (`sha256:...`, subresource integrity `sha512-...`) or a Stripe object id (`cus_...`, `sub_...`:
 * Stripe's API keys are `sk_`/`rk_`, its object ids are not credentials). Every secret detector asks this before
 * reporting.
 *
 * Bare hex, random UUIDs and base64 are NOT look-alikes here, even though digests and ids are written that way: in
 * an `Authorization` header or under a credential name they are what many real tokens look like (Twilio auth tokens
 * and Mailgun keys are hex, Heroku API keys are version-4 UUIDs), and missing one costs more than redacting an id.
 * A UUID whose version says it is not random (time-based v1, v2, v6, v7; name-based v3, v5; the nil and max UUIDs)
 * is an identifier: a clock, a MAC address or a name's hash, which no credential generator issues.
 */

// `deadbeef` and `cafebabe` are hexspeak, the filler programmers write for a hex value they do not have: in generated
// hex either comes about once in 16^8 (about 4e9) positions.
const STAND_IN_WORDS =
  /example|dummy|sample|placeholder|redacted|fake|xxxx|deadbeef|cafebabe|your[_-]?(?:api|key|token|secret)/i;
const PUBLIC_IDENTIFIER =
  /^(?:sha(?:1|224|256|384|512):[0-9a-f]{32,128}|sha(?:256|384|512)-[A-Za-z0-9+/]{40,}={0,2}|(?:cus|sub|ch|pi|pm|in|ii|price|prod|evt|txn|re|acct|si|seti|src|card|ba|po|tr|py|cs|plan|coupon)_[A-Za-z0-9]{8,32})$/;
// A value encrypted by the application's own key (Jasypt and Spring Cloud Config write `ENC(...)`, `{cipher}...`;
// SOPS `ENC[AES256_GCM,...]`; Jenkins `{AQAAABAAAAA...}`, its credential store's header in base64; WebLogic and
// others `{AES}`, `{AES256}`; `ENC:` before base64): useless without that key, and how such configuration is meant to
// be stored. `{cipher` alone is the marker an unquoted properties value's reader cut at its `}`.
const ENCRYPTED_VALUE =
  /^(?:ENC\(|ENC\[AES|ENC:[A-Za-z0-9+/]|\{cipher(?:\}|$)|\{AQAAABAAAAA|\{AES(?:128|192|256)?\})/i;
// A part of a joined value that is an angle-bracket placeholder (`<header>.<payload>.<signature>`, a JWT's real
// header then `.<payload>`): the value is a template of the format, not an instance of it.
const ANGLE_PART = /(?:^|[.:/_-])<[A-Za-z][\w -]{0,30}>(?:$|[.:/_-])/;
// A JOSE header alone (`{"alg":` or `{"typ":` in base64url, no `.` after it): public metadata of a token, not the token.
const JOSE_HEADER_ONLY = /^eyJ(?:hbGciOi|0eXAiOi)[A-Za-z0-9_-]*={0,2}$/;
// Ciphertexts by their format's own header, in base64: OpenSSL's `Salted__`, a Fernet token (version 0x80 and a
// timestamp), an AWS KMS ciphertext blob (`AQICAH`). Case-sensitive: base64 headers.
const CIPHERTEXT_HEADER = /^(?:U2FsdGVkX1|gAAAAA[A-Za-z0-9_-]{40}|AQICAH)/;
// "test" only as a word of its own (`my_test_key`, `test-token`): inside random base62 it is chance.
const TEST_WORD = /(?:^|[^a-z])test(?:[^a-z]|$)/i;

// Version nibble (first of the third group) of a UUID that is not random: anything but 4 (and 8, vendor-defined).
const NON_RANDOM_UUID =
  /^(?:[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[123567][0-9a-fA-F]{3}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}|0{8}-0{4}-0{4}-0{4}-0{12}|[fF]{8}-[fF]{4}-[fF]{4}-[fF]{4}-[fF]{12})$/;

/**
 * A look-alike by every rule: the judgement for a value whose only evidence is a generic key it is assigned to
 * (`password`, `_authToken`), where a keyboard run or a non-random UUID says documentation or an identifier.
 */
export function isLookalikeSecret(value: string): boolean {
  return (
    isLookalikeValue(value) ||
    hasKeyboardRun(value) ||
    NON_RANDOM_UUID.test(value) ||
    isSelfDescribing(value) ||
    CONSTANT_NAME.test(value) ||
    FILE_PATH.test(value) ||
    LOWER_PATH.test(value) ||
    URN.test(value) ||
    isCodeFragment(value)
  );
}

// A number written in hex (`0x0dead1beef7cafe2`, `#define PASSWORD 0x...`): a 64-bit constant at most, not a secret
// (longer hex with `0x` is a key's bytes: an Ethereum private key is 64 hex digits).
const HEX_NUMBER = /^0x[0-9a-fA-F]{1,16}$/;
// A shell variable spliced into a quoted string (`'$PRECOMPILE_PASSWORD'` of `"'$X'"`): a reference.
const QUOTED_VARIABLE = /^(["'])\$\{?[A-Za-z_]\w*\}?\1$/;
// A string concatenation read as a value (`"+new Buffer(`, `' + token`): code continues where the value would be.
const CONCATENATION = /^(?:["'`][ \t]*)?\+[ \t]*(?:new[ \t]|[A-Za-z_$][\w$.]*\()/;
// A web framework's route (`cms/sites/passwords#update`, Rails' `controller#action`).
const ROUTE = /^[a-z_]+(?:\/[a-z_]+)+#[a-z_]+$/;
// The next key of an object literal read as a value (`,rememberMeLabel:` after `passwordLabel:"Password:"`).
const NEXT_KEY = /^[,;][ \t]*[A-Za-z_$][\w$]*:?$/;

/** A value that is a piece of code around a credential's name, not a value: see the patterns above. */
function isCodeFragment(value: string): boolean {
  return (
    HEX_NUMBER.test(value) ||
    QUOTED_VARIABLE.test(value) ||
    CONCATENATION.test(value) ||
    ROUTE.test(value) ||
    NEXT_KEY.test(value)
  );
}

// A URN (`urn:ietf:params:oauth:token-type:jwt`): a name in a registry, never a credential.
const URN = /^urn:[a-z0-9][a-z0-9-]{0,31}:/i;

/** The words a credential's documentation example is written with (`secret123`, `SuperSecretToken`). */
const KIND_WORDS = /secret|passw(?:or)?d|token|api[_-]?key|credential/gi;
/** What may remain of a value once its kind words are taken out, for the value still to say only what it is. */
const MAX_REMAINDER = 12;

/**
 * A value that names its own kind (`secret123`, `SuperSecretToken`, `very-secret-token`, `password-for-30001`): how
 * documentation writes an example credential. A generated value holds such a word by chance about never; a long
 * passphrase that holds one (`correcthorsepasswordbatterystaple`) keeps more than MAX_REMAINDER other characters.
 */
function isSelfDescribing(value: string): boolean {
  if (value.length > 48) return false;
  const remainder = value.replace(KIND_WORDS, "");
  return remainder.length < value.length && remainder.length < MAX_REMAINDER;
}

// Upper-case words joined by `_`, `.` or `-` (`SANDBOX_AWS_SECRET_ACCESS_KEY`, `HEADER.PAYLOAD.SIGNATURE`): the name
// of an environment variable or a constant, or a placeholder, never a generated value.
const CONSTANT_NAME = /^[A-Z]{2,}(?:[_.-][A-Z]{2,})+$/;
// A file's path (`/path/to/config.json`, `./keys/sa.pem`, `~/.ssh/id_rsa.pub`): where a credential is kept. An
// unquoted value read to a closing backtick or quote of markdown or shell keeps it.
const FILE_PATH =
  /^(?:~|\.{1,2})?\/(?:[\w.-]+\/)*[\w.-]+\.(?:json|pem|key|pub|p12|pfx|jks|keystore|crt|cer|txt|ya?ml|env|ini|conf|cfg|toml|xml|properties)[`'"]?$/i;
// A lower-case path of two or more segments (`/run/secrets/db`, `~/.config/app/token`, a versioned
// `/en/enterprise-server@3.0/auth`): base64 is never all lower case.
const LOWER_PATH = /^(?:~|\.{1,2})?\/[a-z0-9_.@-]+\/[a-z0-9_./@-]+$/;

/**
 * The judgement for a vendor record's value. A prefix such as `ntn_` or `vcp_` is the vendor's own evidence: a body
 * written as `aBcDeF...1234567890` still reads as the vendor's token (scanners' fixtures write them so), while bodies
 * that say what they are (`xxxx`, EXAMPLE, one repeated character) stay look-alikes. A value under a key naming the
 * vendor (`SNYK_TOKEN=<uuid>`) keeps the keyboard-run rule, but its UUID is the vendor's format whatever its version.
 */
export function isLookalikeVendorValue(value: string, prefixed: boolean): boolean {
  return isLookalikeValue(value) || (!prefixed && hasKeyboardRun(value));
}

/** Which of the ASCII classes a value holds (a bit each: ValueFacts). */
export const FACT_UPPER = 1;
export const FACT_LOWER = 2;
export const FACT_DIGIT = 4;
/** The value is not empty and every code unit is an ASCII letter or digit (`isAlnum`). */
const FACT_ALNUM = 8;
/** The value holds a keyboard run (`hasKeyboardRun`). */
const FACT_KEYBOARD_RUN = 16;

/**
 * What one reading of `value` tells: the ASCII classes it holds (`[A-Z]`, `[a-z]`, `[0-9]`: FACT_UPPER, FACT_LOWER,
 * FACT_DIGIT), whether it is letters and digits only (`isAlnum`) and whether it holds a keyboard run
 * (`hasKeyboardRun`). A token's body is read once for all three instead of once each
 * (`isLookalikeVendorValueOf`, the token detector's classes).
 */
export function valueFacts(value: string): number {
  let facts = value.length > 0 ? FACT_ALNUM : 0;
  let run = 1;
  let previous = -2;
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c >= 48 && c <= 57) facts |= FACT_DIGIT;
    else if (c >= 65 && c <= 90) facts |= FACT_UPPER;
    else if (c >= 97 && c <= 122) facts |= FACT_LOWER;
    else facts &= ~FACT_ALNUM;
    run = c === previous + 1 ? run + 1 : 1;
    if (run > MAX_RANDOM_RUN) facts |= FACT_KEYBOARD_RUN;
    previous = c;
  }
  return facts;
}

/** `isLookalikeVendorValue(value, prefixed)`, given `facts = valueFacts(value)`. */
export function isLookalikeVendorValueOf(value: string, prefixed: boolean, facts: number): boolean {
  return (
    anyPasses((facts & FACT_ALNUM) !== 0 ? ALNUM_TESTS : FULL_TESTS, value) ||
    (!prefixed && (facts & FACT_KEYBOARD_RUN) !== 0)
  );
}

/** How much of a base64 JSON value (`eyJ...`) is decoded to look for stand-in words: a key's claims fit well within. */
const MAX_DECODED = 4096;

/**
 * A value in base64 of a JSON object (`eyJ`: `{"`), as Grafana's API keys and 1Password's service tokens are, whose
 * decoded text says it is not real (`{"k":"EXAMPLE...","n":"example"}`): the stand-in words are only visible decoded.
 * One segment only: a JWT's claims (`header.claims.signature`) name people and hosts, `example.com` among them, in
 * tokens as real as any; and the documentation domains are addresses, not a value saying what it is.
 */
function saysStandInDecoded(value: string): boolean {
  if (!value.startsWith("eyJ") || value.includes(".")) return false;
  const decoded = Buffer.from(value.slice(0, MAX_DECODED), "base64").toString("latin1");
  return SAYS_NOT_REAL.test(decoded.replace(EXAMPLE_DOMAIN, ""));
}

const EXAMPLE_DOMAIN = /example\.(?:com|org|net)/gi;
/**
 * The stand-in words that say a decoded value is not real. Not `xxxx` or `redacted`: in a decoded key they mask one
 * field (a key's name redacted in a mail, `"n":"xxxx"`), not the secret beside it.
 */
const SAYS_NOT_REAL = /example|dummy|sample|placeholder|fake/i;

function isLookalikeValue(value: string): boolean {
  return anyPasses(isAlnum(value) ? ALNUM_TESTS : FULL_TESTS, value);
}

/** Whether `value` is not empty and every code unit is an ASCII letter or digit (most vendor tokens' bodies). */
function isAlnum(value: string): boolean {
  if (value.length === 0) return false;
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c < 48 || (c > 57 && c < 65) || (c > 90 && c < 97) || c > 122) return false;
  }
  return true;
}

/** A look-alike test, with its answer for a value of ASCII letters and digits (`isAlnum`). */
interface LookalikeTest {
  readonly full: (value: string) => boolean;
  /**
   * The same answer on a value of ASCII letters and digits, by less work; `null` where no such value can pass (the
   * characters the test needs are named beside it). Stated here, with the test, so a new test cannot be left out of
   * the letters-and-digits path by accident.
   */
  readonly alnum: ((value: string) => boolean) | null;
}

const regexTest = (re: RegExp) => (value: string) => re.test(value);
const same = (test: (value: string) => boolean): LookalikeTest => ({ full: test, alnum: test });
/** The anchored tests asked only of a value opening with one of their first characters (test/property: exact). */
export const HEADED: readonly (readonly [RegExp, string])[] = [
  [JOSE_HEADER_ONLY, "e"],
  [CIPHERTEXT_HEADER, "UgA"],
];
/**
 * `re.test`, asked only of a value whose first character is one of `firsts`: `re` is anchored at the start and every
 * match opens with one of them (a token's body opens with anything else almost always: no call into the regex).
 */
const headedTest = (re: RegExp, firsts: string) => (value: string) =>
  value.length > 0 && firsts.includes(value.charAt(0)) && re.test(value);

const LOOKALIKE_TESTS: readonly LookalikeTest[] = [
  // The placeholder forms that need another character, and its stand-in words (STAND_IN_WORDS holds them), are left
  // out by isAlnumPlaceholder.
  { full: isPlaceholderValue, alnum: isAlnumPlaceholder },
  same(saysStandInDecoded),
  // Every form holds `(`, `[`, `{` or `:`.
  { full: regexTest(ENCRYPTED_VALUE), alnum: null },
  // Needs `<`.
  { full: regexTest(ANGLE_PART), alnum: null },
  same(headedTest(...HEADED[0]!)),
  same(headedTest(...HEADED[1]!)),
  // Every form holds `:`, `-` or `_`.
  { full: regexTest(PUBLIC_IDENTIFIER), alnum: null },
  same(regexTest(STAND_IN_WORDS)),
  same(regexTest(TEST_WORD)),
  same(isPublishedExampleValue),
];
const FULL_TESTS = LOOKALIKE_TESTS.map((t) => t.full);
/**
 * A token detector asks for every candidate body it accepts otherwise (a bench MB of prose holds ~260 tokens), most of
 * them letters and digits: each test left out is a call into the regex engine per token.
 */
const ALNUM_TESTS = LOOKALIKE_TESTS.flatMap((t) => (t.alnum === null ? [] : [t.alnum]));

function anyPasses(tests: readonly ((value: string) => boolean)[], value: string): boolean {
  for (const test of tests) if (test(value)) return true;
  return false;
}

/** `isLookalikeValue` by every test, whatever the value holds (the simple form: the property tests compare with it). */
export function isLookalikeValueInFull(value: string): boolean {
  return anyPasses(FULL_TESTS, value);
}
