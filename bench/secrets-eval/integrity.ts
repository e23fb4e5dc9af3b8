/**
 * Loading and integrity of the secret evaluation: the frozen part's bytes must hash to the sha256 in frozen.json
 * (quoted in README.md), so a figure is never computed on a frozen part that differs from the one frozen.
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { EvalCase } from "./types.js";

export const EVAL_DIR = fileURLToPath(new URL(".", import.meta.url));

export interface FrozenRecord {
  file: string;
  sha256: string;
  cases: number;
  secrets: number;
  lookalikes: number;
  frozenAt: string;
}

export function readFrozenRecord(dir = EVAL_DIR): FrozenRecord {
  return JSON.parse(readFileSync(join(dir, "frozen.json"), "utf8")) as FrozenRecord;
}

export function sha256Of(bytes: Buffer): string {
  return createHash("sha256").update(bytes).digest("hex");
}

/** The frozen cases, after checking the hash and the counts; throws (says what differs) otherwise. */
export function loadFrozenCases(dir = EVAL_DIR): EvalCase[] {
  const record = readFrozenRecord(dir);
  const cases = JSON.parse(readFileSync(join(dir, record.file), "utf8")) as EvalCase[];
  // The hash is of the canonical JSON (compact), so reformatting the file does not change it; any edit to a case does.
  const actual = sha256Of(Buffer.from(JSON.stringify(cases)));
  if (actual !== record.sha256)
    throw new Error(`secrets-eval: ${record.file} hashes to ${actual}, frozen as ${record.sha256}`);
  const secrets = cases.filter((c) => c.label === "secret").length;
  if (cases.length !== record.cases || secrets !== record.secrets)
    throw new Error(
      `secrets-eval: ${record.file} holds ${cases.length} cases (${secrets} secrets), frozen.json says ${record.cases} (${record.secrets})`,
    );
  return cases;
}

/** The tune part: the only cases a detector change may be made from. */
export function loadTuneCases(dir = EVAL_DIR): EvalCase[] {
  return JSON.parse(readFileSync(join(dir, "data", "tune.json"), "utf8")) as EvalCase[];
}
