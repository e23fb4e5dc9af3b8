/**
 * `npx tsx bench/lib/freeze-packages.ts [--check]`: writes bench/lib/packages-manifest.tsv, the README.md and
 * package.json files of node_modules the hash benches read (`packages()` in injection-texts.ts), from what is installed
 * today. `--check` writes nothing and prints what a rewrite would drop and add.
 *
 * Written once (session 22, /work/main/node_modules at c612afd). A rewrite changes every hash that reads `packages()`
 * (detector, structure, phrase, decision): say so in the results, with the hashes before and after.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { formatPackagesManifest, PACKAGES_MANIFEST, walkedPackagesManifest } from "./injection-texts.js";

const walked = walkedPackagesManifest();
console.log(`walked today: ${walked.length} files`);
if (process.argv.includes("--check")) {
  const id = (e: { path: string; sha256: string }) => `${e.path} ${e.sha256}`;
  const frozen = readFileSync(PACKAGES_MANIFEST, "utf8")
    .split("\n")
    .slice(1)
    .filter((l) => l !== "")
    .map((l) => l.replace("\t", " "));
  const now = new Set(walked.map(id));
  const then = new Set(frozen);
  const gone = frozen.filter((e) => !now.has(e));
  const added = walked.map(id).filter((e) => !then.has(e));
  console.log(
    `manifest: ${frozen.length} files; a rewrite would drop ${gone.length} and add ${added.length}`,
  );
  for (const e of gone.slice(0, 20)) console.log(`  - ${e}`);
  for (const e of added.slice(0, 20)) console.log(`  + ${e}`);
} else {
  writeFileSync(PACKAGES_MANIFEST, formatPackagesManifest(walked));
  console.log(`wrote ${PACKAGES_MANIFEST}`);
}
