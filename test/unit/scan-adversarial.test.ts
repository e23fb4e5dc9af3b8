/**
 * The scan's own work stays linear on adversarial inputs: the normalised view on runs of near-escapes, overlap
 * resolution with tens of thousands of nested or staggered matches, the joined scan of thousands of text blocks, and
 * JSON text full of long numbers. No time is asserted: each case takes milliseconds when linear, and hours when
 * not, so the generous test timeout is what catches super-linear work. Speed itself is measured in `bench/`.
 */
import { describe, expect, it, vi } from "vitest";
import { LocalPolicyEngine } from "../../src/engine/local-engine.js";
import { normalisedView } from "../../src/engine/scan/normalised-view.js";
import { type ScanPlan, scanString } from "../../src/engine/scan/string-scanner.js";
import type { TextDetector, TextMatch } from "../../src/engine/types.js";
import type { CallToolResult, Finding } from "../../src/shared/types.js";

const SIZE = 100_000;
// Per test: far above what linear work needs on a loaded machine, far below what quadratic work would take.
const TIMEOUT = 60_000;
vi.setConfig({ testTimeout: TIMEOUT });
const run = (unit: string) => unit.repeat(Math.ceil(SIZE / unit.length)).slice(0, SIZE);

describe("normalised view on near-escapes", () => {
  const families: Record<string, string> = {
    "% runs": run("%"),
    "%4 runs": run("%4"),
    "%XX runs": run("%41"),
    "invalid UTF-8 percent runs": run("%e2%82"),
    "&# runs": run("&#"),
    "long numeric entities": run("&#1234567"),
    "unknown named entities": run("&abcdefgh;"),
    "\\u runs": run("\\u00"),
    "\\uXXXX runs": run("\\u0041"),
    "dotted digits": run("1.2.3."),
    "dotted groups": run("1234.5678/"),
    "no-break spaces": run("\u00a0"),
    "full-width letters": run("ｉ"),
    "zero-width runs": run("1\u200b"),
  };
  for (const [family, text] of Object.entries(families)) {
    it(family, () => {
      const view = normalisedView(text);
      if (view) expect(view.toOriginal(0, view.text.length)[1]).toBeLessThanOrEqual(text.length);
    });
  }
});

function spans(make: (text: string) => Omit<TextMatch, "ruleId" | "kind" | "type">[]): TextDetector {
  return {
    id: "spans",
    kind: "pii",
    detect(text, out) {
      for (const s of make(text)) out.push({ kind: "pii", type: "x", ruleId: `pii.x${s.start % 7}`, ...s });
    },
  };
}

function plan(detector: TextDetector): ScanPlan {
  return {
    sanitizers: [],
    stripSanitized: false,
    detectors: [detector],
    decide: (m) => (m.ruleId.endsWith("3") ? { do: "block" } : { do: "replace", strategy: "placeholder" }),
    redaction: { hashKey: "k".repeat(16), maskKeepLast: 4 },
  };
}

describe("overlap resolution", () => {
  it("50,000 nested matches", () => {
    const text = run("a");
    const detector = spans((t) =>
      Array.from({ length: 50_000 }, (_, i) => ({ start: i, end: t.length - i })),
    );
    const findings: Finding[] = [];
    const value = scanString(text, "/t", plan(detector), findings);
    expect(value.text).toBe("[REDACTED:x]");
  });

  it("50,000 staggered matches", () => {
    const text = run("a");
    const detector = spans(() => Array.from({ length: 50_000 }, (_, i) => ({ start: i, end: i + 1000 })));
    const value = scanString(text, "/t", plan(detector), []);
    expect(value.text.startsWith("[REDACTED:x]")).toBe(true);
  });
});

describe("whole results", () => {
  const engine = new LocalPolicyEngine({}, { worker: false });
  const base = { connectorType: "a.b", serverName: "a", toolName: "b", callId: "c", args: {} };

  it("5,000 short text blocks read joined", async () => {
    const result: CallToolResult = {
      content: Array.from({ length: 5_000 }, (_, i) => ({ type: "text" as const, text: `${i} 4111 ` })),
    };
    const decision = await engine.checkOutput({ ...base, result });
    expect(decision.allowed).toBe(true);
  });

  it("JSON text with 20,000 long numbers", async () => {
    const text = JSON.stringify(Array.from({ length: 20_000 }, (_, i) => ({ id: 1_000_000_000 + i * 7919 })));
    const decision = await engine.checkOutput({ ...base, result: { content: [{ type: "text", text }] } });
    expect(decision.allowed).toBe(true);
  });
});
