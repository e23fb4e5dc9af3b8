import type { Finding, MonitorOutcome } from "../shared/types.js";
import type { AuditAction } from "../shared/vocabulary.js";
import type { CheckPhase } from "./policy-violation-error.js";

/**
 * One audit record per decision. It names what was found and where (type, JSON Pointer, offsets, rule) and never
 * the values themselves, so the audit log is not a second copy of the data the guard removed.
 */
export interface AuditRecord {
  timestamp: string;
  decisionId: string;
  callId: string;
  toolCallId?: string;
  connectorType: string;
  serverName: string;
  toolName: string;
  /**
   * `catalog` records come from checking a server's tool listing before the model sees it (descriptions cleaned,
   * tools whose pinned definition changed refused); `transport` notes say what the install changed about how a call
   * is sent (headers dropped on a stdio server); `review` records come from the run's human review step (paused,
   * approved or rejected before the call runs).
   */
  phase: CheckPhase | "catalog" | "transport" | "review";
  /** allow: passed unchanged; redact: passed changed; block: stopped; error: the check failed (call blocked);
   * fail-open: the check failed and the call went on because the user opted out of failing closed;
   * note: the call went on, and something about it is worth knowing (`reason` says what). */
  action: AuditAction;
  reason?: string;
  /**
   * Set when the policy is in `mode: monitor`: `action` is what happened (the call ran unchanged), `wouldHave` what
   * enforcing the policy would have done (absent when it would have allowed the call unchanged), and `reason` why.
   */
  monitor?: true;
  wouldHave?: "block" | "redact" | "review";
  findings: Array<Pick<Finding, "kind" | "type" | "path" | "start" | "end" | "ruleId" | "action">>;
  /** Finding counts by `kind:type`, e.g. `{ "pii:email": 2 }` (of the findings listed). */
  counts: Record<string, number>;
  /** Findings past the policy's `limits.maxFindings`, not listed, counted per rule id (the decision's). */
  omittedFindings?: Record<string, number>;
  ruleIds: string[];
  /** For a tool refused because its pinned definition changed: which fields differ from the lock file. */
  changedFields?: string[];
  backend?: string;
  /** Time the backend reported, and the time the whole check took in the interceptor. */
  backendMs?: number;
  durationMs: number;
}

export function auditFindings(
  findings: readonly Finding[],
  omitted?: Readonly<Record<string, number>>,
): Pick<AuditRecord, "findings" | "counts" | "omittedFindings"> {
  const counts: Record<string, number> = {};
  const out: AuditRecord["findings"] = new Array(findings.length);
  for (let i = 0; i < findings.length; i++) {
    const f = findings[i]!;
    const key = `${f.kind}:${f.type}`;
    counts[key] = (counts[key] ?? 0) + 1;
    // Copy field by field: a custom backend's finding may carry extra properties (even values) we must not log.
    out[i] = {
      kind: f.kind,
      type: f.type,
      path: f.path,
      start: f.start,
      end: f.end,
      ruleId: f.ruleId,
      action: f.action,
    };
  }
  const omittedFindings = omittedCounts(omitted);
  return omittedFindings === undefined
    ? { findings: out, counts }
    : { findings: out, counts, omittedFindings };
}

/** A backend's omitted counts, copied entry by entry (positive integers only); undefined when there are none. */
function omittedCounts(
  omitted: Readonly<Record<string, number>> | undefined,
): Record<string, number> | undefined {
  if (omitted === undefined) return undefined;
  let out: Record<string, number> | undefined;
  for (const [ruleId, count] of Object.entries(omitted)) {
    if (!Number.isSafeInteger(count) || count < 1) continue;
    out ??= {};
    out[ruleId] = count;
  }
  return out;
}

/** The audit fields of a monitored decision: `monitor: true`, and `wouldHave` unless it would have allowed. */
export function monitorFields(
  monitor: MonitorOutcome | undefined,
): Pick<AuditRecord, "monitor" | "wouldHave" | "reason"> {
  if (monitor === undefined) return {};
  const { wouldHave, reason } = monitor;
  if (wouldHave === "allow") return { monitor: true };
  return reason === undefined ? { monitor: true, wouldHave } : { monitor: true, wouldHave, reason };
}
