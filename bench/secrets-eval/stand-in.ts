/**
 * By this project's policy a value that is a keyboard run (`1234567890abcdef...`) or says it stands in for a key
 * (`EXAMPLE`, `xxxx`, `fake`, `dummy`) is a placeholder, not a secret (issue 16's look-alikes): such an example is
 * neither a positive nor a negative here, and is dropped. Decided on the text alone, before any detector ran.
 */
export function isStandIn(example: string): boolean {
  return /0123456789|123456789|abcdefgh|ABCDEFGH|xxxx|XXXX|example|EXAMPLE|fake|dummy|FAKE|DUMMY/.test(
    example,
  );
}
