/**
 * Loading and integrity of the frozen held-out set v2: the bytes of samples.json must hash to the sha256 frozen in
 * frozen.json (and quoted in README.md), and every record must be well formed. Shared by run.ts and the vitest
 * integrity test, so the figure is never computed on a set that differs from the frozen one.
 */
import { fileURLToPath } from "node:url";
import {
  type FrozenRecord,
  type FrozenSetSpec,
  loadFrozenSet,
  readFrozenRecord,
  validateSampleRecords,
} from "../lib/frozen-heldout.js";
import { ATTACK_CLASSES, BENIGN_CLASSES } from "./author/types.js";

export { type FrozenRecord, type HeldoutSample, sha256Of } from "../lib/frozen-heldout.js";

export const HELDOUT_DIR = fileURLToPath(new URL(".", import.meta.url));

const SET: FrozenSetSpec = {
  label: "held-out v2",
  dir: HELDOUT_DIR,
  attackClasses: ATTACK_CLASSES,
  benignClasses: BENIGN_CLASSES,
};

export function readFrozen(dir = HELDOUT_DIR): FrozenRecord {
  return readFrozenRecord(dir);
}

/** Every problem with the records, as "id: message" strings; empty when the set is well formed. */
export function validateSamples(data: unknown): string[] {
  return validateSampleRecords(SET, data);
}

/** The samples, after checking the hash and the records; throws (says what differs) otherwise. */
export function loadFrozenSamples(dir = HELDOUT_DIR) {
  return loadFrozenSet(SET, dir);
}
