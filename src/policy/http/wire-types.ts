/**
 * The wire protocol of the remote policy service, as JSON travels. The plain fields are those of AxonFlow's MCP
 * check endpoints (`/api/v1/mcp/check-input`, `/api/v1/mcp/check-output`), so either side can talk to a plain
 * peer; everything our own engine can say beyond them travels in the optional `tollgate` object, which a plain
 * peer ignores.
 */
import type { BudgetHistory } from "../../shared/budgets.js";
import type { ProvenanceFacts, ToolOutputFacts } from "../../shared/provenance.js";
import type { CallToolResult, Finding, JsonObject, JsonValue, ToolDescriptor } from "../../shared/types.js";

export const CHECK_INPUT_PATH = "/api/v1/mcp/check-input";
export const CHECK_OUTPUT_PATH = "/api/v1/mcp/check-output";

/**
 * Version of the `tollgate` extension. Each side refuses a version it does not know: a server answers such a request
 * 400 (`unsupported_extension`), a client fails the check on such an answer (the call is blocked unless fail-open).
 */
export const WIRE_EXTENSION_VERSION = 2;

/**
 * Versions a server reads and a client accepts in an answer. 2 adds the thread's provenance (`provenance` on input,
 * `provenance_salt` on output, the result's facts in the output answer); a server answers in the version it was
 * asked in. A client that sent provenance accepts only a version-2 answer (a server that could not read it must not
 * look as if it had checked it).
 */
export const WIRE_EXTENSION_VERSIONS = [1, 2] as const;

/** What a tollgate client adds to either request. */
export interface WireRequestExtension {
  v: number;
  server_name: string;
  tool_name: string;
  call_id: string;
  /** The tool's listing (schemas), sent with each check so the service stays stateless. */
  tool?: ToolDescriptor;
  /** The model's tool-call id, when the call came from an agent. */
  tool_call_id?: string;
  /** The run-context values the policy names (`runContextKeys`), by key (`context.roles`...); nothing else. */
  run_context?: Record<string, JsonValue>;
  /** Version 2, input: the thread's provenance facts (hashes and their sources, never the history). */
  provenance?: ProvenanceFacts;
  /** Version 2, output: the thread's salt, so the server returns the result's provenance facts. */
  provenance_salt?: string;
  /** Version 2, input: the thread's tool calls, what turn and thread budgets count (issue 20). */
  budget_history?: BudgetHistory;
  /** Version 2, input: a preview (the review step's): decide only, charge no budget. */
  dry_run?: boolean;
}

export interface WireInputRequest {
  connector_type: string;
  tool?: string;
  /** The text a plain service scans: here the arguments as JSON (omitted when `plainFields` is off). */
  statement?: string;
  parameters?: JsonObject;
  operation?: string;
  tollgate?: WireRequestExtension;
}

export interface WireOutputRequest {
  connector_type: string;
  tool?: string;
  /** The text a plain service scans: the text of the result's text-bearing blocks. */
  message?: string;
  /** Rows a plain service scans: the structured content, as one row. */
  response_data?: JsonValue[];
  metadata?: JsonObject;
  row_count?: number;
  tollgate?: WireRequestExtension & { args: JsonObject; result: CallToolResult };
}

export interface WirePolicyMatch {
  policy_id: string;
  policy_name?: string;
  action?: string;
  category?: string;
}

export interface WireExfiltrationInfo {
  rows_returned: number;
  row_limit: number;
  bytes_returned: number;
  byte_limit: number;
  exceeded: boolean;
  limit_type: "rows" | "bytes" | "none";
}

/** What a tollgate server adds to either answer. */
export interface WireAnswerExtension {
  v: number;
  findings: Finding[];
  rule_ids: string[];
  /** Findings past the service's `limits.maxFindings`, not in `findings`, counted per rule id (absent when none). */
  omitted_findings?: Record<string, number>;
  /** Input: the arguments the tool must be called with, when they changed. */
  redacted_args?: JsonObject;
  /** Output: the result to hand back, when it changed. */
  redacted_result?: CallToolResult;
  /** Version 2, output: the result's provenance facts, when the request carried `provenance_salt`. */
  provenance?: ToolOutputFacts;
  /** Input: allowed only once a human approves (rule action `review`); plain clients get a block instead. */
  review?: { rule_id: string; reason: string };
  /** The service's policy is in `mode: monitor`: the answer changes nothing; what enforcing would have done. */
  monitor?: { would_have: "allow" | "block" | "redact" | "review"; reason?: string };
  duration_ms?: number;
}

/** One answer shape for both endpoints; HTTP 200 carries decisions, 403 carries blocks. */
export interface WireAnswer {
  allowed: boolean;
  block_reason?: string;
  decision_id?: string;
  policies_evaluated?: number;
  policy_matches?: WirePolicyMatch[];
  redacted?: boolean;
  redacted_statement?: string;
  /** Input: the service ran its redactor on this request. */
  redaction_evaluated?: boolean;
  /**
   * Output: the checked content, redacted, in the form it was sent: the JSON value a JSON `message` encodes, the
   * text of any other `message`, or the rows when only `response_data` was sent.
   */
  redacted_data?: JsonValue;
  redacted_message?: string;
  /** Output: the rows, redacted, when both `message` and `response_data` were sent. */
  redacted_response_data?: JsonValue[];
  exfiltration_info?: WireExfiltrationInfo;
  tollgate?: WireAnswerExtension;
}

/** The body of an error answer (400, 401, 413, 422, 5xx). */
export interface WireErrorAnswer {
  error: {
    code: string;
    message: string;
    name?: string;
    issues?: { path: string; message: string }[];
    /** For `limit_exceeded`: which limit. */
    limit?: string;
    request_id?: string;
  };
}
