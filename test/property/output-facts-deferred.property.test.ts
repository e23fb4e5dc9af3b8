/**
 * A result's output facts compute their values when first read (src/engine/flow/output-facts.ts). The values must be
 * the ones of the raw result as the check saw it, whoever reads them and whenever: the same as read at once, after
 * the result object was changed, through JSON, a structured clone or a spread; and the install and the middleware
 * must not read them on a step that only keeps them.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { computeOutputFacts, isComputedOutputFacts } from "../../src/engine/flow/output-facts.js";
import { LocalPolicyEngine } from "../../src/engine/local-engine.js";
import {
  provenanceArtifactOf,
  ThreadProvenance,
  toolStepDelta,
} from "../../src/install/thread-provenance.js";
import { withLuhnCheckDigit } from "../../src/shared/fake-credentials.js";
import type { CallToolResult, Finding } from "../../src/shared/types.js";

const SALT = "deferred-salt";
const engine = new LocalPolicyEngine({}, { worker: false });
const where = { connectorType: "s.t", serverName: "s", toolName: "t" };

const word = fc.constantFrom("report", "invoice", "the", "quarterly", "budget", "status", "team", "deadline");
const value = fc.oneof(
  fc.tuple(word, fc.integer({ min: 10, max: 99 })).map(([w, n]) => `${w}.${w}${n}@example.com`),
  fc.integer({ min: 1000, max: 9999 }).map((n) => `+1 415-555-${n}`),
  fc.integer({ min: 10 ** 13, max: 10 ** 14 - 1 }).map((n) => withLuhnCheckDigit(`4${n}`)),
  fc.integer({ min: 1, max: 250 }).map((n) => `10.0.${n}.7`),
  fc.constantFrom("https://files.example.org/a/b?c=1", "see `rm -rf /tmp/x` now"),
);
const sentence = fc
  .tuple(fc.array(word, { minLength: 6, maxLength: 30 }), fc.option(value, { nil: undefined }))
  .map(([words, v]) => `${words.join(" ")}${v ? ` contact ${v}` : ""}.`);
const text = fc.array(sentence, { minLength: 1, maxLength: 40 }).map((s) => s.join(" "));
const result = fc
  .tuple(fc.array(text, { minLength: 1, maxLength: 3 }), fc.option(text, { nil: undefined }))
  .map(
    ([texts, structured]): CallToolResult => ({
      content: texts.map((t) => ({ type: "text" as const, text: t })),
      ...(structured === undefined ? {} : { structuredContent: { note: structured, list: [structured] } }),
    }),
  );

async function findingsOf(r: CallToolResult): Promise<Finding[]> {
  return (await engine.checkOutput({ ...where, callId: "deferred", args: {}, result: r })).findings;
}

const inputOf = (r: CallToolResult, findings: readonly Finding[], intent: boolean) => ({
  ...where,
  toolCallId: "call-1",
  result: r,
  findings,
  salt: SALT,
  trustedSources: [],
  ...(intent ? { intent: { args: { to: "x@example.com" } } } : {}),
});

/** The result changed in every place the facts read from, after the check. */
function scribbleOver(r: CallToolResult): void {
  for (const block of r.content) if (block.type === "text") block.text = "overwritten 4111 1111 1111 1111";
  r.content.push({ type: "text", text: "new block mallory@evil.example" });
  if (r.structuredContent) r.structuredContent.note = "changed +1 415-555-0000";
}

describe("deferred output facts", () => {
  it("are the raw result's as the check saw it, read at once or after the result changed", async () => {
    await fc.assert(
      fc.asyncProperty(result, fc.boolean(), async (r, intent) => {
        const findings = await findingsOf(r);
        const atOnce = JSON.stringify(computeOutputFacts(inputOf(structuredClone(r), findings, intent)));
        const later = computeOutputFacts(inputOf(r, findings, intent));
        scribbleOver(r);
        expect(JSON.stringify(later)).toBe(atOnce);
      }),
      { numRuns: 60, seed: 14 },
    );
  });

  it("read the same through JSON, a structured clone, a spread, a frozen object and a plain read, keys in order", async () => {
    const r = fc.sample(result, { numRuns: 1, seed: 5 })[0]!;
    const findings = await findingsOf(r);
    for (const intent of [false, true]) {
      const expected = JSON.stringify(computeOutputFacts(inputOf(r, findings, intent)));
      const reads = [
        (f: object) => JSON.stringify(f),
        (f: object) => JSON.stringify(structuredClone(f)),
        (f: object) => JSON.stringify({ ...f }),
        (f: object) => JSON.stringify(Object.freeze(f)),
        (f: { values: unknown }) => {
          const values = f.values;
          expect(f.values).toBe(values);
          return JSON.stringify(f);
        },
      ];
      for (const read of reads) expect(read(computeOutputFacts(inputOf(r, findings, intent)))).toBe(expected);
      const assigned = computeOutputFacts(inputOf(r, findings, intent));
      assigned.values = [];
      expect(assigned.values).toEqual([]);
    }
  });

  it("are marked as made here; a copy from a checkpoint or the wire is not", () => {
    const facts = computeOutputFacts(inputOf({ content: [{ type: "text", text: "a b c" }] }, [], false));
    expect(isComputedOutputFacts(facts)).toBe(true);
    expect(isComputedOutputFacts(JSON.parse(JSON.stringify(facts)))).toBe(false);
    expect(isComputedOutputFacts({ ...facts })).toBe(false);
  });

  it("are not read by the install's artifact reader or the middleware's tool step", () => {
    const facts = computeOutputFacts(
      inputOf({ content: [{ type: "text", text: "mail jane.roe@example.com ".repeat(20) }] }, [], false),
    );
    const message = {
      type: "tool",
      tool_call_id: "call-1",
      content: "ok",
      artifact: [{ type: "tollgate_provenance", salt: SALT, facts }],
    };
    expect(provenanceArtifactOf(message.artifact)?.facts).toBe(facts);
    const delta = toolStepDelta(
      new ThreadProvenance(),
      message,
      [{ type: "human", content: "hi" }, message],
      undefined,
    );
    expect(delta?.outputs.includes(facts)).toBe(true);
    expect(Object.getOwnPropertyDescriptor(facts, "values")?.get).toBeTypeOf("function");
    // A reader that needs them (a sink call's flow step, a checkpoint) gets them.
    expect(facts.values.some((v) => v.kind === "email")).toBe(true);
    expect(Object.getOwnPropertyDescriptor(facts, "values")?.get).toBeUndefined();
  });
});
