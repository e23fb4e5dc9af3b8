/** JSON Schema (draft 2020-12) of a policy file. `additionalProperties: false` everywhere so typos are named. */

const ruleAction = { enum: ["block", "warn", "off"] };
const strategy = { enum: ["placeholder", "mask", "hash", "block", "flag", "off"] };
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

const redactionSection = {
  type: "object",
  additionalProperties: false,
  properties: {
    output: strategy,
    input: strategy,
    types: { type: "object", additionalProperties: strategy },
  },
};

export const policySchema = {
  $schema: "https://json-schema.org/draft/2020-12/schema",
  $id: "https://mcp-tollgate.dev/policy.schema.json",
  title: "mcp-tollgate policy",
  type: "object",
  additionalProperties: false,
  properties: {
    version: { const: 1 },
    capabilities: {
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
        rules: {
          type: "array",
          items: {
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
          },
        },
      },
    },
    tools: {
      type: "object",
      additionalProperties: {
        type: "object",
        additionalProperties: false,
        properties: { requires: stringList, sanitizer: sanitizerMode },
      },
    },
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
    inputHazards: {
      type: "object",
      additionalProperties: false,
      properties: {
        sql_injection: ruleAction,
        dangerous_sql: ruleAction,
        shell_danger: ruleAction,
        path_traversal: ruleAction,
        ssrf: ruleAction,
      },
    },
    sanitizer: {
      type: "object",
      additionalProperties: false,
      properties: { mode: sanitizerMode },
    },
    injection: {
      type: "object",
      additionalProperties: false,
      properties: {
        output: { enum: ["block", "redact", "warn", "off"] },
        input: { enum: ["block", "redact", "warn", "off"] },
        toolDescriptions: { enum: ["strip", "drop-tool", "off"] },
      },
    },
    pii: {
      ...redactionSection,
      properties: {
        ...redactionSection.properties,
        phoneRegions: { type: "array", items: { type: "string", pattern: "^[A-Z]{2}$" } },
      },
    },
    secrets: redactionSection,
    redaction: {
      type: "object",
      additionalProperties: false,
      properties: {
        hashKey: { type: "string", minLength: 16 },
        hashKeyEnv: { type: "string", minLength: 1 },
        maskKeepLast: { type: "integer", minimum: 0, maximum: 8 },
      },
    },
    limits: {
      type: "object",
      additionalProperties: false,
      properties: {
        maxOutputBytes: positiveInt,
        maxInputBytes: positiveInt,
        maxArrayItems: positiveInt,
        // The walker recurses once per level; 1,000 keeps it far from the stack limit on any platform.
        maxDepth: { type: "integer", minimum: 1, maximum: 1000 },
        onExceed: { enum: ["block", "truncate"] },
      },
    },
  },
} as const;
