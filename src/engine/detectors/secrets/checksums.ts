/**
 * Checksums vendors embed in their tokens. GitHub's classic tokens (`ghp_`, `gho_`, `ghu_`, `ghs_`, `ghr_`) and
 * npm's (`npm_`) end in six base62 characters that encode the CRC32 of the 30 characters before them (GitHub's
 * 2021 token-format announcement): a random string passes by chance once in 62^6.
 */

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/**
 * The standard CRC32 (zlib's: reflected polynomial 0xEDB88320) of `data`'s code units before `end`, read as latin1 bytes (each
 * unit's low byte, what `Buffer.from(data, "latin1")` writes). Hand-written over the string because zlib's `crc32`
 * wants a buffer, and making one per candidate token cost more than the checksum itself.
 */
export function crc32Latin1(data: string, end = data.length): number {
  let crc = -1;
  for (let i = 0; i < end; i++) crc = CRC_TABLE[(crc ^ data.charCodeAt(i)) & 0xff]! ^ (crc >>> 8);
  return (crc ^ -1) >>> 0;
}

const CRC_TABLE = (() => {
  const table = new Int32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c;
  }
  return table;
})();

export function base62Crc32(data: string): string {
  let n = crc32Latin1(data);
  let out = "";
  do {
    out = BASE62[n % 62] + out;
    n = Math.floor(n / 62);
  } while (n > 0);
  return out.padStart(6, "0");
}

/** The value of six base62 digits at `at` (leading zeros allowed), or -1 when one is not a base62 digit. */
function base62At(text: string, at: number): number {
  let n = 0;
  for (let i = at; i < at + 6; i++) {
    const c = text.charCodeAt(i);
    const digit =
      c <= 57 && c >= 48 ? c - 48 : c <= 90 && c >= 65 ? c - 55 : c <= 122 && c >= 97 ? c - 61 : -1;
    if (digit === -1) return -1;
    n = n * 62 + digit;
  }
  return n;
}

/**
 * True when the body's last six characters are the base62 CRC32 of the rest: `base62Crc32(rest) === last six`, read
 * as a number (a CRC32 is below 62^6, so its six-digit zero-padded base62 form is unique).
 */
export function passesCrc32Base62(body: string): boolean {
  if (body.length < 7) return false;
  const at = body.length - 6;
  return base62At(body, at) === crc32Latin1(body, at);
}
