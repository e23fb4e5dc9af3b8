/**
 * Row: every detector family but injection, together, against langchain's built-in PII detectors on 1 MB of text,
 * on the calling thread. "Together" is the whole output check (sanitizers, secrets, PII, the decisions and the
 * rewrite) with the injection family switched off, so nothing the check does is left out of the figure.
 * Goal (issue 16): at least 2x langchain's speed, i.e. langchain's time / ours >= 2.
 */
import { fmtRatio, type SpeedRow } from "./common.js";
import { textRowAgainstLangchain } from "./text-vs-langchain.js";

export const NO_INJECTION = { injection: { input: "off", output: "off" } } as const;

export function familiesTextRow(rounds = 9): Promise<SpeedRow> {
  const row = "every family but injection (output check, calling thread) vs langchain built-ins, 1 MB text";
  return textRowAgainstLangchain(NO_INJECTION, rounds, row, 2);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const r = await familiesTextRow();
  console.log(`${r.row}: ${fmtRatio(r.value)} (${r.goal}) ${r.detail}`);
}
