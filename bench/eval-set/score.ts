/**
 * Scores an engine on the generated eval set. The engine is seen only through `check(text)`, which returns the
 * output decision for a one-text-block tool result; findings are matched to gold by overlapping span on that block.
 *
 * - injection: detection rate on planted instructions, false-positive rate on benign tool output (flagged = any
 *   injection or markup finding, or a block: the same criterion as the public corpora);
 * - PII: per type, precision (predicted spans overlapping a gold span of the type), recall (gold spans overlapped by
 *   a prediction of the type) and F1;
 * - secrets: recall (gold secrets overlapped by any secret finding) and the false-positive rate on look-alike
 *   documents (any secret finding at all).
 */
import type { Finding, OutputDecision } from "../../src/index.js";
import type { Sample, SplitName } from "./generate.js";
import { PII_TYPES } from "./pii-templates.js";

export type Check = (text: string) => Promise<OutputDecision>;

export interface Rate {
  n: number;
  hit: number;
  rate: number;
}

export interface PiiScore {
  type: string;
  gold: number;
  predicted: number;
  truePositives: number;
  goldFound: number;
  precision: number;
  recall: number;
  f1: number;
}

export interface SplitScore {
  split: SplitName;
  samples: number;
  injection: {
    detection: Rate;
    falsePositives: Rate;
    byClass: Record<string, Rate>;
    byLanguage: Record<string, Rate>;
    byObfuscation: Record<string, Rate>;
    falsePositiveIds: string[];
    missedIds: string[];
  };
  pii: PiiScore[];
  /** PII recall per written format (see `formatOf`), for the types whose format varies. */
  piiRecallByFormat: Record<string, Rate>;
  secrets: {
    recall: Rate;
    falsePositives: Rate;
    recallByKind: Record<string, Rate>;
    falsePositivesByKind: Record<string, Rate>;
    missedIds: string[];
    falsePositiveIds: string[];
  };
}

const BLOCK_PATH = "/content/0/text";

const SEPARATOR_NAMES: Record<string, string> = {
  "\u00a0": "<nbsp>",
  "\u2009": "<thin>",
  "\u2013": "<en-dash>",
};

/**
 * The written format of a gold PII value, read back from the value itself: digits become 9, invisible or
 * look-alike separators are named (card grouping and separator, SSN separator, phone layout); IBANs by country and
 * print or electronic form.
 */
export function formatOf(type: string, value: string): string | undefined {
  if (type === "iban") return `${value.slice(0, 2)} ${value.includes(" ") ? "print" : "electronic"}`;
  if (type === "credit_card" || type === "us_ssn" || type === "phone") {
    return value.replace(/\d/g, "9").replace(/[\u00a0\u2009\u2013]/g, (c) => SEPARATOR_NAMES[c]!);
  }
  if (type === "ip_address") return value.includes(":") ? "IPv6" : "IPv4";
  return undefined;
}

export function flagged(decision: OutputDecision): boolean {
  return !decision.allowed || decision.findings.some((f) => f.kind === "injection" || f.kind === "markup");
}

function spanFindings(decision: OutputDecision, kind: Finding["kind"]): Finding[] {
  return decision.findings.filter(
    (f) => f.kind === kind && f.path === BLOCK_PATH && f.start !== undefined && f.end !== undefined,
  );
}

const overlaps = (f: Finding, g: { start: number; end: number }) => f.start! < g.end && g.start < f.end!;

class Tally {
  readonly #map = new Map<string, { n: number; hit: number }>();
  add(key: string, hit: boolean): void {
    const e = this.#map.get(key) ?? { n: 0, hit: 0 };
    e.n++;
    if (hit) e.hit++;
    this.#map.set(key, e);
  }
  get(key: string): Rate {
    const e = this.#map.get(key) ?? { n: 0, hit: 0 };
    return { ...e, rate: e.n === 0 ? Number.NaN : e.hit / e.n };
  }
  all(): Record<string, Rate> {
    return Object.fromEntries([...this.#map.keys()].sort().map((k) => [k, this.get(k)]));
  }
}

export async function scoreSplit(
  split: SplitName,
  samples: readonly Sample[],
  check: Check,
): Promise<SplitScore> {
  const inj = new Tally();
  const byClass = new Tally();
  const byLanguage = new Tally();
  const byObfuscation = new Tally();
  const injFp: string[] = [];
  const injMiss: string[] = [];
  const pii = new Map(PII_TYPES.map((t) => [t, { gold: 0, predicted: 0, tp: 0, found: 0 }]));
  const piiFormat = new Tally();
  const sec = new Tally();
  const secRecall = new Tally();
  const secFp = new Tally();
  const secMiss: string[] = [];
  const secFpIds: string[] = [];

  for (const s of samples) {
    const decision = await check(s.text);
    if (s.task === "injection") {
      const hit = flagged(decision);
      if (s.positive) {
        inj.add("positive", hit);
        byClass.add(s.tags.cls!, hit);
        byLanguage.add(s.tags.lang!, hit);
        byObfuscation.add(s.tags.obfuscation!, hit);
        if (!hit) injMiss.push(s.id);
      } else {
        inj.add("benign", hit);
        if (hit) injFp.push(s.id);
      }
    } else if (s.task === "pii") {
      const predicted = spanFindings(decision, "pii");
      for (const [type, a] of pii) {
        const g = s.gold.filter((x) => x.kind === "pii" && x.type === type);
        const p = predicted.filter((f) => f.type === type);
        a.gold += g.length;
        a.predicted += p.length;
        for (const f of p) if (g.some((x) => overlaps(f, x))) a.tp++;
        for (const x of g) {
          const hit = p.some((f) => overlaps(f, x));
          if (hit) a.found++;
          const format = formatOf(type, x.value);
          if (format) piiFormat.add(`${type}: ${format}`, hit);
        }
      }
    } else {
      const found = spanFindings(decision, "secret");
      if (s.positive) {
        for (const g of s.gold.filter((x) => x.kind === "secret")) {
          const hit = found.some((f) => overlaps(f, g));
          sec.add("recall", hit);
          secRecall.add(g.type, hit);
          if (!hit) secMiss.push(s.id);
        }
      } else {
        const hit = decision.findings.some((f) => f.kind === "secret");
        sec.add("lookalike", hit);
        secFp.add(s.tags.kind!, hit);
        if (hit) secFpIds.push(s.id);
      }
    }
  }

  return {
    split,
    samples: samples.length,
    injection: {
      detection: inj.get("positive"),
      falsePositives: inj.get("benign"),
      byClass: byClass.all(),
      byLanguage: byLanguage.all(),
      byObfuscation: byObfuscation.all(),
      falsePositiveIds: injFp,
      missedIds: injMiss,
    },
    pii: [...pii].map(([type, a]) => {
      const precision = a.predicted === 0 ? Number.NaN : a.tp / a.predicted;
      const recall = a.gold === 0 ? Number.NaN : a.found / a.gold;
      return {
        type,
        gold: a.gold,
        predicted: a.predicted,
        truePositives: a.tp,
        goldFound: a.found,
        precision,
        recall,
        f1: (2 * precision * recall) / (precision + recall),
      };
    }),
    piiRecallByFormat: piiFormat.all(),
    secrets: {
      recall: sec.get("recall"),
      falsePositives: sec.get("lookalike"),
      recallByKind: secRecall.all(),
      falsePositivesByKind: secFp.all(),
      missedIds: secMiss,
      falsePositiveIds: secFpIds,
    },
  };
}
