/**
 * Parses the IPv4 spellings that URL parsers and `inet_aton` accept, so `2852039166`, `0xA9FEA9FE`,
 * `0251.0376.0251.0376` and `169.254.43518` are all recognised as 169.254.169.254. One to four dot-separated parts,
 * each decimal, octal (leading 0) or hex (0x); the last part fills the remaining bytes.
 */
export function parseIpv4Literal(host: string): number | undefined {
  if (host.length === 0 || host.length > 64) return undefined;
  const parts = host.endsWith(".") ? host.slice(0, -1).split(".") : host.split(".");
  if (parts.length > 4) return undefined;
  const values: number[] = [];
  for (const part of parts) {
    const value = parseIpv4Part(part);
    if (value === undefined) return undefined;
    values.push(value);
  }
  const last = values.pop()!;
  let address = 0;
  for (const [i, value] of values.entries()) {
    if (value > 0xff) return undefined;
    address += value * 2 ** (8 * (3 - i));
  }
  if (last >= 2 ** (8 * (4 - values.length))) return undefined;
  return address + last;
}

function parseIpv4Part(part: string): number | undefined {
  if (/^0x[0-9a-f]{0,8}$/i.test(part)) return part.length === 2 ? 0 : Number.parseInt(part.slice(2), 16);
  if (/^0[0-7]{1,11}$/.test(part)) return Number.parseInt(part, 8);
  if (/^\d{1,10}$/.test(part)) return Number.parseInt(part, 10);
  return undefined;
}

export function ipv4ToString(address: number): string {
  return [24, 16, 8, 0].map((shift) => Math.floor(address / 2 ** shift) % 256).join(".");
}
