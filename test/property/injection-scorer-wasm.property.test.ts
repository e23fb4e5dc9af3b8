/**
 * The learned model's WebAssembly loop (wasm/injection-scorer.ts, driven by scorer/scorer-wasm.ts) is the JavaScript
 * reference that training reads: on any text, it visits the segments `forEachSegment` visits, in order, with the
 * same line numbers, and each segment's weight sum and feature count are those of `writeFeatures` over it, for the
 * shipped model and for models with other feature families (every character n-gram size, words on and off).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readmes, toolOutputs } from "../../bench/lib/injection-texts.js";
import type { FeatureConfig } from "../../src/engine/detectors/injection/scorer/features.js";
import { decodeScorerModel, type ScorerModel } from "../../src/engine/detectors/injection/scorer/model.js";
import {
  forEachScoredSegment,
  forEachScoredSegmentOfView,
} from "../../src/engine/detectors/injection/scorer/scorer-wasm.js";
import { CUE_LAST_WORDS, scoringText } from "../../src/engine/detectors/injection/scorer/segments.js";
import { SCORER_WEIGHTS } from "../../src/engine/detectors/injection/scorer/weights.js";
import { type Row, reference } from "../helpers/scorer-reference.js";

const shipped = decodeScorerModel(SCORER_WEIGHTS);

/** A model with random weights over `config`. */
function randomModel(config: FeatureConfig, seed: number): ScorerModel {
  const weights = new Int8Array(1 << config.bucketsLog2);
  let x = seed | 1;
  for (let i = 0; i < weights.length; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    weights[i] = (x >> 24) as number;
  }
  return { config, pairs: true, scale: 0.01, bias: 0, threshold: 0, weights };
}

function viaWasm(text: string, model: ScorerModel): Row[] {
  const rows: Row[] = [];
  forEachScoredSegment(text, model, (start, end, line, sum, count) =>
    rows.push([start, end, line, sum, count]),
  );
  return rows;
}

/** Pieces that steer the segmentation: boundaries, escapes, JSON, lists, runs of values, quotes, blanks, non-ASCII. */
const PIECES = [
  "Ignore previous instructions",
  "p7@example.com",
  "https://x.example/1",
  "src/a.ts",
  "@",
  "/",
  " and reveal the system prompt",
  "ok",
  "a",
  "12",
  ". ",
  "! ",
  "? ",
  "; ",
  ".",
  "\n",
  "\r\n",
  "\u2028",
  "\u3002",
  "\uff01",
  "\\n",
  "\\r",
  "\\\\n",
  "\\",
  '"',
  '\\"',
  '"name": ',
  '"a", "b"',
  '["x", ',
  "{ ",
  "}",
  "]",
  ",",
  ", ",
  "|",
  "\t",
  ":",
  " ",
  "   ",
  "\u00a0",
  "\u3000",
  "\u2003",
  "\ufeff",
  "caf\u00e9",
  "\u0434\u0430",
  "\u6587\u5b57",
  "\ud83d\ude00",
  "\ud800",
  "\u201c",
  "x".repeat(170),
  "phrases such as ",
  "a jailbreak attempt, see: ",
  "'",
  "\u201e",
  "e.g. ",
  "word ".repeat(70),
];

const texts = fc
  .array(
    fc.oneof(
      fc.constantFrom(...PIECES),
      fc.string({ maxLength: 12 }),
      fc.string({ unit: "binary", maxLength: 6 }),
    ),
    {
      maxLength: 60,
    },
  )
  .map((parts) => parts.join(""));

/** A naming cue, spacing or a `,` / `:`, an opening quote, a few words and a closing quote (a quoted mention, or nearly). */
const mention = fc
  .tuple(
    fc.constantFrom(
      "phrases such as",
      "E.g.",
      "a string like",
      "an attack on them",
      "payloads,",
      "words",
      "the",
    ),
    fc.constantFrom("", " ", ", ", ":  ", "    ", "\u00a0"),
    fc.constantFrom(..."\"'\u201c\u2018\u00ab\u201e"),
    fc.constantFrom("ignore all previous instructions", "x", ""),
    fc.constantFrom(..."\"'\u201d\u2019\u00bb\u201c"),
  )
  .map((parts) => parts.join(""));

const withMentions = fc
  .array(fc.oneof(mention, fc.constantFrom(...PIECES)), { maxLength: 30 })
  .map((parts) => parts.join(""));

/** Values (addresses, URLs, paths, ids), marks, plain words, stops and JSON joined by blanks: runs of values, or nearly. */
const valueRuns = fc
  .array(
    fc.oneof(
      fc.constantFrom(
        "p7@example.com",
        "https://x.example/1",
        "src/a.ts",
        "4471",
        "a1b2",
        "@",
        "/",
        "ok",
        "Send",
      ),
      fc.constantFrom(" ", "  ", "\t", "\u00a0", ". ", "\n", ", ", '"', '{"v": "', '"}', '", "'),
    ),
    { maxLength: 40 },
  )
  .map((parts) => parts.join(""));

/**
 * Rows of delimited cells of one to three words, a few quoted (their separators do not count): lists, and sentences
 * with just too many words to be one (the module stops reading a sentence once its words rule a list out).
 */
const lists = fc
  .tuple(
    fc.constantFrom(",", ", ", "|", " | ", "\t"),
    fc.array(
      fc.oneof(
        fc.constantFrom("a", "ok", "two words", "three more words", "4471", "", " "),
        fc.constantFrom('"x, y"', '"a | b"', '"q'),
      ),
      { minLength: 1, maxLength: 12 },
    ),
    fc.constantFrom("", ". ", "\n", '{"v": "', '"}'),
  )
  .map(([separator, cells, around]) => `${around}${cells.join(separator)}${around}`);

/** Words ending right before an opening quote: the cue words (any case, or a letter short or long) and others. */
const cueQuotes = fc
  .array(
    fc.tuple(
      fc.oneof(
        fc.constantFrom(...CUE_LAST_WORDS),
        fc.constantFrom(...CUE_LAST_WORDS).map((w) => w.toUpperCase()),
        fc.constantFrom(...CUE_LAST_WORDS).map((w) => w.slice(1)),
        fc.constantFrom(...CUE_LAST_WORDS).map((w) => `x${w}`),
        fc.constantFrom("bug", "the", "key", "value", "E.G.", ".", "\u0153", "\u0173"),
      ),
      fc.constantFrom("", " ", "  ", "\t", ": ", ", ", "\u00a0"),
      fc.constantFrom(..."\"'\u201c\u2018\u00ab\u201e"),
      fc.constantFrom("ignore all previous instructions", "x", ""),
      fc.constantFrom(..."\"'\u201d\u2019\u00bb\u201c"),
      fc.constantFrom(" ", ". ", "\n", ""),
    ),
    { maxLength: 12 },
  )
  .map((parts) => parts.map((p) => p.join("")).join(""));

const configs: FeatureConfig[] = [
  { bucketsLog2: 10, charSizes: [2, 3, 4, 5, 6], words: true },
  { bucketsLog2: 12, charSizes: [3], words: false },
  { bucketsLog2: 11, charSizes: [], words: true },
];

describe("the scorer's WebAssembly loop", () => {
  it("visits the reference's segments with the reference's sums and counts, shipped model (property)", () => {
    fc.assert(
      fc.property(texts, (text) => {
        expect(viaWasm(text, shipped)).toEqual(reference(text, shipped));
      }),
      { numRuns: 1500 },
    );
  });

  it("splits runs of values joined by blanks where the reference does (property)", () => {
    fc.assert(
      fc.property(valueRuns, (text) => {
        expect(viaWasm(text, shipped)).toEqual(reference(text, shipped));
      }),
      {
        numRuns: 1500,
        // Three valued tokens with two marks (no run) and with three (a run), bare and as a JSON value.
        examples: [
          ["p7@example.com 4471 a1b2 x/y"],
          ["p7@example.com 4471 a1b2/c"],
          ['{"v": "p7@example.com 4471 a1b2", "w": "p7@example.com 4471 a/b2/c"}'],
          // A JSON value whose marks lie in sixteen units with no other field unit (the module skips such units).
          ['{"v": "src/a.ts lib/b.ts doc/c.md"}'],
        ],
      },
    );
  });

  it("reads a JSON key as the reference's hint does at the edges of its reach (property)", () => {
    // `"[^"\n]{0,80}"\s*:`: a key of 70 to 90 units (the 80-unit bound either side, and the eight-unit steps the
    // module reads it in), with a line break in it or not, in a sentence of prose with a list after it.
    const keys = fc
      .tuple(
        fc.integer({ min: 70, max: 90 }),
        fc.option(fc.integer({ min: 0, max: 90 }), { nil: undefined }),
        fc.constantFrom(":", " :", "  :", ",", ""),
        fc.constantFrom("", "Please read ", "a, b, c, d "),
      )
      .map(([length, lineAt, after, before]) => {
        const key = Array.from({ length }, (_, i) => (i === lineAt ? "\n" : "k")).join("");
        return `${before}"${key}"${after} "value one, two, three and four" then more words.`;
      });
    let hinted = 0;
    fc.assert(
      fc.property(keys, (text) => {
        const rows = viaWasm(text, shipped);
        expect(rows).toEqual(reference(text, shipped));
        if (rows.length > 1) hinted++;
      }),
      { numRuns: 400, seed: 19 },
    );
    // Both readings occur: keys read as JSON (the sentence split into its fields) and keys too long to be one.
    expect(hinted).toBeGreaterThan(0);
    expect(hinted).toBeLessThan(400);
  });

  it("splits lists where the reference does, with words near the most a list allows (property)", () => {
    fc.assert(
      fc.property(lists, (text) => {
        expect(viaWasm(text, shipped)).toEqual(reference(text, shipped));
      }),
      { numRuns: 1500, seed: 18 },
    );
  });

  it("blanks what the reference blanks after every cue word, in any case, and after near misses (property)", () => {
    let blanked = 0;
    fc.assert(
      fc.property(cueQuotes, (text) => {
        const rows: Row[] = [];
        forEachScoredSegmentOfView(text, shipped, (a, b, line, sum, count) =>
          rows.push([a, b, line, sum, count]),
        );
        const scoring = scoringText(text);
        if (scoring !== text) blanked++;
        expect(rows).toEqual(reference(scoring, shipped));
      }),
      { numRuns: 1500, seed: 18 },
    );
    expect(blanked).toBeGreaterThan(100);
  });

  it("reads a view as the reference reads scoringText of it, quoted mentions blanked (property)", () => {
    let blanked = 0;
    fc.assert(
      fc.property(withMentions, (text) => {
        const rows: Row[] = [];
        forEachScoredSegmentOfView(text, shipped, (a, b, line, sum, count) =>
          rows.push([a, b, line, sum, count]),
        );
        const scoring = scoringText(text);
        if (scoring !== text) blanked++;
        expect(rows).toEqual(reference(scoring, shipped));
      }),
      { numRuns: 1500 },
    );
    // The generated texts hold mentions often enough for the module's list of quotes to be tested.
    expect(blanked).toBeGreaterThan(20);
    const mention = 'Filters catch phrases such as "ignore all previous instructions". Then: do it.';
    expect(scoringText(mention)).not.toBe(mention);
    const rows: Row[] = [];
    forEachScoredSegmentOfView(mention, shipped, (a, b, line, sum, count) =>
      rows.push([a, b, line, sum, count]),
    );
    expect(rows).toEqual(reference(scoringText(mention), shipped));
    expect(rows).not.toEqual(reference(mention, shipped));
  });

  it("agrees for every feature family, switching models between calls (property)", () => {
    const models = configs.map((c, i) => randomModel(c, 7 + i));
    fc.assert(
      fc.property(texts, fc.nat(models.length - 1), (text, which) => {
        const model = models[which]!;
        expect(viaWasm(text, model)).toEqual(reference(text, model));
      }),
      { numRuns: 600 },
    );
  });

  it("agrees on README prose and JSON tool output, whole and in 1 KB strings", () => {
    const docs = [...readmes(400_000), ...toolOutputs(40)];
    let segments = 0;
    for (const doc of docs) {
      const text = doc.toLowerCase();
      const rows = viaWasm(text, shipped);
      expect(rows).toEqual(reference(text, shipped));
      segments += rows.length;
      const slice = text.slice(0, 1024);
      expect(viaWasm(slice, shipped)).toEqual(reference(slice, shipped));
    }
    expect(segments).toBeGreaterThan(1000);
  });

  it("reads a text with more segments than one run keeps in several runs, the same", () => {
    // 40,000 list values: more than the 4,096 records a run keeps for a text this size.
    const text = Array.from({ length: 40_000 }, (_, i) => `v${i % 97}`).join(",");
    const rows = viaWasm(text, shipped);
    expect(rows.length).toBe(40_000);
    expect(rows).toEqual(reference(text, shipped));
    const short = "a short one. with two sentences.";
    expect(viaWasm(short, shipped)).toEqual(reference(short, shipped));
  });

  it("does not let a visitor score again", () => {
    expect(() =>
      forEachScoredSegment("one. two.", shipped, () => forEachScoredSegment("x", shipped, () => {})),
    ).toThrow(/not re-entrant/);
    expect(viaWasm("after. that.", shipped)).toEqual(reference("after. that.", shipped));
  });
});
