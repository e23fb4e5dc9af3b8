import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import type { BudgetHistory } from "./budgets.js";
import type { JsonObject } from "./json.js";
import type { ProvenanceFacts, ToolOutputFacts } from "./provenance.js";
import type { FindingAction, FindingKind } from "./vocabulary.js";

export type { JsonObject, JsonValue } from "./json.js";

/** The MCP result of one `tools/call`, as the SDK types it. */
export type { CallToolResult };

/** What the guard knows about a tool from `tools/list`. */
export interface ToolDescriptor {
  name: string;
  description?: string;
  inputSchema?: JsonObject;
  outputSchema?: JsonObject;
}

/** One thing a check found. Never carries the sensitive value itself. */
export interface Finding {
  kind: FindingKind;
  type: string;
  /** RFC 6901 JSON Pointer into the checked payload (arguments object, or the CallToolResult). */
  path: string;
  /** UTF-16 offsets into the original string at `path`, when the finding is a span of a string. */
  start?: number;
  end?: number;
  ruleId: string;
  /** What the policy did about it. */
  action: FindingAction;
  /** Human-readable detail; never contains the matched value. */
  message?: string;
}

/**
 * Who the agent acts for, copied from the LangGraph run: `configurable` (including `thread_id`; LangGraph's own
 * `__`-prefixed entries left out) and the runtime `context` of `createAgent`. JSON values only (functions, class
 * instances and callbacks are dropped), frozen: a policy reads it, never changes it.
 */
export interface RunContext {
  readonly configurable?: Readonly<JsonObject>;
  readonly context?: Readonly<JsonObject>;
}

interface CheckRequestBase {
  /** `serverName.toolName` unless a resolver says otherwise. */
  connectorType: string;
  serverName: string;
  toolName: string;
  /** Tool metadata from `tools/list`, when the install knows it. */
  tool?: ToolDescriptor;
  /** Correlates input and output decisions of one call. */
  callId: string;
  /** The model's tool-call id, when the call came from an agent. */
  toolCallId?: string;
  /** The run the call belongs to (see `RunContext`); absent outside a LangGraph / LangChain run. */
  runContext?: RunContext;
  signal?: AbortSignal;
}

export interface InputCheckRequest extends CheckRequestBase {
  args: JsonObject;
  /**
   * What this thread's user said and its tools returned, as hashes (see `src/shared/provenance.ts`): what the flow
   * rules compare a sink call's arguments with. Absent (a plain client): the provenance rules do not apply.
   */
  provenance?: ProvenanceFacts;
  /**
   * The thread's tool calls that reached their server, from the graph's messages (`budgetHistoryFromMessages`):
   * what the `turn` and `thread` budgets count. Absent: those budgets fail closed.
   */
  budgetHistory?: BudgetHistory;
  /**
   * A preview (the review step asking what a proposed call would meet): decided like the call, but budgets charge
   * nothing. The call's own check, when it runs, charges.
   */
  dryRun?: boolean;
}

export interface OutputCheckRequest extends CheckRequestBase {
  /** The arguments the tool was actually called with (after input redaction). */
  args: JsonObject;
  result: CallToolResult;
  /**
   * The thread's salt (`deriveThreadSalt(salt, provenanceKey)`): with it the check returns the result's provenance
   * facts (`OutputDecision.provenance`); without it none are computed.
   */
  provenanceSalt?: string;
}

/**
 * What a policy in `mode: monitor` would have done, had it enforced (`allow`: nothing). The decision that carries it
 * changes nothing: allowed, with neither redacted arguments nor a redacted result nor a review.
 */
export interface MonitorOutcome {
  wouldHave: "allow" | "block" | "redact" | "review";
  /** Why it would have been blocked or sent for review. */
  reason?: string;
}

interface DecisionBase {
  allowed: boolean;
  /** Why a call was blocked (set when `allowed` is false; may explain warnings otherwise). */
  reason?: string;
  findings: Finding[];
  /** Ids of the rules that matched (deduplicated). */
  ruleIds: string[];
  /**
   * Findings past the policy's `limits.maxFindings`, counted per rule id (absent when none were left out). They
   * were acted on like the others (every rewrite applied); only their report is left out of `findings`.
   */
  omittedFindings?: Record<string, number>;
  decisionId: string;
  /** Time the backend spent, in milliseconds. */
  durationMs: number;
  /** Which backend decided (for audit): `local`, `http`, or a custom name. */
  backend?: string;
  /** Set by a policy in `mode: monitor`: the decision lets the call through unchanged; this says what it would have done. */
  monitor?: MonitorOutcome;
}

/** A call the policy lets through only once a human approved it (rule action `review`). */
export interface ReviewRequirement {
  ruleId: string;
  reason: string;
}

export interface InputDecision extends DecisionBase {
  /**
   * Set on an allowed decision the policy wants a human to approve first. The interceptor runs such a call only
   * when the run's review step approved it (`createTollgateMiddleware`, `createReviewNode`); otherwise it blocks.
   */
  review?: ReviewRequirement;
  /** Present when the arguments were changed; the handler is called with this copy. */
  redactedArgs?: JsonObject;
  /**
   * The budget charges this call made (opaque ids). Pass them to the backend's `refundBudgets` when the call
   * provably never reached its server (refused after the check, aborted before it was sent).
   */
  budgetCharges?: string[];
}

export interface OutputDecision extends DecisionBase {
  /**
   * The result's provenance facts, computed from the raw result before any cut or redaction (hashes only), when the
   * request carried `provenanceSalt`. The install keeps them with the thread and sends them with later input checks.
   */
  provenance?: ToolOutputFacts;
  /** Present when the result was changed; returned to the caller in place of the original. */
  redactedResult?: CallToolResult;
}

export type PolicyDecision = InputDecision | OutputDecision;

/**
 * A policy backend decides on one call's input and output. Implementations must honour `request.signal`, may be
 * remote, and should throw a `TollgateError` (not a bare Error) when they cannot decide: the interceptor turns
 * any failure into a blocked call unless the user opted into fail-open.
 */
export interface PolicyBackend {
  readonly name?: string;
  checkInput(request: InputCheckRequest): Promise<InputDecision>;
  checkOutput(request: OutputCheckRequest): Promise<OutputDecision>;
  /** Called by the install when a server's tool list is loaded, so the backend can compile validators once. */
  registerTools?(serverName: string, tools: readonly ToolDescriptor[]): void | Promise<void>;
  /** Undoes a call's budget charges (`InputDecision.budgetCharges`) when it provably never reached its server. */
  refundBudgets?(charges: readonly string[]): Promise<void>;
  /** Forgets a call's budget charges once it ran. */
  settleBudgets?(charges: readonly string[]): void;
  close?(): Promise<void>;
}
