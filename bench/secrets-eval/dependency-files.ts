/**
 * Secret findings on this repository's dependency files (node_modules: `.md`, `.js`, `.ts`, `.json`, `.yml` up to
 * 256 kB; no live credential is expected there, so every finding is a look-alike or a published sample), for this
 * checkout and a reference checkout side by side: counts per rule, and each finding only one side has.
 *
 * `npx tsx bench/secrets-eval/dependency-files.ts --reference=<checkout> [--limit=4000]`
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import type { TextDetector, TextMatch } from "../../src/engine/types.js";

const EXTENSIONS = /\.(?:md|js|ts|json|ya?ml)$/;

function filesUnder(dir: string, into: string[], limit: number): string[] {
  for (const name of readdirSync(dir).sort()) {
    if (into.length >= limit) break;
    const path = join(dir, name);
    const stat = statSync(path, { throwIfNoEntry: false });
    if (stat === undefined) continue;
    if (stat.isDirectory()) filesUnder(path, into, limit);
    else if (EXTENSIONS.test(name) && stat.size <= 262_144) into.push(path);
  }
  return into;
}

async function detectorsAt(dir: string): Promise<TextDetector[]> {
  const at = (path: string) => import(pathToFileURL(join(dir, path)).href);
  const { createSecretDetectors } = await at("src/engine/detectors/secrets/index.ts");
  const { createProseCredentialDetector } = await at("src/engine/detectors/secrets/prose-credential.ts");
  return [...createSecretDetectors(), createProseCredentialDetector()];
}

function findings(detectors: TextDetector[], text: string): Set<string> {
  const out: TextMatch[] = [];
  for (const d of detectors) d.detect(text, out);
  return new Set(out.map((m) => `${m.ruleId} ${JSON.stringify(text.slice(m.start, m.end).slice(0, 80))}`));
}

const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const reference = arg("reference");
if (reference === undefined) throw new Error("--reference=<checkout> is required");
const files = filesUnder(resolve("node_modules"), [], Number(arg("limit") ?? 4000));
const sides = [await detectorsAt(resolve(reference)), await detectorsAt(resolve("."))];
const totals = [new Map<string, number>(), new Map<string, number>()];
for (const file of files) {
  const text = readFileSync(file, "utf8");
  const [before, after] = sides.map((d) => findings(d, text)) as [Set<string>, Set<string>];
  [before, after].forEach((set, i) => {
    for (const f of set) totals[i]!.set(f.split(" ")[0]!, (totals[i]!.get(f.split(" ")[0]!) ?? 0) + 1);
  });
  for (const f of after)
    if (!before.has(f)) console.log(`+ ${file.slice(file.indexOf("node_modules"))}: ${f}`);
  for (const f of before)
    if (!after.has(f)) console.log(`- ${file.slice(file.indexOf("node_modules"))}: ${f}`);
}
const rules = [...new Set([...totals[0]!.keys(), ...totals[1]!.keys()])].sort();
console.log(`\n${files.length} files; findings per rule, reference -> this checkout`);
for (const rule of rules)
  console.log(`${rule}: ${totals[0]!.get(rule) ?? 0} -> ${totals[1]!.get(rule) ?? 0}`);
