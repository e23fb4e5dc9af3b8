/**
 * The lexicons of languages written outside the Latin script are packed at build time (scripts/build-lexicons.ts
 * into structure/lexicons.generated.ts) and unpacked at load: the detector must read exactly the lexicons their
 * files hold, in their order, after the Latin-script ones.
 */
import { describe, expect, it } from "vitest";
import { type LanguageLexicon, LEXICONS } from "../../src/engine/detectors/injection/structure/lexicon.js";
import {
  decodeLexicons,
  encodeLexicons,
  packLexicons,
  unpackLexicons,
} from "../../src/engine/detectors/injection/structure/lexicon-pack.js";
import { OTHER_SCRIPT_LEXICONS } from "../../src/engine/detectors/injection/structure/lexicons/other-scripts.js";
import { OTHER_SCRIPT_LEXICONS_PACKED } from "../../src/engine/detectors/injection/structure/lexicons.generated.js";

const LATIN = ["en", "es", "de", "fr", "pt", "it"];

describe("packed lexicons", () => {
  it("hold the lexicons of ./lexicons/*.ts (npm run build:lexicons after an edit)", () => {
    expect(unpackLexicons(OTHER_SCRIPT_LEXICONS_PACKED)).toStrictEqual(OTHER_SCRIPT_LEXICONS);
  });

  it("are read after the Latin-script lexicons, each once, equal to its file (key order included)", () => {
    expect(LEXICONS.map((l) => l.lang)).toEqual([...LATIN, ...OTHER_SCRIPT_LEXICONS.map((l) => l.lang)]);
    const read = LEXICONS.slice(LATIN.length);
    expect(read).toStrictEqual(OTHER_SCRIPT_LEXICONS);
    for (const [i, lexicon] of read.entries())
      expect(Object.keys(lexicon)).toEqual(Object.keys(OTHER_SCRIPT_LEXICONS[i]!));
  });

  it("round-trip every lexicon, empty and optional roles included", () => {
    const sample: LanguageLexicon = {
      ...OTHER_SCRIPT_LEXICONS[0]!,
      lang: "xx",
      modeWords: [],
      verbatim: ["a b", "ä"],
    };
    for (const lexicons of [LEXICONS, [sample], [sample, ...OTHER_SCRIPT_LEXICONS]])
      expect(decodeLexicons(encodeLexicons(lexicons))).toStrictEqual(lexicons);
    expect(unpackLexicons(packLexicons(LEXICONS))).toStrictEqual(LEXICONS);
  });

  it("refuse entries they cannot separate, and text they did not write", () => {
    const base = OTHER_SCRIPT_LEXICONS[0]!;
    for (const bad of ["a|b", "a\nb", ""])
      expect(() => encodeLexicons([{ ...base, verbs: ["ok", bad] }])).toThrow(/cannot be packed/);
    const text = encodeLexicons([base]);
    expect(() => decodeLexicons(`${text}\nverbz=x`)).toThrow(/bad line/);
    expect(() => decodeLexicons(`${text}\nverbs=x`)).toThrow(/bad line/);
    expect(() => decodeLexicons(text.replace(/\nverbs=[^\n]*/, ""))).toThrow(/no verbs/);
    expect(() => decodeLexicons(text.replace(/^lang=[^\n]*\n/, ""))).toThrow(/no lang/);
  });
});
