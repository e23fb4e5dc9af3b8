import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { LiteralAutomaton, LiteralAutomatonError } from "../../src/shared/literal-automaton.js";

/** What the automaton must report: every occurrence of every literal, found one literal at a time with indexOf. */
function byIndexOf(text: string, literals: readonly string[], fold: boolean): string[] {
  const haystack = fold ? text.replace(/[A-Z]/g, (c) => c.toLowerCase()) : text;
  const out: string[] = [];
  literals.forEach((literal, id) => {
    const needle = fold ? literal.replace(/[A-Z]/g, (c) => c.toLowerCase()) : literal;
    for (let at = haystack.indexOf(needle); at !== -1; at = haystack.indexOf(needle, at + 1))
      out.push(`${id}@${at}-${at + needle.length}`);
  });
  return out.sort();
}

function scanned(automaton: LiteralAutomaton, text: string): { hits: string[]; ends: number[] } {
  const hits: string[] = [];
  const ends: number[] = [];
  automaton.scan(text, (id, start, end) => {
    hits.push(`${id}@${start}-${end}`);
    ends.push(end);
  });
  return { hits, ends };
}

// Small alphabets make overlaps, shared prefixes and suffix chains common; the extra characters cover two- three-
// and four-byte UTF-8 and a lone surrogate (which UTF-8 encodes as U+FFFD, one UTF-16 unit like the surrogate).
const alphabet = fc.constantFrom("a", "b", "A", "B", "-", "é", "€", "😀", "\ud800", " ");
const literal = fc.array(alphabet, { minLength: 1, maxLength: 5 }).map((cs) => cs.join(""));

describe("LiteralAutomaton", () => {
  it("reports exactly the occurrences indexOf finds, ends ascending (exact case and ASCII-folded)", () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(literal, { minLength: 1, maxLength: 12 }),
        fc.array(alphabet, { maxLength: 200 }).map((cs) => cs.join("")),
        fc.boolean(),
        (literals, text, fold) => {
          // A lone surrogate in a literal never matches (UTF-8 has no encoding of one); indexOf would match it.
          const usable = literals.filter((l) => !l.includes("\ud800"));
          fc.pre(usable.length > 0);
          const automaton = new LiteralAutomaton(usable, { asciiCaseInsensitive: fold });
          const { hits, ends } = scanned(automaton, text);
          expect([...hits].sort()).toEqual(byIndexOf(text, usable, fold));
          expect(ends).toEqual([...ends].sort((a, b) => a - b));
        },
      ),
      { numRuns: 400 },
    );
  });

  it("scans a text longer than one chunk, and more hits than its buffer holds, as one text", () => {
    const literals = ["ab", "b", "needle", "é€"];
    const automaton = new LiteralAutomaton(literals);
    const text = `${"ab".repeat(70_000)}needle${"xé€y".repeat(30_000)}😀needle`;
    const { hits } = scanned(automaton, text);
    expect(hits.sort()).toEqual(byIndexOf(text, literals, false));
  });

  it("rejects an empty literal with a typed error", () => {
    expect(() => new LiteralAutomaton(["a", ""])).toThrow(LiteralAutomatonError);
  });

  it("refuses a scan started from inside its own callback", () => {
    const automaton = new LiteralAutomaton(["a"]);
    expect(() => automaton.scan("a", () => automaton.scan("a", () => {}))).toThrow(LiteralAutomatonError);
    // The automaton still works after the refused call.
    expect(scanned(automaton, "aa").hits).toEqual(["0@0-1", "0@1-2"]);
  });
});
