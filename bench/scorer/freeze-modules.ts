/**
 * `TOLLGATE_CORPORA=<corpora> TOLLGATE_SPAM_DIR=<mail corpus install> npx tsx bench/scorer/freeze-modules.ts [--check]`:
 * writes bench/scorer/node-modules-manifest.tsv from what the loaders' walks find installed today (frozen-modules.ts
 * says why). Each entry is a document the corpora used when it was written: the scorer corpus' node_modules slices
 * and the @stdlib ones of the mail corpus' install, and the benign sets' node_modules documents that matched their
 * own manifests (bench/injection-benign/manifest.json, bench/injection-hard-benign/manifest.json) on this machine.
 * `--s19=<node_modules>` also walks the train part the shipped weights were trained on (frozen-modules.ts,
 * `scorer-s19-train`; without it those entries are kept as committed). `--check` writes nothing and prints how the walks differ from the committed manifest (what a rewrite would change).
 *
 * Written once (session 21, /work/main/node_modules at 1f71f35); rewriting it changes the training data and every
 * figure on the dev and report parts, so a rewrite is a new corpus, to be said in the results.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { ManifestEntry as BenignEntry } from "../injection-benign/load.js";
import { halfOf as halfOfBenign, walkedNodeProse } from "../injection-benign/sources.js";
import { walkedNodeModulesDocs } from "../injection-hard-benign/load.js";
import { nodeModulesTexts } from "./corpora.js";
import {
  type FrozenCorpus,
  type FrozenEntry,
  formatManifest,
  MANIFEST_FILE,
  nodeModulesRoot,
  packageOf,
  readManifest,
  sha256,
  versionOf,
} from "./frozen-modules.js";
import { partOf } from "./parts.js";

const PROJECT_MODULES = nodeModulesRoot("scorer")!;

function entry(
  corpus: FrozenCorpus,
  root: string,
  path: string,
  piece: number,
  part: string,
  text: string,
): FrozenEntry {
  const pkg = packageOf(path);
  return { corpus, part, package: pkg, version: versionOf(root, pkg), path, piece, sha256: sha256(text) };
}

/** The keys and hashes of a benign set's own manifest. */
function setManifest(file: string): Map<string, string> {
  const list = JSON.parse(
    readFileSync(fileURLToPath(new URL(file, import.meta.url)), "utf8"),
  ) as BenignEntry[];
  return new Map(list.map((e) => [e.key, e.sha256]));
}

/** `prefix<path>#<piece>` split back into path and piece. */
function keyParts(key: string, prefix: string): { path: string; piece: number } {
  const m = /^(.*)#(\d+)$/.exec(key.slice(prefix.length))!;
  return { path: m[1]!, piece: Number(m[2]) };
}

/**
 * `scorer-s19-train`: the train part of the scorer corpus walked from `--s19=<node_modules>` (the project's node_modules
 * without the 13 packages b096dc1 added), or kept from the committed manifest when not given.
 */
function s19Entries(): FrozenEntry[] {
  const root = process.argv.find((a) => a.startsWith("--s19="))?.slice(6);
  if (root === undefined) return readManifest().filter((e) => e.corpus === "scorer-s19-train");
  return nodeModulesTexts(root)
    .filter(({ path }) => partOf(path, 60, 20) === "train")
    .map(({ path, text }) => entry("scorer-s19-train", root, path, 0, "train", text));
}

function walkedEntries(): FrozenEntry[] {
  const out: FrozenEntry[] = [];
  for (const { path, text } of nodeModulesTexts(PROJECT_MODULES))
    out.push(entry("scorer", PROJECT_MODULES, path, 0, partOf(path, 60, 20), text));
  const stdlib = nodeModulesRoot("scorer-stdlib");
  if (stdlib === undefined) throw new Error("TOLLGATE_SPAM_DIR is needed to freeze the @stdlib documents");
  for (const { path, text } of nodeModulesTexts(stdlib))
    if (!/^@stdlib\/datasets-spam/.test(path))
      out.push(entry("scorer-stdlib", stdlib, path, 0, partOf(`stdlib:${path}`, 60, 20), text));
  const benign = setManifest("../injection-benign/manifest.json");
  for (const { key, text } of walkedNodeProse()) {
    if (benign.get(key) !== sha256(text)) continue;
    const { path, piece } = keyParts(key, "node-prose:");
    out.push(entry("benign-set", PROJECT_MODULES, path, piece, halfOfBenign(key), text));
  }
  const hard = setManifest("../injection-hard-benign/manifest.json");
  for (const d of walkedNodeModulesDocs()) {
    if (hard.get(d.key) !== sha256(d.text)) continue;
    const { path, piece } = keyParts(d.key, "node/");
    out.push(entry("hard-benign-set", PROJECT_MODULES, path, piece, d.half, d.text));
  }
  out.push(...s19Entries());
  return out;
}

function main(): void {
  const walked = walkedEntries();
  const census = (list: readonly FrozenEntry[]) =>
    [...new Set(list.map((e) => `${e.corpus}/${e.part}`))]
      .sort()
      .map((k) => `${k} ${list.filter((e) => `${e.corpus}/${e.part}` === k).length}`)
      .join(", ");
  console.log(`walked today: ${walked.length} documents: ${census(walked)}`);
  if (process.argv.includes("--check")) {
    const id = (e: FrozenEntry) => `${e.corpus} ${e.path}#${e.piece} ${e.sha256}`;
    const frozen = readManifest();
    const now = new Set(walked.map(id));
    const then = new Set(frozen.map(id));
    const gone = frozen.filter((e) => !now.has(id(e)));
    const added = walked.filter((e) => !then.has(id(e)));
    console.log(`manifest: ${frozen.length} documents: ${census(frozen)}`);
    console.log(`a rewrite would drop ${gone.length} and add ${added.length}`);
    for (const e of gone.slice(0, 20)) console.log(`  - ${id(e)}`);
    for (const e of added.slice(0, 20)) console.log(`  + ${id(e)}`);
    return;
  }
  writeFileSync(MANIFEST_FILE, formatManifest(walked));
  console.log(`wrote ${MANIFEST_FILE} (${join("bench", "scorer", "node-modules-manifest.tsv")})`);
}

main();
