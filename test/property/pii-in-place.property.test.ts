/**
 * The PII detectors read their candidates in place (offsets into the text, no substring per candidate): the SSN
 * parts, an address's labels and top-level domain, a dotted quad. Each reading agrees with the string functions it
 * stands for: `isValidSsnDigits` on the nine digits, the split-on-dots domain rules, `node:net`'s `isIP`; on short
 * texts (the detectors' own scans) and on long ones after the shared pass (from its digit runs).
 */
import { isIP } from "node:net";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createPiiDetectors } from "../../src/engine/detectors/pii/index.js";
import { isValidSsnDigits } from "../../src/engine/detectors/pii/us-ssn.js";
import { candidateIndex, MIN_PASS_LENGTH, passLiterals } from "../../src/engine/scan/candidates.js";
import type { TextMatch } from "../../src/engine/types.js";
import { fakeCardNumber } from "../../src/shared/fake-credentials.js";

const ANY = passLiterals(["zq"]);
const detectors = createPiiDetectors();
const byId = (id: string) => detectors.find((d) => d.id === id)!;

/** The spans `id` finds in `text`, alone (short) and padded past the pass's length with the pass run first. */
function spans(id: string, text: string): { short: string[]; long: string[] } {
  const detector = byId(id);
  const short: TextMatch[] = [];
  detector.detect(text, short);
  const pad = " lorem ipsum.".repeat(Math.ceil(MIN_PASS_LENGTH / 13) + 1);
  const long = `${text}${pad}`;
  candidateIndex(long).passHits(ANY);
  const found: TextMatch[] = [];
  detector.detect(long, found);
  const show = (list: TextMatch[], of: string) => list.map((m) => `${m.start}:${of.slice(m.start, m.end)}`);
  return { short: show(short, text), long: show(found, long) };
}

const digit = fc.integer({ min: 0, max: 9 }).map(String);
const nineDigits = fc.oneof(
  fc.array(digit, { minLength: 9, maxLength: 9 }).map((d) => d.join("")),
  fc.constantFrom("078051120", "219099999", "000123456", "666123456", "900123456", "123004567", "123450000"),
  fc
    .tuple(fc.constantFrom("001", "665", "667", "899", "123"), fc.constantFrom("00", "01", "99"))
    .map(([a, g]) => `${a}${g}0001`),
);

describe("PII detectors read candidates in place", () => {
  it("an SSN (separated, or bare after its keyword) is found exactly when isValidSsnDigits holds", () => {
    fc.assert(
      fc.property(nineDigits, fc.constantFrom("-", " ", ".", "\u00a0"), (d, sep) => {
        const valid = isValidSsnDigits(d);
        const separated = `id ${d.slice(0, 3)}${sep}${d.slice(3, 5)}${sep}${d.slice(5)} ok`;
        const bare = `SSN: ${d} ok`;
        for (const text of [separated, bare]) {
          const { short, long } = spans("pii.us_ssn", text);
          expect(short.length).toBe(valid ? 1 : 0);
          expect(long).toEqual(short);
        }
      }),
      { numRuns: 2000, seed: 1613 },
    );
  });

  const label = fc.stringMatching(/^[a-z0-9-]{0,9}$/);
  const tld = fc.oneof(
    fc.constantFrom("com", "io", "png", "PDF", "xn--p1ai", "c", "sqlite", "sqlites", "c0m", "-io"),
    label,
  );
  it("an address's domain is accepted by the split-on-dots rules", () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[a-z0-9._]{1,8}$/),
        fc.array(label, { maxLength: 3 }),
        tld,
        fc.constantFrom("", ".", "..", " ", "-"),
        (local, labels, last, after) => {
          const domain = [...labels, last].join(".");
          const text = `to ${local}@${domain}${after} now`;
          const { short, long } = spans("pii.email", text);
          expect(long).toEqual(short);
          if (short.length === 1) {
            const found = short[0]!.slice(short[0]!.indexOf(":") + 1);
            const parts = found.slice(found.indexOf("@") + 1).split(".");
            expect(parts.length).toBeGreaterThanOrEqual(2);
            for (const p of parts) expect(p.length > 0 && !p.startsWith("-") && !p.endsWith("-")).toBe(true);
          }
        },
      ),
      { numRuns: 2000, seed: 1613 },
    );
  });

  it("a standalone dotted quad is an address exactly when isIP says so", () => {
    const octet = fc.oneof(
      fc.integer({ min: 0, max: 300 }).map(String),
      fc.constantFrom("00", "01", "010", "255"),
    );
    fc.assert(
      fc.property(fc.array(octet, { minLength: 4, maxLength: 4 }), (octets) => {
        const quad = octets.join(".");
        const { short, long } = spans("pii.ip_address", `host ${quad} up`);
        expect(short.length).toBe(isIP(quad) === 4 ? 1 : 0);
        expect(long).toEqual(short);
      }),
      { numRuns: 1000, seed: 1613 },
    );
  });

  it("a card at the end of a run of more groups than the card reader keeps columns for is found, twice over", () => {
    const card = fakeCardNumber("4", 16);
    const printed = card.replace(/(\d{4})(?!$)/g, "$1 ");
    // 40,000 one-digit groups: past the columns kept between runs (16,384 groups), so this run gets its own.
    for (const groups of [40_000, 3, 40_000]) {
      const text = `ids ${"7 ".repeat(groups)}${printed} end`;
      const found: TextMatch[] = [];
      byId("pii.credit_card").detect(text, found);
      expect(found.map((m) => text.slice(m.start, m.end))).toEqual([printed]);
    }
  });
});
