/**
 * The shared literal pass fails open to the callers' own searches: a registry whose automaton would pass the state
 * limit (many long declared literals) leaves every `passHits` undefined, and the detectors still find what they find.
 */
import { describe, expect, it } from "vitest";
import { createSecretDetectors } from "../../src/engine/detectors/secrets/index.js";
import {
  candidateIndex,
  literalPassCompiles,
  MIN_PASS_LENGTH,
  passLiterals,
} from "../../src/engine/scan/candidates.js";
import type { TextMatch } from "../../src/engine/types.js";
import { fakeGithubToken, randomString } from "../../src/shared/fake-credentials.js";

describe("needles the candidate index learns", () => {
  it("cost at most a few compiles of the automaton, however many texts teach them", () => {
    const filler = "the report was filed before the deadline. ".repeat(MIN_PASS_LENGTH / 16);
    const set = passLiterals(["report"]);
    const compilesAt = (i: number) => {
      // A new string each time (the index is kept for the last text), the pass run first, then a new needle asked.
      const text = `${filler} ${i}`;
      const index = candidateIndex(text);
      index.passHits(set);
      index.has(`needle-${i}`);
      return literalPassCompiles();
    };
    const first = compilesAt(0);
    let last = first;
    for (let i = 1; i < 40; i++) last = compilesAt(i);
    expect(last - first).toBeLessThanOrEqual(3);
    // Within the budget, a learned needle is answered from the pass on the next text.
    const next = candidateIndex(`${filler} needle-1`);
    expect(next.passHits(set)).toBeDefined();
    expect(next.has("needle-1")).toBe(true);
  });
});

// Last: its registry passes the automaton's limit, which leaves the pass off for the rest of the file.
describe("the shared literal pass past its automaton's limit", () => {
  it("answers undefined and the detectors search as before", () => {
    const detectors = createSecretDetectors();
    const token = fakeGithubToken();
    const text = `${"the report was filed before the deadline. ".repeat(MIN_PASS_LENGTH / 16)} token ${token} end`;
    const find = () => {
      const out: TextMatch[] = [];
      for (const d of detectors) d.detect(text, out);
      return out.map((m) => text.slice(m.start, m.end));
    };
    const before = find();
    expect(before).toContain(token);
    // 4,000 literals of 24 random characters: about 90,000 states, past the 65,535 the automaton allows.
    const many = passLiterals(Array.from({ length: 4000 }, (_, i) => randomString(24, undefined, 1000 + i)));
    expect(candidateIndex(`${text} `).passHits(many)).toBeUndefined();
    expect(find()).toEqual(before);
  });
});
