/**
 * The IP address detector visits only the colons the shared pass lists (those a hex digit or a colon follows), not
 * every colon of the text: on texts long enough for the pass (ASCII or not, across its 64 kB chunks), built from
 * IPv6 addresses in every form
 * (full, compressed, with an IPv4 tail, upper case), their near-misses (seven colons around non-hex, times, MAC
 * addresses, `key: value`, labels glued to an address) and prose, it finds exactly what it finds with the pass
 * switched off (its own search of every colon); and the pass's list of those colons is exactly them.
 */
import fc from "fast-check";
import { afterEach, describe, expect, it } from "vitest";
import { createIpAddressDetector } from "../../src/engine/detectors/pii/ip-address.js";
import {
  candidateIndex,
  MIN_PASS_LENGTH,
  passLiterals,
  setLiteralPass,
} from "../../src/engine/scan/candidates.js";
import type { TextMatch } from "../../src/engine/types.js";

const ANY = passLiterals(["zq"]);

afterEach(() => setLiteralPass(true));

const hexGroup = fc
  .array(fc.constantFrom(..."0123456789abcdefABCDEF"), { minLength: 1, maxLength: 4 })
  .map((d) => d.join(""));

/** Addresses in the forms isIP accepts, and runs of the same characters it does not. */
const address = fc.oneof(
  fc.array(hexGroup, { minLength: 8, maxLength: 8 }).map((g) => g.join(":")),
  fc
    .tuple(fc.array(hexGroup, { maxLength: 3 }), fc.array(hexGroup, { maxLength: 3 }))
    .map(([a, b]) => `${a.join(":")}::${b.join(":")}`),
  fc.array(hexGroup, { minLength: 6, maxLength: 6 }).map((g) => `${g.join(":")}:10.0.0.1`),
  fc.array(hexGroup, { minLength: 2, maxLength: 9 }).map((g) => g.join(":")),
  fc.array(hexGroup, { minLength: 2, maxLength: 5 }).map((g) => g.join(".:")),
);

const piece = fc.oneof(
  { weight: 4, arbitrary: address },
  {
    weight: 4,
    arbitrary: fc.constantFrom(
      '"key": "value", ',
      '{"a":1,"b":"c"}',
      "12:30:00",
      "2024-01-01T12:30:00Z",
      "00:1a:2b:3c:4d:5e",
      "IP:",
      "Note: ",
      "fe80::1%eth0",
      "::",
      ":::",
      "g:h:i:j:k:l:m:n",
      "x::y",
      "http://example.com:8080/",
      "a:b",
      ".",
      " ",
      "-",
      "\u00e9",
    ),
  },
  { weight: 2, arbitrary: fc.constant(" the report was filed under review before the deadline ") },
);

const text = fc
  .tuple(
    fc.array(piece, { minLength: 10, maxLength: 120 }),
    fc.constantFrom("", " ", "\n"),
    fc.nat({ max: 3 }),
  )
  .map(([parts, separator, at]) => {
    // Some texts put their pieces across the pass's first chunk boundary (65,536 ASCII characters in).
    let out = (at === 0 ? "y".repeat(65_536 - 300) : "") + parts.join(separator);
    while (out.length < MIN_PASS_LENGTH) out += " the report was filed under review before the deadline ";
    return out;
  });

/** Every colon a hex digit or a colon follows. */
function hexColonsOf(t: string): number[] {
  const out: number[] = [];
  for (let i = 0; i + 1 < t.length; i++) if (t[i] === ":" && /[0-9A-Fa-f:]/.test(t[i + 1]!)) out.push(i);
  return out;
}

function findings(t: string): TextMatch[] {
  const out: TextMatch[] = [];
  createIpAddressDetector().detect(t, out);
  return out;
}

describe("the IPv6 scan from the pass's colons", () => {
  it("finds what the scan of every colon finds", () => {
    let found = 0;
    let fromPass = 0;
    fc.assert(
      fc.property(text, (t) => {
        setLiteralPass(false);
        const alone = findings(t);
        setLiteralPass(true);
        candidateIndex(t).passHits(ANY);
        const colons = candidateIndex(t).hexColons();
        if (colons !== undefined) {
          fromPass++;
          expect([...colons]).toEqual(hexColonsOf(t));
        }
        expect(findings(t)).toEqual(alone);
        found += alone.filter((m) => t.slice(m.start, m.end).includes(":")).length;
      }),
      { numRuns: 150, seed: 1409 },
    );
    expect(found).toBeGreaterThan(200);
    expect(fromPass).toBeGreaterThan(40);
  });

  it("reads a colon that ends one of the pass's chunks, the hex digit after it in the next", () => {
    for (const at of [65_534, 65_535, 65_536]) {
      const t = `${"y".repeat(at - 4)} fe80:${"1".repeat(0)}:1 and 2001${":db8".repeat(1)}::7 ${"y".repeat(2000)}`;
      setLiteralPass(false);
      const alone = findings(t);
      setLiteralPass(true);
      candidateIndex(t).passHits(ANY);
      expect(findings(t)).toEqual(alone);
      expect(alone.length).toBe(2);
    }
    const edge = `${"y".repeat(65_530)} abcd:${"ef01:".repeat(6)}2345 ${"y".repeat(2000)}`;
    const colon = edge.indexOf(":");
    candidateIndex(edge).passHits(ANY);
    expect([...(candidateIndex(edge).hexColons() ?? [])]).toContain(colon);
  });
});
