/**
 * `npx tsx bench/eval-set/freeze.ts`: writes bench/eval-set/split.json. Ids already in the file never move; ids that
 * are new (a template or carrier added since) are assigned by a seeded, stratified shuffle (each template group is
 * spread about 50/25/25 over train/dev/test). Then it generates the test split and records its hash and size, so
 * any later change to the held-out data shows in `npm run eval`.
 *
 * `--check`: only compares the generated test split with the recorded hash (exit code 1 on a mismatch).
 */
import { execFileSync } from "node:child_process";
import { existsSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import {
  CARRIER_IDS,
  countByTask,
  generateSplit,
  hashSamples,
  loadSplitDefinition,
  readSplitFile,
  SPLIT_FILE,
  type SplitDefinition,
  type SplitName,
  templateGroups,
} from "./generate.js";
import { seeded, seedOf } from "./rand.js";

const SEED = 20261124;

function shuffled<T>(items: readonly T[], seed: number): T[] {
  const rand = seeded(seed);
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** About a quarter each to test and dev, the rest to train; groups of 2 or 3 put one in test first. */
function assign(ids: readonly string[], seed: number): Record<SplitName, string[]> {
  const order = shuffled(ids, seed);
  const n = order.length;
  const test = n >= 4 ? Math.round(n / 4) : n >= 2 ? 1 : 0;
  const dev = n >= 4 ? Math.round(n / 4) : n >= 3 ? 1 : 0;
  return { test: order.slice(0, test), dev: order.slice(test, test + dev), train: order.slice(test + dev) };
}

function assignNew(
  current: Record<SplitName, string[]>,
  groups: Map<string, string[]>,
): Record<SplitName, string[]> {
  const known = new Set([...current.train, ...current.dev, ...current.test]);
  const out = { train: [...current.train], dev: [...current.dev], test: [...current.test] };
  for (const [group, ids] of groups) {
    const fresh = ids.filter((id) => !known.has(id));
    if (fresh.length === 0) continue;
    const a = assign(fresh, SEED ^ seedOf(group));
    for (const split of ["train", "dev", "test"] as const) out[split].push(...a[split]);
  }
  return out;
}

const check = process.argv.includes("--check");
const empty = { train: [], dev: [], test: [] };
const previous: SplitDefinition | undefined = existsSync(SPLIT_FILE) ? readSplitFile() : undefined;
if (check) {
  if (!previous) throw new Error(`${fileURLToPath(SPLIT_FILE)} does not exist`);
  loadSplitDefinition();
  const hash = hashSamples(generateSplit(previous, "test"));
  console.log(
    hash === previous.testSha256
      ? `test split unchanged (${hash})`
      : `TEST SPLIT CHANGED: ${hash}, frozen ${previous.testSha256}`,
  );
  process.exitCode = hash === previous.testSha256 ? 0 : 1;
} else {
  const def: SplitDefinition = {
    seed: previous?.seed ?? SEED,
    templates: assignNew(previous?.templates ?? empty, templateGroups()),
    carriers: assignNew(previous?.carriers ?? empty, new Map([["carriers", CARRIER_IDS]])),
    testSha256: "",
    testCounts: { injection: 0, pii: 0, secret: 0 },
  };
  const test = generateSplit(def, "test");
  def.testSha256 = hashSamples(test);
  def.testCounts = countByTask(test);
  if (previous && previous.testSha256 !== def.testSha256) {
    console.log(
      `test split hash changes: ${previous.testSha256} -> ${def.testSha256} (commit this only on purpose)`,
    );
  }
  writeFileSync(SPLIT_FILE, `${JSON.stringify(def, null, 2)}\n`);
  // The repository's formatter owns the layout of committed JSON; run it so `npm run lint` stays clean.
  execFileSync(fileURLToPath(new URL("../../node_modules/.bin/biome", import.meta.url)), [
    "format",
    "--write",
    fileURLToPath(SPLIT_FILE),
  ]);
  console.log(
    `wrote ${fileURLToPath(SPLIT_FILE)}: test ${JSON.stringify(def.testCounts)}, sha256 ${def.testSha256}`,
  );
}
