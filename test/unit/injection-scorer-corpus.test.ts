import { describe, expect, it } from "vitest";
import { classDocs } from "../../bench/scorer/authored-classes.js";
import { composedDocs, partSlice } from "../../bench/scorer/authored-composed.js";
import { familyDocs } from "../../bench/scorer/authored-families.js";
import { hardDocs } from "../../bench/scorer/authored-hard.js";
import { wideAuthoredDocs } from "../../bench/scorer/authored-wide.js";
import { corporaRoot, corpusDocuments, partOf } from "../../bench/scorer/corpora.js";

/**
 * The learned model's wider authored corpus (bench/scorer/authored-wide.ts): deterministic, both labels in every
 * language (so a language is never the signal), and each frame in one part, so dev measures frames the model never
 * trained on.
 */
describe("injection scorer: the wide authored corpus", () => {
  const docs = wideAuthoredDocs();

  it("is the same on every run", () => {
    expect(wideAuthoredDocs()).toEqual(docs);
  });

  it("has as many benign as attack texts in each of its 15 languages", () => {
    const byLanguage = new Map<string, { attack: number; benign: number }>();
    for (const d of docs) {
      const lang = /^lang-([a-z]+)-/.exec(d.cls)?.[1];
      if (lang === undefined) continue;
      const row = byLanguage.get(lang) ?? { attack: 0, benign: 0 };
      if (d.positive) row.attack++;
      else row.benign++;
      byLanguage.set(lang, row);
    }
    expect(byLanguage.size).toBe(15);
    for (const [, row] of byLanguage) expect(row.benign).toBe(row.attack);
  });

  it("puts an attack line and its benign counterpart of one language in the same part", () => {
    const parts = new Map<string, Set<string>>();
    for (const d of docs) {
      if (!d.cls.startsWith("lang-")) continue;
      const set = parts.get(d.cls) ?? new Set<string>();
      set.add(d.part);
      parts.set(d.cls, set);
    }
    for (const [cls, set] of parts) {
      expect(set.size, cls).toBe(1);
      expect([...set][0]).toBe(partOf(`wide-frame-${cls}`, 60, 20));
    }
  });

  it("holds texts in all three parts, both labels each", () => {
    for (const part of ["train", "dev", "report"] as const)
      for (const positive of [true, false])
        expect(docs.some((d) => d.part === part && d.positive === positive)).toBe(true);
  });
});

/**
 * The families corpus (bench/scorer/authored-families.ts, session 12): deterministic, each frame in one part, and its
 * attacks never trained on (they measure, on dev and report), while its benign documents are.
 */
describe("injection scorer: the families corpus", () => {
  const docs = familyDocs();

  it("is the same on every run and holds both labels in dev and report", () => {
    expect(familyDocs()).toEqual(docs);
    for (const part of ["dev", "report"] as const)
      for (const positive of [true, false])
        expect(docs.some((d) => d.part === part && d.positive === positive)).toBe(true);
  });

  it("gives the training corpus its benign documents and none of its attacks", () => {
    const train = corpusDocuments(corporaRoot()).filter(
      (d) => d.part === "train" && /families/.test(d.source),
    );
    expect(train.length).toBe(docs.filter((d) => d.part === "train" && !d.positive).length);
    expect(train.every((d) => !d.positive)).toBe(true);
    const dev = corpusDocuments(corporaRoot()).filter((d) => d.part === "dev" && /families/.test(d.source));
    expect(dev.filter((d) => d.positive).length).toBe(
      docs.filter((d) => d.part === "dev" && d.positive).length,
    );
  });
});

/**
 * The classes corpus (session 14): issue 18's missed classes in many carriers. Every class has attack framings in
 * each part, a framing's documents all in one part (dev measures framings training never saw), and a frame's
 * documents do not move when a frame is added (each frame draws from its own random stream).
 */
describe("injection scorer: the classes corpus", () => {
  const docs = classDocs();

  it("is the same on every run, with attacks of every class in train, dev and report", () => {
    expect(classDocs()).toEqual(docs);
    const classes = new Set(docs.filter((d) => d.positive).map((d) => d.cls));
    expect(classes.size).toBe(10);
    for (const cls of classes)
      for (const part of ["train", "dev", "report"] as const)
        expect(docs.some((d) => d.positive && d.cls === cls && d.part === part)).toBe(true);
    for (const part of ["train", "dev", "report"] as const)
      expect(docs.some((d) => !d.positive && d.part === part)).toBe(true);
  });

  it("is not trained on unless asked (TOLLGATE_CLASSES_TRAINED=1): its dev part measures", () => {
    const mine = (d: { source: string }) => /missed classes|same shapes/.test(d.source);
    const corpus = corpusDocuments(corporaRoot()).filter(mine);
    expect(corpus.some((d) => d.part === "train")).toBe(false);
    expect(corpus.filter((d) => d.part === "dev").length).toBe(docs.filter((d) => d.part === "dev").length);
  });

  it("never puts a text in two parts", () => {
    const partOfText = new Map<string, string>();
    for (const d of docs) {
      const seen = partOfText.get(d.text);
      if (seen !== undefined && seen !== d.part) expect.fail(`${d.cls} text in ${seen} and ${d.part}`);
      partOfText.set(d.text, d.part);
    }
  });
});

/**
 * The composed corpus (bench/scorer/authored-composed.ts, session 16): trained on, so its dev part must measure
 * framings, carriers and objects train never holds. Every list is cut by `partSlice`; the three slices partition it.
 */
describe("injection scorer: the composed corpus", () => {
  const docs = composedDocs();

  it("is the same on every run", () => {
    expect(composedDocs()).toEqual(docs);
  });

  it("cuts every list into three disjoint slices that cover it", () => {
    const list = Array.from({ length: 23 }, (_, i) => i);
    const slices = (["train", "dev", "report"] as const).map((p) => partSlice(list, p));
    expect(slices.flat().sort((a, b) => a - b)).toEqual(list);
    expect(new Set(slices.flat()).size).toBe(list.length);
    expect(slices.map((s) => s.length)).toEqual([15, 4, 4]);
  });

  it("has attacks and benign texts of every class in every part, and never a text in two parts", () => {
    const classes = [...new Set(docs.filter((d) => d.positive).map((d) => d.cls))];
    expect(classes.length).toBe(7);
    for (const part of ["train", "dev", "report"] as const)
      for (const cls of classes) {
        expect(docs.some((d) => d.positive && d.cls === cls && d.part === part)).toBe(true);
        expect(docs.some((d) => !d.positive && d.cls === cls && d.part === part)).toBe(true);
      }
    const partOfText = new Map<string, string>();
    for (const d of docs) {
      expect(partOfText.get(d.text) ?? d.part).toBe(d.part);
      partOfText.set(d.text, d.part);
    }
  });

  it("is trained on unless TOLLGATE_COMPOSED_TRAINED=0, as its own sources", () => {
    const corpus = corpusDocuments(corporaRoot()).filter((d) => /, composed /.test(d.source));
    expect(corpus.length).toBe(docs.length);
    expect(corpus.filter((d) => d.part === "train").length).toBe(
      docs.filter((d) => d.part === "train").length,
    );
  });
});

/**
 * The hard negatives by genre (bench/scorer/authored-hard.ts, session 17): write-ups quoting payloads, imperative
 * changelogs and how-tos, support replies, transcripts, reported speech, MCP docs. Its dev part must hold templates,
 * payloads and carriers train never holds (train is used when TOLLGATE_HARD_TRAINED=1).
 */
describe("injection scorer: the hard negatives by genre", () => {
  const docs = hardDocs();
  const genres = ["advisory", "reported", "changelog", "howto", "support", "transcript", "mcpdoc"];

  it("is the same on every run", () => {
    expect(hardDocs()).toEqual(docs);
  });

  it("has benign texts of every genre in every part, and no attack unless asked", () => {
    for (const part of ["train", "dev", "report"] as const)
      for (const cls of genres)
        expect(
          docs.some((d) => !d.positive && d.cls === cls && d.part === part),
          `${part} ${cls}`,
        ).toBe(true);
    expect(docs.some((d) => d.positive)).toBe(false);
  });

  it("shares no line between parts (templates, payloads, fillers and carriers are cut by part)", () => {
    // A line of a CSV row without its row number, and of a JSON string without its escapes, as the unit compared.
    const lines = (text: string) =>
      text
        .split(/\n|\\n/)
        .map((l) => l.replace(/^\d+,/, "").trim())
        .filter((l) => l.length > 25);
    const byLine = new Map<string, string>();
    for (const d of docs)
      for (const l of lines(d.text)) {
        expect(byLine.get(l) ?? d.part, l).toBe(d.part);
        byLine.set(l, d.part);
      }
  });

  it("is measured (dev, report) and not trained on unless TOLLGATE_HARD_TRAINED=1, as its own source", () => {
    const corpus = corpusDocuments(corporaRoot()).filter((d) => /hard negatives by genre/.test(d.source));
    expect(corpus.length).toBe(docs.filter((d) => d.part !== "train").length);
    expect(corpus.some((d) => d.part === "train")).toBe(false);
    expect(corpus.filter((d) => d.part === "dev").length).toBe(126);
  });
});
