/**
 * The byte-class gate of the shared literal pass (scan/candidates.ts `digitRuns`, wasm/literal-pass.ts) changes no
 * finding: its runs are exactly the maximal runs of `[0-9]` of the text (ASCII or not, across the pass's 64 kB
 * chunks and its 32-byte blocks), and the PII number detectors, which try their regexes only where a run lets a match
 * start, find exactly what their global scans find with the pass switched off. Texts are built from the shapes the
 * detectors read (phones with `+`, `(` and up to two separators, SSNs, IBANs, dotted quads, long and short digit
 * runs glued to letters and dots), so most candidate starts are near-misses.
 */
import fc from "fast-check";
import { afterEach, describe, expect, it } from "vitest";
import { findCards, forEachDigitGroups } from "../../src/engine/detectors/pii/credit-card.js";
import { createPiiDetectors } from "../../src/engine/detectors/pii/index.js";
import {
  forEachPhoneCandidate,
  isNonPhoneShapeAt,
  isNonPhoneShapeOf,
} from "../../src/engine/detectors/pii/phone-candidates.js";
import {
  candidateIndex,
  MIN_PASS_LENGTH,
  passLiterals,
  setLiteralPass,
} from "../../src/engine/scan/candidates.js";
import { OTHER } from "../../src/engine/scan/literal-pass.js";
import { normalisedView } from "../../src/engine/scan/normalised-view.js";
import type { TextMatch } from "../../src/engine/types.js";
import { fakeCardNumber, fakeIban } from "../../src/shared/fake-credentials.js";

// Registered so the pass runs even when no detector module registered literals before this file.
const ANY = passLiterals(["zq"]);

/** The text's digit runs, the pass run first (asking for the runs never runs it). */
function runsOf(text: string): Int32Array | undefined {
  const index = candidateIndex(text);
  index.passHits(ANY);
  return index.digitRuns();
}

afterEach(() => setLiteralPass(true));

/** The text's digit runs' sides as digitRunSidesOf gives them, the pass run first (undefined where the runs are). */
function sidesOf(text: string): number[] | undefined {
  const index = candidateIndex(text);
  index.passHits(ANY);
  const sides = index.digitRunSides();
  expect(sides === undefined).toBe(index.digitRuns() === undefined);
  return sides === undefined ? undefined : [...sides];
}

/** The sides read from the text: the two characters before each run and the two from its end, clamped to OTHER. */
function expectedSides(text: string): number[] {
  const side = (at: number) => (at >= 0 && at < text.length ? Math.min(text.charCodeAt(at), OTHER) : OTHER);
  const out: number[] = [];
  for (const m of text.matchAll(/\d+/g)) {
    const end = m.index! + m[0].length;
    out.push(side(m.index! - 2), side(m.index! - 1), side(end), side(end + 1));
  }
  return out;
}

function expectedRuns(text: string): number[] {
  const out: number[] = [];
  for (const m of text.matchAll(/\d+/g)) out.push(m.index!, m.index! + m[0].length);
  return out;
}

const digits = (min: number, max: number) =>
  fc.array(fc.constantFrom(..."0123456789"), { minLength: min, maxLength: max }).map((d) => d.join(""));

/** Groups of digits joined by zero to three characters a phone, an SSN or an address may hold between them. */
const grouped = fc
  .array(
    fc.tuple(
      digits(1, 4),
      fc.array(fc.constantFrom(" ", "-", ".", "/", "(", ")", "\u00a0", ":"), { maxLength: 3 }),
    ),
    { minLength: 2, maxLength: 6 },
  )
  .map((groups) => groups.map(([d, s]) => d + s.join("")).join(""));

/** Number shapes, near-misses and the characters around them. */
const piece = fc.oneof(
  { weight: 4, arbitrary: grouped },
  { weight: 4, arbitrary: digits(1, 20) },
  {
    weight: 4,
    arbitrary: fc.constantFrom(
      "+1 415-555-0134",
      "(415) 555-0134",
      "+44 20 7946 0958",
      "415.555.0134",
      "4155550134",
      "078-05-1120",
      "536.22.4187",
      "536 22 4187",
      "536\u00a022\u00a04187",
      "536-22.4187",
      "536 22-4187",
      "415 -. 555 0134",
      "SSN 123456789",
      "123456789 (SSN)",
      "10.0.0.1",
      "192.168.1.254",
      "1.2.3.4.5",
      "v1.2.3.4",
      "256.1.1.1",
      "1234.5.6.7.8",
      "10.. 1.2.3",
      "10.-1.2.3",
      "12-.34-.56",
      "12/.34/.56",
      "2015-.12-/22",
      "22/.12/-2015",
      "415 -555 -0134",
      "2015-12-22",
      "22/12/2015 04:34",
      "x123",
      " ext. 12",
      "GB82WEST12345698765432",
      "DE89 3704 0044 0532 0130 00",
      "de89370400440532013000",
      "ab12",
      "AB1",
      fakeIban("GB", "WEST12345698765432"),
      fakeIban("DE", "370400440532013000"),
      fakeCardNumber("4", 16),
      fakeCardNumber("4", 13, 31),
    ),
  },
  {
    weight: 6,
    arbitrary: fc.constantFrom(" ", "  ", ".", "-", "(", ")", "+", "/", "x", "a", "Zq", "\n", ":"),
  },
  { weight: 1, arbitrary: fc.constantFrom("\u00e9", "\u00a0", "\u20ac", "\ud83d\ude00", "\u0663") },
  { weight: 3, arbitrary: fc.constant(" the report was filed under review before the deadline ") },
);

/** A text of the pieces at least MIN_PASS_LENGTH long (the pass runs on it). */
const longText = fc.array(piece, { minLength: 40, maxLength: 160 }).map((parts) => {
  let text = parts.join("");
  while (text.length < MIN_PASS_LENGTH) text += " the report was filed under review before the deadline ";
  return text;
});

function findings(text: string): string {
  findCards(""); // the card scan keeps its last text's answer: read this one anew
  const out: TextMatch[] = [];
  for (const d of createPiiDetectors()) d.detect(text, out);
  return JSON.stringify(out);
}

/** Digit groups joined by the separators a card is printed with, others, and none (the card scan's near-misses). */
const cardRun = fc
  .array(
    fc.tuple(
      digits(1, 7),
      fc.constantFrom(
        " ",
        ".",
        "-",
        "\u00a0",
        "\u2009",
        "\u202f",
        "\u2010",
        "\u2013",
        "\u2014",
        "/",
        "  ",
        "a",
        "",
      ),
    ),
    { minLength: 1, maxLength: 7 },
  )
  .map((groups) => groups.map(([d, sep]) => d + sep).join(""));

const cardText = fc
  .array(fc.oneof(cardRun, fc.constantFrom(printedCard(16), printedCard(13), " ", "+", " the card ")), {
    minLength: 5,
    maxLength: 60,
  })
  .map((parts) => {
    let text = parts.join(" ");
    while (text.length < MIN_PASS_LENGTH) text += " the report was filed under review before the deadline ";
    return text;
  });

function printedCard(length: number): string {
  const card = fakeCardNumber("4", length, 7 + length);
  return card.replace(/(\d{4})(?=\d)/g, "$1 ");
}

/** The card scan's candidates (the digit groups it reads) and its cards in `text`, read anew. */
function cardsOf(text: string): string {
  const candidates: string[] = [];
  forEachDigitGroups(text, (start, end) => candidates.push(`${start}:${text.slice(start, end)}`));
  findCards("");
  const cards = findCards(text);
  const spans = Array.from({ length: cards.size }, (_, i) => `${cards.start(i)}-${cards.end(i)}`);
  return JSON.stringify([candidates, spans]);
}

/** Digit groups the view folds (and near-misses), and the characters that make it walk the text. */
const viewPiece = fc.oneof(
  { weight: 6, arbitrary: piece },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      "4111.1111.1111.1111",
      "536.22.4187",
      "536_22_4187",
      "536/22/4187",
      "1.2.3",
      "12.3456.7.89012",
      "1234.5678.9012.34567",
      "01.02.2024",
      "10.0.0.1",
      "192.168.100.200",
      "1234.123.12.12",
      "123.4567.12.12",
      "123_456_789.12",
      "123.456/789.123",
      "123.456.789.123.4",
      "1.2.3.4.5.6.7.8.9",
      "v1.2.3",
      "a1.b2.c3",
    ),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom("%41", "&amp;", "&#64;", "\\u0040", "\u0007", "\u007f", "\\", "%", "&"),
  },
);

/** A few pieces in prose (one piece alone decides whether the view walks or folds), at least MIN_PASS_LENGTH long. */
const viewText = fc
  .tuple(fc.array(viewPiece, { minLength: 1, maxLength: 8 }), fc.nat({ max: 20 }))
  .map(([parts, at]) => {
    const prose = " the report was filed under review before the deadline ";
    let text = prose.repeat(at) + parts.join(" ");
    while (text.length < MIN_PASS_LENGTH) text += prose;
    return text;
  });

/** The view of `text` as the detectors read it: its text, where it differs, and every offset mapped back. */
function viewOf(text: string): string {
  normalisedView(""); // the view keeps its last text's answer: read this one anew
  const view = normalisedView(text);
  if (view === undefined) return "none";
  const back = Array.from({ length: view.text.length + 1 }, (_, i) => view.toOriginal(i, i + 1).join(","));
  return JSON.stringify([view.text, [...view.changes], back]);
}

describe("the pass's digit runs", () => {
  it("are the maximal runs of [0-9], on texts of one chunk", () => {
    let ran = 0;
    fc.assert(
      fc.property(longText, (text) => {
        const runs = runsOf(text);
        if (runs === undefined) return; // a stretch with more than one run per 8 bytes: the callers scan
        ran++;
        expect([...runs]).toEqual(expectedRuns(text));
      }),
      { numRuns: 150, seed: 156 },
    );
    expect(ran).toBeGreaterThan(100);
  });

  it("are joined across the pass's chunks and its 32-byte blocks, ASCII and not", () => {
    let ran = 0;
    fc.assert(
      fc.property(
        fc.array(fc.oneof(digits(1, 40), fc.constantFrom("a", " ", "\u00e9", "\ud83d\ude00")), {
          minLength: 5,
          maxLength: 30,
        }),
        fc.boolean(),
        fc.integer({ min: 0, max: 31 }),
        (parts, ascii, shift) => {
          const unit = parts.filter((p) => !ascii || /^[\x00-\x7f]*$/.test(p)).join("") || "1";
          // Filler sized so runs straddle the 64 kB chunk boundaries and the 32-byte blocks at varying offsets.
          let text = "y".repeat(shift);
          while (text.length < 140_000) text += `${unit}${"z".repeat(300 + (text.length % 61))}`;
          const runs = runsOf(text);
          if (runs === undefined) return;
          ran++;
          expect([...runs]).toEqual(expectedRuns(text));
        },
      ),
      { numRuns: 12, seed: 182 },
    );
    expect(ran).toBeGreaterThan(6);
  });

  it("carry the characters around each run (its sides), across the chunks and the blocks, ASCII and not", () => {
    let ran = 0;
    let edges = 0;
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            digits(1, 12),
            fc.constantFrom("a", " ", ".", "-", "\u00a0", "\u2009", "\u00ff", "\u00e9", "\ud83d\ude00"),
          ),
          { minLength: 5, maxLength: 30 },
        ),
        fc.boolean(),
        fc.integer({ min: 0, max: 70 }),
        (parts, ascii, shift) => {
          const unit = parts.filter((p) => !ascii || /^[\x00-\x7f]*$/.test(p)).join("") || "1";
          // Filler sized so runs and their sides straddle the 64 kB chunk boundaries and the 32-byte blocks.
          let text = "y".repeat(shift);
          while (text.length < 140_000) text += `${unit}${"z".repeat(300 + (text.length % 67))}`;
          const sides = sidesOf(text);
          if (sides === undefined) return;
          ran++;
          for (const chunkEnd of [65_536, 131_072])
            if (/\d/.test(text.slice(chunkEnd - 2, chunkEnd + 2))) edges++;
          expect(sides).toEqual(expectedSides(text));
        },
      ),
      { numRuns: 40, seed: 417 },
    );
    expect(ran).toBeGreaterThan(20);
    expect(edges).toBeGreaterThan(5);
  });

  it("carry the sides of runs that end or start at every place near a chunk's edge", () => {
    const chunk = 65_536;
    for (let at = chunk - 5; at <= chunk + 5; at++)
      for (const run of ["7", "42", "123456"]) {
        // A run ending at `at`, then one starting there (each with a neighbour run two characters off).
        const filler = (n: number) => "ab cd ".repeat(Math.ceil(n / 6)).slice(0, n);
        const ending = `${filler(at - run.length - 3)}9 .${run}-x${filler(2000)}`;
        const starting = `${filler(at - 2)}q.${run}a 5${filler(2000)}`;
        for (const text of [ending, starting]) expect(sidesOf(text)).toEqual(expectedSides(text));
      }
  });

  it("carry the sides of a text that starts and ends with a run, and of runs one character from its ends", () => {
    for (const [head, tail] of [
      ["12", "34"],
      ["a1", "1a"],
      ["1", "9"],
      ["\u00e91", "1\u00e9"],
    ]) {
      const text = `${head} ${"report filed 7 days ago, ".repeat(60)}${tail}`;
      expect(sidesOf(text)).toEqual(expectedSides(text));
    }
  });

  it("are not given before something ran the pass on the text (asking does not run it)", () => {
    const text = `${"report 2024, ".repeat(200)}x`;
    expect(candidateIndex(text).digitRuns()).toBeUndefined();
    expect(runsOf(text)).toBeDefined();
  });

  it("are not given for a table of numbers (more than one run per 8 bytes)", () => {
    expect(runsOf("1,".repeat(MIN_PASS_LENGTH))).toBeUndefined();
  });

  it("leave every PII detector's findings as its own scan finds them", () => {
    let ran = 0;
    fc.assert(
      fc.property(longText, (text) => {
        setLiteralPass(true);
        if (runsOf(text) !== undefined) ran++;
        const withRuns = findings(text);
        setLiteralPass(false);
        const without = findings(text);
        setLiteralPass(true);
        expect(withRuns).toBe(without);
      }),
      { numRuns: 300, seed: 209 },
    );
    expect(ran).toBeGreaterThan(200);
  });

  it("leave the card scan's candidates (digit groups and every separator it admits) as its regex finds them", () => {
    let ran = 0;
    let found = 0;
    fc.assert(
      fc.property(cardText, (text) => {
        setLiteralPass(true);
        if (runsOf(text) !== undefined) ran++;
        const withRuns = cardsOf(text);
        if (!withRuns.endsWith("[]]")) found++;
        setLiteralPass(false);
        const without = cardsOf(text);
        setLiteralPass(true);
        expect(withRuns).toBe(without);
      }),
      { numRuns: 200, seed: 277 },
    );
    expect(ran).toBeGreaterThan(150);
    expect(found).toBeGreaterThan(100);
  });

  it("leave the normalised view (its escape gate and its dotted digit groups) as its own scans read it", () => {
    let ran = 0;
    let folded = 0;
    fc.assert(
      fc.property(viewText, (text) => {
        setLiteralPass(true);
        if (runsOf(text) !== undefined) ran++;
        const withPass = viewOf(text);
        if (withPass !== "none") folded++;
        setLiteralPass(false);
        const without = viewOf(text);
        setLiteralPass(true);
        expect(withPass).toBe(without);
      }),
      { numRuns: 200, seed: 311 },
    );
    expect(ran).toBeGreaterThan(150);
    expect(folded).toBeGreaterThan(40);
  });

  it("read a phone candidate's shape as the text reads it (isNonPhoneShapeOf)", () => {
    let fromRuns = 0;
    let nonPhone = 0;
    fc.assert(
      fc.property(longText, (text) => {
        if (runsOf(text) === undefined) return;
        forEachPhoneCandidate(text, (c) => {
          if (c.runs !== undefined) fromRuns++;
          const expected = isNonPhoneShapeAt(text, c.start, c.numberEnd);
          if (expected) nonPhone++;
          expect(isNonPhoneShapeOf(text, c)).toBe(expected);
        });
      }),
      { numRuns: 150, seed: 1903 },
    );
    expect(fromRuns).toBeGreaterThan(1000);
    expect(nonPhone).toBeGreaterThan(40);
  });
});
