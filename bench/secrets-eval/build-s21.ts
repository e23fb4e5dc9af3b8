/**
 * Builds the session-21 part of the secret evaluation, from four scanners' labelled tests no earlier part used (see
 * README.md for their licences and commits), and splits it into a FROZEN half and a tune half:
 *
 *   npx tsx bench/secrets-eval/build-s21.ts <IBM detect-secrets git dir> <checkov git dir> <earlybird git dir> \
 *     <eslint-plugin-no-secrets git dir>
 *
 * - IBM/detect-secrets (Apache-2.0): the plugin tests' `parametrize` lists, read by `build-s21-extract.py ibm`.
 * - bridgecrewio/checkov (Apache-2.0): the keyword-entropy plugin's one-line tests (`build-s21-extract.py checkov`);
 *   its sanity fixtures (`sanity/secrets/true_positive.json`: each entry a secret, span its value;
 *   `sanity/non_secrets/true_negative.json` and `sanity/iac_fp/*`: each line a look-alike, as the runner test expects
 *   no finding in them); the files its plugin test reads line by line expecting nothing (a look-alike each).
 * - americanexpress/earlybird (Apache-2.0): `pkg/scan/falsePositives_test.go`, each hit of a credential rule
 *   (password-secret rules and the `key` category) labelled by `wantIsFP` (false: a secret, its line; true: a
 *   look-alike); hits of other rules (PII, infrastructure) skipped.
 * - nickdeis/eslint-plugin-no-secrets (MIT): `tests/lib/rules/no-secrets.ts`, the code its rule must report (a
 *   secret; the file text) and the code it must pass with no option (a look-alike); code that passes only because
 *   of an option (`ignoreContent`, `ignoreIdentifiers`, `ignoreModules`, `additionalDelimiters`, `ignoreCase`)
 *   dropped.
 *
 * Decided on the text before any detector ran: stand-ins (`isStandIn` on the value, or on the text when no span) and
 * values under 4 characters dropped; texts labelled both ways or repeated dropped; a case whose text equals an earlier
 * case's, or that shares a 16+ character token with any earlier case (frozen parts included), or with a case of
 * another group, dropped. Cases sharing a long token share a group, so a value and its forms fall on one side.
 * Split: as build.ts, frozen when the first byte of the sha256 of the case's group is below 128.
 * Output: `s21-frozen.json` and `tune-s21.json` in TOLLGATE_SECRETS_EVAL_OUT or `data/`; records `frozen-s21.json`
 * and `tune-s21-record.json` beside this file.
 */
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { ownLookalikes } from "./own-lookalikes.js";
import { ownLookalikesV4 } from "./own-lookalikes-v4.js";
import { ownLookalikesV5 } from "./own-lookalikes-v5.js";
import { ownLookalikesV6 } from "./own-lookalikes-v6.js";
import { isStandIn } from "./stand-in.js";
import { dropConflicts, dropRepeats, earlierCases, TOKEN } from "./tune-part.js";
import type { EvalCase } from "./types.js";

export const IBM_COMMIT = "076672a9a01abdfc7ecee2e7d14f08cdccb73976";
export const CHECKOV_COMMIT = "03d5fdad8d6154b1565799a7b1fb8070c158866f";
export const EARLYBIRD_COMMIT = "573753e6f39a02293d4a250878e66664aefa674a";
export const NO_SECRETS_COMMIT = "fe95b10ac26be814327bb58ab97935c392adc4a1";

const HERE = fileURLToPath(new URL(".", import.meta.url));

type Source = EvalCase["source"];
interface Extracted {
  vendor: string;
  file: string;
  text: string;
  label: "secret" | "lookalike";
  secret: string | null;
}

function show(dir: string, commit: string, path: string): string {
  return execFileSync("git", ["-C", dir, "show", `${commit}:${path}`], {
    encoding: "utf8",
    maxBuffer: 1 << 26,
  });
}

function toCase(
  source: Source,
  vendor: string,
  where: string,
  label: EvalCase["label"],
  text: string,
  value?: string | null,
): EvalCase {
  const id = `${source}:${where}`;
  const c: EvalCase = { id, group: id, source, vendor, label, text };
  if (value != null && label === "secret") {
    const at = text.indexOf(value);
    if (at >= 0) c.span = [at, at + value.length];
  }
  return c;
}

function extracted(mode: "ibm" | "checkov", dir: string, commit: string, source: Source): EvalCase[] {
  const out = execFileSync("python3", [join(HERE, "build-s21-extract.py"), mode, dir, commit], {
    encoding: "utf8",
    maxBuffer: 1 << 26,
  });
  return (JSON.parse(out) as Extracted[]).map((e, i) =>
    toCase(source, e.vendor, `${e.file}#${i}`, e.label, e.text, e.secret),
  );
}

/** A JSON file of string entries, one case per `"key": "value"` line. */
function jsonLines(dir: string, path: string, label: EvalCase["label"]): EvalCase[] {
  return show(dir, CHECKOV_COMMIT, path)
    .split("\n")
    .map((line) => line.trim().replace(/,$/, ""))
    .flatMap((line, i) => {
      const m = /^"[^"]+"\s*:\s*"(.*)"$/.exec(line);
      if (m === null) return [];
      return [toCase("checkov", "keyword", `${path}:${i + 1}`, label, line, m[1])];
    });
}

function checkovCases(dir: string): EvalCase[] {
  const lines = (path: string) =>
    show(dir, CHECKOV_COMMIT, path)
      .split("\n")
      .flatMap((line, i) =>
        line.trim() === "" || /^[{}[\]]$/.test(line.trim())
          ? []
          : [toCase("checkov", "keyword", `${path}:${i + 1}`, "lookalike", line.trim())],
      );
  const files = [
    "tests/secrets/resources/cfn/secret-no-false-positive.yml",
    "tests/secrets/resources/cfn/secret-no-false-positive2.yml",
    "tests/secrets/resources/k8s/secret-name.yaml",
  ].map((path) => toCase("checkov", "keyword", path, "lookalike", show(dir, CHECKOV_COMMIT, path)));
  return [
    ...extracted("checkov", dir, CHECKOV_COMMIT, "checkov"),
    ...jsonLines(dir, "tests/secrets/sanity/secrets/true_positive.json", "secret"),
    ...jsonLines(dir, "tests/secrets/sanity/non_secrets/true_negative.json", "lookalike"),
    ...lines("tests/secrets/sanity/iac_fp/main.tf"),
    ...lines("tests/secrets/sanity/iac_fp/main.json"),
    ...files,
  ];
}

/** Go string literals of the test table: raw (backquoted) or interpreted (double-quoted, with \" and \\ escapes). */
function goString(literal: string): string {
  if (literal.startsWith("`")) return literal.slice(1, -1);
  return JSON.parse(literal) as string;
}

function earlybirdCases(dir: string): EvalCase[] {
  // The rule files are read as lines (one holds a pattern strict YAML parsers refuse): each `- Code:` and the
  // `Category:` after it.
  const credentialCodes = new Set<number>();
  for (const file of ["password-secret", "content"]) {
    let code: number | undefined;
    for (const line of show(dir, EARLYBIRD_COMMIT, `config/rules/${file}.yaml`).split("\n")) {
      const c = /^\s*- Code:\s*(\d+)/.exec(line);
      if (c !== null) code = Number(c[1]);
      const k = /^\s*Category:\s*(\S+)/.exec(line);
      if (k !== null && code !== undefined && (k[1] === "password-secret" || k[1] === "key"))
        credentialCodes.add(code);
    }
  }
  const src = show(dir, EARLYBIRD_COMMIT, "pkg/scan/falsePositives_test.go");
  const entry =
    /name:\s*("(?:[^"\\]|\\.)*"|`[^`]*`),\s*hit:\s*Hit\{\s*Code:\s*(\d+),\s*Filename:\s*("(?:[^"\\]|\\.)*"|`[^`]*`),\s*(?:MatchValue|LineValue):\s*("(?:[^"\\]|\\.)*"|`[^`]*`),?\s*\},\s*wantIsFP:\s*(true|false)/g;
  const out: EvalCase[] = [];
  for (const m of src.matchAll(entry)) {
    const [, name, code, file, value, fp] = m as unknown as string[];
    if (!credentialCodes.has(Number(code))) continue;
    const text = goString(value as string).trim();
    const label = fp === "true" ? "lookalike" : "secret";
    out.push(
      toCase(
        "earlybird",
        `rule-${code}`,
        `${goString(file as string)}:${goString(name as string)}:${out.length}`,
        label,
        text,
      ),
    );
  }
  return out;
}

/** The rule test's constants (template literals) and which side each is on with no option given. */
function noSecretsCases(dir: string): EvalCase[] {
  const src = show(dir, NO_SECRETS_COMMIT, "tests/lib/rules/no-secrets.ts");
  const constants = new Map<string, string>();
  for (const m of src.matchAll(/const ([A-Z_]+)\s*=\s*`([^`]*)`;/g))
    constants.set(m[1] as string, m[2] as string);
  const secrets = [
    "SECRET_STRING_TEST",
    "A_BEARER_TOKEN",
    "IN_AN_OBJECT",
    "SECRET_LOWERCASE_STRING",
    "COMMENTS_TEST",
  ];
  const lookalikes = ["STRING_TEST", "IMPORT_REQUIRE_TEST", "CSS_CLASSNAME"];
  const out: EvalCase[] = [];
  for (const [names, label] of [
    [secrets, "secret"],
    [lookalikes, "lookalike"],
  ] as const)
    for (const name of names) {
      const text = constants.get(name);
      if (text === undefined) throw new Error(`no-secrets: constant ${name} not found`);
      out.push(toCase("eslint-plugin-no-secrets", "high-entropy", name, label, text.trim()));
    }
  // Written inline in the test: an Authorization header it reports with no option, and a template it passes.
  const basic = /code: `\s*(const BASIC_AUTH_HEADER = [^`]*?)\s*`/.exec(src)?.[1];
  if (basic !== undefined)
    out.push(toCase("eslint-plugin-no-secrets", "high-entropy", "BASIC_AUTH_HEADER", "secret", basic));
  const template = /const TEMPLATE_TEST =\s*"([^"]*)";/.exec(src)?.[1];
  if (template !== undefined)
    out.push(toCase("eslint-plugin-no-secrets", "high-entropy", "TEMPLATE_TEST", "lookalike", template));
  return out;
}

function labelledValue(c: EvalCase): string {
  return c.span === undefined ? c.text : c.text.slice(c.span[0], c.span[1]);
}

/** Cases sharing a long token share a group (the first case's), so one value's forms land on one side of the split. */
function groupBySharedToken(cases: EvalCase[]): EvalCase[] {
  const groupOf = new Map<string, string>();
  return cases.map((c) => {
    const tokens = c.text.match(TOKEN) ?? [];
    const shared = tokens.map((t) => groupOf.get(t)).find((g) => g !== undefined);
    const group = shared ?? c.group;
    for (const t of tokens) if (!groupOf.has(t)) groupOf.set(t, group);
    return { ...c, group };
  });
}

function isFrozen(c: EvalCase): boolean {
  return (createHash("sha256").update(c.group).digest()[0] ?? 255) < 128;
}

function write(name: string, recordName: string, cases: EvalCase[], extra: Record<string, unknown>): void {
  const outDir = process.env.TOLLGATE_SECRETS_EVAL_OUT ?? join(HERE, "data");
  mkdirSync(outDir, { recursive: true });
  writeFileSync(join(outDir, `${name}.json`), `${JSON.stringify(cases, null, 1)}\n`);
  const record = {
    file: `data/${name}.json`,
    sha256: createHash("sha256").update(JSON.stringify(cases)).digest("hex"),
    cases: cases.length,
    secrets: cases.filter((c) => c.label === "secret").length,
    lookalikes: cases.filter((c) => c.label === "lookalike").length,
    ...extra,
  };
  writeFileSync(join(HERE, recordName), `${JSON.stringify(record, null, 2)}\n`);
  console.log(JSON.stringify(record));
}

function main(): void {
  const [ibmDir, checkovDir, earlybirdDir, noSecretsDir] = process.argv.slice(2);
  if (
    ibmDir === undefined ||
    checkovDir === undefined ||
    earlybirdDir === undefined ||
    noSecretsDir === undefined
  )
    throw new Error(
      "usage: build-s21.ts <IBM detect-secrets> <checkov> <earlybird> <eslint-plugin-no-secrets> (git dirs)",
    );
  const fresh = [
    ...extracted("ibm", ibmDir, IBM_COMMIT, "ibm-detect-secrets"),
    ...checkovCases(checkovDir),
    ...earlybirdCases(earlybirdDir),
    ...noSecretsCases(noSecretsDir),
  ].filter((c) => {
    const v = labelledValue(c);
    return !isStandIn(v) && v.trim().length >= 4;
  });
  const earlier = [
    ...earlierCases("s21-frozen"),
    ...ownLookalikes(),
    ...ownLookalikesV4(),
    ...ownLookalikesV5(),
    ...ownLookalikesV6(),
  ];
  const earlierTexts = new Set(earlier.map((c) => c.text.trim()));
  const grouped = groupBySharedToken(dropConflicts(fresh).filter((c) => !earlierTexts.has(c.text.trim())));
  const { kept, dropped } = dropRepeats(grouped, earlier);
  const sources = {
    "ibm-detect-secrets": IBM_COMMIT,
    checkov: CHECKOV_COMMIT,
    earlybird: EARLYBIRD_COMMIT,
    "eslint-plugin-no-secrets": NO_SECRETS_COMMIT,
  };
  const extra = { built: fresh.length, droppedAsRepeats: fresh.length - grouped.length + dropped, sources };
  write("s21-frozen", "frozen-s21.json", kept.filter(isFrozen), {
    ...extra,
    frozenAt: new Date().toISOString(),
  });
  write(
    "tune-s21",
    "tune-s21-record.json",
    kept.filter((c) => !isFrozen(c)),
    extra,
  );
}

if (process.argv[1] !== undefined && import.meta.url.endsWith(process.argv[1].split("/").pop() ?? "")) main();
