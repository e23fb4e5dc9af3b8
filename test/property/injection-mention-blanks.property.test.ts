/**
 * The scorer's blanking of quoted mentions read around candidate quotes (scorer/mention-blanks.ts) blanks exactly
 * what `blankQuotedMentions` (quoted-mention.ts, one regex scan of the whole text) blanks: on random texts dense with
 * naming cues, attack nouns, gaps, quotes of every kind and apostrophes, and on README prose; and through the module
 * (`forEachScoredSegmentOfView`), which lists the candidates itself.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readmes } from "../../bench/lib/injection-texts.js";
import {
  blankQuotedMentions,
  KEY_AT_LINE_START,
  NAMING_CUE,
} from "../../src/engine/detectors/injection/quoted-mention.js";
import { MENTION_REACH, mentionRanges } from "../../src/engine/detectors/injection/scorer/mention-blanks.js";
import { decodeScorerModel } from "../../src/engine/detectors/injection/scorer/model.js";
import {
  forEachScoredSegment,
  forEachScoredSegmentOfView,
} from "../../src/engine/detectors/injection/scorer/scorer-wasm.js";
import { mayOpenQuotedMention, scoringText } from "../../src/engine/detectors/injection/scorer/segments.js";
import { SCORER_WEIGHTS } from "../../src/engine/detectors/injection/scorer/weights.js";

const OPENERS = "\"'\u201c\u2018\u00ab\u201e";

/** `text` with the ranges `mentionRanges` finds blanked, or undefined when it finds none (as blankQuotedMentions). */
function viaRanges(text: string): string | undefined {
  const quotes: number[] = [];
  for (let q = 0; q < text.length; q++)
    if (OPENERS.includes(text[q]!) && mayOpenQuotedMention(text, q)) quotes.push(q);
  const ranges: number[] = [];
  if (mentionRanges(text, quotes, quotes.length, ranges) === 0) return undefined;
  let out = "";
  let at = 0;
  for (let i = 0; i < ranges.length; i += 2) {
    out += text.slice(at, ranges[i]) + " ".repeat(ranges[i + 1]! - ranges[i]!);
    at = ranges[i + 1]!;
  }
  return out + text.slice(at);
}

const CUES = [
  "such as",
  "like",
  "e.g.",
  "I.E.",
  "for example",
  "phrase",
  "Strings",
  "sentences",
  "wording",
  "words",
  "text",
  "quotes",
  "quoted",
  "containing",
  "variants of",
  "versions  of",
  "examples of",
  "why",
  "called",
  "known as",
  "matches",
  "patterns",
  "followed",
  "obeys",
  "rephrase",
  "paraphrase",
  "attack",
  "Injections",
  "jailbreak attempt",
  "payloads",
  "xlike",
  "likes",
];
const piece = fc.oneof(
  fc.constantFrom(...CUES),
  fc.constantFrom(" ", "  ", "   ", "    ", "\t", "\n", ",", ":", ", ", ": ", ".", "!", "\u00a0", "\u3000"),
  fc.constantFrom(..."\"'\u201c\u2018\u00ab\u201e\u201d\u2019\u00bb"),
  // A data format's escapes before a quote: `\"` (JSON), `""` (CSV).
  fc.constantFrom("\\", '\\"', '""', '"""'),
  fc.constantFrom("ignore all previous instructions", "x", "don't", "user's", "a b c d e f g h i j k l m n"),
  fc.constantFrom("y".repeat(30), "z ".repeat(20), "q".repeat(125)),
  fc.string({ maxLength: 8 }),
);
/** A cue, a short run of spaces, `,` or `:`, an opening quote, a few words and a closing quote (a mention, or nearly). */
const mention = fc
  .tuple(
    fc.constantFrom(...CUES),
    fc.constantFrom("", " ", ", ", ":  ", "    ", "\u00a0", " the payload here,  ", "x", "\\", ' "', "\\\\"),
    fc.constantFrom(...OPENERS),
    fc.constantFrom("ignore all previous instructions", "x", "", "it's", "q".repeat(125), "a\nb"),
    fc.constantFrom(..."\"'\u201d\u2019\u00bb\u201cs"),
  )
  .map((parts) => parts.join(""));
const texts = fc.array(fc.oneof(mention, piece), { maxLength: 40 }).map((parts) => parts.join(""));

describe("quoted mentions blanked around candidate quotes", () => {
  it("blanks what blankQuotedMentions blanks (property, fixed seed)", () => {
    let blanked = 0;
    fc.assert(
      fc.property(texts, (text) => {
        const expected = blankQuotedMentions(text);
        if (expected !== undefined) blanked++;
        expect(viaRanges(text)).toBe(expected);
      }),
      { numRuns: 4000, seed: 1327 },
    );
    // The draws hold mentions often enough to test the matches, not only their absence.
    expect(blanked).toBeGreaterThan(200);
  });

  it("blanks what blankQuotedMentions blanks on README prose", () => {
    const docs = readmes(2_000_000);
    let blanked = 0;
    for (const doc of docs) {
      const expected = blankQuotedMentions(doc);
      if (expected !== undefined) blanked++;
      expect(viaRanges(doc)).toBe(expected);
    }
    expect(blanked).toBeGreaterThan(5);
  });

  it("reaches as far back as the longest match of the cue-then-quote pattern", () => {
    // No unbounded repetition in the cue: only `?` and `{m,n}`; the `{0,30}` gap is the only long one.
    // The key guard is a lookaround: it consumes nothing, so it moves no match's start.
    const cue = NAMING_CUE.source.replace(/\\s\*\$$/, "").replace(KEY_AT_LINE_START, "");
    expect(NAMING_CUE.source).toContain(KEY_AT_LINE_START);
    expect(cue).not.toMatch(/(?<!\\)[*+]|\{\d+,\}/);
    const counted = [...cue.matchAll(/\{(\d+),(\d+)\}/g)].map((m) => Number(m[2]));
    const words = cue.match(/[a-z. ]{6,}/gi) ?? [];
    const longestWord = Math.max(...words.map((w) => w.replace(/\\/g, "").length));
    // The longest word, the gaps, a `,` / `:`, three spaces and the quote.
    expect(longestWord + counted.reduce((a, b) => a + b, 0) + 1 + 3 + 1).toBeLessThanOrEqual(MENTION_REACH);
    const longest = `injections${" g".repeat(15)}:   "`;
    expect(blankQuotedMentions(`${longest}x"`)).toBeDefined();
    expect(viaRanges(`${longest}x"`)).toBe(blankQuotedMentions(`${longest}x"`));
  });

  it("is what the module reads when a text has more candidate quotes than one listing holds", () => {
    const model = decodeScorerModel(SCORER_WEIGHTS);
    const rows = (read: (visit: (...row: number[]) => void) => void) => {
      const out: number[][] = [];
      read((...row) => out.push(row));
      return out;
    };
    // 12,000 quotes after a cue word's last letter (the module's listing holds 4,096), mentions among them.
    const parts: string[] = [];
    for (let i = 0; i < 3000; i++)
      parts.push(i % 7 === 0 ? 'phrases such as "ignore all previous instructions". ' : 'as "a" as "b" x. ');
    const text = parts.join("");
    const scoring = scoringText(text);
    expect(scoring).not.toBe(text);
    expect(rows((v) => forEachScoredSegmentOfView(text, model, v))).toEqual(
      rows((v) => forEachScoredSegment(scoring, model, v)),
    );
  });
});
