/**
 * string-bounds.ts: the window bounds the secrets family reads a joined text with (stringStart, stringEnd) are the
 * ends of the string stringAround gives, at every offset of a joined text (a string's own characters and the
 * separator after it), and the whole text on any other text or outside withJoinedStrings.
 */
import { describe, expect, it } from "vitest";
import {
  stringAround,
  stringEnd,
  stringStart,
  withJoinedStrings,
} from "../../src/engine/scan/string-bounds.js";

function joined(parts: readonly string[], separator: string) {
  const starts = new Int32Array(parts.length + 1);
  let at = 0;
  parts.forEach((part, k) => {
    starts[k] = at;
    at += part.length + separator.length;
  });
  starts[parts.length] = at;
  return { text: parts.join(separator), starts, gap: separator.length };
}

describe("string bounds", () => {
  it("stringStart and stringEnd are stringAround's ends at every offset of a joined text", () => {
    const parts = ["a", "key: value", "", "twilio:", "x".repeat(40), "end"];
    const j = joined(parts, "\n    \n\n");
    let checked = 0;
    withJoinedStrings(j, () => {
      for (let at = 0; at < j.text.length; at++) {
        const [from, to] = stringAround(j.text, at);
        expect([stringStart(j.text, at), stringEnd(j.text, at)]).toEqual([from, to]);
        // The string holds `at`, or its separator does.
        const k = parts.findIndex((_, i) => j.starts[i]! <= at && at < j.starts[i + 1]!);
        expect([from, to]).toEqual([j.starts[k]!, j.starts[k]! + parts[k]!.length]);
        checked++;
      }
      // Another text read meanwhile is whole.
      expect([stringStart("other text", 5), stringEnd("other text", 5)]).toEqual([0, 10]);
    });
    expect(checked).toBe(j.text.length);
    // Outside the joined read the joined text itself is whole again.
    expect([stringStart(j.text, 12), stringEnd(j.text, 12)]).toEqual([0, j.text.length]);
  });
});
