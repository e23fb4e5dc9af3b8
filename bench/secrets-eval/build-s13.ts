/**
 * Builds the session-13 tune part of the secret evaluation from public labelled fixtures no earlier part used (see
 * README.md for sources, licences and commits):
 *
 *   npx tsx bench/secrets-eval/build-s13.ts <trivy git dir> <ripsecrets git dir>
 *
 * - trivy (Apache-2.0): its secret scanner's test table (`pkg/fanal/secret/scanner_test.go`). A test run with the
 *   built-in rules (config `skip-test.yaml` or `config.yaml`) names the fixture and the findings it expects; each
 *   expected finding of a built-in rule is a secret, its text the fixture's lines from the finding's first to its
 *   last, its span the characters the expected (masked) lines hide. The custom rules of the test configs (`rule1`,
 *   `multi-line-secret`) are not built-in: skipped. A fixture the built-in rules are expected to find nothing in is
 *   a look-alike, line by line.
 * - ripsecrets (MIT): `test/one_per_line/*` (each line a secret), `test/one_per_file/*` (each file a secret) and
 *   `test/none` (each line a look-alike); lines negative only because of a suppression (`pragma: allowlist secret`,
 *   a value listed in the repository's `.secretsignore`) are dropped (by this project's policy still secrets).
 *
 * Every case is tune (nothing here is frozen). Stand-in values are dropped by the rule build.ts uses (`isStandIn`),
 * on the text alone. A case sharing a 16+ character token with any earlier case (frozen parts included) is dropped;
 * within this part a token may repeat only inside one fixture file. Only counts are printed. Output: `tune-s13.json`
 * in TOLLGATE_SECRETS_EVAL_OUT or `data/` (git-ignored); its sha256 and counts go to `tune-s13-record.json`.
 */
import { execFileSync } from "node:child_process";
import { isStandIn } from "./stand-in.js";
import { dropRepeats, earlierCases, writeTunePart } from "./tune-part.js";
import type { EvalCase } from "./types.js";

export const TRIVY_COMMIT = "dc3c56eed58ab21c7e08d26757c517bc946a86c5";
export const RIPSECRETS_COMMIT = "416e9d04d6ba8941fc3106bf986b6c8aa875767e";
const TRIVY_DIR = "pkg/fanal/secret/";

function git(dir: string, ...args: string[]): string {
  return execFileSync("git", ["-C", dir, ...args], { encoding: "utf8", maxBuffer: 64 << 20 });
}

/** A Go string literal (interpreted `"..."` or raw `` `...` ``) as its value. */
function goString(literal: string): string {
  if (literal.startsWith("`")) return literal.slice(1, -1);
  return JSON.parse(literal.replace(/\\x([0-9a-fA-F]{2})/g, "\\u00$1")) as string;
}

interface ExpectedFinding {
  ruleId: string;
  startLine: number;
  endLine: number;
  /** The masked content of each cause line, by line number. */
  causes: Map<number, string>;
}

const GO_STRING = /("(?:[^"\\\n]|\\.)*"|`[^`]*`)/;

/** The `wantX := types.SecretFinding{...}` declarations of the test file, by name. */
function expectedFindings(source: string): Map<string, ExpectedFinding> {
  const out = new Map<string, ExpectedFinding>();
  for (const m of source.matchAll(/\n\t(\w+) := types\.SecretFinding\{([\s\S]*?)\n\t\}\n/g)) {
    const body = m[2] ?? "";
    const ruleId = /RuleID:\s*"([^"]+)"/.exec(body)?.[1];
    const startLine = Number(/StartLine:\s*(\d+)/.exec(body)?.[1]);
    const endLine = Number(/EndLine:\s*(\d+)/.exec(body)?.[1]);
    if (ruleId === undefined || !startLine || !endLine) continue;
    const causes = new Map<number, string>();
    const lineRe = new RegExp(
      `Number:\\s*(\\d+),\\s*Content:\\s*${GO_STRING.source},[\\s\\S]*?(?=Number:|$)`,
      "g",
    );
    for (const l of body.matchAll(lineRe))
      if (/IsCause:\s*true/.test(l[0])) causes.set(Number(l[1]), goString(l[2] ?? '""'));
    out.set(m[1] ?? "", { ruleId, startLine, endLine, causes });
  }
  return out;
}

/** Rules of trivy's test configs, not built in. */
const CUSTOM_RULES = new Set(["rule1", "multi-line-secret"]);
const BUILTIN_CONFIGS = /"(skip-test|config)\.yaml"/;

interface TrivyTest {
  file: string;
  findings: string[];
  /** `want: types.Secret{}` under `skip-test.yaml` (no allow rule by path): nothing in the file is a secret. */
  expectsNothing: boolean;
}

/** The test table's rows run with the built-in rules: fixture and expected finding names. */
function trivyTests(source: string): TrivyTest[] {
  const table = source.slice(
    source.indexOf("func TestSecretScanner(t"),
    source.indexOf("func TestSecretScannerWith"),
  );
  const rows: TrivyTest[] = [];
  for (const m of table.matchAll(/\n\t\t\{\n\t\t\tname:([\s\S]*?)\n\t\t\},?(?=\n)/g)) {
    const row = m[1] ?? "";
    const config = /configPath:\s*([^\n]+)/.exec(row)?.[1] ?? "";
    const input = /inputFilePath:\s*([^\n]+)/.exec(row)?.[1] ?? "";
    if (!BUILTIN_CONFIGS.test(config)) continue;
    const file = /"([\w.-]+)"\)?,?\s*$/.exec(input.trim())?.[1]?.replace(/^testdata\//, "");
    if (file === undefined) continue;
    const list = /Findings:\s*\[\]types\.SecretFinding\{([\s\S]*?)\}/.exec(row)?.[1] ?? "";
    const expectsNothing = /want:\s*types\.Secret\{\}/.test(row) && config.includes("skip-test");
    rows.push({ file, findings: [...list.matchAll(/\b(want\w+)/g)].map((f) => f[1] ?? ""), expectsNothing });
  }
  return rows;
}

/**
 * The span a masked line hides: the run of `*` it shows where the fixture's line, read with the same text before and
 * after the run, holds something else. A line the test shows cut (a long line) does not line up: none.
 */
function maskedSpan(raw: string, masked: string): [number, number] | undefined {
  const run = /\*{3,}/.exec(masked);
  if (run === null) return undefined;
  const before = masked.slice(0, run.index);
  const after = masked.slice(run.index + run[0].length).split("*")[0] ?? "";
  if (!raw.startsWith(before)) return undefined;
  const end = after === "" ? raw.length : raw.indexOf(after, before.length);
  return end <= before.length ? undefined : [before.length, end];
}

function trivySecret(file: string, text: string, f: ExpectedFinding, name: string): EvalCase | undefined {
  const lines = text.split("\n").map((l) => l.replace(/\r$/, ""));
  const chosen = lines.slice(f.startLine - 1, f.endLine);
  const caseText = chosen.join("\n");
  let span: [number, number] | undefined;
  let offset = 0;
  for (let n = f.startLine; n <= f.endLine; n++) {
    const raw = lines[n - 1] ?? "";
    const masked = f.causes.get(n);
    const s = masked === undefined ? undefined : maskedSpan(raw, masked);
    if (s !== undefined) span = [span?.[0] ?? offset + s[0], offset + s[1]];
    offset += raw.length + 1;
  }
  if (span === undefined || isStandIn(caseText.slice(span[0], span[1]))) return undefined;
  const group = `trivy:${file}`;
  return {
    id: `${group}#${name}`,
    group,
    source: "trivy",
    vendor: f.ruleId,
    label: "secret",
    text: caseText,
    span,
  };
}

function trivyCases(dir: string): EvalCase[] {
  const source = git(dir, "show", `${TRIVY_COMMIT}:${TRIVY_DIR}scanner_test.go`);
  const declared = expectedFindings(source);
  const cases: EvalCase[] = [];
  const seenFiles = new Set<string>();
  for (const test of trivyTests(source)) {
    const text = git(dir, "show", `${TRIVY_COMMIT}:${TRIVY_DIR}testdata/${test.file}`);
    const builtin = test.findings.flatMap((n) => {
      const f = declared.get(n);
      return f === undefined || CUSTOM_RULES.has(f.ruleId) ? [] : [[n, f] as const];
    });
    if (seenFiles.has(test.file)) continue;
    seenFiles.add(test.file);
    if (test.expectsNothing) {
      cases.push(...lineLookalikes(`trivy:${test.file}`, "trivy", test.file, text));
      continue;
    }
    for (const [name, f] of builtin) {
      const c = trivySecret(test.file, text, f, name);
      if (c !== undefined) cases.push(c);
    }
  }
  return cases;
}

function lineLookalikes(
  group: string,
  source: "trivy" | "ripsecrets",
  vendor: string,
  text: string,
): EvalCase[] {
  return text
    .split("\n")
    .map((line, i) => [line.replace(/\r$/, ""), i + 1] as const)
    .filter(([line]) => line.trim() !== "" && !line.trim().startsWith("#"))
    .map(([line, n]) => ({
      id: `${group}:${n}`,
      group,
      source,
      vendor,
      label: "lookalike" as const,
      text: line,
    }));
}

function ripsecretsCases(dir: string): EvalCase[] {
  const show = (path: string) => git(dir, "show", `${RIPSECRETS_COMMIT}:${path}`);
  const ignored = show(".secretsignore")
    .split("\n")
    .slice(show(".secretsignore").split("\n").indexOf("[secrets]") + 1)
    .filter((l) => l.trim() !== "");
  const files = git(dir, "ls-tree", "-r", "--name-only", RIPSECRETS_COMMIT, "test/").split("\n");
  const cases: EvalCase[] = [];
  for (const path of files.filter((p) => p !== "")) {
    const text = show(path);
    const name = path.slice("test/".length);
    const group = `ripsecrets:${name}`;
    const vendor = name.split("/").pop() ?? name;
    if (name === "none") {
      const kept = lineLookalikes(group, "ripsecrets", vendor, text).filter(
        (c) => !/pragma: allowlist secret/.test(c.text) && !ignored.some((s) => c.text.includes(s)),
      );
      cases.push(...kept);
    } else if (name.startsWith("one_per_file/")) {
      if (!isStandIn(text))
        cases.push({ id: group, group, source: "ripsecrets", vendor, label: "secret", text });
    } else
      text.split("\n").forEach((line, i) => {
        if (line.trim() === "" || isStandIn(line)) return;
        const id = `${group}:${i + 1}`;
        cases.push({ id, group, source: "ripsecrets", vendor, label: "secret", text: line });
      });
  }
  return cases;
}

function main(): void {
  const [trivyDir, ripsecretsDir] = process.argv.slice(2);
  if (trivyDir === undefined || ripsecretsDir === undefined)
    throw new Error("usage: build-s13.ts <trivy git dir> <ripsecrets git dir>");
  const { kept, dropped } = dropRepeats(
    [...trivyCases(trivyDir), ...ripsecretsCases(ripsecretsDir)],
    earlierCases("tune-s13"),
  );
  writeTunePart("tune-s13", kept, dropped, { trivy: TRIVY_COMMIT, ripsecrets: RIPSECRETS_COMMIT });
}

if (process.argv[1] !== undefined && import.meta.url.endsWith(process.argv[1].split("/").pop() ?? "")) main();
