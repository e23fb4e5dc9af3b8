import { fakeCardNumber, fakeIban } from "../../../testing/fake-credentials.js";
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
    keywords: ["@"],
    examples: {
      positive: ["write to jane.doe@example.com today", "cc: b@x.io"],
      // `j***@example.com` is the mask action's own output: a second check must not find it again.
      negative: ["@mention in chat", "user@localhost", "a@b", "j***@example.com"],
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
      negative: ["version 1.2.3", "order 12 of 2024"],
    },
  },
  {
    id: "pii.credit_card",
    kind: "pii",
    type: "credit_card",
    family: "pii",
    summary: "payment card numbers of every brand, 12-19 digits, spaced or dashed",
    defaults,
    detector: createCreditCardDetector,
    validator: "Luhn and the brand's prefix and length",
    examples: {
      positive: [() => `card ${fakeCardNumber("4", 16)} exp 12/29`, "4111 1111 1111 1111"],
      negative: ["4111 1111 1111 1112", "order 1234567890123"],
    },
  },
  {
    id: "pii.iban",
    kind: "pii",
    type: "iban",
    family: "pii",
    summary: "international bank account numbers",
    defaults,
    detector: createIbanDetector,
    validator: "mod-97 and the country's length (ibantools)",
    examples: {
      positive: [() => `pay to ${fakeIban("DE", "370400440532013000")}`],
      negative: ["DE00 0000 0000 0000 0000 00", "GB12 ABCD"],
    },
  },
  {
    id: "pii.us_ssn",
    kind: "pii",
    type: "us_ssn",
    family: "pii",
    summary: "US social security numbers",
    defaults,
    detector: createUsSsnDetector,
    validator: "area, group and serial rules (no 000, 666, 9xx areas)",
    context: { raise: ["ssn", "social security"] },
    examples: {
      positive: ["SSN 536-90-4399 on file"],
      negative: ["SSN 000-12-3456", "666-12-3456"],
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
