import { createRequire } from "node:module";
import type * as IbanTools from "ibantools";
import { HAS_DIGIT } from "../../scan/string-features.js";
import type { TextDetector, TextMatch } from "../../types.js";
import { codeAt, isAlnumCode, isAsciiLetterCode } from "../shared/char-codes.js";
import { digitRunSidesOf, digitRunsOf } from "../shared/digit-runs.js";

/**
 * International Bank Account Numbers, in electronic form (`DE89370400440532013000`) or print form with a space
 * after every four characters (`DE89 3704 0044 0532 0130 00`). The country code fixes the length, so the scanner
 * reads exactly that many characters and lets ibantools check the BBAN format and the ISO 7064 mod-97 checksum.
 * Lower case is accepted (people paste IBANs that way); the checksum keeps random words out.
 *
 * The mod-97 check is the IBAN's own; some countries (BE, ES, FR, PL, PT...) also carry a national check digit in
 * the BBAN, which ibantools verifies too. A number that passes mod-97 but not the national check is still an
 * account number somebody wrote (a typo in the national part, a test account, a bank's own scheme), so it is
 * reported: the only failure accepted is ibantools' WrongAccountBankBranchChecksum.
 */

// Shared across calls (reset before each scan): building a RegExp per call cost ~100 ns, which dominated on JSON
// results made of many short strings. Detectors run synchronously, so one instance is never used re-entrantly.
const COUNTRY_AND_CHECK = /[A-Za-z]{2}\d{2}/g;

// ibantools is loaded by the first IBAN candidate, not at import (its country table costs ~15 ms to load). It ships
// CommonJS, so a synchronous require() keeps the detector synchronous.
const requireHere = createRequire(import.meta.url);
let ibantools: typeof IbanTools | undefined;
function ibanTools(): typeof IbanTools {
  ibantools ??= requireHere("ibantools") as typeof IbanTools;
  return ibantools;
}

let lengthsByCountry: ReadonlyMap<string, number> | undefined;
function ibanLengthOf(country: string): number | undefined {
  if (lengthsByCountry === undefined) {
    const lengths = new Map<string, number>();
    for (const [code, spec] of Object.entries(ibanTools().getCountrySpecifications())) {
      if (spec.chars) lengths.set(code, spec.chars);
    }
    lengthsByCountry = lengths;
  }
  return lengthsByCountry.get(country);
}

/** Norway's 15 characters: the shortest IBAN of ibantools' table (a unit test holds the two equal). */
export const MIN_IBAN_LENGTH = 15;

/** End of an IBAN of `length` characters starting at `start`, or -1. Spaces are allowed only between groups of 4. */
function readIban(text: string, start: number, length: number): number {
  let i = start + 4;
  let read = 4;
  while (read < length) {
    let code = codeAt(text, i);
    if (code === 32 && read % 4 === 0) {
      i++;
      code = codeAt(text, i);
    }
    if (!isAlnumCode(code)) return -1;
    i++;
    read++;
  }
  return i;
}

/** Mod-97, the country's length and BBAN format hold; a failing national check digit alone does not disqualify. */
export function isAccountNumberIban(electronic: string): boolean {
  const tools = ibanTools();
  if (tools.isValidIBAN(electronic)) return true;
  const { errorCodes } = tools.validateIBAN(electronic);
  return (
    errorCodes.length === 1 && errorCodes[0] === tools.ValidationErrorsIBAN.WrongAccountBankBranchChecksum
  );
}

/**
 * The IBAN whose country code and check digits `[A-Za-z]{2}\d{2}` start at `start`, pushed to `out`: its end, or -1
 * when there is none.
 */
function ibanAt(text: string, start: number, out: TextMatch[]): number {
  if (isAlnumCode(codeAt(text, start - 1))) return -1;
  const length = ibanLengthOf(text.slice(start, start + 2).toUpperCase());
  if (length === undefined) return -1;
  const end = readIban(text, start, length);
  if (end === -1 || isAlnumCode(codeAt(text, end))) return -1;
  const electronic = text.slice(start, end).replace(/ /g, "").toUpperCase();
  if (!isAccountNumberIban(electronic)) return -1;
  out.push({ kind: "pii", type: "iban", start, end, ruleId: "pii.iban" });
  return end;
}

/** Every match of COUNTRY_AND_CHECK tried, the search going on after each IBAN found. */
function detectByRegex(text: string, out: TextMatch[]): void {
  const re = COUNTRY_AND_CHECK;
  re.lastIndex = 0;
  for (let m = re.exec(text); m !== null; m = re.exec(text)) {
    const end = ibanAt(text, m.index, out);
    if (end !== -1) re.lastIndex = end;
  }
}

/**
 * `detectByRegex` from the text's digit runs: COUNTRY_AND_CHECK matches exactly two characters before each run of
 * two or more digits that two ASCII letters precede (its digits follow a letter, so they start a run), and two of
 * its matches never overlap; the search's restart after an IBAN is the skip below.
 */
function detectAtRuns(text: string, runs: Int32Array, sides: Uint8Array, out: TextMatch[]): void {
  let from = 0;
  for (let r = 0; r < runs.length; r += 2) {
    const start = runs[r]! - 2;
    if (start < from || runs[r + 1]! - runs[r]! < 2) continue;
    // The two characters before the run (digit-runs.ts `digitRunSidesOf`): `text[start]`, `text[start + 1]`.
    if (!isAsciiLetterCode(sides[2 * r]!) || !isAsciiLetterCode(sides[2 * r + 1]!)) continue;
    const end = ibanAt(text, start, out);
    if (end !== -1) from = end;
  }
}

/** TextDetector.contextReach: a match reads its groups (single spaces between them) and one character either side. */
const CONTEXT_REACH = 1;

export function createIbanDetector(): TextDetector {
  return {
    id: "pii.iban",
    contextReach: CONTEXT_REACH,
    kind: "pii",
    // COUNTRY_AND_CHECK needs two ASCII check digits (`\d`); no IBAN is shorter than MIN_IBAN_LENGTH.
    requires: HAS_DIGIT,
    minLength: MIN_IBAN_LENGTH,
    detect(text: string, out: TextMatch[]): void {
      if (text.length < MIN_IBAN_LENGTH) return;
      const runs = digitRunsOf(text);
      const sides = digitRunSidesOf(text);
      if (runs === undefined || sides === undefined) detectByRegex(text, out);
      else detectAtRuns(text, runs, sides, out);
    },
  };
}
