import type { AuditRecord } from "mcp-tollgate";

/** What happened to one tool call, reconstructed from the guard's audit records and the resulting ToolMessage. */
export interface CallOutcome {
  verdict: "blocked" | "redacted" | "allowed";
  /** What stopped the call; `review` (a human rejected it) and `input` mean the server was never contacted. */
  blockedAt?: "review" | "input" | "output";
  /** The model got an error message (a block, or the tool itself failed). */
  errorMessage: boolean;
}

/** Findings that changed what passed (an `output` record with no findings only added the untrusted envelope). */
const changedSomething = (r: AuditRecord) => r.action === "redact" && r.findings.length > 0;

export function outcomeOf(records: readonly AuditRecord[], status: string | undefined): CallOutcome {
  const stop = records.find((r) => r.action === "block" || r.action === "error");
  const errorMessage = status === "error";
  if (stop && (stop.phase === "review" || stop.phase === "input" || stop.phase === "output"))
    return { verdict: "blocked", blockedAt: stop.phase, errorMessage };
  return { verdict: records.some(changedSomething) ? "redacted" : "allowed", errorMessage };
}
