import type { Finding, InputDecision, MonitorOutcome, OutputDecision } from "../shared/types.js";

/** The public shape of a finding on the CLI and the wire: what and where, never the value. */
export interface PublicFinding {
  kind: Finding["kind"];
  type: string;
  /** The rule that matched: the key to set in `rules` to switch a false positive off. */
  ruleId: string;
  /** What the policy did about it. */
  action: Finding["action"];
  path: string;
  start?: number;
  end?: number;
}

export function publicFindings(findings: readonly Finding[]): PublicFinding[] {
  return findings.map((f) => ({
    kind: f.kind,
    type: f.type,
    ruleId: f.ruleId,
    action: f.action,
    path: f.path,
    ...(f.start !== undefined ? { start: f.start } : {}),
    ...(f.end !== undefined ? { end: f.end } : {}),
  }));
}

export function outputAnswer(decision: OutputDecision, original: unknown): Record<string, unknown> {
  return {
    allowed: decision.allowed,
    ...(decision.reason ? { reason: decision.reason } : {}),
    findings: publicFindings(decision.findings),
    ...monitorOf(decision.monitor),
    result: decision.allowed ? (decision.redactedResult ?? original) : null,
  };
}

export function inputAnswer(decision: InputDecision, original: unknown): Record<string, unknown> {
  return {
    allowed: decision.allowed,
    ...(decision.reason ? { reason: decision.reason } : {}),
    findings: publicFindings(decision.findings),
    ...monitorOf(decision.monitor),
    args: decision.allowed ? (decision.redactedArgs ?? original) : null,
  };
}

/** `mode: monitor`: the answer allows and changes nothing; `monitor` says what enforcing would have done. */
function monitorOf(monitor: MonitorOutcome | undefined): { monitor?: MonitorOutcome } {
  return monitor === undefined ? {} : { monitor: { ...monitor } };
}
