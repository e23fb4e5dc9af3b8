/**
 * TextBuilder joins its pieces a chunk at a time: the text (flat, or the rope of `toRope`) is the pieces joined
 * whatever their number, at and around the chunk's size (one join below it, chunks joined above it), and empty pieces
 * are skipped.
 */
import { describe, expect, it } from "vitest";
import { TextBuilder } from "../../src/engine/scan/offset-map.js";

function built(pieces: readonly string[], rope = false): string {
  const builder = new TextBuilder();
  for (const piece of pieces) builder.push(piece);
  return rope ? builder.toRope() : builder.toString();
}

describe("TextBuilder", () => {
  const chunk = TextBuilder.CHUNK;
  it.each([0, 1, 2, chunk - 1, chunk, chunk + 1, 2 * chunk, 3 * chunk + 5])("%i pieces", (count) => {
    const pieces = Array.from({ length: count }, (_, i) =>
      i % 7 === 3 ? "" : `${i % 10}${"x".repeat(i % 3)}`,
    );
    expect(built(pieces)).toBe(pieces.join(""));
    expect(built(pieces, true)).toBe(pieces.join(""));
  });

  it("goes on after toString with what was built so far", () => {
    const builder = new TextBuilder();
    builder.push("ab");
    expect(builder.toString()).toBe("ab");
    builder.push("c");
    expect(builder.toString()).toBe("abc");
    builder.push("d");
    expect(builder.toRope()).toBe("abcd");
    builder.push("e");
    expect(builder.toString()).toBe("abcde");
  });
});
