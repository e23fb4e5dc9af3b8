/**
 * Row (design choice, not a goal): the shared prefilter's scan as an automaton (keyword-prefilter.ts) against one
 * regex alternation of the same literals, in V8, on 1 MB of the bench's prose and of its JSON: the ~230 injection
 * lead words (case-insensitive) plus 200 declared vendor prefixes (exact case), none of which stops the scan early
 * (every occurrence is read). Ratio = alternation time / automaton time, median of interleaved rounds.
 */

import { INJECTION_TRIGGERS } from "../../src/engine/rules/injection-triggers.js";
import { alternationPresence, KeywordPrefilter } from "../../src/engine/rules/keyword-prefilter.js";
import { payload } from "../fixtures/inputs.js";
import { interleave, medianRatio } from "../lib/interleave.js";
import { MB } from "./common.js";
import { declaredRules } from "./declared-rules.js";

export async function prefilterScanRatios(rounds = 9): Promise<{ input: string; ratio: number }[]> {
  const vendor = declaredRules(200).map((r) => r.pattern!.slice(0, r.pattern!.indexOf("[")));
  const words = INJECTION_TRIGGERS.triggers.literals;
  // A detector per literal, so no detector is marked early and the whole text is read (the worst case).
  const automaton = new KeywordPrefilter([
    ...words.map((w) => ({ literals: [w], caseInsensitive: true })),
    ...vendor.map((v) => [v]),
    { literals: ["never-occurs-anywhere"] },
  ]);
  const present = new Uint8Array(words.length + vendor.length + 1);
  const wordScan = alternationPresence(words, true);
  const vendorScan = alternationPresence(vendor, false);
  const out: { input: string; ratio: number }[] = [];
  for (const input of ["text", "json"] as const) {
    const text = payload(input, MB);
    const result = await interleave(
      [
        { name: "automaton", run: () => automaton.scan(text, present) },
        { name: "alternation", run: () => wordScan(text) + vendorScan(text) },
      ],
      rounds,
    );
    out.push({ input, ratio: medianRatio(result, "alternation", "automaton") });
  }
  return out;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const r of await prefilterScanRatios())
    console.log(`${r.input}: alternation / automaton = ${r.ratio.toFixed(2)}x`);
}
