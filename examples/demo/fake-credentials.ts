/**
 * Fake credentials for the demo server, assembled at run time from pieces so that no credential-shaped literal
 * sits in the repository: secret scanners and push protection stay quiet, and nobody mistakes the demo for a leak.
 * A fixed seed keeps them identical across runs, so tests can assert the value never reaches the model.
 */
const ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789";

/** Deterministic filler (xorshift32): reproducible, not random, and not a secret. */
function filler(length: number, seed: number): string {
  let x = seed >>> 0 || 1;
  let out = "";
  for (let i = 0; i < length; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    out += ALPHABET[(x >>> 0) % ALPHABET.length];
  }
  return out;
}

/** Shaped like a classic GitHub personal access token. */
export function fakeGithubToken(): string {
  return ["g", "h", "p", "_"].join("") + filler(36, 2024);
}

/** Shaped like a live Stripe secret key. */
export function fakeStripeKey(): string {
  return ["s", "k", "_", "li", "ve", "_"].join("") + filler(24, 4711);
}
