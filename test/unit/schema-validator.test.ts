import { Ajv2020 } from "ajv/dist/2020.js";
import { afterEach, describe, expect, it, vi } from "vitest";
import { SchemaValidatorCache } from "../../src/engine/schema-validator.js";

const DRAFT_07 = "http://json-schema.org/draft-07/schema#";
const DRAFT_2020 = "https://json-schema.org/draft/2020-12/schema";

/** The shared Ajv core prototype: both the draft-07 and 2020-12 instances compile through it. */
const ajvCore = Object.getPrototypeOf(Ajv2020.prototype) as { compile: (schema: object) => unknown };

afterEach(() => {
  vi.restoreAllMocks();
});

describe("SchemaValidatorCache: draft 2020-12", () => {
  const cache = new SchemaValidatorCache();
  const schema = {
    $schema: DRAFT_2020,
    type: "object",
    required: ["query"],
    additionalProperties: false,
    properties: {
      query: { type: "string", minLength: 1 },
      limit: { type: "integer", minimum: 1 },
      tags: { type: "array", prefixItems: [{ type: "string" }, { type: "number" }], items: false },
      owner: { $ref: "#/$defs/owner" },
    },
    $defs: { owner: { type: "object", required: ["id"], properties: { id: { type: "integer" } } } },
  };

  it("accepts valid values", () => {
    expect(cache.validate(schema, { query: "q" })).toEqual({ ok: true });
    expect(cache.validate(schema, { query: "q", limit: 3, tags: ["a", 1], owner: { id: 2 } })).toEqual({
      ok: true,
    });
  });

  it("names a missing required property by its own pointer", () => {
    expect(cache.validate(schema, {})).toEqual({
      ok: false,
      violation: { path: "/query", message: 'required property "query" is missing' },
    });
  });

  it("names an additional property by its own pointer", () => {
    expect(cache.validate(schema, { query: "q", extra: 1 })).toEqual({
      ok: false,
      violation: { path: "/extra", message: 'property "extra" is not allowed' },
    });
  });

  it("names a nested type violation", () => {
    const check = cache.validate(schema, { query: "q", limit: "3" });
    expect(check).toEqual({ ok: false, violation: { path: "/limit", message: "must be integer" } });
  });

  it("supports prefixItems (2020-12 tuples)", () => {
    expect(cache.validate(schema, { query: "q", tags: ["a", "b"] })).toEqual({
      ok: false,
      violation: { path: "/tags/1", message: "must be number" },
    });
    expect(cache.validate(schema, { query: "q", tags: ["a", 1, 2] })).toMatchObject({
      ok: false,
      violation: { path: "/tags" },
    });
  });

  it("resolves $defs references, naming the path inside the value", () => {
    expect(cache.validate(schema, { query: "q", owner: { id: "x" } })).toEqual({
      ok: false,
      violation: { path: "/owner/id", message: "must be integer" },
    });
    expect(cache.validate(schema, { query: "q", owner: {} })).toEqual({
      ok: false,
      violation: { path: "/owner/id", message: 'required property "id" is missing' },
    });
  });

  it("reports the first violation only", () => {
    const check = cache.validate(schema, { limit: 0 });
    expect(check.ok).toBe(false);
    if (!check.ok) expect(typeof check.violation.path).toBe("string");
  });

  it("treats a schema without $schema as 2020-12", () => {
    const noDialect = { type: "array", prefixItems: [{ type: "string" }] };
    expect(cache.validate(noDialect, [1])).toEqual({
      ok: false,
      violation: { path: "/0", message: "must be string" },
    });
    // The draft-07 tuple form is not 2020-12 and does not compile there.
    const check = cache.validate({ type: "array", items: [{ type: "string" }] }, [1]);
    expect(check).toMatchObject({ ok: false, violation: { path: "" } });
    if (!check.ok) expect(check.violation.message).toMatch(/^schema cannot be compiled/);
  });

  it("supports dependentRequired", () => {
    const s = { type: "object", dependentRequired: { a: ["b"] } };
    expect(cache.validate(s, { a: 1, b: 2 })).toEqual({ ok: true });
    expect(cache.validate(s, { a: 1 })).toMatchObject({ ok: false, violation: { path: "" } });
  });

  it("escapes / and ~ in pointers of property names", () => {
    const s = { type: "object", properties: { "a/b": { type: "object", required: ["c~d"] } } };
    expect(cache.validate(s, { "a/b": {} })).toEqual({
      ok: false,
      violation: { path: "/a~1b/c~0d", message: 'required property "c~d" is missing' },
    });
  });

  it("checks formats (ajv-formats loaded)", () => {
    const s = {
      type: "object",
      properties: { e: { type: "string", format: "email" }, d: { format: "date-time" } },
    };
    expect(cache.validate(s, { e: "bob@example.com", d: "2024-01-01T00:00:00Z" })).toEqual({ ok: true });
    expect(cache.validate(s, { e: "not an email" })).toMatchObject({ ok: false, violation: { path: "/e" } });
    expect(cache.validate(s, { d: "yesterday" })).toMatchObject({ ok: false, violation: { path: "/d" } });
  });

  it("tolerates unknown keywords (non-strict)", () => {
    expect(cache.validate({ type: "object", "x-ui": { widget: 1 }, unknownKeyword: true }, {})).toEqual({
      ok: true,
    });
  });
});

describe("SchemaValidatorCache: draft-07", () => {
  const cache = new SchemaValidatorCache();
  const schema = {
    $schema: DRAFT_07,
    type: "object",
    required: ["path"],
    properties: {
      path: { type: "string" },
      pair: { type: "array", items: [{ type: "string" }, { type: "number" }], additionalItems: false },
      ref: { $ref: "#/definitions/positive" },
    },
    definitions: { positive: { type: "number", exclusiveMinimum: 0 } },
    dependencies: { pair: ["ref"] },
  };

  it("accepts valid values", () => {
    expect(cache.validate(schema, { path: "/tmp" })).toEqual({ ok: true });
    expect(cache.validate(schema, { path: "/tmp", pair: ["a", 1], ref: 1 })).toEqual({ ok: true });
  });

  it("supports tuple items and additionalItems", () => {
    expect(cache.validate(schema, { path: "p", pair: ["a", "b"], ref: 1 })).toEqual({
      ok: false,
      violation: { path: "/pair/1", message: "must be number" },
    });
    expect(cache.validate(schema, { path: "p", pair: ["a", 1, 2], ref: 1 })).toMatchObject({
      ok: false,
      violation: { path: "/pair" },
    });
  });

  it("resolves definitions references", () => {
    expect(cache.validate(schema, { path: "p", ref: 0 })).toMatchObject({
      ok: false,
      violation: { path: "/ref" },
    });
  });

  it("supports dependencies", () => {
    expect(cache.validate(schema, { path: "p", pair: ["a", 1] })).toMatchObject({
      ok: false,
      violation: { path: "" },
    });
  });

  it("names a missing required property", () => {
    expect(cache.validate(schema, {})).toEqual({
      ok: false,
      violation: { path: "/path", message: 'required property "path" is missing' },
    });
  });

  it("recognises older draft URIs and the https form as the draft-07 dialect", () => {
    for (const dialect of [
      "http://json-schema.org/draft-06/schema#",
      "https://json-schema.org/draft-07/schema",
      "http://json-schema.org/draft-04/schema",
    ]) {
      const s = { $schema: dialect, type: "array", items: [{ type: "string" }] };
      expect(cache.validate(s, [1])).toEqual({
        ok: false,
        violation: { path: "/0", message: "must be string" },
      });
    }
  });
});

describe("SchemaValidatorCache: compile once, cache, isolation", () => {
  it("compiles a schema once and reuses the validator", () => {
    const compile = vi.spyOn(ajvCore, "compile");
    const cache = new SchemaValidatorCache();
    const schema = { type: "object", properties: { a: { type: "number" } } };
    for (let i = 0; i < 5; i++) cache.validate(schema, { a: i });
    cache.validate(schema, { a: "x" });
    expect(compile).toHaveBeenCalledTimes(1);
  });

  it("compiles a draft-07 schema once too", () => {
    const compile = vi.spyOn(ajvCore, "compile");
    const cache = new SchemaValidatorCache();
    const schema = { $schema: DRAFT_07, type: "string" };
    cache.validate(schema, "a");
    cache.validate(schema, 1);
    expect(compile).toHaveBeenCalledTimes(1);
  });

  it("caches per schema object: a different object compiles again", () => {
    const compile = vi.spyOn(ajvCore, "compile");
    const cache = new SchemaValidatorCache();
    cache.validate({ type: "string" }, "a");
    cache.validate({ type: "string" }, "a");
    expect(compile).toHaveBeenCalledTimes(2);
  });

  it("caches a schema that does not compile, and keeps reporting it", () => {
    const compile = vi.spyOn(ajvCore, "compile");
    const cache = new SchemaValidatorCache();
    const broken = { type: "nope" };
    const first = cache.validate(broken, 1);
    const second = cache.validate(broken, "x");
    expect(first).toMatchObject({ ok: false, violation: { path: "" } });
    expect(second).toEqual(first);
    if (!first.ok) expect(first.violation.message).toMatch(/^schema cannot be compiled: /);
    expect(compile).toHaveBeenCalledTimes(1);
  });

  it("ignores $id so two servers can reuse the same id", () => {
    const cache = new SchemaValidatorCache();
    expect(cache.validate({ $id: "urn:tool", type: "string" }, 1)).toMatchObject({ ok: false });
    expect(cache.validate({ $id: "urn:tool", type: "number" }, 1)).toEqual({ ok: true });
  });

  it("does not mutate the schema", () => {
    const cache = new SchemaValidatorCache();
    const schema = { $id: "urn:x", $schema: DRAFT_07, type: "object", required: ["a"] };
    const before = structuredClone(schema);
    cache.validate(schema, {});
    expect(schema).toEqual(before);
  });

  it("boolean-ish edge values validate against empty schemas", () => {
    const cache = new SchemaValidatorCache();
    for (const value of [null, 0, "", [], {}]) expect(cache.validate({}, value)).toEqual({ ok: true });
  });
});
