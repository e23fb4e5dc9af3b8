/**
 * The node_modules documents the scorer's corpus and the two benign sets read, frozen (session 21). Before, each
 * loader walked the installed packages and sampled every k-th file, so installing one dev dependency moved which
 * documents every part held (s20: 452 -> 428 dev documents of the trainer's corpus within an hour) and the shipped
 * weights could not be written again on another machine. Now `node-modules-manifest.tsv` (written once by
 * `npx tsx bench/scorer/freeze-modules.ts`) names every document, and the loaders read exactly those files:
 *
 * - a document whose file is absent, or whose text no longer hashes to the manifest's SHA-256, is left out and
 *   reported on stderr (how many, and which, by package), never replaced by another file;
 * - a package installed since is never read (nothing walks node_modules at load time).
 *
 * Texts stay where they are (nothing third-party is copied into the project): the manifest holds the package, its
 * version, the path under node_modules, the piece of the file (a passage or chunk index for the benign sets, 0 for the
 * corpus' slice), the part and the SHA-256 of the document's text.
 *
 * Corpora: `scorer` (bench/scorer/corpora.ts, the project's node_modules; parts train / dev / report), `scorer-stdlib`
 * (the same from the mail corpus' temporary install, TOLLGATE_SPAM_DIR/node_modules), `benign-set`
 * (bench/injection-benign `node-prose`, halves dev / frozen) and `hard-benign-set` (bench/injection-hard-benign
 * `real-node`, halves dev / frozen), and `scorer-s19-train`: the train part of `scorer` as the shipped weights (blob
 * 6d9ef5df..., session 19) were trained on it, i.e. the walk of node_modules before b096dc1 added 13 packages (read
 * instead of `scorer`'s train part with TOLLGATE_MODULES_TRAIN=s19, to write those weights again).
 */
import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

export type FrozenCorpus = "scorer" | "scorer-stdlib" | "benign-set" | "hard-benign-set" | "scorer-s19-train";

export const FROZEN_CORPORA: readonly FrozenCorpus[] = [
  "scorer",
  "scorer-stdlib",
  "benign-set",
  "hard-benign-set",
  "scorer-s19-train",
];

export interface FrozenEntry {
  corpus: FrozenCorpus;
  /** train / dev / report for the corpus, dev / frozen for the benign sets. */
  part: string;
  /** The package that holds the file (innermost node_modules), and its version when frozen. */
  package: string;
  version: string;
  /** Below the node_modules folder, `/`-separated. */
  path: string;
  /** Which piece of the file is the document (chunk or passage index; 0 for the corpus' leading slice). */
  piece: number;
  sha256: string;
}

export const MANIFEST_FILE = fileURLToPath(new URL("./node-modules-manifest.tsv", import.meta.url));
const PROJECT_ROOT = fileURLToPath(new URL("../../", import.meta.url));
const COLUMNS = ["corpus", "part", "package", "version", "path", "piece", "sha256"] as const;

export const sha256 = (text: string): string => createHash("sha256").update(text).digest("hex");

/** The package a node_modules path belongs to: the folder (or scope/folder) after its last `node_modules/`. */
export function packageOf(path: string): string {
  const at = path.lastIndexOf("node_modules/");
  const start = at < 0 ? 0 : at + "node_modules/".length;
  const parts = path.slice(start).split("/");
  const depth = parts[0]!.startsWith("@") ? 2 : 1;
  return path.slice(0, start) + parts.slice(0, depth).join("/");
}

/** The version in a package folder's package.json, or "" when it has none. */
export function versionOf(nodeModules: string, packageDir: string): string {
  try {
    const json = JSON.parse(readFileSync(join(nodeModules, packageDir, "package.json"), "utf8")) as {
      version?: unknown;
    };
    return typeof json.version === "string" ? json.version : "";
  } catch {
    return "";
  }
}

export function formatManifest(entries: readonly FrozenEntry[]): string {
  const lines = entries.map((e) =>
    [e.corpus, e.part, e.package, e.version, e.path, String(e.piece), e.sha256].join("\t"),
  );
  return `${COLUMNS.join("\t")}\n${lines.join("\n")}\n`;
}

export function parseManifest(text: string): FrozenEntry[] {
  const [header, ...lines] = text.split("\n").filter((l) => l !== "");
  if (header !== COLUMNS.join("\t")) throw new Error(`node_modules manifest: unexpected header ${header}`);
  return lines.map((line, i) => {
    const f = line.split("\t");
    if (f.length !== COLUMNS.length || !FROZEN_CORPORA.includes(f[0] as FrozenCorpus))
      throw new Error(`node_modules manifest: line ${i + 2} malformed`);
    return {
      corpus: f[0] as FrozenCorpus,
      part: f[1]!,
      package: f[2]!,
      version: f[3]!,
      path: f[4]!,
      piece: Number(f[5]),
      sha256: f[6]!,
    };
  });
}

let cached: FrozenEntry[] | undefined;

/** The committed manifest (read once per process). */
export function readManifest(): FrozenEntry[] {
  if (cached === undefined) {
    if (!existsSync(MANIFEST_FILE))
      throw new Error(`${MANIFEST_FILE} missing: run npx tsx bench/scorer/freeze-modules.ts`);
    cached = parseManifest(readFileSync(MANIFEST_FILE, "utf8"));
  }
  return cached;
}

/** The node_modules folder each corpus reads; `scorer-stdlib`'s is undefined without TOLLGATE_SPAM_DIR. */
export function nodeModulesRoot(corpus: FrozenCorpus): string | undefined {
  if (corpus !== "scorer-stdlib") return join(PROJECT_ROOT, "node_modules");
  const dir = process.env.TOLLGATE_SPAM_DIR;
  return dir === undefined ? undefined : join(dir, "node_modules");
}

export interface FrozenDoc {
  entry: FrozenEntry;
  text: string;
}

export interface FrozenLoad {
  docs: FrozenDoc[];
  /** Entries whose file is absent or whose piece could not be read. */
  missing: FrozenEntry[];
  /** Entries whose document no longer hashes to the manifest's SHA-256. */
  changed: FrozenEntry[];
}

export interface FrozenOptions {
  /** The entries to read (default: the committed manifest's entries of the corpus). */
  entries?: readonly FrozenEntry[];
  /** The node_modules folder (default: `nodeModulesRoot(corpus)`). */
  root?: string;
  /** Where the report of missing and changed documents goes (default: stderr, once per corpus and process). */
  log?: (line: string) => void;
}

/** What is not as frozen, by package: `pkg@version (here: other version | not installed): path#piece, ...`. */
export function describeEntries(entries: readonly FrozenEntry[], root: string): string[] {
  const byPackage = new Map<string, FrozenEntry[]>();
  for (const e of entries) {
    const list = byPackage.get(e.package) ?? [];
    list.push(e);
    byPackage.set(e.package, list);
  }
  return [...byPackage].map(([pkg, list]) => {
    const here = existsSync(join(root, pkg)) ? versionOf(root, pkg) || "no version" : "not installed";
    const files = list.map((e) => `${e.path.slice(pkg.length + 1)}#${e.piece}`).join(", ");
    return `    ${pkg}@${list[0]!.version} (here: ${here}): ${files}`;
  });
}

const reported = new Set<string>();

function defaultLog(corpus: FrozenCorpus): (line: string) => void {
  return (line) => {
    if (reported.has(`${corpus}\n${line}`)) return;
    reported.add(`${corpus}\n${line}`);
    console.error(line);
  };
}

/**
 * The documents of one corpus, in the manifest's order: `extract(file, entry)` gives an entry's document from its
 * file's absolute path (undefined when the file does not hold that piece). Each is checked against its SHA-256.
 */
export function loadFrozen(
  corpus: FrozenCorpus,
  extract: (file: string, entry: FrozenEntry) => string | undefined,
  options: FrozenOptions = {},
): FrozenLoad {
  const entries = (options.entries ?? readManifest()).filter((e) => e.corpus === corpus);
  const root = options.root ?? nodeModulesRoot(corpus);
  const log = options.log ?? defaultLog(corpus);
  const out: FrozenLoad = { docs: [], missing: [], changed: [] };
  if (root === undefined) {
    if (entries.length > 0)
      log(`node_modules manifest: ${corpus}: ${entries.length} documents not read (TOLLGATE_SPAM_DIR unset)`);
    return out;
  }
  for (const entry of entries) {
    const file = join(root, entry.path);
    let text: string | undefined;
    try {
      text = existsSync(file) ? extract(file, entry) : undefined;
    } catch {
      text = undefined;
    }
    if (text === undefined) out.missing.push(entry);
    else if (sha256(text) !== entry.sha256) out.changed.push(entry);
    else out.docs.push({ entry, text });
  }
  if (out.missing.length + out.changed.length > 0) {
    log(
      `node_modules manifest: ${corpus}: ${out.docs.length} of ${entries.length} documents as frozen; ${out.missing.length} missing, ${out.changed.length} changed (left out, not replaced; figures on this machine are not the manifest's):`,
    );
    if (out.missing.length > 0) log(`  missing:\n${describeEntries(out.missing, root).join("\n")}`);
    if (out.changed.length > 0) log(`  changed:\n${describeEntries(out.changed, root).join("\n")}`);
  }
  return out;
}
