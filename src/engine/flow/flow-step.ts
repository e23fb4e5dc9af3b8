/**
 * The flow step of the input check: task scope on every call, then, on a sink call with provenance, argument
 * provenance, data leaving, after-injection, unrequested effect and (opt-in) destructive target. Each rule's action comes from the policy (`review` by default);
 * a `block` refuses the call, a `review` asks a human, a `flag` records.
 */

import { type ProvenanceFacts, provenanceProblem } from "../../shared/provenance.js";
import type { RunContext } from "../../shared/types.js";
import type { ConnectorTarget } from "../glob.js";
import { argumentLeaves, dataValues, targetValues } from "./argument-values.js";
import { designatedObjectHits } from "./designated-object.js";
import { destructiveTargetHits } from "./destructive-target.js";
import {
  afterInjectionHits,
  argumentProvenanceHits,
  dataLeavingHits,
  type RuleHit,
  sourcesOf,
} from "./flow-rules.js";
import { type BoundNote, bindIntent } from "./intent-binding.js";
import { FLOW_RULE_IDS, FLOW_TYPES, type FlowAction, type ResolvedFlowPolicy } from "./policy-types.js";
import { shareScopeHits } from "./share-scope.js";
import { classifySink, nameWords, type SinkVerdict } from "./sinks.js";
import { checkTaskScope, readTaskScope } from "./task-scope.js";
import { unrequestedChangeHits } from "./unrequested-change.js";
import { unrequestedEffectHits } from "./unrequested-effect.js";

/** A finding of the flow step; a `review` finding's requirement is the decision's `review`. */
export interface FlowFinding {
  kind: "flow";
  type: string;
  path: string;
  ruleId: string;
  action: "block" | "review" | "flag";
  message: string;
}

export interface FlowVerdict {
  findings: FlowFinding[];
  /** Set when a `block` rule matched: the call is refused. */
  block?: { ruleId: string; reason: string };
  /** Set when a `review` rule matched (and none blocks): allowed once a human approves. */
  review?: { ruleId: string; reason: string };
  sink: SinkVerdict;
  /** Whether the provenance rules could run (a sink call with provenance facts). */
  provenance: "used" | "absent" | "not-a-sink";
}

export interface FlowCall extends ConnectorTarget {
  /** The tool's listing, for its annotations. */
  tool?: unknown;
  args: unknown;
  runContext?: RunContext;
  provenance?: ProvenanceFacts;
}

const COMMAND_VERBS = new Set([
  "run",
  "exec",
  "execute",
  "eval",
  "shell",
  "bash",
  "sh",
  "cmd",
  "command",
  "script",
  "terminal",
  "spawn",
]);

function taskScopeHits(policy: ResolvedFlowPolicy, call: FlowCall): RuleHit[] {
  if (policy.taskScopeKey === undefined || policy.flows.taskScope === "off") return [];
  const scope = readTaskScope(call.runContext, policy.taskScopeKey);
  if (scope === undefined) return [];
  if ("problem" in scope) {
    // Fail closed: a scope the application meant to set but wrote wrong confines the run to nothing.
    return [
      {
        rule: "taskScope",
        path: "",
        message: scope.problem,
        reason: `the task scope is malformed: ${scope.problem}`,
      },
    ];
  }
  const verdict = checkTaskScope(call, call.args, scope);
  if (verdict.inScope) return [];
  return [{ rule: "taskScope", path: verdict.path, message: verdict.message, reason: verdict.message }];
}

/** The rule id of intent binding's notes (a `flag`: recorded in findings and audit, never reviewed). */
export const INTENT_BINDING_RULE_ID = "flow.intent_binding";

interface ProvenanceOutcome {
  hits: RuleHit[];
  notes: BoundNote[];
}

function provenanceHits(
  policy: ResolvedFlowPolicy,
  call: FlowCall,
  provenance: ProvenanceFacts,
): ProvenanceOutcome {
  const hits: RuleHit[] = [];
  const { flows } = policy;
  if (flows.afterInjection !== "off") hits.push(...afterInjectionHits(call.connectorType, provenance));
  const effectHits = flows.unrequestedEffect === "off" ? [] : unrequestedEffectHits(call, provenance);
  hits.push(...effectHits);
  if (flows.destructiveTarget !== "off") hits.push(...destructiveTargetHits(call, provenance));
  const outcome = valueHits(policy, call, provenance, hits);
  // Last, so a review names the value rules' more specific reason first (a recipient that came from a tool).
  const changeHits = flows.unrequestedChange === "off" ? [] : unrequestedChangeHits(call, provenance);
  outcome.hits.push(...changeHits);
  // The kind was asked for: is the object one the user designated? (Each hit under its kind rule's switch.)
  if (effectHits.length === 0 && changeHits.length === 0) {
    outcome.hits.push(...designatedObjectHits(call, provenance).filter((hit) => flows[hit.rule] !== "off"));
    // A requested share: are its audience and object the ones the user said? (`hr` with `everyone`: words, no ids.)
    if (flows.unrequestedChange !== "off") outcome.hits.push(...shareScopeHits(call, provenance));
  }
  return outcome;
}

/** Argument provenance and data leaving (after `hits` of the other rules), with intent binding when it is on. */
function valueHits(
  policy: ResolvedFlowPolicy,
  call: FlowCall,
  provenance: ProvenanceFacts,
  hits: RuleHit[],
): ProvenanceOutcome {
  const none = { hits, notes: [] };
  const { flows } = policy;
  if (flows.argumentProvenance === "off" && flows.dataLeaving === "off") return none;
  const leaves = argumentLeaves(call.args);
  if (leaves.length === 0) return none;
  const commandTool = nameWords(call.toolName || call.connectorType).some((w) => COMMAND_VERBS.has(w));
  const targets =
    flows.argumentProvenance === "off" ? [] : targetValues(leaves, provenance.salt, commandTool);
  const data = flows.dataLeaving === "off" ? [] : dataValues(leaves, provenance.salt);
  if (targets.length === 0 && data.length === 0) return none;
  const wanted = new Set<string>();
  for (const value of targets) wanted.add(value.h);
  for (const value of data) wanted.add(value.h);
  const sources = sourcesOf(wanted, provenance);
  hits.push(...argumentProvenanceHits(targets, sources), ...dataLeavingHits(data, sources));
  if (!policy.intentBinding || hits.length === 0) return none;
  const bound = bindIntent(call, provenance, hits, { targets, data, sources });
  return { hits: bound.kept, notes: bound.notes };
}

/** Hits to findings, and the decision's block or review from the rules' actions. */
function decide(
  policy: ResolvedFlowPolicy,
  hits: readonly RuleHit[],
  sink: SinkVerdict,
  used: FlowVerdict["provenance"],
  notes: readonly BoundNote[] = [],
): FlowVerdict {
  const verdict: FlowVerdict = { findings: [], sink, provenance: used };
  for (const note of notes)
    verdict.findings.push({
      kind: "flow",
      type: "intent_binding",
      path: note.path,
      ruleId: INTENT_BINDING_RULE_ID,
      action: "flag",
      message: note.message,
    });
  const reviews: string[] = [];
  for (const hit of hits) {
    const action: FlowAction = policy.flows[hit.rule];
    if (action === "off") continue;
    const ruleId = FLOW_RULE_IDS[hit.rule];
    verdict.findings.push({
      kind: "flow",
      type: FLOW_TYPES[hit.rule],
      path: hit.path,
      ruleId,
      action,
      message: hit.message,
    });
    if (action === "block") verdict.block ??= { ruleId, reason: hit.reason };
    else if (action === "review") {
      verdict.review ??= { ruleId, reason: "" };
      if (!reviews.includes(hit.reason)) reviews.push(hit.reason);
    }
  }
  if (verdict.review) {
    const more = reviews.length > 3 ? ` (and ${reviews.length - 3} more)` : "";
    verdict.review.reason = reviews.slice(0, 3).join("; ") + more;
  }
  if (verdict.block) delete verdict.review;
  return verdict;
}

/**
 * The flow step. `provenance` is validated here: a malformed record (from a thread state or the wire) throws a
 * `TypeError` naming the field, and the engine turns it into a refusal (fail closed).
 */
export function runFlowStep(policy: ResolvedFlowPolicy, call: FlowCall): FlowVerdict {
  const hits = taskScopeHits(policy, call);
  const sink = classifySink(call, call.tool, policy.sinks);
  if (!sink.sink) return decide(policy, hits, sink, "not-a-sink");
  const provenance = call.provenance;
  if (provenance === undefined) return decide(policy, hits, sink, "absent");
  // The shape only (the wire validates every fact on the way in; a fact of the wrong shape never matches a hash).
  if (
    provenance.v !== 1 ||
    typeof provenance.salt !== "string" ||
    !Array.isArray(provenance.user) ||
    !Array.isArray(provenance.outputs)
  )
    throw new TypeError(
      `malformed provenance facts: ${provenanceProblem(provenance) ?? "provenance: v, salt, user, outputs"}`,
    );
  const outcome = provenanceHits(policy, call, provenance);
  hits.push(...outcome.hits);
  return decide(policy, hits, sink, "used", outcome.notes);
}
