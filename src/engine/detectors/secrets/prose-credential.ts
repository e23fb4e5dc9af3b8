import { type LiteralTriggers, registerDetectorTriggers } from "../../rules/keyword-prefilter.js";
import { HAS_NON_ASCII } from "../../scan/string-features.js";
import type { TextDetector, TextMatch } from "../../types.js";
import { entropyAtLeast } from "../shared/shannon-entropy.js";
import { anchorStarts, CANDIDATE_SCANS, scanAll, scanAtStarts, stickyOf } from "./candidate-scan.js";
import {
  isQuotedWordPassword,
  PASSWORD_HASH,
  SECRET_REFERENCE,
  underCiphertextParent,
} from "./generic-credential.js";
import { isLookalikeSecret } from "./lookalike.js";

/**
 * Secrets named only in prose: "the password is Tr0ub4dor&3", "my API key: ...", "here's the token you asked for:
 * ...", "la contraseña es ...", "das Passwort lautet ...", "密码是 ...". No key, no header: a credential noun, a few
 * words at most, a linking word or a colon, then the value. Only the value is reported.
 *
 * What keeps ordinary sentences out ("the password is correct", "the key is to stay calm", "API key: see below"):
 * - the value must be shaped like a credential, judged on the value alone: no spaces; a password 8+ characters of
 *   three classes (lower, upper, digit, symbol); a key or token 12+ characters of two classes with 3+ bits/char of
 *   Shannon entropy (a dictionary word has one class; `deadbeefdeadbeef` has too little entropy);
 * - placeholders and documentation examples are look-alikes (`<your-key>`, `xxxx`, `EXAMPLE`, keyboard runs);
 * - the words between the noun and the link may not name something else about the secret ("key fingerprint:",
 *   "token type is", "password policy:"), and the value is not a URL, a path or an e-mail address.
 */

/** Credential nouns, per language; each is a whole word (or, for the unspaced scripts, a whole term). */
const NOUN = [
  // en
  "password",
  "passphrase",
  "passcode",
  "passwd",
  "api\\s?key",
  "api[\\s-]token",
  "access\\s(?:key|token)",
  "auth(?:entication)?\\s(?:key|token)",
  "secret(?:\\skey)?",
  "private\\skey",
  "token",
  "key",
  "credentials?",
  // es, pt, it, fr, de
  "contrase(?:ñ|n)a",
  "clave(?:\\sde\\sapi)?",
  "senha",
  "chave(?:\\sde\\sapi)?",
  "mot\\sde\\spasse",
  "cl(?:é|e)(?:\\sd'api|\\sapi)?",
  "jeton",
  "passwort",
  "kennwort",
  "schl(?:ü|u)ssel",
  "api-schl(?:ü|u)ssel",
  // ru
  "пароль",
  "ключ",
  "токен",
].join("|");
/**
 * For the shared prefilter (keyword-prefilter.ts): in ASCII text, every NOUN holds one of these in some ASCII case
 * (`api key`, `access token`, `private key` hold `key` or `token`; `mot de passe` and `passwort` hold `pass`;
 * `api-schlüssel` holds `schl`). Under `iu`, non-ASCII characters match ASCII letters (the Kelvin sign `k`, the long
 * `s`), and the other nouns and PROSE_CJK's are non-ASCII: a string with a non-ASCII character runs the detector.
 */
export const PROSE_TRIGGERS: LiteralTriggers = {
  literals: [
    "pass",
    "key",
    "token",
    "secret",
    "credential",
    "contrase",
    "clave",
    "cle",
    "senha",
    "chave",
    "jeton",
    "kennwort",
    "schl",
  ],
  caseInsensitive: true,
  bypass: HAS_NON_ASCII,
};
/** Words that link the noun to its value: "is", "was", "=", ":" and their kin in the same languages. */
const LINK =
  "(?:[ \\t](?:is|was|will[ \\t]be|reads|es|era|ser(?:á|a)|é|est|ist|lautet|war|è|это)(?:[ \\t](?:now|still|just|simply|ahora|jetzt|maintenant|agora|ora))?[ \\t]|[ \\t]?[:=：][ \\t]?|[ \\t]?->[ \\t]?|[ \\t]?→[ \\t]?)";
/** A few words between the noun and the link ("the key you asked for:", "my new Wi-Fi password is"). */
const BRIDGE = "(?:[ \\t][\\p{L}\\p{N}'’-]{1,20}){0,5}";
// The noun first, the word boundary before it checked in code: a leading lookbehind would run at every position.
const PROSE = new RegExp(
  `(${NOUN})(?![\\p{L}\\p{N}_])(${BRIDGE})${LINK}[\`"'“‘«]?([^\\s\`"'”’»<>()\\[\\]{},;]{8,512})`,
  "giu",
);
const PROSE_AT = stickyOf(PROSE);
/**
 * A character every NOUN holds at most NOUN_LEAD characters after its start, where the noun regex is tried
 * (candidate-scan.ts): a letter of one of its words, found with the words' other letters around it (`k` of `token`,
 * `key`, `kennwort`; `c` of `secret`, `schl`...; `n` of `senha`), under the same `iu` flags, so it folds case as the
 * noun does (`ſ` for `s`, the Kelvin sign for `k`). V8 skips to these few letters; through the noun alternation itself
 * it does not. The farthest is the `k` of `authentication token`, 17 characters on.
 */
const NOUN_ANCHORS =
  /k(?:(?<=tok)(?=en)|(?=ey|ennwort))|p(?=ass)|j(?=eton)|c(?:(?<=sec)(?=ret)|(?<=sc)(?=hl)|(?=redential|ontrase|l|have))|n(?<=sen)(?=ha)|п(?=ароль)|к(?=люч)|т(?=окен)/giu;
const NOUN_LEAD = 17;

/** Where the noun regex may match, or undefined when so many places that the whole text is scanned. */
function nounStarts(text: string): number[] | undefined {
  return anchorStarts(text, NOUN_ANCHORS, NOUN_LEAD, text.length >> 1);
}

/** Unspaced scripts: "密码是X", "密码：X", "パスワードはX". */
const PROSE_CJK =
  /(密码|口令|密钥|令牌|パスワード|APIキー|トークン|비밀번호|암호|패스워드|API 키|토큰)(?:是|为|為|は|는|은|：|:)\s?([!-~]{8,512})/gu;
/** Bridge words that say the value is something else about the secret. */
const OTHER_ATTRIBUTE =
  /(?:^|\s)(?:fingerprint|id|ids|identifier|name|type|length|size|format|hash|digest|version|policy|field|header|rotation|expiry|expires|expiration|prefix|scope|scopes|count|manager|reset|hint|strength|requirements?|rules?|file|path|location|url|endpoint|sha\d*|md5|blake\d*|crc\d*)(?:\s|$)/i;
/** A JWT is the JWT detector's (which knows published samples by their signature). */
const JWT_SHAPE = /^eyJ[\w-]*\.[\w-]+\./;
const NOT_A_SECRET = /^(?:https?:|www\.|\/|\.\/|~\/|[\w.+-]+@[\w-]+\.)/i;
const WORD_CHAR = /[\p{L}\p{N}_]/u;
/** Keys that are public or are not credentials at all: "GPG key", "public key", "primary key", "sort key". */
const NOT_A_CREDENTIAL_KEY =
  /(?:public|gpg|pgp|ssh|signing|host|primary|foreign|sort|partition|composite|unique|idempotency|cache|map|dictionary|hash)[ \t-]+$/i;
/**
 * Code, not a literal: a member access (`forge.random.getBytesSync`, `this.#keyList`), a camelCase or PascalCase name
 * (`privateKeyFromPem`, `CacheFullKey`, a TypeScript type: `key: SyncParseReturnType<any>`), or an HTTP header's name
 * (`key: 'Access-Control-Allow-Origin'`).
 */
const CODE_VALUE =
  /^(?:[A-Za-z_$#][\w$]*(?:\.[A-Za-z_$#][\w$]*)+|[a-z]+(?:[A-Z][a-z]+)+|[A-Z][a-z]+(?:[A-Z][a-z]+)+|[A-Z][a-z]+(?:-[A-Z][a-z]+)+)$/;
/** Sentence punctuation a value picks up at its end ("... is Tr0ub4dor&3."). */
const TRAILING_PUNCTUATION = /[.,;:!?。]+$/;

function characterClasses(value: string): number {
  let classes = 0;
  if (/\p{Ll}/u.test(value)) classes++;
  if (/\p{Lu}/u.test(value)) classes++;
  if (/\d/.test(value)) classes++;
  if (/[^\p{L}\d]/u.test(value)) classes++;
  return classes;
}

function isPasswordNoun(noun: string): boolean {
  return /pass|contrase|senha|mot\sde|kennwort|пароль/i.test(noun);
}

/** Whether `value` is shaped like the secret its noun names. */
export function isProseCredentialValue(value: string, password: boolean): boolean {
  if (NOT_A_SECRET.test(value) || JWT_SHAPE.test(value) || isLookalikeSecret(value)) return false;
  if (PASSWORD_HASH.test(value) || SECRET_REFERENCE.test(value)) return false;
  const classes = characterClasses(value);
  if (password) return value.length >= 8 && classes >= 3 && entropyAtLeast(value, 2.5);
  // Generated keys have a digit or both cases; `keys.private_key` (code) and `hyphenated-words` have neither.
  // A capital first letter alone is a word's (`Authorization`), not a generated key's mixed case.
  const generated = /\d/.test(value) || (/\p{Ll}/u.test(value) && /\p{Lu}/u.test(value.slice(1)));
  return value.length >= 12 && classes >= 2 && generated && entropyAtLeast(value, 3);
}

/**
 * `password is 'blooberry'`: a password noun's value between matching quotes is a literal the sentence quotes, so a
 * one-word password is read as the walk reads it under a password key (isQuotedWordPassword).
 */
function isQuotedProsePassword(text: string, valueStart: number, value: string): boolean {
  const open = text.charAt(valueStart - 1);
  return (
    (open === "'" || open === '"') &&
    text.charAt(valueStart + value.length) === open &&
    isQuotedWordPassword(value) &&
    !isLookalikeSecret(value)
  );
}

function report(valueStart: number, raw: string, password: boolean, out: TextMatch[], text = ""): void {
  const value = raw.replace(TRAILING_PUNCTUATION, "");
  const quotedWord = password && isQuotedProsePassword(text, valueStart, value);
  if (!quotedWord && !isProseCredentialValue(value, password)) return;
  out.push({
    kind: "secret",
    type: "prose_credential",
    start: valueStart,
    end: valueStart + value.length,
    ruleId: "secret.prose_credential",
  });
}

/** A credential noun and the value after it: reported when it reads as a credential; where the scan resumes. */
function proseMatch(text: string, m: RegExpExecArray, out: TextMatch[]): number {
  const [whole, noun, bridge, value] = m as unknown as [string, string, string, string];
  const end = m.index + whole.length;
  if (m.index > 0 && WORD_CHAR.test(text[m.index - 1]!)) return m.index + 1;
  if (
    OTHER_ATTRIBUTE.test(bridge) ||
    NOT_A_CREDENTIAL_KEY.test(text.slice(Math.max(0, m.index - 24), m.index))
  )
    return end;
  // A value followed by `(` is a call: `key = deriveKey(...)`; `!` is TypeScript's non-null assertion.
  if (text[end] === "(" || CODE_VALUE.test(value.replace(TRAILING_PUNCTUATION, ""))) return end;
  if (underCiphertextParent(text, m.index)) return end;
  report(end - value.length, value, isPasswordNoun(noun), out, text);
  return end;
}

/**
 * TextDetector.contextReach: the noun's word start and the character after the value (one each side); the rejecting
 * key word before a noun (NOT_A_CREDENTIAL_KEY, `[ \t-]+$`) stands on its line, the ciphertext parent's look-back stops
 * at an empty line, and a match holds no line break but a noun's single `\s`.
 */
const CONTEXT_REACH = 1;

export function createProseCredentialDetector(): TextDetector {
  const detector: TextDetector = {
    id: "secret.prose_credential",
    contextReach: CONTEXT_REACH,
    kind: "secret",
    minLength: 12,
    detect(text: string, out: TextMatch[]): void {
      if (text.length < 12) return;
      const starts = nounStarts(text);
      if (starts === undefined) scanAll(text, PROSE, (m) => proseMatch(text, m, out));
      else scanAtStarts(text, PROSE_AT, starts, (m) => proseMatch(text, m, out));
      PROSE_CJK.lastIndex = 0;
      for (let m = PROSE_CJK.exec(text); m !== null; m = PROSE_CJK.exec(text)) {
        const [whole, noun, value] = m as unknown as [string, string, string];
        report(
          m.index + whole.length - value.length,
          value,
          /密码|口令|パスワード|비밀번호|암호|패스워드/.test(noun),
          out,
        );
      }
    },
  };
  registerDetectorTriggers(detector, PROSE_TRIGGERS);
  return detector;
}

CANDIDATE_SCANS.push({ name: "prose credential nouns", global: PROSE, starts: nounStarts });
