/** A weights file written by train.ts (TOLLGATE_WEIGHTS_OUT), read back as `ScorerWeights` for the benches. */
import { readFileSync } from "node:fs";
import type { ScorerWeights } from "../../src/engine/detectors/injection/scorer/model.js";

export function weightsFrom(file: string): ScorerWeights {
  const source = readFileSync(file, "utf8");
  const sha256 = /sha256: "([0-9a-f]{64})"/.exec(source)?.[1];
  const base64 = /base64:\s*"([^"]+)"/.exec(source)?.[1];
  if (sha256 === undefined || base64 === undefined) throw new Error(`${file}: no weights`);
  return { sha256, base64 };
}
