import type { TextDetector, TextMatch } from "../../types.js";
import { classifyHost, type HostClass, parseAddress } from "./host-class.js";
import { DANGEROUS_SCHEMES, findUrlCandidates, type UrlCandidate } from "./url-candidates.js";

/**
 * Server-side request forgery targets in tool arguments:
 * - `ssrf`: cloud metadata endpoints (and the Kubernetes API) in any spelling, and URL schemes that reach local
 *   files or raw sockets (file, gopher, dict, ldap, ftp, jar...);
 * - `ssrf_loopback`: the machine itself (127/8, 0.0.0.0, ::1, localhost aliases, wildcard-DNS names of 127.0.0.1);
 * - `ssrf_private`: private ranges (10/8, 172.16/12, 192.168/16, 100.64/10, 169.254/16, fc00::/7, fe80::/10) and
 *   names that only resolve inside a network or cluster (`*.svc`, `*.cluster.local`, `*.internal`, `*.local`).
 * Three types so policy can weigh them apart: a tool that talks to services on the company network is normal in some
 * deployments, which is why `ssrf_private` only flags by default.
 *
 * The host is read by the WHATWG URL parser (what `fetch` and undici use: every numeric IPv4 spelling, IDNA mapping
 * of full-width and circled digits, percent-decoding, `\` as `/`, userinfo) and also by a raw split after the last
 * `@` (what parsers that disagree with WHATWG would connect to); the more severe reading wins.
 */

const TYPE_OF: Record<HostClass, { type: string; ruleId: string }> = {
  metadata: { type: "ssrf", ruleId: "hazard.ssrf.cloud_metadata" },
  loopback: { type: "ssrf_loopback", ruleId: "hazard.ssrf_loopback" },
  private: { type: "ssrf_private", ruleId: "hazard.ssrf_private" },
};
const SEVERITY: Record<HostClass, number> = { metadata: 3, loopback: 2, private: 1 };

export function createSsrfDetector(): TextDetector {
  return {
    id: "hazard.ssrf",
    kind: "hazard",
    detect(text: string, out: TextMatch[]): void {
      // A verdict depends only on (scheme, bare, authority): a text that repeats one target (a hostile run of
      // `https://a:` is 10,000 candidates in 100 KB) parses it once; the memo lives for this text only.
      const verdicts = new Map<string, { type: string; ruleId: string } | undefined>();
      for (const candidate of findUrlCandidates(text)) {
        const key = `${candidate.bare ? "b" : "u"}${candidate.scheme}\u0000${candidate.authority}`;
        let finding = verdicts.get(key);
        if (finding === undefined && !verdicts.has(key)) {
          finding = judge(candidate);
          verdicts.set(key, finding);
        }
        if (finding !== undefined)
          out.push({ kind: "hazard", start: candidate.start, end: candidate.end, ...finding });
      }
    },
  };
}

function judge(candidate: UrlCandidate): { type: string; ruleId: string } | undefined {
  if (candidate.scheme !== "" && DANGEROUS_SCHEMES.test(candidate.scheme))
    return { type: "ssrf", ruleId: "hazard.ssrf.local_scheme" };
  const verdict = candidate.bare ? judgeBare(candidate.authority) : judgeAuthority(candidate.authority);
  return verdict === undefined ? undefined : TYPE_OF[verdict];
}

function judgeAuthority(authority: string): HostClass | undefined {
  if (authority.length === 0) return undefined;
  const readings: (HostClass | undefined)[] = [classifyHost(rawHost(authority))];
  try {
    // Read as http whatever the scheme: non-special schemes keep the host opaque, and the target is the same box.
    readings.push(classifyHost(new URL(`http://${authority}`).hostname));
  } catch {
    // Not a valid authority for WHATWG (an IPv6 zone id, a bad port): the raw reading stands.
  }
  return mostSevere(readings);
}

/** After the last `@`, without the port; an IPv6 zone id (`%25eth0`) kept for ipaddr.js as `%eth0`. */
function rawHost(authority: string): string {
  const hostPort = authority.slice(authority.lastIndexOf("@") + 1).replace(/%25/g, "%");
  if (hostPort.startsWith("[")) {
    const close = hostPort.indexOf("]");
    return close === -1 ? hostPort.slice(1) : hostPort.slice(1, close);
  }
  const colon = hostPort.indexOf(":");
  return colon === -1 ? hostPort : hostPort.slice(0, colon);
}

const PORT = /:(\d{1,5})$/;
const NON_DECIMAL_PART = /^(?:0x[0-9a-f]*|0[0-7]{2,})$/i;

/**
 * A token that is not a URL is a target only when it cannot be something else: an address with four parts, a port
 * or a hex/octal part (so "version 10.0.1" and "10.02.2024" are not 10.0.0.1), an IPv6 address with a hex digit, a
 * name with a port, or a metadata address or name in any spelling.
 */
function judgeBare(token: string): HostClass | undefined {
  if (token.startsWith("[")) return judgeAuthority(token);
  const ipv6 = parseAddress(token);
  if (ipv6?.kind() === "ipv6" && /[0-9a-f]/i.test(token)) {
    return classifyHost(token);
  }
  const port = PORT.exec(token);
  const host = port === null ? token : token.slice(0, port.index);
  const verdict = classifyHost(host);
  if (verdict === undefined || verdict === "metadata") return verdict;
  // A number with a "port" is a time or a ratio (`00:00`, `0:30`), not an address: `0` alone is 0.0.0.0 only to
  // inet_aton. A loopback name with a port (`localhost:8080`) stays one.
  if (port !== null)
    return host.includes(".") || (verdict === "loopback" && parseAddress(host) === undefined)
      ? verdict
      : undefined;
  const address = parseAddress(host);
  if (address === undefined) return undefined; // a name without a port: "runs on localhost", "printer.local"
  const parts = host.split(".");
  return parts.length === 4 || parts.some((p) => NON_DECIMAL_PART.test(p)) ? verdict : undefined;
}

function mostSevere(readings: readonly (HostClass | undefined)[]): HostClass | undefined {
  let worst: HostClass | undefined;
  for (const r of readings)
    if (r !== undefined && (worst === undefined || SEVERITY[r] > SEVERITY[worst])) worst = r;
  return worst;
}
