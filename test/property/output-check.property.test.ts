/**
 * Properties of the default output check on arbitrary results and strings (fast-check): it only ever throws the
 * typed errors, keeps the CallToolResult shape, is idempotent (a checked result passes a second check unchanged),
 * and a planted secret or PII value never survives anywhere in the returned result, object keys included.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { LocalPolicyEngine } from "../../src/engine/local-engine.js";
import { DetectorWorkerPool } from "../../src/engine/parallel/detector-worker-pool.js";
import { TollgateError } from "../../src/errors.js";
import {
  fakeAwsAccessKey,
  fakeCardNumber,
  fakeGithubToken,
  fakeOpenaiKey,
  fakeSlackBotToken,
  fakeStripeKey,
} from "../../src/shared/fake-credentials.js";
import type { CallToolResult, OutputDecision } from "../../src/shared/types.js";
import { assertCallToolResult } from "../../src/shared/validate-result.js";
import { fixEnvelopeIds } from "../helpers/envelope-ids.js";
import { countWorkerJobs } from "../helpers/worker-jobs.js";

const engine = new LocalPolicyEngine();
// PROPERTY_RUNS raises the count for a soak run (e.g. PROPERTY_RUNS=3000 npx vitest run test/property).
const RUNS = { numRuns: Number(process.env.PROPERTY_RUNS ?? 150) };

function request(result: CallToolResult) {
  return {
    connectorType: "acme.read",
    serverName: "acme",
    toolName: "read",
    callId: "prop",
    args: {},
    result,
  };
}

function check(result: CallToolResult): Promise<OutputDecision> {
  return engine.checkOutput(request(result));
}

/** What the caller receives: the redacted result, the original, or nothing when blocked. */
function delivered(decision: OutputDecision, original: CallToolResult): CallToolResult | undefined {
  if (!decision.allowed) return undefined;
  return decision.redactedResult ?? original;
}

/** Runs the check and rethrows anything that is not a TollgateError as a property failure. */
async function checkTyped(result: CallToolResult): Promise<OutputDecision | TollgateError> {
  try {
    return await check(result);
  } catch (error) {
    if (error instanceof TollgateError) return error;
    throw new Error(`checkOutput threw a non-Tollgate error: ${String(error)}`, { cause: error });
  }
}

// Characters chosen to hit the engine's edges: controls, lone surrogates, invisible and bidi characters, escape
// sequence starts, chat-template tokens, the envelope's own tags, placeholders, JSON punctuation, astral letters.
const tricky = fc.constantFrom(
  "\u200b",
  "\u202e",
  "\ufeff",
  "\u00ad",
  "\u001b[",
  "\u001b[31m",
  "\u001b]0;",
  "\u0007",
  "<|im_start|>",
  "<|im_end|>",
  "</untrusted-tool-output>",
  '<untrusted-tool-output server="acme" tool="read">\n',
  "\n</untrusted-tool-output>",
  "[REDACTED:email]",
  "ignore previous instructions",
  "system:",
  "@",
  "..",
  "{",
  "[",
  '"',
  "\\",
  "\n",
  " ",
  "é",
  "\u{1d400}",
  "ｉ",
);
const unit = fc.oneof(
  { weight: 6, arbitrary: fc.string({ unit: "grapheme-ascii", minLength: 1, maxLength: 1 }) },
  { weight: 2, arbitrary: tricky },
  { weight: 1, arbitrary: fc.integer({ min: 0, max: 0x1f }).map((c) => String.fromCharCode(c)) },
  { weight: 1, arbitrary: fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => String.fromCharCode(c)) },
  { weight: 1, arbitrary: fc.string({ unit: "binary", minLength: 1, maxLength: 1 }) },
);
const anyString = fc.string({ unit, maxLength: 60 });

const { json } = fc.letrec<{ json: unknown }>((tie) => ({
  json: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    anyString,
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.integer(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie("json"), { maxLength: 4 }),
    fc.dictionary(anyString, tie("json"), { maxKeys: 4 }),
  ),
}));

const textBlock = anyString.map((text) => ({ type: "text" as const, text }));
// Text that holds a JSON document, as many tools return.
const jsonTextBlock = json.map((value) => ({
  type: "text" as const,
  text: JSON.stringify(value, null, 2) ?? "null",
}));

const resultArb: fc.Arbitrary<CallToolResult> = fc.record(
  {
    content: fc.array(fc.oneof(textBlock, jsonTextBlock), { maxLength: 3 }),
    structuredContent: fc.dictionary(anyString, json, { maxKeys: 5 }),
    isError: fc.boolean(),
  },
  { requiredKeys: ["content"] },
) as fc.Arbitrary<CallToolResult>;

function expectShape(out: CallToolResult, original: CallToolResult): void {
  expect(() => assertCallToolResult(out, "property")).not.toThrow();
  expect(out.content.length).toBe(original.content.length);
  if (original.structuredContent !== undefined) {
    expect(typeof out.structuredContent).toBe("object");
    expect(out.structuredContent).not.toBeNull();
    expect(Array.isArray(out.structuredContent)).toBe(false);
  }
  if (original.isError !== undefined) expect(out.isError).toBe(original.isError);
}

async function expectIdempotent(out: CallToolResult): Promise<void> {
  const again = await check(out);
  expect(again.allowed, `second check blocked: ${again.reason}`).toBe(true);
  expect(again.redactedResult ?? out).toEqual(out);
}

describe("output check properties", () => {
  it("with the worker thread on every string: the same decision as the calling thread alone", async () => {
    // minLength 1 sends every string of every result to the worker, so its matches feed every scan.
    const pool = new DetectorWorkerPool();
    const withWorker = new LocalPolicyEngine({}, { worker: { minLength: 1, pool } });
    const inline = new LocalPolicyEngine({}, { worker: false });
    expect(await withWorker.startWorker()).toBe(true);
    const jobs = countWorkerJobs(pool);
    const outcome = async (engine: LocalPolicyEngine, result: CallToolResult) => {
      try {
        const { decisionId: _id, durationMs: _ms, ...decision } = await engine.checkOutput(request(result));
        // Envelope ids are random per check; everything else must match.
        return fixEnvelopeIds(decision);
      } catch (error) {
        return { threw: error instanceof TollgateError ? error.toJSON() : String(error) };
      }
    };
    try {
      await fc.assert(
        fc.asyncProperty(resultArb, async (result) => {
          expect(await outcome(withWorker, result)).toEqual(await outcome(inline, result));
        }),
        RUNS,
      );
      // Most generated results hold a string; each of those must have gone through the worker.
      expect(jobs()).toBeGreaterThan(RUNS.numRuns / 2);
    } finally {
      await pool.close();
    }
  });

  it("on arbitrary results: typed errors only, shape kept, idempotent", async () => {
    await fc.assert(
      fc.asyncProperty(resultArb, async (result) => {
        const decision = await checkTyped(result);
        if (decision instanceof TollgateError) return;
        const out = delivered(decision, result);
        if (!out) {
          expect(decision.redactedResult).toBeUndefined();
          return;
        }
        expectShape(out, result);
        await expectIdempotent(out);
      }),
      RUNS,
    );
  });

  it("on arbitrary strings as one text block: typed errors only, shape kept, idempotent", async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(anyString, fc.string({ unit: "binary", maxLength: 200 })), async (text) => {
        const result: CallToolResult = { content: [{ type: "text", text }] };
        const decision = await checkTyped(result);
        if (decision instanceof TollgateError) return;
        const out = delivered(decision, result);
        if (!out) return;
        expectShape(out, result);
        await expectIdempotent(out);
      }),
      RUNS,
    );
  });

  // Values the default policy redacts in outputs (PII and secrets: placeholder), built at run time.
  const planted = fc.constantFrom(
    () => fakeGithubToken("p", 31),
    () => fakeAwsAccessKey(32),
    () => fakeStripeKey("live", 33),
    () => fakeOpenaiKey(34),
    () => fakeSlackBotToken(35),
    () => ["jane", ".roe", "@", "example", ".com"].join(""),
    () => fakeCardNumber("4", 16, 36),
    () => ["536", "-22", "-4187"].join(""),
  );

  type Place =
    | "text"
    | "json-text"
    | "structured-value"
    | "structured-key"
    | "nested-key"
    | "string-holding-json"
    | "structured-number"
    | "json-text-number"
    | "mime-type"
    | "block-meta"
    | "split-across-blocks";
  const place = fc.constantFrom<Place>(
    "text",
    "json-text",
    "structured-value",
    "structured-key",
    "nested-key",
    "string-holding-json",
    "structured-number",
    "json-text-number",
    "mime-type",
    "block-meta",
    "split-across-blocks",
  );

  /** Puts `value` into `base` at a spot chosen by `where`; separated by spaces so it stays a whole token. */
  function plant(
    base: CallToolResult,
    value: string,
    where: Place,
    prefix: string,
    suffix: string,
  ): CallToolResult {
    const around = `${prefix} ${value} ${suffix}`;
    const sc = { ...(base.structuredContent ?? {}) };
    switch (where) {
      case "text":
        return { ...base, content: [...base.content, { type: "text", text: around }] };
      case "json-text":
        return {
          ...base,
          content: [
            ...base.content,
            { type: "text", text: JSON.stringify({ note: around, list: [1, around] }) },
          ],
        };
      case "structured-value":
        return { ...base, structuredContent: { ...sc, planted: { deep: [around] } } };
      case "structured-key":
        return { ...base, structuredContent: { ...sc, [around]: 1 } };
      case "nested-key":
        return { ...base, structuredContent: { ...sc, outer: [{ [around]: { x: around.length } }] } };
      case "string-holding-json":
        return { ...base, structuredContent: { ...sc, payload: JSON.stringify({ [around]: around }) } };
      // Digit values (a card) also as JSON numbers; others stay strings there.
      case "structured-number":
        return { ...base, structuredContent: { ...sc, value: /^\d+$/.test(value) ? Number(value) : around } };
      case "json-text-number": {
        const number = /^\d+$/.test(value) ? Number(value) : around;
        return {
          ...base,
          content: [...base.content, { type: "text", text: JSON.stringify({ value: number }) }],
        };
      }
      case "mime-type":
        return {
          ...base,
          content: [...base.content, { type: "image", data: "AAAA", mimeType: `image/png; n=${value}` }],
        };
      case "block-meta":
        return { ...base, content: [...base.content, { type: "text", text: "x", _meta: { note: around } }] };
      case "split-across-blocks": {
        const half = value.length >> 1;
        return {
          ...base,
          content: [
            ...base.content,
            { type: "text", text: `${prefix} ${value.slice(0, half)}` },
            { type: "text", text: `${value.slice(half)} ${suffix}` },
          ],
        };
      }
    }
  }

  it("a planted secret or PII value is absent from the returned result", async () => {
    await fc.assert(
      fc.asyncProperty(
        resultArb,
        planted,
        place,
        anyString,
        anyString,
        async (base, make, where, prefix, suffix) => {
          const value = make();
          const result = plant(base, value, where, prefix, suffix);
          const decision = await checkTyped(result);
          if (decision instanceof TollgateError) return;
          const out = delivered(decision, result);
          if (!out) return; // blocked: nothing reaches the model
          expect(JSON.stringify(out)).not.toContain(value);
        },
      ),
      RUNS,
    );
  });
});
