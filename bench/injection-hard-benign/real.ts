/**
 * The real part of the hard benign set, read in place (never copied into the project): passages of node_modules
 * READMEs, CHANGELOGs, SECURITY.md files and docs, and of rendered man pages, that hold the words the injection
 * rules key on (ignore, you must, do not, token, instructions, prompt, assistant, agent, system). One passage is a run
 * of paragraphs around such a word, at most `PASSAGE_CHARS` characters. Half by a seeded hash of the key.
 * node_modules files the benign set (bench/injection-benign) already holds are skipped.
 */
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { walkFiles } from "../lib/walk-files.js";
import { loadFrozen } from "../scorer/frozen-modules.js";
import type { HardBenignDoc } from "./generate.js";
import { halfOf } from "./generate.js";

const PASSAGE_CHARS = 1500;
const KEYWORD =
  /\b(?:ignor(?:e|es|ed|ing)|you must|do not|don't|never|tokens?|instructions?|prompts?|assistants?|agents?|system)\b/i;
const STRONG = /\b(?:ignore|you must|instructions?|prompt|assistant|agent)\b/i;

/** The paragraphs around the first keyword-bearing paragraph, as one passage; undefined when none holds one. */
export function passage(text: string, from = 0): { text: string; next: number } | undefined {
  const paras = text.split(/\n\s*\n/);
  for (let i = from; i < paras.length; i++) {
    const p = paras[i]!;
    if (!STRONG.test(p) || p.trim().length < 60) continue;
    let out = p.trim();
    let j = i + 1;
    while (j < paras.length && out.length + paras[j]!.length < PASSAGE_CHARS && KEYWORD.test(paras[j]!))
      out = `${out}\n\n${paras[j++]!.trim()}`;
    return { text: out.slice(0, PASSAGE_CHARS), next: j };
  }
  return undefined;
}

/**
 * At most two passages from each markdown file under `root`/node_modules, `limit` in all, spread over the files: the
 * walk the manifest was frozen from (the set reads `frozenNodeModulesDocs`).
 */
export function nodeModulesDocs(root: string, skipKeys: ReadonlySet<string>, limit = 110): HardBenignDoc[] {
  const base = join(root, "node_modules");
  if (!existsSync(base)) return [];
  const files = walkFiles(base, {
    maxDepth: 4,
    enter: (name) => name !== ".bin" && name !== "test" && name !== "tests",
    keep: (path, name, size) =>
      (/^(?:readme|changelog|security|history)\.md$/i.test(name) || /\/docs?\/[^/]+\.md$/i.test(path)) &&
      size < 400_000,
  });
  const docs: HardBenignDoc[] = [];
  for (const file of files) {
    const rel = relative(base, file);
    if (skipKeys.has(rel)) continue;
    const text = readFileSync(file, "utf8");
    let at = 0;
    for (let k = 0; k < 2; k++) {
      const p = passage(text, at);
      if (p === undefined) break;
      at = p.next;
      const key = `node/${rel}#${k}`;
      docs.push({ key, cls: "real-node", shape: "markdown", half: halfOf(key), text: p.text });
    }
  }
  const step = Math.max(1, Math.floor(docs.length / limit));
  return docs.filter((_, i) => i % step === 0).slice(0, limit);
}

/** The `k`-th passage of a text (as `nodeModulesDocs` numbers them), or undefined when it has fewer. */
export function nthPassage(text: string, k: number): string | undefined {
  let at = 0;
  for (let i = 0; ; i++) {
    const p = passage(text, at);
    if (p === undefined) return undefined;
    if (i === k) return p.text;
    at = p.next;
  }
}

/**
 * The node_modules passages as frozen in bench/scorer/node-modules-manifest.tsv (session 21): the files it names, not
 * what is installed; a missing or changed passage is reported on stderr and left out, never replaced.
 */
export function frozenNodeModulesDocs(): HardBenignDoc[] {
  const load = loadFrozen("hard-benign-set", (file, entry) =>
    nthPassage(readFileSync(file, "utf8"), entry.piece),
  );
  return load.docs.map(({ entry, text }) => {
    const key = `node/${entry.path}#${entry.piece}`;
    return { key, cls: "real-node", shape: "markdown", half: halfOf(key), text };
  });
}

/** A man page rendered as plain text (80 columns, no formatting), or undefined when it does not render. */
function renderMan(path: string): string | undefined {
  try {
    return execFileSync("man", ["-l", path], {
      env: {
        ...process.env,
        MANWIDTH: "80",
        MAN_KEEP_FORMATTING: "",
        LANG: "C.UTF-8",
        MANPAGER: "cat",
        PAGER: "cat",
      },
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
      timeout: 5000,
    }).replace(/.\x08/g, "");
  } catch {
    return undefined;
  }
}

const MAN_DIR = "/usr/share/man/man1";

/** The man pages the set reads: every `step`-th of section 1, by name. */
export function manCandidates(count = 800): string[] {
  if (!existsSync(MAN_DIR)) return [];
  const names = readdirSync(MAN_DIR)
    .filter((n) => n.endsWith(".gz"))
    .sort();
  const step = Math.max(1, Math.floor(names.length / count));
  return names.filter((_, i) => i % step === 0).slice(0, count);
}

/** One passage from each candidate man page that has one, `limit` in all; `only` restricts to the given keys. */
export function manDocs(limit = 70, only?: ReadonlySet<string>): HardBenignDoc[] {
  const docs: HardBenignDoc[] = [];
  for (const name of manCandidates()) {
    if (docs.length >= limit) break;
    const key = `man/${name}`;
    if (only !== undefined && !only.has(key)) continue;
    const text = renderMan(join(MAN_DIR, name));
    if (text === undefined) continue;
    const p = passage(text);
    if (p === undefined) continue;
    docs.push({ key, cls: "real-man", shape: "plain", half: halfOf(key), text: p.text });
  }
  return docs;
}
