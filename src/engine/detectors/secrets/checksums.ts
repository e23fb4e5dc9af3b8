import { crc32 } from "node:zlib";

/**
 * Checksums vendors embed in their tokens. GitHub's classic tokens (`ghp_`, `gho_`, `ghu_`, `ghs_`, `ghr_`) and
 * npm's (`npm_`) end in six base62 characters that encode the CRC32 of the 30 characters before them (GitHub's
 * 2021 token-format announcement): a random string passes by chance once in 62^6.
 */

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

export function base62Crc32(data: string): string {
  let n = crc32(Buffer.from(data, "latin1")) >>> 0;
  let out = "";
  do {
    out = BASE62[n % 62] + out;
    n = Math.floor(n / 62);
  } while (n > 0);
  return out.padStart(6, "0");
}

/** True when the body's last six characters are the base62 CRC32 of the rest. */
export function passesCrc32Base62(body: string): boolean {
  if (body.length < 7) return false;
  return base62Crc32(body.slice(0, -6)) === body.slice(-6);
}
