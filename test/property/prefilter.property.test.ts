/**
 * The shared literal prefilter skips a detector only where it could not match: the automaton marks exactly the
 * detectors one of whose literals occurs (exact case, or ASCII case folded); a declared rule's derived literal starts
 * every match of its pattern; and the injection phrase detector, gated by its registered lead words, finds on every
 * string what it finds ungated.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createDetectorSet } from "../../src/engine/detector-set.js";
import { INJECTION_RULES } from "../../src/engine/detectors/injection/index.js";
import { resolvePolicy } from "../../src/engine/policy.js";
import { INJECTION_TRIGGERS } from "../../src/engine/rules/injection-triggers.js";
import {
  derivedLiteral,
  KeywordPrefilter,
  type LiteralTriggers,
  triggersOf,
} from "../../src/engine/rules/keyword-prefilter.js";
import { exactFeatures, stringFeatures } from "../../src/engine/scan/string-features.js";
import { runDetectors } from "../../src/engine/scan/string-scanner.js";
import type { TextMatch } from "../../src/engine/types.js";

const RUNS = { numRuns: Number(process.env.PROPERTY_RUNS ?? 150) * 4 };

const piece = fc.constantFrom(
  "sk-",
  "SK-",
  "ghp_",
  "xyz",
  "Token",
  "token",
  "é",
  "ab",
  "a",
  "b",
  "-",
  "_",
  " ",
  "K",
);
const literal = fc.array(piece, { minLength: 1, maxLength: 3 }).map((p) => p.join(""));
const textOf = fc
  .array(fc.oneof(piece, fc.string({ maxLength: 4 })), { maxLength: 12 })
  .map((p) => p.join(""));

function naive(triggers: LiteralTriggers, text: string): boolean {
  const ascii = (s: string) => s.replace(/[A-Z]/g, (c) => c.toLowerCase());
  return triggers.literals.some((l) =>
    triggers.caseInsensitive ? ascii(text).includes(ascii(l)) : text.includes(l),
  );
}

describe("the literal automaton", () => {
  it("marks exactly the detectors one of whose literals occurs", () => {
    const detectorTriggers = fc.array(
      fc.option(
        fc.record({
          literals: fc.array(literal, { minLength: 1, maxLength: 4 }),
          caseInsensitive: fc.boolean(),
        }),
        { nil: undefined },
      ),
      { minLength: 1, maxLength: 6 },
    );
    fc.assert(
      fc.property(detectorTriggers, textOf, (triggers, text) => {
        const prefilter = new KeywordPrefilter(triggers);
        const present = new Uint8Array(triggers.length);
        prefilter.scan(text, present);
        triggers.forEach((t, i) => {
          if (t === undefined || !prefilter.gated.includes(i)) return;
          expect(present[i], `${JSON.stringify(t)} in ${JSON.stringify(text)}`).toBe(naive(t, text) ? 1 : 0);
        });
      }),
      RUNS,
    );
  });

  it("marks exactly those detectors on long texts too (the probe phase past 1,024 code units)", () => {
    const detectorTriggers = fc.array(
      fc.record({
        literals: fc.array(literal, { minLength: 1, maxLength: 4 }),
        caseInsensitive: fc.boolean(),
      }),
      { minLength: 1, maxLength: 6 },
    );
    // Prose-like filler (common letters only) around the pieces, so hits of rare code units are far apart.
    const filler = fc
      .integer({ min: 0, max: 700 })
      .map((n) => "the rain in spain stays mainly ".repeat(n >> 4).slice(0, n));
    const longText = fc
      .array(fc.tuple(filler, fc.oneof(piece, fc.string({ maxLength: 4 }))), { minLength: 2, maxLength: 8 })
      .map((parts) => parts.map(([f, p]) => f + p).join("") + "the end ".repeat(140));
    fc.assert(
      fc.property(detectorTriggers, longText, (triggers, text) => {
        const prefilter = new KeywordPrefilter(triggers);
        const present = new Uint8Array(triggers.length);
        prefilter.scan(text, present);
        triggers.forEach((t, i) => {
          if (!prefilter.gated.includes(i)) return;
          expect(present[i], `${JSON.stringify(t)} in ${JSON.stringify(text)}`).toBe(naive(t, text) ? 1 : 0);
        });
      }),
      RUNS,
    );
  });

  it("runs a detector ungated on a string with one of its bypass features", () => {
    const prefilter = new KeywordPrefilter([INJECTION_TRIGGERS.triggers, ["zzz"]]);
    const present = new Uint8Array(2);
    const text = "n\u00e9ant";
    prefilter.scan(text, present, exactFeatures(text));
    expect([...present]).toEqual([1, 0]);
  });
});

describe("a declared rule's derived literal", () => {
  const patterns: [string, string, string | undefined][] = [
    ["vnd3q_[A-Za-z0-9]{24}", "", "vnd3q_"],
    ["acme\\-key\\.[0-9]+", "", "acme-key."],
    ["tok_x?[0-9]{4}", "", "tok_"],
    ["abcd+e", "", "abcd"],
    ["Bearer [A-Z]{8}", "i", "Bearer "],
    ["key|secret", "", undefined],
    ["(?:ab|cd)efg", "", undefined],
    ["^abc", "", undefined],
    ["abc", "iu", undefined],
    ["ab[0-9]", "", undefined],
  ];
  it.each(patterns)("%s (flags %s) starts with %s", (source, flags, expected) => {
    expect(derivedLiteral(source, flags)?.literals[0]).toBe(expected);
  });

  it("starts every match of its pattern", () => {
    const alphabet = fc.constantFrom(..."abcdeKXyz_-.0123 |?*+{}[]()\\".split(""));
    const source = fc
      .array(alphabet, { minLength: 1, maxLength: 10 })
      .map((p) => p.join(""))
      .filter((s) => {
        try {
          new RegExp(s);
          return true;
        } catch {
          return false;
        }
      });
    fc.assert(
      fc.property(source, fc.constantFrom("", "i"), textOf, (src, flags, text) => {
        const derived = derivedLiteral(src, flags);
        if (derived === undefined) return;
        const lit = derived.literals[0]!;
        const re = new RegExp(src, `g${flags}`);
        for (const m of text.matchAll(re)) {
          if (m[0].length === 0) continue;
          const head = m[0].slice(0, lit.length);
          expect(flags ? head.toLowerCase() : head).toBe(flags ? lit.toLowerCase() : lit);
        }
      }),
      RUNS,
    );
  });

  it("gates a pattern rule declared without keywords", () => {
    const policy = resolvePolicy({
      customRules: [{ id: "acme.key", kind: "secret", type: "acme_key", pattern: "acmek_[a-z0-9]{16}" }],
    });
    const set = createDetectorSet(policy);
    expect(triggersOf(set.custom[0]!)?.literals).toEqual(["acmek_"]);
  });
});

describe("the injection phrase detector behind its registered lead words", () => {
  const leads = [...new Set(INJECTION_RULES.flatMap((r) => r.lead))];
  const word = fc.oneof(
    fc.constantFrom(...leads),
    fc.constantFrom(...leads).map((l) => l.toUpperCase()),
    fc.constantFrom(
      "the",
      "previous",
      "instructions",
      "all",
      "you",
      "are",
      "now",
      "a",
      "mode",
      "system",
      ":",
      "\n",
    ),
    fc.string({ maxLength: 6 }),
  );
  const sentence = fc.array(word, { maxLength: 14 }).map((w) => w.join(" "));

  it("is bound to the built-in detector", () => {
    const set = createDetectorSet(resolvePolicy({}));
    const phrase = set.injection.find((d) => d.id === "injection")!;
    expect(triggersOf(phrase)?.literals.length).toBe(leads.length);
  });

  it("finds through the scanner's gate what it finds ungated", () => {
    const set = createDetectorSet(resolvePolicy({}));
    const gated = set.injection.filter((d) => d.id === "injection");
    // The same detector called directly (no gate): with the learned model on by default, the default plan's phrase
    // detector takes its second opinion, which a bare createInjectionDetector() does not.
    const reference = gated[0]!;
    fc.assert(
      fc.property(sentence, (text) => {
        const direct: TextMatch[] = [];
        reference.detect(text, direct);
        const through = runDetectors(gated, text, stringFeatures(text));
        expect(through.map((m) => [m.start, m.end, m.ruleId])).toEqual(
          direct.map((m) => [m.start, m.end, m.ruleId]),
        );
      }),
      RUNS,
    );
  });
});
