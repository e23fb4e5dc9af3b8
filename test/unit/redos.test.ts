/**
 * ReDoS guard: every detector of the default set runs on ~100 KB adversarial inputs (long runs of near-matches).
 * The bound is generous on purpose: linear detectors take milliseconds here; only catastrophic (super-linear)
 * backtracking or quadratic rescans take seconds. This is not a speed test.
 */
import { describe, expect, it } from "vitest";
import { createDetectorSet } from "../../src/engine/detector-set.js";
import { resolvePolicy } from "../../src/engine/policy.js";
import type { TextDetector, TextMatch } from "../../src/engine/types.js";

const SIZE = 100_000;
const BOUND_MS = 2_000;

/** Repeats `unit` to about SIZE characters, optionally ending with `tail` (a final non-match forces backtracking). */
function run(unit: string, tail = "!"): string {
  return unit.repeat(Math.ceil(SIZE / unit.length)).slice(0, SIZE) + tail;
}

const p = (...pieces: string[]) => pieces.join("");

// Each family is a run of near-matches for some detector; vendor prefixes are assembled from pieces.
const FAMILIES: Record<string, string> = {
  digits: run("1234567890"),
  "digits with spaces": run("1 "),
  "digits with dashes": run("12-"),
  "digit groups (card-like)": run("4111 1111 1111 111 "),
  "digits and dots (ip-like)": run("1.2.3."),
  "ssn-like": run("123-45-678 "),
  "phone-like": run("+1 (415) 555-01 "),
  "iban-like": run("DE89 3704 0044 0532 0130 0 "),
  "@ run": run("@"),
  "a@ run": run("a@"),
  "local part dots": run("a."),
  "email near-miss": run("a.b@c"),
  "domain near-miss": run("x@a.b-"),
  "ghp_ prefixes": run(p("gh", "p_")),
  "ghp_ short bodies": run(p("gh", "p_", "abc ")),
  "sk- prefixes": run(p("s", "k-")),
  "sk_live_ prefixes": run(p("s", "k_", "live_")),
  "xoxb- prefixes": run(p("xo", "xb-")),
  "AKIA prefixes": run(p("AK", "IA")),
  "AIza prefixes": run(p("AI", "za")),
  "glpat- prefixes": run(p("gl", "pat-")),
  "npm_ prefixes": run(p("n", "pm_")),
  "jwt-like": run("eyJhbGciOi."),
  "jwt dots": run("eyJ."),
  "base64-ish": run("QUJDREVGR0hJSktMTU5PUFFSU1RVVldYWVo+/"),
  "base64-ish with =": run("QUJD="),
  "hex run": run("0123456789abcdef"),
  "a.repeat": run("a"),
  "A.repeat": run("A"),
  "password= runs": run("password="),
  "token: runs": run("token: "),
  "key=value pairs": run("api_key=x "),
  "Bearer runs": run("Bearer "),
  "private key armour": run("-----BEGIN "),
  dashes: run("-"),
  "url credentials": run("https://a:"),
  "scheme runs": run("http://"),
  "../ runs": run("../"),
  "..\\ runs": run("..\\"),
  "ESC [ runs": run("\u001b["),
  "ESC [ params": run("\u001b[1;"),
  "ESC ] runs": run("\u001b]"),
  "ESC ] unterminated": `\u001b]0;${run("a")}`,
  "zero-width runs": run("\u200b"),
  "zwj between letters": run("a\u200d"),
  "bidi runs": run("\u202e"),
  "tag characters": run("\u{e0041}"),
  "variation selectors": run("\ufe0f"),
  "lone surrogates": run("\ud800"),
  "combining marks": run("a\u0301"),
  confusables: run("іgnоrе "),
  "<| runs": run("<|"),
  "<|im_start runs": run("<|im_start"),
  "[INST] runs": run("[INST"),
  "< runs": run("<"),
  "</ runs": run("</"),
  "### runs": run("### "),
  "system: runs": run("system:"),
  "ignore previous": run("ignore previous "),
  "ignore all previous": run("ignore all previous instructions and "),
  "disregard runs": run("disregard the "),
  "you are now": run("you are now "),
  "new instructions": run("new instructions "),
  "repeated spaces": run(" "),
  newlines: run("\n"),
  "tabs and CR": run("\t\r"),
  "quotes and backslashes": run('\\"'),
  "sql-like": run("' OR 1=1 -- "),
  "shell-like": run("; rm -rf / && "),
  "mixed word soup": run("ignore@1.2.3.4 ghp_ ../ \u001b[ password= 4111 "),
};

const detectorSet = createDetectorSet(resolvePolicy({}));
const detectors: TextDetector[] = [
  ...detectorSet.sanitizers,
  ...detectorSet.secrets,
  ...detectorSet.pii,
  ...detectorSet.injection,
  ...detectorSet.hazards,
];

describe("detectors stay linear on adversarial inputs", () => {
  it("has detectors to test", () => {
    expect(detectors.length).toBeGreaterThan(10);
  });

  for (const detector of detectors) {
    it(`${detector.id}: every family under ${BOUND_MS} ms`, () => {
      const slow: string[] = [];
      for (const [family, text] of Object.entries(FAMILIES)) {
        const out: TextMatch[] = [];
        const started = performance.now();
        detector.detect(text, out);
        const ms = performance.now() - started;
        if (process.env.REDOS_REPORT && ms > 50) console.log(`${detector.id} ${family} ${ms.toFixed(0)} ms`);
        if (ms > BOUND_MS) slow.push(`${family}: ${ms.toFixed(0)} ms`);
        for (const m of out) {
          expect(m.start).toBeGreaterThanOrEqual(0);
          expect(m.end).toBeLessThanOrEqual(text.length);
          expect(m.start).toBeLessThanOrEqual(m.end);
        }
      }
      expect(slow, `${detector.id} is super-linear on`).toEqual([]);
    });
  }
});
