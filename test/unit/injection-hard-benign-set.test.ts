import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { authoredDocs, halfOf } from "../../bench/injection-hard-benign/generate.js";
import {
  FROZEN,
  type FrozenRecord,
  halfHash,
  MANIFEST,
  type ManifestEntry,
  sha256,
} from "../../bench/injection-hard-benign/load.js";
import { type HardBenignClass, TEMPLATES } from "../../bench/injection-hard-benign/templates.js";

/**
 * The hard benign set (bench/injection-hard-benign): the frozen half is the one frozen.json holds, the authored part
 * regenerates byte for byte from its seed, and its halves are split by template, so no template sentence reaches
 * both halves. Reads only keys and hashes of the frozen half, never its text.
 */
describe("injection hard benign set", () => {
  const manifest = JSON.parse(readFileSync(MANIFEST, "utf8")) as ManifestEntry[];

  it("freezes the frozen half: its count and hash are frozen.json's", () => {
    const frozen = JSON.parse(readFileSync(FROZEN, "utf8")) as FrozenRecord;
    const entries = manifest.filter((e) => e.half === "frozen");
    expect(entries.length).toBe(frozen.documents);
    expect(halfHash(entries)).toBe(frozen.sha256);
  });

  it("regenerates every authored document with the hash the manifest holds", () => {
    const wanted = new Map(manifest.map((e) => [e.key, e]));
    const docs = authoredDocs();
    expect(docs.length).toBe(manifest.filter((e) => e.key.startsWith("authored/")).length);
    for (const d of docs) {
      const entry = wanted.get(d.key);
      expect(entry?.sha256, d.key).toBe(sha256(d.text));
      expect(entry?.half, d.key).toBe(d.half);
    }
  });

  it("splits by template: each class has templates in both halves, and a template is in one", () => {
    for (const cls of Object.keys(TEMPLATES) as HardBenignClass[]) {
      const units =
        cls === "transcript"
          ? TEMPLATES[cls].flatMap((t, i, all) =>
              i % 2 === 0 && i + 1 < all.length ? [`${t}\n${all[i + 1]}`] : [],
            )
          : [...TEMPLATES[cls]];
      const halves = new Set(units.map((u) => halfOf(u)));
      expect([...halves].sort(), cls).toEqual(["dev", "frozen"]);
    }
  });

  it("gives each real passage the half its key's hash says", () => {
    for (const e of manifest.filter((m) => !m.key.startsWith("authored/")))
      expect(e.half, e.key).toBe(halfOf(e.key));
  });

  it("holds each key and each text once", () => {
    expect(new Set(manifest.map((e) => e.key)).size).toBe(manifest.length);
    expect(new Set(manifest.map((e) => e.sha256)).size).toBe(manifest.length);
  });
});
