/**
 * Loading the hard benign set with its integrity. `build.ts` writes manifest.json (every document's key, class,
 * shape, half and SHA-256) and frozen.json (the frozen half's count and one SHA-256 over its documents' key and hash
 * lines, as bench/heldout-v2 freezes its file). `loadHardBenign(half)` rebuilds the documents (the authored part
 * from the seeded generator, the real part from the node_modules files bench/scorer/node-modules-manifest.tsv names and
 * the man pages in place) and keeps those whose key
 * and hash are in the manifest: a source that changed on another machine loses its documents (counted in
 * `missing`), never replaces them. The frozen half is also checked against frozen.json when every document is
 * present.
 */
import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { devExtraDocs } from "./dev-extra.js";
import { authoredDocs, type Half, type HardBenignDoc } from "./generate.js";
import { frozenNodeModulesDocs, manDocs, nodeModulesDocs } from "./real.js";

export const MANIFEST = fileURLToPath(new URL("./manifest.json", import.meta.url));
export const FROZEN = fileURLToPath(new URL("./frozen.json", import.meta.url));
const PROJECT_ROOT = fileURLToPath(new URL("../../", import.meta.url));
const BENIGN_MANIFEST = fileURLToPath(new URL("../injection-benign/manifest.json", import.meta.url));

export interface ManifestEntry {
  key: string;
  cls: string;
  shape: string;
  half: Half;
  sha256: string;
}

export interface FrozenRecord {
  documents: number;
  sha256: string;
  frozenAt: string;
}

export const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

/** The one hash over a half: its documents' `key sha256` lines, sorted by key. */
export function halfHash(entries: readonly { key: string; sha256: string }[]): string {
  const lines = entries.map((e) => `${e.key} ${e.sha256}`).sort();
  return sha256(lines.join("\n"));
}

/**
 * node_modules paths the benign set already reads. The scorer corpus samples every node_modules prose file on this
 * machine (corpora.ts `nodeModulesTexts`, its first 20 kB), so the model may have trained on some of these passages:
 * the `real-node` rows are an upper bound for the model (not for the rules).
 */
function takenPaths(): Set<string> {
  const taken = new Set<string>();
  if (existsSync(BENIGN_MANIFEST))
    for (const e of JSON.parse(readFileSync(BENIGN_MANIFEST, "utf8")) as { key: string }[]) {
      const m = /^node-prose:(.*)#\d+$/.exec(e.key);
      if (m !== null) taken.add(m[1]!);
    }
  return taken;
}

/** The node_modules passages of what is installed, the walk the manifest was frozen from (freeze-modules.ts). */
export function walkedNodeModulesDocs(): HardBenignDoc[] {
  return nodeModulesDocs(PROJECT_ROOT, takenPaths());
}

/** Every document, authored then real; a duplicate text is kept once. `manKeys` limits the man pages rendered. */
export function buildDocs(manKeys?: ReadonlySet<string>): HardBenignDoc[] {
  const all = [...authoredDocs(), ...frozenNodeModulesDocs(), ...manDocs(70, manKeys)];
  const seen = new Set<string>();
  return all.filter((d) => {
    const h = sha256(d.text);
    if (seen.has(h)) return false;
    seen.add(h);
    return true;
  });
}

export interface LoadedHardBenign {
  docs: HardBenignDoc[];
  missing: number;
}

/** The documents of one half that match the manifest (and, for the frozen half, frozen.json). */
export function loadHardBenign(half: Half): LoadedHardBenign {
  if (!existsSync(MANIFEST))
    throw new Error(`${MANIFEST} missing: run npx tsx bench/injection-hard-benign/build.ts`);
  const manifest = JSON.parse(readFileSync(MANIFEST, "utf8")) as ManifestEntry[];
  const wanted = new Map(manifest.filter((e) => e.half === half).map((e) => [e.key, e.sha256]));
  const manKeys = new Set([...wanted.keys()].filter((k) => k.startsWith("man/")));
  const docs = buildDocs(manKeys).filter((d) => d.half === half && wanted.get(d.key) === sha256(d.text));
  const missing = wanted.size - docs.length;
  // The session 18 dev-only documents: generated from dev-extra.ts alone, never in the frozen half.
  if (half === "dev") docs.push(...devExtraDocs());
  if (half === "frozen") {
    const frozen = JSON.parse(readFileSync(FROZEN, "utf8")) as FrozenRecord;
    const entries = manifest.filter((e) => e.half === "frozen");
    if (entries.length !== frozen.documents || halfHash(entries) !== frozen.sha256)
      throw new Error(
        "hard benign set: the manifest's frozen half differs from frozen.json; a changed set is a new set",
      );
  }
  return { docs, missing };
}
