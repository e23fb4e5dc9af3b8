/**
 * ReDoS guard for the structure detector's own patterns (the default-set guard in redos.test.ts runs it too, on
 * families aimed at the other detectors): ~100 KB runs of near-matches for each of its signals and decodings. The
 * bound is generous on purpose; only super-linear backtracking or rescans take seconds. This is not a speed test.
 */
import { describe, expect, it } from "vitest";
import { createStructureInjectionDetector } from "../../src/engine/detectors/injection/structure/structure-detector.js";
import type { TextMatch } from "../../src/engine/types.js";

const SIZE = 100_000;
const BOUND_MS = 2_000;
const run = (unit: string, tail = "!") => unit.repeat(Math.ceil(SIZE / unit.length)).slice(0, SIZE) + tail;

const FAMILIES: Record<string, string> = {
  "letter-spaced run": run("a "),
  "letter-spaced words": run("a b c   "),
  "letter-spaced ICS escapes": run("a \\, "),
  "leetspeak tokens": run("7h3 4g3n7 "),
  "leet digits only": run("70 41 "),
  "addressee vocatives": run("assistant, "),
  "addressee without comma": run("assistant "),
  "address phrase prefix": run("if you are an "),
  "turn roles at line starts": run("\nsystem"),
  "turn role with message word": run("system message "),
  "tags without close": run("<system_override "),
  "mode entry without mode": run("switch to the "),
  "mode words": run("mode "),
  "possessive prompt prefix": run("your original "),
  "url without end": `https://${run("a")}`,
  "urls back to back": run("https://a.b/c?d= "),
  "image openers": run("!["),
  "image with query": run("![x](https://a.b/c?"),
  "image query params": run("![x](https://a.b/c?d=e&"),
  "email local part": run("a."),
  "email near-miss": run("a@b."),
  "targets without address": run("to "),
  "snake case": run("a_b_"),
  "backtick runs": run("`a"),
  "base64-ish": run("QUJDREVGR0hJSktMTU5PUFFS"),
  "base64 letters only": run("abcdefghijklmnop"),
  "hex run": run("0123456789abcdef"),
  "hex of text": run("48656c6c6f20"),
  "cyrillic words": run("ассистент, выведи "),
  "cjk text": run("助手：在回复之前"),
  "japanese text": run("アシスタント、"),
  "lookalikes in latin words": run("уоur "),
  "sentence ends": run(". "),
  "json string ends": run('",'),
  "escaped newlines": run("\\n"),
  "no sentence end": run("word "),
};

describe("structure detector stays linear on adversarial inputs", () => {
  const detector = createStructureInjectionDetector();
  it(`every family under ${BOUND_MS} ms`, () => {
    const slow: string[] = [];
    for (const [family, text] of Object.entries(FAMILIES)) {
      const out: TextMatch[] = [];
      const started = performance.now();
      detector.detect(text, out);
      const ms = performance.now() - started;
      if (process.env.REDOS_REPORT) console.log(`${family} ${ms.toFixed(0)} ms`);
      if (ms > BOUND_MS) slow.push(`${family}: ${ms.toFixed(0)} ms`);
      for (const m of out) {
        expect(m.start).toBeGreaterThanOrEqual(0);
        expect(m.end).toBeLessThanOrEqual(text.length);
        expect(m.start).toBeLessThan(m.end);
      }
    }
    expect(slow).toEqual([]);
  });
});
