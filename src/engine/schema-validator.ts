import { Ajv, type ErrorObject, type ValidateFunction } from "ajv";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import { joinPointer } from "../errors.js";

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

const DRAFT_07 = /json-schema\.org\/draft-0[4-7]\/schema/;

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

/**
 * Validators compiled once per (server, tool, schema) and cached. MCP servers send draft 2020-12 (the spec's
 * default) and draft-07 schemas; the `$schema` keyword picks the dialect. Server schemas are untrusted and often
 * carry unknown keywords, so ajv runs non-strict; a schema that does not compile is reported, never ignored.
 */
export class SchemaValidatorCache {
  readonly #ajv2020 = makeAjv(new Ajv2020({ strict: false, allErrors: false, validateSchema: false }));
  readonly #ajv07 = makeAjv(new Ajv({ strict: false, allErrors: false, validateSchema: false }));
  readonly #compiled = new WeakMap<object, ValidateFunction | Error>();

  validate(schema: object, value: unknown): SchemaCheck {
    let validator = this.#compiled.get(schema);
    if (!validator) {
      validator = this.#compile(schema);
      this.#compiled.set(schema, validator);
    }
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

  #compile(schema: object): ValidateFunction | Error {
    const dialect = (schema as { $schema?: unknown }).$schema;
    const ajv = typeof dialect === "string" && DRAFT_07.test(dialect) ? this.#ajv07 : this.#ajv2020;
    try {
      // $id collisions between servers would make ajv refuse the second schema; ids are not needed here.
      const { $id: _id, ...rest } = schema as Record<string, unknown>;
      return ajv.compile(rest);
    } catch (error) {
      return error instanceof Error ? error : new Error(String(error));
    }
  }
}
