/**
 * Row: the full default output check (injection included) against langchain's built-in PII detectors on 1 MB of
 * text, on the calling thread (`worker: false`). Goal (issue 16): at least 0.5x langchain's speed.
 */
import { fmtRatio, type SpeedRow } from "./common.js";
import { textRowAgainstLangchain } from "./text-vs-langchain.js";

export function fullCheckTextRow(rounds = 7): Promise<SpeedRow> {
  const row = "full default output check (calling thread) vs langchain built-ins, 1 MB text";
  return textRowAgainstLangchain({}, rounds, row, 0.5);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const r = await fullCheckTextRow();
  console.log(`${r.row}: ${fmtRatio(r.value)} (${r.goal}) ${r.detail}`);
}
