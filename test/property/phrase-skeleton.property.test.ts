/**
 * A rule's consuming skeleton and its prefix (phrase-skeleton.ts; the prefix is each lead's check before its rules,
 * phrase-regexes.ts `leadPrefixSource`): both match wherever the rule matches, on any text that holds the same
 * characters over the match, whatever stands around them; and the detector's glued retry (a lead word's rules tried
 * again on the glued view, phrase-glued.ts) finds what the simple form finds (test/helpers/phrase-detector-reference.ts:
 * the retry at every lead word whose rules failed), also where the view's end (256 units past the lead word) cuts a
 * match.
 */
import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createInjectionDetector, INJECTION_RULES } from "../../src/engine/detectors/injection/index.js";
import { compilePhrase, expandPhrase } from "../../src/engine/detectors/injection/phrase-pattern.js";
import { consumingPrefix, consumingSkeleton } from "../../src/engine/detectors/injection/phrase-skeleton.js";
import type { TextMatch } from "../../src/engine/types.js";
import { createReferenceInjectionDetector } from "../helpers/phrase-detector-reference.js";

const gated = createInjectionDetector();
const reference = createReferenceInjectionDetector();

function findings(detector: { detect(text: string, out: TextMatch[]): void }, text: string): TextMatch[] {
  const out: TextMatch[] = [];
  detector.detect(text, out);
  return out;
}

/** The sentences of the rules' unit tests (attacks, glued lookbehinds, framings, benign twins), as written there. */
const sentences = [
  "test/unit/injection.test.ts",
  "test/unit/injection-paraphrases.test.ts",
  "test/unit/injection-glued-behind.test.ts",
  "test/unit/injection-reach.test.ts",
].flatMap((file) =>
  [...readFileSync(file, "utf8").matchAll(/(["'`])((?:(?!\1)[^\\\n]){12,300})\1/g)]
    .map((m) => m[2]!)
    .filter((t) => / /.test(t) && !t.includes("../")),
);

const escapeRegExp = (literal: string) => literal.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");

/** Each rule's forward part as the detector compiles it, its lookbehind as a separate regex, and its skeleton. */
const rules = INJECTION_RULES.map((rule) => {
  const forward = `(?:${rule.lead.map(escapeRegExp).join("|")})${rule.rest}`;
  return {
    id: rule.id,
    full: compilePhrase(
      rule.before === undefined ? forward : `(?=${forward})(?<=${rule.before})${forward}`,
      "i",
    ),
    skeleton: new RegExp(consumingSkeleton(expandPhrase(forward)), "yi"),
    prefix: new RegExp(consumingPrefix(expandPhrase(forward)) ?? "(?!)", "yi"),
  };
});

describe("a phrase rule's consuming skeleton and its prefix", () => {
  it("takes out assertions and captures, and keeps what consumes", () => {
    expect(consumingSkeleton(String.raw`\bab(?<n>c|d)(?=e)(?<!f)\b$x{2,3}?`)).toBe("ab(?:c|d)x{2,3}?");
    expect(consumingSkeleton(String.raw`^(?:(?!no\b)[a-z]+\s+)*[\]\b](?<=y)?`)).toBe(
      String.raw`(?:[a-z]+\s+)*[\]\b]`,
    );
    expect(() => consumingSkeleton(String.raw`(a)\1`)).toThrow();
  });

  it("has a prefix: the atoms up to its second that must match something other than whitespace", () => {
    expect(consumingPrefix(String.raw`(?:for|from)\s+(?:now|this)\s+on\b`)).toBe(
      String.raw`(?:for|from)\s+(?:now|this)`,
    );
    expect(consumingPrefix(String.raw`(?:no)(?:\s+not)?\s{1,3}(?=x)\bfollow\s+y`)).toBe(
      String.raw`(?:no)(?:\s+not)?\s{1,3}f`,
    );
    expect(consumingPrefix("a|b")).toBeUndefined();
    // Every rule has one (the detector falls back to the whole skeleton otherwise, which is slower, not wrong).
    expect(rules.filter((rule) => rule.prefix.source === "(?!)").map((rule) => rule.id)).toEqual([]);
  });

  it("matches wherever its rule matches, on the matched characters amid any others", () => {
    let checked = 0;
    const junk = fc.constantFrom("", "x", "ab", "9", "_", " ", "\n", "It ", "you ", "not ", ".", "'", "\\n");
    fc.assert(
      fc.property(fc.constantFrom(...sentences), junk, junk, fc.nat(), (sentence, before, after, seed) => {
        const text = seed % 2 === 0 ? sentence : sentence.toUpperCase();
        for (const rule of rules)
          for (let at = 0; at < text.length; at++) {
            rule.full.lastIndex = at;
            const match = rule.full.exec(text);
            if (match === null) continue;
            checked++;
            const moved = `${before}${match[0]}${after}`;
            rule.skeleton.lastIndex = before.length;
            expect(rule.skeleton.test(moved), `${rule.id} on ${JSON.stringify(moved)}`).toBe(true);
            rule.prefix.lastIndex = before.length;
            expect(rule.prefix.test(moved), `${rule.id} prefix on ${JSON.stringify(moved)}`).toBe(true);
          }
      }),
      { numRuns: 300, seed: 18 },
    );
    expect(checked).toBeGreaterThan(100);
  });
});

/** The glued forms of a sentence (phrase-glued.ts: after a digit, at a case change, after an ANSI escape's `m`). */
const glue = fc.constantFrom(
  (s: string) => `200${s}`,
  (s: string) => `status=ok${s.charAt(0).toUpperCase()}${s.slice(1)}`,
  (s: string) => `fix typo \u001b[8m${s}`,
  (s: string) => `result: PASSED${s.charAt(0).toUpperCase()}${s.slice(1)}`,
  (s: string) => `{"id":4471,"note":"#4471${s}"}`,
);

describe("the glued retry", () => {
  it("finds what the simple form finds on glued sentences with words changed, cut or spread out", () => {
    let found = 0;
    const spread = fc.constantFrom(" ", "  ", " ".repeat(60), " ".repeat(200), "\n", "\\n");
    fc.assert(
      fc.property(
        fc.constantFrom(...sentences),
        glue,
        fc.nat(),
        spread,
        fc.constantFrom("", "x", "xyz", ".", " more words", "\\n"),
        (sentence, glued, seed, wide, tail) => {
          const words = sentence.split(" ");
          // One gap widened, one word dropped or cut short, the text cut after some word: near misses of the rule.
          const gap = seed % words.length;
          const drop = (seed >> 3) % (words.length + 3);
          const cut = words.length - ((seed >> 6) % 3);
          const text = words
            .slice(0, cut)
            .map((w, i) => (i === drop ? w.slice(0, w.length >> 1) : w))
            .map((w, i) => (i === gap ? w + wide : `${w} `))
            .join("");
          const t = glued(text.trimEnd()) + tail;
          const expected = findings(reference, t);
          found += expected.length;
          expect(findings(gated, t)).toEqual(expected);
        },
      ),
      { numRuns: 1500, seed: 18 },
    );
    expect(found).toBeGreaterThan(150);
  });

  it("finds what the simple form finds where the view's end cuts a match (a gap widened to reach it)", () => {
    let cutByView = 0;
    for (const sentence of sentences)
      for (const glued of [
        (s: string) => `200${s}`,
        (s: string) => `x ok${s.charAt(0).toUpperCase()}${s.slice(1)}`,
      ])
        for (let gap = 1; gap < Math.min(sentence.split(" ").length, 6); gap++)
          for (const width of [200, 230, 240, 250, 253, 254, 255]) {
            const words = sentence.split(" ");
            for (const tail of ["xyz", "", " and"]) {
              const text = `${glued(
                words.map((w, i) => (i === gap ? `${" ".repeat(width)}${w}` : w)).join(" "),
              )}${tail}`;
              const expected = findings(reference, text);
              const got = findings(gated, text);
              expect(got, text).toEqual(expected);
              // A finding the view's end made: the same text run on longer, so nothing cuts it, differs.
              const longer = findings(reference, `${text}${"x".repeat(300)}`);
              if (JSON.stringify(longer) !== JSON.stringify(expected)) cutByView++;
            }
          }
    expect(cutByView).toBeGreaterThan(0);
    // Exhaustive by design (every sentence, gap, width and tail: ~19 s alone on a quiet 2-core machine); CI's two
    // workers on two cores took it past vitest's 30 s default, so it has its own bound.
  }, 120_000);
});
