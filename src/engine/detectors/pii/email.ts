import { candidateIndex, MIN_PASS_LENGTH, mergeUnique, passLiterals } from "../../scan/candidates.js";
import { HAS_AT, HAS_SPACE } from "../../scan/string-features.js";
import type { MatchSink, TextDetector } from "../../types.js";
import { scanAll, scanAtStarts } from "../secrets/candidate-scan.js";
import { codeAt, isAlnumCode, isAsciiLetterCode } from "../shared/char-codes.js";

/**
 * E-mail addresses, a practical subset of RFC 5322 `addr-spec`: a dot-atom local part (no quoted strings, no
 * comments) and a domain of at least two DNS labels ending in an alphabetic TLD (or an IDNA `xn--` TLD).
 *
 * Hand-written rather than one regex: the scan only starts at `@` (found with indexOf) and walks outwards, so the
 * cost is linear even on `a@a@a@...`, and it is easy to trim sentence punctuation off the ends.
 */

const MAX_LOCAL = 64;
const MAX_DOMAIN = 253;

/** RFC 5322 `atext` plus `.`: letters, digits and ! # $ % & ' * + - / = ? ^ _ ` { | } ~ */
function isLocalCode(code: number): boolean {
  if (isAlnumCode(code)) return true;
  switch (code) {
    case 33: // !
    case 35: // #
    case 36: // $
    case 37: // %
    case 38: // &
    case 39: // '
    case 42: // *
    case 43: // +
    case 45: // -
    case 46: // .
    case 47: // /
    case 61: // =
    case 63: // ?
    case 94: // ^
    case 95: // _
    case 96: // `
    case 123: // {
    case 124: // |
    case 125: // }
    case 126: // ~
      return true;
    default:
      return false;
  }
}

function isDomainCode(code: number): boolean {
  return isAlnumCode(code) || code === 45 || code === 46;
}

/** Where the last `..` inside `text[start, end)` starts, or -1 (read in place: no substring per address). */
function lastDoubleDot(text: string, start: number, end: number): number {
  for (let i = end - 2; i >= start; i--)
    if (text.charCodeAt(i) === 46 && text.charCodeAt(i + 1) === 46) return i;
  return -1;
}

/** Start of the local part ending just before `at`, or -1 when there is none. */
function findLocalStart(text: string, at: number): number {
  let start = at;
  const floor = Math.max(0, at - MAX_LOCAL - 1);
  while (start > floor && isLocalCode(text.charCodeAt(start - 1))) start--;
  if (start > 0 && isLocalCode(text.charCodeAt(start - 1))) return -1; // longer than RFC 5321 allows
  // Leading quote/punctuation belongs to the surrounding prose ('mail "bob@x.io"', "(bob@x.io)"): drop it.
  while (start < at && !isAlnumCode(text.charCodeAt(start)) && text.charCodeAt(start) !== 95) start++;
  if (start === at) return -1;
  // A `..` is not allowed in a dot-atom; keep only what follows the last one.
  const doubleDot = lastDoubleDot(text, start, at);
  if (doubleDot !== -1) start = doubleDot + 2;
  if (start >= at || text.charCodeAt(at - 1) === 46) return -1;
  return start;
}

/**
 * File extensions that are no delegated TLD: `logo@2x.png`, `report@final.pdf` are file names. Extensions that are
 * also country or brand TLDs (`.ai`, `.md`, `.py`, `.sh`, `.rs`, `.so`, `.zip`, `.mov`) are left out: addresses
 * end in them.
 */
const FILE_EXTENSIONS = new Set(
  (
    "png jpg jpeg gif webp svg ico bmp tif tiff avif heic psd eps pdf txt json js mjs cjs ts tsx jsx css scss less " +
    "html htm xml yml yaml csv tsv log ini cfg conf toml lock tgz rar jar war exe dll dylib wasm bin dat db sqlite " +
    "map wav ogg flac webm mkv avi ttf otf woff eot rb java kt cpp hpp php bat doc docx xls xlsx ppt pptx odt"
  ).split(" "),
);
// A retina asset's scale suffix: `icon@2x.png`, `icon@1.5x.jpg`.
const SCALE_SUFFIX = /^\d+(?:\.\d+)?x\./;

/** The longest of FILE_EXTENSIONS: a longer last label is none of them (and is not cut out to ask). */
const LONGEST_EXTENSION = Math.max(...[...FILE_EXTENSIONS].map((e) => e.length));

/** True when the "domain" after `@` (its last label at `tldStart`) is a file name's tail (`2x.png`, `final.pdf`). */
function isFileNameTail(text: string, from: number, end: number, tldStart: number): boolean {
  if (end - tldStart <= LONGEST_EXTENSION && FILE_EXTENSIONS.has(text.slice(tldStart, end).toLowerCase()))
    return true;
  return SCALE_SUFFIX.test(text.slice(from, Math.min(end, from + 12)));
}

/**
 * Where the last label of the domain `text[from, end)` starts, when it has two labels or more and each is 1-63
 * characters and neither starts nor ends with `-`; -1 otherwise. Read in place (no labels array per address).
 */
function lastLabelStart(text: string, from: number, end: number): number {
  let labelStart = from;
  let labels = 1;
  for (let i = from; i <= end; i++) {
    if (i < end && text.charCodeAt(i) !== 46) continue;
    const length = i - labelStart;
    if (length === 0 || length > 63) return -1;
    if (text.charCodeAt(labelStart) === 45 || text.charCodeAt(i - 1) === 45) return -1;
    if (i === end) break;
    labels++;
    labelStart = i + 1;
  }
  return labels < 2 ? -1 : labelStart;
}

/** Whether `text[start, end)` starts with `xn--` (an IDNA label). */
function startsWithPunycode(text: string, start: number, end: number): boolean {
  return text.startsWith("xn--", start) && end - start >= 4;
}

/** End (exclusive) of a valid domain starting at `from`, or -1. */
function findDomainEnd(text: string, from: number): number {
  let end = from;
  const ceiling = Math.min(text.length, from + MAX_DOMAIN + 1);
  while (end < ceiling && isDomainCode(text.charCodeAt(end))) end++;
  // Sentence punctuation: "write to bob@x.io." keeps "x.io".
  while (end > from && (text.charCodeAt(end - 1) === 46 || text.charCodeAt(end - 1) === 45)) end--;
  if (end - from > MAX_DOMAIN) return -1;
  const tldStart = lastLabelStart(text, from, end);
  if (tldStart === -1) return -1;
  if (startsWithPunycode(text, tldStart, end)) return end;
  if (end - tldStart < 2) return -1;
  for (let i = tldStart; i < end; i++) if (!isAsciiLetterCode(text.charCodeAt(i))) return -1;
  return isFileNameTail(text, from, end, tldStart) ? -1 : end;
}

/** `scheme://user:pass@host`: the part before `@` is URL userinfo, reported by the url_credentials detector. */
function isUrlUserinfo(text: string, localStart: number, at: number): boolean {
  // Userinfo holds no `/` (RFC 3986): an `@` after a path segment (`demo://files/jane@x.io`) is an address in the
  // path, not userinfo. The local part is at most 65 characters, so this loop is bounded.
  for (let i = localStart; i < at; i++) if (text.charCodeAt(i) === 47) return false;
  const floor = Math.max(0, localStart - 256);
  for (let i = localStart - 1; i >= floor; i--) {
    const code = text.charCodeAt(i);
    if (code === 47) return codeAt(text, i - 1) === 47 && codeAt(text, i - 2) === 58; // "://"
    if (code <= 32 || code === 64) return false;
  }
  return false;
}

/**
 * A local part that is one visible character and a run of `*` (`j***`) is the engine's own mask of an address, not
 * an address: reporting it would make a second check of masked text find (and mask) it again.
 */
function isMaskedLocalPart(text: string, start: number, at: number): boolean {
  if (at - start < 2) return false;
  for (let i = start + 1; i < at; i++) if (text.charCodeAt(i) !== 42) return false;
  return true;
}

// Addresses spelled out to dodge scanners: `jane dot roe at example dot com`, `jane (at) example (dot) com`.
// Anchored on a spaced "at" word (found by one regex search); the domain must spell at least one "dot" and end in a
// letter TLD. Every part is bounded (labels of at most 63 characters, at most four of them, `$`-anchored reading
// over an 80-character window), so each "at" costs a bounded amount of work whatever the text.
const SPELLED_AT = / (?:at|\(at\)|\[at\]) /gi;
const SPELLED_DOMAIN =
  /(?:[a-z0-9-]{1,63}(?:(?: dot |\.| ?\(dot\) ?| ?\[dot\] ?)[a-z0-9-]{1,63}){0,3}(?: dot | ?\(dot\) ?| ?\[dot\] ?)[a-z]{2,24}|[a-z0-9-]{1,63}(?: dot | ?\(dot\) ?| ?\[dot\] ?)[a-z0-9-]{1,63}(?:(?: dot |\.| ?\(dot\) ?| ?\[dot\] ?)[a-z0-9-]{1,63}){0,2}\.[a-z]{2,24})(?![a-z0-9-])/iy;
const SPELLED_LOCAL =
  /(?<![a-z0-9_%+.-])[a-z0-9_%+-]{1,64}(?:(?: dot |\.| ?\(dot\) ?| ?\[dot\] ?)[a-z0-9_%+-]{1,64}){0,3}$/i;
// "at" words that are prose, not an address: "meet me at ...", "look at ...".
const SPELLED_STOP_LOCAL =
  /^(?:me|us|you|him|her|them|it|look|looking|arrived|arrive|meet|is|are|was|were|be|and|or|the|a|an|stay|staying|here|there|back|home|work)$/i;

// "... at the dot com bubble": a domain does not start with an article or a possessive.
const SPELLED_STOP_DOMAIN = /^(?:the|a|an|this|that|my|your|our|his|her|their)\b/i;

// Every spelled domain spells at least one "dot" (both alternatives of SPELLED_DOMAIN require one): a text without
// the word skips the walk over its " at " words, which in prose are common.
const SPELLED_DOT = /dot/i;
const SPELLED_AT_AT = new RegExp(SPELLED_AT.source, "iy");
/**
 * From the shared literal pass (ASCII case folded, as the non-`u` `i` flag folds): the "dot" every spelled domain
 * holds, and the spaced "at" words SPELLED_AT matches (every match is one of the three).
 */
const PASS = passLiterals(["dot", " at ", " (at) ", " [at] "]);

function pushSpelledAddresses(text: string, out: MatchSink): void {
  const hits = text.length < MIN_PASS_LENGTH ? undefined : candidateIndex(text).passHits(PASS);
  if (hits === undefined) {
    if (!SPELLED_DOT.test(text)) return;
    scanAll(text, SPELLED_AT, (m) => spelledAddressAt(text, m, out));
    return;
  }
  if (hits[0]!.length === 0) return;
  const starts = mergeUnique(mergeUnique(hits[1]!, hits[2]!), hits[3]!);
  scanAtStarts(text, SPELLED_AT_AT, starts, (m) => spelledAddressAt(text, m, out));
}

/** The address around the spaced "at" `m`, if any, pushed to `out`; where the search for the next "at" resumes. */
function spelledAddressAt(text: string, m: RegExpExecArray, out: MatchSink): number {
  const domainStart = m.index + m[0].length;
  SPELLED_DOMAIN.lastIndex = domainStart;
  const domain = SPELLED_DOMAIN.exec(text);
  if (domain === null || SPELLED_STOP_DOMAIN.test(domain[0])) return domainStart;
  const local = SPELLED_LOCAL.exec(text.slice(Math.max(0, m.index - 80), m.index));
  if (local === null || SPELLED_STOP_LOCAL.test(local[0])) return domainStart;
  out.push({
    kind: "pii",
    type: "email",
    start: m.index - local[0].length,
    end: domainStart + domain[0].length,
    ruleId: "pii.email",
  });
  return domainStart + domain[0].length;
}

/**
 * TextDetector.contextReach: the local part's walk back, the userinfo look-back (to a `://`) and a spelled address's
 * local part stop at whitespace (a line break); each form reads the one character either side of its span.
 */
const CONTEXT_REACH = 1;

export function createEmailDetector(): TextDetector {
  return {
    id: "pii.email",
    contextReach: CONTEXT_REACH,
    kind: "pii",
    // Scans start at an `@` found with indexOf, or at a spaced "at" word (spelled addresses).
    requires: HAS_AT | HAS_SPACE,
    streams: true,
    detect(text: string, out: MatchSink): void {
      let at = text.indexOf("@");
      while (at !== -1) {
        const localStart = findLocalStart(text, at);
        const domainEnd = localStart === -1 ? -1 : findDomainEnd(text, at + 1);
        if (
          domainEnd !== -1 &&
          !isUrlUserinfo(text, localStart, at) &&
          !isMaskedLocalPart(text, localStart, at)
        ) {
          out.push({ kind: "pii", type: "email", start: localStart, end: domainEnd, ruleId: "pii.email" });
        }
        at = text.indexOf("@", at + 1);
      }
      if (text.length >= 12) pushSpelledAddresses(text, out);
    },
  };
}
