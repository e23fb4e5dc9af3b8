/**
 * Strings of a structured result that hold no instruction to a model: a date, a number, an id, an address of digits
 * (`2026-01-01T00:00:00.000Z`, `10.1.2.3`, `SKU-482913`, `123-45-6789`). The screening of a JSON value
 * (json-screen.ts) does not hand such a string to the injection family's joined pass (phrase rules, structure
 * detector, learned scorer), which reads ~30 µs per KB of strings and was most of a structured check's screening
 * (bench/results/2026-11-28-s22-structured.md): issue 18's "read less".
 *
 * An instruction needs words: a verb and what it acts on. A string is inert when it has no blank, at most
 * MAX_INERT_LENGTH units of printable ASCII (no `\`, quote, backtick, `<` or `>`), at most MAX_LETTERS ASCII letters
 * of which at most one run of two or more, and no run of MAX_ALNUM_RUN characters of `[A-Za-z0-9+/]`. What stays
 * out of this rule, so still reaches the passes (test/property/inert-data.property.test.ts):
 * - words joined without blanks: a hyphen-joined branch name, snake_case or camelCase (`ignore-previous-instructions`,
 *   `ignore_all`, `ignoreAll`), a glued instruction (`200Ignore the ...`: a blank), leetspeak and letters spelled
 *   apart of two words or more (`1gn0r3-4ll`, `r3v34l-7h3-k3y`, `i.g.n.o.r.e`: more than MAX_LETTERS letters);
 * - the encoded payloads the structure detector decodes: base64 needs a run of 24 of `[A-Za-z0-9+/]`, hex one of 32
 *   hex digits (hex of a sentence can be all digits), letter spacing a blank;
 * - other scripts, lookalikes and invisible characters (non-ASCII: the screening walks those strings alone anyway),
 *   escapes, tags, quotes.
 * This is an argument, not a proof that no detector fires: the property test reads every family detector on such
 * strings after adversarial keys, and the hash benches (bench/structured-hash.ts on parsed structured data,
 * bench/decision-hash.ts) show no decision changed.
 */

/** Longest value read as inert data. */
export const MAX_INERT_LENGTH = 40;

/** The most ASCII letters an inert value may hold (`SKU`, `UTC`, `T` and `Z` of a date; not `ignore`). */
export const MAX_LETTERS = 4;

/** The shortest run of `[A-Za-z0-9+/]` an inert value may not hold: below base64's 24 and hex's 32. */
export const MAX_ALNUM_RUN = 16;

/** Longest key a `key: value` reading may have to be inert: a short identifier of letters and digits (`updatedAt`). */
export const MAX_INERT_KEY = 24;

/** Per ASCII unit: ALLOWED (printable but blanks, `\\`, quotes, backtick, `<`, `>`), LETTER, ALNUM (`[A-Za-z0-9+/]`). */
const ALLOWED = 1;
const LETTER = 2;
const ALNUM = 4;
const CLASS = new Uint8Array(128);
for (let c = 0x21; c < 0x7f; c++) CLASS[c] = ALLOWED;
for (const c of "\\\"'`<>") CLASS[c.charCodeAt(0)] = 0;
for (let c = 0x30; c <= 0x39; c++) CLASS[c]! |= ALNUM;
for (let c = 0x41; c <= 0x5a; c++) CLASS[c]! |= LETTER | ALNUM;
for (let c = 0x61; c <= 0x7a; c++) CLASS[c]! |= LETTER | ALNUM;
CLASS[0x2b]! |= ALNUM;
CLASS[0x2f]! |= ALNUM;

/** Whether `value` is inert data (see above). One table lookup a unit, no call (it runs on every screened string). */
export function isInertValue(value: string): boolean {
  const length = value.length;
  if (length === 0 || length > MAX_INERT_LENGTH) return false;
  let letters = 0;
  let run = 0;
  let words = 0;
  let alnum = 0;
  for (let i = 0; i < length; i++) {
    const c = value.charCodeAt(i);
    const k = c < 128 ? CLASS[c]! : 0;
    if ((k & ALLOWED) === 0) return false;
    if ((k & LETTER) !== 0) {
      if (++letters > MAX_LETTERS) return false;
      if (++run === 2 && ++words > 1) return false;
    } else run = 0;
    if ((k & ALNUM) !== 0) {
      if (++alnum >= MAX_ALNUM_RUN) return false;
    } else alnum = 0;
  }
  return true;
}

/** Whether `key` is a plain identifier an inert value may be read after: letters and digits, a letter first. */
export function isPlainKey(key: string): boolean {
  const length = key.length;
  if (length === 0 || length > MAX_INERT_KEY) return false;
  const first = key.charCodeAt(0);
  if (first >= 128 || (CLASS[first]! & LETTER) === 0) return false;
  for (let i = 1; i < length; i++) {
    const c = key.charCodeAt(i);
    // A letter or a digit: ALNUM but `+` and `/`.
    if (c >= 128 || (CLASS[c]! & ALNUM) === 0 || c === 0x2b || c === 0x2f) return false;
  }
  return true;
}

/** Whether the reading `key: value` (or `value` alone when `key` is undefined) is inert data (see above). */
export function isInertReading(key: string | undefined, value: string): boolean {
  return isInertValue(value) && (key === undefined || isPlainKey(key));
}
