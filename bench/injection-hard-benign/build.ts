/**
 * `npx tsx bench/injection-hard-benign/build.ts`: writes manifest.json and frozen.json and prints the counts by class
 * and half. Run once when the set was written (session 16); later runs only load it (load.ts). Prints no text of
 * either half.
 */
import { writeFileSync } from "node:fs";
import { buildDocs, FROZEN, halfHash, MANIFEST, sha256 } from "./load.js";

const docs = buildDocs();
const entries = docs.map((d) => ({
  key: d.key,
  cls: d.cls,
  shape: d.shape,
  half: d.half,
  sha256: sha256(d.text),
}));
writeFileSync(MANIFEST, `${JSON.stringify(entries, null, 0).replace(/\},\{/g, "},\n{")}\n`);
const frozen = entries.filter((e) => e.half === "frozen");
writeFileSync(
  FROZEN,
  `${JSON.stringify({ documents: frozen.length, sha256: halfHash(frozen), frozenAt: new Date().toISOString().slice(0, 10) }, null, 2)}\n`,
);
const counts = new Map<string, { dev: number; frozen: number; kb: number }>();
for (const d of docs) {
  const c = counts.get(d.cls) ?? { dev: 0, frozen: 0, kb: 0 };
  c[d.half]++;
  c.kb += d.text.length / 1024;
  counts.set(d.cls, c);
}
console.log("| class | dev | frozen | KB |\n| --- | --- | --- | --- |");
for (const [s, c] of counts) console.log(`| ${s} | ${c.dev} | ${c.frozen} | ${c.kb.toFixed(0)} |`);
console.log(`| all | ${entries.length - frozen.length} | ${frozen.length} | |`);
