/**
 * The policy interceptor's side of "rules checked against what exists": given the install's listing, checks the
 * local engine's policy (a custom or remote backend's rules are not known here), records an audit note per rule
 * that matches no listed tool or could not be checked, and warns once through `onCallbackError`'s channel (a Node
 * process warning, code `TOLLGATE_UNMATCHED_RULE`, when none was given).
 */

import type { ResolvedPolicy } from "../engine/policy.js";
import {
  describeUnmatched,
  describeUnverified,
  type RuleCoverage,
  ruleCoverage,
  type ToolListing,
} from "../engine/rule-coverage.js";
import type { CallbackFailureHandler } from "./callback-failure.js";
import type { InstallEvent } from "./install-hooks.js";
import type { ToolCallRequest } from "./types.js";

/** What `onCallbackError` receives when rules match no listed tool (callback name: `"policy rules"`). */
export class UnmatchedRulesWarning extends Error {
  override name = "UnmatchedRulesWarning";
  constructor(readonly coverage: RuleCoverage) {
    const lines = [
      ...coverage.unmatched.map(describeUnmatched),
      ...coverage.unverified.map(describeUnverified),
    ];
    super(lines.join("; "));
  }
}

export interface RuleCoverageDeps {
  /** The policy the backend decides with, when it exposes one (the local engine does); else nothing is checked. */
  policy: ResolvedPolicy | undefined;
  connectorType: (request: ToolCallRequest) => string;
  report: (event: InstallEvent) => void;
  onCallbackError: CallbackFailureHandler | undefined;
}

function warn(coverage: RuleCoverage, onCallbackError: CallbackFailureHandler | undefined): void {
  const warning = new UnmatchedRulesWarning(coverage);
  if (onCallbackError) {
    try {
      onCallbackError(warning, "policy rules");
      return;
    } catch {
      // Falls through to the process warning: the handler failing must not hide the finding.
    }
  }
  process.emitWarning(`mcp-tollgate: ${warning.message}`, { code: "TOLLGATE_UNMATCHED_RULE" });
}

/** The `checkRules` hook of the policy interceptor; undefined coverage when the backend's policy is unknown. */
export function ruleCoverageCheck(
  deps: RuleCoverageDeps,
): (listing: ToolListing) => RuleCoverage | undefined {
  return (listing) => {
    const policy = deps.policy;
    if (policy === undefined) return undefined;
    const connectorType = (serverName: string, name: string) => {
      try {
        return deps.connectorType({ serverName, name, args: {} });
      } catch {
        return `${serverName}.${name}`;
      }
    };
    const coverage = ruleCoverage(policy, listing, { connectorType });
    const note = (ruleId: string, kind: string, reason: string) =>
      deps.report({
        phase: "catalog",
        action: "note",
        serverName: "*",
        toolName: "*",
        reason,
        ruleIds: [kind, ruleId],
      });
    for (const rule of coverage.unmatched)
      note(rule.ruleId, "catalog.unmatched_rule", describeUnmatched(rule));
    for (const rule of coverage.unverified)
      note(rule.ruleId, "catalog.unverified_rule", describeUnverified(rule));
    if (coverage.unmatched.length + coverage.unverified.length > 0) warn(coverage, deps.onCallbackError);
    return coverage;
  };
}
