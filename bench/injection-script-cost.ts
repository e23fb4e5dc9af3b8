/**
 * `npx tsx bench/injection-script-cost.ts --reference=<checkout> [--rounds=7] [--scorer]`: what the injection
 * detectors of the default output plan cost on text in scripts other than Latin, this checkout against another, in
 * one process (CPU time, the subjects' order alternating by round, per-round ratios).
 *
 * Text: the translated strings of this machine's gettext catalogues (`/usr/share/locale/<lang>/LC_MESSAGES/*.mo`,
 * Debian packages' UI messages and help text: benign prose in quantity), joined per script group into 1 KB strings.
 * Groups: Cyrillic (ru, uk), CJK (zh_CN, ja), Korean, Arabic script (ar, fa), Hebrew, Devanagari and Bengali (hi, bn),
 * Greek, Thai. A group whose catalogues are missing is skipped. Also a mixed row: 1 KB strings of English README
 * prose with one translated string in each (a name or a quote in another script inside English text).
 */
import { readdirSync, readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { TextDetector } from "../src/engine/types.js";
import { cpuOnce, injectionDetectorsAt } from "./lib/injection-family.js";
import { readmes, slices } from "./lib/injection-texts.js";
import { describeMachine, machineInfo } from "./lib/machine.js";
import { median } from "./lib/stats.js";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const rounds = Number(process.argv.find((a) => a.startsWith("--rounds="))?.slice(9) ?? 7);
const referenceDir = process.argv.find((a) => a.startsWith("--reference="))?.slice(12);
const scorerOn = process.argv.includes("--scorer");
const LOCALE = "/usr/share/locale";
/** Strings kept per group: about 1 MB of text each. */
const GROUP_KB = 1024;

/** The translations of a GNU .mo file (little- or big-endian), without the header entry. */
function moStrings(path: string): string[] {
  const data = readFileSync(path);
  const magic = data.readUInt32LE(0);
  const read =
    magic === 0x950412de ? (o: number) => data.readUInt32LE(o) : (o: number) => data.readUInt32BE(o);
  if (magic !== 0x950412de && data.readUInt32BE(0) !== 0x950412de) return [];
  const count = read(8);
  const table = read(16);
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    const length = read(table + i * 8);
    const offset = read(table + i * 8 + 4);
    // Plural forms are NUL-separated; the header (msgid "") starts with "Project-Id-Version".
    const text = data.toString("utf8", offset, offset + length).split("\0")[0]!;
    if (text.trim() !== "" && !text.startsWith("Project-Id-Version")) out.push(text);
  }
  return out;
}

function catalogue(lang: string): string[] {
  const dir = `${LOCALE}/${lang}/LC_MESSAGES`;
  let files: string[];
  try {
    files = readdirSync(dir)
      .filter((f) => f.endsWith(".mo"))
      .sort();
  } catch {
    return [];
  }
  return files.flatMap((f) => moStrings(`${dir}/${f}`));
}

/** `strings` joined by spaces into 1 KB strings (flattened copies), up to GROUP_KB of them. */
function kilobytes(strings: readonly string[]): string[] {
  const out: string[] = [];
  let current = "";
  for (const s of strings) {
    current += `${s} `;
    if (current.length >= 1024) {
      out.push(JSON.parse(JSON.stringify(current.slice(0, 1024))) as string);
      current = "";
      if (out.length >= GROUP_KB) break;
    }
  }
  return out;
}

const GROUPS: [string, string[]][] = [
  ["Cyrillic (ru, uk)", ["ru", "uk"]],
  ["CJK (zh_CN, ja)", ["zh_CN", "ja"]],
  ["Korean (ko)", ["ko"]],
  ["Arabic script (ar, fa)", ["ar", "fa"]],
  ["Hebrew (he)", ["he"]],
  ["Devanagari, Bengali (hi, bn)", ["hi", "bn"]],
  ["Greek (el)", ["el"]],
  ["Thai (th)", ["th"]],
];

/** Interleaves the languages' strings so each group's 1 KB strings mix them. */
function interleave(lists: readonly string[][]): string[] {
  const out: string[] = [];
  const longest = Math.max(0, ...lists.map((l) => l.length));
  for (let i = 0; i < longest; i++) for (const l of lists) if (i < l.length) out.push(l[i]!);
  return out;
}

async function main(): Promise<void> {
  if (referenceDir === undefined) throw new Error("--reference=<checkout> is required");
  const subjects: { name: string; detectors: readonly TextDetector[] }[] = [
    { name: "current", detectors: await injectionDetectorsAt(root, scorerOn) },
    { name: "reference", detectors: await injectionDetectorsAt(referenceDir, scorerOn) },
  ];
  const sets: { name: string; inputs: string[] }[] = [];
  const allScripts: string[] = [];
  for (const [name, langs] of GROUPS) {
    const strings = interleave(langs.map(catalogue));
    if (strings.length === 0) continue;
    allScripts.push(...strings.slice(0, 2000));
    sets.push({ name, inputs: kilobytes(strings) });
  }
  // English README prose with one translated string spliced into each 1 KB string.
  const english = slices(readmes(), 1000, GROUP_KB);
  sets.push({
    name: "README prose with one string of another script",
    inputs: english.map((t, i) =>
      JSON.parse(JSON.stringify(`${t} ${allScripts[i % allScripts.length]!}`.slice(0, 1024))),
    ),
  });
  for (const set of sets) for (const s of subjects) cpuOnce(s.detectors, set.inputs);
  const times = new Map<string, number[]>();
  for (let r = 0; r < rounds; r++)
    for (const set of sets)
      for (const s of r % 2 === 0 ? subjects : [...subjects].reverse()) {
        const key = `${set.name}\u0000${s.name}`;
        times.set(key, [...(times.get(key) ?? []), cpuOnce(s.detectors, set.inputs)]);
      }
  console.log(
    `${describeMachine(machineInfo())} · ${rounds} rounds · CPU time · model ${scorerOn ? "on" : "off"}`,
  );
  console.log(
    "| text | strings | current µs/KB (median) | reference µs/KB (median) | current / reference (median of per-round ratios) |",
  );
  console.log("| --- | --- | --- | --- | --- |");
  for (const set of sets) {
    const kb = set.inputs.reduce((n, t) => n + t.length, 0) / 1024;
    const a = times.get(`${set.name}\u0000current`)!;
    const b = times.get(`${set.name}\u0000reference`)!;
    const ratio = median(a.map((t, i) => t / b[i]!));
    console.log(
      `| ${set.name} | ${set.inputs.length} | ${(median(a) / kb).toFixed(1)} | ${(median(b) / kb).toFixed(1)} | ${ratio.toFixed(2)} |`,
    );
  }
}

await main();
