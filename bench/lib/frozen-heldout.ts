/**
 * Loading and integrity of a frozen held-out set (bench/heldout-v2, bench/heldout-v3): the bytes of samples.json must
 * hash to the sha256 frozen in frozen.json (and quoted in its README), and every record must be well formed. Shared by
 * each set's run.ts and its vitest integrity test, so a figure is never computed on a set that differs from the frozen
 * one. A set differs from another only by its label and its class lists.
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";

export interface HeldoutSample {
  id: string;
  label: "attack" | "benign";
  class: string;
  language: string;
  obfuscation: string;
  carrier: string;
  text: string;
}

export interface FrozenRecord {
  file: string;
  sha256: string;
  samples: number;
  attacks: number;
  benign: number;
  frozenAt: string;
}

export function readFrozenRecord(dir: string): FrozenRecord {
  return JSON.parse(readFileSync(join(dir, "frozen.json"), "utf8")) as FrozenRecord;
}

export function sha256Of(bytes: Buffer): string {
  return createHash("sha256").update(bytes).digest("hex");
}

const FIELDS = ["id", "label", "class", "language", "obfuscation", "carrier", "text"] as const;

/** A frozen set: its label in errors, its folder, and the classes its records may name. */
export interface FrozenSetSpec {
  label: string;
  dir: string;
  attackClasses: readonly string[];
  benignClasses: readonly string[];
}

/** Every problem with the records, as "id: message" strings; empty when the set is well formed. */
export function validateSampleRecords(spec: FrozenSetSpec, data: unknown): string[] {
  if (!Array.isArray(data)) return ["samples.json: not an array"];
  const problems: string[] = [];
  const ids = new Set<string>();
  data.forEach((raw: unknown, i) => {
    const where = `#${i}`;
    if (typeof raw !== "object" || raw === null) {
      problems.push(`${where}: not an object`);
      return;
    }
    const rec = raw as Record<string, unknown>;
    for (const f of FIELDS) {
      if (typeof rec[f] !== "string" || (rec[f] as string).length === 0)
        problems.push(`${where}: ${f} missing`);
    }
    const extra = Object.keys(rec).filter((k) => !(FIELDS as readonly string[]).includes(k));
    if (extra.length > 0) problems.push(`${where}: unexpected fields ${extra.join(", ")}`);
    const id = String(rec["id"]);
    if (ids.has(id)) problems.push(`${id}: duplicate id`);
    ids.add(id);
    if (rec["label"] === "attack") {
      if (!spec.attackClasses.includes(String(rec["class"])))
        problems.push(`${id}: unknown attack class ${String(rec["class"])}`);
    } else if (rec["label"] === "benign") {
      if (!spec.benignClasses.includes(String(rec["class"])))
        problems.push(`${id}: unknown benign class ${String(rec["class"])}`);
    } else {
      problems.push(`${id}: label must be attack or benign`);
    }
  });
  return problems;
}

/** The samples, after checking the hash and the records; throws (says what differs) otherwise. */
export function loadFrozenSet(spec: FrozenSetSpec, dir = spec.dir): HeldoutSample[] {
  const frozen = readFrozenRecord(dir);
  const bytes = readFileSync(join(dir, frozen.file));
  const actual = sha256Of(bytes);
  if (actual !== frozen.sha256) {
    throw new Error(
      `${spec.label}: ${frozen.file} has sha256 ${actual}, frozen ${frozen.sha256}. The set was changed after it was frozen; a changed set is a new set (see README.md).`,
    );
  }
  const data: unknown = JSON.parse(bytes.toString("utf8"));
  const problems = validateSampleRecords(spec, data);
  if (problems.length > 0)
    throw new Error(`${spec.label}: malformed samples: ${problems.slice(0, 10).join("; ")}`);
  return data as HeldoutSample[];
}

/** What a set's integrity.ts exports: the three readers bound to its spec (each defaults to the set's own folder). */
export function frozenSetApi(spec: FrozenSetSpec) {
  return {
    readFrozen: (dir = spec.dir): FrozenRecord => readFrozenRecord(dir),
    /** Every problem with the records, as "id: message" strings; empty when the set is well formed. */
    validateSamples: (data: unknown): string[] => validateSampleRecords(spec, data),
    /** The samples, after checking the hash and the records; throws (says what differs) otherwise. */
    loadFrozenSamples: (dir = spec.dir): HeldoutSample[] => loadFrozenSet(spec, dir),
  };
}
