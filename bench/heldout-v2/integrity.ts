/**
 * Loading and integrity of the frozen held-out set v2: the bytes of samples.json must hash to the sha256 frozen in
 * frozen.json (and quoted in README.md), and every record must be well formed. Shared by run.ts and the vitest
 * integrity test, so the figure is never computed on a set that differs from the frozen one.
 */
import { fileURLToPath } from "node:url";
import { frozenSetApi } from "../lib/frozen-heldout.js";
import { ATTACK_CLASSES, BENIGN_CLASSES } from "./author/types.js";

export { type FrozenRecord, type HeldoutSample, sha256Of } from "../lib/frozen-heldout.js";

export const HELDOUT_DIR = fileURLToPath(new URL(".", import.meta.url));

export const { readFrozen, validateSamples, loadFrozenSamples } = frozenSetApi({
  label: "held-out v2",
  dir: HELDOUT_DIR,
  attackClasses: ATTACK_CLASSES,
  benignClasses: BENIGN_CLASSES,
});
