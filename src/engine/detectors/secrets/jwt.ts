import { Buffer } from "node:buffer";
import { candidateIndex, MIN_PASS_LENGTH, passLiterals } from "../../scan/candidates.js";
import { HAS_UPPER } from "../../scan/string-features.js";
import type { TextDetector, TextMatch } from "../../types.js";
import { codeAt } from "../shared/char-codes.js";
import { CANDIDATE_SCANS } from "./candidate-scan.js";
import { isPublishedExample } from "./documentation-example.js";

/**
 * JSON Web Tokens (JWS compact form): `header.payload.signature`, each base64url. Every JWT header is a JSON object
 * and so starts with `eyJ` (`{"`), which is the prefilter. A candidate is reported only when its header decodes to
 * a JSON object with an `alg` field, so arbitrary `eyJ...` base64 does not count. Unsigned tokens (`alg: none`,
 * empty signature, or no signature segment at all) are reported too: their payload still carries the claims. The jwt.io sample token, which
 * tutorials and docs copy, is a documentation example and is left alone (known by its signature).
 */

const SEGMENT = /[A-Za-z0-9_-]*/y;
const MAX_HEADER = 2048;
const MAX_PAYLOAD = 16384;

function isBase64UrlCode(code: number): boolean {
  return (
    (code >= 48 && code <= 57) ||
    (code >= 65 && code <= 90) ||
    (code >= 97 && code <= 122) ||
    code === 45 ||
    code === 95
  );
}

function readSegment(text: string, from: number): number {
  const segment = SEGMENT; // sticky and shared: lastIndex is set before every use
  segment.lastIndex = from;
  segment.exec(text);
  return segment.lastIndex;
}

function hasJwtHeader(encoded: string): boolean {
  if (encoded.length > MAX_HEADER) return false;
  try {
    const header: unknown = JSON.parse(Buffer.from(encoded, "base64url").toString("utf8"));
    return (
      typeof header === "object" && header !== null && typeof (header as { alg?: unknown }).alg === "string"
    );
  } catch {
    return false;
  }
}

/** A base64url segment that decodes to a JSON object (a JWT's claims). */
function isJsonObjectSegment(encoded: string): boolean {
  if (encoded.length > MAX_PAYLOAD || !encoded.startsWith("eyJ")) return false;
  try {
    const value: unknown = JSON.parse(Buffer.from(encoded, "base64url").toString("utf8"));
    return typeof value === "object" && value !== null && !Array.isArray(value);
  } catch {
    return false;
  }
}

/**
 * Two segments and no third (RFC 7519's unsecured JWT with its empty signature dropped, as logs and fixtures write
 * it): reported when the header has `alg` and the payload decodes to a JSON object, so that `eyJ...` base64 followed
 * by a sentence's period and a word is not one. The claims are what a bearer of the token presents.
 */
function isUnsignedJwt(text: string, start: number, headerEnd: number, payloadEnd: number): boolean {
  if (isBase64UrlCode(codeAt(text, payloadEnd))) return false;
  return (
    hasJwtHeader(text.slice(start, headerEnd)) && isJsonObjectSegment(text.slice(headerEnd + 1, payloadEnd))
  );
}

/**
 * `text.indexOf("eyJ", from)`, searched for by its `yJ`: V8's search stops at every occurrence of a needle's first
 * character, and `e` is the commonest letter of prose.
 */
function indexOfHeader(text: string, from: number): number {
  for (let at = text.indexOf("yJ", from + 1); at !== -1; at = text.indexOf("yJ", at + 1))
    if (text.charCodeAt(at - 1) === 101) return at - 1;
  return -1;
}

/** `eyJ` among the shared literal pass's literals (folded; confirmed exact-case): its starts on a long text. */
const PASS = passLiterals(["eyJ"]);

/**
 * indexOfHeader over `text`: from the shared pass's list on a long text (each `eyJ` start, ascending), else the
 * search above. Calls come with ascending `from`.
 */
function headerFinder(text: string): (from: number) => number {
  const hits = text.length < MIN_PASS_LENGTH ? undefined : candidateIndex(text).passHits(PASS)?.[0];
  if (hits === undefined) return (from) => indexOfHeader(text, from);
  let k = 0;
  return (from) => {
    while (k < hits.length && (hits[k]! < from || !text.startsWith("eyJ", hits[k]!))) k++;
    return k < hits.length ? hits[k]! : -1;
  };
}

/**
 * A signature segment of 1-15 letters and nothing else (`.signature`, `.sig`, `.SIGNATURE`): a hand-written stand-in
 * for one. Every signing algorithm's output is 43 base64url characters or more (HS256), and random base64url of any
 * length holds a digit, `-` or `_` soon; an empty segment stays an unsigned token (reported).
 */
function isStandInSignature(text: string, start: number, end: number): boolean {
  if (end - start === 0 || end - start > 15) return false;
  for (let i = start; i < end; i++) {
    const c = text.charCodeAt(i) | 32;
    if (c < 97 || c > 122) return false;
  }
  return true;
}

/** TextDetector.contextReach: a match's segments stop at any other character; it reads the one character either side. */
const CONTEXT_REACH = 1;

export function createJwtDetector(): TextDetector {
  return {
    id: "secret.jwt",
    contextReach: CONTEXT_REACH,
    kind: "secret",
    // Every candidate starts with "eyJ" (indexOf, case-sensitive).
    requires: HAS_UPPER,
    detect(text: string, out: TextMatch[]): void {
      const nextHeader = headerFinder(text);
      let start = nextHeader(0);
      while (start !== -1) {
        const headerEnd = readSegment(text, start);
        let next = headerEnd;
        if (!isBase64UrlCode(codeAt(text, start - 1)) && codeAt(text, headerEnd) === 46) {
          const payloadEnd = readSegment(text, headerEnd + 1);
          next = payloadEnd;
          if (payloadEnd - headerEnd > 4 && codeAt(text, payloadEnd) !== 46) {
            // `header.payload` with no signature segment at all: an unsecured JWT as tools print it.
            if (isUnsignedJwt(text, start, headerEnd, payloadEnd))
              out.push({ kind: "secret", type: "jwt", start, end: payloadEnd, ruleId: "secret.jwt" });
          } else if (payloadEnd - headerEnd > 4) {
            const end = readSegment(text, payloadEnd + 1);
            next = end;
            if (
              codeAt(text, end) !== 46 &&
              hasJwtHeader(text.slice(start, headerEnd)) &&
              !isPublishedExample(text.slice(payloadEnd + 1, end)) &&
              !isStandInSignature(text, payloadEnd + 1, end)
            ) {
              out.push({ kind: "secret", type: "jwt", start, end, ruleId: "secret.jwt" });
            }
          }
        }
        start = nextHeader(Math.max(next, start + 1));
      }
    },
  };
}

CANDIDATE_SCANS.push({ name: "JWT headers", global: /eyJ/g, starts: headerStarts });

/** Every header start indexOfHeader finds (for the property test). */
function headerStarts(text: string): number[] {
  const starts: number[] = [];
  for (let at = indexOfHeader(text, 0); at !== -1; at = indexOfHeader(text, at + 1)) starts.push(at);
  return starts;
}
