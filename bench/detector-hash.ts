/**
 * `npx tsx bench/detector-hash.ts [--reference=<checkout>]`: a SHA-256 of every match each detector of the output
 * plan (sanitizers, secrets, PII; injection off) finds on each corpus, so a speed change to the detectors can be
 * shown to change no match. With `--reference`, that checkout's detectors run on the same texts in the same process
 * and every (detector, corpus) whose hash differs is printed with its first differing match.
 *
 * Corpora: the bench's 1 MB prose and JSON text (three seeds each, 300 kB), the eval set's train and dev samples
 * (each, and joined into 64 kB texts), the secrets evaluation's tune parts (TOLLGATE_SECRETS_EVAL_DATA or
 * /work/secrets-eval-data: each, joined, and as JSON arrays of 40), node_modules READMEs as frozen in bench/lib/packages-manifest.tsv (each, and joined), the
 * held-out v2 samples as texts (matches hashed only: nothing is read from them). Short and long texts both: the
 * detectors take other paths above the shared literal pass's length (scan/candidates.ts).
 */
import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { TextDetector, TextMatch } from "../src/engine/types.js";
import { generateSplit, loadSplitDefinition } from "./eval-set/generate.js";
import { payload } from "./fixtures/inputs.js";
import { packages } from "./lib/injection-texts.js";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const NO_INJECTION = { injection: { input: "off", output: "off" } } as const;

async function detectorsAt(dir: string): Promise<TextDetector[]> {
  const at = (path: string) => import(pathToFileURL(join(dir, path)).href);
  const { createDetectorSet } = await at("src/engine/detector-set.ts");
  const { resolvePolicy } = await at("src/engine/policy.ts");
  const { ScanPlans } = await at("src/engine/scan-plans.ts");
  const resolved = resolvePolicy(NO_INJECTION, process.env, { detectorIds: new Set() });
  const plan = new ScanPlans(resolved, createDetectorSet(resolved, [])).get(
    "output",
    resolved.sanitizer.mode,
  );
  return [...plan.sanitizers, ...plan.detectors];
}

/** Texts joined with a blank line into pieces of about `size` characters. */
function joined(texts: readonly string[], size: number): string[] {
  const out: string[] = [];
  let current = "";
  for (const text of texts) {
    current += `${text}\n\n`;
    if (current.length >= size) {
      out.push(current);
      current = "";
    }
  }
  if (current !== "") out.push(current);
  return out;
}

function groupsAsJson(texts: readonly string[], size: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < texts.length; i += size) out.push(JSON.stringify(texts.slice(i, i + size)));
  return out;
}

function readTexts(file: string): string[] {
  if (!existsSync(file)) return [];
  return (JSON.parse(readFileSync(file, "utf8")) as { text: string }[]).map((s) => s.text);
}

function corpora(): [string, string[]][] {
  const def = loadSplitDefinition();
  const evalTexts = [...generateSplit(def, "train"), ...generateSplit(def, "dev")].map((s) => s.text);
  const data = process.env.TOLLGATE_SECRETS_EVAL_DATA ?? "/work/secrets-eval-data";
  const secrets = [
    ...readTexts(join(data, "tune.json")),
    ...readTexts(join(data, "detect-secrets-tune.json")),
  ];
  const heldout = readTexts(join(root, "bench/heldout-v2/samples.json"));
  const { readmes } = packages();
  const seeds = [1, 2, 3];
  return [
    ["bench prose", seeds.map((seed) => payload("text", 300_000, seed))],
    ["bench JSON text", seeds.map((seed) => payload("json", 300_000, seed))],
    ["eval train+dev", evalTexts],
    ["eval train+dev joined", joined(evalTexts, 64_000)],
    ["secrets tune", secrets],
    ["secrets tune joined", joined(secrets, 64_000)],
    ["secrets tune JSON of 40", groupsAsJson(secrets, 40)],
    ["READMEs", readmes],
    ["READMEs joined", joined(readmes, 256_000)],
    ["held-out v2", heldout],
    ["held-out v2 joined", joined(heldout, 32_000)],
  ];
}

/** Each detector's matches over the corpus, one line per text. */
function matchesOf(detector: TextDetector, texts: readonly string[]): string {
  let out = "";
  for (const text of texts) {
    const found: TextMatch[] = [];
    detector.detect(text, found);
    out += `${JSON.stringify(found)}\n`;
  }
  return out;
}

const sha = (s: string) => createHash("sha256").update(s).digest("hex");

async function main(): Promise<void> {
  const reference = process.argv.find((a) => a.startsWith("--reference="))?.slice("--reference=".length);
  const current = await detectorsAt(root);
  const other = reference === undefined ? undefined : await detectorsAt(resolve(reference));
  const total = createHash("sha256");
  let hashes = 0;
  let differences = 0;
  for (const [name, texts] of corpora()) {
    for (const detector of current) {
      const mine = matchesOf(detector, texts);
      // Detectors run synchronously over a string; the candidate index is dropped between tasks.
      await Promise.resolve();
      total.update(`${name}\u0000${detector.id}\u0000${sha(mine)}\n`);
      hashes++;
      const theirs = other?.find((d) => d.id === detector.id);
      if (theirs === undefined) continue;
      const ref = matchesOf(theirs, texts);
      await Promise.resolve();
      if (ref === mine) continue;
      differences++;
      const a = mine.split("\n");
      const b = ref.split("\n");
      const line = a.findIndex((l, i) => l !== b[i]);
      console.log(
        `DIFF ${detector.id} on ${name}, text ${line}:\n  current:   ${a[line]?.slice(0, 400)}\n  reference: ${b[line]?.slice(0, 400)}`,
      );
    }
  }
  const versus = other === undefined ? "" : `; ${differences} differ from the reference`;
  console.log(`${hashes} hashes (detector x corpus): ${total.digest("hex")}${versus}`);
  if (differences > 0) process.exitCode = 1;
}

await main();
