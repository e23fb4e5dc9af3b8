/**
 * The SIMD search for units outside printable ASCII (fold-runs.ts, wasm/fold-runs.ts) against its simple form: the
 * regex `[^\t\n\r\x20-\x7e]` and a loop reading on while units need folding. Units are drawn at every edge the module
 * tells apart (the byte classes around 0x20, 0x7e, 0x7f, 0x80, 0xa0, 0xff, units above 0xff that narrow to 0 or 0xff,
 * surrogates), at every offset of a 16-unit block, and across the 32,768-unit chunks the host writes.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { OddRuns, printableAscii } from "../../src/engine/detectors/injection/fold-runs.js";
import { isPrintableAscii } from "../../src/engine/detectors/injection/normalise.js";

const ODD = /[^\t\n\r\x20-\x7e]/g;

function needsFolding(c: number): boolean {
  return c > 0x7e || (c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d);
}

/** The simple form: each run's start by the regex, its end by reading on. */
function referenceRuns(text: string): number[] {
  const out: number[] = [];
  ODD.lastIndex = 0;
  while (ODD.test(text)) {
    const start = ODD.lastIndex - 1;
    let end = start + 1;
    while (end < text.length && needsFolding(text.charCodeAt(end))) end++;
    out.push(start, end);
    ODD.lastIndex = end;
  }
  return out;
}

const EDGE_UNITS = [
  0x00, 0x08, 0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x0e, 0x1f, 0x20, 0x21, 0x41, 0x5c, 0x7d, 0x7e, 0x7f, 0x80, 0x9f,
  0xa0, 0xde, 0xdf, 0xfe, 0xff, 0x100, 0x109, 0x120, 0x17e, 0x2009, 0x7fff, 0x8000, 0x8020, 0xd83d, 0xde00,
  0xfeff, 0xffff,
];
const unit = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(..."ab c.\n") },
  { weight: 2, arbitrary: fc.constantFrom(...EDGE_UNITS.map((u) => String.fromCharCode(u))) },
  { weight: 1, arbitrary: fc.integer({ min: 0, max: 0xffff }).map((u) => String.fromCharCode(u)) },
);
const text = fc.array(unit, { maxLength: 90 }).map((units) => units.join(""));

const runs = new OddRuns();
const found = (t: string) => Array.from(runs.of(t).runs.subarray(0, 2 * runs.count));

describe("the runs of units outside printable ASCII", () => {
  it("are the simple form's, and the text is printable ASCII exactly when it has none", () => {
    fc.assert(
      fc.property(text, (t) => {
        const expected = referenceRuns(t);
        expect(found(t)).toEqual(expected);
        expect(printableAscii(t)).toBe(expected.length === 0);
        expect(isPrintableAscii(t)).toBe(expected.length === 0);
      }),
      { numRuns: 5000, seed: 1815 },
    );
  });

  it("tell every unit apart as the simple form does, at every offset of a block", () => {
    for (let u = 0; u <= 0xffff; u++) {
      const ch = String.fromCharCode(u);
      const at = u % 37;
      const t = `${"x".repeat(at)}${ch}${"y".repeat(50 - at)}`;
      expect(found(t)).toEqual(referenceRuns(t));
      expect(printableAscii(t)).toBe(!needsFolding(u));
    }
  });

  it("run on across the host's 32,768-unit chunks", () => {
    const chunk = 1 << 15;
    fc.assert(
      fc.property(
        fc.integer({ min: -20, max: 20 }),
        fc.integer({ min: 1, max: 40 }),
        fc.constantFrom("\u2500", "\x01", "\ud83d\ude00", "\u00e9"),
        fc.integer({ min: 0, max: 3 }),
        (shift, width, odd, chunks) => {
          // A run of `width` odd units starting `shift` units from a chunk's end, in a text of 1-4 chunks or more.
          const edge = chunk * (1 + (chunks % 2));
          const start = edge + shift;
          const body = odd.repeat(Math.ceil(width / odd.length)).slice(0, width);
          const tail = "z".repeat(17 + chunks * 5);
          const t = `${"a\n".repeat(start >> 1)}${start & 1 ? "b" : ""}${body}${tail}${chunks === 3 ? "\u2014" : ""}`;
          expect(found(t)).toEqual(referenceRuns(t));
          expect(printableAscii(t)).toBe(false);
        },
      ),
      { numRuns: 300, seed: 18 },
    );
    const ascii = "abc def\n".repeat(3 * chunk);
    expect(found(ascii)).toEqual([]);
    expect(printableAscii(ascii)).toBe(true);
    expect(printableAscii(`${ascii}\u00e9`)).toBe(false);
    const odd = "\u00e9".repeat(2 * chunk + 5);
    expect(found(odd)).toEqual([0, odd.length]);
  });
});
