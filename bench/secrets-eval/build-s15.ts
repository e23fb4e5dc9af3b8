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
import { isStandIn } from "./stand-in.js";
import { dropConflicts, dropRepeats, earlierCases, writeTunePart } from "./tune-part.js";
import type { EvalCase } from "./types.js";

export const SCALIBR_COMMIT = "c2094f2d68e3994551d9998a54e2e97985a18a39";
const SECRETS_DIR = "veles/secrets/";

function git(dir: string, ...args: string[]): string {
  return execFileSync("git", ["-C", dir, ...args], { encoding: "utf8", maxBuffer: 64 << 20 });
}

const GO_ESCAPES: Record<string, string> = { n: "\n", t: "\t", r: "\r", '"': '"', "\\": "\\", "'": "'" };

/** Reads one Go string literal at `i`; returns its value and the index after it, or undefined. */
function readLiteral(src: string, i: number): { value: string; end: number } | undefined {
  if (src[i] === "`") {
    const close = src.indexOf("`", i + 1);
    return close < 0 ? undefined : { value: src.slice(i + 1, close), end: close + 1 };
  }
  if (src[i] !== '"') return undefined;
  let value = "";
  for (let j = i + 1; j < src.length; j++) {
    const ch = src[j] as string;
    if (ch === '"') return { value, end: j + 1 };
    if (ch === "\n") return undefined;
    if (ch !== "\\") {
      value += ch;
      continue;
    }
    const next = src[j + 1] as string;
    if (next === "x" || next === "u") {
      const width = next === "x" ? 2 : 4;
      value += String.fromCharCode(Number.parseInt(src.slice(j + 2, j + 2 + width), 16));
      j += 1 + width;
    } else if (GO_ESCAPES[next] !== undefined) {
      value += GO_ESCAPES[next];
      j++;
    } else return undefined;
  }
  return undefined;
}

/**
 * Evaluates `a + "b" + strings.Repeat("c", 3)` from `i` up to the first top-level `,` or closing bracket; undefined
 * when any term is something else.
 */
function evalExpr(
  src: string,
  i: number,
  names: ReadonlyMap<string, string>,
): { value: string; end: number } | undefined {
  let value = "";
  let j = i;
  for (;;) {
    while (/\s/.test(src[j] ?? "")) j++;
    const lit = readLiteral(src, j);
    if (lit !== undefined) {
      value += lit.value;
      j = lit.end;
    } else {
      const repeat = /^strings\.Repeat\(\s*/.exec(src.slice(j));
      if (repeat !== null) {
        const unit = readLiteral(src, j + repeat[0].length);
        const count = unit && /^\s*,\s*(\d+)\s*\)/.exec(src.slice(unit.end));
        if (!unit || !count) return undefined;
        value += unit.value.repeat(Number(count[1]));
        j = unit.end + count[0].length;
      } else {
        const name = /^[A-Za-z_][A-Za-z0-9_]*/.exec(src.slice(j));
        const known = name && names.get(name[0]);
        if (!name || known === undefined) return undefined;
        j += name[0].length;
        if (/^[.([]/.test(src[j] ?? "")) return undefined; // a call, a field or a slice
        value += known;
      }
    }
    while (/[ \t]/.test(src[j] ?? "")) j++;
    if (src[j] === "+") {
      j++;
      continue;
    }
    return /^\s*[,)}\n]/.test(src.slice(j)) ? { value, end: j } : undefined;
  }
}

/** File-level `name = expr` and `name string = expr` (in `const`/`var` blocks or alone) that evaluate. */
function fileNames(src: string): Map<string, string> {
  const names = new Map<string, string>();
  const decl = /^\s*(?:(?:const|var)\s+)?([A-Za-z_][A-Za-z0-9_]*)(?:\s+string)?\s*=\s*/gm;
  // Two passes: a constant may be built from one declared after it.
  for (let pass = 0; pass < 2; pass++) {
    for (const m of src.matchAll(decl)) {
      const name = m[1] as string;
      if (names.has(name)) continue;
      const v = evalExpr(src, (m.index ?? 0) + m[0].length, names);
      if (v !== undefined) names.set(name, v.value);
    }
  }
  return names;
}

/** Test functions with their bodies: `func TestX(t *testing.T) {` up to the next top-level `func`. */
function testFunctions(src: string): { name: string; body: string }[] {
  const heads = [...src.matchAll(/^func (Test[A-Za-z0-9_]*)\(/gm)];
  return heads.map((h, k) => ({
    name: h[1] as string,
    body: src.slice(h.index ?? 0, heads[k + 1]?.index ?? src.length),
  }));
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
