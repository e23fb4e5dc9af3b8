/**
 * PII in the formats real data uses (issue 9, item 6), through the real engine under the default policy (so the
 * normalised view takes part): cards in every brand's grouping with any separator, SSNs spaced, dotted or bare
 * after a keyword, IBANs that pass mod-97 but not a national check digit, and phone numbers that are not cards.
 */
import { isValidIBAN } from "ibantools";
import { describe, expect, it } from "vitest";
import { LocalPolicyEngine } from "../../src/engine/local-engine.js";
import {
  breakLuhn,
  fakeCardNumber,
  fakeIban,
  withLuhnCheckDigit,
} from "../../src/shared/fake-credentials.js";

const engine = new LocalPolicyEngine({}, { worker: false });
const base = { connectorType: "acme.read", serverName: "acme", toolName: "read", callId: "c1", args: {} };

async function piiFindings(text: string): Promise<{ type: string; text: string }[]> {
  const decision = await engine.checkOutput({ ...base, result: { content: [{ type: "text", text }] } });
  return decision.findings
    .filter((f) => f.kind === "pii" && f.start !== undefined)
    .map((f) => ({ type: f.type, text: text.slice(f.start, f.end) }));
}

function grouped(digits: string, layout: readonly number[], sep: string): string {
  const parts: string[] = [];
  let at = 0;
  for (const n of layout) {
    parts.push(digits.slice(at, at + n));
    at += n;
  }
  return parts.join(sep);
}

function fakeLuhnValid(digits: string): boolean {
  return withLuhnCheckDigit(digits.slice(0, -1)) === digits;
}

const SEPARATORS: Record<string, string> = {
  space: " ",
  dash: "-",
  dot: ".",
  nbsp: "\u00a0",
  thin: "\u2009",
  "narrow nbsp": "\u202f",
  "en dash": "\u2013",
};
const LAYOUTS: [string, string, readonly number[]][] = [
  ["visa 4-4-4-4", "4", [4, 4, 4, 4]],
  ["amex 4-6-5", "37", [4, 6, 5]],
  ["diners 4-6-4", "36", [4, 6, 4]],
  ["visa 13 4-3-3-3", "4", [4, 3, 3, 3]],
  ["unionpay 19 6-13", "62", [6, 13]],
  ["visa 19 4-4-4-4-3", "4", [4, 4, 4, 4, 3]],
];

describe("credit cards in every grouping, any separator", () => {
  let seed = 100;
  for (const [name, prefix, layout] of LAYOUTS) {
    for (const [sepName, sep] of Object.entries(SEPARATORS)) {
      const card = fakeCardNumber(
        prefix,
        layout.reduce((a, b) => a + b, 0),
        seed++,
      );
      const written = grouped(card, layout, sep);
      it(`${name} with ${sepName}: one card finding over the whole number, no phone`, async () => {
        const found = await piiFindings(`Please charge the card ${written} for the renewal.`);
        expect(found).toEqual([{ type: "credit_card", text: written }]);
      });
    }
  }

  it("a grouping that fails Luhn stays unflagged", async () => {
    const card = breakLuhn(fakeCardNumber("37", 15, 7));
    expect(await piiFindings(`ref ${grouped(card, [4, 6, 5], ".")} ok`)).toEqual([]);
  });

  it("a Luhn-valid piece of a longer grouped number is not a card; two cards back to back are", async () => {
    // 16 digits failing Luhn whose last 12 pass: the number goes on in the same layout, so it is one number.
    const tail = fakeCardNumber("5", 12, 9);
    const head = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "0"]
      .map((d) => `${d}${d}0${d}`)
      .find((h) => !fakeLuhnValid(h + tail))!;
    const order = `Order number ${grouped(head + tail, [4, 4, 4, 4], " ")} has shipped.`;
    expect((await piiFindings(order)).filter((f) => f.type === "credit_card")).toEqual([]);
    const a = grouped(fakeCardNumber("4", 16, 1), [4, 4, 4, 4], " ");
    const b = grouped(fakeCardNumber("51", 16, 2), [4, 4, 4, 4], " ");
    expect(await piiFindings(`cards ${a} ${b} on file`)).toEqual([
      { type: "credit_card", text: a },
      { type: "credit_card", text: b },
    ]);
  });

  it("dotted numbers that are not cards stay unflagged (versions, IPs, dates)", async () => {
    for (const text of ["release 2024.10.15.1234", "host 10.20.30.40", "on 12.03.2024", "v1.22.333.4444"]) {
      expect(
        (await piiFindings(text)).filter((f) => f.type === "credit_card"),
        text,
      ).toEqual([]);
    }
  });
});

describe("US SSNs with spaces, dots or none", () => {
  it.each([
    ["spaced", "367 04 1116"],
    ["dotted", "536.22.4187"],
    ["dashed", "536-22-4187"],
  ])("%s after a keyword is an SSN, not a phone", async (_name, ssn) => {
    expect(await piiFindings(`Social Security No. ${ssn} (on file since 2019)`)).toEqual([
      { type: "us_ssn", text: ssn },
    ]);
  });

  it("in a JSON `text` field (a phone word) after an SSN keyword, still the SSN", async () => {
    for (const ssn of ["421 49 0329", "551.90.1518", "169462891"]) {
      const json = JSON.stringify({ review: { text: `Social Security No. ${ssn} (on file since 2019)` } });
      expect(await piiFindings(json), ssn).toEqual([{ type: "us_ssn", text: ssn }]);
    }
  });

  it("bare nine digits count with a context word only", async () => {
    expect(await piiFindings("SSN: 536224187 on file")).toEqual([{ type: "us_ssn", text: "536224187" }]);
    expect((await piiFindings("order 536224187 shipped")).filter((f) => f.type === "us_ssn")).toEqual([]);
  });
});

describe("IBANs by mod-97 without the national check digit", () => {
  // BBANs whose national check digit is wrong; the IBAN check digits are computed over them, so mod-97 passes.
  const cases: [string, string][] = [
    ["BE", "123456789012"],
    ["ES", "21000418450200051331"],
    ["FR", "20041010050500013M02600"],
    ["PL", "109010140000071219812874"],
    ["PT", "000201231234567890150"],
  ];
  for (const [country, bban] of cases) {
    it(`${country}: still an account number`, async () => {
      // One digit of the BBAN changed, where the national check digit covers it (mod-97 is recomputed).
      const variants = [...bban].flatMap((_, i) =>
        Array.from({ length: 10 }, (_, d) =>
          fakeIban(country, bban.slice(0, i) + String(d) + bban.slice(i + 1)),
        ),
      );
      const iban = variants.find((candidate) => !isValidIBAN(candidate))!;
      expect(iban, "the case must fail the national check").toBeDefined();
      const print = iban.replace(/(.{4})(?=.)/g, "$1 ");
      expect(await piiFindings(`IBAN: ${iban} / ${print}.`)).toEqual([
        { type: "iban", text: iban },
        { type: "iban", text: print },
      ]);
    });
  }

  it("a wrong mod-97 check stays unflagged", async () => {
    const iban = fakeIban("BE", "123456789013");
    const wrong = `${iban.slice(0, 2)}${(Number(iban.slice(2, 4)) + 1) % 100}`.padEnd(4, "0") + iban.slice(4);
    expect((await piiFindings(`IBAN: ${wrong}.`)).filter((f) => f.type === "iban")).toEqual([]);
  });
});
