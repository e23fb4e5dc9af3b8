import { candidateIndex } from "../../scan/candidates.js";
import { HAS_DASH } from "../../scan/string-features.js";
import type { TextDetector, TextMatch } from "../../types.js";

/**
 * PEM private keys: `-----BEGIN [RSA |EC |DSA |OPENSSH |PGP ]PRIVATE KEY[ BLOCK]-----` through the matching END
 * line; PuTTY key files (`PuTTY-User-Key-File-3:` through `Private-MAC:`). The whole block is reported, armour lines included, so a redaction leaves no key material and no half-block
 * behind. A block cut off before its END line (truncated tool output) is reported up to the end of its base64 body,
 * because even part of a key is sensitive.
 *
 * Not reported (issue 16's look-alikes): a key encrypted under a passphrase (`ENCRYPTED PRIVATE KEY`, or a
 * `Proc-Type: 4,ENCRYPTED` header), which is useless without the passphrase and is how keys are meant to be stored;
 * and a block whose body is a placeholder (`xxx`, `...`, `<your key here>`): fewer base64 characters than the
 * smallest real key (an Ed25519 PKCS#8 key has 64).
 */

const BEGIN = /-----BEGIN ([A-Z0-9 ]{0,40})PRIVATE KEY( BLOCK)?-----/y;
/** Base64 body characters plus the line breaks and header lines ("Proc-Type: ...") a PEM body may contain. */
const BODY = /[A-Za-z0-9+/=\s:,\\-]*/y;
const MAX_BLOCK = 64 * 1024;
const MIN_KEY_CHARACTERS = 64;

/**
 * An OpenSSH key under a passphrase: its body (base64 of `openssh-key-v1\0`, then the cipher's name as a length and
 * the name) names a cipher other than `none`. The first 64 base64 characters hold the magic and the cipher's name.
 */
function isEncryptedOpenSsh(label: string, body: string): boolean {
  if (label !== "OPENSSH ") return false;
  const head = body.replace(/\\[rn]|\s/g, "").slice(0, 64);
  const bytes = Buffer.from(head, "base64");
  if (bytes.subarray(0, 15).toString("latin1") !== "openssh-key-v1\0" || bytes.length < 19) return false;
  const length = bytes.readUInt32BE(15);
  return length > 0 && length < 40 && bytes.subarray(19, 19 + length).toString("latin1") !== "none";
}

/** An encrypted key, or a placeholder body: a block that holds no usable key material. */
function holdsNoKey(label: string, body: string): boolean {
  if (label.includes("ENCRYPTED") || body.includes("Proc-Type: 4,ENCRYPTED")) return true;
  if (isEncryptedOpenSsh(label, body)) return true;
  let keyCharacters = 0;
  for (const line of body.split(/\\n|\n/)) {
    if (line.includes(":")) continue; // a header line (`DEK-Info: ...`, `Comment: ...`)
    for (let i = 0; i < line.length; i++) {
      const c = line.charCodeAt(i);
      if ((c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 43 || c === 47)
        keyCharacters++;
    }
  }
  // Placeholders: too few key characters, or characters no key body has (`<your key>`, `...`).
  return keyCharacters < MIN_KEY_CHARACTERS || /[<>]|\.\.\./.test(body);
}

// A PuTTY key file (`.ppk`, versions 2 and 3): a header line, `Encryption:`, the public and private lines, the MAC.
const PUTTY_FILE = "PuTTY-User-Key-File-";
const PUTTY_BLOCK =
  /PuTTY-User-Key-File-[23]: [^\n]{1,64}\r?\nEncryption: ([\w-]{1,32})\r?\n(?:[^\n]{0,256}\r?\n){0,8}?Private-Lines: \d{1,3}\r?\n((?:[A-Za-z0-9+/=]{1,128}(?:\r?\n|$)){1,64})(?:Private-(?:MAC|Hash): [0-9a-fA-F]{1,128})?/y;

/**
 * PuTTY private key files, whole (the private lines and the header that says how to read them). Not reported: a
 * file encrypted under a passphrase (`Encryption: aes256-cbc`), and a private part shorter than any key (a
 * placeholder).
 */
function detectPuttyKeys(text: string, out: TextMatch[]): void {
  for (const at of candidateIndex(text).positions(PUTTY_FILE)) {
    const block = PUTTY_BLOCK;
    block.lastIndex = at;
    const m = block.exec(text);
    if (m === null || m[1] !== "none" || m[2]!.replace(/\s/g, "").length < MIN_KEY_CHARACTERS) continue;
    let end = at + m[0].length;
    while (end > at && /\s/.test(text[end - 1]!)) end--;
    out.push({ kind: "secret", type: "private_key", start: at, end, ruleId: "secret.private_key" });
  }
}

export function createPrivateKeyDetector(): TextDetector {
  return {
    id: "secret.private_key",
    kind: "secret",
    // Every report starts at "-----BEGIN " (indexOf).
    requires: HAS_DASH,
    detect(text: string, out: TextMatch[]): void {
      const begin = BEGIN; // sticky: lastIndex is set before every use
      const body = BODY;
      // Last answer of indexOf per footer: reused while it still lies ahead, so many unterminated BEGIN lines do not
      // rescan the rest of the text once each.
      const footerSearch = new Map<string, number>();
      // Every header from the shared index (searched from its dashes: a plain search for the long needle shifts by
      // its last character, a space), visited as the indexOf loop did: the first at or after `resume` each time.
      const headers = candidateIndex(text).positions("-----BEGIN ");
      let next = 0;
      let at = headers.length > 0 ? headers[0]! : -1;
      while (at !== -1) {
        begin.lastIndex = at;
        const header = begin.exec(text);
        let resume = at + 11;
        if (header !== null) {
          const footer = `-----END ${header[1] ?? ""}PRIVATE KEY${header[2] ?? ""}-----`;
          let footerAt = footerSearch.get(footer);
          if (footerAt === undefined || (footerAt !== -1 && footerAt < begin.lastIndex)) {
            footerAt = text.indexOf(footer, begin.lastIndex);
            footerSearch.set(footer, footerAt);
          }
          let end: number;
          if (footerAt !== -1 && footerAt - at <= MAX_BLOCK) {
            end = footerAt + footer.length;
          } else {
            body.lastIndex = begin.lastIndex;
            body.exec(text);
            end = Math.min(body.lastIndex, at + MAX_BLOCK);
            while (end > begin.lastIndex && /\s/.test(text[end - 1] ?? "")) end--;
          }
          resume = end;
          if (!holdsNoKey(header[1] ?? "", text.slice(begin.lastIndex, footerAt === -1 ? end : footerAt)))
            out.push({ kind: "secret", type: "private_key", start: at, end, ruleId: "secret.private_key" });
        }
        while (next < headers.length && headers[next]! < resume) next++;
        at = next < headers.length ? headers[next]! : -1;
      }
      detectPuttyKeys(text, out);
    },
  };
}
