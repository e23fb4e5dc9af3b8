import { randomUUID } from "node:crypto";
import { LocalPolicyEngine } from "../engine/local-engine.js";
import { mayAskForReview } from "../engine/policy.js";
import type { PolicyConfig } from "../engine/policy-types.js";
import {
  InvalidArgumentsError,
  isTollgateError,
  PolicyConfigError,
  type TollgateError,
  ToolCallError,
} from "../errors.js";
import { describeProblem, inspectJson } from "../shared/inspect-json.js";
import type {
  CallToolResult,
  Finding,
  InputCheckRequest,
  InputDecision,
  JsonObject,
  OutputCheckRequest,
  OutputDecision,
  PolicyBackend,
  ReviewRequirement,
  ToolDescriptor,
} from "../shared/types.js";
import { assertCallToolResult } from "../shared/validate-result.js";
import { recordsOnly } from "../shared/vocabulary.js";
import { traceDecision } from "../telemetry/check-telemetry.js";
import { type AuditRecord, auditFindings } from "./audit.js";
import { defaultBlockMessage, type FormatBlockMessage } from "./block-message.js";
import { type CallbackFailureHandler, callbackFailureReporter, callGuarded } from "./callback-failure.js";
import type { ContentCheckRequest, InstallEvent } from "./install-hooks.js";
import { isFlatJsonObject } from "./json-args.js";
import {
  type CheckPhase,
  type PolicyViolationDetails,
  PolicyViolationError,
} from "./policy-violation-error.js";
import { isApproved } from "./review-approvals.js";
import type { ToolCallRequest, ToolInterceptor } from "./types.js";

export interface ToolInterceptorOptions {
  /** Where decisions come from. Default: a `LocalPolicyEngine` built from `policy`. */
  backend?: PolicyBackend;
  /** Policy for the default local engine (ignored when `backend` is given). Default: the safe defaults. */
  policy?: PolicyConfig;
  /** Names the connector type the policy sees. Default: `${serverName}.${name}`. */
  connectorType?: (request: ToolCallRequest) => string;
  /**
   * Receives an audit record for every decision; never the sensitive values. It may be async (a database, an HTTP
   * sink): it is not awaited, and a throw or a rejection is reported (see `onCallbackError`), never fatal and never
   * a change to the decision.
   */
  onDecision?: (record: AuditRecord) => unknown;
  /**
   * The text of a block, which is what the model reads (the message of the `PolicyViolationError`). Default: what
   * was blocked and why in plain words, never the backend's URL, its error or a stack (`defaultBlockMessage`); those
   * stay on the error (`reason`, `cause`) and in the audit record. A formatter that throws or returns no text falls
   * back to the default, and the failure is reported.
   */
  formatBlockMessage?: FormatBlockMessage;
  /**
   * Told when a callback of yours (`onDecision`, `formatBlockMessage`) throws or rejects. Default: a Node process
   * warning (code `TOLLGATE_CALLBACK_FAILED`) on stderr.
   */
  onCallbackError?: CallbackFailureHandler;
  /**
   * When the backend cannot decide (unreachable, timed out, answered garbage): `false` (default) blocks the call
   * with a reason; `true` lets the call through unchecked and still emits an audit record with action `fail-open`.
   */
  failOpen?: boolean;
}

const defaultConnectorType = (request: ToolCallRequest) => `${request.serverName}.${request.name}`;

/**
 * What the interceptor itself asks of arguments before and after the backend: JSON, with bounds far above what a
 * model sends, so the backend's own limits decide; the 4-million-value bound only stops in-process values whose
 * shared references expand exponentially (they would hang every walk).
 */
const ARGS_SHAPE = { maxDepth: 1000, maxArrayItems: Number.POSITIVE_INFINITY, maxValues: 4 * 1024 * 1024 };

/** One call on its way through the policy interceptor. */
interface Call {
  readonly request: ToolCallRequest;
  readonly callId: string;
  readonly connectorType: string;
  /** The arguments the tool is called with: the caller's, or the backend's redacted copy. */
  callArgs: JsonObject;
}

/** Sets the model's tool-call id and the run context on a check request, when the call has them. */
function withCallerContext(target: InputCheckRequest | OutputCheckRequest, request: ToolCallRequest): void {
  // Assignments, not spreads: this runs twice on every call.
  if (request.toolCallId !== undefined) target.toolCallId = request.toolCallId;
  if (request.runContext !== undefined) target.runContext = request.runContext;
}

/** Errors that describe the call itself (bad arguments, bad result, limits), not a backend failure. */
function isCallError(error: unknown): error is TollgateError {
  return (
    isTollgateError(error) &&
    (error.code === "invalid_arguments" ||
      error.code === "invalid_tool_result" ||
      error.code === "limit_exceeded" ||
      error.code === "policy_violation")
  );
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** What the input check would decide on a proposed call, without making it (for the review step). */
export interface InputPreview {
  connectorType: string;
  /** `review`: a human must approve; `block`: the call will be refused anyway; `allow`: it may run. */
  outcome: "allow" | "block" | "review";
  review?: ReviewRequirement;
  /** Why it would be blocked (`outcome: "block"`). */
  reason?: string;
  /** The arguments as the policy lets them be seen: after redaction. */
  shownArgs: JsonObject;
}

/** The policy interceptor: a plain `ToolInterceptor`, plus the hooks the install uses. */
export interface TollgateInterceptor extends ToolInterceptor {
  /**
   * Runs the input check on a call the model proposed, without calling the tool or reporting a decision: the
   * review step asks it which calls need a human. A backend that cannot decide yields `allow` here (the call's own
   * check, when it runs, blocks it).
   */
  previewInput(request: ToolCallRequest): Promise<InputPreview>;
  readonly backend: PolicyBackend;
  /** Cleans tool descriptions for the model's catalogue and hands the schemas to the backend. */
  prepareTools(serverName: string, tools: readonly ToolDescriptor[]): Promise<ToolDescriptor[]>;
  /** Runs the output check on a resource, prompt or listing read through the guarded client. */
  checkContent(request: ContentCheckRequest): Promise<CallToolResult>;
  /** Turns something the install decided into an audit record for `onDecision`. */
  report(event: InstallEvent): void;
}

/**
 * Builds the policy interceptor: input check -> the tool call -> output check, with the output check's redacted
 * result returned in place of the original. Blocks throw `PolicyViolationError`.
 */
export function createToolInterceptor(options: ToolInterceptorOptions = {}): TollgateInterceptor {
  const backend = options.backend ?? new LocalPolicyEngine(options.policy);
  const resolveConnectorType = options.connectorType ?? defaultConnectorType;
  const failOpen = options.failOpen === true;
  const onDecision = options.onDecision;
  const reportFailure = callbackFailureReporter(options.onCallbackError);
  const formatBlockMessage = options.formatBlockMessage;

  const emit = (record: AuditRecord) => {
    if (onDecision) callGuarded(reportFailure, "onDecision", onDecision, record);
  };

  const blockMessage = (details: PolicyViolationDetails, backendFailed: boolean): string => {
    const input = { ...details, backendFailed };
    if (formatBlockMessage) {
      try {
        const text = formatBlockMessage(input);
        if (typeof text === "string" && text !== "") return text;
        reportFailure(
          "formatBlockMessage",
          new TypeError(`returned ${JSON.stringify(text)}, not a non-empty string`),
        );
      } catch (error) {
        reportFailure("formatBlockMessage", error);
      }
    }
    return defaultBlockMessage(input);
  };

  const resolveConnectorTypeChecked = (request: ToolCallRequest): string => {
    let connectorType: string;
    try {
      connectorType = resolveConnectorType(request);
    } catch (error) {
      // A user's resolver that throws must not let an untyped error through, nor the call.
      throw new PolicyConfigError(
        `connectorType resolver failed for ${request.serverName}.${request.name}: ${errorMessage(error)}`,
        [{ path: "", message: "the connectorType option threw" }],
        "connectorType",
        error,
      );
    }
    if (typeof connectorType !== "string" || connectorType === "") {
      throw new PolicyConfigError(
        `connectorType resolver returned ${JSON.stringify(connectorType)} for ${request.serverName}.${request.name}; expected a non-empty string`,
        [{ path: "", message: "must return a non-empty string" }],
        "connectorType",
      );
    }
    return connectorType;
  };

  // Descriptions are cleaned locally even with a remote backend: the wire protocol has no catalogue check.
  const catalogEngine =
    backend instanceof LocalPolicyEngine ? backend : new LocalPolicyEngine(options.policy);

  const prepareTools = async (
    serverName: string,
    tools: readonly ToolDescriptor[],
  ): Promise<ToolDescriptor[]> => {
    const kept: ToolDescriptor[] = [];
    for (const tool of tools) {
      const started = performance.now();
      const check = catalogEngine.checkToolDescriptor(serverName, tool);
      if (check.findings.length > 0 && onDecision) {
        emit({
          timestamp: new Date().toISOString(),
          decisionId: randomUUID(),
          callId: "",
          connectorType: `${serverName}.${tool.name}`,
          serverName,
          toolName: tool.name,
          phase: "catalog",
          action: check.tool ? "redact" : "block",
          reason: check.tool
            ? "tool description sanitized"
            : "tool dropped: its description carries instructions aimed at the model",
          ...auditFindings(check.findings),
          ruleIds: [...new Set(check.findings.map((f) => f.ruleId))],
          backend: catalogEngine.name,
          durationMs: performance.now() - started,
        });
      }
      const unsupported = check.unsupportedPatterns ?? [];
      if (unsupported.length > 0 && onDecision) {
        // The tool stays usable; its validator skips these patterns, and the audit says which and why.
        const patterns = unsupported.map((p) => `${JSON.stringify(p.pattern)} in ${p.path} (${p.reason})`);
        emit({
          timestamp: new Date().toISOString(),
          decisionId: randomUUID(),
          callId: "",
          connectorType: `${serverName}.${tool.name}`,
          serverName,
          toolName: tool.name,
          phase: "catalog",
          action: "note",
          reason: `tool ${JSON.stringify(tool.name)}: schema patterns not checked, the linear-time regex engine cannot run them: ${patterns.join("; ")}`,
          findings: [],
          counts: {},
          ruleIds: ["schema.unsupported_pattern"],
          backend: catalogEngine.name,
          durationMs: performance.now() - started,
        });
      }
      if (check.tool) kept.push(check.tool);
    }
    await backend.registerTools?.(serverName, kept);
    return kept;
  };

  /** Audit record of one decision; only called when there is a sink. */
  const record = (
    call: Call,
    phase: CheckPhase,
    started: number,
    decision: InputDecision | OutputDecision | undefined,
    action: AuditRecord["action"],
    reason?: string,
  ) => {
    const { request } = call;
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
      ...((reason ?? decision?.reason) ? { reason: reason ?? decision?.reason } : {}),
      ...auditFindings(decision?.findings ?? [], decision?.omittedFindings),
      ruleIds: decision?.ruleIds ?? [],
      ...(decision?.backend ? { backend: decision.backend } : { backend: backend.name ?? "custom" }),
      ...(decision ? { backendMs: decision.durationMs } : {}),
      durationMs: performance.now() - started,
    });
  };

  const violation = (
    call: Call,
    phase: CheckPhase,
    decision: { reason?: string; findings: Finding[]; decisionId: string; ruleIds: string[] },
    cause?: unknown,
    backendFailed = false,
  ) => {
    const details: PolicyViolationDetails = {
      phase,
      connectorType: call.connectorType,
      serverName: call.request.serverName,
      toolName: call.request.name,
      reason: decision.reason ?? "blocked by policy",
      findings: decision.findings,
      decisionId: decision.decisionId,
      ruleIds: decision.ruleIds,
    };
    return new PolicyViolationError(details, cause, blockMessage(details, backendFailed));
  };

  /** A backend that could not decide: block (default) or, if opted in, let the call through. */
  const undecided = (call: Call, phase: CheckPhase, started: number, error: unknown): "fail-open" => {
    // A cancelled call is not a backend failure: it must not fail open, and the caller wants its own reason.
    if (call.request.signal?.aborted) throw call.request.signal.reason ?? error;
    const reason = `policy backend ${backend.name ?? "custom"} could not check the ${phase}: ${errorMessage(error)}`;
    if (failOpen) {
      if (onDecision) record(call, phase, started, undefined, "fail-open", reason);
      return "fail-open";
    }
    const decisionId = `local-${call.callId}-${phase}`;
    if (onDecision) record(call, phase, started, undefined, "error", reason);
    throw violation(
      call,
      phase,
      { reason, findings: [], decisionId, ruleIds: ["backend.unavailable"] },
      error,
      true,
    );
  };

  const checkOutput = async (call: Call, raw: unknown, handlerError?: unknown): Promise<CallToolResult> => {
    const { request, connectorType } = call;
    const outStarted = onDecision ? performance.now() : 0;
    try {
      assertCallToolResult(raw, connectorType);
    } catch (error) {
      if (onDecision) record(call, "output", outStarted, undefined, "error", errorMessage(error));
      throw error;
    }
    let decision: OutputDecision;
    try {
      const checkRequest: OutputCheckRequest = {
        connectorType,
        serverName: request.serverName,
        toolName: request.name,
        callId: call.callId,
        tool: request.tool,
        signal: request.signal,
        args: call.callArgs,
        result: raw,
      };
      withCallerContext(checkRequest, request);
      decision = await traceDecision("output", connectorType, () => backend.checkOutput(checkRequest));
    } catch (error) {
      if (isCallError(error)) {
        if (onDecision) record(call, "output", outStarted, undefined, "error", error.message);
        throw error;
      }
      undecided(call, "output", outStarted, error);
      return raw;
    }
    if (!decision.allowed) {
      if (onDecision) record(call, "output", outStarted, decision, "block");
      throw violation(call, "output", decision, handlerError);
    }
    if (decision.redactedResult === undefined) {
      if (onDecision) record(call, "output", outStarted, decision, "allow");
      return raw;
    }
    try {
      assertCallToolResult(
        decision.redactedResult,
        `${connectorType} (as redacted by ${backend.name ?? "the policy backend"})`,
      );
    } catch (error) {
      const reason = `policy backend returned a redacted result that is not a valid CallToolResult: ${errorMessage(error)}`;
      if (onDecision) record(call, "output", outStarted, decision, "error", reason);
      throw violation(call, "output", { ...decision, reason }, error);
    }
    if (onDecision) {
      // Only the untrusted-content envelope changed: nothing was found, so the audit says allow.
      const changedSomething = decision.findings.some((f) => !recordsOnly(f.action));
      record(call, "output", outStarted, decision, changedSomething ? "redact" : "allow");
    }
    return decision.redactedResult;
  };

  /** A call that provably never reached its server gets its budget charges back (errors there are the store's). */
  const refundBudgets = async (decision: InputDecision | undefined): Promise<void> => {
    if (decision?.budgetCharges) await backend.refundBudgets?.(decision.budgetCharges).catch(() => {});
  };

  const tollgate: ToolInterceptor = async (request, handler) => {
    const callId = randomUUID();
    const connectorType = resolveConnectorTypeChecked(request);
    // Per-call state for the shared helpers above (closures per call cost more than the checks they wrap).
    const call: Call = { request, callId, connectorType, callArgs: request.args };

    // Input: the arguments must be a plain JSON object before any backend sees them.
    const inStarted = onDecision ? performance.now() : 0;
    const args: unknown = request.args;
    if (typeof args !== "object" || args === null || Array.isArray(args)) {
      if (onDecision) record(call, "input", inStarted, undefined, "error", "arguments are not an object");
      throw new InvalidArgumentsError(`Arguments for ${connectorType} must be a JSON object`, [
        { path: "", message: "must be an object" },
      ]);
    }
    const problem = isFlatJsonObject(args) ? undefined : inspectJson(args, ARGS_SHAPE);
    if (problem) {
      if (onDecision) record(call, "input", inStarted, undefined, "error", describeProblem(problem));
      throw new InvalidArgumentsError(
        `Arguments for ${connectorType} are not valid JSON: ${describeProblem(problem)} at ${problem.path || "/"}`,
        [{ path: problem.path, message: describeProblem(problem) }],
      );
    }

    let inputDecision: InputDecision | undefined;
    try {
      const checkRequest: InputCheckRequest = {
        connectorType,
        serverName: request.serverName,
        toolName: request.name,
        callId,
        tool: request.tool,
        signal: request.signal,
        args: request.args,
      };
      withCallerContext(checkRequest, request);
      if (request.budgetHistory) checkRequest.budgetHistory = request.budgetHistory;
      inputDecision = await traceDecision("input", connectorType, () => backend.checkInput(checkRequest));
    } catch (error) {
      if (isCallError(error)) {
        if (onDecision) record(call, "input", inStarted, undefined, "error", error.message);
        throw error;
      }
      undecided(call, "input", inStarted, error);
    }
    if (inputDecision) {
      if (!inputDecision.allowed) {
        if (onDecision) record(call, "input", inStarted, inputDecision, "block");
        throw violation(call, "input", inputDecision);
      }
      if (inputDecision.review) {
        // Runs only with a human's approval of these very arguments, recorded by the run's review step.
        const approved =
          request.toolCallId !== undefined &&
          isApproved(request.toolCallId, request.runContext, request.args);
        if (!approved) {
          const reason = `${inputDecision.review.reason}; no human approved this call (a review step, createTollgateMiddleware or createReviewNode, must run before the tools)`;
          const pending = { ...inputDecision, allowed: false, reason };
          await refundBudgets(inputDecision);
          if (onDecision) record(call, "input", inStarted, pending, "block");
          throw violation(call, "input", pending);
        }
      }
      if (inputDecision.redactedArgs !== undefined) {
        const bad = inspectJson(inputDecision.redactedArgs, ARGS_SHAPE);
        const notObject =
          typeof inputDecision.redactedArgs !== "object" ||
          inputDecision.redactedArgs === null ||
          Array.isArray(inputDecision.redactedArgs);
        if (bad || notObject) {
          const reason = "policy backend returned redacted arguments that are not a JSON object";
          await refundBudgets(inputDecision);
          if (onDecision) record(call, "input", inStarted, inputDecision, "error", reason);
          throw violation(call, "input", { ...inputDecision, reason });
        }
        call.callArgs = inputDecision.redactedArgs;
      }
      if (onDecision) {
        const action = inputDecision.redactedArgs !== undefined ? "redact" : "allow";
        const reason = inputDecision.review
          ? `approved by a human (${inputDecision.review.ruleId})`
          : undefined;
        record(call, "input", inStarted, inputDecision, action, reason);
      }
    }
    if (request.signal?.aborted) await refundBudgets(inputDecision);
    request.signal?.throwIfAborted();

    // The call. The caller's request (and its args, which the agent checkpoints) is never mutated.
    let result: CallToolResult;
    try {
      result = await handler(call.callArgs === request.args ? request : { ...request, args: call.callArgs });
      // Sent: the charge stays, whatever came back (a timeout counts as reached).
      if (inputDecision?.budgetCharges) backend.settleBudgets?.(inputDecision.budgetCharges);
    } catch (error) {
      if (inputDecision?.budgetCharges) backend.settleBudgets?.(inputDecision.budgetCharges);
      if (isTollgateError(error)) throw error;
      // A server controls its error text and the model reads it: check it like any result.
      const asResult: CallToolResult = {
        isError: true,
        content: [{ type: "text", text: errorMessage(error) }],
      };
      const checked = await checkOutput(call, asResult, error);
      const first = checked.content[0];
      throw new ToolCallError(first?.type === "text" ? first.text : "tool call failed", error);
    }
    return checkOutput(call, result);
  };

  // The preview is a second input check per proposed call: skipped where no review can come of it (a local policy
  // without review rules), which saves the work. A remote policy is not known here, so it is always asked.
  const mayReview = !(backend instanceof LocalPolicyEngine) || mayAskForReview(backend.policy);

  const previewInput = async (request: ToolCallRequest): Promise<InputPreview> => {
    const connectorType = resolveConnectorTypeChecked(request);
    if (!mayReview) return { connectorType, outcome: "allow", shownArgs: request.args };
    let decision: InputDecision;
    try {
      decision = await backend.checkInput({
        connectorType,
        serverName: request.serverName,
        toolName: request.name,
        callId: randomUUID(),
        tool: request.tool,
        signal: request.signal,
        args: request.args,
        ...(request.toolCallId ? { toolCallId: request.toolCallId } : {}),
        ...(request.runContext ? { runContext: request.runContext } : {}),
      });
    } catch (error) {
      if (isCallError(error))
        return { connectorType, outcome: "block", reason: error.message, shownArgs: {} };
      return { connectorType, outcome: "allow", shownArgs: request.args };
    }
    const shownArgs = decision.redactedArgs ?? request.args;
    if (!decision.allowed) {
      return { connectorType, outcome: "block", reason: decision.reason ?? "blocked by policy", shownArgs };
    }
    if (decision.review) return { connectorType, outcome: "review", review: decision.review, shownArgs };
    return { connectorType, outcome: "allow", shownArgs };
  };

  const checkContent = async (content: ContentCheckRequest): Promise<CallToolResult> => {
    const request: ToolCallRequest = {
      serverName: content.serverName,
      name: content.surface,
      args: content.args,
    };
    if (content.signal) request.signal = content.signal;
    const call: Call = {
      request,
      callId: randomUUID(),
      connectorType: resolveConnectorTypeChecked(request),
      callArgs: content.args,
    };
    return checkOutput(call, content.result);
  };

  const report = (event: InstallEvent): void => {
    if (!onDecision) return;
    let connectorType = `${event.serverName}.${event.toolName}`;
    try {
      connectorType = resolveConnectorTypeChecked({
        serverName: event.serverName,
        name: event.toolName,
        args: {},
      });
    } catch {
      // The note is still worth having under the default name; the call's own check reports the resolver.
    }
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
  };
  return Object.assign(tollgate, { backend, prepareTools, checkContent, report, previewInput });
}
