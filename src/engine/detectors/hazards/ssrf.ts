import type { TextDetector, TextMatch } from "../../types.js";
import { parseIpv4Literal } from "./ip-literal.js";
import { collectPatternMatches, type PatternRule } from "./pattern-rule.js";

/**
 * Server-side request forgery targets in tool arguments and results:
 * - `ssrf`: cloud metadata endpoints (AWS/GCP/Azure/Alibaba/ECS) in any spelling, and URL schemes that reach local
 *   files or raw sockets (file, gopher, dict, ldap, tftp, jar, netdoc, phar);
 * - `ssrf_loopback`: URLs whose host is the machine itself (localhost, 127/8, 0.0.0.0, ::1). Kept as a separate
 *   type because local development URLs are common in legitimate tool output; policy decides.
 *
 * URLs are found with `indexOf("://")` and measured by hand (scheme backwards, authority forwards), which is linear
 * and lets the host be decoded numerically (`http://2852039166/` is the metadata address).
 */

const METADATA_ADDRESSES = new Set([0xa9fea9fe, 0xa9feaa02, 0x646464c8]); // 169.254.169.254, 169.254.170.2, 100.100.100.200
const METADATA_HOSTS =
  /^(?:metadata\.google\.internal|metadata\.goog|metadata\.azure\.com|metadata|instance-data(?:\.ec2\.internal)?)$/i;
const LOCAL_SCHEMES = /^(?:file|gopher|dict|ldap|ldaps|tftp|jar|netdoc|phar)$/i;

// Metadata addresses written outside URLs (in a config value, a curl argument without scheme, an IPv6 literal).
const BARE_METADATA: readonly PatternRule[] = [
  {
    type: "ssrf",
    ruleId: "hazard.ssrf.cloud_metadata",
    pattern:
      /\b169\.254\.169\.254\b|\b169\.254\.170\.2\b|\b100\.100\.100\.200\b|\bmetadata\.google\.internal\b|\bfd00:ec2::254\b|\b2852039166\b|\b0x0{0,8}a9fea9fe\b|\b0xa9\.0xfe\.0xa9\.0xfe\b|\b0251\.0376\.0251\.0376\b|\b169\.254\.43518\b|::ffff:(?:a9fe:a9fe|169\.254\.169\.254)\b/gi,
  },
];
const BARE_PREFILTER = /169\.254|100\.100\.100\.200|metadata\.google|fd00:ec2|2852039166|0xa9|0251\.|a9fe/i;

export function createSsrfDetector(): TextDetector {
  return {
    id: "hazard.ssrf",
    kind: "hazard",
    detect(text: string, out: TextMatch[]): void {
      const before = out.length;
      if (text.includes("://")) scanUrls(text, out);
      if (BARE_PREFILTER.test(text)) {
        const urlMatches = out.slice(before);
        const bare: TextMatch[] = [];
        collectPatternMatches(BARE_METADATA, text, bare);
        // A metadata address inside a URL already reported is the same finding.
        for (const m of bare) if (!urlMatches.some((u) => u.start <= m.start && m.end <= u.end)) out.push(m);
      }
    },
  };
}

function scanUrls(text: string, out: TextMatch[]): void {
  for (let sep = text.indexOf("://"); sep !== -1; sep = text.indexOf("://", sep + 3)) {
    let schemeStart = sep;
    while (schemeStart > 0 && sep - schemeStart < 16 && /[a-z0-9+.-]/i.test(text[schemeStart - 1]!))
      schemeStart--;
    if (schemeStart === sep) continue;
    const scheme = text.slice(schemeStart, sep);
    const authorityEnd = endOfAuthority(text, sep + 3);
    const authority = text.slice(sep + 3, authorityEnd);
    const host = hostOf(authority);
    const type = LOCAL_SCHEMES.test(scheme) ? "ssrf" : classifyHost(host);
    if (type === undefined) continue;
    const rule =
      type === "ssrf_loopback"
        ? "hazard.ssrf_loopback"
        : `hazard.ssrf.${LOCAL_SCHEMES.test(scheme) ? "local_scheme" : "cloud_metadata"}`;
    out.push({ kind: "hazard", type, start: schemeStart, end: authorityEnd, ruleId: rule });
  }
}

function endOfAuthority(text: string, from: number): number {
  let i = from;
  while (i < text.length && i - from < 300) {
    const c = text[i]!;
    if (
      c === "/" ||
      c === "?" ||
      c === "#" ||
      c === "\\" ||
      c === '"' ||
      c === "'" ||
      c === "<" ||
      c === ">" ||
      c === "`" ||
      c <= " "
    )
      break;
    i++;
  }
  return i;
}

/** Strips userinfo and port; keeps IPv6 brackets' content. */
function hostOf(authority: string): string {
  const at = authority.lastIndexOf("@");
  const hostPort = at === -1 ? authority : authority.slice(at + 1);
  if (hostPort.startsWith("[")) {
    const close = hostPort.indexOf("]");
    return (close === -1 ? hostPort.slice(1) : hostPort.slice(1, close)).toLowerCase();
  }
  const colon = hostPort.indexOf(":");
  return (colon === -1 ? hostPort : hostPort.slice(0, colon)).toLowerCase();
}

function classifyHost(host: string): "ssrf" | "ssrf_loopback" | undefined {
  if (host.length === 0) return undefined;
  if (METADATA_HOSTS.test(host) || host === "fd00:ec2::254") return "ssrf";
  if (
    host === "localhost" ||
    host.endsWith(".localhost") ||
    host === "::1" ||
    host === "0:0:0:0:0:0:0:1" ||
    host === "::"
  ) {
    return "ssrf_loopback";
  }
  const mapped = /^::ffff:(.+)$/.exec(host)?.[1];
  const v4 = parseIpv4Literal(mapped ?? host) ?? parseMappedHex(mapped);
  if (v4 === undefined) return undefined;
  if (METADATA_ADDRESSES.has(v4)) return "ssrf";
  if (v4 >>> 24 === 127 || v4 === 0) return "ssrf_loopback";
  return undefined;
}

/** `::ffff:a9fe:a9fe` is 169.254.169.254 written as two hex groups. */
function parseMappedHex(mapped: string | undefined): number | undefined {
  const m = mapped === undefined ? null : /^([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(mapped);
  if (m === null) return undefined;
  return Number.parseInt(m[1]!, 16) * 0x10000 + Number.parseInt(m[2]!, 16);
}
