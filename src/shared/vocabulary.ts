/**
 * The words a check's results are written in, one list per meaning, each named apart from the policy's own
 * `Action` (src/engine/rules/actions.ts, what a policy file says to do):
 * - `FindingKind`: what a finding is about; `FindingAction`: what the check did about one finding;
 * - `CheckAction`: what one check did to the call as a whole (telemetry, the server's log, the audit);
 * - `AuditAction`: what the audit records of a call, `CheckAction` and the interceptor's own outcomes.
 * The scanner's per-match instruction (`MatchAction`) and a capability rule's `CapabilityAction` are the engine's;
 * conversions between the engine's words live in src/engine/action-conversions.ts.
 */

/** What a rule finds. `control` and `markup` are the sanitizer's; the others are content rules. */
export const RULE_KINDS = ["pii", "secret", "injection", "markup", "hazard", "control"] as const;
export type RuleKind = (typeof RULE_KINDS)[number];

/** Every kind a finding can have: the rules' kinds and the checks' own (`flow`: containment, issue 17). The wire
 * reads this. */
export const FINDING_KINDS = [...RULE_KINDS, "schema", "capability", "limit", "flow"] as const;
export type FindingKind = (typeof FINDING_KINDS)[number];

/**
 * What the check did about one finding: `block` refused the call; `redact`, `strip` and `truncate` changed the
 * value; `flag` and `warn` recorded it; `review` recorded it and made the call wait for a human's approval
 * (arguments only). The wire and the audit schema read this list.
 */
export const FINDING_ACTIONS = ["block", "redact", "strip", "flag", "truncate", "warn", "review"] as const;
export type FindingAction = (typeof FINDING_ACTIONS)[number];

/** Which finding decided, when a decision carries several: the highest rank (a block outranks any redaction). */
export const FINDING_ACTION_RANK: Readonly<Record<FindingAction, number>> = {
  flag: 0,
  warn: 1,
  review: 2,
  truncate: 3,
  strip: 4,
  redact: 5,
  block: 6,
};

/** True when the finding only records something (the value stands, the call is not refused for it). */
export function recordsOnly(action: FindingAction): boolean {
  switch (action) {
    case "flag":
    case "warn":
    case "review":
      return true;
    case "block":
    case "redact":
    case "strip":
    case "truncate":
      return false;
    default:
      return action satisfies never;
  }
}

/** What one check did to the call: passed it unchanged, passed it changed, stopped it, or failed (and stopped it). */
export type CheckAction = "allow" | "redact" | "block" | "error";

/**
 * What an audit record says of a call: a `CheckAction`, or `fail-open` (the check failed and the call went on
 * because the user opted out of failing closed), or `note` (the call went on, and something about it is worth
 * knowing).
 */
export type AuditAction = CheckAction | "fail-open" | "note";
