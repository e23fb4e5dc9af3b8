import type { Finding } from "../shared/types.js";

export type CheckPhase = "input" | "output";

/** What a blocked call is: which check, which tool, why, with which findings (a `PolicyViolationError` carries it). */
export interface PolicyViolationDetails {
  phase: CheckPhase;
  connectorType: string;
  serverName: string;
  toolName: string;
  reason: string;
  findings: readonly Finding[];
  decisionId: string;
  ruleIds?: readonly string[];
}

/** What a block message is made from: the violation's details, and whether the backend failed to decide. */
export interface BlockMessageInput extends PolicyViolationDetails {
  /** True when the call was blocked because the policy backend could not decide (unreachable, bad answer...). */
  backendFailed: boolean;
}

/** Chooses the text the model (and `error.message`) gets for a block; `reason`, findings and cause stay on the error. */
export type FormatBlockMessage = (block: BlockMessageInput) => string;

const MAX_REASON_LENGTH = 300;
// A scheme, "://" and what follows up to whitespace or a quote/bracket: any URL-like text, whatever its scheme.
const URL_PATTERN = /\b[a-z][a-z0-9+.-]*:\/\/[^\s"'<>()]+/gi;

/** One line, no URLs, bounded: a policy reason as the model may read it. */
function plainReason(reason: string): string {
  const firstLine = reason.split(/\r?\n/, 1)[0] ?? "";
  const noUrls = firstLine.replace(URL_PATTERN, "[link removed]").trim();
  return noUrls.length > MAX_REASON_LENGTH ? `${noUrls.slice(0, MAX_REASON_LENGTH - 1)}…` : noUrls;
}

/**
 * The default: what was blocked and why, in plain words. A backend that could not decide is named only as such:
 * its error (the service's URL, what went wrong with the credentials, a stack) stays in the audit record and on the
 * typed error (`reason`, `cause`). A policy's own reason is kept to its first line, with any URL taken out.
 */
export const defaultBlockMessage: FormatBlockMessage = (block) => {
  const what = block.phase === "input" ? "call to" : "result of";
  const why = block.backendFailed
    ? block.phase === "input"
      ? "the policy check could not be completed, so the call was not made"
      : "the policy check could not be completed, so the result was withheld"
    : plainReason(block.reason) || "blocked by policy";
  return `Blocked by policy: ${what} ${block.connectorType}: ${why}`;
};
