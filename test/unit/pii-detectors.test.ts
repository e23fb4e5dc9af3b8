import { describe, expect, it } from "vitest";
import { createPiiDetectors, PII_TYPES, type PiiType } from "../../src/engine/detectors/pii/index.js";
import type { TextMatch } from "../../src/engine/types.js";
import { breakLuhn, fakeCardNumber, fakeIban } from "../../src/shared/fake-credentials.js";
import { describeRobustness } from "../helpers/detector-robustness.js";

type Found = { type: string; start: number; end: number; text: string };

function detect(text: string, types?: readonly PiiType[]): Found[] {
  const out: TextMatch[] = [];
  for (const detector of createPiiDetectors(types ? { types } : {})) detector.detect(text, out);
  return out.map((m) => ({ type: m.type, start: m.start, end: m.end, text: text.slice(m.start, m.end) }));
}

/** Expected finding for the first occurrence of `value` in `text`, with exact offsets. */
function at(text: string, value: string, type: PiiType): Found {
  const start = text.indexOf(value);
  if (start === -1) throw new Error(`test bug: ${value} not in ${text}`);
  return { type, start, end: start + value.length, text: value };
}

describe("createPiiDetectors", () => {
  it("creates one detector per type with pii.<type> ids", () => {
    const detectors = createPiiDetectors();
    expect(detectors.map((d) => d.id)).toEqual(PII_TYPES.map((t) => `pii.${t}`));
    expect(detectors.every((d) => d.kind === "pii")).toBe(true);
  });

  it("honours the types option", () => {
    expect(createPiiDetectors({ types: ["iban", "email"] }).map((d) => d.id)).toEqual([
      "pii.email",
      "pii.iban",
    ]);
    expect(createPiiDetectors({ types: [] })).toEqual([]);
  });

  it("reports ruleId and kind on every match", () => {
    const out: TextMatch[] = [];
    for (const d of createPiiDetectors({ types: ["email"] })) d.detect("x a@b.io y", out);
    expect(out).toEqual([{ kind: "pii", type: "email", start: 2, end: 8, ruleId: "pii.email" }]);
  });
});

describe("email", () => {
  const positives = [
    "bob@example.com",
    "first.last+tag@sub.example.co.uk",
    "o'brien@host.ie",
    "x_y-z@a-b.io",
    "user%ops@mail.xn--p1ai",
  ];
  for (const email of positives) {
    it(`finds ${email}`, () => {
      const text = `Contact: ${email}, thanks.`;
      expect(detect(text, ["email"])).toEqual([at(text, email, "email")]);
    });
  }

  it("trims surrounding punctuation and sentence dots", () => {
    const text = 'Write to "<bob@x.io>" or (ann@y.org).';
    expect(detect(text, ["email"])).toEqual([at(text, "bob@x.io", "email"), at(text, "ann@y.org", "email")]);
  });

  it("keeps only the part after a double dot in the local part", () => {
    const text = "a..b@x.io";
    expect(detect(text, ["email"])).toEqual([at(text, "b@x.io", "email")]);
  });

  const negatives = [
    "@mention only",
    "user@localhost",
    "user@host.c",
    "user@host.123",
    "user@-host.com",
    "trailing.@x.io",
    "npm i @types/node@20",
    "https://user:pw@example.com/path",
    "a@b@c",
  ];
  for (const text of negatives) {
    it(`ignores ${JSON.stringify(text)}`, () => {
      expect(detect(text, ["email"])).toEqual([]);
    });
  }
});

describe("phone", () => {
  const positives: [string, string][] = [
    ["Call +1 (415) 555-2671 today", "+1 (415) 555-2671"],
    ["UK office 020 7946 0958.", "020 7946 0958"],
    ["Tel: +44 20 7946 0958", "+44 20 7946 0958"],
    ["Paris: 01 42 68 53 00", "01 42 68 53 00"],
    ["Mobil: 0151 23456789", "0151 23456789"],
    ["US format (212) 555-0199 works", "(212) 555-0199"],
    ["dotted 212.555.0199 too", "212.555.0199"],
    ["with extension 212-555-0199x204 here", "212-555-0199x204"],
    ["desk 212-555-0199 ext. 12 please", "212-555-0199 ext. 12"],
    ["desk 212-555-0199 extension 7 please", "212-555-0199 extension 7"],
    ["desk 212-555-0199 X204 upper case is no extension", "212-555-0199"],
    ["desk 212-555-0199 e12 half a word is none", "212-555-0199"],
    ["+41 (0)44 668 18 00 Zurich", "+41 (0)44 668 18 00"],
    ["International +4915123456789 bare", "+4915123456789"],
    ["Phone: 467 3395", "467 3395"],
    ["call me on 9472 7916?", "9472 7916"],
    ["555 0100 office", "555 0100"],
  ];
  for (const [text, phone] of positives) {
    it(`finds ${phone}`, () => {
      expect(detect(text, ["phone"])).toEqual([at(text, phone, "phone")]);
    });
  }

  const negatives = [
    "version 1.2.3.4.5 and 10.0.0.1",
    "on 2024-01-15 at 12:30",
    "on 15/01/2024 and 01.15.2024",
    "timestamp 2015-12-22 04:34:22",
    "order number 5839201734",
    "invoice #20240115 total 1234567",
    "uuid 123e4567-e89b-12d3-a456-426614174000",
    "card 4111111111111111",
    "SSN 123-45-6789",
    "meet at 224 4966 Bond Street",
    "postcode 3610-114 Lisbon",
    "pi is 3.14159265358979",
    "id=ab1234567890",
    "count 1234567 rows",
    "https://www.roblox.com/users/1161725854/profile",
  ];
  for (const text of negatives) {
    it(`ignores ${JSON.stringify(text)}`, () => {
      expect(detect(text, ["phone"])).toEqual([]);
    });
  }

  it("uses the configured regions for national formats", () => {
    const text = "Ring 0412 345 678 now";
    const au = createPiiDetectors({ types: ["phone"], phoneRegions: ["AU"] });
    const out: TextMatch[] = [];
    for (const d of au) d.detect(text, out);
    expect(out.map((m) => text.slice(m.start, m.end))).toEqual(["0412 345 678"]);
  });
});

describe("credit_card", () => {
  const brands: [string, string, number][] = [
    ["visa 16", "4", 16],
    ["visa 13", "4", 13],
    ["visa 19", "4", 19],
    ["mastercard", "51", 16],
    ["mastercard 2-series", "2221", 16],
    ["amex", "37", 15],
    ["diners", "36", 14],
    ["discover", "6011", 16],
    ["jcb", "35", 16],
    ["unionpay 19", "62", 19],
    ["maestro 12", "50", 12],
  ];
  for (const [name, prefix, length] of brands) {
    it(`finds a Luhn-valid ${name} number`, () => {
      const card = fakeCardNumber(prefix, length, length + prefix.length);
      const text = `Card: ${card}.`;
      expect(detect(text, ["credit_card"])).toEqual([at(text, card, "credit_card")]);
    });
  }

  it("accepts space and dash group separators in printed layouts", () => {
    const visa = fakeCardNumber("4", 16, 3);
    const amex = fakeCardNumber("34", 15, 4);
    const spaced = visa.replace(/(\d{4})(?=\d)/g, "$1 ");
    const dashed = visa.replace(/(\d{4})(?=\d)/g, "$1-");
    const amexPrinted = `${amex.slice(0, 4)} ${amex.slice(4, 10)} ${amex.slice(10)}`;
    const text = `a ${spaced} b ${dashed} c ${amexPrinted} d`;
    expect(detect(text, ["credit_card"])).toEqual([
      at(text, spaced, "credit_card"),
      at(text, dashed, "credit_card"),
      at(text, amexPrinted, "credit_card"),
    ]);
  });

  it("finds a printed card followed by another number group", () => {
    const card = fakeCardNumber("4", 16, 5).replace(/(\d{4})(?=\d)/g, "$1 ");
    const text = `pay ${card} 12 27`;
    expect(detect(text, ["credit_card"])).toEqual([at(text, card, "credit_card")]);
  });

  it("finds the famous public test number", () => {
    expect(detect("4111 1111 1111 1111", ["credit_card"])).toHaveLength(1);
  });

  it("ignores Luhn failures, odd grouping, mixed separators and longer numbers", () => {
    const card = fakeCardNumber("4", 16, 6);
    const texts = [
      `bad ${breakLuhn(card)} end`,
      `odd ${card.slice(0, 3)} ${card.slice(3, 9)} ${card.slice(9)}`,
      `mixed ${card.slice(0, 4)} ${card.slice(4, 8)}-${card.slice(8, 12)} ${card.slice(12)}`,
      `long ${card}7 end`,
      `glued x${card} end`,
      `phone +${card.slice(0, 12)}`,
      "uuid 12345678-1234-1234-1234-123456789012",
      "short 123456789012 if Luhn fails: 123456789013",
      "version 4.1.1.1.1.1.1.1.1.1.1.1.1.1",
    ];
    for (const text of texts) expect(detect(text, ["credit_card"]), text).toEqual([]);
  });

  it("finds a card next to another digit group in the same run", () => {
    const card = fakeCardNumber("4", 16, 36);
    const printed = card.replace(/(\d{4})(?=\d)/g, "$1 ");
    const amex = fakeCardNumber("37", 15, 8);
    const amexPrinted = `${amex.slice(0, 4)} ${amex.slice(4, 10)} ${amex.slice(10)}`;
    const texts: [string, string][] = [
      [`0 ${card}`, card],
      [` ${card} 0`, card],
      [`qty 12 ${card} 7 x`, card],
      [`7 ${printed}`, printed],
      [`no 123 ${printed} 45 67`, printed],
      [`${card} 12 27`, card],
      [`ref 1-5 ${card}`, card],
      [`id 9 ${amexPrinted} 2`, amexPrinted],
      ["7 4111 1111 1111 1111", "4111 1111 1111 1111"],
    ];
    for (const [text, value] of texts) {
      expect(detect(text, ["credit_card"]), text).toEqual([at(text, value, "credit_card")]);
    }
  });

  it("finds two cards in one separated run", () => {
    const a = fakeCardNumber("4", 16, 40);
    const b = fakeCardNumber("51", 16, 41);
    const text = `cards ${a} ${b} end`;
    expect(detect(text, ["credit_card"])).toEqual([at(text, a, "credit_card"), at(text, b, "credit_card")]);
  });

  it("does not find a card in sub-runs that are not one (near misses)", () => {
    const card = fakeCardNumber("4", 16, 36);
    const printed = card.replace(/(\d{4})(?=\d)/g, "$1 ");
    const texts = [
      `0 ${breakLuhn(card)}`,
      ` ${breakLuhn(card)} 0`,
      `7 ${breakLuhn(printed)} 1`,
      // Not aligned on group boundaries: the card's digits are split across groups.
      `${card.slice(0, 5)} ${card.slice(5)} 1`,
      `12 ${card.slice(0, 10)} ${card.slice(10)}`,
      // A sub-run joined by a dash to a digit is part of an identifier, on either side.
      `ref 12-${card}-3`,
      `ref 12-${printed.replace(/ /g, "-")}`,
      `${printed.replace(/ /g, "-")}-9`,
      // Mixed separators inside the sub-run.
      `1 ${printed.slice(0, 9)}-${printed.slice(10)} 2`,
      // Too long even after dropping groups: a single 17-digit group.
      `0 ${card}7 0`,
      // Digits glued to a word or a plus sign.
      `x${card} 0`,
      `0 +${card}`,
    ];
    for (const text of texts) expect(detect(text, ["credit_card"]), text).toEqual([]);
  });

  it("ignores a Luhn-valid number inside a dashed identifier", () => {
    const card = fakeCardNumber("4", 16, 7);
    expect(detect(`ref ab12-${card}`, ["credit_card"])).toEqual([]);
  });
});

describe("iban", () => {
  it("finds electronic and print formats with exact spans", () => {
    const text = "Pay DE89370400440532013000 or DE89 3704 0044 0532 0130 00, thanks";
    expect(detect(text, ["iban"])).toEqual([
      at(text, "DE89370400440532013000", "iban"),
      at(text, "DE89 3704 0044 0532 0130 00", "iban"),
    ]);
  });

  it("finds generated IBANs for several countries, lower case too", () => {
    const ibans = [
      fakeIban("GB", "WEST12345698765432"),
      fakeIban("FR", "20041010050500013M02606"),
      fakeIban("NL", "ABNA0417164300"),
      fakeIban("CH", "00762011623852957"),
    ];
    const text = `${ibans.join("; ")}; ${ibans[0]!.toLowerCase()}`;
    expect(detect(text, ["iban"]).map((f) => f.text)).toEqual([...ibans, ibans[0]!.toLowerCase()]);
  });

  it("ignores bad checksums, wrong lengths, unknown countries and glued text", () => {
    const texts = [
      "DE88370400440532013000",
      "DE8937040044053201300",
      "DE893704004405320130001",
      "XX89370400440532013000",
      "ID:DE89370400440532013000X",
      "aDE89370400440532013000",
      "DE89 3704 0044 0532 013 000",
    ];
    for (const text of texts) expect(detect(text, ["iban"]), text).toEqual([]);
  });
});

describe("us_ssn", () => {
  it("finds dashed and spaced SSNs", () => {
    const text = "SSNs 123-45-6789 and 078 12 3456.";
    expect(detect(text, ["us_ssn"])).toEqual([
      at(text, "123-45-6789", "us_ssn"),
      at(text, "078 12 3456", "us_ssn"),
    ]);
  });

  it("finds nine bare digits only after an SSN keyword", () => {
    const text = "SSN: 123456789; Social Security number 234567890; ref 345678901";
    expect(detect(text, ["us_ssn"])).toEqual([
      at(text, "123456789", "us_ssn"),
      at(text, "234567890", "us_ssn"),
    ]);
  });

  it("applies the area, group and serial rules", () => {
    const texts = [
      "000-12-3456",
      "666-12-3456",
      "900-12-3456",
      "999-12-3456",
      "123-00-4567",
      "123-45-0000",
      "078-05-1120",
      "ssn 000123456",
    ];
    for (const text of texts) expect(detect(text, ["us_ssn"]), text).toEqual([]);
  });

  it("ignores mixed separators, longer numbers and phone-like shapes", () => {
    for (const text of ["123-45 6789", "1123-45-6789", "123-45-67890", "123-456-7890", "x123-45-6789"]) {
      expect(detect(text, ["us_ssn"]), text).toEqual([]);
    }
  });
});

describe("ip_address", () => {
  it("finds IPv4 addresses", () => {
    const text = "from 192.168.0.1, to 8.8.8.8. Also 255.255.255.255";
    expect(detect(text, ["ip_address"])).toEqual([
      at(text, "192.168.0.1", "ip_address"),
      at(text, "8.8.8.8", "ip_address"),
      at(text, "255.255.255.255", "ip_address"),
    ]);
  });

  it("finds full, compressed and IPv4-mapped IPv6 addresses", () => {
    const text =
      "a 2001:0db8:85a3:0000:0000:8a2e:0370:7334 b fe80::1ff:fe23:4567:890a c 2001:db8::1. d ::ffff:10.1.2.3";
    const found = detect(text, ["ip_address"]);
    expect(found).toContainEqual(at(text, "2001:0db8:85a3:0000:0000:8a2e:0370:7334", "ip_address"));
    expect(found).toContainEqual(at(text, "fe80::1ff:fe23:4567:890a", "ip_address"));
    expect(found).toContainEqual(at(text, "2001:db8::1", "ip_address"));
    expect(found).toContainEqual(at(text, "::ffff:10.1.2.3", "ip_address"));
  });

  it("ignores version strings, bad octets, times, MACs and code paths", () => {
    const texts = [
      "v1.2.3.4",
      "1.2.3.4.5",
      "release 10.0.0.1.2",
      "256.1.1.1",
      "1.2.3",
      "at 12:30:45",
      "mac 00:1A:2B:3C:4D:5E",
      "std::vector and a::b",
      "Foo::Bar::baz",
      "sha 1.2.3.4-beta",
    ];
    for (const text of texts) expect(detect(text, ["ip_address"]), text).toEqual([]);
  });
});

describeRobustness("PII detectors", createPiiDetectors(), {
  fragments: ["0", "1", "4", "9", " ", "-", ".", ":", "@", "+", "(", ")", "a", "E", "x"],
  benign: "lorem ipsum 12 dolor sit amet, ".repeat(34_000),
  adversarial: [
    ["digit groups", "1111-".repeat(20_000)],
    ["digit groups with spaces", "1111 ".repeat(20_000)],
    ["long digit run", "1".repeat(100_000)],
    ["at signs", "aaaa@".repeat(20_000)],
    ["dotted local parts", `${"a.".repeat(50_000)}@x`],
    ["dotted domains", `a@${"b.".repeat(50_000)}`],
    ["dotted numbers", "1.".repeat(50_000)],
    ["colons", "a:".repeat(50_000)],
    ["hex colons", "ff:".repeat(33_000)],
    ["iban prefixes", "DE89".repeat(25_000)],
    ["iban print groups", `DE89 ${"3704 ".repeat(20_000)}`],
    ["phone-ish", "+1 (".repeat(25_000)],
    ["ssn-ish", "123-45-".repeat(15_000)],
  ],
});
