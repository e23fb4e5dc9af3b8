/**
 * The per-token tests of the secret detectors, rewritten for speed, give exactly what the straightforward versions
 * they replaced give: Shannon entropy counted in a typed array (the same double, bit for bit, as counting in a Map),
 * the CRC32 of a GitHub/npm token computed over the string (zlib's over a latin1 buffer), the repeated-unit test of
 * placeholders probing every `need`-th position (every position), the keyboard-run test stopping at the first long
 * run (the longest run). The straightforward versions are kept here as oracles.
 */
import { crc32 } from "node:zlib";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { base62Crc32, crc32Latin1, passesCrc32Base62 } from "../../src/engine/detectors/secrets/checksums.js";
import { hasKeyboardRun } from "../../src/engine/detectors/secrets/documentation-example.js";
import { isRepeatedUnit } from "../../src/engine/detectors/secrets/placeholder.js";
import { entropyAtLeast, shannonEntropy } from "../../src/engine/detectors/shared/shannon-entropy.js";

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
const RUNS = { numRuns: 3000, seed: 1611 };

function entropyOracle(value: string): number {
  const n = value.length;
  if (n === 0) return 0;
  const counts = new Map<number, number>();
  for (let i = 0; i < n; i++) {
    const c = value.charCodeAt(i);
    counts.set(c, (counts.get(c) ?? 0) + 1);
  }
  let bits = 0;
  for (const count of counts.values()) {
    const p = count / n;
    bits -= p * Math.log2(p);
  }
  return bits;
}

function base62CrcOracle(data: string): string {
  let n = crc32(Buffer.from(data, "latin1")) >>> 0;
  let out = "";
  do {
    out = BASE62[n % 62] + out;
    n = Math.floor(n / 62);
  } while (n > 0);
  return out.padStart(6, "0");
}

const passesOracle = (body: string) =>
  body.length >= 7 && base62CrcOracle(body.slice(0, -6)) === body.slice(-6);

function repeatedUnitOracle(lower: string): boolean {
  if (lower.length < 8) return false;
  for (let unit = 2; unit <= 8; unit++) {
    let run = 0;
    let longest = 0;
    for (let i = unit; i < lower.length; i++) {
      run = lower.charCodeAt(i) === lower.charCodeAt(i - unit) ? run + 1 : 0;
      if (run > longest) longest = run;
    }
    const covered = longest + unit;
    if (covered >= unit * 3 && covered * 3 >= lower.length * 2) return true;
  }
  return false;
}

function keyboardRunOracle(value: string): boolean {
  let best = 1;
  let run = 1;
  for (let i = 1; i < value.length; i++) {
    run = value.charCodeAt(i) === value.charCodeAt(i - 1) + 1 ? run + 1 : 1;
    if (run > best) best = run;
  }
  return best > 5;
}

/** Strings from a few characters (repeats, runs and units are common), base62 tokens, and any UTF-16 units. */
const values = fc.oneof(
  fc.string({ unit: fc.constantFrom("a", "b", "c", "A", "1", "2"), maxLength: 60 }),
  fc.string({ unit: fc.constantFrom(...BASE62), minLength: 7, maxLength: 80 }),
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.string({ unit: fc.constantFrom("0", "1", "2", "3", "4", "5", "6", "7", "x"), maxLength: 40 }),
);

/** A value of one unit repeated (case changed here and there), with a head and a tail around it. */
const repeatedUnits = fc
  .tuple(
    fc.string({ unit: fc.constantFrom("a", "b", "1", "z"), minLength: 2, maxLength: 8 }),
    fc.integer({ min: 1, max: 8 }),
    fc.string({ unit: fc.constantFrom("q", "a", "9"), maxLength: 12 }),
    fc.string({ unit: fc.constantFrom("q", "b", "8"), maxLength: 12 }),
  )
  .map(([unit, times, head, tail]) => `${head}${unit.repeat(times)}${tail}`);

describe("the secret detectors' per-token tests equal their straightforward versions", () => {
  it("Shannon entropy is the same double", () => {
    fc.assert(
      fc.property(values, (value) => {
        expect(Object.is(shannonEntropy(value), entropyOracle(value))).toBe(true);
      }),
      RUNS,
    );
  });

  it("the entropy floor answers what comparing the full sum answers, at every floor near the value's entropy", () => {
    // Uniform values (each unit the same number of times) have min-entropy equal to their entropy: the bound's edge.
    const uniform = fc
      .tuple(fc.integer({ min: 1, max: 40 }), fc.integer({ min: 1, max: 5 }))
      .map(([units, times]) => Array.from({ length: units }, (_, i) => BASE62[i]!.repeat(times)).join(""));
    const floors = (h: number) => [
      h,
      h - 1e-12,
      h + 1e-12,
      h - 1e-6,
      h + 1e-6,
      h - 0.3,
      2.3,
      2.5,
      3,
      3.3,
      3.5,
      4,
    ];
    fc.assert(
      fc.property(fc.oneof(values, uniform), (value) => {
        const h = entropyOracle(value);
        for (const floor of floors(h)) expect(entropyAtLeast(value, floor)).toBe(h >= floor);
      }),
      RUNS,
    );
  });

  it("the CRC32 and its base62 form are zlib's", () => {
    fc.assert(
      fc.property(values, (value) => {
        expect(crc32Latin1(value)).toBe(crc32(Buffer.from(value, "latin1")) >>> 0);
        expect(base62Crc32(value)).toBe(base62CrcOracle(value));
      }),
      RUNS,
    );
  });

  it("a body passes the checksum exactly when zlib's CRC says so (valid, edited and random tails)", () => {
    const bodies = fc
      .tuple(
        fc.string({ unit: fc.constantFrom(...BASE62), minLength: 1, maxLength: 40 }),
        fc.nat(5),
        fc.constantFrom(...`${BASE62}-_.\u00e9`),
        fc.boolean(),
      )
      .map(([data, at, edit, keep]) => {
        const sum = base62CrcOracle(data);
        return keep ? data + sum : data + sum.slice(0, at) + edit + sum.slice(at + 1);
      });
    fc.assert(
      fc.property(fc.oneof(bodies, values), (body) => {
        expect(passesCrc32Base62(body)).toBe(passesOracle(body));
      }),
      RUNS,
    );
  });

  it("the repeated-unit test finds what reading every position finds", () => {
    let found = 0;
    fc.assert(
      fc.property(fc.oneof(values, repeatedUnits), (value) => {
        const lower = value.toLowerCase();
        const expected = repeatedUnitOracle(lower);
        if (expected) found++;
        expect(isRepeatedUnit(lower)).toBe(expected);
      }),
      RUNS,
    );
    // The generators reach both answers often.
    expect(found).toBeGreaterThan(RUNS.numRuns / 10);
  });

  it("the keyboard-run test finds what the longest run finds", () => {
    fc.assert(
      fc.property(values, (value) => {
        expect(hasKeyboardRun(value)).toBe(keyboardRunOracle(value));
      }),
      RUNS,
    );
  });
});
