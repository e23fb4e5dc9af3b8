/**
 * `npx tsx bench/eval-set/dump.ts <train|dev> [--task=injection|pii|secret]`: prints the generated samples of a
 * split as JSON lines, to read or to tune on. The test split is held out: dumping it needs `--test-split-i-will-not-tune-on`.
 */
import { generateSplit, loadSplitDefinition, SPLITS, type SplitName } from "./generate.js";

const args = process.argv.slice(2);
const split = args.find((a) => !a.startsWith("-")) as SplitName | undefined;
const task = args.find((a) => a.startsWith("--task="))?.slice(7);
if (!split || !SPLITS.includes(split)) {
  console.error("usage: npx tsx bench/eval-set/dump.ts <train|dev> [--task=injection|pii|secret]");
  process.exitCode = 2;
} else if (split === "test" && !args.includes("--test-split-i-will-not-tune-on")) {
  console.error("the test split is held out: it is reported by `npm run eval`, never tuned on");
  process.exitCode = 2;
} else {
  for (const sample of generateSplit(loadSplitDefinition(), split)) {
    if (!task || sample.task === task) process.stdout.write(`${JSON.stringify(sample)}\n`);
  }
}
