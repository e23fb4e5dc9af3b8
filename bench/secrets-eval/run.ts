/**
 * Secret evaluation: recall on labelled secrets and the false-positive rate on look-alikes (the share of look-alike
 * cases with ANY secret finding), on the frozen part first, then the tune part, with Wilson 95% intervals and a
 * per-vendor table. Every built-in secret detector runs on each case's text, as the scanner would run them.
 *
 *   npm run eval:secrets            # both parts
 *   npm run eval:secrets -- --misses tune   # also list the tune part's misses and false positives
 *   npm run eval:secrets -- --tune-only     # the tune part alone (while tuning, the frozen part is not run)
 */
import { createSecretDetectors } from "../../src/engine/detectors/secrets/index.js";
import type { TextMatch } from "../../src/engine/types.js";
import {
  FROZEN_RECORDS,
  loadFrozenCases,
  loadFrozenOwnV2,
  loadFrozenOwnV3,
  loadTuneCases,
  loadTuneS11,
  loadTuneS12,
  loadTuneS13,
  loadTuneS14,
  loadTuneS15,
  loadTuneS16,
  loadTuneS17,
  loadTuneS21,
  loadTuneS22,
  loadTuneS23,
  readFrozenRecord,
  splitOwnLookalikesV2,
  splitOwnLookalikesV3,
} from "./integrity.js";
import { ownLookalikesV4 } from "./own-lookalikes-v4.js";
import { ownLookalikesV5 } from "./own-lookalikes-v5.js";
import { ownLookalikesV6 } from "./own-lookalikes-v6.js";
import type { EvalCase } from "./types.js";

const detectors = createSecretDetectors();

export function secretFindings(text: string): TextMatch[] {
  const out: TextMatch[] = [];
  for (const d of detectors) d.detect(text, out);
  return out.filter((m) => m.kind === "secret");
}

/** True when the case is scored correctly: a secret covered, or a look-alike left alone. */
export function scoreCase(c: EvalCase): boolean {
  const found = secretFindings(c.text);
  if (c.label === "lookalike") return found.length === 0;
  if (c.span === undefined) return found.length > 0;
  const [start, end] = c.span;
  return found.some((m) => m.start < end && m.end > start);
}

/** Wilson score interval at 95%. */
export function wilson(k: number, n: number): [number, number] {
  if (n === 0) return [0, 1];
  const z = 1.96;
  const p = k / n;
  const denom = 1 + (z * z) / n;
  const centre = (p + (z * z) / (2 * n)) / denom;
  const half = (z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n))) / denom;
  return [Math.max(0, centre - half), Math.min(1, centre + half)];
}

export interface PartResult {
  recall: { hit: number; n: number };
  falsePositive: { hit: number; n: number };
  byVendor: Map<string, { hit: number; n: number; fp: number; neg: number }>;
  misses: EvalCase[];
  falsePositives: EvalCase[];
}

export function evaluate(cases: readonly EvalCase[]): PartResult {
  const result: PartResult = {
    recall: { hit: 0, n: 0 },
    falsePositive: { hit: 0, n: 0 },
    byVendor: new Map(),
    misses: [],
    falsePositives: [],
  };
  for (const c of cases) {
    const ok = scoreCase(c);
    const row = result.byVendor.get(c.vendor) ?? { hit: 0, n: 0, fp: 0, neg: 0 };
    result.byVendor.set(c.vendor, row);
    if (c.label === "secret") {
      result.recall.n++;
      row.n++;
      if (ok) {
        result.recall.hit++;
        row.hit++;
      } else result.misses.push(c);
    } else {
      result.falsePositive.n++;
      row.neg++;
      if (!ok) {
        result.falsePositive.hit++;
        row.fp++;
        result.falsePositives.push(c);
      }
    }
  }
  return result;
}

const pct = (x: number) => x.toFixed(3);

function rate(hit: number, n: number): string {
  const [lo, hi] = wilson(hit, n);
  return `${pct(n === 0 ? 0 : hit / n)} (${hit}/${n}, 95% CI ${pct(lo)}-${pct(hi)})`;
}

function report(name: string, cases: readonly EvalCase[], showMisses: boolean): void {
  const r = evaluate(cases);
  console.log(`\n## ${name}: ${cases.length} cases`);
  console.log(`recall          ${rate(r.recall.hit, r.recall.n)}`);
  console.log(`false positives ${rate(r.falsePositive.hit, r.falsePositive.n)}`);
  for (const source of [
    "secretlint",
    "kingfisher",
    "own",
    "detect-secrets",
    "noseyparker",
    "whispers",
    "credsweeper",
    "gosec",
    "trivy",
    "ripsecrets",
    "titus",
    "osv-scalibr",
    "horusec",
    "bandit",
    "ruff",
    "secret-scanning-custom-patterns",
    "leaky-repo",
    "ibm-detect-secrets",
    "checkov",
    "earlybird",
    "eslint-plugin-no-secrets",
    "sonar-text",
    "trufflehog",
    "sarif-pattern-matcher",
  ]) {
    if (!cases.some((c) => c.source === source)) continue;
    const part = evaluate(cases.filter((c) => c.source === source));
    console.log(
      `  ${source.padEnd(10)} recall ${rate(part.recall.hit, part.recall.n)}; FP ${rate(part.falsePositive.hit, part.falsePositive.n)}`,
    );
  }
  console.log("\n| vendor | secrets found | look-alikes flagged |\n|---|---|---|");
  for (const [vendor, row] of [...r.byVendor].sort((a, b) => a[0].localeCompare(b[0])))
    console.log(
      `| ${vendor} | ${row.n === 0 ? "-" : `${row.hit}/${row.n}`} | ${row.neg === 0 ? "-" : `${row.fp}/${row.neg}`} |`,
    );
  if (!showMisses) return;
  for (const c of r.misses) console.log(`MISS ${c.id}\n  ${excerpt(c)}`);
  for (const c of r.falsePositives)
    console.log(
      `FP ${c.id}\n  ${secretFindings(c.text)
        .map((m) => `${m.ruleId}: ${JSON.stringify(c.text.slice(m.start, m.end))}`)
        .join("; ")}`,
    );
}

function excerpt(c: EvalCase): string {
  if (c.span === undefined) return JSON.stringify(c.text.slice(0, 160));
  return JSON.stringify(c.text.slice(Math.max(0, c.span[0] - 60), c.span[1] + 20));
}

function main(): void {
  const args = process.argv.slice(2);
  const missesOf = args.includes("--misses") ? args[args.indexOf("--misses") + 1] : undefined;
  if (missesOf === "frozen")
    throw new Error("the frozen part's misses are not listed: tune only on the tune part");
  // Every frozen part first (each checked against its recorded sha256), then the tune parts together.
  for (const recordFile of args.includes("--tune-only") ? [] : FROZEN_RECORDS) {
    const record = readFrozenRecord(undefined, recordFile);
    console.log(`\nfrozen part ${record.file}: sha256 ${record.sha256} (frozen ${record.frozenAt})`);
    report(`frozen (${record.file})`, loadFrozenCases(undefined, recordFile), false);
  }
  // The second own look-alike set (own-lookalikes-v2.ts): its frozen half, hash-checked, then its tune half with the rest.
  if (!args.includes("--tune-only")) report("frozen (own look-alikes v2)", loadFrozenOwnV2(), false);
  // The third (session 9), likewise.
  if (!args.includes("--tune-only")) report("frozen (own look-alikes v3)", loadFrozenOwnV3(), false);
  report(
    "tune (every source)",
    [...loadTuneCases(), ...splitOwnLookalikesV2().tune, ...splitOwnLookalikesV3().tune],
    missesOf === "tune",
  );
  // The session-11 tune part (build-s11.ts), reported on its own so the figures above stay comparable across rounds.
  const s11 = loadTuneS11();
  if (s11 === undefined) console.log("\n(tune-s11.json absent: rebuild it with build-s11.ts)");
  else
    report(
      "tune s11 (kingfisher's other vendors, noseyparker, whispers)",
      s11,
      missesOf === "tune" || missesOf === "s11",
    );
  // The session-12 tune part (build-s12.ts), likewise on its own.
  const s12 = loadTuneS12();
  if (s12 === undefined) console.log("\n(tune-s12.json absent: rebuild it with build-s12.ts)");
  else report("tune s12 (CredSweeper, gosec)", s12, missesOf === "tune" || missesOf === "s12");
  // The session-13 tune part (build-s13.ts), likewise on its own.
  const s13 = loadTuneS13();
  if (s13 === undefined) console.log("\n(tune-s13.json absent: rebuild it with build-s13.ts)");
  else report("tune s13 (trivy, ripsecrets)", s13, missesOf === "tune" || missesOf === "s13");
  // The session-14 tune part (build-s14.ts), likewise on its own.
  const s14 = loadTuneS14();
  if (s14 === undefined) console.log("\n(tune-s14.json absent: rebuild it with build-s14.ts)");
  else report("tune s14 (titus)", s14, missesOf === "tune" || missesOf === "s14");
  // The fourth own look-alike set (session 15: UI and locale strings under password keys), tune only.
  report("tune own look-alikes v4 (UI, locale)", ownLookalikesV4(), missesOf === "tune" || missesOf === "v4");
  // The session-15 tune part (build-s15.ts), likewise on its own.
  const s15 = loadTuneS15();
  if (s15 === undefined) console.log("\n(tune-s15.json absent: rebuild it with build-s15.ts)");
  else report("tune s15 (osv-scalibr)", s15, missesOf === "tune" || missesOf === "s15");
  // The fifth own look-alike set (session 16: issue 16's look-alike classes in code and containers), tune only.
  report(
    "tune own look-alikes v5 (code, containers)",
    ownLookalikesV5(),
    missesOf === "tune" || missesOf === "v5",
  );
  // The session-16 tune part (build-s16.ts: credentials written as code), likewise on its own.
  const s16 = loadTuneS16();
  if (s16 === undefined) console.log("\n(tune-s16.json absent: rebuild it with build-s16.ts)");
  else report("tune s16 (horusec, bandit, ruff: code)", s16, missesOf === "tune" || missesOf === "s16");
  // The session-17 tune part (build-s17.ts: GitHub's custom secret-scanning patterns), likewise on its own.
  const s17 = loadTuneS17();
  if (s17 === undefined) console.log("\n(tune-s17.json absent: rebuild it with build-s17.ts)");
  else
    report(
      "tune s17 (secret-scanning-custom-patterns, leaky-repo)",
      s17,
      missesOf === "tune" || missesOf === "s17",
    );
  // The sixth own look-alike set (session 17: new shapes), tune only.
  report("tune own look-alikes v6 (new shapes)", ownLookalikesV6(), missesOf === "tune" || missesOf === "v6");
  // The session-21 tune half (build-s21.ts); its frozen half is quoted with the other frozen parts above.
  const s21 = loadTuneS21();
  if (s21 === undefined) console.log("\n(tune-s21.json absent: rebuild it with build-s21.ts)");
  else
    report(
      "tune s21 (IBM detect-secrets, checkov, earlybird, no-secrets)",
      s21,
      missesOf === "tune" || missesOf === "s21",
    );
  // The session-22 tune part (build-s22-tune.ts: trufflehog, secrets only); its frozen part is sonar-text's.
  const s22 = loadTuneS22();
  if (s22 === undefined) console.log("\n(tune-s22.json absent: rebuild it with build-s22-tune.ts)");
  else report("tune s22 (trufflehog, secrets only)", s22, missesOf === "tune" || missesOf === "s22");
  // The session-23 tune part (build-s23.ts: sarif-pattern-matcher, its authors' negatives beside the positives).
  const s23 = loadTuneS23();
  if (s23 === undefined) console.log("\n(tune-s23.json absent: rebuild it with build-s23.ts)");
  else report("tune s23 (sarif-pattern-matcher)", s23, missesOf === "tune" || missesOf === "s23");
}

if (process.argv[1] !== undefined && import.meta.url.endsWith(process.argv[1].split("/").pop() ?? "")) main();
