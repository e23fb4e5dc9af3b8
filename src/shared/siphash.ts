/**
 * SipHash-2-4 (Aumasson and Bernstein, 2012): a keyed pseudo-random function with a 128-bit key and a 64-bit
 * output, made for hashing many short inputs under a secret key. Provenance hashes its passage windows with it
 * (src/shared/provenance.ts). Hand-written because Node has no SipHash and no well-kept npm package provides one
 * for Node 20; it is checked against the reference implementation's test vectors (test/unit/siphash.test.ts).
 *
 * 64-bit words are (high, low) pairs of unsigned 32-bit numbers: every value is kept unsigned (`>>> 0`) so the
 * carry of an addition is `low < addend`.
 */

/** The key as four little-endian 32-bit words (k0 low, k0 high, k1 low, k1 high) of its 16 bytes. */
export function sipKey(bytes: Uint8Array): Uint32Array {
  if (bytes.length < 16) throw new RangeError("a SipHash key has 16 bytes");
  const key = new Uint32Array(4);
  for (let i = 0; i < 4; i++) key[i] = le32(bytes, 4 * i);
  return key;
}

function le32(bytes: Uint8Array, i: number): number {
  return (bytes[i]! | (bytes[i + 1]! << 8) | (bytes[i + 2]! << 16) | (bytes[i + 3]! << 24)) >>> 0;
}

/** The state v0..v3 as (high, low) pairs. */
const V = new Uint32Array(8);

/** `n` SipRounds on `V`. */
function sipRounds(n: number): void {
  let v0h = V[0]!;
  let v0l = V[1]!;
  let v1h = V[2]!;
  let v1l = V[3]!;
  let v2h = V[4]!;
  let v2l = V[5]!;
  let v3h = V[6]!;
  let v3l = V[7]!;
  for (let r = 0; r < n; r++) {
    let l = (v0l + v1l) >>> 0; // v0 += v1
    v0h = (v0h + v1h + (l < v0l ? 1 : 0)) >>> 0;
    v0l = l;
    let h = ((v1h << 13) | (v1l >>> 19)) >>> 0; // v1 = rotl(v1, 13) ^ v0
    l = ((v1l << 13) | (v1h >>> 19)) >>> 0;
    v1h = (h ^ v0h) >>> 0;
    v1l = (l ^ v0l) >>> 0;
    h = v0h; // v0 = rotl(v0, 32)
    v0h = v0l;
    v0l = h;
    l = (v2l + v3l) >>> 0; // v2 += v3
    v2h = (v2h + v3h + (l < v2l ? 1 : 0)) >>> 0;
    v2l = l;
    h = ((v3h << 16) | (v3l >>> 16)) >>> 0; // v3 = rotl(v3, 16) ^ v2
    l = ((v3l << 16) | (v3h >>> 16)) >>> 0;
    v3h = (h ^ v2h) >>> 0;
    v3l = (l ^ v2l) >>> 0;
    l = (v0l + v3l) >>> 0; // v0 += v3
    v0h = (v0h + v3h + (l < v0l ? 1 : 0)) >>> 0;
    v0l = l;
    h = ((v3h << 21) | (v3l >>> 11)) >>> 0; // v3 = rotl(v3, 21) ^ v0
    l = ((v3l << 21) | (v3h >>> 11)) >>> 0;
    v3h = (h ^ v0h) >>> 0;
    v3l = (l ^ v0l) >>> 0;
    l = (v2l + v1l) >>> 0; // v2 += v1
    v2h = (v2h + v1h + (l < v2l ? 1 : 0)) >>> 0;
    v2l = l;
    h = ((v1h << 17) | (v1l >>> 15)) >>> 0; // v1 = rotl(v1, 17) ^ v2
    l = ((v1l << 17) | (v1h >>> 15)) >>> 0;
    v1h = (h ^ v2h) >>> 0;
    v1l = (l ^ v2l) >>> 0;
    h = v2h; // v2 = rotl(v2, 32)
    v2h = v2l;
    v2l = h;
  }
  V[0] = v0h;
  V[1] = v0l;
  V[2] = v1h;
  V[3] = v1l;
  V[4] = v2h;
  V[5] = v2l;
  V[6] = v3h;
  V[7] = v3l;
}

/** One message word: v3 ^= m, two rounds, v0 ^= m. */
function compress(mh: number, ml: number): void {
  V[6] = V[6]! ^ mh;
  V[7] = V[7]! ^ ml;
  sipRounds(2);
  V[0] = V[0]! ^ mh;
  V[1] = V[1]! ^ ml;
}

/**
 * SipHash-2-4 of the first `length` bytes of `message` under `key` (`sipKey`), written to `out` as (high, low)
 * 32-bit words of the 64-bit result.
 */
export function sipHash24(key: Uint32Array, message: Uint8Array, length: number, out: Uint32Array): void {
  const [k0l, k0h, k1l, k1h] = [key[0]!, key[1]!, key[2]!, key[3]!];
  V[0] = (k0h ^ 0x736f6d65) >>> 0;
  V[1] = (k0l ^ 0x70736575) >>> 0;
  V[2] = (k1h ^ 0x646f7261) >>> 0;
  V[3] = (k1l ^ 0x6e646f6d) >>> 0;
  V[4] = (k0h ^ 0x6c796765) >>> 0;
  V[5] = (k0l ^ 0x6e657261) >>> 0;
  V[6] = (k1h ^ 0x74656462) >>> 0;
  V[7] = (k1l ^ 0x79746573) >>> 0;
  const end = length - (length % 8);
  for (let i = 0; i < end; i += 8) compress(le32(message, i + 4), le32(message, i));
  // The last word: the remaining bytes, little-endian, and the length's low byte on top.
  let high = ((length & 0xff) << 24) >>> 0;
  let low = 0;
  for (let i = end; i < length; i++) {
    const shift = 8 * (i - end);
    if (shift < 32) low = (low | (message[i]! << shift)) >>> 0;
    else high = (high | (message[i]! << (shift - 32))) >>> 0;
  }
  compress(high, low);
  V[5] = V[5]! ^ 0xff;
  sipRounds(4);
  out[0] = V[0]! ^ V[2]! ^ V[4]! ^ V[6]!;
  out[1] = V[1]! ^ V[3]! ^ V[5]! ^ V[7]!;
}
