/**
 * What the tune-part build scripts from the eighth round on share: dropping cases that repeat an earlier part, reading
 * the earlier parts, and writing a part with its sha256 record.
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { ownLookalikesV2 } from "./own-lookalikes-v2.js";
import { ownLookalikesV3 } from "./own-lookalikes-v3.js";
import type { EvalCase } from "./types.js";

const HERE = fileURLToPath(new URL(".", import.meta.url));

export const TOKEN = /[A-Za-z0-9_\-+/=.]{16,}/g;

/**
 * Drops cases sharing a long token with an earlier case, or with a case of another group kept before them (unless the
 * token is in `boilerplate`: text a source repeats around its values, such as one compose file's image name).
 */
export function dropRepeats(
  fresh: EvalCase[],
  earlier: readonly EvalCase[],
  boilerplate: ReadonlySet<string> = new Set(),
): { kept: EvalCase[]; dropped: number } {
  const seen = earlier.map((c) => c.text).join("\n");
  const keptTokens = new Map<string, string>();
  const kept: EvalCase[] = [];
  for (const c of fresh) {
    const tokens = c.text.match(TOKEN) ?? [];
    const repeat = tokens.some(
      (t) => (keptTokens.has(t) && keptTokens.get(t) !== c.group && !boilerplate.has(t)) || seen.includes(t),
    );
    if (repeat) continue;
    for (const t of tokens) if (!keptTokens.has(t)) keptTokens.set(t, c.group);
    kept.push(c);
  }
  return { kept, dropped: fresh.length - kept.length };
}

/** Texts labelled both ways inside the source are dropped (a detector's negative may be another's positive). */
export function dropConflicts(cases: EvalCase[]): EvalCase[] {
  const labels = new Map<string, Set<string>>();
  for (const c of cases) labels.set(c.text, (labels.get(c.text) ?? new Set()).add(c.label));
  const seen = new Set<string>();
  return cases.filter((c) => {
    if ((labels.get(c.text)?.size ?? 0) > 1 || seen.has(`${c.label}\0${c.text}`)) return false;
    seen.add(`${c.label}\0${c.text}`);
    return true;
  });
}

/**
 * Every part's data file, in the order the parts were built (each tune part's builder drops the cases the parts
 * before it already hold).
 */
const PART_FILES = [
  "frozen.json",
  "tune.json",
  "detect-secrets-frozen.json",
  "detect-secrets-tune.json",
  "tune-s11.json",
  "tune-s12.json",
  "tune-s13.json",
  "tune-s14.json",
  "tune-s15.json",
  "tune-s16.json",
  "tune-s17.json",
  "s21-frozen.json",
  "tune-s21.json",
  "s22-frozen.json",
  "tune-s22.json",
  "tune-s23.json",
] as const;

/**
 * The cases of the parts built before `part` (`tune-s16`), each file from the data folder or, failing that, this
 * folder's git-ignored `data/`.
 */
export function earlierCases(part: string): EvalCase[] {
  const at = PART_FILES.indexOf(`${part}.json` as (typeof PART_FILES)[number]);
  if (at < 0) throw new Error(`${part}: not a part listed in tune-part.ts PART_FILES`);
  const files = PART_FILES.slice(0, at);
  const dataDir = process.env.TOLLGATE_SECRETS_EVAL_DATA ?? join(HERE, "data");
  const paths = files.map((f) => [join(dataDir, f), join(HERE, "data", f)].find(existsSync));
  const missing = files.filter((_, i) => paths[i] === undefined);
  if (missing.length > 0)
    throw new Error(`${part}: earlier parts missing in ${dataDir}: ${missing.join(", ")}`);
  return [
    ...paths.flatMap((p) => JSON.parse(readFileSync(p as string, "utf8")) as EvalCase[]),
    ...ownLookalikesV2(),
    ...ownLookalikesV3(),
  ];
}

/** Writes `<name>.json` into the output folder and `<name>-record.json` (sha256, counts, sources) beside this file. */
export function writeTunePart(
  name: string,
  kept: readonly EvalCase[],
  dropped: number,
  sources: Readonly<Record<string, string>>,
): void {
  const outDir = process.env.TOLLGATE_SECRETS_EVAL_OUT ?? join(HERE, "data");
  mkdirSync(outDir, { recursive: true });
  writeFileSync(join(outDir, `${name}.json`), `${JSON.stringify(kept, null, 1)}\n`);
  const count = (label: string) => kept.filter((c) => c.label === label).length;
  const record = {
    file: `data/${name}.json`,
    sha256: createHash("sha256").update(JSON.stringify(kept)).digest("hex"),
    cases: kept.length,
    secrets: count("secret"),
    lookalikes: count("lookalike"),
    droppedAsRepeats: dropped,
    sources,
  };
  writeFileSync(join(HERE, `${name}-record.json`), `${JSON.stringify(record, null, 2)}\n`);
  console.log(JSON.stringify(record));
}
