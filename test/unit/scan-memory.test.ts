/**
 * Issue 15 item 6: memory per input byte is bounded. A result dense with stripped characters (`"a\u200b"` repeated:
 * one run every other character, none adjacent, so none merge) is held as runs in typed arrays at every stage:
 * the sanitizer's matches, the removed ranges, the offset map, the normalised view's segments and changes. Counted
 * in entries and bytes, never in time or RSS (the bench measures RSS: `npm run bench:adversarial --only=dense-invisible`).
 */
import { describe, expect, it } from "vitest";
import { toFoldedText } from "../../src/engine/detectors/injection/normalise.js";
import { createControlDetector } from "../../src/engine/sanitizer/control-detector.js";
import { MatchRuns, RangeList } from "../../src/engine/sanitizer/match-runs.js";
import { normalisedView } from "../../src/engine/scan/normalised-view.js";
import { OffsetMap, SegmentMap } from "../../src/engine/scan/offset-map.js";
import { PackedInt32List } from "../../src/engine/scan/typed-chunks.js";

const PAIRS = 20_000;
const dense = () => "a\u200b".repeat(PAIRS);

describe("the control detector hands runs over without an object each", () => {
  it("one run per stripped character between letters, 10 bytes a run (capacity at most twice)", () => {
    const runs = new MatchRuns();
    createControlDetector().detectRuns(dense(), runs);
    expect(runs.size).toBe(PAIRS);
    expect(runs.bytes).toBeLessThanOrEqual(2 * 10 * PAIRS);
    runs.sort();
    expect(runs.at(0)).toEqual({
      kind: "control",
      type: "zero_width",
      start: 1,
      end: 2,
      ruleId: "control.zero_width",
    });
    expect(runs.at(PAIRS - 1)).toMatchObject({ start: 2 * PAIRS - 1, end: 2 * PAIRS });
  });

  it("gives the same spans as detect()", () => {
    const text = `x\u200b\u200by\u001b[31mz\u202e\u{e0041}\u{e0042}w\ud800q\ufe0f\ufe0f`;
    const objects: Parameters<ReturnType<typeof createControlDetector>["detect"]>[1] = [];
    const detector = createControlDetector();
    detector.detect(text, objects);
    const runs = new MatchRuns();
    detector.detectRuns(text, runs);
    runs.sort();
    expect(Array.from({ length: runs.size }, (_, i) => runs.at(i))).toEqual(objects);
  });

  it("runs pushed out of order are walked by position, longer first at one start, stably", () => {
    const runs = new MatchRuns();
    const a = runs.ruleOf({ kind: "control", type: "zero_width", ruleId: "control.zero_width" });
    const b = runs.ruleOf({ kind: "markup", type: "chat_template", ruleId: "markup.chat_template" });
    runs.pushRun(a, 5, 6);
    runs.pushRun(b, 0, 3);
    runs.pushRun(a, 0, 1);
    runs.pushRun(b, 5, 9);
    runs.sort();
    expect(Array.from({ length: runs.size }, (_, i) => [runs.at(i).start, runs.at(i).end])).toEqual([
      [0, 3],
      [0, 1],
      [5, 9],
      [5, 6],
    ]);
  });
});

describe("removed ranges and the offset map are runs in Int32Arrays", () => {
  it("a RangeList sorts and merges overlapping and touching ranges", () => {
    const ranges = new RangeList();
    for (const [s, e] of [
      [10, 12],
      [0, 2],
      [2, 3],
      [11, 15],
      [20, 21],
    ] as const)
      ranges.add(s, e);
    ranges.normalise();
    expect(Array.from({ length: ranges.size }, (_, i) => [ranges.startAt(i), ranges.endAt(i)])).toEqual([
      [0, 3],
      [10, 15],
      [20, 21],
    ]);
  });

  it("the offset map holds one entry per removed run, 8 bytes each (capacity at most twice)", () => {
    const map = new OffsetMap();
    for (let i = 0; i < PAIRS; i++) map.add(i + 1, 1); // "a\u200b" repeated, stripped to "aaa..."
    expect(map.size).toBe(PAIRS);
    expect(map.bytes).toBeLessThanOrEqual(2 * 8 * PAIRS);
    expect(map.toOriginal(0)).toBe(0);
    expect(map.toOriginal(3)).toBe(6);
    expect(map.endToOriginal(3)).toBe(5);
    expect(map.toStripped(5)).toBe(3);
  });

  it("two removals at one stripped offset are one run, mapped as before", () => {
    const map = new OffsetMap();
    map.add(2, 3);
    map.add(2, 1);
    map.add(5, 2);
    expect(map.size).toBe(2);
    // "ab" + 4 removed + "cde" + 2 removed + "f": original "ab____cde__f"
    expect([0, 1, 2, 3, 4, 5].map((o) => map.toOriginal(o))).toEqual([0, 1, 6, 7, 8, 11]);
    expect([0, 2, 3, 6, 7, 9, 11].map((o) => map.toStripped(o))).toEqual([0, 2, 2, 2, 3, 5, 5]);
  });
});

describe("the normalised views hold typed segments", () => {
  it("the scanner's view of a dense text: changes in an Int32Array, one per dropped character", () => {
    const view = normalisedView(dense())!;
    expect(view.text).toBe("a".repeat(PAIRS));
    expect(view.changes).toBeInstanceOf(Int32Array);
    expect(view.changes.length).toBe(PAIRS); // where each dropped character was
    expect(view.toOriginal(3, 5)).toEqual([6, 9]);
  });

  it("a segment map of n segments holds 12 bytes each (capacity at most twice) and maps blocks whole", () => {
    const map = new SegmentMap();
    for (let i = 0; i < PAIRS; i++) map.addLinear(i, 2 * i);
    expect(map.size).toBe(PAIRS);
    expect(map.bytes).toBeLessThanOrEqual(2 * 12 * PAIRS);
    const blocks = new SegmentMap();
    blocks.addLinear(0, 0);
    blocks.addBlock(3, 3, 6); // "\\u0040" at 3..9 read as one character
    blocks.addLinear(4, 9);
    expect(blocks.toOriginal(2, 5)).toEqual([2, 10]);
    expect(blocks.toOriginal(3, 3)).toEqual([3, 3]);
    expect(new SegmentMap().toOriginal(4, 6)).toEqual([4, 6]);
  });

  it("the injection normaliser maps a dense text through the same typed map", () => {
    const folded = toFoldedText(`${dense()}ignore`);
    expect(folded.text).toBe(`${"a".repeat(PAIRS)}ignore`);
    expect(folded.toOriginal(PAIRS, PAIRS + 6)).toEqual([2 * PAIRS, 2 * PAIRS + 6]);
    expect(folded.toOriginal(1, 2)).toEqual([2, 3]);
  });
});

// Large enough that the chunked arrays hold several chunks (a chunk is 65,536 entries).
const MANY = 140_000;
const CHUNK_ENTRIES = 65_536;

describe("typed maps grow in chunks, never to twice their size", () => {
  it("a segment map of n linear segments holds 9 bytes each, plus at most one chunk", () => {
    const map = new SegmentMap();
    for (let i = 0; i < MANY; i++) map.addLinear(i, 2 * i);
    expect(map.size).toBe(MANY);
    expect(map.bytes).toBeLessThanOrEqual(9 * (MANY + CHUNK_ENTRIES));
    expect(map.toOriginal(MANY - 1, MANY)).toEqual([2 * MANY - 2, 2 * MANY - 1]);
    expect(map.toOriginal(70_000, 70_002)).toEqual([140_000, 140_003]);
  });

  it("a block wider than a byte keeps its width", () => {
    const map = new SegmentMap();
    map.addLinear(0, 0);
    map.addBlock(3, 3, 1_000); // a long %XX run read as three characters
    map.addLinear(6, 1_003);
    expect(map.toOriginal(3, 4)).toEqual([3, 1_003]);
    expect(map.toOriginal(2, 7)).toEqual([2, 1_004]);
  });

  it("an offset map of n runs holds 8 bytes each, plus at most one chunk", () => {
    const map = new OffsetMap();
    for (let i = 0; i < MANY; i++) map.add(i + 1, 1);
    expect(map.bytes).toBeLessThanOrEqual(8 * (MANY + CHUNK_ENTRIES));
    expect(map.toOriginal(100_000)).toBe(200_000);
    expect(map.toStripped(199_999)).toBe(100_000);
  });

  it("an offset map made from removed ranges takes their arrays over (no copy) and maps as one built run by run", () => {
    const ranges = new RangeList();
    const built = new OffsetMap();
    let removed = 0;
    for (let i = 0; i < MANY; i++) {
      const start = 3 * i + 1;
      const width = 1 + (i % 2);
      ranges.add(start, start + width);
      built.add(start - removed, width);
      removed += width;
    }
    ranges.normalise();
    const before = ranges.bytes;
    const map = OffsetMap.fromRanges(ranges);
    expect(map.bytes).toBe(before);
    expect(ranges.size).toBe(0); // handed over
    for (const offset of [0, 1, 2, 3, 5, 99_999, 150_000, 2 * MANY])
      expect([map.toOriginal(offset), map.endToOriginal(offset)]).toEqual([
        built.toOriginal(offset),
        built.endToOriginal(offset),
      ]);
    for (const offset of [0, 1, 2, 3, 4, 5, 6, 7, 299_999, 450_000, 3 * MANY])
      expect(map.toStripped(offset)).toBe(built.toStripped(offset));
  });
});

describe("the scanner's view of a text that differs only where the sanitizer stripped is the stripped text", () => {
  const strip = (text: string) => {
    const ranges = new RangeList();
    for (let i = 0; i < text.length; i++) if (text[i] === "\u200b") ranges.add(i, i + 1);
    ranges.normalise();
    return { working: text.replace(/\u200b/g, ""), map: OffsetMap.fromRanges(ranges) };
  };

  it("builds no segments of its own and maps as the full view does", () => {
    const text = `${dense()} ok`;
    const stripped = strip(text);
    const full = normalisedView(text)!;
    normalisedView("another text"); // the view of the last text is kept: a new one is built for the next
    const shared = normalisedView(text, stripped)!;
    expect(shared.bytes).toBe(0);
    expect(full.bytes).toBeGreaterThan(0);
    expect(shared.text).toBe(full.text);
    expect(Array.from(shared.changes)).toEqual(Array.from(full.changes));
    for (const [s, e] of [
      [0, 1],
      [3, 5],
      [5, 5],
      [PAIRS - 1, PAIRS + 3],
    ] as const)
      expect(shared.toOriginal(s, e)).toEqual(full.toOriginal(s, e));
  });

  it("builds its own view when it differs elsewhere (an escape, a full-width digit, a stripped letter)", () => {
    for (const text of [`${dense()}&#64;`, `${dense()}\uff14`, `a\u200bb\u00adc`]) {
      const stripped = strip(text);
      const full = normalisedView(text)!;
      normalisedView("another text");
      const view = normalisedView(text, stripped)!;
      expect(view.text).toBe(full.text);
      expect(view.bytes).toBeGreaterThan(0);
    }
  });
});

describe("offsets close to their neighbours take two bytes", () => {
  it("a packed list reads back what was pushed, near and far values alike", () => {
    const list = new PackedInt32List();
    const values: number[] = [];
    let v = 0;
    for (let i = 0; i < 10_000; i++) {
      v += i % 97 === 0 ? 100_000 + i : i % 5; // now and then a jump no delta of two bytes holds
      values.push(i % 1_001 === 0 ? -v : v); // and now and then a smaller value
      list.push(values[i]!);
    }
    expect(list.size).toBe(values.length);
    for (let i = 0; i < values.length; i++) expect(list.get(i)).toBe(values[i]);
    list.set(5, 42);
    expect(list.get(5)).toBe(42);
    list.set(6, 1 << 29);
    expect(list.get(6)).toBe(1 << 29);
  });

  it("the segment map of a dense text holds about 5 bytes a segment", () => {
    const segments = new SegmentMap();
    for (let i = 0; i < MANY; i++) segments.addLinear(i, 2 * i);
    expect(segments.bytes).toBeLessThanOrEqual(5.5 * MANY + 9 * CHUNK_ENTRIES);
    expect(segments.toOriginal(70_000, 70_002)).toEqual([140_000, 140_003]);
  });
});

describe("the sanitizer's runs of a dense text", () => {
  it("hold about 6 bytes a run (starts and ends packed as differences)", () => {
    const runs = new MatchRuns();
    createControlDetector().detectRuns("a\u200b".repeat(MANY), runs);
    expect(runs.size).toBe(MANY);
    expect(runs.bytes).toBeLessThanOrEqual(6.5 * MANY + 10 * CHUNK_ENTRIES);
    expect(runs.at(MANY - 1)).toMatchObject({ start: 2 * MANY - 1, end: 2 * MANY });
  });
});
