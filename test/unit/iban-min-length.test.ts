import { getCountrySpecifications } from "ibantools";
import { describe, expect, it } from "vitest";
import { MIN_IBAN_LENGTH } from "../../src/engine/detectors/pii/iban.js";

describe("the IBAN detector's shortest length", () => {
  it("is the shortest IBAN of ibantools' country table (the detector loads the table only on first use)", () => {
    const lengths = Object.values(getCountrySpecifications()).flatMap((spec) =>
      spec.chars ? [spec.chars] : [],
    );
    expect(MIN_IBAN_LENGTH).toBe(Math.min(...lengths));
  });
});
