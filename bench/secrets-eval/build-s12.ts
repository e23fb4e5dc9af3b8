/**
 * Builds the session-12 tune part of the secret evaluation from public labelled fixtures no earlier part used (see
 * README.md for sources, licences and commits):
 *
 *   npx tsx bench/secrets-eval/build-s12.ts <CredSweeper git dir> <gosec git dir>
 *
 * - CredSweeper (MIT): the findings its test suite expects on its sample files (`tests/data/output.json`, the default
 *   scan with its ML filter) are secrets, each with the span of its value; the lines of the samples its authors mark
 *   as negatives (files named `_n`, `_f`, `_fp`, `FALSE`, `false_positive`, `pass_filtered`, `n.encrypted`; lines
 *   after a `# FP` header or ending with `FP`) that the expected output does not report are look-alikes.
 *   Identifier rules (UUID, client and app ids, buckets, domains, salts, nonces) are not credentials here: skipped.
 * - gosec (Apache-2.0): the code samples of its hard-coded credential rule (`testutils/g101_samples.go`), labelled by
 *   the issue count the test expects (1: secret, 0: look-alike); samples negative only because of a suppression
 *   comment (`#nosec`, `gosec:disable`) are dropped (by this project's policy the value is still a secret).
 *
 * Every case is tune (nothing here is frozen). Stand-in values are dropped by the rule build.ts uses (`isStandIn`), on
 * the text alone. A case sharing a 16+ character token with any earlier case (frozen parts included) is dropped; within
 * this part a token may repeat only inside one fixture file (gosec's samples and CredSweeper's files reuse one value
 * across syntaxes, which is what they test). Only counts are printed. Output: `tune-s12.json` in
 * TOLLGATE_SECRETS_EVAL_DATA or `data/` (git-ignored); its sha256 and counts go to `tune-s12-record.json` (committed).
 */
import { execFileSync } from "node:child_process";
import { isStandIn } from "./stand-in.js";
import { dropRepeats, earlierCases, writeTunePart } from "./tune-part.js";
import type { EvalCase } from "./types.js";

export const CREDSWEEPER_COMMIT = "1ed2ca5cdd480667b938024464a37589b9af8564";
export const GOSEC_COMMIT = "45b083a0cb42119d61b1e0e364d8c62c68f6f5cd";

function git(dir: string, ...args: string[]): string {
  return execFileSync("git", ["-C", dir, ...args], { encoding: "utf8", maxBuffer: 64 << 20 });
}

interface LineData {
  line: string;
  line_num: number;
  path: string;
  value: string;
  value_start: number;
  value_end: number;
}
interface Finding {
  rule: string;
  line_data_list: LineData[];
}

/** CredSweeper rules that find an identifier or a public value, not a credential (this project's policy). */
const IDENTIFIER_RULES = new Set([
  "UUID",
  "AWS Client ID",
  "AWS S3 Bucket",
  "Firebase Domain",
  "Tencent WeChat API App ID",
  "Square Client ID",
  "Salt",
  "Nonce",
]);

/** Sample files CredSweeper's authors name as negatives (every line not reported is a look-alike). */
const NEGATIVE_FILE = /(_n|_f|_fp|_FALSE|^false_positive|^pass_filtered|\.n\.encrypted\.\d)(\.\w+)?$/;

function baseName(path: string): string {
  return path.split("/").pop() ?? path;
}

/** One secret case per expected finding: its lines joined, the span from its first value to its last. */
function credsweeperSecret(f: Finding, i: number): EvalCase | undefined {
  const lines = f.line_data_list;
  const first = lines[0];
  if (first === undefined || IDENTIFIER_RULES.has(f.rule)) return undefined;
  if (lines.some((ld) => isStandIn(ld.value))) return undefined;
  const texts = [...new Set(lines.map((ld) => ld.line))];
  const text = texts.join("\n");
  const offsetOf = (ld: LineData): number => {
    const lineStart = text.indexOf(ld.line);
    const inLine =
      ld.line.slice(ld.value_start, ld.value_end) === ld.value ? ld.value_start : ld.line.indexOf(ld.value);
    return inLine < 0 ? -1 : lineStart + inLine;
  };
  const starts = lines.map(offsetOf);
  if (starts.some((s) => s < 0)) return undefined;
  const last = lines[lines.length - 1] as LineData;
  const span: [number, number] = [Math.min(...starts), Math.max(...starts) + last.value.length];
  const file = baseName(first.path);
  const group = `credsweeper:${file}`;
  return { id: `${group}#${i}`, group, source: "credsweeper", vendor: f.rule, label: "secret", text, span };
}

/** The look-alike lines of one sample file: all of a negative file's, or those under `# FP` / ending in `FP`. */
function negativeLines(file: string, text: string, reported: ReadonlySet<number>): [number, string][] {
  const out: [number, string][] = [];
  const wholeFile = NEGATIVE_FILE.test(file);
  let underFpHeader = false;
  text.split(/\r?\n/).forEach((line, index) => {
    const lineNum = index + 1;
    const trimmed = line.trim();
    if (trimmed === "" || /^#\s*TP\b/.test(trimmed)) {
      underFpHeader = false;
      return;
    }
    if (/^#\s*FP:?$/.test(trimmed)) {
      underFpHeader = true;
      return;
    }
    const marked = /\s[#-]\s*FP$/.test(trimmed);
    if ((wholeFile || underFpHeader || marked) && !reported.has(lineNum)) out.push([lineNum, line]);
  });
  return out;
}

function credsweeperCases(dir: string): EvalCase[] {
  const expected = JSON.parse(git(dir, "show", `${CREDSWEEPER_COMMIT}:tests/data/output.json`)) as Finding[];
  const secrets = expected.flatMap((f, i) => credsweeperSecret(f, i) ?? []);
  const reported = new Map<string, Set<number>>();
  for (const f of expected)
    for (const ld of f.line_data_list) {
      const file = baseName(ld.path);
      reported.set(file, (reported.get(file) ?? new Set()).add(ld.line_num));
    }
  const files = git(dir, "ls-tree", "--name-only", CREDSWEEPER_COMMIT, "tests/samples/").split("\n");
  const lookalikes: EvalCase[] = [];
  for (const path of files.filter((p) => p !== "")) {
    const file = baseName(path);
    const text = git(dir, "show", `${CREDSWEEPER_COMMIT}:${path}`);
    if (text.includes("\u0000")) continue;
    const group = `credsweeper:${file}`;
    // An encrypted key is one look-alike as a whole (its lines are not cases of their own).
    if (/\.n\.encrypted\.\d$/.test(file)) {
      if (!reported.has(file))
        lookalikes.push({ id: group, group, source: "credsweeper", vendor: file, label: "lookalike", text });
      continue;
    }
    for (const [lineNum, line] of negativeLines(file, text, reported.get(file) ?? new Set()))
      lookalikes.push({
        id: `${group}:${lineNum}`,
        group,
        source: "credsweeper",
        vendor: file,
        label: "lookalike",
        text: line,
      });
  }
  return [...secrets, ...lookalikes];
}

/** gosec's G101 samples: `{[]string{`code`}, count, gosec.NewConfig()}`. */
function gosecCases(dir: string): EvalCase[] {
  const source = git(dir, "show", `${GOSEC_COMMIT}:testutils/g101_samples.go`);
  const cases: EvalCase[] = [];
  const group = "gosec:g101";
  let i = 0;
  for (const m of source.matchAll(/\{\[\]string\{`([\s\S]*?)`\}, (\d+), gosec\.NewConfig\(\)\}/g)) {
    const text = (m[1] ?? "").trim();
    const label = m[2] === "0" ? "lookalike" : "secret";
    i += 1;
    if (/#nosec|gosec:disable/.test(text)) continue;
    if (label === "secret" && isStandIn(text)) continue;
    cases.push({ id: `${group}#${i}`, group, source: "gosec", vendor: "g101", label, text });
  }
  return cases;
}

function main(): void {
  const [credsweeperDir, gosecDir] = process.argv.slice(2);
  if (credsweeperDir === undefined || gosecDir === undefined)
    throw new Error("usage: build-s12.ts <CredSweeper git dir> <gosec git dir>");
  const { kept, dropped } = dropRepeats(
    [...credsweeperCases(credsweeperDir), ...gosecCases(gosecDir)],
    earlierCases("tune-s12"),
  );
  writeTunePart("tune-s12", kept, dropped, { credsweeper: CREDSWEEPER_COMMIT, gosec: GOSEC_COMMIT });
}

if (process.argv[1] !== undefined && import.meta.url.endsWith(process.argv[1].split("/").pop() ?? "")) main();
