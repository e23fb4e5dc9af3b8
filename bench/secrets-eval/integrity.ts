/**
 * Loading and integrity of the secret evaluation: the frozen part's bytes must hash to the sha256 in frozen.json
 * (quoted in README.md), so a figure is never computed on a frozen part that differs from the one frozen.
 */
import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { basename, join } from "node:path";
import { fileURLToPath } from "node:url";
import { ownLookalikesV2 } from "./own-lookalikes-v2.js";
import { ownLookalikesV3 } from "./own-lookalikes-v3.js";
import type { EvalCase } from "./types.js";

export const EVAL_DIR = fileURLToPath(new URL(".", import.meta.url));

/**
 * Where the labelled cases are. They are extracted from other projects' test fixtures (see README.md), which are not
 * committed here: rebuild them with build.ts and build-detect-secrets.py into this folder (git-ignored) or point
 * TOLLGATE_SECRETS_EVAL_DATA at a folder that holds them. The frozen hashes below are what a rebuild must match.
 */
export const DATA_DIR = process.env.TOLLGATE_SECRETS_EVAL_DATA ?? join(EVAL_DIR, "data");

/** Whether the labelled cases are on this machine (they are not in a clean clone). */
export function evalDataPresent(dataDir = DATA_DIR): boolean {
  return existsSync(join(dataDir, "frozen.json"));
}

export interface FrozenRecord {
  file: string;
  sha256: string;
  cases: number;
  secrets: number;
  lookalikes: number;
  frozenAt: string;
}

/** The frozen parts, each a record file naming its data file and hash; quoted first, in this order. */
export const FROZEN_RECORDS = [
  "frozen.json",
  "frozen-detect-secrets.json",
  "frozen-s21.json",
  "frozen-s22.json",
] as const;
export type FrozenRecordFile = (typeof FROZEN_RECORDS)[number];

/** The tune parts: the only cases a detector change may be made from. */
export const TUNE_FILES = ["tune.json", "detect-secrets-tune.json"] as const;

export function readFrozenRecord(dir = EVAL_DIR, recordFile: FrozenRecordFile = "frozen.json"): FrozenRecord {
  return JSON.parse(readFileSync(join(dir, recordFile), "utf8")) as FrozenRecord;
}

/** The sha256 the frozen parts are recorded under: of the compact JSON of the parsed array. */
export function canonicalSha256(cases: readonly EvalCase[]): string {
  return sha256Of(Buffer.from(JSON.stringify(cases)));
}

export function sha256Of(bytes: Buffer): string {
  return createHash("sha256").update(bytes).digest("hex");
}

/** The frozen cases, after checking the hash and the counts; throws (says what differs) otherwise. */
export function loadFrozenCases(
  dir = EVAL_DIR,
  recordFile: FrozenRecordFile = "frozen.json",
  dataDir = DATA_DIR,
): EvalCase[] {
  const record = readFrozenRecord(dir, recordFile);
  const cases = JSON.parse(readFileSync(join(dataDir, basename(record.file)), "utf8")) as EvalCase[];
  // The hash is of the canonical JSON (compact), so reformatting the file does not change it; any edit to a case does.
  const actual = canonicalSha256(cases);
  if (actual !== record.sha256)
    throw new Error(`secrets-eval: ${record.file} hashes to ${actual}, frozen as ${record.sha256}`);
  const secrets = cases.filter((c) => c.label === "secret").length;
  if (cases.length !== record.cases || secrets !== record.secrets)
    throw new Error(
      `secrets-eval: ${record.file} holds ${cases.length} cases (${secrets} secrets), frozen.json says ${record.cases} (${record.secrets})`,
    );
  return cases;
}

/** The tune parts of every source: the only cases a detector change may be made from. */
export function loadTuneCases(dataDir = DATA_DIR): EvalCase[] {
  return TUNE_FILES.flatMap((f) => JSON.parse(readFileSync(join(dataDir, f), "utf8")) as EvalCase[]);
}

/** The session-11 tune part (build-s11.ts), checked against tune-s11-record.json; where it is. */
export const TUNE_S11_RECORD = "tune-s11-record.json";

/**
 * The session-11 tune part (kingfisher's vendors outside gitleaks' configuration, noseyparker), from DATA_DIR or,
 * when that folder does not hold it, this folder's git-ignored `data/`; undefined when neither does (a clean clone:
 * rebuild it with build-s11.ts). Throws when it does not hash to the recorded sha256.
 */
export function loadTuneS11(dataDir = DATA_DIR): EvalCase[] | undefined {
  return loadRecordedTunePart("tune-s11.json", TUNE_S11_RECORD, dataDir);
}

/** The session-12 tune part (build-s12.ts: CredSweeper, gosec), likewise checked against tune-s12-record.json. */
export function loadTuneS12(dataDir = DATA_DIR): EvalCase[] | undefined {
  return loadRecordedTunePart("tune-s12.json", "tune-s12-record.json", dataDir);
}

/** The session-13 tune part (build-s13.ts: trivy, ripsecrets), likewise checked against tune-s13-record.json. */
export function loadTuneS13(dataDir = DATA_DIR): EvalCase[] | undefined {
  return loadRecordedTunePart("tune-s13.json", "tune-s13-record.json", dataDir);
}

/** The session-14 tune part (build-s14.ts: titus), likewise checked against tune-s14-record.json. */
export function loadTuneS14(dataDir = DATA_DIR): EvalCase[] | undefined {
  return loadRecordedTunePart("tune-s14.json", "tune-s14-record.json", dataDir);
}

/** The session-15 tune part (build-s15.ts: osv-scalibr), likewise checked against tune-s15-record.json. */
export function loadTuneS15(dataDir = DATA_DIR): EvalCase[] | undefined {
  return loadRecordedTunePart("tune-s15.json", "tune-s15-record.json", dataDir);
}

/** The session-16 tune part (build-s16.ts: horusec, bandit, ruff), likewise checked against tune-s16-record.json. */
export function loadTuneS16(dataDir = DATA_DIR): EvalCase[] | undefined {
  return loadRecordedTunePart("tune-s16.json", "tune-s16-record.json", dataDir);
}

/** The session-17 tune part (build-s17.ts: secret-scanning-custom-patterns), checked against tune-s17-record.json. */
export function loadTuneS17(dataDir = DATA_DIR): EvalCase[] | undefined {
  return loadRecordedTunePart("tune-s17.json", "tune-s17-record.json", dataDir);
}

/** The session-21 tune half (build-s21.ts: IBM detect-secrets, checkov, earlybird, no-secrets), against its record. */
export function loadTuneS21(dataDir = DATA_DIR): EvalCase[] | undefined {
  return loadRecordedTunePart("tune-s21.json", "tune-s21-record.json", dataDir);
}

/** The session-22 tune part (build-s22-tune.ts: trufflehog's pattern tests, secrets only), against its record. */
export function loadTuneS22(dataDir = DATA_DIR): EvalCase[] | undefined {
  return loadRecordedTunePart("tune-s22.json", "tune-s22-record.json", dataDir);
}

/** The session-23 tune part (build-s23.ts: sarif-pattern-matcher's plaintext-secret tests), against its record. */
export function loadTuneS23(dataDir = DATA_DIR): EvalCase[] | undefined {
  return loadRecordedTunePart("tune-s23.json", "tune-s23-record.json", dataDir);
}

function loadRecordedTunePart(file: string, recordFile: string, dataDir: string): EvalCase[] | undefined {
  const path = [join(dataDir, file), join(EVAL_DIR, "data", file)].find(existsSync);
  if (path === undefined) return undefined;
  const record = JSON.parse(readFileSync(join(EVAL_DIR, recordFile), "utf8")) as FrozenRecord;
  const cases = JSON.parse(readFileSync(path, "utf8")) as EvalCase[];
  const actual = canonicalSha256(cases);
  if (actual !== record.sha256)
    throw new Error(`secrets-eval: ${path} hashes to ${actual}, recorded as ${record.sha256}`);
  return cases;
}

/** The second set of own look-alikes, split as build.ts splits (sha256 of the group, first byte below 128: frozen). */
export function splitOwnLookalikesV2(): { frozen: EvalCase[]; tune: EvalCase[] } {
  return splitByGroup(ownLookalikesV2());
}

/** The third set of own look-alikes (session 9), split as the second. */
export function splitOwnLookalikesV3(): { frozen: EvalCase[]; tune: EvalCase[] } {
  return splitByGroup(ownLookalikesV3());
}

function splitByGroup(all: EvalCase[]): { frozen: EvalCase[]; tune: EvalCase[] } {
  const frozen = all.filter((c) => Number.parseInt(sha256Of(Buffer.from(c.group)).slice(0, 2), 16) < 128);
  return { frozen, tune: all.filter((c) => !frozen.includes(c)) };
}

export const OWN_V2_RECORD = "frozen-own-v2.json";

export const OWN_V3_RECORD = "frozen-own-v3.json";

/** The frozen half of the second own set, after checking its hash against frozen-own-v2.json; throws otherwise. */
export function loadFrozenOwnV2(dir = EVAL_DIR): EvalCase[] {
  return checkedFrozenHalf(dir, OWN_V2_RECORD, "v2", splitOwnLookalikesV2().frozen);
}

/** The frozen half of the third own set, after checking its hash against frozen-own-v3.json; throws otherwise. */
export function loadFrozenOwnV3(dir = EVAL_DIR): EvalCase[] {
  return checkedFrozenHalf(dir, OWN_V3_RECORD, "v3", splitOwnLookalikesV3().frozen);
}

function checkedFrozenHalf(dir: string, recordFile: string, name: string, frozen: EvalCase[]): EvalCase[] {
  const record = JSON.parse(readFileSync(join(dir, recordFile), "utf8")) as FrozenRecord;
  const actual = canonicalSha256(frozen);
  if (actual !== record.sha256 || frozen.length !== record.cases)
    throw new Error(
      `secrets-eval: own look-alikes ${name} hash to ${actual} (${frozen.length}), frozen as ${record.sha256}`,
    );
  return frozen;
}
