/**
 * The eval set's own seeded generator (mulberry32). A private copy rather than src/testing's, so that the frozen
 * test-set hash depends only on bench/eval-set: a change in src cannot silently change the held-out data.
 */
export type Rand = () => number;

export function seeded(seed: number): Rand {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A seed derived from a string (FNV-1a), so each sample's randomness depends on its id, not on generation order. */
export function seedOf(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export function int(rand: Rand, min: number, max: number): number {
  return min + Math.floor(rand() * (max - min + 1));
}

export function pick<T>(rand: Rand, items: readonly T[]): T {
  if (items.length === 0) throw new Error("pick from an empty list");
  return items[Math.floor(rand() * items.length)]!;
}

export function chars(rand: Rand, alphabet: string, n: number): string {
  let s = "";
  for (let i = 0; i < n; i++) s += alphabet[Math.floor(rand() * alphabet.length)];
  return s;
}

export function digits(rand: Rand, n: number): string {
  return chars(rand, "0123456789", n);
}

export const HEX = "0123456789abcdef";
export const BASE62 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
export const BASE64 = `${BASE62}+/`;
export const BASE64URL = `${BASE62}-_`;

/** Random base-62 text that holds an upper-case letter, a lower-case one and a digit (as real tokens do). */
export function mixed(rand: Rand, alphabet: string, n: number): string {
  for (;;) {
    const s = chars(rand, alphabet, n);
    if (/[A-Z]/.test(s) && /[a-z]/.test(s) && /\d/.test(s)) return s;
  }
}
