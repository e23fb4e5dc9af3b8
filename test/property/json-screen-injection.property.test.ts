/**
 * The JSON screening (src/engine/scan/json-screen.ts) reads the injection family on the joined strings, in pieces,
 * and screens the private-key, GCP and Kubernetes detectors by their records' literals. Invariants:
 *
 * 1. Locality of the injection detectors: whatever stands around a string (a naming cue and an opening quote, "you
 *    are", a turn role, an unclosed `<`, a base64 or letter-spaced fragment, an instruction of its own), a match a
 *    detector makes on the string alone is overlapped by one of its matches on the joined text.
 * 2. End to end, on a plan with no sanitizer (whose screening reads multi-line strings of any length): the walk of an
 *    object reports the same findings, in the same order, and returns the same value as the walks of its members one
 *    at a time (too few strings for a screening), with PEM blocks, an encrypted header before a key, Kubernetes
 *    manifests and injection sentences among the members.
 *
 * Strings: every positive and negative example of the injection records, and the positive ones encoded (base64,
 * hex, letter-spaced, leetspeak) and cut into halves.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createDetectorSet } from "../../src/engine/detector-set.js";
import { resolvePolicy } from "../../src/engine/policy.js";
import { INJECTION_TYPE_RULES } from "../../src/engine/rules/built-in/injection.js";
import { INJECTION_STRUCTURE_RULES } from "../../src/engine/rules/built-in/injection-structure.js";
import type { RuleExample } from "../../src/engine/rules/rule-record.js";
import { separatorFor } from "../../src/engine/scan/json-screen.js";
import { scanJson } from "../../src/engine/scan/scan-json.js";
import { runDetectors } from "../../src/engine/scan/string-scanner.js";
import { ScanPlans } from "../../src/engine/scan-plans.js";
import type { TextDetector } from "../../src/engine/types.js";
import { randomString } from "../../src/shared/fake-credentials.js";
import type { Finding } from "../../src/shared/types.js";

const policy = resolvePolicy({}, {}, { detectorIds: new Set() });
const plans = new ScanPlans(policy, createDetectorSet(policy, []));
const output = plans.get("output", policy.sanitizer.mode);
const passThrough = plans.get("output", "pass-through");
const input = plans.get("input", "pass-through");

/** What the screening reads in the default mode: printable ASCII, at most 256 characters, not JSON text. */
function screenable(text: string): boolean {
  return text.length > 0 && text.length <= 256 && /^[\x20-\x7e]+$/.test(text) && !/^\s*[[{]/.test(text);
}

const example = (e: RuleExample) => (typeof e === "string" ? e : e());
const records = [...INJECTION_TYPE_RULES, ...INJECTION_STRUCTURE_RULES] as readonly {
  examples?: { positive?: readonly RuleExample[]; negative?: readonly RuleExample[] };
}[];
const POSITIVE = records.flatMap((r) => (r.examples?.positive ?? []).map(example));
const NEGATIVE = records.flatMap((r) => (r.examples?.negative ?? []).map(example));

const LEET: Record<string, string> = { a: "4", e: "3", i: "1", o: "0", s: "5", t: "7" };
const ENCODED = POSITIVE.flatMap((text) => [
  Buffer.from(text).toString("base64"),
  Buffer.from(text).toString("hex"),
  text.replace(/[a-z]/gi, (c) => `${c} `).trim(),
  text.replace(/[aeiost]/g, (c) => LEET[c]!),
  text.slice(0, Math.floor(text.length / 2)),
  text.slice(Math.floor(text.length / 2)),
]);
const STRINGS = [...POSITIVE, ...NEGATIVE, ...ENCODED].filter(screenable);

/**
 * Positives cut into two sentences at a word (the learned scorer scores two short sentences of one line as a pair)
 * and ending in a quote or a bracket: a JSON hint read across the separator (`"` then `, "` or `:` on the next
 * string) would make the last sentence JSON data, scored apart from the first, and lose the pair's finding.
 */
const TAILS = [' "x"', ' "', " [", " {", '"', "["];
const CUT = POSITIVE.flatMap((text) => {
  const out: string[] = [];
  for (let k = text.indexOf(" "); k !== -1; k = text.indexOf(" ", k + 1))
    out.push(`${text.slice(0, k)}. ${text.slice(k + 1)}`);
  return out;
})
  .flatMap((text) => TAILS.map((tail) => text + tail))
  .filter(screenable);

/** Neighbours that change how a phrase or a sentence next to them reads. */
const NEIGHBOURS = [
  'phrases such as "',
  "for example '",
  "a jailbreak attempt, for moderators:",
  '"',
  "'",
  "you are",
  "You are now",
  "you will",
  "Note:",
  "system:",
  "assistant:",
  "### Instruction:",
  "<",
  "</",
  "<system",
  "[INST]",
  "AI assistant,",
  "Dear AI,",
  "a.i.",
  "please",
  "Before replying,",
  "ignore",
  "all previous",
  "instructions",
  "and",
  "e.g.",
  "i.g.n.o.r.e",
  "c a l l",
  "1gn0r3",
  "SWdub3Jl",
  "49676e6f7265",
  "https://evil.example/p",
  "user@example.com",
  "delete_repository",
  "the",
  ".",
  ",",
  "-",
  "name: ",
  "note: ",
  // What reads across blanks and line breaks in the learned scorer's segmentation: the JSON hint (a quoted key
  // before `:`, two strings in a row, a bracket opening a string), made on either side of a string.
  '{"',
  '["',
  '"note":',
  '"a", "',
  '", "b"',
  '":',
  ': "',
  ', "',
  "{",
  "[",
  ":",
];

const arbText = fc.oneof(
  fc.constantFrom(...STRINGS),
  fc
    .tuple(fc.constantFrom("note", "body", "text", "message"), fc.constantFrom(...STRINGS))
    .map(([k, v]) => `${k}: ${v}`),
);
const arbNeighbour = fc
  .oneof(
    fc.constantFrom(...NEIGHBOURS),
    fc.constantFrom(...STRINGS),
    fc.tuple(fc.constantFrom(...STRINGS), fc.constantFrom(...NEIGHBOURS)).map(([a, b]) => `${a} ${b}`),
    fc.tuple(fc.constantFrom(...NEIGHBOURS), fc.constantFrom(...STRINGS)).map(([a, b]) => `${a} ${b}`),
  )
  .filter(screenable);

/**
 * Asserts that every match a detector of `detectors` makes on a string alone is overlapped by one of its matches on
 * the string joined between two neighbours with the detector's own separator; returns per detector the strings it
 * matched alone.
 */
function overlapped(
  detectors: readonly TextDetector[],
  arbBefore: fc.Arbitrary<string>,
  arbString: fc.Arbitrary<string>,
  arbAfter: fc.Arbitrary<string>,
  numRuns: number,
  seed: number,
): Map<string, number> {
  const byDetector = new Map<string, number>();
  fc.assert(
    fc.property(arbBefore, arbString, arbAfter, (before, text, after) => {
      for (const d of detectors) {
        if (runDetectors([d], text).length === 0) continue;
        byDetector.set(d.id, (byDetector.get(d.id) ?? 0) + 1);
        // Each detector reads the joined text with its own separator (the learned scorer's differs).
        const separator = separatorFor(d);
        const start = before.length + separator.length;
        const end = start + text.length;
        const joined = `${before}${separator}${text}${separator}${after}`;
        const found = runDetectors([d], joined).some(
          (m) => m.start < end && Math.max(m.end, m.start + 1) > start,
        );
        if (!found) throw new Error(`${d.id} lost its match on ${JSON.stringify(text)}`);
      }
    }),
    { numRuns, seed },
  );
  return byDetector;
}

describe("json screening: the injection family and the literal screens", () => {
  it("joins both injection detectors and screens the three document detectors by their literals", () => {
    const joined = (output.joinable ?? []).map((d) => d.id);
    expect(joined).toEqual(expect.arrayContaining(["injection", "injection.structure"]));
    // The three are not joinable; the joinable ones with literals read only the strings that hold one.
    expect([...(output.screenLiterals?.keys() ?? [])].map((d) => d.id).sort()).toEqual([
      "pii.email",
      "secret.gcp_service_account",
      "secret.jwt",
      "secret.kubernetes_secret",
      "secret.private_key",
      "secret.url_credentials",
    ]);
    expect(STRINGS.length).toBeGreaterThan(40);
  });

  for (const [name, plan] of [
    ["output", output],
    ["input", input],
  ] as const) {
    it(`${name} plan: an injection match on a string alone is overlapped on the joined text`, () => {
      const detectors = (plan.joinable ?? []).filter((d) => d.kind === "injection");
      const byDetector = overlapped(detectors, arbNeighbour, arbText, arbNeighbour, 1500, 21);
      const matched = [...byDetector.values()].reduce((a, b) => a + b, 0);
      // Not vacuous: most draws hold an instruction some detector finds alone, each detector many.
      expect(matched).toBeGreaterThan(500);
      // The learned scorer reads tool output only.
      if (name === "output") expect(detectors.map((d) => d.id)).toContain("injection.scorer");
      for (const d of detectors) expect(byDetector.get(d.id) ?? 0).toBeGreaterThan(50);
    });
  }

  it("the learned scorer: a pair of sentences ending in a quote keeps its match whatever JSON follows", () => {
    const scorer = (output.joinable ?? []).filter((d) => d.id === "injection.scorer");
    expect(scorer).toHaveLength(1);
    const arbJsonNeighbour = fc.oneof(
      { arbitrary: fc.constantFrom(', "b"', ": 1", ":", ', "', '"b": 2'), weight: 3 },
      { arbitrary: arbNeighbour, weight: 1 },
    );
    const byDetector = overlapped(
      scorer,
      arbJsonNeighbour,
      fc.constantFrom(...CUT),
      arbJsonNeighbour,
      400,
      23,
    );
    expect(byDetector.get("injection.scorer") ?? 0).toBeGreaterThan(60);
  });

  it("a plan without sanitizers: the walk of an object reports what the walks of its members report", () => {
    // The screening reads strings of up to 256 characters: a short key block (64 body characters, the least a key
    // has) and a short manifest.
    const key = `-----BEGIN EC ${"PRIVATE KEY"}-----\n${randomString(64)}\n-----END EC ${"PRIVATE KEY"}-----`;
    const manifest = `kind: Secret\ndata:\n  password: ${Buffer.from(randomString(20)).toString("base64")}\n`;
    const MULTI = [
      key,
      `-----BEGIN EC ${"PRIVATE KEY"}-----\nProc-Type: 4,ENCRYPTED\n${randomString(64)}`,
      `config:\n${key}\n`,
      `-----END EC ${"PRIVATE KEY"}-----`,
      manifest,
      `${manifest}---\nkind: ConfigMap\n`,
      "kind: Secret",
      "service_account",
      ...STRINGS,
    ];
    const arbMember = fc.tuple(
      fc.constantFrom("note", "body", "key", "pem", "manifest", "a", "b", "c", "d", "e", "f", "g", "h"),
      fc.oneof(
        fc.constantFrom(...MULTI),
        arbNeighbour,
        fc.array(fc.constantFrom(...MULTI), { maxLength: 3 }),
      ),
    );
    fc.assert(
      fc.property(
        fc.uniqueArray(arbMember, { minLength: 8, maxLength: 16, selector: (m) => m[0] }),
        (members) => {
          for (const plan of [passThrough, output]) {
            expect(MULTI.slice(0, 6).every((m) => m.length <= 256)).toBe(true);
            const obj = Object.fromEntries(members);
            // The members first: a string with a finding is never remembered clean, so the whole walk's screening
            // reads it (a screening that wrongly let it through would be remembered and hide it from later walks).
            const parts: Finding[] = [];
            const rebuilt: Record<string, unknown> = {};
            for (const [k, value] of Object.entries(obj))
              Object.assign(rebuilt, scanJson({ [k]: value }, "/structuredContent", plan, parts));
            const whole: Finding[] = [];
            const scanned = scanJson(obj, "/structuredContent", plan, whole);
            expect(whole).toEqual(parts);
            expect(scanned).toEqual(rebuilt);
          }
        },
      ),
      { numRuns: 150, seed: 22 },
    );
  });
});
