/**
 * Issue 15 item 6 (session 7): the matches of a string are held as typed columns from the detectors to the
 * rewrite. A result dense with redactions (an e-mail address every 17 bytes: 470 k matches at 8 MB) held an object
 * per match in several lists, then another per rewrite (~150 bytes a match); columns hold ~10 bytes a match and
 * ~14 a rewrite. Counted in entries and bytes, never in time or RSS (the bench measures RSS: `npm run
 * bench:adversarial`, memory rows).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createDetectorSet } from "../../src/engine/detector-set.js";
import { findCards } from "../../src/engine/detectors/pii/credit-card.js";
import { createEmailDetector } from "../../src/engine/detectors/pii/email.js";
import { packMatches, unpackMatches } from "../../src/engine/parallel/protocol.js";
import { resolvePolicy } from "../../src/engine/policy.js";
import { MatchColumns, RewriteColumns } from "../../src/engine/scan/match-columns.js";
import { stringFeatures } from "../../src/engine/scan/string-features.js";
import { runDetectors, runDetectorsInto } from "../../src/engine/scan/string-scanner.js";
import { CHUNK_ENTRIES } from "../../src/engine/scan/typed-chunks.js";
import type { MatchSink, TextMatch } from "../../src/engine/types.js";

const email = (i: number) => `u${i}@example.com `;
const denseEmails = (n: number) => Array.from({ length: n }, (_, i) => email(i)).join("");

/** A valid (Luhn) 16-digit card number, distinct per `i`, in four space-separated groups. */
function cardNumber(i: number): string {
  const body = `4111${String(i).padStart(11, "0")}`;
  let sum = 0;
  for (let k = 0; k < body.length; k++) {
    let d = Number(body[body.length - 1 - k]);
    if (k % 2 === 0) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  const n = body + String((10 - (sum % 10)) % 10);
  return `${n.slice(0, 4)} ${n.slice(4, 8)} ${n.slice(8, 12)} ${n.slice(12)}`;
}

const byPosition = (a: TextMatch, b: TextMatch) => a.start - b.start || b.end - a.end;

function objects(columns: MatchColumns): TextMatch[] {
  return Array.from({ length: columns.size }, (_, i) => columns.match(i));
}

describe("matches held as typed columns", () => {
  it("10 bytes a match (plus at most one chunk of slack), one label for one rule and type", () => {
    const n = 3 * CHUNK_ENTRIES + 5;
    const columns = new MatchColumns();
    for (let i = 0; i < n; i++)
      columns.push({ kind: "pii", type: "email", start: 17 * i, end: 17 * i + 16, ruleId: "pii.email" });
    expect(columns.size).toBe(n);
    expect(columns.labels).toEqual([{ kind: "pii", type: "email", ruleId: "pii.email" }]);
    expect(columns.bytes).toBeLessThanOrEqual(10 * (n + CHUNK_ENTRIES));
    expect(columns.match(n - 1)).toEqual({
      kind: "pii",
      type: "email",
      start: 17 * (n - 1),
      end: 17 * (n - 1) + 16,
      ruleId: "pii.email",
    });
  });

  it("a moved match keeps its original offsets; the matches before it keep their own; hidden ones are marked", () => {
    const columns = new MatchColumns();
    const secret = columns.labelOf("secret", "aws_access_key", "secret.aws_access_key");
    const injection = columns.labelOf("injection", "override", "injection.override");
    columns.add(secret, 3, 9);
    expect(columns.bytes).toBeLessThanOrEqual(10 * 16);
    columns.addMoved(secret, 4, 10, 7, 13, false);
    columns.addMoved(injection, 12, 12, 20, 30, true);
    columns.add(injection, 40, 44);
    expect([0, 1, 2, 3].map((i) => columns.isMoved(i))).toEqual([false, true, true, false]);
    expect([0, 1, 2, 3].map((i) => columns.isHidden(i))).toEqual([false, false, true, false]);
    expect([0, 1, 2, 3].map((i) => [columns.originalStart(i), columns.originalEnd(i)])).toEqual([
      [3, 9],
      [7, 13],
      [20, 30],
      [40, 44],
    ]);
  });

  it("appending translates labels and keeps places", () => {
    const a = new MatchColumns();
    a.push({ kind: "pii", type: "email", start: 0, end: 5, ruleId: "pii.email" });
    const b = new MatchColumns();
    b.push({ kind: "injection", type: "override", start: 1, end: 2, ruleId: "injection.override" });
    b.addMoved(b.labelOf("pii", "email", "pii.email"), 6, 8, 9, 11, false);
    a.append(b);
    expect(a.labels).toHaveLength(2);
    expect(objects(a)).toEqual([
      { kind: "pii", type: "email", start: 0, end: 5, ruleId: "pii.email" },
      { kind: "injection", type: "override", start: 1, end: 2, ruleId: "injection.override" },
      { kind: "pii", type: "email", start: 6, end: 8, ruleId: "pii.email" },
    ]);
    expect([a.isMoved(2), a.originalStart(2), a.originalEnd(2)]).toEqual([true, 9, 11]);
  });

  it("property: by position is the order a stable sort of the objects gives", () => {
    const match = fc.record({
      start: fc.integer({ min: 0, max: 30 }),
      length: fc.integer({ min: 0, max: 8 }),
      rule: fc.constantFrom("a", "b", "c"),
    });
    fc.assert(
      fc.property(fc.array(match, { maxLength: 60 }), (drawn) => {
        const list: TextMatch[] = drawn.map(({ start, length, rule }) => ({
          kind: "pii",
          type: rule,
          start,
          end: start + length,
          ruleId: `pii.${rule}`,
        }));
        const columns = new MatchColumns();
        for (const m of list) columns.push(m);
        const order = [...columns.byPosition()];
        expect(order.map((i) => list[i])).toEqual(list.slice().sort(byPosition));
        // Ties keep the order added: the indices of equal spans ascend.
        for (let k = 1; k < order.length; k++)
          if (byPosition(list[order[k - 1]!]!, list[order[k]!]!) === 0)
            expect(order[k]!).toBeGreaterThan(order[k - 1]!);
      }),
    );
  });

  it("rewrites: 14 bytes each, walked by cut (longer first, ties as added)", () => {
    const rewrites = new RewriteColumns();
    rewrites.add(0, 5, 9, 1, false);
    rewrites.add(1, 2, 20, 4, false);
    rewrites.add(2, 5, 12, 1, true);
    rewrites.add(3, 5, 12, 0, false);
    rewrites.subsume(0);
    expect([...rewrites.byCut()]).toEqual([1, 2, 3, 0]);
    expect([rewrites.subsumed(0), rewrites.subsumed(1), rewrites.subsumed(2)]).toEqual([true, false, true]);
    const many = new RewriteColumns();
    const n = 2 * CHUNK_ENTRIES;
    for (let i = 0; i < n; i++) many.add(i, 2 * i, 2 * i + 1, 1, false);
    expect(many.bytes).toBeLessThanOrEqual(14 * (n + CHUNK_ENTRIES));
    expect(many.byCut()).toHaveLength(n);
  });
});

describe("detectors that stream write into the columns", () => {
  const detectors = createDetectorSet(resolvePolicy({})).entries.map((e) => e.detector);

  /** A sink that fails on anything but `push`: a streaming detector must never read its output back. */
  function pushOnly(into: TextMatch[]): MatchSink {
    const sink = { push: (m: TextMatch) => into.push(m) };
    return new Proxy(sink, {
      get(target, key) {
        if (key !== "push") throw new Error(`a streaming detector read out.${String(key)}`);
        return target.push;
      },
    });
  }

  const samples = [
    `${denseEmails(40)} jane dot roe at example dot com`,
    `card ${cardNumber(1)}; call (415) 555-0134 or +44 20 7946 0958; ${cardNumber(2)} 4111-1111-1111-1111`,
    "Order number 2500 0591 4505 8109 0000, phone 415 555 0134, ssn 078-05-1120",
  ];

  it("the e-mail, card and phone detectors stream", () => {
    const streaming = detectors.filter((d) => d.streams).map((d) => d.id);
    expect(streaming).toEqual(expect.arrayContaining(["pii.email", "pii.credit_card", "pii.phone"]));
  });

  it("each streaming detector only pushes, and finds what it finds into an array", () => {
    for (const detector of detectors.filter((d) => d.streams)) {
      for (const text of samples) {
        const viaSink: TextMatch[] = [];
        detector.detect(text, pushOnly(viaSink) as TextMatch[]);
        const viaArray: TextMatch[] = [];
        detector.detect(text, viaArray);
        expect(viaSink).toEqual(viaArray);
      }
    }
  });

  it("runDetectorsInto gives runDetectors' matches in the same order", () => {
    for (const text of samples) {
      const columns = new MatchColumns();
      runDetectorsInto(detectors, text, stringFeatures(text), columns);
      expect(objects(columns)).toEqual(runDetectors(detectors, text));
    }
  });

  it("a dense text's e-mail matches cost ~10 bytes each in the columns", () => {
    const n = 2 * CHUNK_ENTRIES;
    const text = denseEmails(n);
    const columns = new MatchColumns();
    runDetectorsInto([createEmailDetector()], text, stringFeatures(text), columns);
    expect(columns.size).toBe(n);
    expect(columns.bytes).toBeLessThanOrEqual(10 * (n + CHUNK_ENTRIES));
  });

  it("the kept card spans of a text hold the cards the detector reports", () => {
    const text = Array.from({ length: 500 }, (_, i) => `card ${cardNumber(i)}; `).join("");
    const cards = findCards(text);
    expect(cards.size).toBe(500);
    const found: TextMatch[] = [];
    detectors.find((d) => d.id === "pii.credit_card")!.detect(text, found);
    expect(found.map((m) => [m.start, m.end])).toEqual(
      Array.from({ length: cards.size }, (_, i) => [cards.start(i), cards.end(i)]),
    );
  });
});

describe("the worker's packed matches", () => {
  it("unpack into columns with the matches packed, text by text", () => {
    const perText: TextMatch[][] = [
      [
        { kind: "injection", type: "override", start: 0, end: 6, ruleId: "injection.override" },
        { kind: "injection", type: "role", start: 4, end: 9, ruleId: "injection.role" },
      ],
      [],
      [{ kind: "injection", type: "override", start: 2, end: 3, ruleId: "injection.override" }],
    ];
    const unpacked = unpackMatches(packMatches(perText));
    expect(unpacked.map(objects)).toEqual(perText);
  });
});
