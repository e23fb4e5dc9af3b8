import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { createInjectionDetector, injectionTriggers } from "../src/engine/detectors/injection/index.js";
import { createScorerDetector } from "../src/engine/detectors/injection/scorer/scorer-detector.js";
import { createStructureInjectionDetector } from "../src/engine/detectors/injection/structure/structure-detector.js";
import type { TextDetector, TextMatch } from "../src/engine/types.js";
import { readmes } from "./lib/injection-texts.js";
import { describeMachine, machineInfo } from "./lib/machine.js";
import { buildTriggerAutomaton } from "./lib/trigger-automaton.js";

const rounds = Number(process.argv.find((a) => a.startsWith("--rounds="))?.slice(9) ?? 9);
const TARGET_BYTES = 512 * 1024;

function slices(texts: readonly string[], size: number): string[] {
  const out: string[] = [];
  for (const t of texts) for (let i = 0; i + size <= t.length; i += size) out.push(t.slice(i, i + size));
  return out;
}

interface Subject {
  name: string;
  detectors: TextDetector[];
}

/**
 * Baselines in the same run, so a figure can be read as a ratio on a loaded machine: one plain regex scan over the
 * text (a literal word), and the phrase rules' trigger scan alone, as V8's alternation regex (what the detector
 * runs) and as an Aho-Corasick automaton over the same triggers (bench/lib/trigger-automaton.ts).
 */
function scanOnly(name: string, scan: (text: string) => number): TextDetector {
  let sink = 0;
  return {
    id: name,
    kind: "injection",
    detect(text: string): void {
      sink += scan(text);
      if (sink === -1) console.log(sink);
    },
  };
}

function countMatches(pattern: RegExp): (text: string) => number {
  return (text) => {
    pattern.lastIndex = 0;
    let n = 0;
    while (pattern.test(text)) n++;
    return n;
  };
}

function baselines(): Subject[] {
  const triggers = injectionTriggers();
  const escapeLiteral = (t: string) => t.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
  const words = triggers.filter((t) => /^\w/.test(t)).sort((a, b) => b.length - a.length);
  const alternation = new RegExp(`\\b(?:${words.map(escapeLiteral).join("|")})\\b`, "gi");
  const automaton = buildTriggerAutomaton(words);
  return [
    {
      name: "baseline: plain regex scan (/\\bthe\\b/gi)",
      detectors: [scanOnly("plain", countMatches(/\bthe\b/gi))],
    },
    {
      name: "trigger scan: alternation regex",
      detectors: [scanOnly("alternation", countMatches(alternation))],
    },
    { name: "trigger scan: Aho-Corasick automaton", detectors: [scanOnly("automaton", automaton.count)] },
  ];
}

function timeOnce(subject: Subject, inputs: readonly string[]): number {
  const out: TextMatch[] = [];
  const start = process.hrtime.bigint();
  for (const text of inputs) {
    out.length = 0;
    for (const d of subject.detectors) d.detect(text, out);
  }
  return Number(process.hrtime.bigint() - start) / 1e3;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/**
 * `--reference=<checkout>`: the phrase rules and structure detector of another checkout (e.g. the starting commit,
 * `git archive` into a folder with node_modules linked) timed in the same rounds, for a before/after on one machine.
 */
async function referenceSubjects(): Promise<Subject[]> {
  const dir = process.argv.find((a) => a.startsWith("--reference="))?.slice(12);
  if (dir === undefined) return [];
  const at = (path: string) => pathToFileURL(resolve(dir, path)).href;
  const phrase = (await import(at("src/engine/detectors/injection/index.ts"))) as {
    createInjectionDetector: () => TextDetector;
  };
  const structure = (await import(at("src/engine/detectors/injection/structure/structure-detector.ts"))) as {
    createStructureInjectionDetector: () => TextDetector;
  };
  const phraseRules = phrase.createInjectionDetector();
  const structureRules = structure.createStructureInjectionDetector();
  return [
    { name: "reference: phrase rules", detectors: [phraseRules] },
    { name: "reference: structure detector", detectors: [structureRules] },
    { name: "reference: rules (phrase + structure)", detectors: [phraseRules, structureRules] },
  ];
}

async function main(): Promise<void> {
  const phrase = createInjectionDetector();
  const structure = createStructureInjectionDetector();
  const model = createScorerDetector();
  const subjects: Subject[] = [
    ...baselines(),
    ...(await referenceSubjects()),
    { name: "phrase rules", detectors: [phrase] },
    { name: "structure detector", detectors: [structure] },
    { name: "learned model (injection.scorer)", detectors: [model] },
    { name: "rules (phrase + structure)", detectors: [phrase, structure] },
    { name: "whole family (rules + model)", detectors: [phrase, structure, model] },
  ];
  const docs = readmes(TARGET_BYTES);
  const sets = [
    { name: "1 KB strings", inputs: slices(docs, 1024) },
    { name: "whole READMEs", inputs: docs },
  ];
  const times = new Map<string, number[]>();
  // One warm-up round (JIT, the model's first decode), not counted.
  for (const set of sets) for (const s of subjects) timeOnce(s, set.inputs);
  for (let r = 0; r < rounds; r++)
    for (const set of sets)
      for (const s of subjects) {
        const key = `${set.name}\u0000${s.name}`;
        const list = times.get(key) ?? [];
        list.push(timeOnce(s, set.inputs));
        times.set(key, list);
      }
  console.log(`${describeMachine(machineInfo())} · ${rounds} rounds`);
  for (const set of sets) {
    const kb = set.inputs.reduce((n, t) => n + Buffer.byteLength(t), 0) / 1024;
    console.log(`\n${set.name}: ${set.inputs.length} texts, ${kb.toFixed(0)} KB`);
    console.log("| detectors | µs per KB (median) | fastest round |");
    console.log("| --- | --- | --- |");
    for (const s of subjects) {
      const list = times.get(`${set.name}\u0000${s.name}`)!;
      console.log(
        `| ${s.name} | ${(median(list) / kb).toFixed(2)} | ${(Math.min(...list) / kb).toFixed(2)} |`,
      );
    }
  }
}

await main();
