import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { halfOf as benignHalfOf } from "../../bench/injection-benign/sources.js";
import { halfOf as hardHalfOf } from "../../bench/injection-hard-benign/generate.js";
import {
  type FrozenEntry,
  formatManifest,
  loadFrozen,
  packageOf,
  parseManifest,
  readManifest,
  sha256,
} from "../../bench/scorer/frozen-modules.js";
import { partOf } from "../../bench/scorer/parts.js";

/**
 * The node_modules manifest (bench/scorer/frozen-modules.ts, session 21): the corpora read exactly the files it names,
 * check each document's hash, and report what is missing or changed instead of reading other files.
 */
describe("injection scorer: the frozen node_modules corpus", () => {
  let root: string;
  const write = (path: string, text: string) => {
    const file = join(root, path);
    mkdirSync(join(file, ".."), { recursive: true });
    writeFileSync(file, text);
  };
  const pkg = (name: string, version: string, readme: string) => {
    write(`${name}/package.json`, JSON.stringify({ name, version }));
    write(`${name}/README.md`, readme);
  };
  const entryFor = (name: string, version: string, text: string, part = "dev"): FrozenEntry => ({
    corpus: "scorer",
    part,
    package: name,
    version,
    path: `${name}/README.md`,
    piece: 0,
    sha256: sha256(text),
  });
  const read = (file: string) => readFileSync(file, "utf8");

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), "tollgate-frozen-"));
    pkg("alpha", "1.0.0", "Alpha reads a configuration file and prints it.");
    pkg("@scope/beta", "2.1.0", "Beta formats dates in the user's locale.");
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  const entries = () => [
    entryFor("alpha", "1.0.0", "Alpha reads a configuration file and prints it."),
    entryFor("@scope/beta", "2.1.0", "Beta formats dates in the user's locale.", "train"),
  ];

  it("reads exactly the manifest's files, in its order, and a package installed since changes nothing", () => {
    const lines: string[] = [];
    const before = loadFrozen("scorer", read, { entries: entries(), root, log: (l) => lines.push(l) });
    expect(before.docs.map((d) => d.entry.path)).toEqual(["alpha/README.md", "@scope/beta/README.md"]);
    pkg("aardvark", "0.1.0", "A package that sorts before every other one.");
    pkg("zebra", "9.9.9", "A package that sorts after every other one.");
    const after = loadFrozen("scorer", read, { entries: entries(), root, log: (l) => lines.push(l) });
    expect(after).toEqual(before);
    expect(lines).toEqual([]);
  });

  it("reports a missing file by count, package, version and path, and reads nothing in its place", () => {
    rmSync(join(root, "@scope/beta"), { recursive: true });
    pkg("gamma", "1.0.0", "Beta formats dates in the user's locale.");
    const lines: string[] = [];
    const load = loadFrozen("scorer", read, { entries: entries(), root, log: (l) => lines.push(l) });
    expect(load.docs.map((d) => d.entry.path)).toEqual(["alpha/README.md"]);
    expect(load.missing.map((e) => e.path)).toEqual(["@scope/beta/README.md"]);
    expect(load.changed).toEqual([]);
    const text = lines.join("\n");
    expect(text).toContain("1 of 2 documents as frozen; 1 missing, 0 changed");
    expect(text).toContain("@scope/beta@2.1.0 (here: not installed): README.md#0");
  });

  it("reports a changed document (hash differs) with the version installed here, and leaves it out", () => {
    pkg("alpha", "1.0.1", "Alpha reads a configuration file, checks it and prints it.");
    const lines: string[] = [];
    const load = loadFrozen("scorer", read, { entries: entries(), root, log: (l) => lines.push(l) });
    expect(load.docs.map((d) => d.entry.path)).toEqual(["@scope/beta/README.md"]);
    expect(load.changed.map((e) => e.path)).toEqual(["alpha/README.md"]);
    const text = lines.join("\n");
    expect(text).toContain("0 missing, 1 changed");
    expect(text).toContain("alpha@1.0.0 (here: 1.0.1): README.md#0");
  });

  it("counts a piece the file no longer holds as missing", () => {
    const entry = { ...entries()[0]!, piece: 3 };
    const load = loadFrozen("scorer", (file, e) => (e.piece === 0 ? read(file) : undefined), {
      entries: [entry],
      root,
      log: () => {},
    });
    expect(load.missing).toEqual([entry]);
  });

  it("names the innermost package of a path", () => {
    expect(packageOf("alpha/README.md")).toBe("alpha");
    expect(packageOf("@scope/beta/docs/a.md")).toBe("@scope/beta");
    expect(packageOf("alpha/node_modules/@x/y/README.md")).toBe("alpha/node_modules/@x/y");
    expect(packageOf("alpha/node_modules/z/lib/index.js")).toBe("alpha/node_modules/z");
  });

  it("writes and reads the manifest's format back unchanged", () => {
    expect(parseManifest(formatManifest(entries()))).toEqual(entries());
    expect(() => parseManifest("corpus\tpart\n")).toThrow(/header/);
  });
});

describe("injection scorer: the committed node_modules manifest", () => {
  const manifest = readManifest();

  it("gives each document the part its loader's own rule gives it", () => {
    for (const e of manifest) {
      const expected =
        e.corpus === "scorer" || e.corpus === "scorer-s19-train"
          ? partOf(e.path, 60, 20)
          : e.corpus === "scorer-stdlib"
            ? partOf(`stdlib:${e.path}`, 60, 20)
            : e.corpus === "benign-set"
              ? benignHalfOf(`node-prose:${e.path}#${e.piece}`)
              : hardHalfOf(`node/${e.path}#${e.piece}`);
      expect(e.part, `${e.corpus} ${e.path}`).toBe(expected);
    }
  });

  it("names a package, a version and a SHA-256 for every document, each document once", () => {
    for (const e of manifest) {
      expect(e.path.startsWith(`${e.package}/`)).toBe(true);
      expect(e.version).not.toBe("");
      expect(e.sha256).toMatch(/^[0-9a-f]{64}$/);
    }
    const ids = manifest.map((e) => `${e.corpus} ${e.path}#${e.piece}`);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
