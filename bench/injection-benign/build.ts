/**
 * `npx tsx bench/injection-benign/build.ts`: writes manifest.json (every document's key, source, half and SHA-256)
 * and prints the counts by source and half. Run once when the set was written; later runs only load it (load.ts).
 */
import { writeFileSync } from "node:fs";
import { buildDocs, MANIFEST, sha256 } from "./load.js";

const docs = await buildDocs();
const entries = docs.map((d) => ({ key: d.key, source: d.source, half: d.half, sha256: sha256(d.text) }));
writeFileSync(MANIFEST, `${JSON.stringify(entries, null, 0).replace(/\},\{/g, "},\n{")}\n`);
const counts = new Map<string, { dev: number; frozen: number; kb: number }>();
for (const d of docs) {
  const c = counts.get(d.source) ?? { dev: 0, frozen: 0, kb: 0 };
  c[d.half]++;
  c.kb += d.text.length / 1024;
  counts.set(d.source, c);
}
console.log("| source | dev | frozen | KB |\n| --- | --- | --- | --- |");
for (const [s, c] of counts) console.log(`| ${s} | ${c.dev} | ${c.frozen} | ${c.kb.toFixed(0)} |`);
console.log(
  `| all | ${docs.filter((d) => d.half === "dev").length} | ${docs.filter((d) => d.half === "frozen").length} | |`,
);
