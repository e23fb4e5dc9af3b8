/**
 * The shared pass's gapped pairs (scan/candidates.ts `passPair`/`pairStarts`, wasm/literal-pass.ts `sidesAscii`):
 * the list of a pair is every offset where its first character stands with its second `gap` on, ascending, across
 * the pass's 64 kB chunks and its 32-byte blocks; a text that is not all ASCII gets none (the caller searches). And
 * the Discord bot token detector, whose candidates are the dots of such a pair, finds exactly what it finds with the
 * pass switched off (its own search of every dot). And the index's `isAscii`, which the pass answers on a text it
 * runs on (running it if asked first), says what a measure of the text's UTF-8 length says.
 */
import fc from "fast-check";
import { afterEach, describe, expect, it } from "vitest";
import { createDiscordBotTokenDetector } from "../../src/engine/detectors/secrets/discord-bot-token.js";
import {
  candidateIndex,
  MIN_PASS_LENGTH,
  passLiterals,
  passPair,
  setLiteralPass,
} from "../../src/engine/scan/candidates.js";
import type { TextMatch } from "../../src/engine/types.js";

const ANY = passLiterals(["zq"]);
const DOTS = passPair(".", 7, ".");
const DASHES = passPair("-", 1, ">");

afterEach(() => setLiteralPass(true));

/** The pair's list of `text` after the pass ran on it (asking for the pairs never runs it). */
function pairsOf(text: string, pair = DOTS): number[] | undefined {
  const index = candidateIndex(text);
  index.passHits(ANY);
  const pairs = index.pairStarts(pair);
  return pairs === undefined ? undefined : [...pairs];
}

function expectedPairs(text: string, first: string, gap: number, second: string): number[] {
  const out: number[] = [];
  for (let i = 0; i + gap < text.length; i++) if (text[i] === first && text[i + gap] === second) out.push(i);
  return out;
}

/** A Discord bot token's shape (built from pieces) and its near-misses: dots seven apart, or six or eight. */
const token = fc
  .tuple(
    fc.constantFrom("M", "N", "O", "x"),
    fc.integer({ min: 22, max: 26 }),
    fc.integer({ min: 5, max: 7 }),
    fc.integer({ min: 26, max: 39 }),
    fc.nat({ max: 1000 }),
  )
  .map(([lead, a, b, c, seed]) => {
    const chars = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
    const run = (n: number, k: number) =>
      Array.from({ length: n }, (_, i) => chars[(seed * 7 + i * 13 + k) % chars.length]).join("");
    return ` ${lead}${run(a, 1)}.${run(b, 2)}.${run(c, 3)} `;
  });

const piece = fc.oneof(
  { weight: 3, arbitrary: token },
  { weight: 4, arbitrary: fc.constantFrom(".", "..", "...", ".......", "-", "->", "-->", "a.b", "x") },
  { weight: 4, arbitrary: fc.constantFrom(" ", "  ", "abcdef", "abcdefg", " the report was filed. ") },
);

/** Pieces after a filler that puts them at the 64 kB chunk boundary (`boundary`) or in the first chunk. */
const text = fc
  .tuple(fc.array(piece, { minLength: 5, maxLength: 80 }), fc.boolean(), fc.nat({ max: 40 }))
  .map(([parts, boundary, shift]) => {
    let out = boundary ? "y".repeat(65_536 - 200 + shift) : "y".repeat(shift);
    out += parts.join("");
    while (out.length < MIN_PASS_LENGTH) out += " the report was filed. ";
    return out;
  });

function discordFindings(text: string): TextMatch[] {
  const out: TextMatch[] = [];
  createDiscordBotTokenDetector().detect(text, out);
  return out;
}

describe("the index's isAscii", () => {
  it("is what the text's UTF-8 length says, asked before or after the pass, with the pass on or off", () => {
    const odd = fc.constantFrom(
      "\u00e9",
      "\ud83d\ude00",
      "\ud800",
      "\udfff",
      "\u007f",
      "\u0080",
      "\u212a",
      "a",
      ". ",
    );
    fc.assert(
      fc.property(
        fc.array(odd, { maxLength: 6 }),
        fc.nat({ max: 3_000 }),
        fc.constantFrom("first", "after", "off"),
        (parts, at, order) => {
          const filler = "the report was filed under review. ".repeat(60);
          const t = `${filler.slice(0, at)}${parts.join("")}${filler}${order}`;
          const expected = Buffer.byteLength(t, "utf8") === t.length;
          if (order === "off") setLiteralPass(false);
          if (order === "after") candidateIndex(t).passHits(ANY);
          expect(candidateIndex(t).isAscii()).toBe(expected);
          setLiteralPass(true);
        },
      ),
      { numRuns: 200, seed: 1410 },
    );
  });

  it("runs the pass when asked first on a long text (its digit runs are then given)", () => {
    const t = `${"report 2024, ".repeat(200)}y`;
    expect(candidateIndex(t).digitRuns()).toBeUndefined();
    expect(candidateIndex(t).isAscii()).toBe(true);
    expect(candidateIndex(t).digitRuns()).toBeDefined();
  });
});

describe("the pass's gapped pairs", () => {
  it("are every occurrence of the pair, ascending, across chunks and blocks", () => {
    let ran = 0;
    fc.assert(
      fc.property(text, (t) => {
        const dots = pairsOf(t);
        const dashes = pairsOf(t, DASHES);
        if (dots === undefined || dashes === undefined) return; // too dense: the caller searches
        ran++;
        expect(dots).toEqual(expectedPairs(t, ".", 7, "."));
        expect(dashes).toEqual(expectedPairs(t, "-", 1, ">"));
      }),
      { numRuns: 120, seed: 1407 },
    );
    expect(ran).toBeGreaterThan(100);
  });

  it("are read at a chunk's end, where the second character is in the next chunk", () => {
    for (let at = 65_536 - 9; at <= 65_536; at++) {
      const t = `${"y".repeat(at)}.abcdef.${"y".repeat(2000)}`;
      expect(pairsOf(t)).toEqual([at]);
    }
  });

  it("are not given for a text that is not all ASCII, nor before the pass ran", () => {
    const t = `${"abc.defghi.jk ".repeat(200)}\u00e9`;
    expect(candidateIndex(t).pairStarts(DOTS)).toBeUndefined();
    expect(pairsOf(t)).toBeUndefined();
    const ascii = `${"abc.defghi.jk ".repeat(200)}`;
    expect(pairsOf(ascii)).toEqual(expectedPairs(ascii, ".", 7, "."));
  });

  it("leave the Discord bot token detector's findings as its own search finds them", () => {
    let found = 0;
    let fromPass = 0;
    fc.assert(
      fc.property(text, (t) => {
        setLiteralPass(false);
        const alone = discordFindings(t);
        setLiteralPass(true);
        if (pairsOf(t) !== undefined) fromPass++;
        expect(discordFindings(t)).toEqual(alone);
        found += alone.length;
      }),
      { numRuns: 60, seed: 1408 },
    );
    expect(found).toBeGreaterThan(15);
    expect(fromPass).toBeGreaterThan(50);
  });
});
