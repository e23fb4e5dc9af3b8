import { readFileSync } from "node:fs";
import { Ajv } from "ajv";
import addFormatsModule from "ajv-formats";
import { describe, expect, it } from "vitest";
import { LocalPolicyEngine } from "../../src/engine/local-engine.js";
import { checkToolListing } from "../../src/engine/scan/tool-listing.js";
import {
  assertSchemaDepth,
  MAX_SCHEMA_DEPTH,
  SchemaValidatorCache,
} from "../../src/engine/schema-validator.js";
import { LimitExceededError, SchemaTooDeepError } from "../../src/errors.js";
import { type AuditRecord, createToolInterceptor, type JsonObject } from "../../src/index.js";

/** A schema a hostile tool listing may carry: hostile to the validator, not to the model. */

/** Wall-clock bound for a check on a ~30-character value: backtracking takes minutes, a linear engine microseconds. */
const DEADLINE_MS = 2_000;

function nested(levels: number, leaf: JsonObject = { type: "string" }): JsonObject {
  let schema: JsonObject = leaf;
  for (let i = 0; i < levels; i++) schema = { type: "object", properties: { a: schema } };
  return schema;
}

describe("schema patterns run in a linear-time engine", () => {
  it('"^(a+)+$" against a 29-character string finishes well inside a fixed deadline', () => {
    const cache = new SchemaValidatorCache();
    const started = performance.now();
    const check = cache.validate({ type: "string", pattern: "^(a+)+$" }, `${"a".repeat(28)}!`);
    expect(performance.now() - started).toBeLessThan(DEADLINE_MS);
    expect(check).toMatchObject({ ok: false, violation: { path: "" } });
    expect(cache.validate({ type: "string", pattern: "^(a+)+$" }, "aaaa")).toEqual({ ok: true });
  });

  it("a patternProperties key runs in the same engine", () => {
    const cache = new SchemaValidatorCache();
    const schema = { type: "object", patternProperties: { "^(a|aa)+$": { type: "number" } } };
    const started = performance.now();
    const check = cache.validate(schema, { [`${"a".repeat(40)}!`]: "x", aaa: "not a number" });
    expect(performance.now() - started).toBeLessThan(DEADLINE_MS);
    expect(check).toMatchObject({ ok: false, violation: { path: "/aaa" } });
  });

  it("keeps the JSON Schema (ECMA-262) syntax ordinary listings use", () => {
    const cache = new SchemaValidatorCache();
    const ascii = { type: "string", pattern: "^[\\u0000-\\u007F]*$" };
    expect(cache.validate(ascii, "plain")).toEqual({ ok: true });
    expect(cache.validate(ascii, "café")).toMatchObject({ ok: false });
    const letters = { type: "string", pattern: "^\\p{L}+$" };
    expect(cache.validate(letters, "héllo")).toEqual({ ok: true });
    expect(cache.validate(letters, "h3llo")).toMatchObject({ ok: false });
    const named = { type: "string", pattern: "^(?<year>\\d{4})-\\d{2}$" };
    expect(cache.validate(named, "2024-01")).toEqual({ ok: true });
    expect(cache.validate(named, "24-01")).toMatchObject({ ok: false });
    const slash = { type: "string", pattern: "^a/b$" };
    expect(cache.validate(slash, "a/b")).toEqual({ ok: true });
    // Two patterns in one schema are two regular expressions (ajv dedupes them by their text).
    const two = { type: "object", properties: { x: { pattern: "^x$" }, y: { pattern: "^y$" } } };
    expect(cache.validate(two, { x: "x", y: "y" })).toEqual({ ok: true });
    expect(cache.validate(two, { x: "x", y: "x" })).toMatchObject({ ok: false, violation: { path: "/y" } });
  });

  it("a pattern that is not a valid ECMA-262 regular expression still makes the schema fail to compile", () => {
    const cache = new SchemaValidatorCache();
    const check = cache.validate({ type: "string", pattern: "[" }, "x");
    expect(check).toMatchObject({ ok: false });
    if (!check.ok) expect(check.violation.message).toMatch(/^schema cannot be compiled: /);
  });
});

describe("a pattern RE2 cannot run is skipped, the rest of the schema still validates", () => {
  const schema = {
    type: "object",
    properties: {
      ahead: { type: "string", pattern: "^(?=.*\\d).+$" },
      back: { type: "string", pattern: "^(a)\\1$" },
      named: { type: "string", pattern: "^(?<x>a)\\k<x>$" },
      n: { type: "number" },
    },
    required: ["n"],
  };

  it("validates everything else and reports which patterns were not run", () => {
    const cache = new SchemaValidatorCache();
    expect(cache.validate(schema, { ahead: "no digit", back: "ab", named: "ab", n: 1 })).toEqual({
      ok: true,
    });
    expect(cache.validate(schema, { ahead: "x", n: "one" })).toMatchObject({
      ok: false,
      violation: { path: "/n" },
    });
    expect(cache.validate(schema, { ahead: "x" })).toMatchObject({ ok: false, violation: { path: "/n" } });
    expect(cache.unsupportedPatterns(schema).map((p) => p.pattern)).toEqual([
      "^(?=.*\\d).+$",
      "^(a)\\1$",
      "^(?<x>a)\\k<x>$",
    ]);
    expect(cache.unsupportedPatterns({ type: "string", pattern: "^a+$" })).toEqual([]);
  });

  it("the tool stays listed and an audit note names the tool and the pattern", async () => {
    const out: AuditRecord[] = [];
    const guard = createToolInterceptor({ onDecision: (r) => out.push(r) });
    const kept = await guard.prepareTools("acme", [
      { name: "lookahead", description: "Looks ahead.", inputSchema: schema },
      { name: "plain", description: "Plain.", inputSchema: { type: "object" } },
    ]);
    expect(kept.map((t) => t.name)).toEqual(["lookahead", "plain"]);
    const notes = out.filter((r) => r.action === "note");
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({
      phase: "catalog",
      serverName: "acme",
      toolName: "lookahead",
      ruleIds: ["schema.unsupported_pattern"],
    });
    // Patterns are quoted as JSON strings (backslashes doubled), so a reader sees exactly where each one ends.
    expect(notes[0]!.reason).toContain(JSON.stringify("^(?=.*\\d).+$"));
    expect(notes[0]!.reason).toContain(JSON.stringify("^(a)\\1$"));
    expect(notes[0]!.reason).toContain('tool "lookahead"');
    // The note is an audit record like any other: it follows the published schema.
    const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ??
      addFormatsModule) as (ajv: Ajv) => Ajv;
    const published = JSON.parse(
      readFileSync(new URL("../../schema/audit-record.schema.json", import.meta.url), "utf8"),
    ) as object;
    const valid = addFormats(new Ajv({ allErrors: true, strict: true })).compile(published);
    expect(valid(JSON.parse(JSON.stringify(notes[0]))), JSON.stringify(valid.errors)).toBe(true);
  });

  it("the engine reports the skipped patterns of a listing even with description checks off", () => {
    const engine = new LocalPolicyEngine({ injection: { toolDescriptions: "off" } });
    const check = engine.checkToolDescriptor("acme", { name: "t", inputSchema: schema });
    expect(check.unsupportedPatterns?.map((p) => p.path)).toEqual([
      "/inputSchema",
      "/inputSchema",
      "/inputSchema",
    ]);
  });
});

describe("compiled schemas are bounded", () => {
  // 1,000 rather than more: the counts are exact, and each compile costs milliseconds on a shared machine.
  it("1,000 distinct schemas leave a bounded number of ajv cache entries and Ajv instances", () => {
    const cache = new SchemaValidatorCache();
    const compile = (i: number) => {
      const schema = { type: "object", properties: { [`p${i}`]: { type: "string", pattern: `^x${i}$` } } };
      expect(cache.validate(schema, { [`p${i}`]: `x${i}` })).toEqual({ ok: true });
    };
    compile(0);
    // What a fresh instance holds (its meta-schemas); compiled schemas add nothing to it.
    const baseline = cache.footprint().ajvCacheEntries;
    for (let i = 1; i < 1_000; i++) compile(i);
    const footprint = cache.footprint();
    expect(footprint.ajvCacheEntries).toBe(baseline);
    expect(footprint.ajvInstancesCreated).toBeLessThanOrEqual(
      Math.ceil(1_000 / footprint.compilesPerAjv) + 2,
    );
    expect(footprint.ajvInstancesCreated).toBeGreaterThan(2);
  }, 60_000);

  it("a validator keeps working after its Ajv instance was retired (recursive $ref included)", () => {
    const cache = new SchemaValidatorCache();
    const tree = {
      type: "object",
      properties: { name: { type: "string" }, children: { type: "array", items: { $ref: "#" } } },
    };
    expect(cache.validate(tree, { name: "a", children: [{ name: "b" }] })).toEqual({ ok: true });
    const per = cache.footprint().compilesPerAjv;
    for (let i = 0; i < per * 2; i++) cache.validate({ const: i }, i);
    expect(cache.validate(tree, { name: "a", children: [{ name: 1 }] })).toMatchObject({
      ok: false,
      violation: { path: "/children/0/name" },
    });
  });
});

describe("a very deep schema is a typed error, never a stack overflow", () => {
  const deep = nested(20_000);

  it("validate throws SchemaTooDeepError with the path where the limit was passed", () => {
    const cache = new SchemaValidatorCache();
    let thrown: unknown;
    try {
      cache.validate(deep, { a: {} });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(SchemaTooDeepError);
    expect(thrown).toBeInstanceOf(LimitExceededError);
    const error = thrown as SchemaTooDeepError;
    expect(error.code).toBe("limit_exceeded");
    expect(error.limit).toBe("maxSchemaDepth");
    expect(error.issues[0]!.path).toMatch(/^(\/properties\/a)+/);
    // Asked again, the same typed error (cached, not recompiled).
    expect(() => cache.validate(deep, {})).toThrow(SchemaTooDeepError);
  });

  it("checkToolListing throws SchemaTooDeepError naming the tool and the schema", () => {
    const engine = new LocalPolicyEngine();
    const tool = { name: "deep", description: "Deep.", outputSchema: deep };
    expect(() => engine.checkToolDescriptor("acme", tool)).toThrow(SchemaTooDeepError);
    try {
      engine.checkToolDescriptor("acme", tool);
    } catch (error) {
      expect((error as SchemaTooDeepError).message).toContain("deep");
      expect((error as SchemaTooDeepError).issues[0]!.path).toMatch(/^\/outputSchema\/properties\/a/);
    }
  });

  it("with description checks off, the listing's deep schema is still refused, named by its field", () => {
    const engine = new LocalPolicyEngine({ injection: { toolDescriptions: "off" } });
    let thrown: unknown;
    try {
      engine.checkToolDescriptor("acme", { name: "deep", inputSchema: deep });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(SchemaTooDeepError);
    expect((thrown as SchemaTooDeepError).issues[0]!.path).toMatch(/^\/inputSchema\/properties\/a/);
    expect((thrown as SchemaTooDeepError).message).toContain('tool "deep"');
  });

  it("checkToolListing alone (the scan of prose strings) refuses the deep schema too", () => {
    const plan = undefined as never;
    expect(() => checkToolListing({ name: "deep", inputSchema: deep }, plan, false)).toThrow(
      SchemaTooDeepError,
    );
  });

  it("the engine's input check answers a deep schema with the typed error", async () => {
    const engine = new LocalPolicyEngine({}, { worker: false });
    await expect(
      engine.checkInput({
        connectorType: "acme.deep",
        callId: "c1",
        serverName: "acme",
        toolName: "deep",
        args: { a: {} },
        tool: { name: "deep", inputSchema: deep },
      }),
    ).rejects.toBeInstanceOf(SchemaTooDeepError);
  });

  it("assertSchemaDepth is the check the server can run first; schemas at the limit pass", () => {
    expect(() => assertSchemaDepth(deep, "/tollgate/tool/inputSchema")).toThrow(SchemaTooDeepError);
    // nested(n) is 2n + 1 levels deep (properties, then the property's schema).
    const atLimit = nested(Math.floor((MAX_SCHEMA_DEPTH - 1) / 2));
    expect(() => assertSchemaDepth(atLimit, "")).not.toThrow();
    expect(new SchemaValidatorCache().validate(atLimit, {})).toEqual({ ok: true });
    expect(() => assertSchemaDepth(nested(Math.floor(MAX_SCHEMA_DEPTH / 2)), "")).toThrow(SchemaTooDeepError);
  });
});

describe("listing a tool compiles only the schemas that have patterns", () => {
  it("a schema without pattern keywords is not compiled to look for unsupported ones", () => {
    const cache = new SchemaValidatorCache();
    const before = cache.footprint().ajvInstancesCreated;
    expect(cache.unsupportedPatterns({ type: "object", properties: { a: { type: "string" } } })).toEqual([]);
    expect(cache.footprint().ajvInstancesCreated).toBe(before);
    expect(cache.unsupportedPatterns({ type: "string", pattern: "(?!x)" })).toHaveLength(1);
    expect(cache.footprint().ajvInstancesCreated).toBe(before + 1);
  });
});
