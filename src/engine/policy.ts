import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { Ajv2020, type ErrorObject, type ValidateFunction } from "ajv/dist/2020.js";
import { closest, distance } from "fastest-levenshtein";
import { escapePointerToken, joinPointer, PolicyConfigError, type TollgateIssue } from "../errors.js";
import { budgetPolicyProblems, type ResolvedBudget, resolveBudgets } from "./budgets/policy-types.js";
import { type ResolvedFlowPolicy, resolveFlowPolicy } from "./flow/policy-types.js";
import { checkGlob, GlobSyntaxError } from "./glob.js";
import { policySchema, policySchemaFor, type SchemaRule } from "./policy-schema.js";
import type {
  ActionName,
  CapabilityRule,
  CustomRuleConfig,
  PhaseActions,
  PolicyConfig,
  SanitizerMode,
  ServerPolicy,
  ToolPolicy,
} from "./policy-types.js";
import { type Action, canonicalAction } from "./rules/actions.js";
import { HAZARD_RULES } from "./rules/built-in/hazards.js";
import { declaredRules, FAMILY_OF_KIND } from "./rules/custom-rules.js";
import { FAMILY_DEFAULTS } from "./rules/family-defaults.js";
import { BUILT_IN_RULES, ruleIdsOf } from "./rules/registry.js";
import type { PolicyFamily } from "./rules/rule-record.js";
import { DEFAULT_MAX_FINDINGS } from "./scan/findings-cap.js";

export type { HazardType } from "./rules/registry.js";

/** A family's actions with every default filled and every alias resolved. */
export interface ResolvedFamily {
  output: Action;
  input: Action;
  /** Per type, the phases it sets; a phase left out falls through to the family's. */
  types: Partial<Record<string, ResolvedPhaseActions>>;
}

/** Per-phase actions of one `rules` entry; a phase left out falls through to the family settings. */
export interface ResolvedPhaseActions {
  input?: Action;
  output?: Action;
}

export interface ResolvedCustomRule {
  id: string;
  kind: CustomRuleConfig["kind"];
  type: string;
  family: PolicyFamily;
  pattern?: string;
  flags: string;
  detector?: string;
  keywords?: readonly string[];
  context?: { require: readonly string[]; exclude: readonly string[]; window: number };
  action: ResolvedPhaseActions;
  summary: string;
}

/** A policy with every default filled in; what the engine reads. */
export interface ResolvedPolicy {
  /** `monitor`: decisions say what they would have done and change nothing (monitor.ts). */
  mode: "enforce" | "monitor";
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
  /** Every hazard family, filled. */
  inputHazards: Record<string, Action>;
  sanitizer: { mode: SanitizerMode };
  injection: ResolvedFamily & { toolDescriptions: "strip" | "drop-tool" | "off" };
  pii: ResolvedFamily & { phoneRegions: string[] };
  secrets: ResolvedFamily;
  /** `rules` of the policy, actions resolved. */
  rules: Record<string, ResolvedPhaseActions>;
  customRules: ResolvedCustomRule[];
  allow: { values: string[]; patterns: string[] };
  redaction: { hashKey: string | undefined; maskKeepLast: number };
  limits: {
    maxOutputBytes: number;
    maxInputBytes: number;
    maxArrayItems: number;
    maxDepth: number;
    onExceed: "block" | "truncate";
    maxFindings: number;
  };
  /** Containment: sinks, trusted sources, the flow rules' actions, the task-scope key. */
  flow: ResolvedFlowPolicy;
  /** Budgets: call counts and sums per turn, thread or window (see docs/budgets.md). */
  budgets: readonly ResolvedBudget[];
}

export const DEFAULT_LIMITS = {
  maxOutputBytes: 8 * 1024 * 1024,
  maxInputBytes: 1024 * 1024,
  maxArrayItems: 100_000,
  maxDepth: 64,
  onExceed: "block",
  maxFindings: DEFAULT_MAX_FINDINGS,
} as const;

// `verbose` gives each error its parent schema, so an unknown key can be compared with the keys allowed there.
// Made on first use, not at import: an Ajv instance compiles its meta-schemas when it is constructed.
let policyAjv: Ajv2020 | undefined;
const ajv = (): Ajv2020 => {
  policyAjv ??= new Ajv2020({ allErrors: true, strict: true, verbose: true });
  return policyAjv;
};
// Compiled on first use, not at import: compiling the policy schema is most of what importing the package costs.
let validateBuiltInShape: ValidateFunction | undefined;
/** Validators for policies that declare rules, keyed by the declarations' ids, types and kinds. */
const validators = new Map<string, ValidateFunction>();

function validatorFor(value: unknown): ValidateFunction {
  const declared = declaredRules(value);
  if (declared.length === 0) {
    validateBuiltInShape ??= ajv().compile(policySchema);
    return validateBuiltInShape;
  }
  const key = JSON.stringify(declared);
  let validate = validators.get(key);
  if (validate === undefined) {
    const rules: SchemaRule[] = [...BUILT_IN_RULES, ...declared];
    // Without `$id`: ajv keeps one schema per id, and this one differs from the shipped schema.
    const { $id: _id, ...schema } = policySchemaFor(rules);
    validate = ajv().compile(schema);
    // Policies are few per process; the bound only keeps a caller generating policies from growing it forever.
    if (validators.size >= 64) validators.clear();
    validators.set(key, validate);
  }
  return validate;
}

/** The valid name nearest to a misspelt one, when it is near enough to be what was meant. */
function suggestion(name: string, candidates: readonly string[]): string | undefined {
  if (candidates.length === 0) return undefined;
  const best = closest(name, candidates as string[]);
  return distance(name, best) <= Math.max(2, Math.floor(name.length / 3)) ? best : undefined;
}

function issueFromAjv(error: ErrorObject): TollgateIssue {
  const params = error.params as Record<string, unknown>;
  if (error.keyword === "additionalProperties" && typeof params.additionalProperty === "string") {
    const key = params.additionalProperty;
    const allowed = Object.keys(
      (error.parentSchema as { properties?: object } | undefined)?.properties ?? {},
    );
    const near = suggestion(key, allowed);
    return {
      path: joinPointer(error.instancePath, key),
      message: `unknown key "${key}"${near ? ` (did you mean "${near}"?)` : ""}`,
    };
  }
  if (error.keyword === "propertyNames" && typeof params.propertyName === "string") {
    const key = params.propertyName;
    const allowed = ((error.schema as { enum?: string[] } | undefined)?.enum ?? []) as string[];
    const near = suggestion(key, allowed);
    return {
      path: joinPointer(error.instancePath, key),
      message: `unknown key "${key}"${near ? ` (did you mean "${near}"?)` : ""}`,
    };
  }
  if (error.keyword === "enum" && Array.isArray(params.allowedValues)) {
    const near =
      typeof error.data === "string" ? suggestion(error.data, params.allowedValues as string[]) : undefined;
    return {
      path: error.instancePath,
      message: `must be one of ${params.allowedValues.map((v) => JSON.stringify(v)).join(", ")}${near ? ` (did you mean "${near}"?)` : ""}`,
    };
  }
  return { path: error.instancePath, message: error.message ?? "is invalid" };
}

function configError(message: string, issues: TollgateIssue[], source: string): PolicyConfigError {
  return new PolicyConfigError(message, issues, source);
}

/** Throws `PolicyConfigError` naming every bad key; returns the value typed when it is valid. */
export function validatePolicy(value: unknown, source = "policy"): PolicyConfig {
  const validate = validatorFor(value);
  if (validate(value)) return value as PolicyConfig;
  const seen = new Set<string>();
  const issues: TollgateIssue[] = [];
  const errors = validate.errors ?? [];
  // A value that fails every branch of "an action, or { input, output }" gets both branches' errors; the one for
  // the kind of value written (a string: the enum) says what is wrong, "must be object" only adds noise.
  const otherAt = new Set(
    errors.filter((e) => e.keyword !== "type" && e.keyword !== "oneOf").map((e) => e.instancePath),
  );
  for (const error of errors) {
    // oneOf/anyOf produce a summary error on top of the branch errors; the branch errors say more. A key refused by
    // `propertyNames` comes with the inner enum error too (marked with `propertyName`); the outer one names the key.
    if (error.keyword === "oneOf" || error.propertyName !== undefined) continue;
    if (error.keyword === "type" && otherAt.has(error.instancePath)) continue;
    const issue = issueFromAjv(error);
    const key = `${issue.path} ${issue.message}`;
    if (!seen.has(key)) {
      seen.add(key);
      issues.push(issue);
    }
  }
  // A `oneOf` with no branch error (both branches matched, or a required-only branch) still needs a message.
  if (issues.length === 0) {
    for (const error of validate.errors ?? [])
      issues.push({ path: error.instancePath, message: error.message ?? "is invalid" });
  }
  const first = issues[0];
  const summary = first ? `${first.path || "(root)"}: ${first.message}` : "invalid";
  throw configError(`Invalid policy in ${source}: ${summary}`, issues, source);
}

/**
 * The YAML parser, loaded by the first policy text parsed rather than by importing the package (a policy given as
 * an object never needs it). `yaml` ships CommonJS for `require`, so parsing stays synchronous.
 */
let yamlModule: typeof import("yaml") | undefined;
function loadYaml(): typeof import("yaml") {
  yamlModule ??= createRequire(import.meta.url)("yaml") as typeof import("yaml");
  return yamlModule;
}

/** Parses JSON or YAML text (YAML is a superset of JSON) and validates it. */
export function parsePolicyText(text: string, source = "policy"): PolicyConfig {
  const doc = loadYaml().parseDocument(text, { prettyErrors: true, uniqueKeys: true });
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

function phaseActions(value: PhaseActions | undefined): ResolvedPhaseActions {
  if (value === undefined) return {};
  if (typeof value === "string") {
    const action = canonicalAction(value);
    return { input: action, output: action };
  }
  const out: ResolvedPhaseActions = {};
  if (value.input !== undefined) out.input = canonicalAction(value.input);
  if (value.output !== undefined) out.output = canonicalAction(value.output);
  return out;
}

function resolveTypes(
  types: Partial<Record<string, PhaseActions>> | undefined,
): Partial<Record<string, ResolvedPhaseActions>> {
  const out: Partial<Record<string, ResolvedPhaseActions>> = {};
  for (const [type, value] of Object.entries(types ?? {}))
    if (value !== undefined) out[type] = phaseActions(value);
  return out;
}

function resolveFamily(
  section:
    | { output?: ActionName; input?: ActionName; types?: Partial<Record<string, PhaseActions>> }
    | undefined,
  defaults: { input: Action; output: Action },
): ResolvedFamily {
  return {
    output: section?.output === undefined ? defaults.output : canonicalAction(section.output),
    input: section?.input === undefined ? defaults.input : canonicalAction(section.input),
    types: resolveTypes(section?.types),
  };
}

/** Every action a policy names, with where it stands (for the checks that depend on which actions are used). */
function* actionsIn(config: PolicyConfig): Generator<Action> {
  const sections: (PolicyConfig | ToolPolicy)[] = [config, ...Object.values(config.tools ?? {})];
  for (const section of sections) {
    for (const family of [section.pii, section.secrets, section.injection]) {
      if (family?.input) yield canonicalAction(family.input);
      if (family?.output) yield canonicalAction(family.output);
      for (const value of Object.values(family?.types ?? {})) {
        const resolved = phaseActions(value);
        if (resolved.input) yield resolved.input;
        if (resolved.output) yield resolved.output;
      }
    }
    for (const name of Object.values(section.inputHazards ?? {})) if (name) yield canonicalAction(name);
    for (const value of Object.values(section.rules ?? {})) {
      const resolved = phaseActions(value);
      if (resolved.input) yield resolved.input;
      if (resolved.output) yield resolved.output;
    }
  }
  for (const rule of config.customRules ?? []) {
    const resolved = phaseActions(rule.action);
    if (resolved.input) yield resolved.input;
    if (resolved.output) yield resolved.output;
  }
}

/**
 * Where the policy writes `review` for results, which cannot wait for a human (the tool already ran): a mistake to
 * name, not to guess at. Set for both phases, `review` reaches results as `block` (see matchActionOf).
 */
function outputReviews(config: PolicyConfig): TollgateIssue[] {
  const issues: TollgateIssue[] = [];
  const explicit = (value: PhaseActions | undefined, at: string) => {
    if (typeof value === "object" && value.output !== undefined && canonicalAction(value.output) === "review")
      issues.push({ path: `${at}/output`, message: OUTPUT_REVIEW });
  };
  const sections: [string, PolicyConfig | ToolPolicy][] = [
    ["", config],
    ...Object.entries(config.tools ?? {}).map(([glob, tool]): [string, ToolPolicy] => [
      `/tools/${escapePointerToken(glob)}`,
      tool,
    ]),
  ];
  for (const [at, section] of sections) {
    for (const name of ["pii", "secrets", "injection"] as const) {
      const family = section[name];
      if (family?.output !== undefined && canonicalAction(family.output) === "review")
        issues.push({ path: `${at}/${name}/output`, message: OUTPUT_REVIEW });
      for (const [type, value] of Object.entries(family?.types ?? {}))
        explicit(value, `${at}/${name}/types/${escapePointerToken(type)}`);
    }
    for (const [id, value] of Object.entries(section.rules ?? {}))
      explicit(value, `${at}/rules/${escapePointerToken(id)}`);
  }
  const declared = config.customRules ?? [];
  for (let i = 0; i < declared.length; i++) explicit(declared[i]!.action, `/customRules/${i}/action`);
  return issues;
}

const OUTPUT_REVIEW =
  "review is for arguments: a result cannot wait for a human (the tool already ran); use block, or set review for input only";

export interface ResolveOptions {
  /**
   * Ids of the detectors given to the engine in code. When set, every `customRules[].detector` must name one of
   * them. Left out (as `tollgate validate-policy` does, having no code to load), detector references are not checked.
   */
  detectorIds?: ReadonlySet<string>;
}

function resolveCustomRules(
  config: PolicyConfig,
  options: ResolveOptions,
  source: string,
): ResolvedCustomRule[] {
  const builtInIds = new Set(ruleIdsOf(BUILT_IN_RULES));
  const seen = new Set<string>();
  const issues: TollgateIssue[] = [];
  const resolved: ResolvedCustomRule[] = [];
  (config.customRules ?? []).forEach((rule, index) => {
    const at = `/customRules/${index}`;
    if (builtInIds.has(rule.id))
      issues.push({ path: `${at}/id`, message: `"${rule.id}" is a built-in rule id` });
    else if (seen.has(rule.id)) issues.push({ path: `${at}/id`, message: `"${rule.id}" is declared twice` });
    seen.add(rule.id);
    const flags = rule.flags ?? "";
    if ((rule.pattern === undefined) === (rule.detector === undefined)) {
      issues.push({ path: at, message: "needs exactly one of pattern and detector" });
    }
    if (rule.pattern !== undefined) {
      try {
        const probe = new RegExp(rule.pattern, `g${flags}`);
        if (probe.test("")) issues.push({ path: `${at}/pattern`, message: "matches the empty string" });
      } catch (error) {
        issues.push({
          path: `${at}/pattern`,
          message: `is not a valid regular expression: ${(error as Error).message}`,
        });
      }
    }
    if (
      rule.detector !== undefined &&
      options.detectorIds !== undefined &&
      !options.detectorIds.has(rule.detector)
    ) {
      const near = suggestion(rule.detector, [...options.detectorIds]);
      issues.push({
        path: `${at}/detector`,
        message: `no detector "${rule.detector}" was given to the engine${near ? ` (did you mean "${near}"?)` : ""}`,
      });
    }
    resolved.push({
      id: rule.id,
      kind: rule.kind,
      type: rule.type,
      family: FAMILY_OF_KIND[rule.kind],
      ...(rule.pattern === undefined ? {} : { pattern: rule.pattern }),
      flags,
      ...(rule.detector === undefined ? {} : { detector: rule.detector }),
      ...(rule.keywords === undefined ? {} : { keywords: rule.keywords }),
      ...(rule.context === undefined
        ? {}
        : {
            context: {
              require: rule.context.require ?? [],
              exclude: rule.context.exclude ?? [],
              window: rule.context.window ?? 40,
            },
          }),
      action: phaseActions(rule.action),
      summary: rule.summary ?? "",
    });
  });
  if (options.detectorIds !== undefined) {
    const referenced = new Set(resolved.map((rule) => rule.detector));
    for (const id of options.detectorIds) {
      if (!referenced.has(id)) {
        issues.push({
          path: "/customRules",
          message: `the engine was given detector "${id}", which no custom rule names (add { id, kind, type, detector: "${id}" })`,
        });
      }
    }
  }
  const first = issues[0];
  if (first)
    throw configError(`Invalid policy in ${source}: ${first.path}: ${first.message}`, issues, source);
  return resolved;
}

function resolveAllow(
  allow: PolicyConfig["allow"],
  at: string,
  source: string,
): { values: string[]; patterns: string[] } {
  const patterns = allow?.patterns ?? [];
  patterns.forEach((pattern, index) => {
    try {
      new RegExp(pattern);
    } catch (error) {
      throw configError(
        `Invalid policy in ${source}: ${at}/patterns/${index}: not a valid regular expression`,
        [
          {
            path: `${at}/patterns/${index}`,
            message: `is not a valid regular expression: ${(error as Error).message}`,
          },
        ],
        source,
      );
    }
  });
  return { values: [...(allow?.values ?? [])], patterns: [...patterns] };
}

/** Every glob of the policy with where it stands (JSON Pointer), for `checkGlobs`. */
function* globsIn(config: PolicyConfig): Generator<{ at: string; glob: string }> {
  const rules = config.capabilities?.rules ?? [];
  for (let i = 0; i < rules.length; i++) {
    const match = rules[i]!.match;
    const at = `/capabilities/rules/${i}/match`;
    const list = Array.isArray(match) ? match : [match];
    for (let j = 0; j < list.length; j++) {
      const item = list[j]!;
      const here = Array.isArray(match) ? `${at}/${j}` : at;
      if (typeof item === "string") yield { at: here, glob: item };
      else {
        yield { at: `${here}/server`, glob: item.server };
        if (item.tool !== undefined) yield { at: `${here}/tool`, glob: item.tool };
      }
    }
  }
  for (const key of Object.keys(config.tools ?? {})) yield { at: joinPointer("/tools", key), glob: key };
}

/** Refuses globs outside the documented grammar (glob.ts), naming each with its place in the policy. */
function checkGlobs(config: PolicyConfig, source: string): void {
  const issues: TollgateIssue[] = [];
  for (const { at, glob } of globsIn(config)) {
    try {
      checkGlob(glob);
    } catch (error) {
      if (!(error instanceof GlobSyntaxError)) throw error;
      issues.push({ path: at, message: error.message });
    }
  }
  const first = issues[0];
  if (first)
    throw configError(`Invalid policy in ${source}: ${first.path}: ${first.message}`, issues, source);
}

/** The config each resolved policy came from, for per-tool resolution (see tool-policy.ts). */
const configs = new WeakMap<ResolvedPolicy, PolicyConfig>();

export function configOf(policy: ResolvedPolicy): PolicyConfig {
  return configs.get(policy) ?? {};
}

/**
 * True when a call can need a human's approval under `policy`: a capability rule, a content rule or a budget says
 * `review`.
 */
export function mayAskForReview(policy: ResolvedPolicy): boolean {
  return (
    policy.capabilities.rules.some((rule) => rule.action === "review") ||
    policy.budgets.some((budget) => budget.action === "review") ||
    [...actionsIn(configOf(policy))].includes("review") ||
    (policy.flow.taskScopeKey !== undefined && policy.flow.flows.taskScope === "review")
  );
}

/**
 * Whether a provenance flow rule (argument provenance, data leaving, after injection, unrequested effect) may ask for a review: true
 * by default. They fire only on checks that carry provenance, so an install that sends provenance asks this
 * besides `mayAskForReview` before it skips the preview of a proposed call.
 */
export function flowMayAskForReview(policy: ResolvedPolicy): boolean {
  const { flows } = policy.flow;
  return (
    flows.argumentProvenance === "review" ||
    flows.dataLeaving === "review" ||
    flows.afterInjection === "review" ||
    flows.unrequestedEffect === "review" ||
    flows.unrequestedChange === "review" ||
    flows.destructiveTarget === "review"
  );
}

/**
 * Validates the config and fills every default. The result is a frozen copy: the engine never mutates it, and a
 * caller editing its config object afterwards does not change an engine built from it (the engine caches what it
 * derives from the policy, such as scan plans and sanitizer modes per connector type).
 *
 * This is the whole of the engine's policy resolution: `tollgate validate-policy` calls it too, so a policy it
 * accepts is one the engine accepts.
 */
export function resolvePolicy(
  input: PolicyConfig = {},
  env: NodeJS.ProcessEnv = process.env,
  options: ResolveOptions = {},
  source = "policy",
): ResolvedPolicy {
  const config = deepFreeze(structuredClone(validatePolicy(input, source)));
  const hashKey = resolveHashKey(config, env, source);
  checkAcrossKeys(config, source);
  const customRules = resolveCustomRules(config, options, source);
  const allow = resolveAllow(config.allow, "/allow", source);
  for (const [glob, tool] of Object.entries(config.tools ?? {})) {
    if (tool.allow)
      resolveAllow(tool.allow, `/tools/${glob.replace(/~/g, "~0").replace(/\//g, "~1")}/allow`, source);
  }
  const rules: Record<string, ResolvedPhaseActions> = {};
  for (const [id, value] of Object.entries(config.rules ?? {})) rules[id] = phaseActions(value);
  const resolved: ResolvedPolicy = {
    mode: config.mode ?? "enforce",
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
    inputHazards: resolveInputHazards(config, customRules),
    sanitizer: { mode: config.sanitizer?.mode ?? "detect-and-strip-and-wrap" },
    injection: {
      ...resolveFamily(config.injection, FAMILY_DEFAULTS.injection),
      toolDescriptions: config.injection?.toolDescriptions ?? "strip",
    },
    pii: {
      ...resolveFamily(config.pii, FAMILY_DEFAULTS.pii),
      phoneRegions: config.pii?.phoneRegions ?? ["US", "GB", "DE", "FR"],
    },
    secrets: resolveFamily(config.secrets, FAMILY_DEFAULTS.secrets),
    rules,
    customRules,
    allow,
    redaction: { hashKey, maskKeepLast: config.redaction?.maskKeepLast ?? 4 },
    limits: { ...DEFAULT_LIMITS, ...config.limits },
    flow: resolveFlowPolicy(config),
    budgets: resolveBudgets(config),
  };
  // `granted` stays a Set (frozen Sets still accept `add`), built here from the copy, so it is the engine's own.
  deepFreeze(resolved);
  configs.set(resolved, config);
  return resolved;
}

/** The redaction hash key: given inline, or read from the named environment variable; required when any action is `hash`. */
function resolveHashKey(config: PolicyConfig, env: NodeJS.ProcessEnv, source: string): string | undefined {
  let hashKey = config.redaction?.hashKey;
  const hashKeyEnv = config.redaction?.hashKeyEnv;
  if (hashKey === undefined && hashKeyEnv !== undefined) {
    hashKey = env[hashKeyEnv];
    if (!hashKey) {
      throw new PolicyConfigError(
        `Policy names hash key variable ${hashKeyEnv}, which is not set`,
        [{ path: "/redaction/hashKeyEnv", message: `environment variable ${hashKeyEnv} is empty or unset` }],
        source,
      );
    }
  }
  if (!hashKey && [...actionsIn(config)].includes("hash")) {
    throw new PolicyConfigError(
      "The hash redaction strategy needs a key",
      [
        {
          path: "/redaction",
          message: "set redaction.hashKeyEnv (or redaction.hashKey) when any strategy is hash",
        },
      ],
      source,
    );
  }
  return hashKey;
}

/** What the JSON Schema cannot say: glob syntax, budget consistency, `review` where only an input check can ask. */
function checkAcrossKeys(config: PolicyConfig, source: string): void {
  checkGlobs(config, source);
  for (const problems of [budgetPolicyProblems(config), outputReviews(config)]) {
    if (problems.length > 0)
      throw new PolicyConfigError(
        `Invalid policy in ${source}: ${problems[0]!.path}: ${problems[0]!.message}`,
        problems,
        source,
      );
  }
}

/** Each input hazard's action: the policy's, else the record's own input default; custom hazard rules by their type. */
function resolveInputHazards(
  config: PolicyConfig,
  customRules: ResolvedPolicy["customRules"],
): Record<string, Action> {
  const inputHazards: Record<string, Action> = {};
  for (const rule of HAZARD_RULES) {
    const name = config.inputHazards?.[rule.type];
    // A record may default apart from its family (`ssrf_private` flags where the other hazards block).
    inputHazards[rule.type] = name === undefined ? rule.defaults.input : canonicalAction(name);
  }
  for (const rule of customRules) {
    const name = rule.family === "inputHazards" ? config.inputHazards?.[rule.type] : undefined;
    if (name !== undefined) inputHazards[rule.type] = canonicalAction(name);
  }
  return inputHazards;
}

export interface PolicyFileCheck {
  file: string;
  policy: ResolvedPolicy;
  /** Detector ids the policy's custom rules name; only an engine given its detectors in code can check them. */
  uncheckedDetectors: string[];
}

/**
 * What `tollgate validate-policy` runs: the file read, parsed, validated and resolved exactly as
 * `LocalPolicyEngine.fromFile` does (environment variables included), so a policy it accepts is one the engine
 * accepts. Throws `PolicyConfigError` naming every bad key.
 */
export async function checkPolicyFile(
  file: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<PolicyFileCheck> {
  const policy = resolvePolicy(await loadPolicyFile(file), env, {}, file);
  const uncheckedDetectors = policy.customRules.flatMap((rule) => (rule.detector ? [rule.detector] : []));
  return { file, policy, uncheckedDetectors };
}
