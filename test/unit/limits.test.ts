/**
 * Size limits: a 50 MB string, a 100,000-element array and 10,000-deep nesting through checkOutput and checkInput.
 * Each must finish in bounded time and memory and end in either a decision or a typed LimitExceededError naming the
 * limit and the JSON Pointer where it was passed; never a crash, never a stack overflow. Bounds are generous
 * (this is not a speed test): they only catch unbounded work.
 */
import { describe, expect, it } from "vitest";
import { LocalPolicyEngine } from "../../src/engine/local-engine.js";
import { LimitExceededError, PolicyConfigError } from "../../src/errors.js";
import type { CallToolResult, JsonObject } from "../../src/policy/types.js";

const TIME_BOUND_MS = 20_000;
const MEMORY_BOUND_BYTES = 1.5 * 1024 ** 3;

const base = { connectorType: "acme.read", serverName: "acme", toolName: "read", callId: "limits" };

function output(engine: LocalPolicyEngine, result: CallToolResult) {
  return engine.checkOutput({ ...base, args: {}, result });
}

function input(engine: LocalPolicyEngine, args: JsonObject) {
  return engine.checkInput({ ...base, args });
}

/** Runs `fn`, returning its value or the error it threw, with elapsed time and RSS growth (sampled after). */
async function bounded<T>(fn: () => Promise<T>): Promise<{ value?: T; error?: unknown; ms: number }> {
  const rss = process.memoryUsage.rss();
  const started = performance.now();
  let value: T | undefined;
  let error: unknown;
  try {
    value = await fn();
  } catch (e) {
    error = e;
  }
  const ms = performance.now() - started;
  expect(ms).toBeLessThan(TIME_BOUND_MS);
  expect(process.memoryUsage.rss() - rss).toBeLessThan(MEMORY_BOUND_BYTES);
  return { ...(value !== undefined ? { value } : {}), ...(error !== undefined ? { error } : {}), ms };
}

function expectLimit(error: unknown, limit: string, path: string): void {
  expect(error).toBeInstanceOf(LimitExceededError);
  const e = error as LimitExceededError;
  expect(e.code).toBe("limit_exceeded");
  expect(e.limit).toBe(limit);
  expect(e.issues[0]?.path).toBe(path);
  expect(e.message.length).toBeGreaterThan(0);
}

function nestedObject(depth: number, leaf: unknown = "deep value"): unknown {
  let value: unknown = leaf;
  for (let i = 0; i < depth; i++) value = { a: value };
  return value;
}

function nestedArray(depth: number, leaf: unknown = "deep value"): unknown {
  let value: unknown = leaf;
  for (let i = 0; i < depth; i++) value = [value];
  return value;
}

const FIFTY_MB = 50 * 1024 * 1024;

describe("a 50 MB string", () => {
  // Prose-like, not a single repeated char, so detectors have real work if the text is ever scanned.
  const big = "The quarterly report is ready for review by the team. "
    .repeat(Math.ceil(FIFTY_MB / 54))
    .slice(0, FIFTY_MB);

  it("output over the default maxOutputBytes: typed LimitExceededError", async () => {
    const { error } = await bounded(() =>
      output(new LocalPolicyEngine(), { content: [{ type: "text", text: big }] }),
    );
    expectLimit(error, "maxOutputBytes", "");
  });

  it("output in truncate mode: cut to the limit, then checked", async () => {
    const engine = new LocalPolicyEngine({
      limits: { onExceed: "truncate", maxOutputBytes: 4 * 1024 * 1024 },
    });
    const { value, error } = await bounded(() => output(engine, { content: [{ type: "text", text: big }] }));
    expect(error).toBeUndefined();
    expect(value!.allowed).toBe(true);
    expect(value!.findings.some((f) => f.kind === "limit" && f.ruleId === "limits.maxOutputBytes")).toBe(
      true,
    );
    const block = value!.redactedResult?.content[0];
    expect(block?.type).toBe("text");
    expect(Buffer.byteLength(JSON.stringify(value!.redactedResult), "utf8")).toBeLessThanOrEqual(
      4 * 1024 * 1024 + 1024,
    );
  });

  it("as structuredContent over the limit in truncate mode: typed error (structured content is never cut)", async () => {
    const engine = new LocalPolicyEngine({ limits: { onExceed: "truncate" } });
    const { error } = await bounded(() => output(engine, { content: [], structuredContent: { blob: big } }));
    expectLimit(error, "maxOutputBytes", "/structuredContent");
  });

  it("input over the default maxInputBytes: typed LimitExceededError", async () => {
    const { error } = await bounded(() => input(new LocalPolicyEngine(), { text: big }));
    expectLimit(error, "maxInputBytes", "");
  });
});

describe("100,000-element arrays", () => {
  const items = Array.from({ length: 100_000 }, (_, i) => (i % 3 === 0 ? `item ${i}` : i));

  it("output at exactly maxArrayItems is checked", async () => {
    const { value, error } = await bounded(() =>
      output(new LocalPolicyEngine(), { content: [], structuredContent: { items } }),
    );
    expect(error).toBeUndefined();
    expect(value!.allowed).toBe(true);
  });

  it("output one over maxArrayItems: typed error with the array's path", async () => {
    const { error } = await bounded(() =>
      output(new LocalPolicyEngine(), { content: [], structuredContent: { list: [...items, "one more"] } }),
    );
    expectLimit(error, "maxArrayItems", "/structuredContent/list");
  });

  it("100,000 content blocks are checked", async () => {
    const content = Array.from({ length: 100_000 }, (_, i) => ({ type: "text" as const, text: `row ${i}` }));
    const strip = new LocalPolicyEngine({ sanitizer: { mode: "detect-and-strip" } });
    const { value, error } = await bounded(() => output(strip, { content }));
    expect(error).toBeUndefined();
    expect(value!.allowed).toBe(true);
    // Wrapped, each block in its own envelope, they would reach the model as ~23 MB: over the 8 MB limit.
    const wrapped = await bounded(() => output(new LocalPolicyEngine(), { content }));
    expectLimit(wrapped.error, "maxOutputBytes", "");
  });

  it("input at exactly maxArrayItems is checked; one over is a typed error", async () => {
    const engine = new LocalPolicyEngine();
    const ok = await bounded(() => input(engine, { items }));
    expect(ok.error).toBeUndefined();
    expect(ok.value!.allowed).toBe(true);
    const over = await bounded(() => input(engine, { nested: { items: [...items, 1] } }));
    expectLimit(over.error, "maxArrayItems", "/nested/items");
  });
});

describe("10,000-deep nesting", () => {
  it("output deeper than the default maxDepth: typed error with a path, no stack overflow", async () => {
    const { error } = await bounded(() =>
      output(new LocalPolicyEngine(), {
        content: [],
        structuredContent: { root: nestedObject(10_000) } as never,
      }),
    );
    expect(error).toBeInstanceOf(LimitExceededError);
    expect((error as LimitExceededError).limit).toBe("maxDepth");
    expect((error as LimitExceededError).issues[0]?.path).toMatch(/^\/structuredContent\/root(\/a)+$/);
  });

  it("input deeper than the default maxDepth (arrays): typed error with a path", async () => {
    const { error } = await bounded(() =>
      input(new LocalPolicyEngine(), { root: nestedArray(10_000) as never }),
    );
    expect(error).toBeInstanceOf(LimitExceededError);
    expect((error as LimitExceededError).limit).toBe("maxDepth");
    expect((error as LimitExceededError).issues[0]?.path).toMatch(/^\/root(\/0)+$/);
  });

  // With the policy's largest allowed maxDepth (1,000) a value just within it is walked fully: a decision or a
  // typed error, never a RangeError from recursion. Deeper limits are refused by the policy schema.
  it("output within the largest allowed maxDepth: walked fully, no stack overflow", async () => {
    const engine = new LocalPolicyEngine({ limits: { maxDepth: 1000 } });
    const { value, error } = await bounded(() =>
      output(engine, {
        content: [],
        structuredContent: { root: nestedObject(990, "mail jane.roe@example.com") } as never,
      }),
    );
    expect(error).toBeUndefined();
    expect(JSON.stringify(value!.redactedResult)).not.toContain("jane.roe@example.com");
  });

  it("input within the largest allowed maxDepth: walked fully, no stack overflow", async () => {
    const engine = new LocalPolicyEngine({ limits: { maxDepth: 1000 } });
    const { value, error } = await bounded(() => input(engine, { root: nestedArray(990) as never }));
    expect(error).toBeUndefined();
    expect(value!.allowed).toBe(true);
  });

  it("a policy asking for a deeper walk than the engine can do safely is refused", () => {
    expect(() => new LocalPolicyEngine({ limits: { maxDepth: 10_000 } })).toThrow(PolicyConfigError);
  });
});

describe("nested shared references (a value that expands exponentially)", () => {
  /** `levels` nested objects whose two keys point at the same child: 2^levels leaves when written out as JSON. */
  function sharedTree(levels: number): JsonObject {
    let node: JsonObject = { leaf: "x" };
    for (let i = 0; i < levels; i++) node = { a: node, b: node };
    return node;
  }

  it("output: typed LimitExceededError (maxOutputBytes) instead of an exponential walk", async () => {
    const engine = new LocalPolicyEngine();
    const result = { content: [], structuredContent: sharedTree(40) } as CallToolResult;
    const { error } = await bounded(() => output(engine, result));
    expect(error).toBeInstanceOf(LimitExceededError);
    expect((error as LimitExceededError).limit).toBe("maxOutputBytes");
    expect((error as LimitExceededError).issues[0]?.path).toMatch(/^\/structuredContent\//);
  });

  it("output in truncate mode: bounded too, typed error", async () => {
    const engine = new LocalPolicyEngine({ limits: { onExceed: "truncate", maxOutputBytes: 64 * 1024 } });
    const result = { content: [], structuredContent: sharedTree(40) } as CallToolResult;
    const { error } = await bounded(() => output(engine, result));
    expect(error).toBeInstanceOf(LimitExceededError);
  });

  it("input: typed LimitExceededError (maxInputBytes)", async () => {
    const { error } = await bounded(() => input(new LocalPolicyEngine(), { q: sharedTree(40) }));
    expect(error).toBeInstanceOf(LimitExceededError);
    expect((error as LimitExceededError).limit).toBe("maxInputBytes");
  });

  it("a few shared references within the limits are ordinary JSON and pass", async () => {
    const annotations = { audience: ["user" as const], priority: 0.5 };
    const result: CallToolResult = {
      content: [
        { type: "text", text: "one", annotations },
        { type: "text", text: "two", annotations },
      ],
      structuredContent: { shared: sharedTree(8) },
    };
    const decision = await output(new LocalPolicyEngine(), result);
    expect(decision.allowed).toBe(true);
    const args = await input(new LocalPolicyEngine(), { q: sharedTree(8) });
    expect(args.allowed).toBe(true);
  });
});
