import ipaddr from "ipaddr.js";

/**
 * What a request to a host would reach, judged the way resolvers and URL parsers read it. Addresses are parsed by
 * ipaddr.js (every inet_aton spelling, IPv6 with zone ids, IPv4 embedded in IPv6); names by what they resolve to
 * (localhost aliases, wildcard-DNS services that answer with the address written in the name, cluster-internal
 * suffixes).
 * - `metadata`: a cloud metadata or host-agent endpoint (the credentials of the machine);
 * - `loopback`: the machine itself (0.0.0.0 reaches it too on Linux);
 * - `private`: RFC 1918, carrier-grade NAT, link-local, unique-local IPv6, and names that only resolve inside a
 *   network or cluster.
 */
export type HostClass = "metadata" | "loopback" | "private";

const METADATA_V4 = new Set([
  "169.254.169.254", // AWS, GCP, Azure, OpenStack, Oracle
  "169.254.170.2", // AWS ECS task credentials
  "100.100.100.200", // Alibaba Cloud
  "168.63.129.16", // Azure wire server
  "192.0.0.192", // Oracle Cloud (classic)
]);
const METADATA_V6 = new Set(["fd00:ec2::254"]);
const METADATA_NAMES = new Set([
  "metadata.google.internal",
  "metadata.goog",
  "metadata.azure.com",
  "metadata",
  "instance-data",
  "instance-data.ec2.internal",
]);
// The Kubernetes API server as every pod can name it.
const KUBERNETES_API = /^kubernetes(?:\.default(?:\.svc(?:\.cluster\.local)?)?)?$/;

const LOOPBACK_NAMES = new Set([
  "localhost",
  "localhost.localdomain",
  "ip6-localhost",
  "ip6-loopback",
  "localhost6",
  "localhost6.localdomain6",
]);
// Public names whose every subdomain resolves to 127.0.0.1.
const LOOPBACK_DOMAINS = ["localhost", "localtest.me", "lvh.me", "vcap.me", "lacolhost.com", "localho.st"];
// Wildcard DNS: <anything>.<ip>.nip.io (dots or dashes, or 8 hex digits) resolves to <ip>.
const WILDCARD_DNS = ["nip.io", "sslip.io", "xip.io", "traefik.me", "nip.direct"];
const EMBEDDED_DOTTED = /(?:^|[.-])(\d{1,3})[.-](\d{1,3})[.-](\d{1,3})[.-](\d{1,3})$/;
const EMBEDDED_HEX = /(?:^|[.-])([0-9a-f]{8})$/;
// Suffixes that only resolve inside a cluster, a cloud network or a LAN.
const INTERNAL_SUFFIXES = [
  "svc",
  "cluster.local",
  "internal",
  "local",
  "localdomain",
  "intranet",
  "corp",
  "lan",
  "home.arpa",
];

/** `host` as a URL parser leaves it: lower case, IPv6 in brackets or not, a trailing dot allowed. */
export function classifyHost(rawHost: string): HostClass | undefined {
  let host = rawHost.toLowerCase();
  if (host.startsWith("[") && host.endsWith("]")) host = host.slice(1, -1);
  if (host.endsWith(".")) host = host.slice(0, -1);
  if (host.length === 0) return undefined;
  const address = parseAddress(host);
  if (address !== undefined) return classifyAddress(address);
  if (METADATA_NAMES.has(host)) return "metadata";
  if (KUBERNETES_API.test(host)) return "metadata";
  if (LOOPBACK_NAMES.has(host) || LOOPBACK_DOMAINS.some((d) => isUnder(host, d))) return "loopback";
  for (const domain of WILDCARD_DNS) {
    if (!host.endsWith(`.${domain}`)) continue;
    const embedded = embeddedAddress(host.slice(0, -domain.length - 1));
    if (embedded !== undefined) return classifyAddress(embedded);
  }
  if (INTERNAL_SUFFIXES.some((suffix) => host.endsWith(`.${suffix}`))) return "private";
  return undefined;
}

function isUnder(host: string, domain: string): boolean {
  return host === domain || host.endsWith(`.${domain}`);
}

/** An IPv4 (any inet_aton spelling) or IPv6 address (zone id allowed), or undefined for a name. */
export function parseAddress(host: string): ipaddr.IPv4 | ipaddr.IPv6 | undefined {
  if (!/^[0-9a-fx.:%]+$/i.test(host.replace(/%.*$/, "%"))) return undefined;
  try {
    return ipaddr.parse(host);
  } catch {
    return undefined;
  }
}

function embeddedAddress(prefix: string): ipaddr.IPv4 | undefined {
  const dotted = EMBEDDED_DOTTED.exec(prefix);
  if (dotted !== null) {
    const octets = dotted.slice(1, 5).map(Number);
    return octets.every((o) => o <= 255) ? new ipaddr.IPv4(octets) : undefined;
  }
  const hex = EMBEDDED_HEX.exec(prefix)?.[1];
  if (hex === undefined) return undefined;
  return ipaddr.IPv4.parse(`0x${hex}`);
}

export function classifyAddress(address: ipaddr.IPv4 | ipaddr.IPv6): HostClass | undefined {
  if (address.kind() === "ipv6") return classifyV6(address as ipaddr.IPv6);
  const v4 = address as ipaddr.IPv4;
  if (METADATA_V4.has(v4.toString())) return "metadata";
  switch (v4.range()) {
    case "loopback":
      return "loopback";
    case "unspecified":
      // Only 0.0.0.0 itself reaches the local machine (Linux, macOS); 0.x.y.z otherwise fails to connect.
      return v4.toString() === "0.0.0.0" ? "loopback" : undefined;
    case "private":
    case "carrierGradeNat":
    case "linkLocal":
      return "private";
    default:
      return undefined;
  }
}

function classifyV6(v6: ipaddr.IPv6): HostClass | undefined {
  const plain = ipaddr.IPv6.parse(v6.toNormalizedString()); // without the zone id
  if (METADATA_V6.has(plain.toString())) return "metadata";
  const parts = plain.parts;
  switch (plain.range()) {
    case "loopback":
    case "unspecified":
      return "loopback";
    case "uniqueLocal":
    case "linkLocal":
      return "private";
    case "ipv4Mapped":
      return classifyAddress(plain.toIPv4Address());
    case "rfc6052": // NAT64 64:ff9b::/96: the last 32 bits are the IPv4 address reached
    case "rfc6145":
      return classifyAddress(v4From(parts[6]!, parts[7]!));
    case "6to4": // 2002:AABB:CCDD::/48 routes to AA.BB.CC.DD
      return classifyAddress(v4From(parts[1]!, parts[2]!));
    default:
      // IPv4-compatible ::a.b.c.d (deprecated, still parsed by many stacks)
      // (only with a real first octet: `::a` is not 0.0.0.10).
      if (parts.slice(0, 6).every((p) => p === 0) && parts[6]! >= 0x100)
        return classifyAddress(v4From(parts[6]!, parts[7]!));
      return undefined;
  }
}

function v4From(high: number, low: number): ipaddr.IPv4 {
  return new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
}
