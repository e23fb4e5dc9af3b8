// Integrity of the frozen held-out set v3 (bench/heldout-v3): it parses, it is well formed, and it is byte for byte
// the set that was frozen. Detection rates are measured by `npm run eval:heldout-v3`, never asserted here.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { authoredSamples, serialiseSamples } from "../../bench/heldout-v3/author/samples.js";
import {
  HELDOUT_DIR,
  loadFrozenSamples,
  readFrozen,
  sha256Of,
  validateSamples,
} from "../../bench/heldout-v3/integrity.js";

describe("held-out set v3", () => {
  const frozen = readFrozen();
  const bytes = readFileSync(join(HELDOUT_DIR, "samples.json"));

  it("samples.json hashes to the sha256 frozen in frozen.json and quoted in the README", () => {
    expect(sha256Of(bytes)).toBe(frozen.sha256);
    expect(readFileSync(join(HELDOUT_DIR, "README.md"), "utf8")).toContain(frozen.sha256);
  });

  it("parses, has unique ids and valid labels and classes, and the counts frozen with it", () => {
    const samples = loadFrozenSamples();
    expect(validateSamples(samples)).toEqual([]);
    expect(new Set(samples.map((s) => s.id)).size).toBe(samples.length);
    expect(samples.length).toBe(frozen.samples);
    expect(samples.filter((s) => s.label === "attack").length).toBe(frozen.attacks);
    expect(samples.filter((s) => s.label === "benign").length).toBe(frozen.benign);
  });

  it("the validator reports duplicates, unknown classes and bad labels (so the check above can fail)", () => {
    const ok = {
      id: "x",
      label: "attack",
      class: "glued-field",
      language: "en",
      obfuscation: "none",
      carrier: "log",
      text: "t",
    };
    expect(validateSamples([ok, ok])).toEqual(["x: duplicate id"]);
    expect(validateSamples([{ ...ok, class: "nope" }])[0]).toContain("unknown attack class");
    expect(validateSamples([{ ...ok, label: "maybe" }])[0]).toContain("label must be");
    expect(validateSamples([{ ...ok, class: "git-history" }])[0]).toContain("unknown attack class");
    expect(validateSamples([{ ...ok, label: "benign" }])[0]).toContain("unknown benign class");
  });

  it("the authoring sources rebuild samples.json byte for byte (they are its audit trail)", () => {
    expect(serialiseSamples(authoredSamples().samples)).toBe(bytes.toString("utf8"));
  });

  it("a changed byte is refused by the loader", () => {
    const dir = mkdtempSync(join(tmpdir(), "heldout-v3-"));
    try {
      writeFileSync(join(dir, "frozen.json"), JSON.stringify(frozen));
      writeFileSync(join(dir, "samples.json"), Buffer.concat([bytes, Buffer.from(" ")]));
      expect(() => loadFrozenSamples(dir)).toThrow(/changed after it was frozen/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
