/**
 * Builds the session-22 tune part of the secret evaluation from a scanner no earlier part used (see README.md for
 * the source, its licence and commit):
 *
 *   npx tsx bench/secrets-eval/build-s22-tune.ts <trufflehog git dir>
 *
 * - trufflesecurity/trufflehog (AGPL-3.0: the cases stay out of the repository, only this builder and the hash are
 *   committed), its detectors' pattern tests (`pkg/detectors/**\/*_test.go`, functions `Test*_Pattern`): every table
 *   row whose `want` names a value is a secret (span: the first wanted value found whole in the input; none when
 *   none is, as when the wanted value joins an id and a secret). Rows are read without running Go (`go-expr.ts`:
 *   literals, names bound to them, `+`, `strings.Repeat`, `fmt.Sprintf`); any other expression drops the row.
 * - Rows whose `want` is empty are NOT taken: they are negative for one detector (a value with a character its regex
 *   refuses, `API_KEY=<value>` with the vendor's name out of its keyword window), and most are credentials by this
 *   project's policy. So this part measures recall only; false positives are tuned on the other tune parts.
 *
 * Decided on the text before any detector ran: stand-ins (`isStandIn` on the wanted value, or on the text when no
 * span) and values under 4 characters dropped; texts repeated dropped; a case whose text equals an earlier case's, or
 * that shares a 16+ character token with any earlier case (every earlier part, the sixth frozen part included) or with
 * a case of another detector, dropped. One group per detector folder; every case is tune.
 * Output: `tune-s22.json` in TOLLGATE_SECRETS_EVAL_OUT or `data/`; record `tune-s22-record.json` beside this file.
 */
import { execFileSync } from "node:child_process";
import { evalGoExpr, fileNames, testFunctions } from "./go-expr.js";
import { ownLookalikes } from "./own-lookalikes.js";
import { ownLookalikesV4 } from "./own-lookalikes-v4.js";
import { ownLookalikesV5 } from "./own-lookalikes-v5.js";
import { ownLookalikesV6 } from "./own-lookalikes-v6.js";
import { isStandIn } from "./stand-in.js";
import { dropConflicts, dropRepeats, earlierCases, writeTunePart } from "./tune-part.js";
import type { EvalCase } from "./types.js";

export const TRUFFLEHOG_COMMIT = "3ab759fef4bb5935d4fe9ac68b503d05346b8364";
const DETECTORS_DIR = "pkg/detectors/";
const OPTS = { sprintf: true, shortDeclarations: true } as const;

function git(dir: string, ...args: string[]): string {
  return execFileSync("git", ["-C", dir, ...args], { encoding: "utf8", maxBuffer: 64 << 20 });
}

/** The values of a `want: []string{a, b + c}` literal at the start of `text`; undefined when one does not evaluate. */
function wantValues(text: string, names: ReadonlyMap<string, string>): string[] | undefined {
  const open = /^want:\s*\[\]string\{/.exec(text);
  if (open === null) return /^want:\s*nil\b/.test(text) ? [] : undefined;
  const values: string[] = [];
  let k = open[0].length;
  for (;;) {
    while (/[\s,]/.test(text[k] ?? "")) k++;
    if (text[k] === "}") return values;
    const v = evalGoExpr(text, k, names, OPTS);
    if (v === undefined) return undefined;
    values.push(v.value);
    k = v.end;
  }
}

/**
 * Where the first wanted value stands in the input; none when no wanted value stands there whole (a detector's
 * `RawV2` joins an id and a secret: which part is the credential is not said, so any secret finding counts).
 */
function spanOf(input: string, want: readonly string[]): [number, number] | undefined {
  for (const w of want) {
    const at = input.indexOf(w);
    if (at >= 0) return [at, at + w.length];
  }
  return undefined;
}

function fileCases(path: string, src: string): EvalCase[] {
  const names = fileNames(src, OPTS);
  const vendor = path.slice(DETECTORS_DIR.length).split("/")[0] as string;
  const group = `trufflehog:${vendor}`;
  const cases: EvalCase[] = [];
  for (const fn of testFunctions(src)) {
    if (!fn.name.endsWith("_Pattern")) continue;
    const starts = [...fn.body.matchAll(/\binput:\s*/g)];
    starts.forEach((m, i) => {
      const input = evalGoExpr(fn.body, (m.index ?? 0) + m[0].length, names, OPTS);
      if (input === undefined || input.value.trim() === "") return;
      const rest = fn.body.slice(input.end, starts[i + 1]?.index ?? fn.body.length);
      const wantAt = rest.search(/\bwant:\s*/);
      const want = wantAt < 0 ? undefined : wantValues(rest.slice(wantAt), names);
      if (want === undefined || want.length === 0) return;
      const span = spanOf(input.value, want);
      const value = span === undefined ? input.value : input.value.slice(span[0], span[1]);
      if (isStandIn(value) || value.trim().length < 4) return;
      cases.push({
        id: `${group}:${path.slice(DETECTORS_DIR.length)}:${fn.name}#${i}`,
        group,
        source: "trufflehog",
        vendor,
        label: "secret",
        text: input.value,
        ...(span === undefined ? {} : { span }),
      });
    });
  }
  return cases;
}

function main(): void {
  const [dir] = process.argv.slice(2);
  if (dir === undefined) throw new Error("usage: build-s22-tune.ts <trufflehog git dir>");
  const files = git(dir, "ls-tree", "-r", "--name-only", TRUFFLEHOG_COMMIT, DETECTORS_DIR)
    .split("\n")
    .filter((f) => f.endsWith("_test.go") && !f.endsWith("_integration_test.go"));
  const fresh = dropConflicts(
    files.flatMap((f) => fileCases(f, git(dir, "show", `${TRUFFLEHOG_COMMIT}:${f}`))),
  );
  const earlier = [
    ...earlierCases("tune-s22"),
    ...ownLookalikes(),
    ...ownLookalikesV4(),
    ...ownLookalikesV5(),
    ...ownLookalikesV6(),
  ];
  const earlierTexts = new Set(earlier.map((c) => c.text.trim()));
  const unique = fresh.filter((c) => !earlierTexts.has(c.text.trim()));
  const { kept, dropped } = dropRepeats(unique, earlier);
  writeTunePart("tune-s22", kept, fresh.length - unique.length + dropped, { trufflehog: TRUFFLEHOG_COMMIT });
}

if (process.argv[1] !== undefined && import.meta.url.endsWith(process.argv[1].split("/").pop() ?? "")) main();
