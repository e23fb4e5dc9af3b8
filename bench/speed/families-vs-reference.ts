/**
 * The families-text row (every family but injection) and the full-check row (the default policy, injection
 * included), this checkout and a reference checkout (`--reference=<dir>`, e.g. a `git worktree add --detach` of main
 * with a node_modules symlink), imported side by side in one process and run in interleaved rounds with langchain's
 * built-ins, timed in process CPU time (`process.cpuUsage`): on a shared, loaded machine the ratio of two CPU times
 * taken in the same rounds is the figure to quote, not the wall clock. Then each detector of the families plan, per
 * side, in CPU ms per MB.
 *
 * Every round reads NEW texts (the same ones for every arm of the round): a detector's remembered verdicts of an
 * earlier text must not flatter it. The families and the full-check arms read different texts, so neither side's
 * second arm finds the text's candidate index of its first. The first WARM_UP rounds are not kept: each side's
 * injection code runs only in its full arm, once a round, and its first checks cost two to three times a warm one
 * (s12: 156, 65, 96, 69 ms, then 45-85), which in 9 kept rounds moved the full row's median by more than a change.
 *
 * The per-part table then times each detector of the full check's plan (the families plan is the part without
 * injection), the shared pass and the normalised view alone on a new text, and what each check spends outside them
 * (its median less the parts' medians: sanitizing, deciding and recording, building the output).
 *
 * `npx tsx bench/speed/families-vs-reference.ts --reference=/tmp/ref [rounds] [--no-detectors]`
 */
import { resolve } from "node:path";
import type { TextDetector } from "../../src/engine/types.js";
import { type CheckoutEngine, familiesCheckoutAt } from "../lib/families-checkout.js";
import { median } from "../lib/stats.js";
import { benchText, langchainDetectors, textRequest } from "./common.js";
import { NO_INJECTION } from "./families-text.js";

interface Side {
  families: CheckoutEngine;
  full: CheckoutEngine;
  /** The families plan's detectors (sanitizers first). */
  detectors: TextDetector[];
  /** The full check's plan: the families plan's and the injection detectors. */
  fullDetectors: TextDetector[];
  /** Runs the shared literal pass on a text (what the check has done before its number detectors run). */
  pass(text: string): void;
  view(text: string): void;
}

async function sideAt(dir: string): Promise<Side> {
  const { detectors, fullDetectors, pass, view, engine } = await familiesCheckoutAt(dir);
  return { families: engine(NO_INJECTION), full: engine({}), detectors, fullDetectors, pass, view };
}

/** Rounds run first and not kept (see the header). */
const WARM_UP = 3;

function cpuMs(run: () => unknown): number {
  const start = process.cpuUsage();
  run();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}

async function cpuMsAsync(run: () => Promise<unknown>): Promise<number> {
  const start = process.cpuUsage();
  await run();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}

const reference = process.argv.find((a) => a.startsWith("--reference="))?.slice("--reference=".length);
if (reference === undefined) throw new Error("--reference=<checkout> is required");
const rounds = Number(process.argv.find((a) => /^\d+$/.test(a)) ?? 15);
const sides = { reference: await sideAt(resolve(reference)), this: await sideAt(resolve(".")) };
const names = ["reference", "this"] as const;
const samples = new Map<string, number[]>();
const add = (key: string, ms: number) => {
  const list = samples.get(key) ?? [];
  list.push(ms);
  samples.set(key, list);
};

/** One round of the two rows: the arms in an order that alternates per round; rounds below WARM_UP are not kept. */
async function rowsRound(r: number): Promise<void> {
  const familiesText = benchText(undefined, 1000 + 2 * r);
  const familiesRequest = textRequest(familiesText);
  const fullRequest = textRequest(benchText(undefined, 1001 + 2 * r));
  const arms: [string, () => Promise<unknown>][] = [
    ["langchain", async () => langchainDetectors(familiesText)],
    ...names.flatMap((n): [string, () => Promise<unknown>][] => [
      [`families ${n}`, () => sides[n].families.checkOutput(familiesRequest)],
      [`full ${n}`, () => sides[n].full.checkOutput(fullRequest)],
    ]),
  ];
  for (const [name, run] of r % 2 === 0 ? arms : arms.reverse()) {
    const ms = await cpuMsAsync(run);
    if (r >= WARM_UP) add(name, ms);
  }
}

/** One round per part: a new text, each side's pass on it, then its view and each detector of its full plan alone. */
function detectorsRound(r: number): void {
  const text = benchText(undefined, 5000 + r);
  for (const n of r % 2 === 0 ? names : [...names].reverse()) {
    const side = sides[n];
    const keep = (key: string, ms: number) => {
      if (r > 0) add(`${key} ${n}`, ms);
    };
    keep(
      "pass",
      cpuMs(() => side.pass(text)),
    );
    keep(
      "view",
      cpuMs(() => side.view(text)),
    );
    for (const d of side.fullDetectors)
      keep(
        d.id,
        cpuMs(() => d.detect(text, [])),
      );
  }
}

for (let r = 0; r < rounds + WARM_UP; r++) await rowsRound(r);
const at = (key: string) => median(samples.get(key) ?? [Number.NaN]);
const low = (key: string) => Math.min(...(samples.get(key) ?? [Number.NaN]));
const lc = at("langchain");
console.log(
  `${rounds} rounds, new texts each round; CPU ms per MB, median (min); langchain ${lc.toFixed(2)} (${low("langchain").toFixed(2)})`,
);
for (const row of ["families", "full"])
  for (const n of names) {
    const key = `${row} ${n}`;
    console.log(
      `${key}: ${at(key).toFixed(2)} (${low(key).toFixed(2)}) ms; ratio langchain/ours ${(lc / at(key)).toFixed(2)}x (minima ${(low("langchain") / low(key)).toFixed(2)}x)`,
    );
  }
if (!process.argv.includes("--no-detectors")) {
  for (let r = 0; r <= rounds; r++) detectorsRound(r);
  console.log(
    `\n| part (CPU ms per MB, median of ${rounds} rounds, new text each) | reference | this |\n| --- | --- | --- |`,
  );
  const row = (part: string, ref: number, ours: number) =>
    console.log(`| ${part} | ${ref.toFixed(2)} | ${ours.toFixed(2)} |`);
  const sum = (n: (typeof names)[number], ids: string[]) =>
    ids.reduce((total, id) => total + at(`${id} ${n}`), 0);
  const idsOf = (n: (typeof names)[number], list: "detectors" | "fullDetectors") => [
    "pass",
    "view",
    ...sides[n][list].map((d) => d.id),
  ];
  for (const part of idsOf("this", "fullDetectors")) row(part, at(`${part} reference`), at(`${part} this`));
  for (const [label, list, check] of [
    ["families plan", "detectors", "families"],
    ["full plan", "fullDetectors", "full"],
  ] as const) {
    const [ref, ours] = names.map((n) => sum(n, idsOf(n, list)));
    row(`**${label}: the parts together**`, ref!, ours!);
    row(
      `**${label}: the check outside its parts**`,
      at(`${check} reference`) - ref!,
      at(`${check} this`) - ours!,
    );
  }
}
