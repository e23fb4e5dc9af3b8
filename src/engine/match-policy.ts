import type { FindingKind } from "../shared/vocabulary.js";
import { MATCH_ACTIONS, matchActionOf, type Phase } from "./action-conversions.js";
import type { ResolvedPhaseActions, ResolvedPolicy } from "./policy.js";
import type { SanitizerMode } from "./policy-types.js";
import type { Action } from "./rules/actions.js";
import { BUILT_IN_RULES, recordIndex } from "./rules/registry.js";
import type { PolicyFamily, RuleRecord } from "./rules/rule-record.js";
import type { MatchAction } from "./scan/string-scanner.js";
import type { TextMatch } from "./types.js";

const {
  ignore: IGNORE,
  flag: FLAG,
  strip: STRIP,
  placeholder: PLACEHOLDER,
  neutralise: NEUTRALISE,
} = MATCH_ACTIONS;

const FAMILY_OF: Partial<Record<FindingKind, PolicyFamily>> = {
  pii: "pii",
  secret: "secrets",
  injection: "injection",
  hazard: "inputHazards",
  control: "sanitizer",
  markup: "sanitizer",
};

/** The rules a policy knows: the built-in records and its own declared rules, by any id a finding can carry. */
export interface RuleView {
  family: PolicyFamily;
  /** The key of `<family>.types` (for hazards: of `inputHazards`). */
  type: string;
  /** A declared rule's own action. */
  action?: ResolvedPhaseActions;
  /** Off unless the policy names the rule or its type (RuleRecord.optIn): in both phases, or on input only. */
  optIn?: boolean | "input";
}

const builtInIndex = recordIndex(BUILT_IN_RULES);

export function ruleLookup(
  policy: ResolvedPolicy,
): (ruleId: string, kind: FindingKind, type: string) => RuleView {
  const custom = new Map(policy.customRules.map((rule) => [rule.id, rule]));
  return (ruleId, kind, type) => {
    const declared = custom.get(ruleId);
    if (declared) return { family: declared.family, type: declared.type, action: declared.action };
    const record = builtInIndex(ruleId);
    if (record) return { family: record.family, type: record.type, optIn: record.optIn ?? false };
    return { family: FAMILY_OF[kind] ?? "pii", type };
  };
}

/** The `rules` entry for `ruleId` or its nearest dotted prefix that sets `phase`. */
function ruleSetting(policy: ResolvedPolicy, ruleId: string, phase: Phase): Action | undefined {
  const rules = policy.rules;
  for (let id = ruleId; ; ) {
    const action = rules[id]?.[phase];
    if (action !== undefined) return action;
    const dot = id.lastIndexOf(".");
    if (dot < 0) return undefined;
    id = id.slice(0, dot);
  }
}

/**
 * A content rule's action in one phase, most specific first: `rules` (by id, then by prefix), the declared rule's
 * own action, `<family>.types.<type>`, then the family's phase action. Hazards act on arguments only unless `rules`
 * says otherwise for results.
 */
export function actionFor(policy: ResolvedPolicy, ruleId: string, view: RuleView, phase: Phase): Action {
  const set = ruleSetting(policy, ruleId, phase);
  if (set !== undefined) return set;
  const own = view.action?.[phase];
  if (own !== undefined) return own;
  switch (view.family) {
    case "inputHazards":
      if (phase === "output") return "off";
      // A hazard rule the registry does not know (a detector set built in a test) blocks while any family is on.
      return (
        policy.inputHazards[view.type] ??
        (Object.values(policy.inputHazards).some((a) => a !== "off") ? "block" : "off")
      );
    case "pii":
      return policy.pii.types[view.type]?.[phase] ?? policy.pii[phase];
    case "secrets":
      return policy.secrets.types[view.type]?.[phase] ?? policy.secrets[phase];
    case "injection":
      return (
        policy.injection.types[view.type]?.[phase] ??
        (view.optIn === true || view.optIn === phase ? "off" : policy.injection[phase])
      );
    case "sanitizer":
      return "flag";
  }
}

/**
 * One built-in rule's action in `phase`, resolved as for a match of it. For rules whose findings come from a hook
 * (the user's classifier): the engine asks before calling the hook, and does not call it when this is `off`.
 */
export function ruleActionOf(policy: ResolvedPolicy, rule: RuleRecord, phase: Phase): Action {
  return actionFor(policy, rule.id, ruleLookup(policy)(rule.id, rule.kind, rule.type), phase);
}

/** The decision function the string scanner calls for each match, for one phase and sanitizer mode. */
export function matchPolicy(
  policy: ResolvedPolicy,
  phase: Phase,
  mode: SanitizerMode,
): (match: TextMatch) => MatchAction {
  const sanitizerAction: MatchAction =
    mode === "pass-through"
      ? IGNORE
      : mode === "detect-and-strip" || mode === "detect-and-strip-and-wrap"
        ? STRIP
        : FLAG;
  const lookup = ruleLookup(policy);
  // One entry per rule id and type: decisions are made per match, and a result may hold thousands of matches.
  const cache = new Map<string, MatchAction>();
  return (match) => {
    const key = `${match.ruleId}\u0000${match.type}`;
    let decided = cache.get(key);
    if (decided !== undefined) return decided;
    const view = lookup(match.ruleId, match.kind, match.type);
    if (view.family === "sanitizer") {
      const set = ruleSetting(policy, match.ruleId, phase);
      decided =
        set === undefined || set === "neutralise" || set === "redact" || set === "mask" || set === "hash"
          ? sanitizerAction
          : matchActionOf(set, phase);
    } else {
      decided = matchActionOf(actionFor(policy, match.ruleId, view, phase), phase);
      // Only an instruction has a sentence to cut: a value (a card number, a key) is replaced like `redact`.
      if (decided === NEUTRALISE && match.kind !== "injection") decided = PLACEHOLDER;
    }
    cache.set(key, decided);
    return decided;
  };
}

/** True when at least one setting of a family does something in `phase`, so its detectors are worth running. */
export function kindIsActive(
  family: { output: Action; input: Action; types: Partial<Record<string, ResolvedPhaseActions>> },
  phase: Phase,
): boolean {
  return (
    family[phase] !== "off" ||
    Object.values(family.types).some((a) => a?.[phase] !== undefined && a[phase] !== "off")
  );
}

/**
 * The policy with every injection setting of `phase` that is not `off` replaced by `action`: tool descriptions are
 * always cleaned, never blocked, whatever the family, type or rule settings say for results.
 */
export function withInjectionAction(policy: ResolvedPolicy, phase: Phase, action: Action): ResolvedPolicy {
  const swap = (a: Action | undefined) => (a === undefined || a === "off" ? a : action);
  const types: Partial<Record<string, ResolvedPhaseActions>> = {};
  for (const [type, a] of Object.entries(policy.injection.types))
    types[type] = { ...a, [phase]: swap(a?.[phase]) };
  const rules: ResolvedPolicy["rules"] = {};
  for (const [id, actions] of Object.entries(policy.rules)) {
    rules[id] =
      id === "injection" || id.startsWith("injection.")
        ? { ...actions, [phase]: swap(actions[phase]) }
        : actions;
  }
  return {
    ...policy,
    // The family's own phase action is replaced even when off: descriptions are cleaned whatever results get.
    injection: { ...policy.injection, [phase]: action, types },
    rules,
    customRules: policy.customRules.map((rule) =>
      rule.family === "injection"
        ? { ...rule, action: { ...rule.action, [phase]: swap(rule.action[phase]) } }
        : rule,
    ),
  };
}
