/** `npx tsx bench/injection-precision-benign/s23/freeze.ts`: writes frozen-s23.json. Run once, when the part is written. */
import { writeFileSync } from "node:fs";
import { partHash } from "../documents.js";
import { S23_FROZEN_FILE, s23Docs } from "./documents.js";

const all = s23Docs();
const frozen = all.filter((d) => d.part === "frozen");
writeFileSync(
  S23_FROZEN_FILE,
  `${JSON.stringify({ documents: frozen.length, sha256: partHash(frozen), frozenAt: new Date().toISOString() }, null, 2)}\n`,
);
console.log(`${all.length} documents: tune ${all.length - frozen.length}, frozen ${frozen.length}`);
