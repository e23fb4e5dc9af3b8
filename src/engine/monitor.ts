/**
 * Monitor mode (`mode: monitor`): every check runs as in enforce mode, then its decision is turned into one that
 * changes nothing and says what it would have done. The engine does this, not the interceptor, so every caller of
 * the engine (a local install, `tollgate serve` and its plain clients) lets the same calls through unchanged.
 */
import type { Finding, InputDecision, MonitorOutcome, OutputDecision } from "../shared/types.js";
import { recordsOnly } from "../shared/vocabulary.js";

function outcome(wouldHave: MonitorOutcome["wouldHave"], reason: string | undefined): MonitorOutcome {
  return reason === undefined ? { wouldHave } : { wouldHave, reason };
}

/** Allowed, the caller's own arguments, no review; `monitor` says block, review, redact or allow. */
export function monitoredInput(decision: InputDecision): InputDecision {
  const { reason, review, redactedArgs, ...rest } = decision;
  const monitor = !decision.allowed
    ? outcome("block", reason)
    : review !== undefined
      ? outcome("review", review.reason)
      : outcome(redactedArgs !== undefined ? "redact" : "allow", undefined);
  return { ...rest, allowed: true, monitor };
}

/**
 * Allowed, the tool's own result (no redaction, no cut, no untrusted-content envelope); `monitor` says block,
 * redact or allow. A result only wrapped in the envelope would have been `allow`, as the audit says in enforce mode.
 */
export function monitoredOutput(decision: OutputDecision): OutputDecision {
  const { reason, redactedResult, ...rest } = decision;
  const changed = redactedResult !== undefined && decision.findings.some(rewrites);
  const monitor = !decision.allowed
    ? outcome("block", reason)
    : outcome(changed ? "redact" : "allow", undefined);
  return { ...rest, allowed: true, monitor };
}

function rewrites(finding: Finding): boolean {
  return !recordsOnly(finding.action);
}
