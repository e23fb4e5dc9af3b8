/**
 * The phrase rules' fold as it was written before it became one loop (src/engine/detectors/injection/normalise.ts):
 * each run of characters outside printable ASCII found by a regex, the ASCII between runs copied, one offset-map
 * call per ASCII run and per character, the text joined by a TextBuilder. test/property/injection-fold.property.test.ts
 * compares the detector's fold with it.
 */
import type { MatchableText } from "../../src/engine/detectors/injection/normalise.js";
import { foldCodePoint } from "../../src/engine/detectors/injection/normalise.js";
import { SegmentMap, TextBuilder } from "../../src/engine/scan/offset-map.js";

const NON_ASCII_RUN = /[^\t\n\r\x20-\x7e]+/g;

export function referenceFold(input: string, lowerAscii: boolean): MatchableText {
  const lower = lowerAscii ? (ascii: string) => ascii.toLowerCase() : (ascii: string) => ascii;
  const map = new SegmentMap();
  const parts = new TextBuilder();
  let length = 0;
  let copied = 0;
  NON_ASCII_RUN.lastIndex = 0;
  for (let run = NON_ASCII_RUN.exec(input); run !== null; run = NON_ASCII_RUN.exec(input)) {
    if (run.index > copied) {
      parts.push(lower(input.slice(copied, run.index)));
      map.addLinear(length, copied);
      length += run.index - copied;
    }
    const runEnd = run.index + run[0].length;
    for (let i = run.index; i < runEnd; ) {
      const cp = input.codePointAt(i)!;
      const width = cp > 0xffff ? 2 : 1;
      const folded = foldCodePoint(cp);
      if (folded.length === 1 && width === 1) map.addLinear(length, i);
      else if (folded.length > 0) map.addBlock(length, i, width);
      parts.push(folded);
      length += folded.length;
      i += width;
    }
    copied = runEnd;
  }
  if (copied < input.length) {
    parts.push(lower(input.slice(copied)));
    map.addLinear(length, copied);
  }
  return { text: parts.toString(), toOriginal: (start, end) => map.toOriginal(start, end) };
}
