import { HAS_DASH } from "../../scan/string-features.js";
import type { TextDetector, TextMatch } from "../../types.js";

/**
 * PEM private keys: `-----BEGIN [RSA |EC |DSA |OPENSSH |ENCRYPTED |PGP ]PRIVATE KEY[ BLOCK]-----` through the
 * matching END line. The whole block is reported, armour lines included, so a redaction leaves no key material and
 * no half-block behind. A block cut off before its END line (truncated tool output) is reported up to the end of its
 * base64 body, because even part of a key is sensitive.
 */

const BEGIN = /-----BEGIN ([A-Z0-9 ]{0,40})PRIVATE KEY( BLOCK)?-----/y;
/** Base64 body characters plus the line breaks and header lines ("Proc-Type: ...") a PEM body may contain. */
const BODY = /[A-Za-z0-9+/=\s:,\\-]*/y;
const MAX_BLOCK = 64 * 1024;

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
      let at = text.indexOf("-----BEGIN ");
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
          out.push({ kind: "secret", type: "private_key", start: at, end, ruleId: "secret.private_key" });
          resume = end;
        }
        at = text.indexOf("-----BEGIN ", resume);
      }
    },
  };
}
