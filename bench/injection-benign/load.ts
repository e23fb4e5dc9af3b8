/**
 * Loading the benign set with its integrity: `build` writes manifest.json (key, source, half, SHA-256 of each
 * document); `loadBenign(half)` rebuilds the documents from their sources and keeps those whose key and hash are in
 * the manifest (a source that changed on this machine loses its documents, counted in `missing`, never replaced).
 */
import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { fsJsonDocs } from "./fs-json.js";
import { type BenignDoc, type Half, halfOf, syncSources } from "./sources.js";

export const MANIFEST = fileURLToPath(new URL("./manifest.json", import.meta.url));
const PROJECT_ROOT = fileURLToPath(new URL("../../", import.meta.url));

export interface ManifestEntry {
  key: string;
  source: string;
  half: Half;
  sha256: string;
}

export const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

/** Every document of every source, with its half, in source order; duplicate texts are kept once. */
export async function buildDocs(): Promise<BenignDoc[]> {
  const sources = { ...syncSources(), "fs-json": await fsJsonDocs(PROJECT_ROOT) };
  const seen = new Set<string>();
  const docs: BenignDoc[] = [];
  for (const [source, raws] of Object.entries(sources))
    for (const { key, text } of raws) {
      const hash = sha256(text);
      if (seen.has(hash)) continue;
      seen.add(hash);
      docs.push({ key, source, text, half: halfOf(key) });
    }
  return docs;
}

export interface LoadedBenign {
  docs: BenignDoc[];
  missing: number;
}

/** The documents of one half that match the manifest. */
export async function loadBenign(half: Half): Promise<LoadedBenign> {
  if (!existsSync(MANIFEST))
    throw new Error(`${MANIFEST} missing: run npx tsx bench/injection-benign/build.ts`);
  const manifest = JSON.parse(readFileSync(MANIFEST, "utf8")) as ManifestEntry[];
  const wanted = new Map(manifest.filter((e) => e.half === half).map((e) => [e.key, e.sha256]));
  const docs = (await buildDocs()).filter((d) => d.half === half && wanted.get(d.key) === sha256(d.text));
  return { docs, missing: wanted.size - docs.length };
}
