/**
 * Writes the hand-authored entries (samples.ts) to ../samples.json and prints the counts. Run once when the set was
 * authored: `npx tsx bench/heldout-v3/author/build.ts`. The set is FROZEN: do not run this again to change samples;
 * a changed set is a new set (see ../README.md).
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { authoredSamples, serialiseSamples } from "./samples.js";
import type { Authored } from "./types.js";

const { attacks, benign, samples } = authoredSamples();
const count = (xs: readonly Authored[], key: keyof Authored) => {
  const m = new Map<string, number>();
  for (const x of xs) m.set(x[key], (m.get(x[key]) ?? 0) + 1);
  return [...m.entries()].map(([k, n]) => `${k} ${n}`).join(", ");
};
const out = join(fileURLToPath(new URL(".", import.meta.url)), "..", "samples.json");
writeFileSync(out, serialiseSamples(samples));
console.log(`wrote ${samples.length} samples (${attacks.length} attacks, ${benign.length} benign) to ${out}`);
for (const [name, xs] of [
  ["attacks", attacks],
  ["benign", benign],
] as const) {
  for (const key of ["class", "language", "obfuscation", "carrier"] as const)
    console.log(`${name} by ${key}: ${count(xs, key)}`);
  console.log(`${name} not English: ${xs.filter((x) => x.language !== "en").length}`);
}
