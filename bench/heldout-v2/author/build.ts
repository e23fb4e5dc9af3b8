/**
 * Assembles the hand-authored entries into ../samples.json (ids assigned in order). Run once when the set was
 * authored: `npx tsx bench/heldout-v2/author/build.ts`. The set is FROZEN: do not run this again to change samples;
 * a changed set is a new set (see ../README.md).
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { ATTACKS_EN } from "./attacks-en.js";
import { ATTACKS_INTL } from "./attacks-intl.js";
import { ATTACKS_MORE } from "./attacks-more.js";
import { BENIGN_EN } from "./benign-en.js";
import { BENIGN_INTL } from "./benign-intl.js";
import { BENIGN_MORE } from "./benign-more.js";
import { buildObfuscated } from "./obfuscate.js";

const attacks = [...ATTACKS_EN, ...ATTACKS_MORE, ...ATTACKS_INTL, ...buildObfuscated()];
const benigns = [...BENIGN_EN, ...BENIGN_MORE, ...BENIGN_INTL];
const samples = [
  ...attacks.map((s, i) => ({ id: `hv2-a${String(i + 1).padStart(3, "0")}`, ...s })),
  ...benigns.map((s, i) => ({ id: `hv2-b${String(i + 1).padStart(3, "0")}`, ...s })),
];
const out = join(fileURLToPath(new URL(".", import.meta.url)), "..", "samples.json");
writeFileSync(out, `${JSON.stringify(samples, null, 2)}\n`);
console.log(
  `wrote ${samples.length} samples (${attacks.length} attacks, ${benigns.length} benign) to ${out}`,
);
