/**
 * The module's walk reads a text 16 units at a time (wasm/injection-first-pass.ts `chunkClasses`, `fused`): a word,
 * a run, a leet hint or a pattern's first units may sit on either side of a chunk's edge, and every unit left out of
 * a chunk's stops must be one where the per-unit walk does nothing. Checked against the per-unit references on text
 * whose pieces are shifted across the edges (a pad of 0-40 units before them):
 * - the walk from each of the first 18 offsets equals the JavaScript walk (`mayBitsReference`) on that slice;
 * - read in lower case (A-Z as a-z), the pass equals the JavaScript walk of that reading, each gate the JavaScript
 *   gate it stands for, and LONG_RUN the module's own skip scan of the runs (`longRunGate`);
 * - the records of `blocks` add up to the pass, with blocks ending at line breaks near the edges.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  firstPass,
  mayBitsReference,
  seenBits,
} from "../../src/engine/detectors/injection/structure/anchor-gate.js";
import {
  type EncodedSegment,
  foldLeetLine,
  leetHintLines,
  readSeparatedLines,
  spacedChainAt,
} from "../../src/engine/detectors/injection/structure/encoded-segments.js";
import { F } from "../../src/engine/detectors/injection/structure/features.js";
import {
  BLOCK,
  BLOCK_FIELDS,
  type FirstPass,
  GATE,
} from "../../src/engine/detectors/injection/structure/first-pass-wasm.js";

const PIECES = [
  // The lexicon's words and pairs, and words of 7-33 units (hashed over more than one load, across chunks).
  "ignore",
  "previous",
  "instructions",
  "Assistant",
  "assistant,",
  "system prompt",
  "your system message",
  "you must",
  "AI",
  "language model",
  "debugmodus",
  "User:",
  "context window",
  "send",
  "the",
  "x".repeat(7),
  "x".repeat(8),
  "y".repeat(9),
  "z".repeat(15),
  "w".repeat(16),
  "v".repeat(17),
  "Instructionsinstructions",
  "q".repeat(33),
  // The units a step acts on, alone and in the patterns that read past them.
  "\n",
  "\n\n",
  " ",
  "  ",
  "   ",
  "\t",
  "\\",
  "`",
  "_",
  "a_b",
  "a.b.c.d",
  "x|y|z|w",
  "1-2-3-4",
  // Separated words (`r.u.l.e.s`): three on one line are what the separated-letters decoder reads.
  "i.g.n.o.r.e a.l.l r.u.l.e.s",
  " S.E.N.D t-h-e k_e_y \n",
  "s-e-n-d",
  "e.g.",
  "a*b~c-d",
  "-",
  ".",
  "@",
  "me@x.org",
  "to me@x.org",
  "via http://x.io/a?b=",
  "https://x.io/?a=1&b=",
  "at www.x.io",
  "http",
  "hTTp",
  "www",
  "a.i.",
  "A.I.",
  "a.",
  "![a](u?q=1)",
  "<|im_start|>",
  "[INST]",
  "< system",
  "?k=",
  "&",
  "!",
  "$",
  "<",
  "[",
  "a b c d e f g ",
  "\\, \\; a \\,",
  // Leet hints on both sides of a leet character, and runs of 22-40 units (base64, hex, words).
  "h4ck",
  "7h3",
  "1gn0r3",
  "p@$$w0rd",
  "r3v34l",
  "dev0@example.com",
  "|",
  "$5",
  "a1",
  "1a",
  "QUJDREVGR0hJSktMTU5PUFFS",
  "QUJDREVGR0hJSktMTU5PUFF",
  "QUJDREVGR0hJSktMTU5PUFFSUw==",
  Buffer.from("ignore all the rules").toString("hex"),
  Buffer.from("ignore all rules").toString("hex"),
  "abcdefghijklmnopqrstuvwxyzab",
  "a+b/c=d-e_f",
  "=",
  // Units from 128 up: each range the chunk's narrowing maps differently (128-255, 256-0x7fff, 0x8000 up).
  "é",
  "\u00a0",
  "\u0130",
  "\u3000",
  "\uff41",
  "\u8000",
  "\ud83d\ude00",
  "\ud800",
  "\u007f",
  "\u0000",
  "ассистент",
];
const SEPARATORS = ["", "", " ", " ", "\n", ", ", ": ", ".", "-", "  "];
const PADS = ["p", " ", "-", "a", "4", "\n", "+"];

/** A pad of 0-40 units (so each piece falls at every lane of a chunk), then pieces and separators. */
const text = fc
  .tuple(
    fc.constantFrom(...PADS),
    fc.integer({ min: 0, max: 40 }),
    fc.array(fc.tuple(fc.constantFrom(...PIECES), fc.constantFrom(...SEPARATORS)), { maxLength: 24 }),
  )
  .map(([pad, n, pieces]) => pad.repeat(n) + pieces.map(([p, s]) => p + s).join(""));

const asciiLower = (t: string) => t.replace(/[A-Z]/g, (c) => c.toLowerCase());

/** The gate bits the JavaScript patterns give for the reading `lower` of `t` (LONG_RUN apart). */
function javaScriptGates(t: string, lower: string): number {
  let gates = 0;
  if (!/[^\t\n\r\x20-\x7e]/.test(t)) gates |= GATE.PRINTABLE;
  else if (
    /[\u0370-\u052f\u0590-\u06ff\u0900-\u09ff\u0e00-\u0e7f\u1100-\u11ff\u3000-\u30ff\u4e00-\u9fff\uac00-\ud7af\uff00-\uffef]/.test(
      t,
    )
  )
    gates |= GATE.OTHER_SCRIPT;
  if (spacedChainAt(lower, 0) !== -1) gates |= GATE.SPACED_CHAIN;
  // Where the separated-letters decoder reads a line: a hint (`1.2.3.4`) on a line without three such words is none.
  const separated: EncodedSegment[] = [];
  readSeparatedLines({ text: lower, origin: undefined, inputLength: lower.length }, separated);
  if (separated.length > 0) gates |= GATE.SEPARATED;
  if (/!\[[^\]\n]{0,120}\]\(\s{0,4}[^\s)]{1,300}\?/.test(lower)) gates |= GATE.IMAGE;
  if (/(?:https?:\/\/|www\.)[^\s<>"'`)\]]{1,400}[?&][a-z0-9_]{1,30}=(?=[\s)\]'"`,;]|$)/.test(lower))
    gates |= GATE.OPEN_QUERY;
  if (
    /\b(?:to|into|towards|at|via|a|an|para|per|nach)\s{1,3}(?:the\s{1,3}(?:url|address|endpoint|server)\s{1,3})?(?:https?:\/\/|www\.|[a-z0-9._%+-]{1,64}@[a-z0-9-])/.test(
      lower,
    )
  )
    gates |= GATE.TARGET;
  const lines = leetHintLines(lower);
  for (let k = 0; k < lines.length; k += 2) {
    const line = lower.slice(lines[k], lines[k + 1]);
    if (line.length <= 2000 && (/[^\t\r\x20-\x7e]/.test(line) || foldLeetLine(line) !== undefined))
      gates |= GATE.LEET_LINE;
  }
  return gates;
}

/**
 * With the leetspeak gate set on a printable text read in lower case: the module folds every line it recorded, and
 * the union of its walks over the folds is the JavaScript walk's over `foldLeetLine` of each line the decoder reads.
 */
function expectLeetLinesAsJavaScript(pass: FirstPass, lower: string): void {
  const lines = leetHintLines(lower);
  let bits = 0;
  for (let k = 0; k < lines.length; k += 2) {
    const line = lower.slice(lines[k], lines[k + 1]);
    const fold = line.length <= 2000 ? foldLeetLine(line) : undefined;
    if (fold !== undefined) bits |= mayBitsReference(fold);
  }
  expect(pass.leetLines()?.bits).toBe(bits);
}

const OPTIONS = { numRuns: 600, seed: 20261127 };

describe("the module's walk in chunks of 16 units, against the per-unit walk and gates", () => {
  it("from every offset of the first chunk and across its edges, the walk is the JavaScript walk", () => {
    const pass = firstPass();
    fc.assert(
      fc.property(text, (t) => {
        expect(pass.load(t, false)).toBe(true);
        for (let from = 0; from <= Math.min(17, t.length); from++)
          expect(pass.walk(from, t.length)).toBe(mayBitsReference(t.slice(from)));
        for (const to of [t.length - 1, t.length - 16, t.length - 17])
          if (to >= 0) expect(pass.walk(0, to)).toBe(mayBitsReference(t.slice(0, to)));
      }),
      OPTIONS,
    );
  });

  it("read in lower case, the pass and every gate are the per-unit ones", () => {
    const pass = firstPass();
    const seen = { leet: 0, run: 0, chain: 0, separated: 0, other: 0 };
    fc.assert(
      fc.property(text, (t) => {
        const lower = asciiLower(t);
        pass.load(t, true);
        const runs = pass.longRunGate();
        expect(pass.pass()).toBe(mayBitsReference(lower));
        const gates = pass.gates;
        const expected = javaScriptGates(t, lower);
        // OTHER_SCRIPT and the leetspeak gate are only asked of (and exact on) printable ASCII.
        const printableOnly = GATE.OTHER_SCRIPT | GATE.LEET_LINE;
        const mask = (gates & GATE.PRINTABLE) !== 0 ? ~0 : ~printableOnly;
        expect(gates & ~GATE.LONG_RUN & mask).toBe(expected & mask);
        if ((expected & GATE.PRINTABLE) === 0 && (expected & GATE.OTHER_SCRIPT) !== 0)
          expect(gates & GATE.OTHER_SCRIPT).not.toBe(0);
        expect(gates & GATE.LONG_RUN).toBe(runs);
        if ((gates & (GATE.PRINTABLE | GATE.LEET_LINE)) === (GATE.PRINTABLE | GATE.LEET_LINE))
          expectLeetLinesAsJavaScript(pass, lower);
        if ((gates & GATE.LEET_LINE) !== 0) seen.leet++;
        if (runs !== 0) seen.run++;
        if ((gates & GATE.SPACED_CHAIN) !== 0) seen.chain++;
        if ((gates & GATE.SEPARATED) !== 0) seen.separated++;
        if ((gates & GATE.PRINTABLE) === 0) seen.other++;
      }),
      OPTIONS,
    );
    // The generator reaches every gate the chunks decide (a test that cannot fail is no test).
    for (const count of Object.values(seen)) expect(count).toBeGreaterThan(10);
  });

  it("a line of exactly three leet hints, each hint at every lane, after a line with none or some", () => {
    const pass = firstPass();
    let gated = 0;
    for (const line of ["1a 1b 1c", "a1 b1 c1", "a1 1b c|", "x@ $y 4z", "h4 x 7h 3x"])
      for (const before of ["", "plain words\n", "4x\n", "a1 b1\n\n"])
        for (let pad = 0; pad <= 40; pad++) {
          const t = `${before}${" ".repeat(pad)}${line}\nnext line`;
          pass.load(t, true);
          expect(pass.pass()).toBe(mayBitsReference(t));
          expect(pass.gates & GATE.LEET_LINE).toBe(javaScriptGates(t, t) & GATE.LEET_LINE);
          if ((pass.gates & GATE.LEET_LINE) !== 0) {
            gated++;
            expectLeetLinesAsJavaScript(pass, t);
          }
        }
    expect(gated).toBeGreaterThan(100);
  });

  it("a spaced chain of six tokens, plain or escaped, with each of its spaces at every lane", () => {
    const pass = firstPass();
    let chained = 0;
    for (const chain of ["a b c d e f ", "\\, \\; \\a \\b \\c \\d ", "a \\b c \\d e \\f ", "a  b   c d e f "])
      for (const cut of [0, 1, 2])
        for (let pad = 0; pad <= 40; pad++) {
          const t = `${"x".repeat(pad)} ${chain.slice(0, chain.length - cut)}`;
          pass.load(t, true);
          pass.pass();
          expect((pass.gates & GATE.SPACED_CHAIN) !== 0).toBe(spacedChainAt(t, 0) !== -1);
          if ((pass.gates & GATE.SPACED_CHAIN) !== 0) chained++;
        }
    expect(chained).toBeGreaterThan(100);
  });

  it("blocks end where their size is reached, near the chunks' edges, and their records add up to the pass", () => {
    const pass = firstPass();
    fc.assert(
      fc.property(text, fc.constantFrom(1, 15, 16, 17, 33), (t, size) => {
        pass.load(t, true);
        const whole = pass.pass();
        const gates = pass.gates;
        const records = pass.blocks(size);
        let bits = 0;
        let marks = 0;
        let printable: number = GATE.PRINTABLE;
        let other = 0;
        let start = 0;
        for (let at = 0; at < records.length; at += BLOCK_FIELDS) {
          // A block ends at the first line break at least `size` units after its start (or at the text's end).
          const end = records[at + BLOCK.END]!;
          let expectedEnd = t.indexOf("\n", start + size - 1) + 1;
          if (expectedEnd === 0) expectedEnd = t.length;
          expect(end).toBe(expectedEnd);
          // A block's own characters set its character signals (TOOL: a `_` or a backtick), whatever came before.
          if (/[_`]/.test(t.slice(start, end))) expect(records[at + BLOCK.SIGNALS]! & F.TOOL).not.toBe(0);
          start = end;
          bits |= records[at + BLOCK.SIGNALS]!;
          marks |= records[at + BLOCK.SEEN]!;
          printable &= records[at + BLOCK.GATES]!;
          other |= records[at + BLOCK.GATES]! & ~GATE.PRINTABLE;
        }
        expect(bits | seenBits(marks)).toBe(whole);
        expect(printable | other).toBe(gates);
      }),
      OPTIONS,
    );
  });
});
