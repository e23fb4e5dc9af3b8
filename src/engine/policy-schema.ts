/**
 * JSON Schema (draft 2020-12) of a policy file. `additionalProperties: false` everywhere so typos are named. Type
 * names, hazard families and rule ids come from the rule registry: the shipped schema (`policySchema`) knows the
 * built-in rules, and `policySchemaFor` adds the rules a policy declares itself.
 */
import { BUDGET_POLICY_SCHEMA_PROPERTIES } from "./budgets/policy-types.js";
import { FLOW_POLICY_SCHEMA_PROPERTIES } from "./flow/policy-types.js";
import { ACTION_NAMES } from "./rules/actions.js";
import { BUILT_IN_RULES, ruleKeysOf, typesOf } from "./rules/registry.js";
import type { PolicyFamily, RuleRecord } from "./rules/rule-record.js";

/** What the schema needs to know of a rule. */
export type SchemaRule = Pick<RuleRecord, "id" | "type" | "family" | "subRuleIds">;

/** A value in a JSON Schema document. */
export type JsonSchemaValue = string | number | boolean | null | readonly JsonSchemaValue[] | JsonSchemaNode;
/** One node of a JSON Schema document: its keywords and their values, as plain data. */
export type JsonSchemaNode = { readonly [keyword: string]: JsonSchemaValue | undefined };
/**
 * The policy file's JSON Schema (draft 2020-12), the document `policy.schema.json` holds. Typed as plain schema data
 * rather than as the literal type of the object built below: that literal type, written out by the compiler, was a
 * 54 kB declaration file in the package that no user reads.
 */
export type PolicySchema = JsonSchemaNode & {
  readonly $schema: string;
  readonly $id: string;
  readonly title: string;
  readonly type: "object";
  readonly additionalProperties: false;
  readonly properties: { readonly [name: string]: JsonSchemaNode };
};

const action = { enum: [...ACTION_NAMES] };
const phaseActions = {
  oneOf: [
    action,
    {
      type: "object",
      additionalProperties: false,
      minProperties: 1,
      properties: { input: action, output: action },
    },
  ],
};
const sanitizerMode = {
  enum: [
    "pass-through",
    "detect-and-flag",
    "detect-and-strip",
    "detect-and-wrap",
    "detect-and-strip-and-wrap",
  ],
};
const stringList = { type: "array", items: { type: "string", minLength: 1 } };
const positiveInt = { type: "integer", minimum: 1 };
const connectorMatch = {
  type: "object",
  additionalProperties: false,
  required: ["server"],
  properties: { server: { type: "string", minLength: 1 }, tool: { type: "string", minLength: 1 } },
};
/** A run-context key: `context.` or `configurable.` then a dotted path. */
const contextKey = "^(context|configurable)(\\.[^.]+)+$";
const scalar = { oneOf: [{ type: "string" }, { type: "number" }, { type: "boolean" }] };
const scalarOrList = { oneOf: [scalar, { type: "array", items: scalar, minItems: 1 }] };
const contextCondition = {
  oneOf: [
    scalar,
    { type: "array", items: scalar, minItems: 1 },
    { type: "object", additionalProperties: false, required: ["not"], properties: { not: scalarOrList } },
  ],
};
const connectorPattern = { oneOf: [{ type: "string", minLength: 1 }, connectorMatch] };

/**
 * An object whose keys are names from the registry. `propertyNames` with one value schema, not one property per name:
 * ajv generates code per property, and the rule ids alone are a few hundred (compiling them one by one took ~1 s).
 */
function keyed(keys: readonly string[], value: JsonSchemaNode) {
  return {
    type: "object",
    propertyNames: { enum: [...keys] },
    additionalProperties: value,
  };
}

function familySection(rules: readonly SchemaRule[], family: PolicyFamily) {
  return {
    type: "object",
    additionalProperties: false,
    properties: {
      output: action,
      input: action,
      types: keyed(typesOf(rules as RuleRecord[], family), phaseActions),
    },
  };
}

const limits = {
  type: "object",
  additionalProperties: false,
  properties: {
    maxOutputBytes: positiveInt,
    maxInputBytes: positiveInt,
    maxArrayItems: positiveInt,
    // The walker recurses once per level; 1,000 keeps it far from the stack limit on any platform.
    maxDepth: { type: "integer", minimum: 1, maximum: 1000 },
    onExceed: { enum: ["block", "truncate"] },
    maxFindings: positiveInt,
  },
};

const allowList = {
  type: "object",
  additionalProperties: false,
  properties: { values: { type: "array", items: { type: "string", minLength: 1 } }, patterns: stringList },
};

const customRule = {
  type: "object",
  additionalProperties: false,
  required: ["id", "kind", "type"],
  properties: {
    id: { type: "string", pattern: "^[A-Za-z0-9_-]+(\\.[A-Za-z0-9_-]+)+$" },
    kind: { enum: ["pii", "secret", "injection", "hazard"] },
    type: { type: "string", pattern: "^[a-z0-9_]+$" },
    pattern: { type: "string", minLength: 1 },
    flags: { type: "string", pattern: "^[imsu]*$" },
    detector: { type: "string", minLength: 1 },
    keywords: { ...stringList, minItems: 1 },
    context: {
      type: "object",
      additionalProperties: false,
      minProperties: 1,
      properties: {
        require: { ...stringList, minItems: 1 },
        exclude: { ...stringList, minItems: 1 },
        window: { type: "integer", minimum: 1, maximum: 1000 },
      },
    },
    action: phaseActions,
    summary: { type: "string" },
  },
  // Exactly one of `pattern` and `detector`: checked by resolvePolicy (ajv's strict mode refuses a `required`
  // inside `oneOf` that does not repeat the property's schema).
};

const capabilityRule = {
  type: "object",
  additionalProperties: false,
  required: ["match", "action"],
  properties: {
    id: { type: "string", minLength: 1 },
    match: {
      oneOf: [
        { type: "string", minLength: 1 },
        connectorMatch,
        { type: "array", items: connectorPattern, minItems: 1 },
      ],
    },
    action: { enum: ["allow", "deny", "review"] },
    reason: { type: "string" },
    when: {
      type: "object",
      minProperties: 1,
      propertyNames: { pattern: contextKey },
      additionalProperties: contextCondition,
    },
  },
};

const capabilities = {
  type: "object",
  additionalProperties: false,
  properties: {
    default: { enum: ["allow", "deny"] },
    granted: stringList,
    grantFrom: {
      type: "object",
      propertyNames: { pattern: contextKey },
      additionalProperties: { type: "object", additionalProperties: stringList },
    },
    rules: { type: "array", items: capabilityRule },
  },
};

/** The keys whose schema does not depend on the rule registry. */
const fixedSections = {
  servers: {
    type: "object",
    additionalProperties: {
      type: "object",
      additionalProperties: false,
      properties: { sanitizer: sanitizerMode },
    },
  },
  schema: {
    type: "object",
    additionalProperties: false,
    properties: {
      validateInput: { type: "boolean" },
      validateOutput: { type: "boolean" },
      unknownTool: { enum: ["allow", "block"] },
    },
  },
  sanitizer: { type: "object", additionalProperties: false, properties: { mode: sanitizerMode } },
  customRules: { type: "array", items: customRule },
  allow: allowList,
  redaction: {
    type: "object",
    additionalProperties: false,
    properties: {
      hashKey: { type: "string", minLength: 16 },
      hashKeyEnv: { type: "string", minLength: 1 },
      maskKeepLast: { type: "integer", minimum: 0, maximum: 8 },
    },
  },
  limits,
};

/** The sections named by the rule registry: each family's types and rule ids are enumerated from it. */
function registrySections(rules: readonly SchemaRule[]) {
  const records = rules as RuleRecord[];
  return {
    pii: familySection(rules, "pii"),
    secrets: familySection(rules, "secrets"),
    injection: familySection(rules, "injection"),
    inputHazards: keyed(typesOf(records, "inputHazards"), action),
    rules: keyed(ruleKeysOf(records), phaseActions),
  };
}

export function policySchemaFor(rules: readonly SchemaRule[]): PolicySchema {
  const { pii, secrets, injection, inputHazards, rules: ruleSettings } = registrySections(rules);
  const perTool = {
    type: "object",
    additionalProperties: false,
    properties: {
      requires: stringList,
      sanitizer: sanitizerMode,
      pii,
      secrets,
      injection,
      inputHazards,
      limits,
      rules: ruleSettings,
      allow: allowList,
    },
  };
  return {
    $schema: "https://json-schema.org/draft/2020-12/schema",
    $id: "https://mcp-tollgate.dev/policy.schema.json",
    title: "mcp-tollgate policy",
    type: "object",
    additionalProperties: false,
    properties: {
      $schema: { type: "string" },
      version: { const: 1 },
      mode: { enum: ["enforce", "monitor"] },
      ...FLOW_POLICY_SCHEMA_PROPERTIES,
      ...BUDGET_POLICY_SCHEMA_PROPERTIES,
      capabilities,
      tools: { type: "object", additionalProperties: perTool },
      inputHazards,
      injection: {
        ...injection,
        properties: { ...injection.properties, toolDescriptions: { enum: ["strip", "drop-tool", "off"] } },
      },
      pii: {
        ...pii,
        properties: {
          ...pii.properties,
          phoneRegions: { type: "array", items: { type: "string", pattern: "^[A-Z]{2}$" } },
        },
      },
      secrets,
      rules: ruleSettings,
      ...fixedSections,
    },
  } as const;
}

/** The shipped schema: every built-in rule id and type name. */
export const policySchema: PolicySchema = policySchemaFor(BUILT_IN_RULES);
