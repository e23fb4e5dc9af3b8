/**
 * `npx tsx bench/agent-attack/freeze.ts`: writes bench/agent-attack/split.json. Tasks and templates are assigned to
 * train/dev/test (about 40/30/30) by a seeded shuffle, once; ids already in the file keep their split. Then the
 * generated cases of each split are hashed. `--check` only compares (exit code 1 on drift).
 */
import { existsSync, writeFileSync } from "node:fs";
import { seededRandom } from "../../src/shared/fake-credentials.js";
import { shuffle } from "../lib/stats.js";
import {
  casesOf,
  hashCases,
  loadSplit,
  SPLIT_PATH,
  SPLITS,
  type SplitDefinition,
  type FrozenSplit as SplitName,
  splitDrift,
} from "./cases.js";
import { FRESH_SPLIT_PATH, freezeFresh, freshDrift } from "./fresh.js";
import { TEMPLATES } from "./injections.js";
import { TASKS } from "./tasks.js";

function assign(
  ids: string[],
  previous: Record<SplitName, string[]> | undefined,
  seed: number,
): Record<SplitName, string[]> {
  const out: Record<SplitName, string[]> = { train: [], dev: [], test: [] };
  const placed = new Set<string>();
  for (const s of SPLITS)
    for (const id of previous?.[s] ?? [])
      if (ids.includes(id)) {
        out[s].push(id);
        placed.add(id);
      }
  const fresh = shuffle(
    ids.filter((id) => !placed.has(id)),
    seededRandom(seed),
  );
  // About 40/30/30: the test split is what is quoted, so it gets as many cases as train can spare.
  const cycle: SplitName[] = [
    "train",
    "test",
    "dev",
    "train",
    "test",
    "dev",
    "train",
    "test",
    "dev",
    "train",
  ];
  fresh.forEach((id, i) => {
    out[cycle[i % cycle.length]!].push(id);
  });
  return out;
}

const previous = existsSync(SPLIT_PATH) ? loadSplit() : undefined;
if (process.argv.includes("--check")) {
  const drift = [...(previous ? splitDrift(previous) : ["split.json missing"]), ...freshDrift()];
  console.log(drift.length ? drift.join("\n") : "split unchanged");
  process.exit(drift.length ? 1 : 0);
}
// The fresh split (fresh.ts) is frozen once, by `--fresh`, and never re-frozen (freezeFresh refuses).
if (process.argv.includes("--fresh")) {
  freezeFresh();
  console.log(`fresh split frozen in ${FRESH_SPLIT_PATH}`);
  process.exit(0);
}
const def: SplitDefinition = {
  tasks: assign(
    TASKS.map((t) => t.id),
    previous?.tasks,
    1717,
  ),
  templates: assign(
    TEMPLATES.map((t) => t.id),
    previous?.templates,
    2929,
  ),
  goalsPerPair: previous?.goalsPerPair ?? 3,
  untypedGoalsPerPair: previous?.untypedGoalsPerPair ?? 1,
  changeGoalsPerPair: previous?.changeGoalsPerPair ?? 1,
  sha256: { train: "", dev: "", test: "" },
  frozenAt: previous?.frozenAt ?? new Date().toISOString().slice(0, 10),
};
for (const s of SPLITS) def.sha256[s] = hashCases(casesOf(def, s));
writeFileSync(SPLIT_PATH, `${JSON.stringify(def, null, 2)}\n`);
for (const s of SPLITS) {
  const cases = casesOf(def, s);
  console.log(
    `${s}: ${def.tasks[s].length} tasks, ${def.templates[s].length} templates, ${cases.filter((c) => c.attack).length} attack cases, sha256 ${def.sha256[s]}`,
  );
}
