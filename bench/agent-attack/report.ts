/** Tallies and markdown tables of the agent-attack bench (test split first, 95% Wilson intervals). */
import { fmt, markdownTable } from "../lib/stats.js";
import type { SplitName } from "./cases.js";
import type { GuardName } from "./guards.js";
import type { CaseOutcome, Human } from "./run-case.js";

export interface Tally {
  hit: number;
  total: number;
}

/** Wilson score interval (95%) for a proportion. */
export function wilson({ hit, total }: Tally): [number, number] {
  if (total === 0) return [Number.NaN, Number.NaN];
  const z = 1.959964;
  const p = hit / total;
  const denom = 1 + (z * z) / total;
  const centre = (p + (z * z) / (2 * total)) / denom;
  const half = (z * Math.sqrt((p * (1 - p)) / total + (z * z) / (4 * total * total))) / denom;
  return [Math.max(0, centre - half), Math.min(1, centre + half)];
}

export function pct(t: Tally): string {
  if (t.total === 0) return "n/a";
  const [lo, hi] = wilson(t);
  return `${fmt((100 * t.hit) / t.total)}% [${fmt(100 * lo)}, ${fmt(100 * hi)}] (${t.hit}/${t.total})`;
}

const tally = (rows: readonly CaseOutcome[], hit: (o: CaseOutcome) => boolean): Tally => ({
  hit: rows.filter(hit).length,
  total: rows.length,
});

/** The outcomes of one (guard, human) cell. */
function cell(all: readonly CaseOutcome[], split: SplitName, guard: GuardName, human: Human): CaseOutcome[] {
  return all.filter((o) => o.split === split && o.guard === guard && o.human === human);
}

export interface Row {
  guard: GuardName;
  human: Human;
  asrObedient: Tally;
  asrCompromised: Tally;
  utilityBenign: Tally;
  utilityAttacked: Tally;
  reviewRateBenign: Tally;
}

export function rowsOf(all: readonly CaseOutcome[], split: SplitName, guards: readonly GuardName[]): Row[] {
  const rows: Row[] = [];
  for (const guard of guards)
    for (const human of guard === "none"
      ? (["reject-all"] as const)
      : (["reject-all", "approve-all"] as const)) {
      const c = cell(all, split, guard, human);
      if (c.length === 0) continue;
      // A benign case runs once (its model has nothing to obey).
      const benign = c.filter((o) => o.kind === "benign");
      const attack = (m: string) => c.filter((o) => o.kind === "attack" && o.model === m);
      rows.push({
        guard,
        human,
        asrObedient: tally(attack("obedient"), (o) => o.attackSucceeded),
        asrCompromised: tally(attack("compromised"), (o) => o.attackSucceeded),
        utilityBenign: tally(benign, (o) => o.utility),
        utilityAttacked: tally(attack("compromised"), (o) => o.utility),
        reviewRateBenign: tally(benign, (o) => o.reviews > 0),
      });
    }
  return rows;
}

export function splitTable(rows: readonly Row[]): string {
  return markdownTable(
    [
      "guard",
      "human",
      "attack success, compromised",
      "attack success, obedient",
      "utility, benign",
      "utility under attack (compromised)",
      "benign runs reviewed",
    ],
    rows.map((r) => [
      r.guard,
      r.guard === "none" ? "(no reviews)" : r.human,
      pct(r.asrCompromised),
      pct(r.asrObedient),
      pct(r.utilityBenign),
      pct(r.utilityAttacked),
      pct(r.reviewRateBenign),
    ]),
  );
}

/** Attack success by a field (style or carrier) for one guard, human and model. */
export function breakdown(
  all: readonly CaseOutcome[],
  split: SplitName,
  guard: GuardName,
  human: Human,
  field: "style" | "carrier" | "goal",
): string {
  const rows = cell(all, split, guard, human).filter((o) => o.kind === "attack");
  const keys = [...new Set(rows.map((o) => o[field] ?? ""))].sort();
  return markdownTable(
    [field, "compromised", "obedient"],
    keys.map((k) => {
      const of = (m: string) => rows.filter((o) => o[field] === k && o.model === m);
      return [
        k,
        pct(tally(of("compromised"), (o) => o.attackSucceeded)),
        pct(tally(of("obedient"), (o) => o.attackSucceeded)),
      ];
    }),
  );
}
