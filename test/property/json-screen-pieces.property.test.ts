/**
 * The screening's pieces (json-screen.ts `piecesOf`): a group's strings are joined once, and a detector that reads
 * joined text in pieces (the structure detector, 4096 characters) reads slices of that text. Each slice must be the
 * piece the screening joined on its own before: the same strings (cut where the earlier loop cut them: strings added
 * while they fit, at least one a piece), their texts joined by the same separator, offsets counted from the piece's
 * start. The simple form below is that loop, kept here.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type Joined, piecesOf } from "../../src/engine/scan/json-screen.js";

/** The screening's former `joinPieces`, on plain strings: pieces joined one by one. */
function simplePieces(texts: readonly string[], separator: string, pieceChars: number): Joined[] {
  const pieces: Joined[] = [];
  const gap = separator.length;
  for (let p = 0; p < texts.length; ) {
    let q = p;
    let chars = 0;
    while (q < texts.length && (q === p || chars + texts[q]!.length <= pieceChars)) {
      chars += texts[q]!.length + gap;
      q++;
    }
    const starts = new Int32Array(q - p + 1);
    let at = 0;
    for (let k = p; k < q; k++) {
      starts[k - p] = at;
      at += texts[k]!.length + gap;
    }
    starts[q - p] = at;
    const index = Array.from({ length: q - p }, (_, k) => p + k);
    pieces.push({ text: texts.slice(p, q).join(separator), starts, index });
    p = q;
  }
  return pieces;
}

/** `texts` joined once, as the screening joins a group's strings (joinStrings). */
function joinedOnce(texts: readonly string[], separator: string): Joined {
  const starts = new Int32Array(texts.length + 1);
  let at = 0;
  texts.forEach((text, k) => {
    starts[k] = at;
    at += text.length + separator.length;
  });
  starts[texts.length] = at;
  return { text: texts.join(separator), starts, index: texts.map((_, k) => k) };
}

const plain = (pieces: readonly Joined[]) =>
  pieces.map(({ text, starts, index }) => ({ text, starts: [...starts], index: [...index] }));

describe("a group's joined text cut into pieces", () => {
  it("gives the pieces joined one by one: the same strings, text and offsets", () => {
    const text = fc.oneof(
      { weight: 6, arbitrary: fc.string({ maxLength: 40 }) },
      { weight: 2, arbitrary: fc.string({ minLength: 40, maxLength: 400 }) },
      { weight: 1, arbitrary: fc.nat(6000).map((n) => "x".repeat(n)) },
    );
    fc.assert(
      fc.property(
        fc.array(text, { minLength: 1, maxLength: 120 }),
        fc.constantFrom("\n", "\n#\n", `\n${" ".repeat(14)}\n`, `\n${" ".repeat(4)}\n\n`),
        fc.oneof(fc.integer({ min: 1, max: 600 }), fc.constant(4096)),
        (texts, separator, pieceChars) => {
          const pieces = piecesOf(joinedOnce(texts, separator), separator.length, pieceChars);
          expect(plain(pieces)).toEqual(plain(simplePieces(texts, separator, pieceChars)));
        },
      ),
      { seed: 2201, numRuns: 600 },
    );
  });

  it("cuts the bench's shape of text at 4096 characters, between strings", () => {
    const texts = Array.from({ length: 500 }, (_, i) => `note: row ${i} of the nightly export, state ok`);
    const separator = `\n${" ".repeat(14)}\n`;
    const pieces = piecesOf(joinedOnce(texts, separator), separator.length, 4096);
    expect(pieces.length).toBeGreaterThan(1);
    for (const piece of pieces) {
      expect(piece.text.length).toBeLessThanOrEqual(4096);
      expect(piece.text).toBe(piece.index.map((k) => texts[k]).join(separator));
    }
    expect(pieces.flatMap((p) => p.index)).toEqual(texts.map((_, k) => k));
  });
});
