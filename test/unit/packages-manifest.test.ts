import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { formatPackagesManifest, PACKAGES_MANIFEST, packages } from "../../bench/lib/injection-texts.js";

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");
const dirs: string[] = [];

afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** A node_modules folder holding `files` (path below it -> text). */
function install(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), "packages-manifest-"));
  dirs.push(dir);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(dir, path, ".."), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

describe("the hash benches' frozen node_modules texts (bench/lib/packages-manifest.tsv)", () => {
  it("reads exactly the frozen files, in the manifest's order; a missing or changed file is left out and reported", () => {
    const root = install({
      "b-pkg/README.md": "# b\n",
      "a-pkg/README.md": "# a\n",
      "a-pkg/package.json": '{"name":"a-pkg","version":"2.0.0"}',
      // Installed after the freeze: never read.
      "new-dep/README.md": "# new\n",
    });
    const manifest = join(root, "manifest.tsv");
    writeFileSync(
      manifest,
      formatPackagesManifest([
        { path: "b-pkg/README.md", sha256: sha256("# b\n") },
        { path: "a-pkg/README.md", sha256: sha256("# a\n") },
        { path: "a-pkg/package.json", sha256: sha256('{"name":"a-pkg","version":"1.0.0"}') },
        { path: "gone/README.md", sha256: sha256("# gone\n") },
      ]),
    );
    const log: string[] = [];
    const got = packages({ manifest, nodeModules: root, log: (line) => log.push(line) });
    expect(got).toEqual({ readmes: ["# b\n", "# a\n"], manifests: [] });
    expect(log[0]).toMatch(/2 of 4 files as frozen; 1 missing, 1 changed/);
    expect(log).toContain("  missing: gone/README.md");
    expect(log).toContain("  changed: a-pkg/package.json");
  });

  it("the committed manifest is well formed: a header, then unique README.md / package.json paths with SHA-256s", () => {
    const lines = readFileSync(PACKAGES_MANIFEST, "utf8").split("\n").filter(Boolean);
    expect(lines[0]).toBe("path\tsha256");
    const paths = lines.slice(1).map((l) => {
      const [path, hash, extra] = l.split("\t");
      expect(extra).toBeUndefined();
      expect(hash).toMatch(/^[0-9a-f]{64}$/);
      expect(path).toMatch(/^(@[^/]+\/)?[^/@]+\/(README\.md|package\.json)$/);
      return path;
    });
    expect(paths.length).toBeGreaterThan(100);
    expect(new Set(paths).size).toBe(paths.length);
  });
});
