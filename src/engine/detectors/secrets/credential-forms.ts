import type { TextMatch } from "../../types.js";
import { codeAt } from "../shared/char-codes.js";
import { shannonEntropy } from "../shared/shannon-entropy.js";
import { characterClasses, classifyKey, isCredentialValue, readValue } from "./generic-credential.js";
import { isLookalikeSecret } from "./lookalike.js";

/**
 * Credentials written without an assignment operator, in the forms code and shell history use (issue 16):
 * `#define PASSWORD "x"`, a password word then the value (`Password x`, netrc's `login u password x`), a password word
 * and a bracket (`PASSWORD(x)`), `curl -u user:password`, and `mysql -pPASSWORD`. Each form is found from a literal
 * V8 can skip to, and the value must read as a password: without an operator, prose is close (`Password reset
 * sent`), so an unquoted value needs eight characters of three classes.
 */

const DEFINE = /#define[ \t]+([A-Za-z_]\w{0,63})[ \t]+/g;
// The password word on its own (not inside an identifier or a `--flag`), then spaces or a bracket.
const BARE_PASSWORD =
  /(?<![\w-])(?:[Pp]assword|PASSWORD|[Pp]asswd|PASSWD|[Pp]wd|PWD|[Pp]assphrase|PASSPHRASE)(?:[ \t]+|\()/g;
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
    shannonEntropy(value) >= 2.5 &&
    !isLookalikeSecret(value) &&
    !/^[A-Za-z_$][\w$]*(?:\.[\w$]+)+$|[([{]/.test(value)
  );
}

function detectDefines(text: string, out: TextMatch[]): void {
  const define = DEFINE;
  define.lastIndex = 0;
  for (let m = define.exec(text); m !== null; m = define.exec(text)) {
    const kind = classifyKey(m[1]!);
    if (kind === null) continue;
    const value = readValue(text, m.index + m[0].length);
    if (value === null) continue;
    const [start, end, quoted] = value;
    if (isCredentialValue(text.slice(start, end), kind, quoted)) report(out, start, end);
  }
}

function detectBarePasswords(text: string, out: TextMatch[]): void {
  const bare = BARE_PASSWORD;
  bare.lastIndex = 0;
  for (let m = bare.exec(text); m !== null; m = bare.exec(text)) {
    const from = m.index + m[0].length;
    const bracket = m[0].endsWith("(");
    const value = readValue(text, from);
    if (value === null) continue;
    let [start, end, quoted] = value;
    if (bracket && !quoted && text.charCodeAt(end) !== 41) {
      // `PASSWORD(x)`: the value ends at the closing bracket.
      const close = text.indexOf(")", from);
      if (close === -1 || close - from > 128) continue;
      [start, end] = [from, close];
    }
    const raw = text.slice(start, end);
    // After a bracket, always the strict reading: three classes, so every match holds an upper-case letter or a digit.
    if (/\s/.test(raw) || !readsAsPassword(raw, quoted && !bracket)) continue;
    report(out, start, end);
    bare.lastIndex = Math.max(bare.lastIndex, end);
  }
}

function detectCurlUsers(text: string, out: TextMatch[]): void {
  const curl = CURL_USER;
  curl.lastIndex = 0;
  for (let m = curl.exec(text); m !== null; m = curl.exec(text)) {
    const password = m[3]!;
    const end = m.index + m[0].length - m[1]!.length;
    if (password.length < 4 || /^[$%{<]/.test(password) || isLookalikeSecret(password)) continue;
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

/** Every form above; appended to `out`. */
export function detectOperatorlessCredentials(text: string, out: TextMatch[]): void {
  if (text.includes("#define")) detectDefines(text, out);
  detectBarePasswords(text, out);
  if (text.includes("-u")) detectCurlUsers(text, out);
  if (text.includes(" -p")) detectMysqlPasswords(text, out);
}
