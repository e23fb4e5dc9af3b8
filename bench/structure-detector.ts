/**
 * `npx tsx bench/structure-detector.ts [--equal=<path to another structure-detector.ts>] [--rounds=N]`
 *
 * Speed of the instruction-to-agent structure detector against the phrase detector, in one run, interleaved
 * (each round times every detector on every input set in turn, so a noisy neighbour hits all of them alike),
 * per text the fastest of the rounds (see below), summed: ms per MB on whole texts and µs per 1 KB string.
 *
 * With `--equal=`, a second copy of the structure detector (today's code copied outside the repo, e.g.
 * `/tmp/structure-orig/src/engine/detectors/injection/structure/structure-detector.ts`) is also timed, and both are
 * first run over every input plus the eval set's train/dev samples and the unit tests' string literals (as
 * written and encoded the ways the tests encode them); any difference in findings (start, end, type, ruleId)
 * fails the run. That is the harness that keeps a speed change from changing what is found.
 *
 * Inputs: BIPIA e-mails (../shared/corpora/bipia, read in place; skipped when absent), README prose from
 * node_modules, JSON-ish tool output built here, and each of those cut into 1 KB slices.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { createInjectionDetector } from "../src/engine/detectors/injection/index.js";
import { createStructureInjectionDetector } from "../src/engine/detectors/injection/structure/structure-detector.js";
import type { TextDetector, TextMatch } from "../src/engine/types.js";
import { generateSplit, loadSplitDefinition } from "./eval-set/generate.js";
import { joined, readmes, toolOutputs } from "./lib/injection-texts.js";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const args = process.argv.slice(2);
const equalPath = args.find((a) => a.startsWith("--equal="))?.slice(8);
const rounds = Number(args.find((a) => a.startsWith("--rounds="))?.slice(9) ?? 9);

function bipiaEmails(): string[] {
  // The corpora sit next to the main checkout; a worktree elsewhere finds them at /work/shared.
  const dir =
    [resolve(root, "../shared/corpora/bipia"), "/work/shared/corpora/bipia"].find((d) => existsSync(d)) ?? "";
  const out: string[] = [];
  for (const name of ["email_train.jsonl", "email_test.jsonl"]) {
    const file = join(dir, name);
    if (!existsSync(file)) continue;
    for (const line of readFileSync(file, "utf8").split("\n")) {
      if (line.trim() === "") continue;
      const row = JSON.parse(line) as { context?: string };
      if (typeof row.context === "string") out.push(row.context);
    }
  }
  return out;
}

function slices(texts: readonly string[], size: number): string[] {
  const out: string[] = [];
  for (const text of texts)
    for (let i = 0; i + size <= text.length; i += size) out.push(text.slice(i, i + size));
  return out;
}

function run(detector: TextDetector, texts: readonly string[]): TextMatch[][] {
  return texts.map((text) => {
    const out: TextMatch[] = [];
    detector.detect(text, out);
    return out;
  });
}

function unitTestLiterals(): string[] {
  const dir = join(root, "test/unit");
  const out = new Set<string>();
  for (const name of readdirSync(dir)) {
    if (!/^injection.*\.test\.ts$/.test(name)) continue;
    const source = readFileSync(join(dir, name), "utf8");
    for (const m of source.matchAll(/"((?:[^"\\\n]|\\.){8,})"|`((?:[^`\\$]|\\.){8,})`/g)) {
      const raw = m[1] ?? m[2]!;
      try {
        out.add(m[1] !== undefined ? (JSON.parse(`"${raw}"`) as string) : raw);
      } catch {
        out.add(raw);
      }
    }
  }
  const base = [...out];
  const b64 = (s: string) => Buffer.from(s, "utf8").toString("base64");
  const hex = (s: string) => Buffer.from(s, "utf8").toString("hex");
  const tags = (s: string) => [...s].map((ch) => String.fromCodePoint(0xe0000 + ch.codePointAt(0)!)).join("");
  const spaced = (s: string) =>
    s
      .split(" ")
      .map((w) => [...w].join(" "))
      .join("   ");
  const leet = (s: string) =>
    s.replace(/[aeiost]/g, (c) => ({ a: "4", e: "3", i: "1", o: "0", s: "5", t: "7" })[c]!);
  const fullWidth = (s: string) => s.replace(/[!-~]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0));
  const cyr = (s: string) => s.replace(/[aeop]/g, (c) => ({ a: "а", e: "е", o: "о", p: "р" })[c]!);
  const zw = (s: string) => s.replace(/ /g, " \u200b");
  const encoded = base.flatMap((s) => [
    `Note: ${b64(s)} end`,
    `Data ${hex(s)}.`,
    `Hi ${tags(s)} there`,
    spaced(s),
    leet(s),
    fullWidth(s),
    cyr(s),
    zw(s),
    s.toUpperCase(),
  ]);
  return [...base, ...encoded];
}

function evalSamples(): string[] {
  const def = loadSplitDefinition();
  return [...generateSplit(def, "train"), ...generateSplit(def, "dev")].map((s) => s.text);
}

const key = (m: TextMatch) => `${m.start}:${m.end}:${m.type}:${m.ruleId}`;

function assertEqual(a: TextDetector, b: TextDetector, texts: readonly string[], label: string): number {
  const ra = run(a, texts);
  const rb = run(b, texts);
  let findings = 0;
  for (let i = 0; i < texts.length; i++) {
    const ka = ra[i]!.map(key).join(" | ");
    const kb = rb[i]!.map(key).join(" | ");
    findings += ra[i]!.length;
    if (ka !== kb) {
      console.error(
        `DIFFERENT findings (${label} #${i}):\n  text: ${JSON.stringify(texts[i]!.slice(0, 400))}`,
      );
      console.error(`  reference: ${ka}\n  current:   ${kb}`);
      process.exit(1);
    }
  }
  return findings;
}

async function main(): Promise<void> {
  const emails = joined(bipiaEmails(), 64 * 1024);
  const prose = joined(readmes(), 64 * 1024);
  const tools = joined(toolOutputs(400), 64 * 1024);
  const all: [string, string[]][] = [
    ["bipia e-mail", emails],
    ["README prose", prose],
    ["JSON tool output", tools],
  ];
  const whole = all.filter(([, texts]) => texts.length > 0);
  const sets: [string, string[], "MB" | "KB"][] = [
    ...whole.map(([name, texts]) => [name, texts, "MB"] as [string, string[], "MB"]),
    ...whole.map(
      ([name, texts]) =>
        [`${name} 1 KB`, slices(texts, 1024).slice(0, 4000), "KB"] as [string, string[], "KB"],
    ),
  ];

  const detectors: [string, TextDetector][] = [
    ["phrase", createInjectionDetector()],
    ["structure", createStructureInjectionDetector()],
  ];
  if (equalPath !== undefined) {
    const mod = (await import(resolve(equalPath))) as {
      createStructureInjectionDetector: () => TextDetector;
    };
    const reference = mod.createStructureInjectionDetector();
    const current = detectors[1]![1];
    let findings = 0;
    let texts = 0;
    for (const [name, set] of sets) {
      findings += assertEqual(reference, current, set, name);
      texts += set.length;
    }
    const extra: [string, string[]][] = [
      ["eval train+dev", evalSamples()],
      ["unit-test literals", unitTestLiterals()],
    ];
    for (const [name, set] of extra) {
      findings += assertEqual(reference, current, set, name);
      texts += set.length;
      const cut = slices(set, 64);
      findings += assertEqual(reference, current, cut, `${name} 64-char slices`);
      texts += cut.length;
    }
    console.log(`equality: identical findings on ${texts} texts (${findings} findings)`);
    detectors.splice(1, 0, ["structure (reference)", reference]);
  }

  // Per text, the fastest of the rounds: on a shared machine a text's time is its own cost plus whatever preemption
  // landed in it, and the minimum over rounds removes most of the second (a whole-set median did not: one set took
  // 40 to 900 ms/MB from round to round under a load of 12 on 2 cores, for every detector alike).
  const best = new Map<string, Float64Array>();
  for (let round = 0; round < rounds; round++)
    for (const [setName, texts] of sets)
      for (const [name, detector] of detectors) {
        const k = `${setName}\u0000${name}`;
        let row = best.get(k);
        if (row === undefined) {
          row = new Float64Array(texts.length).fill(Number.POSITIVE_INFINITY);
          best.set(k, row);
        }
        for (let i = 0; i < texts.length; i++) {
          const out: TextMatch[] = [];
          const start = process.hrtime.bigint();
          detector.detect(texts[i]!, out);
          const ms = Number(process.hrtime.bigint() - start) / 1e6;
          if (ms < row[i]!) row[i] = ms;
        }
      }

  console.log(
    `structure detector vs phrase detector: per text the fastest of ${rounds} interleaved rounds, summed (node ${process.version})`,
  );
  for (const [setName, texts, unit] of sets) {
    const chars = texts.reduce((n, t) => n + t.length, 0);
    const figure = (name: string) => {
      const ms = best.get(`${setName}\u0000${name}`)!.reduce((n, t) => n + t, 0);
      return unit === "KB" ? (ms * 1000) / texts.length : ms / (chars / 1e6);
    };
    const phrase = figure("phrase");
    const cells = detectors.map(([name]) => {
      const m = figure(name);
      return `${name} ${m.toFixed(1)} ${unit === "MB" ? "ms/MB" : "µs/KB"} (${(m / phrase).toFixed(2)}x)`;
    });
    console.log(`  ${setName.padEnd(24)} n=${String(texts.length).padEnd(5)} ${cells.join("  ")}`);
  }
}

await main();
