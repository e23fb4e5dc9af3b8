import { fakeCardNumber, fakeIban } from "../../../shared/fake-credentials.js";
import { createCreditCardDetector } from "../../detectors/pii/credit-card.js";
import { createEmailDetector } from "../../detectors/pii/email.js";
import { createIbanDetector } from "../../detectors/pii/iban.js";
import { createIpAddressDetector } from "../../detectors/pii/ip-address.js";
import { createPhoneDetector } from "../../detectors/pii/phone.js";
import { createUsSsnDetector } from "../../detectors/pii/us-ssn.js";
import { FAMILY_DEFAULTS } from "../family-defaults.js";
import type { RuleRecord } from "../rule-record.js";

const defaults = FAMILY_DEFAULTS.pii;

export const PII_RULES = [
  {
    id: "pii.email",
    kind: "pii",
    type: "email",
    family: "pii",
    summary: "e-mail addresses (RFC 5321 local part, a dotted domain with a letter TLD)",
    defaults,
    detector: createEmailDetector,
    keywords: ["@", " at ", "(at)", "[at]"],
    examples: {
      positive: ["write to jane.doe@example.com today", "cc: b@x.io", "mail jane dot roe at example dot com"],
      // `j***@example.com` is the mask action's own output: a second check must not find it again.
      negative: [
        "@mention in chat",
        "user@localhost",
        "a@b",
        "j***@example.com",
        "logo@2x.png",
        "report@final.pdf",
      ],
    },
  },
  {
    id: "pii.phone",
    kind: "pii",
    type: "phone",
    family: "pii",
    summary: "phone numbers: international `+..` anywhere, national formats of `pii.phoneRegions`",
    defaults,
    detector: (context) => createPhoneDetector({ regions: context.phoneRegions as never }),
    validator: "libphonenumber-js (numbering plan of the region)",
    examples: {
      positive: ["Call +1 (415) 555-2671 today", "Tel: +44 20 7946 0958"],
      // A card in a printed layout and an SSN after its keyword are not phones.
      negative: [
        "version 1.2.3",
        "order 12 of 2024",
        "card 4111 1111 1111 1111",
        "Social Security No. 536 90 4399",
        // Unix times: under a time key, and as a JSON number under a neutral key.
        '{"timestamp": 1790928000}',
        '{"created_at": 1790928000123, "user_id": 4155552671}',
        '{"events": [1790928000, 1790931600]}',
      ],
    },
  },
  {
    id: "pii.credit_card",
    kind: "pii",
    type: "credit_card",
    family: "pii",
    summary:
      "payment card numbers of every brand, 12-19 digits, in issuers' groupings (4-4-4-4, Amex 4-6-5, Diners 4-6-4, 4-3-3-3, 6-13) with any space, dash or dot",
    defaults,
    detector: createCreditCardDetector,
    validator: "Luhn and a printed layout",
    examples: {
      positive: [
        () => `card ${fakeCardNumber("4", 16)} exp 12/29`,
        "4111 1111 1111 1111",
        () => `amex ${fakeCardNumber("37", 15, 3).replace(/^(\d{4})(\d{6})/, "$1.$2.")}`,
        () => `diners ${fakeCardNumber("36", 14, 4).replace(/^(\d{4})(\d{6})/, "$1\u00a0$2\u00a0")}`,
        () =>
          `visa ${fakeCardNumber("4", 13, 5).replace(/^(\d{4})(\d{3})(\d{3})/, "$1\u2013$2\u2013$3\u2013")}`,
        // 4-4-5, the other print of 13 digits, after a card word.
        () => `card number ${fakeCardNumber("4", 13, 6).replace(/^(\d{4})(\d{4})/, "$1 $2 ")}`,
      ],
      negative: [
        "4111 1111 1111 1112",
        "order 1234567890123",
        "release 2024.10.15.1234",
        () => `order ${fakeCardNumber("4", 13, 6).replace(/^(\d{4})(\d{4})/, "$1 $2 ")}`,
      ],
    },
  },
  {
    id: "pii.iban",
    kind: "pii",
    type: "iban",
    family: "pii",
    summary:
      "international bank account numbers, also when a national check digit fails (still an account number)",
    defaults,
    detector: createIbanDetector,
    validator: "mod-97, the country's length and BBAN format (ibantools)",
    examples: {
      // The Belgian BBAN's national check digit (last two digits) is wrong; mod-97 holds.
      positive: [
        () => `pay to ${fakeIban("DE", "370400440532013000")}`,
        () => `IBAN ${fakeIban("BE", "539007547099")}`,
      ],
      negative: ["DE00 0000 0000 0000 0000 00", "GB12 ABCD"],
    },
  },
  {
    id: "pii.us_ssn",
    kind: "pii",
    type: "us_ssn",
    family: "pii",
    summary: "US social security numbers, dashed, spaced or dotted; nine bare digits after an SSN keyword",
    defaults,
    detector: createUsSsnDetector,
    validator:
      "area, group and serial rules (no 000, 666, 9xx areas); nine bare digits only near `ssn` or `social security`",
    examples: {
      positive: [
        "SSN 536-90-4399 on file",
        "Social Security No. 536 90 4399",
        "ssn: 536.90.4399",
        "SSN 536904399",
      ],
      negative: ["SSN 000-12-3456", "666-12-3456", "order 536904399"],
    },
  },
  {
    id: "pii.ip_address",
    kind: "pii",
    type: "ip_address",
    family: "pii",
    summary: "IPv4 and IPv6 addresses",
    defaults,
    detector: createIpAddressDetector,
    validator: "node:net isIP",
    examples: {
      positive: ["client 203.0.113.7 connected", "from 2001:db8::1 today"],
      negative: ["version 1.2.3", "999.1.1.1"],
    },
  },
] as const satisfies readonly RuleRecord[];
