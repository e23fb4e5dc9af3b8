/**
 * The WebAssembly passes of the provenance facts (src/shared/provenance-windows.ts). Invariants:
 * - the module's SHA-256 of prefix || data, as 22 base64url characters, is node:crypto's (`hashValue`), for any
 *   prefix (salts and keys in any script) and any ASCII data up to a window's length and beyond;
 * - its token runs give the same tokens as the JavaScript scan;
 * - `extractValueFacts` on the tool and user sides (which takes the module for an ASCII string) gives exactly the
 *   facts of extractValues' values hashed with `hashValue`, deduplicated by hash in order and capped, over texts
 *   whose passages repeat (so windows repeat), several strings of one JSON value, and small caps.
 */
import { createHash } from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  extractValueFacts,
  extractValues,
  hashValue,
  MAX_VALUES_PER_TEXT,
  stringLeaves,
  TOKEN_SCAN,
  type ValueFact,
} from "../../src/shared/provenance.js";
import { windowsModule } from "../../src/shared/provenance-windows.js";

/** What extractValueFacts computed before the module: every value of every string, hashed by node:crypto. */
function referenceFacts(
  value: unknown,
  salt: string,
  side: "tool" | "user",
  key: string | undefined,
  limit: number,
): ValueFact[] {
  const facts: ValueFact[] = [];
  const seen = new Set<string>();
  for (const leaf of stringLeaves(value)) {
    for (const found of extractValues(leaf, { side, maxValues: limit - facts.length })) {
      const h = hashValue(found.norm, salt, key);
      if (seen.has(h)) continue;
      seen.add(h);
      facts.push({ kind: found.kind, h });
    }
    if (facts.length >= limit) break;
  }
  return facts;
}

const WORDS = [
  "the",
  "Quarterly",
  "report",
  "SHOWS",
  "revenue",
  "of",
  "42",
  "alice@example.com",
  "https://files.example.org/a/b",
  "+44 20 7946 0958",
  "key=AbC123dEf456GhI789jKl",
  "sk-test-0123456789abcdefABCDEF",
  "/var/log/app.log",
  "`rm -rf build`",
  "GB82 WEST 1234 5698 7654 32",
  ".",
  ",",
  "\n",
  "\n$ npm ci\n",
  "(see below)",
];

const sentence = fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 40 }).map((w) => w.join(" "));
/** Texts that repeat their sentences, so the same windows come back. */
const text = fc
  .tuple(fc.array(sentence, { minLength: 1, maxLength: 6 }), fc.array(fc.nat(5), { maxLength: 12 }))
  .map(([sentences, order]) =>
    [...sentences, ...order.map((i) => sentences[i % sentences.length])].join(" "),
  );

describe("provenance windows (WebAssembly)", () => {
  it("hashes as node:crypto's SHA-256 does, for any prefix and ASCII data", () => {
    fc.assert(
      fc.property(
        fc.string({ unit: "binary", maxLength: 300 }),
        fc.string({
          unit: fc.integer({ min: 0, max: 127 }).map((c) => String.fromCharCode(c)),
          maxLength: 110,
        }),
        (prefix, data) => {
          const expected = createHash("sha256")
            .update(prefix + data)
            .digest("base64url")
            .slice(0, 22);
          expect(windowsModule().hash(prefix, data)).toBe(expected);
        },
      ),
      { numRuns: 200, seed: 12 },
    );
  });

  it("finds the same tokens as the JavaScript scan", () => {
    // Every break of TOKEN's class, runs across the 6-, 16- and 512-unit bounds, and prose.
    const pieces = [
      ..."\t\n\v\f\r \"'`<>()[]{},;=:-_/aZ9",
      "k".repeat(15),
      "x".repeat(511),
      "z".repeat(1030),
    ];
    const runs = fc.array(fc.constantFrom(...pieces), { maxLength: 40 }).map((parts) => parts.join(""));
    fc.assert(
      fc.property(fc.oneof(text, runs), fc.constantFrom(1, 6, 16), (t, minLength) => {
        expect(TOKEN_SCAN.findWasm(t, minLength)).toEqual(TOKEN_SCAN.find(t, minLength));
      }),
      { numRuns: 200, seed: 12 },
    );
  });

  it("gives extractValueFacts the facts of extractValues hashed by node:crypto", () => {
    fc.assert(
      fc.property(
        fc.array(text, { minLength: 1, maxLength: 3 }),
        fc.constantFrom("tool" as const, "user" as const),
        fc.constantFrom(undefined, "k", "schlüssel-ключ"),
        fc.constantFrom(3, 20, MAX_VALUES_PER_TEXT),
        (texts, side, key, maxValues) => {
          const value = texts.length === 1 ? texts[0] : { items: texts };
          expect(extractValueFacts(value, "salt-p", { side, key, maxValues })).toEqual(
            referenceFacts(value, "salt-p", side, key, maxValues),
          );
        },
      ),
      { numRuns: 150, seed: 12 },
    );
  });

  it("gives a 64 KB result's facts as before (about 500 windows, many repeated)", () => {
    const base = fc.sample(sentence, { numRuns: 40, seed: 3 }).join("\n");
    const long = base.repeat(Math.ceil(65_536 / base.length)).slice(0, 65_536);
    const facts = extractValueFacts(long, "salt-q", { side: "tool" });
    expect(facts).toEqual(referenceFacts(long, "salt-q", "tool", undefined, MAX_VALUES_PER_TEXT));
    expect(facts.some((f) => f.kind === "passage")).toBe(true);
  });
});
