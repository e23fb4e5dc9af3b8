/**
 * The shared candidate index (scan/candidates.ts) and the candidate sets built from it never miss a position a
 * detector reads: each list is every occurrence of its needle; the directive word candidates hold every occurrence the
 * directive reader accepts (the word inside the key that starts its line, after indentation, at most 64 characters
 * in); the prefix finder reports the longest prefix at every start. On texts built from the characters and words
 * they look at.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  DIRECTIVE_WORDS,
  directiveWordsAtLineStarts,
} from "../../src/engine/detectors/secrets/credential-forms.js";
import { createPrefixFinder } from "../../src/engine/detectors/secrets/prefix-finder.js";
import { TOKEN_RULES } from "../../src/engine/rules/built-in/secret-tokens.js";
import { TOKEN_RULES_2 } from "../../src/engine/rules/built-in/secret-tokens-2.js";
import { TOKEN_RULES_3 } from "../../src/engine/rules/built-in/secret-tokens-3.js";
import { candidateIndex } from "../../src/engine/scan/candidates.js";

const PREFIXES = [
  ...new Set(
    [...TOKEN_RULES, ...TOKEN_RULES_2, ...TOKEN_RULES_3].flatMap((r) =>
      r.token.forms.flatMap((f) => (f.keyed === undefined ? f.prefixes : [])),
    ),
  ),
];

const PIECES = [
  "pass",
  "Pass",
  "pwd",
  "token",
  "secret",
  "store",
  "Password",
  "auth_",
  "x",
  "a",
  "kk",
  "\n",
  "\r\n",
  " ",
  "\t",
  "-",
  ".",
  "_",
  ":",
  "=",
  "'",
  '"',
  "0",
  "9",
  "€",
  "-----BEGIN ",
  "-----",
  "service_account",
  "_acc",
  "variable",
  "value",
  " -p",
  "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
];
const text = fc.array(fc.constantFrom(...PIECES), { maxLength: 50 }).map((parts) => parts.join(""));

function naivePositions(haystack: string, needle: string): number[] {
  const at: number[] = [];
  for (let i = 0; i + needle.length <= haystack.length; i++) if (haystack.startsWith(needle, i)) at.push(i);
  return at;
}

const isKeyChar = (c: number) =>
  (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c === 46 || c === 45;

/** The directive reader's own test of an occurrence (credential-forms.ts before the index): key starts its line. */
function startsItsLine(haystack: string, at: number): boolean {
  let keyStart = at;
  while (keyStart > 0 && at - keyStart < 64 && isKeyChar(haystack.charCodeAt(keyStart - 1))) keyStart--;
  let indent = keyStart;
  while (indent > 0 && (haystack.charCodeAt(indent - 1) === 32 || haystack.charCodeAt(indent - 1) === 9))
    indent--;
  return indent === 0 || haystack.charCodeAt(indent - 1) === 10;
}

describe("candidate index", () => {
  it("lists every occurrence of a needle, and says whether it occurs", () => {
    fc.assert(
      fc.property(
        text,
        fc.constantFrom(
          "p",
          "k",
          "\n",
          "cret",
          "aa",
          ":",
          "-p",
          " -p",
          "ss",
          "-----BEGIN ",
          "service_account",
          "variable",
          "alue",
        ),
        (input, needle) => {
          const index = candidateIndex(input);
          // `has` first: on a fresh index it searches by the probe alone, after `positions` it reads the list.
          expect(index.has(needle)).toBe(input.includes(needle));
          expect(index.positions(needle)).toEqual(naivePositions(input, needle));
          expect(index.has(needle)).toBe(input.includes(needle));
          const starts = index.startsOf([
            [needle, 0],
            ["a", 1],
          ]);
          const expected = [
            ...new Set([...naivePositions(input, needle), ...naivePositions(input, "a").map((a) => a - 1)]),
          ]
            .filter((s) => s >= 0)
            .sort((a, b) => a - b);
          expect(starts).toEqual(expected);
        },
      ),
      { numRuns: 400 },
    );
  });

  it("startsUpTo is startsOf, or undefined on a text denser in the needles than the limit", () => {
    fc.assert(
      fc.property(text, fc.integer({ min: 0, max: 12 }), (input, limit) => {
        const needles = [
          ["k", 0],
          ["cret", 2],
          ["-----BEGIN ", 0],
        ] as const;
        // A fresh index per question: the limit's effect does not depend on what was asked before.
        const limited = candidateIndex(`${input}`).startsUpTo(needles, limit);
        const all = naivePositions(input, "k")
          .concat(naivePositions(input, "cret").map((a) => a - 2))
          .concat(naivePositions(input, "-----BEGIN "))
          .filter((a) => a >= 0);
        const expected = [...new Set(all)].sort((a, b) => a - b);
        if (limited !== undefined) expect(limited).toEqual(expected);
        if (all.length + naivePositions(input, "c").length + naivePositions(input, "-").length <= limit)
          expect(limited).toEqual(expected);
        expect(candidateIndex(input).startsUpTo(needles, input.length + 1)).toEqual(expected);
      }),
      { numRuns: 1000 },
    );
  });

  it("directive word candidates hold every occurrence the directive reader accepts", () => {
    fc.assert(
      fc.property(text, (input) => {
        const found = directiveWordsAtLineStarts(input);
        DIRECTIVE_WORDS.forEach((word, w) => {
          // Every occurrence the reader accepts is a candidate, and every candidate an occurrence, in order (from the
          // line starts exactly the accepted ones; in a text of short lines, every occurrence).
          const occurrences = naivePositions(input, word);
          const accepted = occurrences.filter((at) => startsItsLine(input, at));
          const candidates = found[w]!;
          expect(candidates).toEqual([...candidates].sort((a, b) => a - b));
          for (const at of accepted) expect(candidates).toContain(at);
          for (const at of candidates) expect(occurrences).toContain(at);
        });
      }),
      { numRuns: 1000 },
    );
  });

  it("the prefix finder (dot-anchored prefixes from the index) finds the longest prefix at every start", () => {
    const finder = createPrefixFinder(PREFIXES);
    const piece = fc.oneof(
      fc.constantFrom(...PREFIXES),
      fc.constantFrom(...PIECES, "S", "G", ". ", "dp", "hv"),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 30 }), (parts) => {
        const input = parts.join("");
        const found: string[] = [];
        finder.scan(input, (start, prefix) => found.push(`${start}:${prefix}`));
        const expected: string[] = [];
        for (let i = 0; i < input.length; i++) {
          const longest = PREFIXES.filter((p) => input.startsWith(p, i)).sort(
            (a, b) => b.length - a.length,
          )[0];
          if (longest !== undefined) expected.push(`${i}:${longest}`);
        }
        expect(found).toEqual(expected);
      }),
      { numRuns: 500 },
    );
  });
});
