/**
 * The lexicons of every language but English are packed at build time (scripts/build-lexicons.ts
 * into structure/lexicons.generated.ts) and unpacked at load: the detector must read exactly the lexicons their
 * files hold, in their order, after English.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type LanguageLexicon, LEXICONS } from "../../src/engine/detectors/injection/structure/lexicon.js";
import {
  decodeLexicons,
  encodeLexicons,
  packLexicons,
  unpackLexicons,
  windowBytes,
  windowText,
} from "../../src/engine/detectors/injection/structure/lexicon-pack.js";
import { PACKED_LEXICONS } from "../../src/engine/detectors/injection/structure/lexicons/packed.js";
import { LEXICONS_PACKED } from "../../src/engine/detectors/injection/structure/lexicons.generated.js";

const WRITTEN = ["en"];

describe("packed lexicons", () => {
  it("hold the lexicons of ./lexicons/*.ts (npm run build:lexicons after an edit)", () => {
    expect(unpackLexicons(LEXICONS_PACKED)).toStrictEqual(PACKED_LEXICONS);
  });

  it("are read after English, each once, equal to its file (key order included)", () => {
    expect(LEXICONS.map((l) => l.lang)).toEqual([...WRITTEN, ...PACKED_LEXICONS.map((l) => l.lang)]);
    const read = LEXICONS.slice(WRITTEN.length);
    expect(read).toStrictEqual(PACKED_LEXICONS);
    for (const [i, lexicon] of read.entries())
      expect(Object.keys(lexicon)).toEqual(Object.keys(PACKED_LEXICONS[i]!));
  });

  it("round-trip every lexicon, empty and optional roles included", () => {
    const sample: LanguageLexicon = {
      ...PACKED_LEXICONS[0]!,
      lang: "xx",
      modeWords: [],
      verbatim: ["a b", "ä"],
    };
    for (const lexicons of [LEXICONS, [sample], [sample, ...PACKED_LEXICONS]])
      expect(decodeLexicons(encodeLexicons(lexicons))).toStrictEqual(lexicons);
    expect(unpackLexicons(packLexicons(LEXICONS))).toStrictEqual(LEXICONS);
  });

  it("refuse entries they cannot separate, and text they did not write", () => {
    const base = PACKED_LEXICONS[0]!;
    for (const bad of ["a|b", "a\nb", ""])
      expect(() => encodeLexicons([{ ...base, verbs: ["ok", bad] }])).toThrow(/cannot be packed/);
    const text = encodeLexicons([base]);
    expect(() => decodeLexicons(`${text}\nverbz=x`)).toThrow(/bad line/);
    expect(() => decodeLexicons(`${text}\nverbs=x`)).toThrow(/bad line/);
    expect(() => decodeLexicons(text.replace(/\nverbs=[^\n]*/, ""))).toThrow(/no verbs/);
    expect(() => decodeLexicons(text.replace(/^lang=[^\n]*\n/, ""))).toThrow(/no lang/);
  });
});

describe("the windowed coding of packed lexicon text (property, fixed seed)", () => {
  /**
   * Blocks of one script (letters near a start, some at and just past 128 from it, so windows are chosen and their
   * edges hit), with ASCII, a line break and letters of other scripts mixed in.
   */
  const other = fc.oneof(
    fc.integer({ min: 0x20, max: 0x7e }),
    fc.integer({ min: 0x3040, max: 0x9fff }),
    fc.integer({ min: 0xac00, max: 0xd7a3 }),
    fc.constantFrom(0x0a, 0x1f600, 0x200c, 0xff01, 0xfffd),
  );
  const block = fc
    .tuple(
      fc.integer({ min: 0x80, max: 0xff70 }).filter((s) => s + 135 < 0xd800 || s > 0xdfff),
      fc.array(fc.nat({ max: 99 }), { maxLength: 60 }),
      other,
    )
    .chain(([start, rolls]) =>
      fc
        .tuple(
          ...rolls.map((r) =>
            r < 60
              ? fc.integer({ min: 0, max: 135 })
              : r < 70
                ? fc.constantFrom(127, 128, 129)
                : other.map((c) => c - start),
          ),
        )
        .map((offsets) => String.fromCodePoint(...offsets.map((o) => start + o))),
    );
  const text = fc.array(block, { minLength: 1, maxLength: 5 }).map((blocks) => blocks.join("\n\n"));

  it("reads back every text it writes", () => {
    fc.assert(
      fc.property(text, (t) => {
        expect(windowText(windowBytes(t))).toBe(t);
      }),
      { seed: 2026112822, numRuns: 2000 },
    );
  });

  it("writes each alphabetic lexicon in a window, CJK and Hangul in UTF-8", () => {
    const windowed = PACKED_LEXICONS.filter((l) => windowBytes(encodeLexicons([l]))[0] === 0x01);
    expect(windowed.map((l) => l.lang).sort()).toEqual([
      "ar",
      "bn",
      "el",
      "fa",
      "he",
      "hi",
      "ru",
      "th",
      "uk",
    ]);
    for (const l of windowed) {
      const bytes = windowBytes(encodeLexicons([l]));
      expect(bytes.length).toBeLessThan(Buffer.byteLength(encodeLexicons([l])));
    }
  });

  it("refuses text holding its control bytes or a lone surrogate", () => {
    for (const c of ["\u0001", "\u0002", "\u0003"]) expect(() => windowBytes(`ab${c}`)).toThrow(/control/);
    expect(() => windowBytes("ab\ud800")).toThrow(/surrogate/);
  });
});
