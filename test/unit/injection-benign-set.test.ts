import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MANIFEST, type ManifestEntry } from "../../bench/injection-benign/load.js";
import { chunks, DOC_CHARS, halfOf } from "../../bench/injection-benign/sources.js";

/**
 * The benign development set (bench/injection-benign): its halves are fixed by the key alone, the manifest agrees
 * with them, and no document is in both halves, so the frozen half stays unread by whatever is chosen on the dev half.
 */
describe("injection benign set", () => {
  const manifest = JSON.parse(readFileSync(MANIFEST, "utf8")) as ManifestEntry[];

  it("gives each key the half its hash says, and the manifest records that half", () => {
    for (const entry of manifest) expect(entry.half, entry.key).toBe(halfOf(entry.key));
  });

  it("holds each key and each text once, in one half", () => {
    expect(new Set(manifest.map((e) => e.key)).size).toBe(manifest.length);
    expect(new Set(manifest.map((e) => e.sha256)).size).toBe(manifest.length);
  });

  it("has two halves of comparable size and every source in both", () => {
    const dev = manifest.filter((e) => e.half === "dev");
    const frozen = manifest.filter((e) => e.half === "frozen");
    expect(dev.length).toBeGreaterThan(1000);
    expect(frozen.length).toBeGreaterThan(1000);
    for (const source of new Set(manifest.map((e) => e.source))) {
      expect(
        dev.some((e) => e.source === source),
        source,
      ).toBe(true);
      expect(
        frozen.some((e) => e.source === source),
        source,
      ).toBe(true);
    }
  });

  it("cuts long texts into documents of at most DOC_CHARS characters, in order (property)", () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom("word ", "line\n", "\n\n", "x".repeat(50)), { maxLength: 400 }),
        (parts) => {
          const text = parts.join("");
          const pieces = chunks(text, DOC_CHARS, 100);
          let at = 0;
          for (const piece of pieces) {
            expect(piece.length).toBeLessThanOrEqual(DOC_CHARS);
            const found = text.indexOf(piece, at);
            expect(found).toBeGreaterThanOrEqual(at);
            at = found + piece.length;
          }
        },
      ),
      { numRuns: 100 },
    );
  });
});
