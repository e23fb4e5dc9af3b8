/**
 * Builds the session-15 tune part of the secret evaluation from a scanner no earlier part used (see README.md for the
 * source, its licence and commit):
 *
 *   npx tsx bench/secrets-eval/build-s15.ts <osv-scalibr git dir>
 *
 * - google/osv-scalibr (Apache-2.0), its secret detectors (`veles/secrets/**`): every detector test's table rows.
 *   A row of a test function named `...truePositive...` whose `want` names a secret is a secret (its span: the first
 *   value of the `want` literal found in the input); a row of a `...trueNegative...` function is a look-alike. Rows
 *   are read without running Go: an `input` is kept only when it is string literals, file-level constants made of
 *   them, and `strings.Repeat` of them joined by `+`; any other expression (fmt.Sprintf, slicing, calls) drops the
 *   row. One group per test file.
 *
 * Every case is tune (nothing here is frozen). Stand-in values are dropped by the rule build.ts uses (`isStandIn`),
 * on the text alone, before any detector runs; so are empty inputs. A case sharing a 16+ character token with any
 * earlier case (frozen parts included) is dropped. Only counts are printed. Output: `tune-s15.json` in
 * TOLLGATE_SECRETS_EVAL_OUT or `data/` (git-ignored); its sha256 and counts go to `tune-s15-record.json`.
 */
import { execFileSync } from "node:child_process";
import { evalGoExpr as evalExpr, fileNames, testFunctions } from "./go-expr.js";
import { isStandIn } from "./stand-in.js";
import { dropConflicts, dropRepeats, earlierCases, writeTunePart } from "./tune-part.js";
import type { EvalCase } from "./types.js";

export const SCALIBR_COMMIT = "c2094f2d68e3994551d9998a54e2e97985a18a39";
const SECRETS_DIR = "veles/secrets/";

function git(dir: string, ...args: string[]): string {
  return execFileSync("git", ["-C", dir, ...args], { encoding: "utf8", maxBuffer: 64 << 20 });
}

/** The table rows of one test body: each `input:` with the `want:` block after it, up to the next `input:`. */
function rows(
  body: string,
  names: ReadonlyMap<string, string>,
): { input: string; want: string[]; hasWant: boolean }[] {
  const out: { input: string; want: string[]; hasWant: boolean }[] = [];
  const starts = [...body.matchAll(/\binput:\s*/g)];
  starts.forEach((m, k) => {
    const at = (m.index ?? 0) + m[0].length;
    const input = evalExpr(body, at, names);
    if (input === undefined) return;
    const rest = body.slice(input.end, starts[k + 1]?.index ?? body.length);
    const wantAt = rest.search(/\bwant:\s*/);
    const wantText = wantAt < 0 ? "" : rest.slice(wantAt);
    const hasWant = wantAt >= 0 && !/^want:\s*(nil|\[\]veles\.Secret\{\})/.test(wantText);
    const want: string[] = [];
    for (const f of wantText.matchAll(/\b[A-Z][A-Za-z0-9]*:\s*/g)) {
      const v = evalExpr(wantText, (f.index ?? 0) + f[0].length, names);
      if (v !== undefined && v.value.length >= 4) want.push(v.value);
    }
    out.push({ input: input.value, want, hasWant });
  });
  return out;
}

function fileCases(path: string, src: string): EvalCase[] {
  const names = fileNames(src);
  const vendor = path.slice(SECRETS_DIR.length).split("/").slice(0, -1).join("/");
  const group = `osv-scalibr:${path}`;
  const cases: EvalCase[] = [];
  for (const fn of testFunctions(src)) {
    const positive = /truepositive/i.test(fn.name);
    if (!positive && !/truenegative/i.test(fn.name)) continue;
    rows(fn.body, names).forEach((row, i) => {
      if (row.input.trim() === "" || isStandIn(row.input)) return;
      const id = `${group}:${fn.name}#${i}`;
      if (!positive) {
        if (!row.hasWant)
          cases.push({ id, group, source: "osv-scalibr", vendor, label: "lookalike", text: row.input });
        return;
      }
      if (!row.hasWant) return;
      const value = row.want.find((w) => row.input.includes(w));
      const c: EvalCase = { id, group, source: "osv-scalibr", vendor, label: "secret", text: row.input };
      if (value !== undefined) {
        const start = row.input.indexOf(value);
        c.span = [start, start + value.length];
      }
      cases.push(c);
    });
  }
  return cases;
}

function scalibrCases(dir: string): EvalCase[] {
  const files = git(dir, "ls-tree", "-r", "--name-only", SCALIBR_COMMIT, SECRETS_DIR)
    .split("\n")
    .filter((f) => f.endsWith("detector_test.go"));
  return dropConflicts(files.flatMap((f) => fileCases(f, git(dir, "show", `${SCALIBR_COMMIT}:${f}`))));
}

function main(): void {
  const [scalibrDir] = process.argv.slice(2);
  if (scalibrDir === undefined) throw new Error("usage: build-s15.ts <osv-scalibr git dir>");
  const { kept, dropped } = dropRepeats(scalibrCases(scalibrDir), earlierCases("tune-s15"));
  writeTunePart("tune-s15", kept, dropped, { "osv-scalibr": SCALIBR_COMMIT });
}

if (process.argv[1] !== undefined && import.meta.url.endsWith(process.argv[1].split("/").pop() ?? "")) main();
