/**
 * The candidate index's answers kept per text (scan/candidates.ts): `passHits(set)` gathers a set's lists once per
 * text and tells a set registered after the pass's compile by its largest id (`maxId`); `has`/`positions` read a
 * needle's registry id from the needle as asked (`learnNeedle`'s cache) rather than folding it again. The simple
 * form is a search of the text: each list is every ASCII-case-folded occurrence of its literal, each needle's
 * positions every exact-case one; asked twice, across alternating texts, and for a set registered after the pass
 * ran (undefined for that text, or right). Mutants planted: the lists kept across texts; `maxId` as the first id.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { candidateIndex, MIN_PASS_LENGTH, passLiterals } from "../../src/engine/scan/candidates.js";

const fold = (s: string) => s.replace(/[A-Z]/g, (c) => c.toLowerCase());

function folded(text: string, literal: string): number[] {
  const t = fold(text);
  const l = fold(literal);
  const at: number[] = [];
  for (let i = t.indexOf(l); i !== -1; i = t.indexOf(l, i + 1)) at.push(i);
  return at;
}

function exact(text: string, needle: string): number[] {
  const at: number[] = [];
  for (let i = text.indexOf(needle); i !== -1; i = text.indexOf(needle, i + 1)) at.push(i);
  return at;
}

const POOL = ["qzv", "QzV", "zvq", "vqzq", "qzvqzv", "jxw", "JXW", "wjx"];
const FIRST = passLiterals(["qzv", "jxw", "wjx"]);
let registered = 0;

const piece = fc.oneof(
  fc.constantFrom(...POOL, ...POOL.map((p) => p.toUpperCase())),
  fc.constantFrom(" ", "the report ", "q", "z"),
);
const text = fc
  .array(piece, { minLength: 1, maxLength: 80 })
  .map((p) => p.join(""))
  .map((t) => (t.length >= MIN_PASS_LENGTH ? t : t + " filler".repeat(150)));

describe("the candidate index's per-text answers", () => {
  it("passHits: every folded occurrence, asked twice, across texts, and for a set registered late", () => {
    let late = 0;
    fc.assert(
      fc.property(text, text, fc.nat(), (a, b, n) => {
        for (const t of [a, b, a]) {
          const index = candidateIndex(t);
          for (let round = 0; round < 2; round++) {
            const lists = index.passHits(FIRST);
            expect(lists).toBeDefined();
            expect(lists!.map((l) => [...l])).toEqual(FIRST.literals.map((l) => folded(t, l)));
          }
        }
        // A set with one old literal first and a new one after it, registered after the pass ran on `b`.
        const index = candidateIndex(b);
        index.passHits(FIRST);
        const fresh = `kq${registered++}x${n % 1000}`;
        const set = passLiterals(["qzv", fresh]);
        const withFresh = `${b} ${fresh} `;
        const lists = index.passHits(set);
        if (lists === undefined) late++;
        else expect(lists.map((l) => [...l])).toEqual(set.literals.map((l) => folded(b, l)));
        const next = candidateIndex(withFresh).passHits(set);
        if (next !== undefined)
          expect(next.map((l) => [...l])).toEqual(set.literals.map((l) => folded(withFresh, l)));
      }),
      { seed: 1521, numRuns: 60 },
    );
    expect(late).toBeGreaterThan(0);
  });

  it("has and positions: every exact-case occurrence of a needle in any case, across texts", () => {
    fc.assert(
      fc.property(text, text, fc.constantFrom(...POOL, "QZV", "qZv"), (a, b, needle) => {
        for (const t of [a, b, a]) {
          const index = candidateIndex(t);
          index.isAscii(); // runs the pass
          expect([...index.positions(needle)]).toEqual(exact(t, needle));
          expect(index.has(needle)).toBe(exact(t, needle).length > 0);
        }
      }),
      { seed: 1522, numRuns: 100 },
    );
  });
});
