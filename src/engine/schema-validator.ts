import { createRequire } from "node:module";
import { Ajv, type ErrorObject, type ValidateFunction } from "ajv";
import { Ajv2020 } from "ajv/dist/2020.js";
import type { RegExpEngine, RegExpLike } from "ajv/dist/types/index.js";
import addFormatsModule from "ajv-formats";
import type { RE2JS } from "re2js";
import { escapePointerToken, joinPointer, SchemaTooDeepError } from "../errors.js";

// ajv-formats ships CJS with a default export; under NodeNext the callable sits on `.default`.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (
  ajv: Ajv,
) => Ajv;

export interface SchemaViolation {
  /** JSON Pointer of the first violation, relative to the validated value. */
  path: string;
  message: string;
}

export type SchemaCheck = { ok: true } | { ok: false; violation: SchemaViolation };

/** A schema `pattern` (or `patternProperties` key) the linear-time engine cannot run, so it is not checked. */
export interface UnsupportedPattern {
  pattern: string;
  /** Why RE2 refuses it (lookaround, backreference, a repeat count over 1,000...). */
  reason: string;
}

/**
 * Deepest schema the guard compiles, in nested objects and arrays (the root is level 1). ajv compiles recursively
 * and in time that grows with the square of the depth, and a 20,000-level listing overflows the stack; real
 * listings stay far below this. 128 leaves room for an argument as deep as the default `limits.maxDepth` (64),
 * whose schema takes two levels per value level (`properties`, then the property's schema).
 */
export const MAX_SCHEMA_DEPTH = 128;

/**
 * Throws SchemaTooDeepError when `value` nests objects or arrays deeper than MAX_SCHEMA_DEPTH; `path` is the JSON
 * Pointer of `value` itself, so the error names where in the listing or request the limit was passed. Iterative
 * (a deep value is exactly what must not reach recursive code); an object shared by reference is walked again only
 * when reached at a greater depth, so a value built of shared references cannot make the walk exponential, and a
 * cycle is reported as too deep.
 */
export function assertSchemaDepth(value: unknown, path: string, what = "schema"): void {
  if (value === null || typeof value !== "object") return;
  const walked = new Map<object, number>();
  const stack: { node: object; depth: number; pointer: string }[] = [
    { node: value, depth: 1, pointer: path },
  ];
  while (stack.length > 0) {
    const { node, depth, pointer } = stack.pop()!;
    if (depth > MAX_SCHEMA_DEPTH) {
      throw new SchemaTooDeepError(
        `The ${what} at ${pointer || "/"} is nested deeper than ${MAX_SCHEMA_DEPTH} levels`,
        pointer,
        MAX_SCHEMA_DEPTH,
      );
    }
    if ((walked.get(node) ?? 0) >= depth) continue;
    walked.set(node, depth);
    for (const [key, child] of Object.entries(node)) {
      if (child !== null && typeof child === "object") {
        stack.push({ node: child, depth: depth + 1, pointer: `${pointer}/${escapePointerToken(key)}` });
      }
    }
  }
}

/** Patterns skipped by the compile in progress (ajv compiles synchronously, one schema at a time). */
let skipping: UnsupportedPattern[] | undefined;

/** True when the pattern has a `\k<name>` escape: with the `u` flag that is always a named backreference. */
function hasNamedBackreference(pattern: string): boolean {
  for (let i = 0; i < pattern.length; i++) {
    if (pattern[i] !== "\\") continue;
    if (pattern[i + 1] === "k") return true;
    i++;
  }
  return false;
}

/**
 * ajv's `code.regExp` engine: every `pattern` and `patternProperties` key runs in RE2, whose matching time is
 * linear in the input (a backtracking `RegExp` takes minutes on `^(a+)+$` and 30 characters).
 *
 * Why re2js: pure JavaScript (MIT, Node >= 20, no native build or download). Measured on Node 20 against the
 * alternatives on npm (`re2` is native and needs Node 22 from 1.24; `re2-wasm` and `@adguard/re2-wasm` are WASM):
 * compile 0.2-5 ms vs 2-180 ms for the WASM builds (`^\p{L}+$`: 1 ms vs 130-180 ms), a test on a short value
 * 5-40 µs (WASM 20-120 µs, both far above a native RegExp's 0.2 µs but bounded), and a test on 1 MB 0.03 ms for
 * a literal vs 170 ms for the WASM builds, which copy the string into their memory on every call.
 *
 * The pattern is first parsed as ECMA-262 with ajv's flags, so a pattern that is not a valid JSON Schema regex still
 * fails the compile as before; `translateRegExp` then rewrites ECMA-262 syntax RE2 spells differently (`\uXXXX`,
 * `(?<name>`). RE2's `\s` and `.` differ from ECMA-262's on non-ASCII spaces and line separators. A valid pattern
 * RE2 cannot run (lookaround, backreferences) is not checked at all, and recorded for the audit.
 */
// re2js is loaded by the first schema pattern, not at import (~15 ms). It ships CommonJS as well, so a synchronous
// require() keeps ajv's code.regExp hook synchronous.
const requireHere = createRequire(import.meta.url);
let re2js: typeof RE2JS | undefined;
function re2(): typeof RE2JS {
  re2js ??= (requireHere("re2js") as { RE2JS: typeof RE2JS }).RE2JS;
  return re2js;
}

const linearRegExp: RegExpEngine = Object.assign(
  (pattern: string, flags: string): RegExpLike => {
    new RegExp(pattern, flags);
    const label = `/${pattern}/${flags}`;
    let compiled: RE2JS;
    try {
      // translateRegExp would turn `\k<name>` into the literal text `k<name>`: refuse it instead.
      if (hasNamedBackreference(pattern)) throw new Error("named backreferences are not supported");
      compiled = re2().compile(re2().translateRegExp(pattern));
    } catch (error) {
      skipping?.push({ pattern, reason: error instanceof Error ? error.message : String(error) });
      // ajv reuses one compiled pattern per `toString()`: a skipped one must not share a label with a run one.
      const unchecked: RegExpLike & { toString(): string } = {
        test: () => true,
        toString: () => `unchecked ${label}`,
      };
      return unchecked;
    }
    const run: RegExpLike & { toString(): string } = {
      test: (text: string) => compiled.test(text),
      toString: () => label,
    };
    return run;
  },
  { code: "re2js" },
);

const DRAFT_07 = /json-schema\.org\/draft-0[4-7]\/schema/;

/**
 * Compiles after this many schemas move on to a fresh Ajv instance. ajv keeps every schema it compiled in a cache
 * keyed by the schema object (emptied here with `removeSchema` after each compile) and every pattern and format a
 * compile used in the instance's code scope, which has no removal: a new instance bounds that scope. A retired
 * instance lives on only as long as a validator it compiled is still cached (our WeakMap, keyed by schema object).
 */
const COMPILES_PER_AJV = 64;

/** One dialect's Ajv, replaced every COMPILES_PER_AJV compiles. */
class AjvSeries {
  readonly #make: () => Ajv;
  #ajv: Ajv | undefined;
  #compiles = 0;
  created = 0;

  constructor(make: () => Ajv) {
    this.#make = make;
  }

  compile(schema: object): ValidateFunction {
    if (this.#ajv === undefined || this.#compiles >= COMPILES_PER_AJV) {
      this.#ajv = this.#make();
      this.#compiles = 0;
      this.created++;
    }
    this.#compiles++;
    const ajv = this.#ajv;
    try {
      return ajv.compile(schema);
    } finally {
      ajv.removeSchema(schema);
    }
  }

  /** Entries in the current instance's schema cache (ajv's own map; zero once each compile removed its schema). */
  cacheEntries(): number {
    return (this.#ajv as unknown as { _cache?: Map<unknown, unknown> } | undefined)?._cache?.size ?? 0;
  }
}

function makeAjv<T extends Ajv | Ajv2020>(ajv: T): T {
  addFormats(ajv as unknown as Ajv);
  return ajv;
}

function describe(error: ErrorObject): SchemaViolation {
  const params = error.params as Record<string, unknown>;
  if (error.keyword === "required" && typeof params.missingProperty === "string") {
    return {
      path: joinPointer(error.instancePath, params.missingProperty),
      message: `required property "${params.missingProperty}" is missing`,
    };
  }
  if (error.keyword === "additionalProperties" && typeof params.additionalProperty === "string") {
    return {
      path: joinPointer(error.instancePath, params.additionalProperty),
      message: `property "${params.additionalProperty}" is not allowed`,
    };
  }
  return { path: error.instancePath, message: error.message ?? `fails ${error.keyword}` };
}

interface Compiled {
  validator: ValidateFunction | Error;
  unsupported: readonly UnsupportedPattern[];
}

/**
 * Validators compiled once per (server, tool, schema) and cached. MCP servers send draft 2020-12 (the spec's
 * default) and draft-07 schemas; the `$schema` keyword picks the dialect. Server schemas are untrusted and often
 * carry unknown keywords, so ajv runs non-strict; a schema that does not compile is reported, never ignored. A
 * schema deeper than MAX_SCHEMA_DEPTH throws SchemaTooDeepError (every time it is asked for).
 */
export class SchemaValidatorCache {
  readonly #ajv2020 = new AjvSeries(() =>
    makeAjv(
      new Ajv2020({ strict: false, allErrors: false, validateSchema: false, code: { regExp: linearRegExp } }),
    ),
  );
  readonly #ajv07 = new AjvSeries(() =>
    makeAjv(
      new Ajv({ strict: false, allErrors: false, validateSchema: false, code: { regExp: linearRegExp } }),
    ),
  );
  readonly #compiled = new WeakMap<object, Compiled | SchemaTooDeepError>();

  validate(schema: object, value: unknown): SchemaCheck {
    const { validator } = this.#get(schema);
    if (validator instanceof Error) {
      return {
        ok: false,
        violation: { path: "", message: `schema cannot be compiled: ${validator.message}` },
      };
    }
    if (validator(value)) return { ok: true };
    const first = validator.errors?.[0];
    return { ok: false, violation: first ? describe(first) : { path: "", message: "is invalid" } };
  }

  /**
   * The patterns of `schema` that are not checked; throws like `validate`. Compiles it now when it has a
   * `pattern` or `patternProperties` keyword (a tool listing then pays the compile its first call would have).
   */
  unsupportedPatterns(schema: object): readonly UnsupportedPattern[] {
    if (!this.#compiled.has(schema)) {
      assertSchemaDepth(schema, "");
      if (!JSON.stringify(schema).includes('"pattern')) return [];
    }
    return this.#get(schema).unsupported;
  }

  /** What the cache holds in ajv, for tests and metrics: counts, never schemas. */
  footprint(): { ajvCacheEntries: number; ajvInstancesCreated: number; compilesPerAjv: number } {
    return {
      ajvCacheEntries: this.#ajv2020.cacheEntries() + this.#ajv07.cacheEntries(),
      ajvInstancesCreated: this.#ajv2020.created + this.#ajv07.created,
      compilesPerAjv: COMPILES_PER_AJV,
    };
  }

  #get(schema: object): Compiled {
    let compiled = this.#compiled.get(schema);
    if (compiled === undefined) {
      compiled = this.#compile(schema);
      this.#compiled.set(schema, compiled);
    }
    if (compiled instanceof SchemaTooDeepError) throw compiled;
    return compiled;
  }

  #compile(schema: object): Compiled | SchemaTooDeepError {
    try {
      assertSchemaDepth(schema, "");
    } catch (error) {
      if (error instanceof SchemaTooDeepError) return error;
      throw error;
    }
    const dialect = (schema as { $schema?: unknown }).$schema;
    const series = typeof dialect === "string" && DRAFT_07.test(dialect) ? this.#ajv07 : this.#ajv2020;
    const unsupported: UnsupportedPattern[] = [];
    skipping = unsupported;
    try {
      // $id collisions between servers would make ajv refuse the second schema; ids are not needed here.
      const { $id: _id, ...rest } = schema as Record<string, unknown>;
      return { validator: series.compile(rest), unsupported };
    } catch (error) {
      return { validator: error instanceof Error ? error : new Error(String(error)), unsupported };
    } finally {
      skipping = undefined;
    }
  }
}
