import { candidateIndex, MIN_PASS_LENGTH, passLiterals } from "../../scan/candidates.js";
import { stringEnd } from "../../scan/string-bounds.js";
import type { TextDetector, TextMatch } from "../../types.js";
import { shannonEntropy } from "../shared/shannon-entropy.js";
import {
  classifyKey,
  isCredentialValue,
  NOT_SECRET_NAMES,
  PASSWORD_HASH,
  SECRET_REFERENCE,
} from "./generic-credential.js";
import { isLookalikeSecret } from "./lookalike.js";
import { isPlaceholderValue } from "./placeholder.js";

/*
 * Credential forms the credential-by-name walk (generic-credential.ts) does not read, in a detector of their own:
 *
 * 1. A service's key named by its key word alone: `acme_key = v`, `acmeKey: "v"`, `ACME SECRET v`, `acme PRIVATE
 *    KEY : v`, `acmeKEY=v`, `acmeSECRETkey-v`. The walk reads a key only when it ENDS in a token word it knows
 *    (`api_key`, `secret`, `access_token`); a bare `key`, `PRIVATE` or `ACCESS` after a service's name is too common
 *    there (`cache_key`, `primary_key`). Here the value must read as generated (16+ characters of letters and digits,
 *    both, entropy >= 3.4 bits) and the word before the key word must not name a non-secret key (NOT_SECRET_NAMES).
 * 2. `.netrc` entries: `machine <host> login <user> password <p>` (or `default login ...`), on one line or several.
 *
 * Cost: one case-folded search for the key words; each hit reads at most a few dozen characters back and 200 on.
 */

/** The key words, any case; `pat` only after `_` or `-` (`azure_devops_pat`). Short texts only (keyWords). */
const KEY_WORD = /key|token|secret|private|access|(?<=[_-])pat/gi;
/**
 * After the key word: an optional second key word, an optional closing quote, then the separator and the value. A
 * spaced dash is a separator only before a quote (`acme token - '<value>'`, the form of notes and lists).
 */
const AFTER_WORD =
  /(?:[ _.-]?(?:key|token|secret))?["']?[ \t]*(?:=>|:=|[:=]|-(?=[A-Za-z0-9])|(?<=[ \t])-(?=[ \t]*["'])|[ \t])[ \t]*(?:[:=][ \t]*)?(["']?)([A-Za-z0-9][A-Za-z0-9_+/=.~-]{15,199})(?![A-Za-z0-9_+/=.~-])/iy;
/** The separator AFTER_WORD read was a spaced dash before a quote (tested on the match without its value). */
const DASH_QUOTED = /[ \t]-[ \t]*["']$/;
/** AFTER_WORD's optional second key word, at the start of its match. */
const SECOND_WORD = /^(?:[ _.-]?(?:key|token|secret))?/i;
/** Key characters read back from the key word (the service's name and separators), at most this many. */
const MAX_NAME = 48;

/** Words right AFTER the key word that say the value is not the credential (`key_id`, `token_url`, `secret_name`). */
const ABOUT_NEXT =
  /^[_.-]?(?:id|ids|name|names|url|uri|path|file|type|length|size|prefix|hint|ref|version|format|header|field|env)(?![A-Za-z])/i;

function isKeyNameCode(code: number): boolean {
  return (
    (code >= 48 && code <= 57) ||
    (code >= 65 && code <= 90) ||
    (code >= 97 && code <= 122) ||
    code === 95 ||
    code === 45 ||
    code === 46 ||
    code === 32
  );
}

/** The last word of the name before the key word (`acme` of `my acme_`, `acme` of `acmeKEY`), lower case; "" if none. */
function nameBefore(text: string, wordStart: number): string {
  let i = wordStart;
  const limit = Math.max(0, wordStart - MAX_NAME);
  while (i > limit && isKeyNameCode(text.charCodeAt(i - 1)) && text.charCodeAt(i - 1) !== 10) i--;
  const name = text.slice(i, wordStart).replace(/[ _.-]+$/, "");
  // Glued camel or capitals (`acmeKEY`, `stripeKey`): the name is what runs before the key word.
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .split(/[ _.-]+/)
    .filter((w) => w.length > 0);
  return (words.at(-1) ?? "").toLowerCase();
}

/** The key characters right before the key word, without spaces (`acme_` of `acme_key`). */
function keyBefore(text: string, wordStart: number): string {
  let i = wordStart;
  const limit = Math.max(0, wordStart - MAX_NAME);
  while (i > limit && isKeyNameCode(text.charCodeAt(i - 1)) && text.charCodeAt(i - 1) !== 32) i--;
  return text.slice(i, wordStart);
}

/** A dotted path of identifiers (`forge.pkcs5.pbkdf2`, `index_js_2.default.red`): a member access, not a value. */
const MEMBER_PATH = /^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)+$/;

/** A value that reads as generated: letters and digits, both, 16+ characters, entropy >= 3.4; not a stand-in. */
function isGeneratedValue(value: string): boolean {
  if (!/\d/.test(value) || !/[A-Za-z]/.test(value) || MEMBER_PATH.test(value)) return false;
  if (shannonEntropy(value) < 3.4) return false;
  // A path or a file name (`keys/prod.pem`, `./secrets/key.json`): where a key lives.
  if (/^\.{0,2}\//.test(value) || /\.(?:pem|key|json|p12|pfx|txt|crt|cer|jks|ya?ml|env)$/i.test(value))
    return false;
  // Words joined by separators (`acme-prod-api-key-2024`): a name, not a value.
  if (/^[A-Za-z]+(?:[_.-][A-Za-z]+)*[_.-]?\d{0,4}$/.test(value)) return false;
  return !(
    hasStepSequence(value) ||
    isLookalikeSecret(value) ||
    isPlaceholderValue(value) ||
    SECRET_REFERENCE.test(value) ||
    PASSWORD_HASH.test(value)
  );
}

/**
 * Letters and digits stepping together (`a1b2c3d4`, `d4c3b2a1`, `1a2b3c`): a documentation example's filler. Four
 * steps in a row, up or down, letter and digit alternating.
 */
function hasStepSequence(value: string): boolean {
  const lower = value.toLowerCase();
  for (let i = 0; i + 8 <= lower.length; i++) {
    let ok = true;
    for (const dir of [1, -1]) {
      ok = true;
      for (let k = 2; k < 8 && ok; k++) ok = lower.charCodeAt(i + k) - lower.charCodeAt(i + k - 2) === dir;
      const a = lower.charCodeAt(i);
      const b = lower.charCodeAt(i + 1);
      const mixed = a >= 97 !== b >= 97;
      if (ok && mixed) return true;
    }
  }
  return false;
}

/** The key words' letters in the regex's cases, for the shared pass (case folded): filtered by wordAt. */
const PASS_WORDS = passLiterals(["key", "token", "secret", "private", "access", "_pat", "-pat"]);
const WORD_LENGTHS = [3, 5, 6, 7, 6, 4, 4];

/** Start and length of every key word (KEY_WORD's matches), ascending: from the shared pass on long texts. */
function keyWords(text: string): [number, number][] {
  const hits = text.length >= MIN_PASS_LENGTH ? candidateIndex(text).passHits(PASS_WORDS) : undefined;
  const words: [number, number][] = [];
  if (hits === undefined) {
    KEY_WORD.lastIndex = 0;
    for (let m = KEY_WORD.exec(text); m !== null; m = KEY_WORD.exec(text)) words.push([m.index, m[0].length]);
    return words;
  }
  hits.forEach((list, i) => {
    // `_pat`/`-pat`: the word starts after the separator.
    const skip = i >= 5 ? 1 : 0;
    for (const at of list) words.push([at + skip, WORD_LENGTHS[i]! - skip]);
  });
  return words.sort((a, b) => a[0] - b[0]);
}

function detectServiceKeys(text: string, out: TextMatch[]): void {
  let from = 0;
  for (const [wordStart, length] of keyWords(text)) {
    if (wordStart < from) continue;
    const wordEnd = wordStart + length;
    // Cheapest first: a separator and a 16+ character value must follow.
    AFTER_WORD.lastIndex = wordEnd;
    const after = AFTER_WORD.exec(text);
    if (after === null) continue;
    const value = after[2]!;
    const end = after.index + after[0].length;
    const separator = after[0].slice(0, after[0].length - value.length);
    // Glued to the name in lower case (`monkey`, `turkey`, `hotkey`): a word, not a name and a key word. After a
    // space (`<add key="x"`, `the key is`): an attribute or prose, which the walk reads as phrases; unless a spaced
    // dash and a quote follow (`acme token - '<value>'`), which prose does not write before a generated value.
    const before = text.charCodeAt(wordStart - 1);
    const dashQuoted = DASH_QUOTED.test(separator);
    if (
      text.charCodeAt(wordStart) >= 97 &&
      (isLowerOrDigit(before) || ((before === 32 || before === 9) && !dashQuoted))
    )
      continue;
    const name = nameBefore(text, wordStart);
    // `api` is left to the walk, which reads `api_key` before an operator; it reads no dash (`API_KEY - '<v>'`).
    const apiDash = name === "api" && dashQuoted;
    if (name.length < 2 || (NOT_SECRET_NAMES.has(name) && !apiDash) || /^\d+$/.test(name)) continue;
    if (ABOUT_NEXT.test(text.slice(wordEnd, wordEnd + 12))) continue;
    // A key the credential-by-name walk reads (`share_token: v`, `acme_secret = v`: a key it classifies, then an
    // operator) is that walk's: one finding per value. Without an operator (`ACME SECRET v`, `-vaultToken v`,
    // `acme-token-v`) the walk reads no key, so the value is reported here.
    const operator = /[:=]/.test(separator);
    // The key the walk would read runs through the optional second key word (`ROLLBAR_ACCESS_TOKEN=`: `ACCESS`
    // then `_TOKEN`).
    const keyEnd = wordEnd + SECOND_WORD.exec(after[0])![0].length;
    if (operator && classifyKey(keyBefore(text, wordStart) + text.slice(wordStart, keyEnd)) !== null)
      continue;
    // A call or an index follows (`colors.default.white(`): code, not a value.
    const next = text.charCodeAt(end);
    if (next === 40 || next === 91 || !isGeneratedValue(value)) continue;
    report(out, end - value.length, end);
    from = end;
  }
}

/** Records one `secret.service_credential` match. */
function report(out: TextMatch[], start: number, end: number): void {
  out.push({ kind: "secret", type: "service_credential", start, end, ruleId: "secret.service_credential" });
}

function isLowerOrDigit(code: number): boolean {
  return (code >= 97 && code <= 122) || (code >= 48 && code <= 57);
}

/**
 * Whether `needle` occurs in `text`: a long text's answer comes from the shared pass's lists (the candidate index
 * learns the needle once), so four forms' gates do not each search a long text again; a short one is searched as is.
 */
function occurs(text: string, needle: string): boolean {
  return text.length >= MIN_PASS_LENGTH ? candidateIndex(text).has(needle) : text.includes(needle);
}

/**
 * Whether match `m` of the global `regex` runs past the end of its string on a JSON value's joined text
 * (string-bounds.ts): then the search resumes one character on, as it would on the string alone, where the match
 * could not run on (NETRC's and XML_PAIR's white space crosses lines, so a neighbour string could complete it).
 */
function crossesString(text: string, m: RegExpExecArray, regex: RegExp): boolean {
  if (m.index + m[0].length <= stringEnd(text, m.index)) return false;
  regex.lastIndex = m.index + 1;
  return true;
}

/** A `.netrc` entry: `machine <host>` (or `default`), `login <user>`, `password <p>`, separated by any white space. */
const NETRC = /(?:\bmachine[ \t]+\S+|\bdefault)\s+login\s+\S+\s+password[ \t]+(\S+)/g;

function detectNetrc(text: string, out: TextMatch[]): void {
  if (!occurs(text, "login") || !occurs(text, "password")) return;
  NETRC.lastIndex = 0;
  for (let m = NETRC.exec(text); m !== null; m = NETRC.exec(text)) {
    if (crossesString(text, m, NETRC)) continue;
    const value = m[1]!;
    if (value.length < 6 || isPlaceholderValue(value) || isLookalikeSecret(value)) continue;
    if (/^\$|^%|^<|^\{/.test(value)) continue;
    const end = m.index + m[0].length;
    report(out, end - value.length, end);
  }
}

/**
 * A NuGet API key on its own (`oy2` and 43 lower-case letters and digits), as `nuget push ... <key>` passes it: the
 * token records read it only under a key naming NuGet, because the prefix scan has no character of `oy2` to skip to;
 * here the shared pass lists the literal (nugetStarts).
 */
const NUGET_BODY = /^[a-z0-9]{43}(?![A-Za-z0-9_-])/;

function detectNugetKeys(text: string, out: TextMatch[]): void {
  if (!occurs(text, "oy2")) return;
  for (const at of nugetStarts(text)) {
    const before = at === 0 ? 32 : text.charCodeAt(at - 1);
    if (isKeyNameCode(before) && before !== 32 && before !== 46) continue;
    const body = NUGET_BODY.exec(text.slice(at + 3, at + 47))?.[0];
    if (body === undefined || shannonEntropy(body) < 3.5 || !/\d/.test(body) || isLookalikeSecret(body))
      continue;
    report(out, at, at + 46);
  }
}

/**
 * Every offset of `oy2` (it cannot overlap itself): on a long text the shared pass's list (the needle is learnt by
 * `occurs`), so the text is not searched again from every `o`.
 */
function nugetStarts(text: string): readonly number[] {
  if (text.length >= MIN_PASS_LENGTH) return candidateIndex(text).positions("oy2");
  const starts: number[] = [];
  for (let at = text.indexOf("oy2"); at !== -1; at = text.indexOf("oy2", at + 3)) starts.push(at);
  return starts;
}

/** A Vault unseal key passed on the command line (`vault operator unseal <key>`): 44 characters of base64. */
const VAULT_UNSEAL =
  /\bvault[ \t]+operator[ \t]+unseal[ \t]+(?:-[\w-]+[ \t]+)*([A-Za-z0-9+/]{43,44}=?)(?![A-Za-z0-9+/=])/g;

function detectVaultUnseal(text: string, out: TextMatch[]): void {
  if (!occurs(text, "unseal")) return;
  VAULT_UNSEAL.lastIndex = 0;
  for (let m = VAULT_UNSEAL.exec(text); m !== null; m = VAULT_UNSEAL.exec(text)) {
    const key = m[1]!;
    if (shannonEntropy(key) < 4 || isLookalikeSecret(key)) continue;
    const end = m.index + m[0].length;
    report(out, end - key.length, end);
  }
}

/**
 * A key and its value as sibling elements (`<key>db.password</key><value>v</value>`, Hadoop's
 * `<name>x.secret</name><value>v</value>`): the key must classify as a credential key and the value pass the same
 * test a value under that key passes in the walk (isCredentialValue).
 */
const XML_PAIR =
  /<(key|name)>[ \t]*([\w.-]{1,64})[ \t]*<\/\1>\s{0,200}?<value>[ \t]*([^<\s]{1,256})[ \t]*<\/value>/g;

function detectXmlPairs(text: string, out: TextMatch[]): void {
  if (!occurs(text, "<value>")) return;
  XML_PAIR.lastIndex = 0;
  for (let m = XML_PAIR.exec(text); m !== null; m = XML_PAIR.exec(text)) {
    if (crossesString(text, m, XML_PAIR)) continue;
    const kind = classifyKey(m[2]!);
    const value = m[3]!;
    if (kind === null || !isCredentialValue(value, kind, true)) continue;
    const end = m.index + m[0].lastIndexOf("</value>");
    const start = text.lastIndexOf(value, end);
    report(out, start, start + value.length);
  }
}

/**
 * A YAML block list under a credential key (`passwords:` then `  - "v"` lines): each item is a value of that key. The
 * key is classified with a plural `s` taken off (`passwords`, `api_tokens`); items pass the walk's value test.
 */
const LIST_ITEM = /^[ \t]*-[ \t]+(["']?)([^\s"'#]{1,256})\1[ \t]*(?:#.*)?$/;
const YAML_KEY = /["']?([\w.-]{1,64})["']?[ \t]*$/;

function detectYamlLists(text: string, out: TextMatch[]): void {
  if (!occurs(text, ":\n")) return;
  for (let colon = text.indexOf(":\n"); colon !== -1; colon = text.indexOf(":\n", colon + 2)) {
    const lineStart = text.lastIndexOf("\n", colon - 1) + 1;
    const key = YAML_KEY.exec(text.slice(Math.max(lineStart, colon - 70), colon))?.[1];
    if (key === undefined) continue;
    const kind = classifyKey(key) ?? classifyKey(key.replace(/s$/i, ""));
    if (kind === null) continue;
    readListItems(text, colon + 2, kind, out);
  }
}

/** The `- item` lines from `at` on (the block under a key), each reported when it passes the walk's value test. */
function readListItems(text: string, at: number, kind: "password" | "token", out: TextMatch[]): void {
  for (;;) {
    const lineEnd = text.indexOf("\n", at);
    const line = text.slice(at, lineEnd === -1 ? text.length : lineEnd);
    const item = LIST_ITEM.exec(line);
    if (item === null) return;
    if (isCredentialValue(item[2]!, kind, item[1] !== "")) {
      const start = at + line.indexOf(item[2]!, line.indexOf("-") + 1);
      report(out, start, start + item[2]!.length);
    }
    if (lineEnd === -1) return;
    at = lineEnd + 1;
  }
}

/**
 * TextDetector.contextReach: a service key's name and key read back within their line (nameBefore stops at a line
 * break, keyBefore at any white space), its value and the word after it within the line, a character either side of
 * a value; a YAML list's items are the indented `- ` lines right after its key (a separator's line of spaces ends
 * them); the forms whose white space crosses lines (.netrc, XML pairs) stop at their string's end (crossesString).
 */
const CONTEXT_REACH = 1;

export function createServiceCredentialDetector(): TextDetector {
  return {
    id: "secret.service_credential",
    kind: "secret",
    contextReach: CONTEXT_REACH,
    detect(text: string, out: TextMatch[]): void {
      if (text.length < 20) return;
      detectServiceKeys(text, out);
      detectNetrc(text, out);
      detectNugetKeys(text, out);
      detectVaultUnseal(text, out);
      detectXmlPairs(text, out);
      detectYamlLists(text, out);
    },
  };
}
