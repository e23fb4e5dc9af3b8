/**
 * Finds the places in a text where a request target is written: URLs (`scheme://authority`), scheme-relative URLs
 * (`//host`), dangerous schemes without `//` (`file:/etc/passwd`, `jar:http:...`), and bare `host:port` or address
 * tokens. Each token (a run between spaces, quotes and brackets) is folded with NFKC first, code point by code
 * point so offsets map back to the original, with the ideographic full stops as dots: `http：／／１６９。２５４...` is
 * read as the URL it spells. The host itself is judged by the WHATWG URL parser and ipaddr.js (`host-class.ts`).
 *
 * Linear: one pass for tokens, one per token for `://` and `//`, and each candidate's authority is capped at 300
 * characters before it is parsed.
 */

export interface UrlCandidate {
  /** Offsets in the original text: from the scheme (or `//`, or the bare token) to the end of the authority. */
  readonly start: number;
  readonly end: number;
  /** Lower-case scheme, "" for scheme-relative and bare candidates. */
  readonly scheme: string;
  /** The folded authority (`user@host:port`), or the bare `host[:port]`. */
  readonly authority: string;
  /** Bare tokens are judged more strictly (a version number is not an address). */
  readonly bare: boolean;
}

// Tokens: anything but spaces, quotes, angle brackets, parentheses, braces, commas, semicolons and pipes.
const TOKEN = /[^\s"'`<>(){},;|]+/g;
// A token worth folding and reading: it has a colon, dot or slash (or a character NFKC may turn into one).
const MAYBE_TARGET = /[:./\u0080-\uffff]/;
const NON_ASCII = /[^\x00-\x7f]/;
const SCHEME_CHAR = /[a-z0-9+.-]/i;
const AUTHORITY_END = new Set(["/", "?", "#", "\\"]);
const MAX_AUTHORITY = 300;
const MAX_BARE = 300;
// Dangerous schemes also written without `//` (file:/etc/passwd) or wrapping another URL (jar:http://...).
export const DANGEROUS_SCHEMES =
  /^(?:file|gopher|dict|ldap|ldaps|tftp|jar|netdoc|phar|ftp|sftp|smb|telnet)$/i;
const SCHEME_WITHOUT_SLASHES =
  /(?<![a-z0-9+.-])(file|gopher|dict|ldap|ldaps|tftp|jar|netdoc|phar|ftp|sftp|smb|telnet):(?=\/|[a-z][a-z0-9+.-]{0,15}:)/gi;

const foldCache = new Map<string, string>();

/** NFKC of one code point, with the ideographic full stops (which NFKC keeps) as ".". */
function foldCodePoint(ch: string): string {
  let folded = foldCache.get(ch);
  if (folded === undefined) {
    folded = ch.normalize("NFKC").replace(/[\u3002\uff61]/g, ".");
    if (foldCache.size < 4096) foldCache.set(ch, folded);
  }
  return folded;
}

interface Folded {
  readonly text: string;
  /** `map[i]` is the original offset of folded offset `i` (one past the end included). */
  readonly map: readonly number[];
}

function fold(token: string, base: number): Folded {
  if (!NON_ASCII.test(token)) {
    return { text: token, map: Array.from({ length: token.length + 1 }, (_, i) => base + i) };
  }
  let text = "";
  const map: number[] = [];
  let i = 0;
  for (const ch of token) {
    const folded = foldCodePoint(ch);
    for (let k = 0; k < folded.length; k++) map.push(base + i);
    text += folded;
    i += ch.length;
  }
  map.push(base + i);
  return { text, map };
}

export function findUrlCandidates(text: string): UrlCandidate[] {
  const found: UrlCandidate[] = [];
  TOKEN.lastIndex = 0;
  for (let m = TOKEN.exec(text); m !== null; m = TOKEN.exec(text)) {
    if (m[0].length < 3 || !MAYBE_TARGET.test(m[0])) continue;
    const before = found.length;
    const token = fold(m[0], m.index);
    urlsIn(token, found);
    if (found.length === before) bareIn(token, found);
  }
  return found;
}

function urlsIn({ text, map }: Folded, out: UrlCandidate[]): void {
  const covered: [number, number][] = [];
  for (let sep = text.indexOf("//"); sep !== -1; sep = text.indexOf("//", sep + 2)) {
    let start = sep;
    if (sep > 0 && text[sep - 1] === ":") {
      let schemeStart = sep - 1;
      while (schemeStart > 0 && sep - 1 - schemeStart < 16 && SCHEME_CHAR.test(text[schemeStart - 1]!))
        schemeStart--;
      if (schemeStart === sep - 1) continue;
      start = schemeStart;
    } else if (!(sep === 0 || text[sep - 1] === "=") || text[sep + 2] === "/") {
      continue; // `//` inside a path or a comment marker, not a scheme-relative URL
    }
    const scheme = start === sep ? "" : text.slice(start, sep - 1).toLowerCase();
    let end = sep + 2;
    while (end < text.length && end - sep - 2 < MAX_AUTHORITY && !AUTHORITY_END.has(text[end]!)) end++;
    out.push({
      start: map[start]!,
      end: map[end]!,
      scheme,
      authority: text.slice(sep + 2, end),
      bare: false,
    });
    covered.push([start, end]);
    sep = end - 2;
  }
  SCHEME_WITHOUT_SLASHES.lastIndex = 0;
  for (let s = SCHEME_WITHOUT_SLASHES.exec(text); s !== null; s = SCHEME_WITHOUT_SLASHES.exec(text)) {
    const at = s.index;
    if (covered.some(([a, b]) => a <= at && at < b)) continue;
    const end = at + s[0].length;
    out.push({ start: map[at]!, end: map[end]!, scheme: s[1]!.toLowerCase(), authority: "", bare: false });
  }
}

function bareIn({ text, map }: Folded, out: UrlCandidate[]): void {
  // The target after `key=` or `user@`; up to the first slash; without sentence punctuation at the end.
  let start = Math.max(text.lastIndexOf("=") + 1, 0);
  const at = text.indexOf("@", start);
  if (at !== -1) start = at + 1;
  let end = text.indexOf("/", start);
  if (end === -1) end = text.length;
  while (end > start && ".:!?".includes(text[end - 1]!)) end--;
  if (end - start < 3 || end - start > MAX_BARE) return;
  out.push({ start: map[start]!, end: map[end]!, scheme: "", authority: text.slice(start, end), bare: true });
}
