import { createHash } from "node:crypto";

/**
 * Values that look like credentials but are published examples: the keys vendors print in their documentation
 * (AWS's `...EXAMPLE` keys: caught by the placeholder check's "example"), the jwt.io sample token that tutorials
 * copy, and keys that documentation writes as a keyboard run (`0123456789abcdefghij...`). Redacting them hides
 * useful text and reports findings nobody can act on.
 *
 * The known values are kept as SHA-256 digests, not literals, so no credential-shaped string sits in the repository.
 */

// SHA-256 of published sample values, compared on the exact value a detector reports (or on a JWT's signature).
const PUBLISHED_EXAMPLE_DIGESTS = new Set([
  // The HS256 signature of jwt.io's default sample token ({"sub":"1234567890","name":"John Doe","iat":1516239022}).
  "051d093c4bdedbf23f905ad01d9c6111414d54e2170e1d7f76657c4e76e3e65b",
]);

/**
 * The lengths of the values behind PUBLISHED_EXAMPLE_DIGESTS (a JWT signature of HS256 is 43 characters): a value of
 * another length cannot be one, and is not hashed (a hash per candidate token was a tenth of the token detector).
 */
const PUBLISHED_EXAMPLE_LENGTHS = new Set([43]);

// A random 40-character base62 value holds an ascending run of 6 with probability well under 1e-6.
export const MAX_RANDOM_RUN = 5;

export function sha256Hex(value: string): string {
  return createHash("sha256").update(value).digest("hex");
}

export function isPublishedExample(value: string): boolean {
  return PUBLISHED_EXAMPLE_LENGTHS.has(value.length) && PUBLISHED_EXAMPLE_DIGESTS.has(sha256Hex(value));
}

/**
 * A value written as a keyboard run (`0123456789abcdef...`), as documentation writes a key it does not publish: a run
 * of more than MAX_RANDOM_RUN characters that each follow the previous one in code order (`0123`, `abcd`).
 */
export function hasKeyboardRun(value: string): boolean {
  let run = 1;
  for (let i = 1; i < value.length; i++) {
    run = value.charCodeAt(i) === value.charCodeAt(i - 1) + 1 ? run + 1 : 1;
    if (run > MAX_RANDOM_RUN) return true;
  }
  return false;
}

/** A published example: the value itself, or a JWT's (any dotted token's) last segment, the signature. */
export function isPublishedExampleValue(value: string): boolean {
  if (isPublishedExample(value)) return true;
  const dot = value.lastIndexOf(".");
  return dot !== -1 && isPublishedExample(value.slice(dot + 1));
}

/** A published example or a keyboard-run value written in place of a real key. */
export function isDocumentationExample(value: string): boolean {
  return hasKeyboardRun(value) || isPublishedExampleValue(value);
}
