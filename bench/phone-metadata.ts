/**
 * `npx tsx bench/phone-metadata.ts [corpora folder]`: which libphonenumber-js metadata the phone detector needs.
 *
 * The detector asks libphonenumber two questions (phone.ts): is a `+CC ...` candidate's length possible, and is a
 * national candidate a valid number in one of the default regions. This runs every phone candidate of the eval set
 * (all splits) and of Presidio's sentences through both questions with each metadata set (min, mobile, max) and
 * counts the verdicts that differ from max's: a set with no differing verdict keeps the PII figures of `npm run
 * eval` exactly. Then, per set, the cost of loading it and answering: wall time and peak memory of a fresh node
 * process (median of N runs, child processes, the same run for all three).
 */
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { CountryCode } from "libphonenumber-js";
import { DEFAULT_PHONE_REGIONS } from "../src/engine/detectors/pii/phone.js";
import { forEachPhoneCandidate } from "../src/engine/detectors/pii/phone-candidates.js";
import { generateSplit, loadSplitDefinition, SPLITS } from "./eval-set/generate.js";
import { corporaRoot } from "./scorer/corpora.js";

const SETS = ["min", "mobile", "max"] as const;
type MetadataSet = (typeof SETS)[number];
type Parse = (
  text: string,
  options: { defaultCountry?: CountryCode; extract: false },
) => { isPossible(): boolean; isValid(): boolean } | undefined;

function texts(): string[] {
  const def = loadSplitDefinition();
  const out = SPLITS.flatMap((split) => generateSplit(def, split).map((s) => s.text));
  const presidio = join(corporaRoot(process.argv[2]), "presidio_research", "synth_dataset_v2.json");
  if (existsSync(presidio)) {
    const records = JSON.parse(readFileSync(presidio, "utf8")) as { full_text: string }[];
    out.push(...records.map((r) => r.full_text));
  }
  return out;
}

function candidates(all: string[]): Map<string, boolean> {
  const found = new Map<string, boolean>();
  for (const text of all)
    forEachPhoneCandidate(text, (c) => found.set(text.slice(c.start, c.end), c.international));
  return found;
}

/** The detector's two questions, as phone.ts asks them. */
function verdict(parse: Parse, candidate: string, international: boolean): boolean {
  try {
    if (international) return parse(candidate, { extract: false })?.isPossible() ?? false;
    return DEFAULT_PHONE_REGIONS.some((r) =>
      parse(candidate, { defaultCountry: r, extract: false })?.isValid(),
    );
  } catch {
    return false;
  }
}

/** A fresh process that loads the set and answers every candidate: wall ms and peak RSS MiB, median of runs. */
type Cost = { loadMs: number; loadMib: number; ms: number; mib: number };
function cost(set: MetadataSet, sample: [string, boolean][], runs: number): Cost {
  const script = `
    const list = JSON.parse(require("node:fs").readFileSync(0, "utf8"));
    const t0 = performance.now();
    const { parsePhoneNumberFromString: parse } = await import("libphonenumber-js/${set}");
    const loadMs = performance.now() - t0; const loadMib = process.memoryUsage().rss / 1048576;
    let n = 0;
    for (const [c, intl] of list) {
      try { if (intl ? parse(c, { extract: false })?.isPossible() : ${JSON.stringify(DEFAULT_PHONE_REGIONS)}.some((r) => parse(c, { defaultCountry: r, extract: false })?.isValid())) n++; } catch {}
    }
    console.log(JSON.stringify({ loadMs, loadMib, ms: performance.now() - t0, mib: process.resourceUsage().maxRSS / 1024, n }));`;
  const results: Cost[] = [];
  for (let i = 0; i < runs; i++) {
    const child = spawnSync(
      process.execPath,
      [
        "--input-type=module",
        "-e",
        `import { createRequire } from "node:module"; const require = createRequire(process.cwd() + "/"); ${script}`,
      ],
      {
        encoding: "utf8",
        input: JSON.stringify(sample),
      },
    );
    if (child.status !== 0) throw new Error(`${set}: ${child.stderr}`);
    results.push(JSON.parse(child.stdout.trim()) as Cost);
  }
  const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  return {
    loadMs: median(results.map((r) => r.loadMs)),
    loadMib: median(results.map((r) => r.loadMib)),
    ms: median(results.map((r) => r.ms)),
    mib: median(results.map((r) => r.mib)),
  };
}

async function main(): Promise<void> {
  const found = [...candidates(texts()).entries()];
  const parsers = new Map<MetadataSet, Parse>();
  for (const set of SETS) {
    parsers.set(set, (await import(`libphonenumber-js/${set}`)).parsePhoneNumberFromString as Parse);
  }
  const reference = found.map(([c, intl]) => verdict(parsers.get("max")!, c, intl));
  console.log(
    `${found.length} distinct phone candidates; ${reference.filter(Boolean).length} accepted with max`,
  );
  console.log(
    "| metadata | verdicts unlike max | load, ms | RSS after load, MiB | load + answer all, ms | peak RSS, MiB |",
  );
  console.log("| --- | --- | --- | --- | --- | --- |");
  const runs = Number(process.env.RUNS ?? 7);
  for (const set of SETS) {
    const differ = found.filter(([c, intl], i) => verdict(parsers.get(set)!, c, intl) !== reference[i]);
    const { loadMs, loadMib, ms, mib } = cost(set, found, runs);
    const examples = differ
      .slice(0, 3)
      .map(([c]) => JSON.stringify(c))
      .join(", ");
    console.log(
      `| ${set} | ${differ.length}${examples ? ` (${examples})` : ""} | ${loadMs.toFixed(0)} | ${loadMib.toFixed(1)} | ${ms.toFixed(0)} | ${mib.toFixed(1)} |`,
    );
  }
}

await main();
