/**
 * The issue-16 speed rows, each in its own file, run in one process one after another; `bench/run.ts` prints them.
 * Every figure but the structuredContent speed is a ratio measured in interleaved rounds of the same run.
 */
import { markdownTable } from "../lib/stats.js";
import type { SpeedRow } from "./common.js";
import { declaredRulesRow } from "./declared-rules.js";
import { familiesTextRow } from "./families-text.js";
import { fullCheckTextRow } from "./full-check-text.js";
import { structuredRow } from "./structured.js";

export type { SpeedRow };

export async function runSpeedRows(
  quick: boolean,
  log: (line: string) => void = () => {},
): Promise<SpeedRow[]> {
  const rounds = quick ? 3 : 9;
  const rows: SpeedRow[] = [];
  for (const make of [familiesTextRow, fullCheckTextRow, structuredRow, declaredRulesRow]) {
    const row = await make(rounds);
    log(`speed: ${row.row}: ${row.value.toFixed(2)} ${row.unit}`);
    rows.push(row);
  }
  return rows;
}

export function speedTable(rows: readonly SpeedRow[]): string {
  return markdownTable(
    ["row", "figure", "goal", "status", "how"],
    rows.map((r) => [
      r.row,
      r.unit === "x" ? `${r.value.toFixed(2)}x` : `${r.value.toFixed(1)} MB/s`,
      r.goal,
      r.met ? "met" : "MISSED",
      r.detail,
    ]),
  );
}
