/**
 * The output check after its detectors, this checkout against a reference one (`--reference=<dir>`), side by side in
 * one process, interleaved, a new text every round, process CPU time. Rows:
 *
 * - `families 1 MB`: the families check (every family but injection) on 1 MB of the bench's prose;
 * - `families 1 MB + reader`: the same check, then what its caller does next with the result the model receives
 *   (`JSON.stringify` of the redacted result, as a chat request body holds it): the check's output is a rope
 *   (TextBuilder.toRope) that its reader copies once, so the check alone would flatter it;
 * - `families 1 MB with a &`: the same on a text holding an ampersand, so the envelope step takes its full path
 *   (it searches the scanned text for tags, and that copies the rope: no gain expected, no loss allowed);
 * - `families 1 MB with URLs and entities`: prose with a URL query (`%20`, `&`) and an `&amp;` every ~1 KB, the
 *   escapes real tool output holds (the normalised view walks them, the envelope reads tags on the scanned text);
 * - `families 1 MB JSON text with escapes`: the bench's JSON records as one text block, every tenth with a note
 *   holding `\n`, `\"` and `&` (JSON text always takes the envelope's full path);
 * - `full 1 MB` (with `--full`): the default policy's check (injection included);
 * - `families 1 KB x200`: 200 checks of new 1 KB texts (the per-check steps), in µs per check;
 * - `clean 1 KB x200`: 200 checks of 1 KB texts with nothing to find.
 *
 * Each row gives both sides' medians and the median of the per-round ratios this / reference (< 1: this is faster).
 *
 * `npx tsx bench/speed/output-build.ts --reference=/tmp/ref [rounds] [--full]`
 */
import { resolve } from "node:path";
import { payload } from "../fixtures/inputs.js";
import { type CheckoutEngine, familiesCheckoutAt } from "../lib/families-checkout.js";
import { median } from "../lib/stats.js";
import { benchText, MB, textRequest } from "./common.js";
import { NO_INJECTION } from "./families-text.js";

interface Side {
  families: CheckoutEngine;
  full: CheckoutEngine;
}

const reference = process.argv.find((a) => a.startsWith("--reference="))?.slice("--reference=".length);
if (reference === undefined) throw new Error("--reference=<checkout> is required");
const rounds = Number(process.argv.find((a) => /^\d+$/.test(a)) ?? 21);
const withFull = process.argv.includes("--full");
const WARM_UP = 3;
const SMALL = 200;

async function sideAt(dir: string): Promise<Side> {
  const { engine } = await familiesCheckoutAt(dir);
  return { families: engine(NO_INJECTION), full: engine({}) };
}

const sides = { reference: await sideAt(resolve(reference)), this: await sideAt(resolve(".")) };
const names = ["reference", "this"] as const;
const samples = new Map<string, number[]>();
const add = (key: string, value: number) => {
  const list = samples.get(key) ?? [];
  list.push(value);
  samples.set(key, list);
};

async function cpuMs(run: () => Promise<unknown> | unknown): Promise<number> {
  const start = process.cpuUsage();
  await run();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}

/** What the caller hands on: the redacted result when there is one, else the result as it came. */
function delivered(request: { result: unknown }, decision: unknown): unknown {
  const redacted = (decision as { redactedResult?: unknown }).redactedResult;
  return redacted ?? request.result;
}

/** The bench's prose with a URL query and an entity every ~1 KB (at a line end). */
function withEscapes(text: string): string {
  return text.replace(/\n\n/g, (_, at: number) =>
    at % 1024 < 400 ? " See https://example.com/search?q=quarterly%20report&page=2 &amp; notes.\n\n" : "\n\n",
  );
}

/** The bench's JSON records as one text, every tenth with a note holding JSON escapes and an ampersand. */
function jsonWithEscapes(seed: number): string {
  const records = JSON.parse(payload("json", MB, seed)) as Record<string, unknown>[];
  records.forEach((record, i) => {
    if (i % 10 === 0) record.note = 'R&D said "ship it"\nsee https://example.com/?a=1&b=2';
  });
  return JSON.stringify(records, null, 2);
}

const CLEAN = "The quarterly report lists revenue by region and the notes of the planning meeting. ";

for (let r = 0; r < rounds + WARM_UP; r++) {
  const big = textRequest(benchText(undefined, 7000 + r));
  const bigFull = textRequest(benchText(undefined, 9000 + r));
  const marked = textRequest(`${benchText(undefined, 11000 + r)} & more`);
  const escaped = textRequest(withEscapes(benchText(undefined, 13000 + r)));
  const json = textRequest(jsonWithEscapes(15000 + r));
  const small = Array.from({ length: SMALL }, (_, i) =>
    textRequest(benchText(1024, 100_000 + r * SMALL + i)),
  );
  const clean = Array.from({ length: SMALL }, (_, i) =>
    textRequest(`${CLEAN.repeat(12)} round ${r} item ${i}`.slice(0, 1024)),
  );
  for (const n of r % 2 === 0 ? names : [...names].reverse()) {
    const side = sides[n];
    const keep = (key: string, value: number) => {
      if (r >= WARM_UP) add(`${key} ${n}`, value);
    };
    let decision: unknown;
    const check = await cpuMs(async () => {
      decision = await side.families.checkOutput(big);
    });
    const reader = await cpuMs(() => JSON.stringify(delivered(big, decision)).length);
    keep("families 1 MB", check);
    keep("families 1 MB + reader", check + reader);
    // An ampersand: the envelope step must search the scanned text for tags (its full path).
    keep("families 1 MB with a & (full envelope step)", await cpuMs(() => side.families.checkOutput(marked)));
    keep("families 1 MB with URLs and entities", await cpuMs(() => side.families.checkOutput(escaped)));
    keep("families 1 MB JSON text with escapes", await cpuMs(() => side.families.checkOutput(json)));
    if (withFull) keep("full 1 MB", await cpuMs(() => side.full.checkOutput(bigFull)));
    keep(
      "families 1 KB x200",
      (await cpuMs(async () => {
        for (const request of small) await side.families.checkOutput(request);
      })) *
        (1000 / SMALL),
    );
    keep(
      "clean 1 KB x200",
      (await cpuMs(async () => {
        for (const request of clean) await side.families.checkOutput(request);
      })) *
        (1000 / SMALL),
    );
  }
}

console.log(`${rounds} rounds (after ${WARM_UP} not kept), new texts each round, process CPU time`);
console.log(
  "| row | unit | reference | this | this / reference (median of rounds) |\n| --- | --- | --- | --- | --- |",
);
const rows = [
  "families 1 MB",
  "families 1 MB + reader",
  "families 1 MB with a & (full envelope step)",
  "families 1 MB with URLs and entities",
  "families 1 MB JSON text with escapes",
  ...(withFull ? ["full 1 MB"] : []),
];
for (const row of [...rows, "families 1 KB x200", "clean 1 KB x200"]) {
  const ref = samples.get(`${row} reference`) ?? [];
  const ours = samples.get(`${row} this`) ?? [];
  const ratios = ours.map((v, i) => v / ref[i]!);
  const unit = row.includes("KB") ? "µs per check" : "ms per MB";
  console.log(
    `| ${row} | ${unit} | ${median(ref).toFixed(2)} | ${median(ours).toFixed(2)} | ${median(ratios).toFixed(3)} |`,
  );
}
