/**
 * Builds the session-16 tune part of the secret evaluation: credentials written as code, from three sources no earlier
 * part used (see README.md for their licences and commits):
 *
 *   npx tsx bench/secrets-eval/build-s16.ts <horusec git dir> <bandit git dir> <ruff git dir>
 *
 * - ZupIT/horusec (Apache-2.0): the leaks engine's rule tests and two JavaScript credential rules (MySQL,
 *   PostgreSQL). A rule's vulnerable sample is a secret per expected finding (its span: the expected code sample's
 *   line); its safe sample is a look-alike. Rules that report an identifier (client ids) are skipped.
 * - PyCQA/bandit (Apache-2.0): `examples/hardcoded-passwords.py`. A paragraph whose comment says `Possible hardcoded
 *   password: 'v'` is a secret (span: `v` in its code; comments removed from the text); a paragraph headed
 *   `# ... but not:` is a look-alike; `None` and `''` reports are not values and are skipped.
 * - astral-sh/ruff (MIT): its bandit rules S105/S106/S107 (password string, argument, default): each fixture line the
 *   rule's snapshot reports is a secret (span: the literal at the reported column); each other line holding a quote
 *   is a look-alike.
 *
 * Every case is tune. Decided on the text before any detector ran: stand-ins (`isStandIn`) and reported values under
 * 4 characters dropped; a text labelled both ways, or repeated, dropped; a case sharing a 16+ character token with any
 * earlier case (frozen parts included), or with a case of another group inside a labelled span, dropped. Output: `tune-s16.json` in TOLLGATE_SECRETS_EVAL_OUT or `data/`
 * (git-ignored); its sha256 and counts go to `tune-s16-record.json`.
 */
import { execFileSync } from "node:child_process";
import { isStandIn } from "./stand-in.js";
import { dropConflicts, dropRepeats, earlierCases, TOKEN, writeTunePart } from "./tune-part.js";
import type { EvalCase } from "./types.js";

export const HORUSEC_COMMIT = "873d4104a6aa89be8f86d93db8e416909d9add87";
export const BANDIT_COMMIT = "92080542688902ad1eb6af74cf16939fad767d29";
export const RUFF_COMMIT = "fca5c7cf2cd2f8338f18b9485f936b8e9f07bd0b";

function show(dir: string, commit: string, path: string): string {
  return execFileSync("git", ["-C", dir, "show", `${commit}:${path}`], {
    encoding: "utf8",
    maxBuffer: 64 << 20,
  });
}

/** The `Name = \`...\`` raw-string constants of a Go file. */
function rawConstants(src: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const m of src.matchAll(/\b([A-Za-z0-9_]+)\s*=\s*`([^`]*)`/g)) out.set(m[1] as string, m[2] as string);
  return out;
}

/** Test entries of a horusec rules_test.go function: rule id, sample constant, expected code samples. */
function ruleTests(src: string, fn: string): { id: string; sample: string; codeSamples: string[] }[] {
  const start = src.indexOf(`func ${fn}(`);
  if (start < 0) return [];
  const next = src.indexOf("\nfunc ", start + 1);
  const body = src.slice(start, next < 0 ? src.length : next);
  const heads = [...body.matchAll(/Name:\s*"([^"]+)"/g)];
  return heads.flatMap((h, k) => {
    const entry = body.slice(h.index ?? 0, heads[k + 1]?.index ?? body.length);
    const sample = /Src:\s*([A-Za-z0-9_]+)/.exec(entry)?.[1];
    if (sample === undefined) return [];
    const codeSamples = [...entry.matchAll(/CodeSample:\s*(?:`([^`]*)`|"((?:[^"\\]|\\.)*)")/g)].map(
      (m) => m[1] ?? JSON.parse(`"${m[2]}"`),
    );
    return [{ id: h[1] as string, sample, codeSamples }];
  });
}

/** Rules taken from each horusec engine (the leaks engine: every rule but those reporting an identifier). */
const HORUSEC_ENGINES: Record<string, (id: string) => boolean> = {
  leaks: (id) => !["HS-LEAKS-5", "HS-LEAKS-7", "HS-LEAKS-9", "HS-LEAKS-14"].includes(id),
  javascript: (id) => id === "HS-JAVASCRIPT-35" || id === "HS-JAVASCRIPT-55",
};

/** WordPress's own placeholder line (`put your unique phrase here`), which one leaks sample expects as a finding. */
const PLACEHOLDER_SAMPLE = /put your unique phrase here/;

function horusecCases(dir: string): EvalCase[] {
  const cases: EvalCase[] = [];
  for (const [engine, keep] of Object.entries(HORUSEC_ENGINES)) {
    const base = `internal/services/engines/${engine}`;
    const samples = rawConstants(show(dir, HORUSEC_COMMIT, `${base}/samples.go`));
    const tests = show(dir, HORUSEC_COMMIT, `${base}/rules_test.go`);
    for (const t of ruleTests(tests, "TestRulesVulnerableCode")) {
      const text = samples.get(t.sample);
      if (!keep(t.id) || text === undefined) continue;
      t.codeSamples.forEach((code, i) => {
        const at = text.indexOf(code);
        if (at < 0 || PLACEHOLDER_SAMPLE.test(code)) return;
        const group = `horusec:${engine}:${t.id}`;
        cases.push({
          id: `${group}#${i}`,
          group,
          source: "horusec",
          vendor: t.id,
          label: "secret",
          text,
          span: [at, at + code.length],
        });
      });
    }
    for (const t of ruleTests(tests, "TestRulesSafeCode")) {
      const text = samples.get(t.sample);
      if (!keep(t.id) || text === undefined || text.trim() === "") continue;
      const group = `horusec:${engine}:${t.id}`;
      cases.push({ id: `${group}#safe`, group, source: "horusec", vendor: t.id, label: "lookalike", text });
    }
  }
  return cases;
}

const BANDIT_FILE = "examples/hardcoded-passwords.py";

function banditCases(dir: string): EvalCase[] {
  const src = show(dir, BANDIT_COMMIT, BANDIT_FILE);
  const group = `bandit:${BANDIT_FILE}`;
  const cases: EvalCase[] = [];
  src.split(/\n\s*\n/).forEach((para, i) => {
    const lines = para.split("\n");
    const code = lines.filter((l) => l.trim() !== "" && !l.trim().startsWith("#")).join("\n");
    const report = /Possible hardcoded password: '(.*)'/.exec(para);
    const base = { id: `${group}#${i}`, group, source: "bandit" as const, vendor: "hardcoded-password" };
    if (/# \.\.\. but not:/.test(para) && report === null && code !== "") {
      cases.push({ ...base, label: "lookalike", text: code });
      return;
    }
    if (report === null || code === "") return;
    const value = report[1] as string;
    const at = code.search(new RegExp(`["']${value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}["']`));
    if (value.length < 4 || at < 0) return;
    cases.push({ ...base, label: "secret", text: code, span: [at + 1, at + 1 + value.length] });
  });
  return cases;
}

const RUFF_FIXTURES = "crates/ruff_linter/resources/test/fixtures/flake8_bandit";
const RUFF_SNAPSHOTS = "crates/ruff_linter/src/rules/flake8_bandit/snapshots";

function ruffCases(dir: string): EvalCase[] {
  const cases: EvalCase[] = [];
  for (const rule of ["S105", "S106", "S107"]) {
    const lines = show(dir, RUFF_COMMIT, `${RUFF_FIXTURES}/${rule}.py`).split("\n");
    const snap = show(
      dir,
      RUFF_COMMIT,
      `${RUFF_SNAPSHOTS}/ruff_linter__rules__flake8_bandit__tests__${rule}_${rule}.py.snap`,
    );
    const reported = new Map<number, number>();
    for (const m of snap.matchAll(new RegExp(`--> ${rule}\\.py:(\\d+):(\\d+)`, "g")))
      if (!reported.has(Number(m[1]))) reported.set(Number(m[1]), Number(m[2]));
    const group = `ruff:${rule}`;
    lines.forEach((text, i) => {
      const col = reported.get(i + 1);
      const base = { id: `${group}:${i + 1}`, group, source: "ruff" as const, vendor: rule, text };
      if (col === undefined) {
        if (/["']/.test(text) && !text.trim().startsWith("#")) cases.push({ ...base, label: "lookalike" });
        return;
      }
      const literal = /^(["'])((?:\\.|(?!\1).)*)\1/.exec(text.slice(col - 1));
      if (literal === null || (literal[2] as string).length < 4) return;
      cases.push({ ...base, label: "secret", span: [col - 1, col - 1 + literal[0].length] });
    });
  }
  return cases;
}

function main(): void {
  const [horusecDir, banditDir, ruffDir] = process.argv.slice(2);
  if (ruffDir === undefined || banditDir === undefined || horusecDir === undefined)
    throw new Error("usage: build-s16.ts <horusec git dir> <bandit git dir> <ruff git dir>");
  const fresh = [...horusecCases(horusecDir), ...banditCases(banditDir), ...ruffCases(ruffDir)].filter(
    (c) => !isStandIn(c.span === undefined ? c.text : c.text.slice(c.span[0], c.span[1])),
  );
  // A token no labelled span holds is the samples' boilerplate, not a credential repeated across groups.
  const spans = fresh.flatMap((c) => (c.span ? [c.text.slice(c.span[0], c.span[1])] : [])).join("\n");
  const boilerplate = new Set(
    fresh.flatMap((c) => c.text.match(TOKEN) ?? []).filter((t) => !spans.includes(t)),
  );
  const { kept, dropped } = dropRepeats(dropConflicts(fresh), earlierCases("tune-s16"), boilerplate);
  writeTunePart("tune-s16", kept, dropped, {
    horusec: HORUSEC_COMMIT,
    bandit: BANDIT_COMMIT,
    ruff: RUFF_COMMIT,
  });
}

if (process.argv[1] !== undefined && import.meta.url.endsWith(process.argv[1].split("/").pop() ?? "")) main();
