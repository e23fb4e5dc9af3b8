import { isIP } from "node:net";
import { candidateIndex, MIN_PASS_LENGTH } from "../../scan/candidates.js";
import { HAS_COLON, HAS_DIGIT } from "../../scan/string-features.js";
import type { TextDetector, TextMatch } from "../../types.js";
import { codeAt, isDigitCode, isHexCode, isWordCode } from "../shared/char-codes.js";
import { digitRunSidesOf, digitRunsOf } from "../shared/digit-runs.js";

/**
 * IPv4 and IPv6 addresses. Candidates are found cheaply and then confirmed by `node:net` `isIP`, which knows every
 * legal IPv6 spelling (compressed `::`, embedded IPv4) and rejects octets above 255 or with leading zeros.
 *
 * IPv4 must not be part of a longer dotted number (`1.2.3.4.5`, `v1.2.3.4`). IPv6 must contain `::` or all eight
 * groups and at least four hex digits, which keeps C++/Rust paths (`a::b`) and clock times (`12:30:45`) out.
 */

const IPV4 = /\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3}/g;
const MAX_IPV6 = 45; // "ffff:ffff:ffff:ffff:ffff:ffff:255.255.255.255".length

function isStandaloneIpv4(text: string, start: number, end: number): boolean {
  const before = codeAt(text, start - 1);
  if (isWordCode(before)) return false;
  if (before === 46 && isWordCode(codeAt(text, start - 2))) return false;
  const after = codeAt(text, end);
  if (isWordCode(after)) return false;
  if (after === 46 && isDigitCode(codeAt(text, end + 1))) return false;
  if (after === 45 && isWordCode(codeAt(text, end + 1))) return false; // "1.2.3.4-beta" is a version
  return true;
}

function detectIpv4(text: string, out: TextMatch[]): void {
  const runs = digitRunsOf(text);
  const sides = digitRunSidesOf(text);
  if (runs !== undefined && sides !== undefined) {
    detectIpv4AtRuns(text, runs, sides, out);
    return;
  }
  const re = IPV4; // shared, reset: a RegExp per call was costlier than the scan on short strings
  re.lastIndex = 0;
  for (let m = re.exec(text); m !== null; m = re.exec(text)) {
    // Retry one character later so "1234.5.6.7.8" can still yield nothing but "5.6.7.8" is not skipped by a
    // greedy first octet; the boundary check rejects the embedded cases.
    if (!ipv4At(text, m.index, m.index + m[0].length, out)) re.lastIndex = m.index + 1;
  }
}

/**
 * The match of IPV4 at `text[start, end)`, pushed when it stands alone and is an address: whether it was. Cut out of
 * the text only when it stands alone (`isIP` reads a string). A loopback (`127.x.x.x`) or the unspecified address
 * (`0.0.0.0`) is an address but nobody's: every machine's own, what a server's log, `ss` or `docker ps` prints for a
 * port it listens on. It is consumed and not reported.
 */
function ipv4At(text: string, start: number, end: number, out: TextMatch[]): boolean {
  if (!isStandaloneIpv4(text, start, end)) return false;
  const address = text.slice(start, end);
  if (isIP(address) !== 4) return false;
  if (!isLoopbackOrUnspecified(address))
    out.push({ kind: "pii", type: "ip_address", start, end, ruleId: "pii.ip_address" });
  return true;
}

/** `127.0.0.0/8` or `0.0.0.0`, of an address `isIP` accepted (no leading zeros: "127." is the first octet 127). */
function isLoopbackOrUnspecified(address: string): boolean {
  return address.startsWith("127.") || address === "0.0.0.0";
}

/**
 * `detectIpv4` from the text's digit runs: a match's first octet `\d{1,3}` must be followed by a dot, which only a
 * run's end can be, so a match starts in the last three digits of a run that a dot ends. Each such place is tried in
 * order, from where the global scan would go on (after an address found, one character after a rejected match).
 */
function detectIpv4AtRuns(text: string, runs: Int32Array, sides: Uint8Array, out: TextMatch[]): void {
  let from = 0;
  for (let r = 0; r < runs.length; r += 2) {
    const end = runs[r + 1]!;
    // A match needs `\d` right after that dot: the next run starts there. The dot is `text[end]`, run r's side
    // (digitRunSidesOf: read in order, not from the text a cache line apart per run).
    if (end < from || sides[2 * r + 2] !== 46 || runs[r + 2] !== end + 1) continue;
    // From any place in the run's last three digits the rest of the match is the same: it ends there or nowhere.
    const matchEnd = ipv4MatchEnd(runs, sides, r + 2);
    if (matchEnd === -1) continue;
    for (let at = Math.max(runs[r]!, end - 3, from); at < end; at++) {
      if (ipv4At(text, at, matchEnd, out)) {
        from = matchEnd;
        break;
      }
      from = at + 1;
    }
  }
}

/**
 * Where IPV4's match ends when its first octet ends a run and run `k` starts right after that octet's dot, or -1:
 * the second and third octets are whole runs (`\d{1,3}` then a dot: a longer run leaves a digit where the dot must
 * be) that a dot ends and the next run follows; the fourth is the first one to three digits of the run after.
 */
function ipv4MatchEnd(runs: Int32Array, sides: Uint8Array, k: number): number {
  for (let octet = 0; octet < 2; octet++, k += 2) {
    const end = runs[k + 1]!;
    if (end - runs[k]! > 3 || sides[2 * k + 2] !== 46 || runs[k + 2] !== end + 1) return -1;
  }
  return Math.min(runs[k + 1]!, runs[k]! + 3);
}

function isIpv6Code(code: number): boolean {
  return isHexCode(code) || code === 58 || code === 46;
}

function looksLikeIpv6(candidate: string): boolean {
  let hexDigits = 0;
  let colons = 0;
  for (let i = 0; i < candidate.length; i++) {
    const code = candidate.charCodeAt(i);
    if (code === 58) colons++;
    else if (isHexCode(code)) hexDigits++;
  }
  if (hexDigits < 4) return false;
  return (colons === 7 || candidate.includes("::")) && isIP(candidate) === 6;
}

// Shortest candidate looksLikeIpv6 accepts: four hex digits and a "::" ("ab::cd"). Runs shorter than this are
// skipped before any slicing: on JSON every `"key": value` colon is such a run (1 MB bench JSON: 42k of them).
const MIN_IPV6 = 6;

/**
 * The IPv6 addresses of `text`: the run of hex digits, colons and dots around each colon, each run read once. On a
 * long text the runs read are those around a colon a hex digit or a colon follows, from the shared pass: a valid
 * address (isIP 6, as looksLikeIpv6 asks) holds `::`, or two groups meeting at a colon (eight groups, or six and an
 * IPv4 address), so no other run holds one, and JSON's `"key": value` colons are not visited one by one.
 */
function detectIpv6(text: string, out: TextMatch[]): void {
  const colons = text.length < MIN_PASS_LENGTH ? undefined : candidateIndex(text).hexColons();
  if (colons !== undefined) {
    let runEnd = 0;
    for (const colon of colons) if (colon >= runEnd) runEnd = visitColonRun(text, colon, out);
    return;
  }
  for (let colon = text.indexOf(":"); colon !== -1; colon = text.indexOf(":", colon))
    colon = visitColonRun(text, colon, out);
}

/**
 * The maximal run of hex digits, colons and dots around the colon at `colon`, reported when it holds an IPv6 address;
 * returns where the run ends (every other colon in it would give the same candidate: the caller goes on from there).
 */
function visitColonRun(text: string, colon: number, out: TextMatch[]): number {
  let runStart = colon;
  while (runStart > 0 && isIpv6Code(text.charCodeAt(runStart - 1))) runStart--;
  let runEnd = colon + 1;
  while (runEnd < text.length && isIpv6Code(text.charCodeAt(runEnd))) runEnd++;
  if (runEnd - runStart < MIN_IPV6) return runEnd;
  let start = runStart;
  let end = runEnd;
  // "IP:fe80::1" and "at fe80::1." / "fe80::1: link up": peel one label colon and sentence dots off the ends.
  if (text.charCodeAt(start) === 58 && text.charCodeAt(start + 1) !== 58) start++;
  while (end > start && text.charCodeAt(end - 1) === 46) end--;
  if (text.charCodeAt(end - 1) === 58 && text.charCodeAt(end - 2) !== 58) end--;
  const bounded = !isWordCode(codeAt(text, runStart - 1)) && !isWordCode(codeAt(text, runEnd));
  if (bounded && end - start <= MAX_IPV6 && looksLikeIpv6(text.slice(start, end))) {
    out.push({ kind: "pii", type: "ip_address", start, end, ruleId: "pii.ip_address" });
  }
  return runEnd;
}

/**
 * TextDetector.contextReach: an IPv4 match's boundary reads two characters either side; an IPv6 run stops at any
 * character that is not hex, a colon or a dot (a line break) and reads one more.
 */
const CONTEXT_REACH = 2;

export function createIpAddressDetector(): TextDetector {
  return {
    id: "pii.ip_address",
    contextReach: CONTEXT_REACH,
    kind: "pii",
    // IPv4 is ASCII digits (`\d`); an IPv6 candidate is the run around a `:`.
    requires: HAS_DIGIT | HAS_COLON,
    minLength: 4,
    detect(text: string, out: TextMatch[]): void {
      if (text.length < 4) return; // the shortest candidate with four hex digits and `::` is longer
      detectIpv4(text, out);
      detectIpv6(text, out);
    },
  };
}
