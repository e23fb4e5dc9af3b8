/**
 * The local engine's policy: what a JSON/YAML policy file holds. Every field is optional; `resolvePolicy` fills
 * the safe defaults documented in the README.
 */
import type { BudgetPolicyConfig } from "./budgets/policy-types.js";
import type { FlowPolicyConfig } from "./flow/policy-types.js";
import type { ActionName } from "./rules/actions.js";
import type { HazardType, InjectionRuleType, PiiType, SecretType } from "./rules/registry.js";

export type {
  FlowAction,
  FlowPolicyConfig,
  FlowRule,
  ScopeConstraint,
  TaskScope,
} from "./flow/policy-types.js";
export type { HazardType, InjectionRuleType, PiiType, SecretType };

/** A built-in name (derived from the rule registry, so editors complete it) or the type of a declared rule. */
type Named<T extends string> = T | (string & {});

export type { Action, ActionAlias, ActionName } from "./rules/actions.js";

export type SanitizerMode =
  | "pass-through"
  | "detect-and-flag"
  | "detect-and-strip"
  | "detect-and-wrap"
  | "detect-and-strip-and-wrap";

/** An explicit match on the server name (glob) and the tool's whole name (glob; `*` matches dots too). */
export interface ConnectorMatch {
  server: string;
  /** Omitted: every tool of the server. */
  tool?: string;
}

/** What a capability rule does with the calls it matches (`review`: allowed once a human approves). */
export type CapabilityAction = "allow" | "deny" | "review";

export interface CapabilityRule {
  /** Rule id reported in decisions; defaults to `capability.rule[<index>]`. */
  id?: string;
  /**
   * Glob(s) on the connector type: `*` matches within a dot-separated segment, `**` across segments. With the
   * default connector type (`server.tool`) the part before a dot matches the server and the rest the tool's whole
   * name, so `crm.*` covers the tool `admin.wipe` of server `crm`. `{ server, tool }` matches them explicitly.
   */
  match: string | ConnectorMatch | (string | ConnectorMatch)[];
  /** `review`: allowed once a human approves the call (the run pauses; see the README's human approval). */
  action: CapabilityAction;
  reason?: string;
  /** The rule applies only when every condition holds on the run context (see `ContextCondition`). */
  when?: Record<string, ContextCondition>;
}

/** An action for both phases, or per phase. */
export type PhaseActions = ActionName | { input?: ActionName; output?: ActionName };

/** One content family's settings: the phase defaults and per-type overrides. */
export interface FamilyPolicy<T extends string = string> {
  /** Action for results. */
  output?: ActionName;
  /** Action for arguments. */
  input?: ActionName;
  /** Per finding type (`email`, `github_token`...); unknown type names are an error that names the closest. */
  /**
   * Per finding type (`email`, `github_token`...): one action for both phases, or per phase
   * (`email: { output: "mask" }` leaves arguments to the family's `input`). Unknown type names are an error that
   * names the closest.
   */
  types?: Partial<Record<Named<T>, PhaseActions>>;
}

/** Values a detector may match that are never findings (your own support address, a test card). */
export interface AllowList {
  /** Exact matched values. */
  values?: readonly string[];
  /** Regular expressions (JavaScript syntax) that a whole matched value must match. */
  patterns?: readonly string[];
}

import type { RuleContext } from "./rules/rule-context.js";

export type { RuleContext };

/**
 * A rule declared in the policy itself, so `validate-policy` and the schema see it. It matches by `pattern`, or by
 * a detector the engine was given in code (`new LocalPolicyEngine(policy, { detectors: [...] })`), named by id.
 */
export interface CustomRuleConfig {
  /** Reported in findings; the key to set it in `rules`. Must not be a built-in rule id. */
  id: string;
  kind: "pii" | "secret" | "injection" | "hazard";
  /** Finding type; also a valid key of the family's `types` (`pii.types.<type>`). */
  type: string;
  /** Regular expression source (JavaScript syntax). Keep it linear: bounded repetitions, no nested quantifiers. */
  pattern?: string;
  /** Regex flags besides `g`: any of `i`, `m`, `s`, `u`. */
  flags?: string;
  /** Id of a detector given in the engine's `detectors` option. Exactly one of `pattern` and `detector`. */
  detector?: string;
  /** Literals of which one must occur (exact case) for the rule to run at all: the prefilter. */
  keywords?: readonly string[];
  /** Context words near a match (see `RuleContext`): `require` one of them, or `exclude` matches next to them. */
  context?: RuleContext;
  /** Default: the family's action for the phase. */
  action?: PhaseActions;
  /** One line for documentation. */
  summary?: string;
}
/** A JSON scalar a condition compares with. */
export type ContextScalar = string | number | boolean;

/**
 * A condition on one run-context key (`context.roles`, `configurable.tenant_id`, `context.user.id`...): the value
 * there (or, when it is an array, any of its items) equals the given value or one of the given values. With
 * `{ not: ... }`: none of them does, which also holds when the key is absent.
 */
export type ContextCondition = ContextScalar | ContextScalar[] | { not: ContextScalar | ContextScalar[] };

export interface ToolPolicy {
  /** Capabilities a caller must hold for this tool, checked against `capabilities.granted`. */
  requires?: string[];
  /** Overrides the server's sanitizer mode for this tool. */
  sanitizer?: SanitizerMode;
  pii?: FamilyPolicy<PiiType>;
  secrets?: FamilyPolicy<SecretType>;
  injection?: FamilyPolicy<InjectionRuleType>;
  inputHazards?: Partial<Record<Named<HazardType>, ActionName>>;
  limits?: PolicyConfig["limits"];
  rules?: Record<string, PhaseActions>;
  allow?: AllowList;
}

export interface ServerPolicy {
  sanitizer?: SanitizerMode;
}

/** The containment keys (`sinks`, `trustedSources`, `flows`, `taskScope`) are `FlowPolicyConfig`'s. */
export interface PolicyConfig extends FlowPolicyConfig, BudgetPolicyConfig {
  /** The JSON Schema an editor validates the file with (`./node_modules/mcp-tollgate/policy.schema.json`); ignored. */
  $schema?: string;
  version?: 1;
  /**
   * `monitor`: every check runs and is recorded (the audit record's `monitor` and `wouldHave`), and nothing is
   * enforced: calls run with their own arguments, the model reads the tool's own result, no review is asked. For a
   * rollout. Default `enforce`.
   */
  mode?: "enforce" | "monitor";
  capabilities?: {
    /** `deny`: a connector type no rule allows is blocked (deny by default). */
    default?: "allow" | "deny";
    /** First matching rule wins. */
    rules?: CapabilityRule[];
    granted?: string[];
    /**
     * Capabilities granted per run: run-context key -> value -> capabilities. With `{ "context.roles": { admin:
     * ["crm.delete"] } }` a run whose `context.roles` is (or contains) `"admin"` also holds `crm.delete`.
     */
    grantFrom?: Record<string, Record<string, string[]>>;
  };
  /**
   * Per-tool settings keyed by connector-type glob. For each section, the first glob (in key order) that matches
   * and sets it wins; its families merge onto the top-level ones.
   */
  tools?: Record<string, ToolPolicy>;
  /** Per-server settings keyed by server name. */
  servers?: Record<string, ServerPolicy>;
  schema?: {
    /** Validate arguments against the tool's inputSchema. */
    validateInput?: boolean;
    /** Validate structuredContent against the tool's outputSchema. */
    validateOutput?: boolean;
    /** What to do when the tool's schema is unknown (the guard never saw its listing). */
    unknownTool?: "allow" | "block";
  };
  /** Per hazard family (`sql_injection`, `ssrf`...). Arguments only. */
  inputHazards?: Partial<Record<Named<HazardType>, ActionName>>;
  sanitizer?: { mode?: SanitizerMode };
  injection?: FamilyPolicy<InjectionRuleType> & {
    toolDescriptions?: "strip" | "drop-tool" | "off";
  };
  pii?: FamilyPolicy<PiiType> & {
    phoneRegions?: string[];
  };
  secrets?: FamilyPolicy<SecretType>;
  /** Per rule id, or any dotted prefix of one (`injection.role_reassignment`); wins over every family setting. */
  rules?: Record<string, PhaseActions>;
  /** Rules declared here; see the README's "Add your own rule". */
  customRules?: CustomRuleConfig[];
  allow?: AllowList;
  redaction?: {
    /** Key for the `hash` strategy (HMAC-SHA-256). Prefer `hashKeyEnv` so the key stays out of files. */
    hashKey?: string;
    hashKeyEnv?: string;
    /** Characters kept visible at the end by the `mask` strategy. */
    maskKeepLast?: number;
  };
  limits?: {
    maxOutputBytes?: number;
    maxArrayItems?: number;
    maxDepth?: number;
    maxInputBytes?: number;
    onExceed?: "block" | "truncate";
    /**
     * Findings reported per check (default 1,000); the rest are counted per rule id in the decision's
     * `omittedFindings`. Only the report is capped: every rewrite is applied and the decision is the same.
     */
    maxFindings?: number;
  };
}
