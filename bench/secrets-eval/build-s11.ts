/**
 * Builds the session-11 tune parts of the secret evaluation from public labelled fixtures no earlier part used (see
 * README.md for sources, licences and commits):
 *
 *   npx tsx bench/secrets-eval/build-s11.ts <kingfisher git dir> <noseyparker git dir> <whispers git dir>
 *
 * - kingfisher (Apache-2.0) at the commit build.ts read: the rule files of vendors OUTSIDE gitleaks' default
 *   configuration (build.ts took only those inside it), `examples` as secrets, `negative_examples` as look-alikes;
 *   helper rules (`visible: false`) skipped.
 * - noseyparker (Apache-2.0): every built-in rule's `examples` and `negative_examples`, but rules filed as an
 *   `identifier` and not a `secret` (buckets, ARNs, client ids, hosts).
 * - whispers (Apache-2.0): the fixtures of its value test, labelled as that test labels them (whispersCases).
 *
 * Every case is tune (nothing here is frozen). Stand-in values are dropped by the same rule as build.ts
 * (`isStandIn`), on the text alone. A case that shares a 16+ character token with ANY earlier case (frozen parts
 * included: noseyparker and kingfisher share many examples) is dropped, so no tune case repeats a frozen one; only
 * the count is printed, never the cases. Output: `tune-s11.json` in TOLLGATE_SECRETS_EVAL_DATA or `data/` (git-ignored);
 * its sha256 and counts go to `tune-s11-record.json` (committed), so a rebuild is checked to be the same set.
 */
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parse } from "yaml";
import { KINGFISHER_VENDORS } from "./build.js";
import { ownLookalikesV2 } from "./own-lookalikes-v2.js";
import { ownLookalikesV3 } from "./own-lookalikes-v3.js";
import { isStandIn } from "./stand-in.js";
import type { EvalCase } from "./types.js";

const HERE = fileURLToPath(new URL(".", import.meta.url));
export const KINGFISHER_COMMIT = "ee7c0db3ef87575768f817820c24736249ffcdef";
export const NOSEYPARKER_COMMIT = "2e6e7f36ce36619852532bbe698d8cb7a26d2da7";
const NOSEYPARKER_RULES = "crates/noseyparker/data/default/builtin/rules/";

function git(dir: string, ...args: string[]): string {
  return execFileSync("git", ["-C", dir, ...args], { encoding: "utf8", maxBuffer: 64 << 20 });
}

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

/** The cases of one rule file (one group per rule), source-tagged. */
function ruleCases(doc: RuleDoc, source: "kingfisher" | "noseyparker", vendor: string): EvalCase[] {
  const cases: EvalCase[] = [];
  for (const rule of doc.rules ?? []) {
    if (rule.visible === false) continue;
    // noseyparker's own label: a rule filed as an identifier and not as a secret finds a bucket, an ARN, a client id
    // or a host (what kingfisher marks `visible: false`).
    const categories = rule.categories ?? [];
    if (categories.includes("identifier") && !categories.includes("secret")) continue;
    const group = `${source}:${rule.id}`;
    (rule.examples ?? []).forEach((text, i) => {
      if (!isStandIn(text)) cases.push({ id: `${group}#${i}`, group, source, vendor, label: "secret", text });
    });
    [...(rule.negative_examples ?? []), ...(rule.non_examples ?? [])].forEach((text, i) => {
      cases.push({ id: `${group}#neg${i}`, group, source, vendor, label: "lookalike", text });
    });
  }
  return cases;
}

function kingfisherRest(dir: string): EvalCase[] {
  const used = new Set(KINGFISHER_VENDORS);
  const files = git(dir, "ls-tree", "--name-only", KINGFISHER_COMMIT, "data/rules/").split("\n");
  return files
    .filter((f) => f.endsWith(".yml"))
    .flatMap((f) => {
      const vendor = f.slice("data/rules/".length, -4);
      if (used.has(vendor)) return [];
      return ruleCases(parse(git(dir, "show", `${KINGFISHER_COMMIT}:${f}`)) as RuleDoc, "kingfisher", vendor);
    });
}

function noseyparker(dir: string): EvalCase[] {
  const files = git(dir, "ls-tree", "--name-only", NOSEYPARKER_COMMIT, NOSEYPARKER_RULES).split("\n");
  return files
    .filter((f) => f.endsWith(".yml"))
    .flatMap((f) => {
      const vendor = f.slice(NOSEYPARKER_RULES.length, -4);
      return ruleCases(
        parse(git(dir, "show", `${NOSEYPARKER_COMMIT}:${f}`)) as RuleDoc,
        "noseyparker",
        vendor,
      );
    });
}

/**
 * whispers (Apache-2.0): the fixtures its value test runs (`tests/unit/test_secrets.py`, `test_detection_by_value`),
 * with that test's own label: every value it reports in a fixture holds the word "hardcoded", and a fixture it
 * expects nothing from holds none. So each word holding "hardcoded" in a fixture of a non-zero count is a secret
 * (the span is that word; not a word inside a key), and a fixture of count 0 is a look-alike as a whole. Credit-card
 * fixtures are not credentials, and the HTML fixture's findings are comments (its `comments` rule): both skipped.
 */
const WHISPERS_FIXTURES: readonly [string, number][] = [
  ["custom.yml", 0],
  ["custom.json", 0],
  ["custom.xml", 0],
  ["hardcoded.yml", 5],
  ["hardcoded.json", 5],
  ["hardcoded.xml", 5],
  ["passwords.yml", 4],
  ["passwords.json", 4],
  ["passwords.xml", 4],
  ["placeholders.yml", 0],
  ["placeholders.json", 0],
  ["placeholders.xml", 0],
  ["apikeys.yml", 10],
  ["apikeys.json", 10],
  ["apikeys.xml", 10],
  [".npmrc", 3],
  [".pypirc", 1],
  ["pip.conf", 2],
  ["integration.conf", 5],
  ["integration.yml", 5],
  ["integration.json", 5],
  ["integration.xml", 5],
  ["settings.conf", 1],
  ["settings.cfg", 1],
  ["settings.ini", 1],
  ["settings.env", 1],
  ["Dockerfile", 3],
  [".dockercfg", 1],
  ["empty.dockercfg", 0],
  ["beans.xml", 3],
  ["jdbc.xml", 3],
  [".htpasswd", 2],
  [".aws/credentials", 3],
  ["falsepositive.yml", 4],
  ["language.sh", 14],
  ["language.py", 11],
  ["language.py2", 0],
  ["language.js", 4],
  ["language.java", 3],
  ["language.go", 9],
  ["language.php", 4],
  ["plaintext.txt", 2],
  ["uri.yml", 2],
  ["java.properties", 3],
  ["webhooks.yml", 3],
  ["gitkeys.yml", 5],
];
export const WHISPERS_COMMIT = "5832bf74dcb127128ba653ed87601c927124b5aa";
const HARDCODED_WORD = /[^\s"'<>=:,;()[\]{}`]*hardcoded[^\s"'<>=:,;()[\]{}`]*/gi;

function whispersCases(dir: string): EvalCase[] {
  const cases: EvalCase[] = [];
  for (const [file, count] of WHISPERS_FIXTURES) {
    const text = git(dir, "show", `${WHISPERS_COMMIT}:tests/fixtures/${file}`);
    const group = `whispers:${file}`;
    if (count === 0) {
      cases.push({ id: group, group, source: "whispers", vendor: file, label: "lookalike", text });
      continue;
    }
    for (const m of text.matchAll(HARDCODED_WORD)) {
      // The word inside a key (`01_hardcoded_password:`, `<key>hardcoded</key>`) names the key, not a value.
      const after = text.slice(m.index + m[0].length, m.index + m[0].length + 8);
      if (/^["']?[ \t]*[:=]/.test(after) || after.startsWith("</key>") || after.startsWith("</name>"))
        continue;
      const span: [number, number] = [m.index, m.index + m[0].length];
      cases.push({
        id: `${group}@${span[0]}`,
        group,
        source: "whispers",
        vendor: file,
        label: "secret",
        text,
        span,
      });
    }
  }
  return cases;
}

const TOKEN = /[A-Za-z0-9_\-+/=.]{16,}/g;

/** Drops cases sharing a long token with an earlier case (or with one kept before them); returns the count dropped. */
function dropRepeats(fresh: EvalCase[], earlier: readonly EvalCase[]): { kept: EvalCase[]; dropped: number } {
  const seen = earlier.map((c) => c.text).join("\n");
  // Token -> the id of the whispers fixture that first kept it (its cases, one per span, share the file's text), or "".
  const keptTokens = new Map<string, string>();
  const kept: EvalCase[] = [];
  for (const c of fresh) {
    const tokens = c.text.match(TOKEN) ?? [];
    const repeat =
      seen.includes(c.text) ||
      tokens.some(
        (t) =>
          (keptTokens.has(t) && (keptTokens.get(t) !== c.group || c.source !== "whispers")) ||
          seen.includes(t),
      );
    if (repeat) continue;
    for (const t of tokens) if (!keptTokens.has(t)) keptTokens.set(t, c.group);
    kept.push(c);
  }
  return { kept, dropped: fresh.length - kept.length };
}

function earlierCases(dataDir: string): EvalCase[] {
  const files = ["frozen.json", "tune.json", "detect-secrets-frozen.json", "detect-secrets-tune.json"];
  const missing = files.filter((f) => !existsSync(join(dataDir, f)));
  if (missing.length > 0)
    throw new Error(`build-s11: earlier parts missing in ${dataDir}: ${missing.join(", ")}`);
  return [
    ...files.flatMap((f) => JSON.parse(readFileSync(join(dataDir, f), "utf8")) as EvalCase[]),
    ...ownLookalikesV2(),
    ...ownLookalikesV3(),
  ];
}

function main(): void {
  const [kingfisherDir, noseyparkerDir, whispersDir] = process.argv.slice(2);
  if (kingfisherDir === undefined || noseyparkerDir === undefined || whispersDir === undefined)
    throw new Error("usage: build-s11.ts <kingfisher git dir> <noseyparker git dir> <whispers git dir>");
  const earlierDir = process.env.TOLLGATE_SECRETS_EVAL_DATA ?? join(HERE, "data");
  const { kept, dropped } = dropRepeats(
    [...kingfisherRest(kingfisherDir), ...noseyparker(noseyparkerDir), ...whispersCases(whispersDir)],
    earlierCases(earlierDir),
  );
  const outDir = process.env.TOLLGATE_SECRETS_EVAL_OUT ?? join(HERE, "data");
  mkdirSync(outDir, { recursive: true });
  writeFileSync(join(outDir, "tune-s11.json"), `${JSON.stringify(kept, null, 1)}\n`);
  const count = (label: string) => kept.filter((c) => c.label === label).length;
  const record = {
    file: "data/tune-s11.json",
    sha256: createHash("sha256").update(JSON.stringify(kept)).digest("hex"),
    cases: kept.length,
    secrets: count("secret"),
    lookalikes: count("lookalike"),
    droppedAsRepeats: dropped,
    sources: { kingfisher: KINGFISHER_COMMIT, noseyparker: NOSEYPARKER_COMMIT, whispers: WHISPERS_COMMIT },
  };
  writeFileSync(join(HERE, "tune-s11-record.json"), `${JSON.stringify(record, null, 2)}\n`);
  console.log(JSON.stringify(record));
}

if (process.argv[1] !== undefined && import.meta.url.endsWith(process.argv[1].split("/").pop() ?? "")) main();
