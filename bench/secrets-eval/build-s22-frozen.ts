/**
 * Builds the sixth FROZEN part of the secret evaluation (session 22) from a scanner no earlier part used (see
 * README.md for its licence and commit):
 *
 *   npx tsx bench/secrets-eval/build-s22-frozen.ts <sonar-text git dir>
 *
 * - SonarSource/sonar-text at `0b8864e1` (the last commit under LGPL-3.0, before its licence became SSALv1): every
 *   secret rule's `examples` in `sonar-text-plugin/src/main/resources/org/sonar/plugins/secrets/configuration/*.yaml`,
 *   labelled by their `containsSecret` (true: a secret, span its `match` where the text holds it; false: a
 *   look-alike). The data stays out of the repository (LGPL text; only this builder and the hash are committed).
 *
 * Decided on the text before any detector ran: the example's own annotation lines (a line that is only a comment
 * saying `(non)compliant example`, `compliant solution`, `noncompliant code example`) are removed, as they label the
 * case rather than belong to it; stand-ins (`isStandIn` on the match, or on the text when a case has none) and
 * values under 4 characters dropped; a look-alike carrying a `fileName` dropped (its label may turn on the path,
 * and this scanner reads text); texts labelled both ways or repeated dropped; a case whose text equals an earlier
 * case's, or that shares a 16+ character token with any earlier case (every earlier part, frozen ones included, and
 * the own look-alike sets), dropped. The whole part is frozen (no tune half: the session's tune part is another
 * source, build-s22-tune.ts). One group per rule. Output: `s22-frozen.json` in TOLLGATE_SECRETS_EVAL_OUT or `data/`;
 * record `frozen-s22.json` beside this file.
 */
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parse } from "yaml";
import { ownLookalikes } from "./own-lookalikes.js";
import { ownLookalikesV4 } from "./own-lookalikes-v4.js";
import { ownLookalikesV5 } from "./own-lookalikes-v5.js";
import { ownLookalikesV6 } from "./own-lookalikes-v6.js";
import { isStandIn } from "./stand-in.js";
import { dropConflicts, dropRepeats, earlierCases } from "./tune-part.js";
import type { EvalCase } from "./types.js";

export const SONAR_TEXT_COMMIT = "0b8864e116a8e3b1bc2d3b955ebd5b72a7dab8b9";
const CONFIG_DIR = "sonar-text-plugin/src/main/resources/org/sonar/plugins/secrets/configuration/";
const HERE = fileURLToPath(new URL(".", import.meta.url));

interface SonarExample {
  text: string;
  containsSecret: boolean;
  match?: string;
  fileName?: string;
}
interface SonarRule {
  id: string;
  examples?: SonarExample[];
}

/** A line that only annotates the example (`// noncompliant example`, `# Compliant solution`). */
const ANNOTATION =
  /^\s*(?:\/\/|#|<!--)\s*(?:rspec\s+)?(?:non-?)?compliant\s+(?:code\s+)?(?:example|solution)\b.*$/i;

function git(dir: string, ...args: string[]): string {
  return execFileSync("git", ["-C", dir, ...args], { encoding: "utf8", maxBuffer: 64 << 20 });
}

function sonarCases(dir: string): { cases: EvalCase[]; built: number } {
  const files = git(dir, "ls-tree", "-r", "--name-only", SONAR_TEXT_COMMIT, CONFIG_DIR)
    .split("\n")
    .filter((f) => f.endsWith(".yaml"));
  const cases: EvalCase[] = [];
  let built = 0;
  for (const file of files) {
    const vendor = (file.split("/").pop() as string).replace(/\.yaml$/, "").toLowerCase();
    const doc = parse(git(dir, "show", `${SONAR_TEXT_COMMIT}:${file}`)) as {
      provider?: { rules?: SonarRule[] };
    };
    for (const rule of doc.provider?.rules ?? []) {
      for (const [i, ex] of (rule.examples ?? []).entries()) {
        built++;
        const text = ex.text
          .split("\n")
          .filter((l) => !ANNOTATION.test(l))
          .join("\n");
        const label = ex.containsSecret ? "secret" : "lookalike";
        if (label === "lookalike" && ex.fileName !== undefined) continue;
        const at = ex.match === undefined || label === "lookalike" ? -1 : text.indexOf(ex.match);
        const value = at >= 0 ? (ex.match as string) : text;
        if (isStandIn(value) || value.trim().length < 4) continue;
        cases.push({
          id: `sonar-text:${rule.id}:${i}`,
          group: `sonar-text:${rule.id}`,
          source: "sonar-text",
          vendor,
          label,
          text,
          ...(at >= 0 ? { span: [at, at + (ex.match as string).length] as [number, number] } : {}),
        });
      }
    }
  }
  return { cases, built };
}

function main(): void {
  const [sonarDir] = process.argv.slice(2);
  if (sonarDir === undefined) throw new Error("usage: build-s22-frozen.ts <sonar-text git dir>");
  const { cases: fresh, built } = sonarCases(sonarDir);
  const earlier = [
    ...earlierCases("s22-frozen"),
    ...ownLookalikes(),
    ...ownLookalikesV4(),
    ...ownLookalikesV5(),
    ...ownLookalikesV6(),
  ];
  const earlierTexts = new Set(earlier.map((c) => c.text.trim()));
  const unique = dropConflicts(fresh).filter((c) => !earlierTexts.has(c.text.trim()));
  const { kept, dropped } = dropRepeats(unique, earlier);
  const outDir = process.env.TOLLGATE_SECRETS_EVAL_OUT ?? join(HERE, "data");
  mkdirSync(outDir, { recursive: true });
  writeFileSync(join(outDir, "s22-frozen.json"), `${JSON.stringify(kept, null, 1)}\n`);
  const record = {
    file: "data/s22-frozen.json",
    sha256: createHash("sha256").update(JSON.stringify(kept)).digest("hex"),
    cases: kept.length,
    secrets: kept.filter((c) => c.label === "secret").length,
    lookalikes: kept.filter((c) => c.label === "lookalike").length,
    built,
    afterHygiene: fresh.length,
    droppedAsRepeats: fresh.length - unique.length + dropped,
    sources: { "sonar-text": SONAR_TEXT_COMMIT },
    frozenAt: new Date().toISOString(),
  };
  writeFileSync(join(HERE, "frozen-s22.json"), `${JSON.stringify(record, null, 2)}\n`);
  console.log(JSON.stringify(record));
}

if (process.argv[1] !== undefined && import.meta.url.endsWith(process.argv[1].split("/").pop() ?? "")) main();
