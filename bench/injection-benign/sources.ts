/**
 * The benign development set for the injection family (session 9): benign text in quantity and variety that neither
 * the eval set's test split nor the blind set (bench/heldout-v2) holds, and that the learned model did not train on,
 * so the rules' false positives and the model's can be measured and chosen on before any held-out run.
 *
 * Read in place at run time (never copied into the project; manifest.json records each document's key, half and
 * SHA-256). Sources, each cut into documents of at most `DOC_CHARS` characters at paragraph ends (the size of one
 * tool result's text):
 *
 * | source | what | not in the model's training data because |
 * | --- | --- | --- |
 * | `ham` | SpamAssassin ham mail from TOLLGATE_SPAM_DIR, headers cut as corpora.ts does | files after the first 3,000 (corpora.ts takes the first 3,000) |
 * | `bipia-email` | BIPIA's benign e-mails (email_train.jsonl) | only those in the corpus' dev part |
 * | `debian-doc` | /usr/share/doc READMEs, NEWS and Debian changelogs (support, onboarding and changelog prose) | not read by corpora.ts |
 * | `python` | /usr/lib/python3/dist-packages docs and modules (docstrings, code, API prose) | not read by corpora.ts |
 * | `node-prose` | node_modules READMEs, CHANGELOGs and docs, as frozen in bench/scorer/node-modules-manifest.tsv | only files corpora.ts does not sample |
 * | `project-docs` | this project's docs, README, CHANGELOG and bench results (text that quotes and discusses attacks) | not read by corpora.ts |
 * | `git-json` | this repository's commits as a git server's JSON tool output (hash, author, date, message) | not read by corpora.ts |
 * | `fs-json` | @modelcontextprotocol/server-filesystem's tool results (directory trees, listings, file info, search) | not read by corpora.ts |
 *
 * Halves: `dev` (measure and choose on it) and `frozen` (written once, run once at the end to report), by a seeded
 * hash of the document's key, so a document keeps its half when other sources change.
 */
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { gunzipSync } from "node:zlib";
import { spread, walkFiles } from "../lib/walk-files.js";
import { corporaRoot, corpusDocuments, nodeModulesTexts } from "../scorer/corpora.js";
import { loadFrozen } from "../scorer/frozen-modules.js";

export type Half = "dev" | "frozen";

export interface BenignDoc {
  key: string;
  source: string;
  text: string;
  half: Half;
}

const PROJECT_ROOT = fileURLToPath(new URL("../../", import.meta.url));
export const DOC_CHARS = 3000;
const HALF_SEED = 0x5e9be417;

function fnv(key: string): number {
  let h = 0x811c9dc5 ^ HALF_SEED;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 0x01000193);
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  return h >>> 0;
}

export function halfOf(key: string): Half {
  return (fnv(key) & 1) === 0 ? "dev" : "frozen";
}

/** A long text as documents of at most `DOC_CHARS`, cut at a blank line (or a line end) when one is near. */
export function chunks(text: string, max = DOC_CHARS, limit = 4): string[] {
  const out: string[] = [];
  let at = 0;
  while (at < text.length && out.length < limit) {
    let end = Math.min(text.length, at + max);
    if (end < text.length) {
      const para = text.lastIndexOf("\n\n", end);
      const line = text.lastIndexOf("\n", end);
      if (para > at + max / 3) end = para;
      else if (line > at + max / 3) end = line;
    }
    const piece = text.slice(at, end).trim();
    if (piece.length >= 80) out.push(piece);
    at = end;
  }
  return out;
}

/** The files below `root` whose name `keep` accepts, of 300 bytes to 2 MB, outside hidden and test folders. */
function walk(root: string, keep: (name: string) => boolean, maxDepth = 5): string[] {
  return walkFiles(root, {
    maxDepth,
    enter: (name) => !name.startsWith(".") && name !== "__pycache__" && name !== "tests",
    keep: (_path, name, size) => size > 300 && size < 2_000_000 && keep(name),
  });
}

function readText(path: string): string {
  const bytes = readFileSync(path);
  return (path.endsWith(".gz") ? gunzipSync(bytes) : bytes).toString("utf8");
}

export type Raw = { key: string; text: string };

function ham(): Raw[] {
  const dir = process.env.TOLLGATE_SPAM_DIR;
  if (dir === undefined) return [];
  const data = join(dir, "node_modules", "@stdlib", "datasets-spam-assassin", "data");
  const list = join(data, "file_list.json");
  if (!existsSync(list)) return [];
  const files = (JSON.parse(readFileSync(list, "utf8")) as string[]).filter((f) => /ham/.test(f)).sort();
  // corpora.ts samples every floor(n / 3000)-th file up to 3,000: with 4,150 ham files, the first 3,000.
  const step = Math.max(1, Math.floor(files.length / 3000));
  const used = new Set(files.filter((_, i) => i % step === 0).slice(0, 3000));
  return files
    .filter((f) => !used.has(f))
    .map((file) => {
      const raw = readFileSync(join(data, file), "latin1");
      const split = raw.indexOf("\n\n");
      const headers = split < 0 ? "" : raw.slice(0, split);
      const kept = headers.split("\n").filter((l) => /^(from|to|subject|date):/i.test(l));
      return { key: `ham:${file}`, text: [...kept, split < 0 ? raw : raw.slice(split + 2)].join("\n") };
    })
    .flatMap(({ key, text }) => chunks(text, DOC_CHARS, 1).map((t) => ({ key, text: t })));
}

function bipiaDevEmails(): Raw[] {
  return corpusDocuments(corporaRoot())
    .filter((d) => d.source === "BIPIA e-mails (train file)" && d.part === "dev")
    .map((d, i) => ({ key: `bipia-email:${i}`, text: d.text }));
}

function fileDocs(prefix: string, root: string, paths: string[], perFile: number): Raw[] {
  return paths.flatMap((path) => {
    let text: string;
    try {
      text = readText(path);
    } catch {
      return [];
    }
    if (text.includes("\u0000")) return [];
    return chunks(text, DOC_CHARS, perFile).map((t, i) => ({
      key: `${prefix}:${path.slice(root.length + 1)}#${i}`,
      text: t,
    }));
  });
}

function debianDocs(): Raw[] {
  const root = "/usr/share/doc";
  const paths = walk(root, (n) => /^(readme|news|changelog)(\.debian)?(\.md|\.txt)?(\.gz)?$/i.test(n), 3);
  return fileDocs("debian-doc", root, spread(paths, 500), 1);
}

function pythonDocs(): Raw[] {
  const root = "/usr/lib/python3/dist-packages";
  const prose = walk(
    root,
    (n) =>
      /\.(md|rst|txt)$/i.test(n) &&
      !/^(license|copying|record|top_level|entry_points|sources|requires|dependency_links)/i.test(n),
  );
  const code = walk(root, (n) => n.endsWith(".py") && n !== "__init__.py");
  return [
    ...fileDocs("python-prose", root, spread(prose, 200), 2),
    ...fileDocs("python-code", root, spread(code, 300), 1),
  ];
}

/**
 * node_modules prose as frozen in bench/scorer/node-modules-manifest.tsv (session 21): each entry's file chunked as
 * `fileDocs` does, its piece taken, hash-checked (missing or changed documents reported, never replaced).
 */
function nodeProse(): Raw[] {
  const load = loadFrozen("benign-set", (file, entry) => {
    const text = readText(file);
    return text.includes("\u0000") ? undefined : chunks(text, DOC_CHARS, 2)[entry.piece];
  });
  return load.docs.map((d) => ({ key: `node-prose:${d.entry.path}#${d.entry.piece}`, text: d.text }));
}

/** The walk `nodeProse` was frozen from (bench/scorer/freeze-modules.ts): what is installed, not the manifest. */
export function walkedNodeProse(): Raw[] {
  const root = join(PROJECT_ROOT, "node_modules");
  const used = new Set(nodeModulesTexts(root).map((f) => f.path));
  const prose = walk(
    root,
    (n) => /^(readme|changelog|history|contributing|security)(\.[a-z]+)?$|\.(md|markdown)$/i.test(n),
    6,
  ).filter((p) => !used.has(p.slice(root.length + 1)));
  return fileDocs("node-prose", root, spread(prose, 500), 2);
}

/** Read at GIT_HEAD with `git show`, so later edits of the docs do not change the set. */
function projectDocs(): Raw[] {
  const git = (args: string[]) =>
    execFileSync("git", ["-C", PROJECT_ROOT, ...args], { encoding: "utf8", maxBuffer: 64 << 20 });
  let paths: string[];
  try {
    paths = git([
      "ls-tree",
      "-r",
      "--name-only",
      GIT_HEAD,
      "README.md",
      "CHANGELOG.md",
      "docs",
      "bench/results",
    ])
      .split("\n")
      .filter((p) => p.endsWith(".md"));
  } catch {
    return [];
  }
  return paths.flatMap((path) =>
    chunks(git(["show", `${GIT_HEAD}:${path}`]), DOC_CHARS, 60).map((text, i) => ({
      key: `project-docs:${path}#${i}`,
      text,
    })),
  );
}

/** The repository's commits up to a fixed one, five to a document, as a git server's `git_log` JSON result. */
function gitJson(): Raw[] {
  let log: string;
  try {
    log = execFileSync(
      "git",
      ["-C", PROJECT_ROOT, "log", "--format=%H%x1f%an%x1f%aI%x1f%B%x1e", "-n", "1500", GIT_HEAD],
      {
        encoding: "utf8",
        maxBuffer: 64 << 20,
      },
    );
  } catch {
    return [];
  }
  const commits = log
    .split("\x1e")
    .map((r) => r.trim())
    .filter(Boolean)
    .map((r) => {
      const [hash, author, date, message] = r.split("\x1f");
      return { hash, author, date, message: message?.trim() };
    });
  const out: Raw[] = [];
  for (let i = 0; i < commits.length; i += 5) {
    const group = commits.slice(i, i + 5);
    out.push({ key: `git-json:${group[0]!.hash}`, text: JSON.stringify({ commits: group }, null, 2) });
  }
  return out;
}

/** The commit the git source reads up to, so the set does not grow with the branch. */
export const GIT_HEAD = "1ef0763";

export type SourceName =
  | "ham"
  | "bipia-email"
  | "debian-doc"
  | "python"
  | "node-prose"
  | "project-docs"
  | "git-json"
  | "fs-json";

/** Every document of the synchronous sources (fs-json comes from a live server: see fs-json.ts). */
export function syncSources(): Record<Exclude<SourceName, "fs-json">, Raw[]> {
  return {
    ham: ham(),
    "bipia-email": bipiaDevEmails(),
    "debian-doc": debianDocs(),
    python: pythonDocs(),
    "node-prose": nodeProse(),
    "project-docs": projectDocs(),
    "git-json": gitJson(),
  };
}
