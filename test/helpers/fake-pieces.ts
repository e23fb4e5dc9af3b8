/**
 * Pieces for building credential-shaped test values at test time, so no credential-shaped literal is written in the
 * repository.
 */

/** Joins pieces: a prefix and a body written apart, so the source never holds the whole value. */
export const j = (...pieces: string[]): string => pieces.join("");

/** A deterministic run of `n` characters of `alphabet` (never a real credential: a fixed walk, not random). */
export function run(n: number, alphabet: string, seed = 7): string {
  let out = "";
  let x = seed;
  for (let i = 0; i < n; i++) {
    x = (x * 1103515245 + 12345) % 2147483648;
    out += alphabet[(x >>> 16) % alphabet.length];
  }
  return out;
}

export const AN = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
export const LOWER_AN = "abcdefghijklmnopqrstuvwxyz0123456789";
export const UPPER_AN = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
export const HEX = "0123456789abcdef";

/** Letters, digits and the URL-safe base64 extras. */
export const URLSAFE = `${AN}_-`;

/** A UUID-shaped run of hex digits (8-4-4-4-12), `seed` onwards for its five groups. */
export const fakeUuid = (seed: number): string =>
  [
    run(8, HEX, seed),
    run(4, HEX, seed + 1),
    run(4, HEX, seed + 2),
    run(4, HEX, seed + 3),
    run(12, HEX, seed + 4),
  ].join("-");

/** Printable ASCII without quotes, backslash, backtick or `/`, and with a space: WordPress-style generated keys. */
export const PRINTABLE = `${AN}!#$%&()*+,-.:;<=>?@[]^_{|}~ `;
