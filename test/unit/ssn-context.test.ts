/**
 * Nine bare digits as a US SSN by their context (issue 16: "a bare SSN far from its keyword"): the keyword may stand
 * anywhere earlier in the same sentence, or label the number right after it, but not in another sentence, line or
 * structured field. PII precision is kept: the same nine digits with no keyword in their clause stay numbers.
 */
import { describe, expect, it } from "vitest";
import { createPiiDetectors } from "../../src/engine/detectors/pii/index.js";
import type { TextMatch } from "../../src/engine/types.js";

const SSN = "234567891";

function ssns(text: string): string[] {
  const out: TextMatch[] = [];
  for (const d of createPiiDetectors({ types: ["us_ssn"] })) d.detect(text, out);
  return out.map((m) => text.slice(m.start, m.end));
}

describe("a bare SSN far from its keyword", () => {
  it.each([
    `Social Security number on file (verified 2024-03-01 by HR for employee 4417): ${SSN}`,
    `The SSN we have for the applicant listed above, as provided on the intake form, is ${SSN}.`,
    `Her social security number, which she gave us over the phone last week, is ${SSN} and it matches.`,
    `${SSN} (SSN)`,
    `Applicant ID card: ${SSN} - SSN`,
  ])("is found: %s", (text) => {
    expect(ssns(text)).toEqual([SSN]);
  });

  it.each([
    `The SSN field is left empty. Order ${SSN} shipped on Monday.`,
    `ssn: (withheld)\nrouting ${SSN}`,
    `{"ssn": "(withheld)", "account": "${SSN}"}`,
    `ssn=withheld&order=${SSN}`,
    `ssn | name | account\n- | Jane | ${SSN}`,
    `Order ${SSN} shipped; the customer asked about SSN rules.`,
    `tracking number ${SSN} for the parcel`,
  ])("is not found where the keyword belongs to another clause or field: %s", (text) => {
    expect(ssns(text)).toEqual([]);
  });
});
