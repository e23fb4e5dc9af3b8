import type { RunContext } from "../shared/types.js";
import { capabilityOutcomeOf } from "./action-conversions.js";
import { type ConnectorTarget, matchesConnector } from "./glob.js";
import type { ResolvedPolicy } from "./policy.js";
import { conditionsHold, grantsFromContext } from "./run-context-conditions.js";

export interface GateVerdict {
  allowed: boolean;
  ruleId?: string;
  reason?: string;
  /** Allowed once a human approves (a rule with action `review` matched). */
  review?: boolean;
}

/** The call the gate decides on: its names, and the run it belongs to (for `when` and `grantFrom`). */
export interface GateRequest extends ConnectorTarget {
  runContext?: RunContext;
}

/**
 * The first check of every call, before any argument is read: is this connector type allowed at all, and does
 * the caller hold the capabilities the tool requires? First matching rule wins; no match falls to the default.
 */
export function evaluateCapabilities(policy: ResolvedPolicy, target: GateRequest | string): GateVerdict {
  // A bare string (no server/tool known) is matched as a connector type only.
  const call: GateRequest =
    typeof target === "string" ? { connectorType: target, serverName: "", toolName: "" } : target;
  const { connectorType } = call;
  const { rules, default: fallback, granted, grantFrom } = policy.capabilities;
  let verdict: GateVerdict | undefined;
  for (let i = 0; i < rules.length; i++) {
    const rule = rules[i]!;
    if (!matchesConnector(call, rule.match)) continue;
    if (rule.when && !conditionsHold(rule.when, call.runContext)) continue;
    const ruleId = rule.id ?? `capability.rule[${i}]`;
    const { allowed, review } = capabilityOutcomeOf(rule.action);
    verdict = review
      ? {
          allowed,
          ruleId,
          review,
          reason: rule.reason ?? `${connectorType} needs a human approval (${ruleId})`,
        }
      : allowed
        ? { allowed, ruleId }
        : {
            allowed,
            ruleId,
            reason: rule.reason ?? `connector type ${connectorType} is denied by ${ruleId}`,
          };
    break;
  }
  if (!verdict) {
    verdict =
      fallback === "allow"
        ? { allowed: true }
        : {
            allowed: false,
            ruleId: "capability.default_deny",
            reason: `connector type ${connectorType} is not allowed by any rule (deny by default)`,
          };
  }
  if (!verdict.allowed) return verdict;
  let fromContext: string[] | undefined;
  for (const [glob, toolPolicy] of Object.entries(policy.tools)) {
    if (!toolPolicy.requires || !matchesConnector(call, glob)) continue;
    fromContext ??= grantsFromContext(grantFrom, call.runContext);
    const held = fromContext;
    const missing = toolPolicy.requires.filter((cap) => !granted.has(cap) && !held.includes(cap));
    if (missing.length > 0) {
      return {
        allowed: false,
        ruleId: "capability.requires",
        reason: `${connectorType} requires capabilities not granted: ${missing.join(", ")}`,
      };
    }
  }
  return verdict;
}
