import { randomUUID } from "node:crypto";
import type { Finding, InputDecision, OutputDecision } from "../shared/types.js";
import { type AuditRecord, auditFindings, monitorFields } from "./audit.js";
import { callGuarded, type ReportCallbackFailure } from "./callback-failure.js";
import type { InstallEvent } from "./install-hooks.js";
import type { CheckPhase } from "./policy-violation-error.js";
import type { ToolCallRequest } from "./types.js";

/** One call on its way through the policy interceptor. */
export interface Call {
  readonly request: ToolCallRequest;
  readonly callId: string;
  readonly connectorType: string;
  /** The arguments the tool is called with: the caller's, or the backend's redacted copy. */
  callArgs: JsonObjectLike;
  /** The budget charges its input check made (issue 20): refunded if it never reaches the server. */
  budgetCharges?: string[];
  /** Values put back for handles in the model's arguments (value -> handle), when there were any. */
  restored?: ReadonlyMap<string, string>;
}
type JsonObjectLike = ToolCallRequest["args"];

/**
 * Turns decisions into audit records for `onDecision`. Without `onDecision` it is a no-op (`enabled` false, and
 * `now()` returns 0 so no clock is read), which is what keeps the audit free for an install that does not want it.
 */
export interface Auditor {
  readonly enabled: boolean;
  now(): number;
  /** The record of one decision on a call. */
  decision(
    call: Call,
    phase: CheckPhase,
    started: number,
    decision: InputDecision | OutputDecision | undefined,
    action: AuditRecord["action"],
    reason?: string,
  ): void;
  /** A catalog record (a tool listing checked before the model sees it). */
  catalog(
    fields: Omit<AuditRecord, "timestamp" | "decisionId" | "callId" | "phase" | "findings" | "counts"> &
      Partial<Pick<AuditRecord, "findings" | "counts">>,
  ): void;
  /** Something the install decided on its own. */
  event(event: InstallEvent, connectorType: string): void;
}

const NO_AUDIT: Auditor = {
  enabled: false,
  now: () => 0,
  decision: () => {},
  catalog: () => {},
  event: () => {},
};

export function createAuditor(
  onDecision: ((record: AuditRecord) => unknown) | undefined,
  reportFailure: ReportCallbackFailure,
  backendName: string,
): Auditor {
  if (!onDecision) return NO_AUDIT;
  const emit = (record: AuditRecord) => callGuarded(reportFailure, "onDecision", onDecision, record);
  return {
    enabled: true,
    now: () => performance.now(),
    decision(call, phase, started, decision, action, reason) {
      const { request } = call;
      const why = reason ?? decision?.reason;
      emit({
        timestamp: new Date().toISOString(),
        decisionId: decision?.decisionId ?? `local-${call.callId}-${phase}`,
        callId: call.callId,
        ...(request.toolCallId ? { toolCallId: request.toolCallId } : {}),
        connectorType: call.connectorType,
        serverName: request.serverName,
        toolName: request.name,
        phase,
        action,
        ...(why ? { reason: why } : {}),
        // Monitor mode: what enforcing would have done, and why (in place of the decision's own reason).
        ...monitorFields(decision?.monitor),
        ...auditFindings(decision?.findings ?? ([] as Finding[]), decision?.omittedFindings),
        ruleIds: decision?.ruleIds ?? [],
        backend: decision?.backend ? decision.backend : backendName,
        ...(decision ? { backendMs: decision.durationMs } : {}),
        durationMs: performance.now() - started,
      });
    },
    catalog(fields) {
      emit({
        timestamp: new Date().toISOString(),
        decisionId: randomUUID(),
        callId: "",
        phase: "catalog",
        findings: [],
        counts: {},
        ...fields,
      });
    },
    event(event, connectorType) {
      emit({
        timestamp: new Date().toISOString(),
        decisionId: randomUUID(),
        callId: "",
        ...(event.toolCallId ? { toolCallId: event.toolCallId } : {}),
        connectorType,
        serverName: event.serverName,
        toolName: event.toolName,
        phase: event.phase,
        action: event.action,
        reason: event.reason,
        findings: [],
        counts: {},
        ruleIds: event.ruleIds,
        ...(event.changedFields ? { changedFields: event.changedFields } : {}),
        backend: "install",
        durationMs: 0,
      });
    },
  };
}
