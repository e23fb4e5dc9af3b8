/** `npx tsx bench/injection-precision-benign/freeze.ts`: writes frozen.json. Run once, when the set is written. */
import { writeFileSync } from "node:fs";
import { FROZEN_FILE, partHash, precisionDocs } from "./documents.js";

const all = precisionDocs();
const frozen = all.filter((d) => d.part === "frozen");
writeFileSync(
  FROZEN_FILE,
  `${JSON.stringify({ documents: frozen.length, sha256: partHash(frozen), frozenAt: new Date().toISOString() }, null, 2)}\n`,
);
console.log(`${all.length} documents: tune ${all.length - frozen.length}, frozen ${frozen.length}`);
