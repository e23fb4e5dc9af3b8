/**
 * The trigger pass's DFA holds more states than 16-bit row indexes allowed (phrase-gates.ts `TriggerDfa`,
 * wasm/phrase-triggers.ts): until session 21 an entry was the next state's row index in 16 bits, so at most 65,535
 * entries (1,985 states of 33 classes) fit and a rule set whose leads and gate literals needed more failed to build.
 * Entries are now quarter row indexes over rows padded to a multiple of 4 entries. Here 1,600 made-up words need
 * ~8,000 states of 27 classes: the pass must find every occurrence a plain search finds, in the chunk scan, byte by
 * byte and in non-ASCII text, and the packed data must read back as built.
 */
import { describe, expect, it } from "vitest";
import {
  decodeGateData,
  deriveDfa,
  encodeGateData,
} from "../../src/engine/detectors/injection/phrase-gates.js";
import {
  GATE_LITERAL,
  PhraseTriggerScan,
  TriggerHits,
} from "../../src/engine/detectors/injection/phrase-triggers.js";

/** Deterministic made-up words of 5-9 letters (a linear congruential generator, fixed seed). */
function words(count: number): string[] {
  let seed = 21;
  const next = () => {
    seed = (seed * 1103515245 + 12345) >>> 0;
    return seed >>> 8;
  };
  const out = new Set<string>();
  while (out.size < count) {
    const length = 5 + (next() % 5);
    let word = "";
    for (let i = 0; i < length; i++) word += "abcdefghijklmnopqrstuvwxyz"[next() % 26];
    out.add(word);
  }
  return [...out];
}

/** Every (literal, UTF-16 end) a plain case-insensitive search finds, ordered as the pass reports (end, then id). */
function plainHits(literals: readonly string[], text: string): string[] {
  const lower = text.toLowerCase();
  const hits: [number, number][] = [];
  literals.forEach((literal, id) => {
    for (let at = lower.indexOf(literal); at >= 0; at = lower.indexOf(literal, at + 1))
      hits.push([at + literal.length, id]);
  });
  return hits.sort((a, b) => a[0] - b[0] || a[1] - b[1]).map(([end, id]) => `${id}@${end}`);
}

function passHits(scan: PhraseTriggerScan, text: string): string[] {
  const out = new TriggerHits();
  scan.scanAny(text, out);
  const hits: [number, number][] = [];
  for (let i = 0; i < out.count; i++) hits.push([out.ends[i]!, out.ids[i]!]);
  return hits.sort((a, b) => a[0] - b[0] || a[1] - b[1]).map(([end, id]) => `${id}@${end}`);
}

describe("the phrase trigger pass past 65,535 DFA entries", () => {
  const literals = words(1_600);
  const dfa = deriveDfa(literals);
  const states = dfa.rows.length / dfa.stride;

  it("builds the DFA (16-bit row indexes could not)", () => {
    expect(dfa.rows.length).toBeGreaterThan(0x10000);
    expect(states).toBeGreaterThan(4_000);
  });

  it("reports what a plain search finds, chunked, byte by byte and in non-ASCII text", () => {
    const kinds = literals.map(() => GATE_LITERAL);
    const chunked = new PhraseTriggerScan(literals, kinds, dfa);
    const stepped = new PhraseTriggerScan(literals, kinds, dfa, { chunkScan: false });
    // Words of the list (the last ones reach the deepest states), glued and spaced, in mixed case.
    const picked = literals.filter((_, i) => i % 7 === 0 || i >= literals.length - 40);
    const ascii = picked
      .map((w, i) => (i % 3 === 0 ? w.toUpperCase() : w) + (i % 4 === 0 ? "" : " "))
      .join("");
    const texts = [ascii, `${ascii.slice(0, 3_000)} é ${ascii.slice(3_000)} 漢字`, ascii.repeat(30)];
    let found = 0;
    for (const text of texts) {
      const expected = plainHits(literals, text);
      found += expected.length;
      expect(passHits(chunked, text)).toEqual(expected);
      expect(passHits(stepped, text)).toEqual(expected);
    }
    expect(found).toBeGreaterThan(8_000);
  });

  it("packs and reads the DFA back as built", () => {
    const data = { fingerprint: "test", gates: [], literals, dfa };
    expect(decodeGateData(encodeGateData(data))).toEqual(data);
  });
});
