/**
 * The shared pass notes which of PRESENCE_CHARS a text holds (literal-pass.ts PassResult.present), and the candidate
 * index answers `holds`/`has` for them from it instead of a search of the whole text: each answer must be what
 * `text.includes(char)` says, on texts of several 64 kB chunks, with each character placed near a chunk's edges and
 * in a 32-byte block's tail, in ASCII chunks and in chunks holding other characters, and in chunks too dense in digit
 * runs for the walk that notes them (the module stops that walk early; the chunk is then read by a walk of its own).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { candidateIndex, heldIfIndexed, passLiterals } from "../../src/engine/scan/candidates.js";
import { LiteralPass, PRESENCE_CHARS } from "../../src/engine/scan/literal-pass.js";

const CHUNK = 64 * 1024;
const FILLER = "the quarterly report was filed under review before the deadline of that meeting ";
const DENSE_DIGITS = "1 2 3 4 5 6 7 8 9 ";

/** Where a character may be put: near the chunk edges, in a block's tail, anywhere. */
const place = fc.oneof(
  fc.integer({ min: 0, max: 40 }),
  fc.integer({ min: CHUNK - 40, max: CHUNK + 40 }),
  fc.integer({ min: 2 * CHUNK - 40, max: 2 * CHUNK + 40 }),
  fc.integer({ min: 0, max: 2 * CHUNK + 900 }),
);

const text = fc
  .record({
    puts: fc.array(
      fc.tuple(fc.constantFrom(...PRESENCE_CHARS, "\u00e9", "\u4e2d", "\ud83d\ude00", "<"), place),
      {
        maxLength: 6,
      },
    ),
    dense: fc.constantFrom("none", "first", "second"),
    tail: fc.integer({ min: 0, max: 900 }),
  })
  .map(({ puts, dense, tail }) => {
    const base = (piece: string, length: number) =>
      piece.repeat(Math.ceil(length / piece.length)).slice(0, length);
    let body =
      dense === "first"
        ? base(DENSE_DIGITS, CHUNK) + base(FILLER, CHUNK + tail)
        : dense === "second"
          ? base(FILLER, CHUNK) + base(DENSE_DIGITS, CHUNK + tail)
          : base(FILLER, 2 * CHUNK + tail);
    for (const [char, at] of puts) {
      const i = Math.min(at, body.length);
      body = body.slice(0, i) + char + body.slice(i + char.length);
    }
    return body;
  });

describe("the pass's presence bits", () => {
  const pass = new LiteralPass(["key", "at"], [{ first: 46, gap: 7, second: 46 }]);

  it("are what includes says of each character", () => {
    fc.assert(
      fc.property(text, (t) => {
        const result = pass.run(t, Number.MAX_SAFE_INTEGER);
        expect(result).toBeDefined();
        for (let k = 0; k < PRESENCE_CHARS.length; k++)
          expect([PRESENCE_CHARS[k], (result!.present >> k) & 1]).toEqual([
            PRESENCE_CHARS[k],
            Number(t.includes(PRESENCE_CHARS[k]!)),
          ]);
      }),
      { numRuns: 120, seed: 1618 },
    );
  });

  it("answer the candidate index's holds and has as includes does", () => {
    const any = passLiterals(["\u0001"]);
    let known = 0;
    fc.assert(
      fc.property(text, (t) => {
        const index = candidateIndex(t);
        expect(index.holds("<")).toBeUndefined(); // the pass has not run yet: never run by asking
        if (index.passHits(any) === undefined) return;
        for (const char of PRESENCE_CHARS) {
          const held = index.holds(char);
          if (held !== undefined) known++;
          expect([char, held ?? t.includes(char)]).toEqual([char, t.includes(char)]);
          expect([char, heldIfIndexed(t, char)]).toEqual([char, held]);
          expect([char, index.has(char)]).toEqual([char, t.includes(char)]);
        }
        expect(heldIfIndexed(`${t} `, "<")).toBeUndefined(); // another text: not answered
      }),
      { numRuns: 60, seed: 2718 },
    );
    expect(known).toBeGreaterThan(60 * 4);
  });
});
