/**
 * The phone candidate's shape test reads digit groups and separators in one walk (phone-candidates.ts); the split-
 * and-filter version it replaced is kept here as the oracle: on strings of digits and the separators candidates hold,
 * both give the same answer, and the group count is the number of groups.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  digitGroupCount,
  digitGroupCountAt,
  digitGroups,
  isNonPhoneShape,
  isNonPhoneShapeAt,
} from "../../src/engine/detectors/pii/phone-candidates.js";

function oracleGroups(candidate: string): string[] {
  return candidate.split(/[^0-9]+/).filter((g) => g.length > 0);
}
function oracleSeparators(candidate: string): string[] {
  return candidate
    .replace(/^\D+|\D+$/g, "")
    .split(/[0-9]+/)
    .filter((s) => s.length > 0);
}
const isMonth = (g: string) => g.length <= 2 && Number(g) >= 1 && Number(g) <= 12;
const isDay = (g: string) => g.length <= 2 && Number(g) >= 1 && Number(g) <= 31;
function oracleNonPhoneShape(candidate: string): boolean {
  const groups = oracleGroups(candidate);
  const seps = oracleSeparators(candidate);
  const [a = "", b = "", c = ""] = groups;
  const sameSep = seps.length >= 2 && seps[0] === seps[1] && seps[0] !== " ";
  if (sameSep && groups.length >= 3) {
    if (a.length === 4 && isMonth(b) && isDay(c)) return true;
    if (c.length === 4 && ((isDay(a) && isMonth(b)) || (isMonth(a) && isDay(b)))) return true;
  }
  if (groups.length === 4 && seps.every((s) => s === ".") && groups.every((g) => g.length <= 3)) {
    if (!candidate.startsWith("0")) return true;
  }
  return (
    groups.length === 3 && seps.every((s) => s === "-") && a.length === 3 && b.length === 2 && c.length === 4
  );
}

const PIECES = [
  "0",
  "1",
  "2",
  "9",
  "12",
  "31",
  "13",
  "2015",
  "123",
  "45",
  "6789",
  "-",
  ".",
  "/",
  " ",
  "(",
  ")",
  "+",
  "  ",
  "x",
];
const candidate = fc.array(fc.constantFrom(...PIECES), { maxLength: 14 }).map((p) => p.join(""));

describe("phone candidate shape", () => {
  it("isNonPhoneShape and digitGroupCount agree with the split-and-filter reading", () => {
    fc.assert(
      fc.property(candidate, (c) => {
        expect(isNonPhoneShape(c)).toBe(oracleNonPhoneShape(c));
        expect(digitGroupCount(c)).toBe(oracleGroups(c).length);
        expect(digitGroups(c)).toEqual(oracleGroups(c));
      }),
      { numRuns: 5000 },
    );
  });

  it("reads a candidate in place inside a longer text as it reads the candidate alone", () => {
    const around = fc.constantFrom("", "7", " ", "-", "2015-", "call ", "(", "0.");
    fc.assert(
      fc.property(around, candidate, around, (before, c, after) => {
        const text = `${before}${c}${after}`;
        const start = before.length;
        const end = start + c.length;
        expect(isNonPhoneShapeAt(text, start, end)).toBe(isNonPhoneShape(c));
        expect(digitGroupCountAt(text, start, end)).toBe(digitGroupCount(c));
      }),
      { numRuns: 3000 },
    );
  });

  it("knows the shapes it names", () => {
    for (const date of ["2015-12-22", "22/12/2015", "12/22/2015", "2015-12-22 04"])
      expect(isNonPhoneShape(date)).toBe(true);
    expect(isNonPhoneShape("10.1.2.3")).toBe(true);
    expect(isNonPhoneShape("123-45-6789")).toBe(true);
    expect(isNonPhoneShape("415-555-0100")).toBe(false);
    // Spaces are how phones are grouped: a date's shape with spaces is no date.
    expect(isNonPhoneShape("2015 12 22")).toBe(false);
    expect(isNonPhoneShape("22 12 2015")).toBe(false);
    expect(isNonPhoneShape("2015--12--22")).toBe(true);
  });
});
