/**
 * Output-check throughput on 1 MB results, side by side on the same inputs: the local engine's full default output
 * check, its PII detectors alone, langchain v1's built-in piiMiddleware detectors, and redact-pii. Each row carries
 * the detection counts next to the speed, so a fast row that finds nothing is visible as such.
 */
import { detectCreditCard, detectEmail, detectIP, detectMacAddress, detectUrl } from "langchain";
import { SyncRedactor } from "redact-pii";
import { createDetectorSet } from "../src/engine/detector-set.js";
import { LocalPolicyEngine } from "../src/engine/local-engine.js";
import { resolvePolicy } from "../src/engine/policy.js";
import type { TextMatch } from "../src/engine/types.js";
import { type InputKind, payload, textResult } from "./fixtures/inputs.js";
import { collectGarbage, median } from "./lib/stats.js";

export interface ThroughputRow {
  /** `structured`: the JSON records parsed, as structuredContent (many short strings and keys). */
  input: InputKind | "structured";
  bytes: number;
  redactor: string;
  medianMs: number;
  mbPerSec: number;
  runs: number;
  /** Detections by type (engine: findings; peers: matches or replacement tokens). */
  counts: Record<string, number>;
  total: number;
}

/** Runs `fn` until at least `minMs` have passed (and at least `minRuns` times) after one warm-up run. */
async function measure(
  fn: () => unknown,
  minMs = 1500,
  minRuns = 5,
  maxRuns = 200,
): Promise<{ ms: number; runs: number }> {
  await fn();
  collectGarbage();
  const times: number[] = [];
  const started = performance.now();
  while (times.length < maxRuns && (times.length < minRuns || performance.now() - started < minMs)) {
    const s = performance.now();
    await fn();
    times.push(performance.now() - s);
  }
  return { ms: median(times), runs: times.length };
}

function tally(types: string[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const t of types) counts[t] = (counts[t] ?? 0) + 1;
  return counts;
}

// redact-pii's default replacement tokens (snake-case upper of each built-in rule name).
const REDACT_PII_TOKENS = [
  "CREDIT_CARD_NUMBER",
  "STREET_ADDRESS",
  "ZIPCODE",
  "PHONE_NUMBER",
  "IP_ADDRESS",
  "US_SOCIAL_SECURITY_NUMBER",
  "EMAIL_ADDRESS",
  "USERNAME",
  "PASSWORD",
  "CREDENTIALS",
  "DIGITS",
  "URL",
  "PERSON_NAME",
];

function countTokens(text: string, token: string): number {
  const re = new RegExp(`\\b${token}\\b`, "g");
  return text.match(re)?.length ?? 0;
}

export async function runThroughput(
  bytes = 1024 * 1024,
  log: (line: string) => void = () => {},
): Promise<ThroughputRow[]> {
  const engine = new LocalPolicyEngine();
  // The worker thread for long strings starts on the first long result and is skipped until it is ready; start it
  // first so every measured check has it (a service would call this at start-up).
  const engineWorker = await engine.startWorker();
  log(`throughput: engine worker thread ${engineWorker ? "running" : "not available"}`);
  const inline = new LocalPolicyEngine({}, { worker: false });
  const detectors = createDetectorSet(resolvePolicy({}));
  const redactPii = new SyncRedactor();
  const langchainDetectors = {
    email: detectEmail,
    credit_card: detectCreditCard,
    ip: detectIP,
    mac_address: detectMacAddress,
    url: detectUrl,
  };
  const rows: ThroughputRow[] = [];

  for (const input of ["text", "json"] as const) {
    const text = payload(input, bytes);
    const size = Buffer.byteLength(text, "utf8");
    const request = {
      connectorType: "bench.payload",
      serverName: "bench",
      toolName: "payload",
      callId: "bench",
      args: {},
      result: textResult(text),
    };
    const row = (redactor: string, m: { ms: number; runs: number }, counts: Record<string, number>) => {
      const r: ThroughputRow = {
        input,
        bytes: size,
        redactor,
        medianMs: m.ms,
        mbPerSec: size / 1e6 / (m.ms / 1000),
        runs: m.runs,
        counts,
        total: Object.values(counts).reduce((a, b) => a + b, 0),
      };
      log(`throughput ${input} ${redactor}: ${r.mbPerSec.toFixed(1)} MB/s`);
      rows.push(r);
    };

    const decision = await engine.checkOutput(request);
    row(
      "mcp-tollgate: full default output check",
      await measure(() => engine.checkOutput(request)),
      tally(decision.findings.map((f) => f.type)),
    );
    const inlineDecision = await inline.checkOutput(request);
    row(
      "mcp-tollgate: full default output check, calling thread only (worker: false)",
      await measure(() => inline.checkOutput(request)),
      tally(inlineDecision.findings.map((f) => f.type)),
    );

    const piiOut: TextMatch[] = [];
    const runPii = () => {
      piiOut.length = 0;
      for (const d of detectors.pii) d.detect(text, piiOut);
    };
    runPii();
    row("mcp-tollgate: PII detectors only", await measure(runPii), tally(piiOut.map((m) => m.type)));

    const lcCounts: Record<string, number> = {};
    for (const [type, detect] of Object.entries(langchainDetectors)) lcCounts[type] = detect(text).length;
    row(
      "langchain piiMiddleware built-ins (email, credit_card, ip, mac_address, url)",
      await measure(() => {
        for (const detect of Object.values(langchainDetectors)) detect(text);
      }),
      lcCounts,
    );

    const redacted = redactPii.redact(text);
    const rpCounts: Record<string, number> = {};
    for (const token of REDACT_PII_TOKENS) {
      const n = countTokens(redacted, token) - countTokens(text, token);
      if (n > 0) rpCounts[token.toLowerCase()] = n;
    }
    row(
      "redact-pii SyncRedactor (all built-ins)",
      await measure(() => redactPii.redact(text), 3000, 3, 20),
      rpCounts,
    );
  }
  // Speed that grows with matches, not rules: the same check with 50 more rules declared in the policy (vendor-style
  // tokens with a literal prefix as keyword, none of which occurs in the text). With the shared literal prefilter
  // the 50 rules cost one automaton pass per string instead of 50 regex scans; the rules without keywords are gated
  // by the literal their pattern starts with (keyword-prefilter.ts, derivedLiteral), so both rows should match.
  const text = payload("text", bytes);
  const textBytes = Buffer.byteLength(text, "utf8");
  const extraRules = (withKeywords: boolean) =>
    Array.from({ length: 50 }, (_, i) => ({
      id: `bench.vendor${i}`,
      kind: "secret" as const,
      type: `vendor${i}_token`,
      pattern: `vnd${i}q_[A-Za-z0-9]{24}`,
      ...(withKeywords ? { keywords: [`vnd${i}q_`] } : {}),
    }));
  for (const [label, policy] of [
    ["default policy", {}],
    // The learned scorer is opt-in: what turning it on costs.
    [
      "+ the learned injection scorer (rules: injection.scorer)",
      { rules: { "injection.scorer": "neutralise" } },
    ],
    ["+50 declared rules with keywords", { customRules: extraRules(true) }],
    ["+50 declared rules without keywords", { customRules: extraRules(false) }],
  ] as const) {
    const scaled = new LocalPolicyEngine(policy, { worker: false });
    const request = {
      connectorType: "bench.payload",
      serverName: "bench",
      toolName: "payload",
      callId: "bench",
      args: {},
      result: textResult(text),
    };
    const decision = await scaled.checkOutput(request);
    const m = await measure(() => scaled.checkOutput(request));
    const counts = tally(decision.findings.map((f) => f.type));
    rows.push({
      input: "text",
      bytes: textBytes,
      redactor: `mcp-tollgate: full output check, calling thread only, ${label}`,
      medianMs: m.ms,
      mbPerSec: textBytes / 1e6 / (m.ms / 1000),
      runs: m.runs,
      counts,
      total: Object.values(counts).reduce((a, b) => a + b, 0),
    });
    log(`throughput text ${label}: ${rows[rows.length - 1]!.mbPerSec.toFixed(1)} MB/s`);
  }

  // The typical JSON-heavy MCP result is structuredContent, not JSON text: ~100k short strings and keys, where
  // per-string costs dominate. Only mcp-tollgate takes an object, so there is no peer row here.
  const records = JSON.parse(payload("json", bytes)) as unknown[];
  const structured = {
    connectorType: "bench.payload",
    serverName: "bench",
    toolName: "payload",
    callId: "bench",
    args: {},
    result: { content: [{ type: "text" as const, text: "records" }], structuredContent: { records } },
  };
  const structuredBytes = Buffer.byteLength(JSON.stringify(structured.result), "utf8");
  const structuredDecision = await engine.checkOutput(structured);
  const m = await measure(() => engine.checkOutput(structured));
  const counts = tally(structuredDecision.findings.map((f) => f.type));
  rows.push({
    input: "structured",
    bytes: structuredBytes,
    redactor: "mcp-tollgate: full default output check",
    medianMs: m.ms,
    mbPerSec: structuredBytes / 1e6 / (m.ms / 1000),
    runs: m.runs,
    counts,
    total: Object.values(counts).reduce((a, b) => a + b, 0),
  });
  log(`throughput structured: ${rows[rows.length - 1]!.mbPerSec.toFixed(1)} MB/s`);
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(await runThroughput(undefined, console.log));
}
