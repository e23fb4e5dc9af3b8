/**
 * Builds the session-14 tune part of the secret evaluation from a scanner no earlier part used (see README.md for the
 * source, its licence and commit):
 *
 *   npx tsx bench/secrets-eval/build-s14.ts <titus git dir>
 *
 * - titus (praetorian-inc, Apache-2.0): every rule file's `examples` (secrets) and `negative_examples` /
 *   `non_examples` (look-alikes), one group per rule; helper rules (`visible: false`) and rules filed as an
 *   `identifier` and not a `secret` (client ids, hosts, buckets) skipped, as build-s11.ts does for noseyparker.
 *   titus' rules grew from noseyparker's and kingfisher's: the examples they share with the parts built before are
 *   dropped by the repeat rule below, so what is kept is the examples titus' authors wrote or that those projects
 *   wrote after the commits the earlier parts pin.
 *
 * Every case is tune (nothing here is frozen). Stand-in values are dropped by the rule build.ts uses (`isStandIn`),
 * on the text alone, before any detector runs. A case sharing a 16+ character token with any earlier case (frozen
 * parts included) is dropped. Only counts are printed. Output: `tune-s14.json` in TOLLGATE_SECRETS_EVAL_OUT or
 * `data/` (git-ignored); its sha256 and counts go to `tune-s14-record.json`.
 */
import { execFileSync } from "node:child_process";
import { parse } from "yaml";
import { isStandIn } from "./stand-in.js";
import { dropRepeats, earlierCases, writeTunePart } from "./tune-part.js";
import type { EvalCase } from "./types.js";

export const TITUS_COMMIT = "369d8dc4359a2d70629e0fe7732d3244a3315efc";
const TITUS_RULES = "pkg/rule/rules/";

interface RuleDoc {
  rules?: {
    id: string;
    visible?: boolean;
    examples?: string[];
    negative_examples?: string[];
    non_examples?: string[];
    categories?: string[];
  }[];
}

function git(dir: string, ...args: string[]): string {
  return execFileSync("git", ["-C", dir, ...args], { encoding: "utf8", maxBuffer: 64 << 20 });
}

/** The cases of one rule file, one group per rule. */
function ruleCases(doc: RuleDoc, vendor: string): EvalCase[] {
  const cases: EvalCase[] = [];
  for (const rule of doc.rules ?? []) {
    if (rule.visible === false) continue;
    const categories = rule.categories ?? [];
    if (categories.includes("identifier") && !categories.includes("secret")) continue;
    const group = `titus:${rule.id}`;
    (rule.examples ?? []).forEach((text, i) => {
      if (!isStandIn(text))
        cases.push({ id: `${group}#${i}`, group, source: "titus", vendor, label: "secret", text });
    });
    [...(rule.negative_examples ?? []), ...(rule.non_examples ?? [])].forEach((text, i) => {
      cases.push({ id: `${group}#neg${i}`, group, source: "titus", vendor, label: "lookalike", text });
    });
  }
  return cases;
}

function titusCases(dir: string): EvalCase[] {
  const files = git(dir, "ls-tree", "--name-only", TITUS_COMMIT, TITUS_RULES).split("\n");
  return files
    .filter((f) => f.endsWith(".yml"))
    .flatMap((f) =>
      ruleCases(parse(git(dir, "show", `${TITUS_COMMIT}:${f}`)) as RuleDoc, f.slice(TITUS_RULES.length, -4)),
    );
}

function main(): void {
  const [titusDir] = process.argv.slice(2);
  if (titusDir === undefined) throw new Error("usage: build-s14.ts <titus git dir>");
  const { kept, dropped } = dropRepeats(titusCases(titusDir), earlierCases("tune-s14"));
  writeTunePart("tune-s14", kept, dropped, { titus: TITUS_COMMIT });
}

if (process.argv[1] !== undefined && import.meta.url.endsWith(process.argv[1].split("/").pop() ?? "")) main();
