import { readFile } from "node:fs/promises";
import { Ajv2020, type ErrorObject } from "ajv/dist/2020.js";
import { parseDocument } from "yaml";
import { joinPointer, PolicyConfigError, type TollgateIssue } from "../errors.js";
import { policySchema } from "./policy-schema.js";
import type {
  CapabilityRule,
  InjectionAction,
  PolicyConfig,
  RedactionStrategy,
  RuleAction,
  SanitizerMode,
  ServerPolicy,
  ToolPolicy,
} from "./policy-types.js";

export type HazardType = "sql_injection" | "dangerous_sql" | "shell_danger" | "path_traversal" | "ssrf";

/** A policy with every default filled in; what the engine reads. */
export interface ResolvedPolicy {
  capabilities: {
    default: "allow" | "deny";
    rules: CapabilityRule[];
    granted: ReadonlySet<string>;
    /** Run-context key -> value -> capabilities granted to a run that holds that value. */
    grantFrom: Record<string, Record<string, string[]>>;
  };
  tools: Record<string, ToolPolicy>;
  servers: Record<string, ServerPolicy>;
  schema: { validateInput: boolean; validateOutput: boolean; unknownTool: "allow" | "block" };
  inputHazards: Record<HazardType, RuleAction>;
  sanitizer: { mode: SanitizerMode };
  injection: {
    output: InjectionAction;
    input: InjectionAction;
    toolDescriptions: "strip" | "drop-tool" | "off";
  };
  pii: {
    output: RedactionStrategy;
    input: RedactionStrategy;
    types: Partial<Record<string, RedactionStrategy>>;
    phoneRegions: string[];
  };
  secrets: {
    output: RedactionStrategy;
    input: RedactionStrategy;
    types: Partial<Record<string, RedactionStrategy>>;
  };
  redaction: { hashKey: string | undefined; maskKeepLast: number };
  limits: {
    maxOutputBytes: number;
    maxInputBytes: number;
    maxArrayItems: number;
    maxDepth: number;
    onExceed: "block" | "truncate";
  };
}

export const DEFAULT_LIMITS = {
  maxOutputBytes: 8 * 1024 * 1024,
  maxInputBytes: 1024 * 1024,
  maxArrayItems: 100_000,
  maxDepth: 64,
  onExceed: "block",
} as const;

const ajv = new Ajv2020({ allErrors: true, strict: true });
const validatePolicyShape = ajv.compile(policySchema);

function issueFromAjv(error: ErrorObject): TollgateIssue {
  const params = error.params as Record<string, unknown>;
  if (error.keyword === "additionalProperties" && typeof params.additionalProperty === "string") {
    return {
      path: joinPointer(error.instancePath, params.additionalProperty),
      message: `unknown key "${params.additionalProperty}"`,
    };
  }
  if (error.keyword === "enum" && Array.isArray(params.allowedValues)) {
    return {
      path: error.instancePath,
      message: `must be one of ${params.allowedValues.map((v) => JSON.stringify(v)).join(", ")}`,
    };
  }
  return { path: error.instancePath, message: error.message ?? "is invalid" };
}

/** Throws `PolicyConfigError` naming every bad key; returns the value typed when it is valid. */
export function validatePolicy(value: unknown, source = "policy"): PolicyConfig {
  if (validatePolicyShape(value)) return value as PolicyConfig;
  const seen = new Set<string>();
  const issues: TollgateIssue[] = [];
  for (const error of validatePolicyShape.errors ?? []) {
    // oneOf/anyOf produce a summary error on top of the branch errors; the branch errors say more.
    if (error.keyword === "oneOf") continue;
    const issue = issueFromAjv(error);
    const key = `${issue.path} ${issue.message}`;
    if (!seen.has(key)) {
      seen.add(key);
      issues.push(issue);
    }
  }
  const first = issues[0];
  const summary = first ? `${first.path || "(root)"}: ${first.message}` : "invalid";
  throw new PolicyConfigError(`Invalid policy in ${source}: ${summary}`, issues, source);
}

/** Parses JSON or YAML text (YAML is a superset of JSON) and validates it. */
export function parsePolicyText(text: string, source = "policy"): PolicyConfig {
  const doc = parseDocument(text, { prettyErrors: true, uniqueKeys: true });
  if (doc.errors.length > 0) {
    const issues = doc.errors.map((e) => ({
      path: "",
      message: `${e.message}${e.linePos?.[0] ? ` (line ${e.linePos[0].line}, column ${e.linePos[0].col})` : ""}`,
    }));
    throw new PolicyConfigError(`Cannot parse policy ${source}: ${issues[0]?.message}`, issues, source);
  }
  return validatePolicy(doc.toJS() ?? {}, source);
}

export async function loadPolicyFile(path: string): Promise<PolicyConfig> {
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (error) {
    throw new PolicyConfigError(
      `Cannot read policy file ${path}: ${(error as Error).message}`,
      [{ path: "", message: "file not readable" }],
      path,
      error,
    );
  }
  return parsePolicyText(text, path);
}

/** Freezes a JSON value all the way down (a resolved policy is read by caches that assume it never changes). */
function deepFreeze<T>(value: T): T {
  if (typeof value === "object" && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const item of Object.values(value)) deepFreeze(item);
  }
  return value;
}

/**
 * Validates the config and fills every default. The result is a frozen copy: the engine never mutates it, and a
 * caller editing its config object afterwards does not change an engine built from it (the engine caches what it
 * derives from the policy, such as scan plans and sanitizer modes per connector type).
 */
export function resolvePolicy(
  input: PolicyConfig = {},
  env: NodeJS.ProcessEnv = process.env,
): ResolvedPolicy {
  const config = deepFreeze(structuredClone(validatePolicy(input)));
  let hashKey = config.redaction?.hashKey;
  const hashKeyEnv = config.redaction?.hashKeyEnv;
  if (hashKey === undefined && hashKeyEnv !== undefined) {
    hashKey = env[hashKeyEnv];
    if (!hashKey) {
      throw new PolicyConfigError(`Policy names hash key variable ${hashKeyEnv}, which is not set`, [
        { path: "/redaction/hashKeyEnv", message: `environment variable ${hashKeyEnv} is empty or unset` },
      ]);
    }
  }
  const usesHash = [config.pii, config.secrets].some(
    (s) => s?.input === "hash" || s?.output === "hash" || Object.values(s?.types ?? {}).includes("hash"),
  );
  if (usesHash && !hashKey) {
    throw new PolicyConfigError("The hash redaction strategy needs a key", [
      {
        path: "/redaction",
        message: "set redaction.hashKeyEnv (or redaction.hashKey) when any strategy is hash",
      },
    ]);
  }
  const resolved: ResolvedPolicy = {
    capabilities: {
      default: config.capabilities?.default ?? "allow",
      rules: config.capabilities?.rules ?? [],
      granted: new Set(config.capabilities?.granted ?? []),
      grantFrom: config.capabilities?.grantFrom ?? {},
    },
    tools: config.tools ?? {},
    servers: config.servers ?? {},
    schema: {
      validateInput: config.schema?.validateInput ?? true,
      validateOutput: config.schema?.validateOutput ?? true,
      unknownTool: config.schema?.unknownTool ?? "allow",
    },
    inputHazards: {
      sql_injection: "block",
      dangerous_sql: "block",
      shell_danger: "block",
      path_traversal: "block",
      ssrf: "block",
      ...config.inputHazards,
    },
    sanitizer: { mode: config.sanitizer?.mode ?? "detect-and-strip-and-wrap" },
    injection: {
      output: config.injection?.output ?? "block",
      input: config.injection?.input ?? "warn",
      toolDescriptions: config.injection?.toolDescriptions ?? "strip",
    },
    pii: {
      output: config.pii?.output ?? "placeholder",
      input: config.pii?.input ?? "flag",
      types: config.pii?.types ?? {},
      phoneRegions: config.pii?.phoneRegions ?? ["US", "GB", "DE", "FR"],
    },
    secrets: {
      output: config.secrets?.output ?? "placeholder",
      input: config.secrets?.input ?? "block",
      types: config.secrets?.types ?? {},
    },
    redaction: { hashKey, maskKeepLast: config.redaction?.maskKeepLast ?? 4 },
    limits: { ...DEFAULT_LIMITS, ...config.limits },
  };
  // `granted` stays a Set (frozen Sets still accept `add`), built here from the copy, so it is the engine's own.
  return deepFreeze(resolved);
}
