import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createPiiDetectors } from "../../src/engine/detectors/pii/index.js";
import { replacementFor } from "../../src/engine/scan/redaction.js";
import type { TextMatch } from "../../src/engine/types.js";

const settings = { hashKey: undefined, maskKeepLast: 4 };
const masked = (type: string, value: string) => replacementFor("mask", type, value, settings);

describe("mask fits the type", () => {
  it.each([
    ["email", "jane.doe@example.com", "j***@example.com"],
    ["credit_card", "4111-1111-1111-1234", "****-****-****-1234"],
    ["credit_card", "4111 1111 1111 1234", "**** **** **** 1234"],
    ["credit_card", "4111111111111234", "************1234"],
    ["us_ssn", "536-90-4399", "***-**-4399"],
    ["phone", "+1 (415) 555-2671", "+* (***) ***-2671"],
    ["iban", "DE89 3704 0044 0532 0130 00", "**** **** **** **** **30 00"],
    ["generic_credential", "s3cretValue!x", "*********ue!x"],
    ["generic_credential", "short", "*****"],
  ])("%s %s -> %s", (type, value, expected) => {
    expect(masked(type, value)).toBe(expected);
  });

  it("keeps the length and the separators of digit groups", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9]{1,6}(?:[ -][0-9]{1,6}){0,4}$/), (value) => {
        const out = masked("credit_card", value);
        expect(out).toHaveLength(value.length);
        expect(out.replace(/[0-9*]/g, "")).toBe(value.replace(/[0-9]/g, ""));
        expect(out.replace(/[^0-9]/g, "").length).toBeLessThanOrEqual(4);
      }),
    );
  });

  it("a masked value is not found again, so checking masked text twice changes nothing", () => {
    const detectors = createPiiDetectors();
    for (const [type, value] of [
      ["email", "jane.doe@example.com"],
      ["credit_card", "4111 1111 1111 1111"],
      ["us_ssn", "536-90-4399"],
      ["phone", "+1 (415) 555-2671"],
    ] as const) {
      const out: TextMatch[] = [];
      for (const d of detectors) d.detect(`value ${masked(type, value)} here`, out);
      expect(out, type).toEqual([]);
    }
  });
});
