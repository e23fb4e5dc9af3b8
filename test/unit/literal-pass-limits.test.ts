/**
 * The shared literal pass fails open to the callers' own searches: a registry whose automaton would pass the state
 * limit (many long declared literals) leaves every `passHits` undefined, and the detectors still find what they find.
 */
import { describe, expect, it } from "vitest";
import { createSecretDetectors } from "../../src/engine/detectors/secrets/index.js";
import { candidateIndex, MIN_PASS_LENGTH, passLiterals } from "../../src/engine/scan/candidates.js";
import type { TextMatch } from "../../src/engine/types.js";
import { fakeGithubToken, randomString } from "../../src/shared/fake-credentials.js";

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
