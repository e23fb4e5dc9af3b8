/**
 * The normalised view's walk by native searches and the envelope's tag view (normalised-view.ts `walkEscapes`,
 * `tagView`; scan-tool-result.ts passing `escapesOnly` to the envelope step):
 * - on a long text the shared pass read as ASCII with no control character or DEL, the view walks only the `%`, `&`
 *   and `\` it finds with `indexOf`: the view (text, changes, offsets back) equals the regex walk's, which it gets with
 *   the pass switched off; texts with controls, DEL or Latin-1 letters keep the regex walk (the pass says so);
 * - the envelope reads tags on the view without its dotted digit groups: `hasTagLike` and `neutraliseTags`, with the
 *   hint and without, equal the pattern's global search over the full view (dotted groups folded);
 * - a text block's envelope step with the hint (a text not read as JSON whose text as sent the pass read as ASCII
 *   without controls) equals the step without it (`wrapScanned` on the same scan), text and findings.
 * Mutants planted: the escape walk resuming one character after a sequence's start; the pass's answer taken without
 * its control characters, or without `isAscii`; the hint given to JSON text too.
 */
import fc from "fast-check";
import { afterEach, describe, expect, it } from "vitest";
import { createDetectorSet } from "../../src/engine/detector-set.js";
import { resolvePolicy } from "../../src/engine/policy.js";
import { candidateIndex, MIN_PASS_LENGTH, setLiteralPass } from "../../src/engine/scan/candidates.js";
import { hasTagLike, neutraliseTags, newEnvelopeId } from "../../src/engine/scan/envelope.js";
import { escapesOnlyText, normalisedView } from "../../src/engine/scan/normalised-view.js";
import { scanStringLeaf } from "../../src/engine/scan/scan-json.js";
import { scanToolResult, wrapScanned } from "../../src/engine/scan/scan-tool-result.js";
import type { ScanPlan } from "../../src/engine/scan/string-scanner.js";
import { ScanPlans } from "../../src/engine/scan-plans.js";
import type { Finding } from "../../src/shared/types.js";
import { simpleNeutraliseTags } from "../helpers/tag-reference.js";

afterEach(() => setLiteralPass(true));

const ESCAPES = [
  "%",
  "%3C",
  "%3c%2F",
  "%E2%80%8B",
  "%FF",
  "%41%42%4",
  "&",
  "&amp;",
  "&amp;lt;",
  "&lt;",
  "&lt",
  "&#60;",
  "&#x3C;",
  "&#0060",
  "&sol;",
  "&commat;",
  "&valueOf;",
  "&#x200b;",
  "\\",
  "\\u003c",
  "\\u0040",
  "\\u00",
  "\\\\u003c",
  "&\\u003c%3C",
];
const TAGS = [
  "<untrusted-tool-output>",
  "</untrusted-tool-output>",
  "<untrusted-tool-output.1234.5678.9012>",
  "&#60/1234/5678/9012untrusted-tool-output>",
  "</untrusted-tool-output-1234/5678/9012>",
  '<untrusted-tool-output 1234_5678_9012 id="x">',
  "&lt/untrusted_tool.output",
  "%3Cuntrusted tool output%3E",
  "\\u003c/untrusted-tool-output\\u003e",
  "<un trusted - tool _ output",
  "untrusted-tool-output",
];
const WORDS = [
  " ",
  "\n",
  "\t",
  "the report was filed",
  "4111.1111.1111.1111",
  "536.22.4187",
  "01.02.2024",
  "10.0.0.1",
  "jane.roe@example.com",
  "call 415 555 2671",
  "abc",
];
const ODD = ["\u0001", "\u007f", "\u001b[0m", "\u00e9", "\u00a0", "\u200b", "\uFF1C", "\uFEFF", "\uD800"];

function pieces(odd: boolean) {
  return fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...ESCAPES) },
    { weight: 2, arbitrary: fc.constantFrom(...TAGS) },
    { weight: 5, arbitrary: fc.constantFrom(...WORDS) },
    { weight: odd ? 1 : 0, arbitrary: fc.constantFrom(...ODD) },
    { weight: 1, arbitrary: fc.integer({ min: 100, max: 1500 }).map((n) => "x".repeat(n)) },
  );
}
/** Long texts (the pass reads them); `odd`: with control characters, DEL and non-ASCII now and then. */
const longText = (odd: boolean) =>
  fc
    .array(pieces(odd), { minLength: 1, maxLength: 60 })
    .map((parts) => parts.join(""))
    .map((t) => (t.length >= MIN_PASS_LENGTH ? t : t + " filler".repeat(150)));

/** The view of `text` built afresh (normalisedView keeps its last text's view). */
function freshView(text: string) {
  normalisedView("a fresh text, so the next call builds its view");
  const view = normalisedView(text);
  if (view === undefined) return undefined;
  const back: [number, number][] = [];
  for (let i = 0; i <= view.text.length; i += 7)
    back.push(view.toOriginal(i, Math.min(view.text.length, i + 5)));
  return { text: view.text, changes: [...view.changes], back };
}

describe("the view's walk by native searches", () => {
  it("equals the regex walk on long texts the pass read (escapes only, and texts with controls or non-ASCII)", () => {
    let escapesOnly = 0;
    let other = 0;
    fc.assert(
      fc.property(fc.boolean().chain(longText), (text) => {
        candidateIndex(text).isAscii(); // the pass runs before the view, as in a check
        if (escapesOnlyText(text)) escapesOnly++;
        else other++;
        const fast = freshView(text);
        setLiteralPass(false);
        const simple = freshView(text);
        setLiteralPass(true);
        expect(fast).toEqual(simple);
      }),
      { seed: 1518, numRuns: 200 },
    );
    expect(escapesOnly).toBeGreaterThan(50);
    expect(other).toBeGreaterThan(30);
  });
});

describe("the envelope's tag view (no dotted groups)", () => {
  it("finds the tags the full view finds, with the hint and without", () => {
    let tags = 0;
    fc.assert(
      fc.property(fc.boolean().chain(longText), fc.boolean(), (text, short) => {
        const t = short ? text.slice(0, 300) : text;
        candidateIndex(t).isAscii();
        const expected = simpleNeutraliseTags(t);
        if (expected !== t) tags++;
        normalisedView("a fresh text");
        expect(neutraliseTags(t, escapesOnlyText(t))).toBe(expected);
        normalisedView("a fresh text");
        expect(neutraliseTags(t)).toBe(expected);
        normalisedView("a fresh text");
        expect(hasTagLike(t)).toBe(expected !== t);
      }),
      { seed: 1519, numRuns: 300 },
    );
    expect(tags).toBeGreaterThan(100);
  });
});

function defaultPlan(): ScanPlan {
  const resolved = resolvePolicy({}, process.env, { detectorIds: new Set() });
  return new ScanPlans(resolved, createDetectorSet(resolved, [])).get("output", resolved.sanitizer.mode);
}
const envelope = { serverName: "s", toolName: "t", id: newEnvelopeId() };

const jsonText = fc
  .array(fc.constantFrom(...ESCAPES, ...TAGS, ...WORDS, "\\u200b", "\\u00e9", "\\u0001", '\\"'), {
    minLength: 1,
    maxLength: 30,
  })
  .map((parts) => JSON.stringify({ a: parts.join(" "), b: "x".repeat(1100), c: "jane.roe@example.com" }))
  // A number the rewrite makes a string: the JSON is rewritten leaf by leaf and written again, so an escape of the
  // text as sent (`\uff55`, a full-width u) stands decoded in the output, which is then not ASCII.
  .chain((json) =>
    fc
      .constantFrom(
        "",
        '"n": 4111111111111111, ',
        '"n": 4111111111111111, "t": "<\\uff55ntrusted-tool-output>", ',
      )
      .map((lead) => `{${lead}${json.slice(1)}`),
  );

describe("a text block's envelope step with the hint", () => {
  const plan = defaultPlan();
  it("equals the step without it, text and findings", () => {
    let hinted = 0;
    fc.assert(
      fc.property(fc.oneof(fc.boolean().chain(longText), jsonText), (value) => {
        const fastFindings: Finding[] = [];
        const result = scanToolResult(
          { content: [{ type: "text", text: value }] },
          plan,
          fastFindings,
          envelope,
        );
        // Read as it was when the envelope step asked (its view was the last built).
        if (!value.startsWith("{") && escapesOnlyText(value)) hinted++;
        const findings: Finding[] = [];
        const scanned = scanStringLeaf(value, "/content/0/text", plan, findings);
        normalisedView("a fresh text");
        const full = wrapScanned(scanned, "/content/0/text", plan, findings, envelope, 0);
        expect({ text: (result.content[0] as { text: string }).text, findings: fastFindings }).toEqual({
          text: full,
          findings,
        });
      }),
      { seed: 1520, numRuns: 150 },
    );
    expect(hinted).toBeGreaterThan(20);
  });
});
