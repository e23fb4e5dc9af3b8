import type { RequestOptions } from "@modelcontextprotocol/sdk/shared/protocol.js";
import type { BudgetHistory } from "../shared/budgets.js";
import type { ProvenanceFacts, ToolOutputFacts } from "../shared/provenance.js";
import type { CallToolResult, Finding, JsonObject, RunContext, ToolDescriptor } from "../shared/types.js";

/**
 * The handles of one call's thread (docs/handles.md): values the output check redacted, as `[EMAIL_1]`-style handles
 * the model can pass back without seeing them.
 */
export interface CallHandles {
  /** The arguments with known handles replaced by their values, and the values put back (value -> handle). */
  restore(args: JsonObject): { args: JsonObject; restored: Map<string, string> };
  /** The redacted result with its redaction placeholders replaced by this thread's handles. */
  put(raw: CallToolResult, redacted: CallToolResult, findings: readonly Finding[]): CallToolResult;
}

/** What one call carries about its thread (issue 17): the facts for its input check and where its output's go. */
export interface CallProvenance {
  /** Sent with the input check; `facts.salt` (the derived salt) is sent with the output check. */
  facts: ProvenanceFacts;
  /** Receives the output check's facts of this call's result. */
  record(output: ToolOutputFacts): void;
  /** The thread's handles, when the install has them on. */
  handles?: CallHandles;
}

/**
 * The SDK request options of one call besides `signal` (which has its own field): per-call `timeout`, the
 * `onprogress` callback, `resetTimeoutOnProgress`, `maxTotalTimeout`... They reach the MCP request unchanged.
 */
export type CallOptions = Omit<RequestOptions, "signal">;

/** One MCP tool call on its way through the interceptor chain. */
export interface ToolCallRequest {
  serverName: string;
  /** The tool's name on its server (without any prefix the client adds). */
  name: string;
  args: JsonObject;
  /** The tool's listing, when the install knows it (schemas for validation). */
  tool?: ToolDescriptor;
  /** Cancels the call; honoured by the policy checks and passed to the MCP request. */
  signal?: AbortSignal;
  /** The caller's other SDK request options (timeout, progress callback...), passed to the MCP request. */
  callOptions?: CallOptions;
  /**
   * Extra HTTP headers for this call (Streamable HTTP and SSE servers). A stdio server cannot carry headers: there
   * they are dropped, and the install reports it as an audit note (phase `transport`).
   */
  headers?: Record<string, string>;
  /** The model's tool-call id, when known; correlates audit records with the agent's history. */
  toolCallId?: string;
  /** The LangGraph run the call belongs to (`configurable`, `context`), as a frozen JSON copy. */
  runContext?: RunContext;
  /** What the user said and the tools returned in this thread (set by the install; absent for a plain call). */
  provenance?: CallProvenance;
  /** The thread's tool calls so far, from the graph's messages: what turn and thread budgets count. */
  budgetHistory?: BudgetHistory;
}

/** Performs the MCP call (or the next interceptor) and resolves to the raw MCP result. */
export type ToolCallHandler = (request: ToolCallRequest) => Promise<CallToolResult>;

/** Onion middleware around one tool call. Call `handler` zero or one time. */
export type ToolInterceptor = (request: ToolCallRequest, handler: ToolCallHandler) => Promise<CallToolResult>;
