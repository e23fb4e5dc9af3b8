/**
 * `npx tsx bench/scorer/rewrite-weights.ts [file]`: rewrites a weights file of the earlier format (the blob as plain
 * base64, as train.ts wrote it before session 17) into today's (the blob packed: src/shared/packed-bytes.ts), in
 * place; the file defaults to the shipped src/engine/detectors/injection/scorer/weights.ts. The blob, its hash and
 * the header's account of how the weights were chosen stay as they were; a file already packed is written the same.
 */
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { scorerWeightsBytes } from "../../src/engine/detectors/injection/scorer/model.js";
import { weightsFileAbout, weightsFileText, weightsFrom } from "./weights-file.js";

const file =
  process.argv[2] ??
  fileURLToPath(new URL("../../src/engine/detectors/injection/scorer/weights.ts", import.meta.url));
const weights = weightsFrom(file);
const bytes = scorerWeightsBytes(weights);
writeFileSync(file, weightsFileText(bytes, weightsFileAbout(file)));
console.log(`${file}: ${bytes.length} bytes, sha256 ${weights.sha256.slice(0, 16)}…, packed`);
