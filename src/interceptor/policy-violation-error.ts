import { TollgateError } from "../errors.js";
import type { Finding } from "../shared/types.js";
import { type CheckPhase, defaultBlockMessage, type PolicyViolationDetails } from "./block-message.js";

export type { CheckPhase, PolicyViolationDetails } from "./block-message.js";

/**
 * A policy check blocked the call. On the input phase the tool was never called. `message` is what the model reads
 * (the interceptor's `formatBlockMessage`); `reason`, `findings` and `cause` keep the whole story for the app.
 */
export class PolicyViolationError extends TollgateError {
  override name = "PolicyViolationError";
  readonly phase: CheckPhase;
  readonly connectorType: string;
  readonly serverName: string;
  readonly toolName: string;
  readonly reason: string;
  readonly findings: readonly Finding[];
  readonly decisionId: string;
  readonly ruleIds: readonly string[];

  constructor(details: PolicyViolationDetails, cause?: unknown, message?: string) {
    super(
      "policy_violation",
      message ?? defaultBlockMessage({ ...details, backendFailed: false }),
      details.findings.map((f) => ({
        path: f.path,
        message: f.message ?? `${f.kind} (${f.type}) [${f.ruleId}]`,
      })),
      cause,
    );
    this.phase = details.phase;
    this.connectorType = details.connectorType;
    this.serverName = details.serverName;
    this.toolName = details.toolName;
    this.reason = details.reason;
    this.findings = details.findings;
    this.decisionId = details.decisionId;
    this.ruleIds = details.ruleIds ?? [...new Set(details.findings.map((f) => f.ruleId))];
  }

  override toJSON(): Record<string, unknown> {
    return {
      ...super.toJSON(),
      phase: this.phase,
      connectorType: this.connectorType,
      serverName: this.serverName,
      toolName: this.toolName,
      reason: this.reason,
      decisionId: this.decisionId,
      ruleIds: this.ruleIds,
      findings: this.findings,
    };
  }
}
