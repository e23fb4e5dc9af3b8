/**
 * The local engine's policy: what a JSON/YAML policy file holds. Every field is optional; `resolvePolicy` fills
 * the safe defaults documented in the README.
 */

export type RuleAction = "block" | "warn" | "off";
/** `flag` records a finding without changing the value. */
export type RedactionStrategy = "placeholder" | "mask" | "hash" | "block" | "flag" | "off";
export type SanitizerMode =
  | "pass-through"
  | "detect-and-flag"
  | "detect-and-strip"
  | "detect-and-wrap"
  | "detect-and-strip-and-wrap";
export type InjectionAction = "block" | "redact" | "warn" | "off";

/** An explicit match on the server name (glob) and the tool's whole name (glob; `*` matches dots too). */
export interface ConnectorMatch {
  server: string;
  /** Omitted: every tool of the server. */
  tool?: string;
}

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
  action: "allow" | "deny" | "review";
  reason?: string;
  /** The rule applies only when every condition holds on the run context (see `ContextCondition`). */
  when?: Record<string, ContextCondition>;
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
}

export interface ServerPolicy {
  sanitizer?: SanitizerMode;
}

export interface PolicyConfig {
  version?: 1;
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
  /** Per-tool settings keyed by connector-type glob. */
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
  inputHazards?: Partial<
    Record<"sql_injection" | "dangerous_sql" | "shell_danger" | "path_traversal" | "ssrf", RuleAction>
  >;
  sanitizer?: { mode?: SanitizerMode };
  injection?: {
    output?: InjectionAction;
    input?: InjectionAction;
    toolDescriptions?: "strip" | "drop-tool" | "off";
  };
  pii?: {
    /** Strategy for outputs; per-type overrides in `types`. */
    output?: RedactionStrategy;
    /** Strategy for arguments. */
    input?: RedactionStrategy;
    types?: Partial<Record<string, RedactionStrategy>>;
    phoneRegions?: string[];
  };
  secrets?: {
    output?: RedactionStrategy;
    input?: RedactionStrategy;
    types?: Partial<Record<string, RedactionStrategy>>;
  };
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
  };
}
