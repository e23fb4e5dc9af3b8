/**
 * The containment policy keys (issue 17): which tools are sinks, which sources are trusted, what each flow rule
 * does, and where a run carries its task scope. Its own module so the flow step and the policy schema share one
 * definition; `PolicyConfig` extends `FlowPolicyConfig`.
 */

/** What a flow rule does when it matches: `review` (default) asks a human first, `block` refuses, `flag` records. */
export type FlowAction = "review" | "block" | "flag" | "off";
export const FLOW_ACTIONS: readonly FlowAction[] = ["review", "block", "flag", "off"];

/** The flow rules, by their policy key. */
export const FLOW_RULES = [
  "argumentProvenance",
  "dataLeaving",
  "afterInjection",
  "taskScope",
  "unrequestedEffect",
  "unrequestedChange",
  "destructiveTarget",
] as const;
export type FlowRule = (typeof FLOW_RULES)[number];

/** The rule id each flow rule reports in decisions, findings and audit records. */
export const FLOW_RULE_IDS: Record<FlowRule, string> = {
  argumentProvenance: "flow.argument_provenance",
  dataLeaving: "flow.data_leaving",
  afterInjection: "flow.after_injection",
  taskScope: "flow.task_scope",
  unrequestedEffect: "flow.unrequested_effect",
  unrequestedChange: "flow.unrequested_change",
  destructiveTarget: "flow.destructive_target",
};

/** The finding `type` of each flow rule (the part of the rule id after `flow.`). */
export const FLOW_TYPES: Record<FlowRule, string> = {
  argumentProvenance: "argument_provenance",
  dataLeaving: "data_leaving",
  afterInjection: "after_injection",
  taskScope: "task_scope",
  unrequestedEffect: "unrequested_effect",
  unrequestedChange: "unrequested_change",
  destructiveTarget: "destructive_target",
};

/** Each rule's action when the policy names none: `review`, but `destructiveTarget` (opt-in) is `off`. */
const DEFAULT_ACTIONS: Readonly<Record<FlowRule, FlowAction>> = {
  argumentProvenance: "review",
  dataLeaving: "review",
  afterInjection: "review",
  taskScope: "review",
  unrequestedEffect: "review",
  unrequestedChange: "review",
  destructiveTarget: "off",
};

/**
 * An argument constraint of a task scope: a scalar (equals), an array (one of), `{ glob }` (`*` any characters:
 * `"*@corp.example"`), or `{ pattern }` (a JavaScript regular expression the whole value matches).
 */
export type ScopeConstraint =
  | string
  | number
  | boolean
  | (string | number | boolean)[]
  | { glob: string }
  | { pattern: string };

/**
 * What a task needs, as the application puts it in the run context under `taskScope.contextKey`: the tools
 * (connector-type globs, or `{ server, tool }`) and, per tool glob, constraints on top-level arguments (or JSON
 * Pointers starting with `/`). A call outside it is a `flow.task_scope` finding. It only ever narrows what
 * `capabilities` allow.
 */
export interface TaskScope {
  tools: (string | { server: string; tool?: string })[];
  args?: Record<string, Record<string, ScopeConstraint>>;
}

export interface FlowPolicyConfig {
  /**
   * Connector-type globs of the tools that are sinks, whatever their annotations and names say. A glob starting
   * with `!` says a tool is NOT a sink (first match wins). Tools no glob names are sinks when their annotations say
   * so explicitly or their name has a side-effect verb (see docs/containment.md).
   */
  sinks?: string[];
  /** Connector-type globs of trusted sources: their values count as the user's (a company directory). */
  trustedSources?: string[];
  /**
   * The action of each flow rule; every rule but `destructiveTarget` defaults to `review`. `argumentProvenance`: a
   * sink call's target (recipient, URL, IBAN, path, command...) came from an untrusted tool, not the user. `dataLeaving`: its arguments
   * carry data an untrusted tool brought in. `afterInjection`: it follows an injected result in this turn.
   * `taskScope`: the run's task scope does not allow the call. `unrequestedEffect`: it is destructive (a delete,
   * drop, reset or clean verb in its name, a mode argument such as `mode: "delete"`, a flag such as `force: true`,
   * or `destructiveHint: true` on a tool naming no other effect), the thread holds an untrusted tool output, and the
   * user's last message asked for nothing destructive (no delete, remove, cancel, drop, reset, clean... in any
   * inflection); it covers targets argument provenance cannot follow (a tag, a branch, an entity, a table name).
   * `unrequestedChange`: after an untrusted tool output, a change (move, share, send, pay, edit, write: what the
   * tool's name or mode argument says) the user's words did not ask for; any request allows a write, none an
   * edit. A message that only confirms ("yes, go ahead") carries the request it confirms, for every rule here.
   * `destructiveTarget` (default `off`; `review` to opt in): a destructive call (as above) whose object (an id, a
   * tag, a branch, an entity name: an argument that is no mode, location, typed value, schema enum value or text)
   * holds a token the user's last message did not say; it catches a planted deletion in a turn where the user did
   * ask for one, and reviews every deletion of something the agent looked up.
   */
  flows?: Partial<Record<FlowRule, FlowAction>>;
  /** Where the run context carries the task's scope (`context.task`); without it `flows.taskScope` never fires. */
  taskScope?: { contextKey: string };
  /**
   * Intent binding (docs/containment.md): `on` lets argument provenance and data leaving pass a call whose
   * tool-supplied target (or data) the user designated in this turn: the turn asks for the sink's kind of effect,
   * and the value is the only one of its kind in a result the user pointed at. Default `off`.
   */
  intentBinding?: "on" | "off";
}

/** The flow settings with defaults filled in. */
export interface ResolvedFlowPolicy {
  sinks: readonly string[];
  trustedSources: readonly string[];
  flows: Readonly<Record<FlowRule, FlowAction>>;
  taskScopeKey: string | undefined;
  intentBinding: boolean;
}

/** A problem in the flow keys of a policy, as `{ path, message }` (JSON Pointer into the policy). */
export interface FlowPolicyProblem {
  path: string;
  message: string;
}

function stringArrayProblem(value: unknown, path: string): FlowPolicyProblem | undefined {
  if (value === undefined) return undefined;
  if (!Array.isArray(value) || !value.every((v) => typeof v === "string" && v.length > 0))
    return { path, message: "expected an array of non-empty glob strings" };
  return undefined;
}

/** Checks the flow keys; the problems are empty when they are well formed. */
export function flowPolicyProblems(config: FlowPolicyConfig): FlowPolicyProblem[] {
  const problems: FlowPolicyProblem[] = [];
  for (const [key, value] of [
    ["sinks", config.sinks],
    ["trustedSources", config.trustedSources],
  ] as const) {
    const problem = stringArrayProblem(value, `/${key}`);
    if (problem) problems.push(problem);
  }
  for (const [rule, action] of Object.entries(config.flows ?? {})) {
    if (!(FLOW_RULES as readonly string[]).includes(rule))
      problems.push({
        path: `/flows/${rule}`,
        message: `unknown flow rule; expected one of ${FLOW_RULES.join(", ")}`,
      });
    else if (!FLOW_ACTIONS.includes(action as FlowAction))
      problems.push({ path: `/flows/${rule}`, message: `expected one of ${FLOW_ACTIONS.join(", ")}` });
  }
  if (config.intentBinding !== undefined && config.intentBinding !== "on" && config.intentBinding !== "off")
    problems.push({ path: "/intentBinding", message: "expected `on` or `off`" });
  const key = config.taskScope?.contextKey;
  if (
    config.taskScope !== undefined &&
    (typeof key !== "string" || !/^(context|configurable)\.\S+$/u.test(key))
  )
    problems.push({
      path: "/taskScope/contextKey",
      message: "expected a run-context key starting with `context.` or `configurable.`",
    });
  return problems;
}

export function resolveFlowPolicy(config: FlowPolicyConfig): ResolvedFlowPolicy {
  const flows = {} as Record<FlowRule, FlowAction>;
  for (const rule of FLOW_RULES) flows[rule] = config.flows?.[rule] ?? DEFAULT_ACTIONS[rule];
  return Object.freeze({
    sinks: Object.freeze([...(config.sinks ?? [])]),
    trustedSources: Object.freeze([...(config.trustedSources ?? [])]),
    flows: Object.freeze(flows),
    taskScopeKey: config.taskScope?.contextKey,
    intentBinding: config.intentBinding === "on",
  });
}

/** JSON Schema of the flow keys, merged into the policy schema's top-level `properties`. */
export const FLOW_POLICY_SCHEMA_PROPERTIES = {
  sinks: { type: "array", items: { type: "string", minLength: 1 } },
  trustedSources: { type: "array", items: { type: "string", minLength: 1 } },
  flows: {
    type: "object",
    additionalProperties: false,
    properties: Object.fromEntries(FLOW_RULES.map((rule) => [rule, { enum: [...FLOW_ACTIONS] }])),
  },
  intentBinding: { enum: ["on", "off"] },
  taskScope: {
    type: "object",
    additionalProperties: false,
    required: ["contextKey"],
    properties: { contextKey: { type: "string", pattern: "^(context|configurable)(\\.[^.]+)+$" } },
  },
} as const;
