/**
 * The secret detectors gated by the shared literal prefilter (keyword-prefilter.ts) find on every string what they
 * find ungated: the token detector (vendor prefixes, keyed forms, credentials by name) and the prose-credential
 * detector. Texts are built from the records' own examples cut into pieces, the literals themselves, and noise.
 */
import fc from "fast-check";
import { describe, expect, it, vi } from "vitest";
import { createProseCredentialDetector } from "../../src/engine/detectors/secrets/prose-credential.js";
import { SECRET_RULES } from "../../src/engine/rules/built-in/secrets.js";
import { triggersOf } from "../../src/engine/rules/keyword-prefilter.js";
import { stringFeatures } from "../../src/engine/scan/string-features.js";
import { runDetectors } from "../../src/engine/scan/string-scanner.js";
import type { TextDetector } from "../../src/engine/types.js";

const RUNS = { numRuns: Number(process.env.PROPERTY_RUNS ?? 150) * 4 };

const examples = SECRET_RULES.flatMap((rule) =>
  "examples" in rule && "positive" in rule.examples
    ? [...rule.examples.positive, ...rule.examples.negative].map((e) => (typeof e === "string" ? e : e()))
    : [],
);
const tokens = SECRET_RULES.find((r) => r.id === "secret.generic_credential")!.detector({ phoneRegions: [] });
const prose = createProseCredentialDetector();

/** The same detector, unregistered: the prefilter leaves it ungated. */
function ungated(detector: TextDetector): TextDetector {
  return { id: detector.id, kind: detector.kind, detect: (text, out) => detector.detect(text, out) };
}

const literalPiece = fc.constantFrom(
  ...(triggersOf(tokens)?.literals ?? []),
  ...(triggersOf(prose)?.literals ?? []),
  "Password",
  "API KEY",
  " is ",
  ": ",
  "é",
  "\u212a",
  "ſ",
  "：",
);
/** A slice of a record example: whole, a head, a tail or a middle. */
const examplePiece = fc
  .tuple(fc.constantFrom(...examples), fc.nat(), fc.nat())
  .map(([e, a, b]) => e.slice(Math.min(a, b) % (e.length + 1), Math.max(a, b) % (e.length + 1) || undefined));
const noise = fc.string({
  unit: fc.constantFrom("a", "Q", "7", " ", "_", ".", "\n", "x", "k", "s"),
  maxLength: 8,
});
const text = fc
  .array(fc.oneof(examplePiece, literalPiece, noise, fc.constantFrom(...examples)), { maxLength: 8 })
  .map((p) => p.join(""));

describe("the secret detectors behind the shared prefilter", () => {
  it("are gated: each registers literal triggers", () => {
    expect(triggersOf(tokens)?.literals.length).toBeGreaterThan(100);
    expect(triggersOf(prose)?.literals).toContain("pass");
  });

  it("skip a string holding none of their literals", () => {
    const spies = [vi.spyOn(tokens, "detect"), vi.spyOn(prose, "detect")];
    const list = [tokens, prose];
    expect(runDetectors(list, "Quarterly results beat every forecast in all regions this year")).toEqual([]);
    expect(spies.map((s) => s.mock.calls.length)).toEqual([0, 0]);
    // With a literal, each runs.
    runDetectors(list, "Quarterly results beat the forecast: the key is growth");
    expect(spies.map((s) => s.mock.calls.length)).toEqual([1, 1]);
    for (const spy of spies) spy.mockRestore();
  });

  it("the token detector finds on every string what it finds ungated", () => {
    const open = [ungated(tokens)];
    fc.assert(
      fc.property(text, (t) => {
        expect(runDetectors([tokens], t, stringFeatures(t))).toEqual(
          runDetectors(open, t, stringFeatures(t)),
        );
      }),
      RUNS,
    );
  });

  it("the prose-credential detector finds on every string what it finds ungated", () => {
    const open = [ungated(prose)];
    fc.assert(
      fc.property(text, (t) => {
        expect(runDetectors([prose], t, stringFeatures(t))).toEqual(runDetectors(open, t, stringFeatures(t)));
      }),
      RUNS,
    );
  });

  it("every record example a gated detector finds holds one of its literals, or a non-ASCII character", () => {
    for (const detector of [tokens, prose]) {
      const triggers = triggersOf(detector)!;
      for (const example of examples) {
        const found: { start: number }[] = [];
        detector.detect(example, found as never);
        if (found.length === 0 || /[^\x00-\x7f]/.test(example)) continue;
        const lower = example.toLowerCase();
        expect(
          triggers.literals.some((l) => lower.includes(l.toLowerCase())),
          example.slice(0, 40),
        ).toBe(true);
      }
    }
  });
});
