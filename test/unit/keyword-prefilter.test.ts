/**
 * The shared prefilter's cost with many declared rules (issue 16, "a row with +200 declared rules shows the cost
 * flat"): on a long text that holds none of the declared literals, the automaton reads only as far as the built-in
 * detectors need (up to their first occurrences), and the declared literals, each of which holds a rare code unit,
 * are looked for by that code unit's native search. Counted in code units the automaton reads, not in time.
 */
import { describe, expect, it } from "vitest";
import { textPayload } from "../../bench/fixtures/inputs.js";
import { declaredRules } from "../../bench/speed/declared-rules.js";
import { createDetectorSet } from "../../src/engine/detector-set.js";
import { resolvePolicy } from "../../src/engine/policy.js";
import { KeywordPrefilter, triggersOf } from "../../src/engine/rules/keyword-prefilter.js";
import { stringFeatures } from "../../src/engine/scan/string-features.js";
import type { TextDetector } from "../../src/engine/types.js";

const MB = 1024 * 1024;

/** The content detectors of a policy (built-in secrets and injection, then the declared rules), as the scanner lists them. */
function detectorsOf(rules: number): TextDetector[] {
  const set = createDetectorSet(resolvePolicy({ customRules: declaredRules(rules) }));
  return [...set.secrets, ...set.injection, ...set.custom];
}

function reads(detectors: readonly TextDetector[], text: string): { read: number; present: number[] } {
  const prefilter = new KeywordPrefilter(detectors.map(triggersOf));
  const present = new Uint8Array(detectors.length);
  // As the scanner calls it: a long string's features are all features (scan/string-features.ts).
  const read = prefilter.scan(text, present, stringFeatures(text));
  return { read, present: [...present] };
}

describe("the prefilter with 200 declared rules on 1 MB of prose", () => {
  const text = textPayload(MB);

  it("reads no more of the text with the 200 rules than without them (plus their rare code units' windows)", () => {
    const base = reads(detectorsOf(0), text);
    const more = reads(detectorsOf(200), text);
    expect(base.read).toBeLessThan(64 * 1024);
    // The bench prose holds a few `_` (each read in a window of twice the longest literal); never the whole text.
    expect(more.read).toBeLessThan(base.read + 32 * 1024);
    expect(more.present.slice(0, base.present.length)).toEqual(base.present);
    expect(more.present.slice(base.present.length).every((p) => p === 0)).toBe(true);
  });

  it("still finds a declared literal placed at the end of the text", () => {
    const detectors = detectorsOf(200);
    const prefilter = new KeywordPrefilter(detectors.map(triggersOf));
    const present = new Uint8Array(detectors.length);
    const offset = detectors.length - 200;
    for (const i of [0, 1, 77, 199]) {
      const long = `${text}vnd${i}q_`;
      prefilter.scan(long, present, stringFeatures(long));
      const found = [...present.slice(offset)].flatMap((p, k) => (p === 1 ? [k] : []));
      expect(found).toEqual([i]);
    }
  });

  it("reads a text dense in the probe code units whole, once, and finds what it holds", () => {
    const detectors = detectorsOf(200);
    const prefilter = new KeywordPrefilter(detectors.map(triggersOf));
    const present = new Uint8Array(detectors.length);
    const dense = `${"a_b ".repeat(100_000)}vnd150q_`;
    const read = prefilter.scan(dense, present, stringFeatures(dense));
    expect(read).toBeLessThanOrEqual(dense.length);
    expect(present[detectors.length - 50]).toBe(1);
  });
});
