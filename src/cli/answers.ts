import type { Finding, InputDecision, OutputDecision } from "../shared/types.js";

/** The public shape of a finding on the CLI and the wire: what and where, never the value. */
export interface PublicFinding {
  kind: Finding["kind"];
  type: string;
  path: string;
  start?: number;
  end?: number;
}

export function publicFindings(findings: readonly Finding[]): PublicFinding[] {
  return findings.map((f) => ({
    kind: f.kind,
    type: f.type,
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
    result: decision.allowed ? (decision.redactedResult ?? original) : null,
  };
}

export function inputAnswer(decision: InputDecision, original: unknown): Record<string, unknown> {
  return {
    allowed: decision.allowed,
    ...(decision.reason ? { reason: decision.reason } : {}),
    findings: publicFindings(decision.findings),
    args: decision.allowed ? (decision.redactedArgs ?? original) : null,
  };
}
