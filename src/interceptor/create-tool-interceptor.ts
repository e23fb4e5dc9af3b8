import { randomUUID } from "node:crypto";
import { LocalPolicyEngine } from "../engine/local-engine.js";
import { flowMayAskForReview, mayAskForReview, type ResolvedPolicy } from "../engine/policy.js";
import type { PolicyConfig } from "../engine/policy-types.js";
import type { RuleCoverage, ToolListing } from "../engine/rule-coverage.js";
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
import { type Auditor, type Call, createAuditor } from "./auditor.js";
import { defaultBlockMessage, type FormatBlockMessage } from "./block-message.js";
import {
  type CallbackFailureHandler,
  callbackFailureReporter,
  type ReportCallbackFailure,
} from "./callback-failure.js";
import { maskArgsForModel, maskForModel, putHandlesStep, restoreHandlesStep } from "./handle-steps.js";
import type { ContentCheckRequest, InstallEvent } from "./install-hooks.js";
import { isFlatJsonObject } from "./json-args.js";
import {
  type CheckPhase,
  type PolicyViolationDetails,
  PolicyViolationError,
} from "./policy-violation-error.js";
import { isApproved } from "./review-approvals.js";
import { ruleCoverageCheck } from "./rule-coverage-report.js";
import type { ToolCallHandler, ToolCallRequest, ToolInterceptor } from "./types.js";

export interface ToolInterceptorOptions {
  /** Where decisions come from. Default: a `LocalPolicyEngine` built from `policy`. */
  backend?: PolicyBackend;
  /**
   * The policy of the default local engine. With your own `backend` it still drives the local cleaning of tool
   * descriptions (the catalogue check), which a backend does not do. Default: the safe defaults.
   */
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

/**
 * Sets the model's tool-call id, the run context and the thread's provenance on a check request, when the call
 * has them: the facts go with an input check, the thread's (derived) salt with an output check.
 */
function withCallerContext(target: InputCheckRequest | OutputCheckRequest, request: ToolCallRequest): void {
  // Assignments, not spreads: this runs twice on every call.
  if (request.toolCallId !== undefined) target.toolCallId = request.toolCallId;
  if (request.runContext !== undefined) target.runContext = request.runContext;
  if (request.provenance === undefined) return;
  if ("result" in target) target.provenanceSalt = request.provenance.facts.salt;
  else target.provenance = request.provenance.facts;
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
  /**
   * Checks the policy's rules against the tools the install listed (rule-coverage.ts): an audit note per rule that
   * matches no listed tool, and one warning. Undefined when the backend is not the local engine.
   */
  checkRules(listing: ToolListing): RuleCoverage | undefined;
}

/** What every step of one interceptor shares: the backend, the audit, and how a block is worded. */
interface Steps {
  readonly backend: PolicyBackend;
  readonly backendName: string;
  readonly audit: Auditor;
  readonly failOpen: boolean;
  readonly connectorTypeOf: (request: ToolCallRequest) => string;
  readonly blockMessage: (details: PolicyViolationDetails, backendFailed: boolean) => string;
}

/** The text of a block: the user's formatter when it returns text, else the default (a failure is reported). */
function blockMessageStep(format: FormatBlockMessage | undefined, reportFailure: ReportCallbackFailure) {
  return (details: PolicyViolationDetails, backendFailed: boolean): string => {
    const input = { ...details, backendFailed };
    if (format) {
      try {
        const text = format(input);
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
}

/** The user's connector-type resolver, held to a non-empty string; one that throws blocks the call, typed. */
function connectorTypeStep(resolve: (request: ToolCallRequest) => string) {
  return (request: ToolCallRequest): string => {
    let connectorType: string;
    try {
      connectorType = resolve(request);
    } catch (error) {
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
}

/** The one request builder: what the backend is asked about a call, before (`input`) or after (`output`) it. */
function checkRequest(call: Call, phase: "input"): InputCheckRequest;
function checkRequest(call: Call, phase: "output", result: CallToolResult): OutputCheckRequest;
function checkRequest(
  call: Call,
  phase: "input" | "output",
  result?: CallToolResult,
): InputCheckRequest | OutputCheckRequest {
  const { request } = call;
  const base = {
    connectorType: call.connectorType,
    serverName: request.serverName,
    toolName: request.name,
    callId: call.callId,
    tool: request.tool,
    signal: request.signal,
  };
  const built: InputCheckRequest | OutputCheckRequest =
    phase === "input"
      ? { ...base, args: call.callArgs }
      : { ...base, args: call.callArgs, result: result as CallToolResult };
  withCallerContext(built, request);
  if (phase === "input" && request.budgetHistory !== undefined)
    (built as InputCheckRequest).budgetHistory = request.budgetHistory;
  return built;
}

function violation(
  steps: Steps,
  call: Call,
  phase: CheckPhase,
  decision: { reason?: string; findings: Finding[]; decisionId: string; ruleIds: string[] },
  cause?: unknown,
  backendFailed = false,
): PolicyViolationError {
  const details: PolicyViolationDetails = {
    phase,
    connectorType: call.connectorType,
    serverName: call.request.serverName,
    toolName: call.request.name,
    reason: maskForModel(call, decision.reason ?? "blocked by policy"),
    findings: decision.findings,
    decisionId: decision.decisionId,
    ruleIds: decision.ruleIds,
  };
  return new PolicyViolationError(details, cause, steps.blockMessage(details, backendFailed));
}

/** A backend that could not decide: block (default) or, if opted in, let the call through. */
function undecided(
  steps: Steps,
  call: Call,
  phase: CheckPhase,
  started: number,
  error: unknown,
): "fail-open" {
  // A cancelled call is not a backend failure: it must not fail open, and the caller wants its own reason.
  if (call.request.signal?.aborted) throw call.request.signal.reason ?? error;
  const reason = `policy backend ${steps.backendName} could not check the ${phase}: ${errorMessage(error)}`;
  if (steps.failOpen) {
    steps.audit.decision(call, phase, started, undefined, "fail-open", reason);
    return "fail-open";
  }
  steps.audit.decision(call, phase, started, undefined, "error", reason);
  const decisionId = `local-${call.callId}-${phase}`;
  throw violation(
    steps,
    call,
    phase,
    { reason, findings: [], decisionId, ruleIds: ["backend.unavailable"] },
    error,
    true,
  );
}

/** Arguments must be a plain JSON object before any backend sees them. */
function argumentsStep(steps: Steps, call: Call, started: number): void {
  const args: unknown = call.request.args;
  if (typeof args !== "object" || args === null || Array.isArray(args)) {
    steps.audit.decision(call, "input", started, undefined, "error", "arguments are not an object");
    throw new InvalidArgumentsError(`Arguments for ${call.connectorType} must be a JSON object`, [
      { path: "", message: "must be an object" },
    ]);
  }
  const problem = isFlatJsonObject(args) ? undefined : inspectJson(args, ARGS_SHAPE);
  if (problem) {
    steps.audit.decision(call, "input", started, undefined, "error", describeProblem(problem));
    throw new InvalidArgumentsError(
      `Arguments for ${call.connectorType} are not valid JSON: ${describeProblem(problem)} at ${problem.path || "/"}`,
      [{ path: problem.path, message: describeProblem(problem) }],
    );
  }
}

/** The input check: refuses, holds for a human's approval, or sets the (possibly redacted) arguments to call with. */
async function inputStep(steps: Steps, call: Call): Promise<void> {
  const started = steps.audit.now();
  argumentsStep(steps, call, started);
  restoreHandlesStep(call);
  let decision: InputDecision | undefined;
  try {
    const request = checkRequest(call, "input");
    decision = await traceDecision("input", call.connectorType, () => steps.backend.checkInput(request));
  } catch (error) {
    if (isCallError(error)) {
      steps.audit.decision(call, "input", started, undefined, "error", error.message);
      throw error;
    }
    undecided(steps, call, "input", started, error);
  }
  if (!decision) {
    call.request.signal?.throwIfAborted();
    return;
  }
  try {
    applyInputDecision(steps, call, decision, started);
    call.request.signal?.throwIfAborted();
  } catch (error) {
    // Refused after the check (no approval, bad redacted arguments) or cancelled: the call never left.
    await refundStep(steps, decision.budgetCharges);
    throw error;
  }
  if (decision.budgetCharges) call.budgetCharges = decision.budgetCharges;
}

/**
 * Gives back the budget charges (issue 20) of a call that provably never reached its server. A refund that fails
 * is the store's problem: the call is refused either way, and the charge stays spent (never an over-spend).
 */
async function refundStep(steps: Steps, charges: readonly string[] | undefined): Promise<void> {
  if (charges && charges.length > 0) await steps.backend.refundBudgets?.(charges).catch(() => {});
}

/**
 * After the handler: a call an inner interceptor refused on its input never reached the server, so its charges go
 * back; any other outcome (a result, a server error, a timeout) counts as reached and the charges stay.
 */
async function settleStep(steps: Steps, call: Call, error?: unknown): Promise<void> {
  const charges = call.budgetCharges;
  if (!charges) return;
  if (error instanceof PolicyViolationError && error.phase === "input") await refundStep(steps, charges);
  else steps.backend.settleBudgets?.(charges);
}

function applyInputDecision(steps: Steps, call: Call, decision: InputDecision, started: number): void {
  const { request } = call;
  if (!decision.allowed) {
    steps.audit.decision(call, "input", started, decision, "block");
    throw violation(steps, call, "input", decision);
  }
  if (decision.review) {
    // Runs only with a human's approval of these very arguments, recorded by the run's review step.
    const approved =
      request.toolCallId !== undefined && isApproved(request.toolCallId, request.runContext, request.args);
    if (!approved) {
      const reason = `${decision.review.reason}; no human approved this call (a review step, createTollgateMiddleware or createReviewNode, must run before the tools)`;
      const pending = { ...decision, allowed: false, reason };
      steps.audit.decision(call, "input", started, pending, "block");
      throw violation(steps, call, "input", pending);
    }
  }
  if (decision.redactedArgs !== undefined) {
    const redacted = decision.redactedArgs;
    const notObject = typeof redacted !== "object" || redacted === null || Array.isArray(redacted);
    if (inspectJson(redacted, ARGS_SHAPE) || notObject) {
      const reason = "policy backend returned redacted arguments that are not a JSON object";
      steps.audit.decision(call, "input", started, decision, "error", reason);
      throw violation(steps, call, "input", { ...decision, reason });
    }
    call.callArgs = redacted;
  }
  const action = decision.redactedArgs !== undefined ? "redact" : "allow";
  const reason = decision.review ? `approved by a human (${decision.review.ruleId})` : undefined;
  steps.audit.decision(call, "input", started, decision, action, reason);
}

/** The output check: the result as the model may read it (the backend's redacted copy, or the raw result). */
async function outputStep(
  steps: Steps,
  call: Call,
  raw: unknown,
  handlerError?: unknown,
): Promise<CallToolResult> {
  const started = steps.audit.now();
  try {
    assertCallToolResult(raw, call.connectorType);
  } catch (error) {
    steps.audit.decision(call, "output", started, undefined, "error", errorMessage(error));
    throw error;
  }
  let decision: OutputDecision;
  try {
    const request = checkRequest(call, "output", raw);
    decision = await traceDecision("output", call.connectorType, () => steps.backend.checkOutput(request));
    // The result's facts (hashes, computed before any redaction) go with the thread, whatever is decided.
    if (decision.provenance && call.request.provenance) call.request.provenance.record(decision.provenance);
  } catch (error) {
    if (isCallError(error)) {
      steps.audit.decision(call, "output", started, undefined, "error", error.message);
      throw error;
    }
    undecided(steps, call, "output", started, error);
    return raw;
  }
  return applyOutputDecision(steps, call, raw, decision, started, handlerError);
}

function applyOutputDecision(
  steps: Steps,
  call: Call,
  raw: CallToolResult,
  decision: OutputDecision,
  started: number,
  handlerError: unknown,
): CallToolResult {
  if (!decision.allowed) {
    steps.audit.decision(call, "output", started, decision, "block");
    throw violation(steps, call, "output", decision, handlerError);
  }
  if (decision.redactedResult === undefined) {
    steps.audit.decision(call, "output", started, decision, "allow");
    return raw;
  }
  try {
    assertCallToolResult(
      decision.redactedResult,
      `${call.connectorType} (as redacted by ${steps.backend.name ?? "the policy backend"})`,
    );
  } catch (error) {
    const reason = `policy backend returned a redacted result that is not a valid CallToolResult: ${errorMessage(error)}`;
    steps.audit.decision(call, "output", started, decision, "error", reason);
    throw violation(steps, call, "output", { ...decision, reason }, error);
  }
  if (steps.audit.enabled) {
    // Only the untrusted-content envelope changed: nothing was found, so the audit says allow.
    const changedSomething = decision.findings.some((f) => !recordsOnly(f.action));
    steps.audit.decision(call, "output", started, decision, changedSomething ? "redact" : "allow");
  }
  return putHandlesStep(call, raw, decision);
}

/** The tool call itself; a server's error text is a result the model reads, so it gets the output check too. */
async function callStep(steps: Steps, call: Call, handler: ToolCallHandler): Promise<CallToolResult> {
  const { request } = call;
  let result: CallToolResult;
  try {
    // The caller's request (and its args, which the agent checkpoints) is never mutated.
    result = await handler(call.callArgs === request.args ? request : { ...request, args: call.callArgs });
  } catch (error) {
    await settleStep(steps, call, error);
    if (isTollgateError(error)) throw error;
    const asResult: CallToolResult = {
      isError: true,
      content: [{ type: "text", text: errorMessage(error) }],
    };
    const checked = await outputStep(steps, call, asResult, error);
    const first = checked.content[0];
    throw new ToolCallError(first?.type === "text" ? first.text : "tool call failed", error);
  }
  await settleStep(steps, call);
  return outputStep(steps, call, result);
}

/** What the catalogue check needs of an engine; a local engine has it, any backend may. */
interface DescriptorChecker {
  readonly name: string;
  checkToolDescriptor: LocalPolicyEngine["checkToolDescriptor"];
}

function isDescriptorChecker(backend: unknown): backend is DescriptorChecker {
  return typeof (backend as Partial<DescriptorChecker>).checkToolDescriptor === "function";
}

/** The resolved policy a backend exposes (a local engine does), or undefined (a remote policy is not known here). */
function knownPolicy(backend: PolicyBackend): ResolvedPolicy | undefined {
  const policy = (backend as { policy?: unknown }).policy;
  return typeof policy === "object" && policy !== null && "capabilities" in policy
    ? (policy as ResolvedPolicy)
    : undefined;
}

/** Cleans tool descriptions for the model's catalogue (locally, even with a remote backend) and registers them. */
function catalogStep(steps: Steps, catalogEngine: DescriptorChecker) {
  return async (serverName: string, tools: readonly ToolDescriptor[]): Promise<ToolDescriptor[]> => {
    const kept: ToolDescriptor[] = [];
    for (const tool of tools) {
      const started = performance.now();
      const check = catalogEngine.checkToolDescriptor(serverName, tool);
      const where = { connectorType: `${serverName}.${tool.name}`, serverName, toolName: tool.name };
      if (check.findings.length > 0 && steps.audit.enabled) {
        // Monitor mode: the listing was kept as the server wrote it; the record says what would have been done.
        const monitored = check.monitor?.wouldHave === "redact" || check.monitor?.wouldHave === "block";
        const cleaned = monitored ? check.monitor?.wouldHave === "redact" : check.tool !== undefined;
        steps.audit.catalog({
          ...where,
          ...(monitored
            ? { action: "allow", monitor: true, wouldHave: cleaned ? "redact" : "block" }
            : { action: cleaned ? "redact" : "block" }),
          reason: cleaned
            ? "tool description sanitized"
            : "tool dropped: its description carries instructions aimed at the model",
          ...auditFindings(check.findings),
          ruleIds: [...new Set(check.findings.map((f) => f.ruleId))],
          backend: catalogEngine.name,
          durationMs: performance.now() - started,
        });
      }
      const unsupported = check.unsupportedPatterns ?? [];
      if (unsupported.length > 0 && steps.audit.enabled) {
        // The tool stays usable; its validator skips these patterns, and the audit says which and why.
        const patterns = unsupported.map((p) => `${JSON.stringify(p.pattern)} in ${p.path} (${p.reason})`);
        steps.audit.catalog({
          ...where,
          action: "note",
          reason: `tool ${JSON.stringify(tool.name)}: schema patterns not checked, the linear-time regex engine cannot run them: ${patterns.join("; ")}`,
          ruleIds: ["schema.unsupported_pattern"],
          backend: catalogEngine.name,
          durationMs: performance.now() - started,
        });
      }
      if (check.tool) kept.push(check.tool);
    }
    await steps.backend.registerTools?.(serverName, kept);
    return kept;
  };
}

/** The input check of a proposed call, without calling the tool or reporting a decision (the review step). */
function previewStep(steps: Steps, policy: ResolvedPolicy | undefined) {
  // The preview is a second input check per proposed call: skipped where no review can come of it (a known policy
  // without review rules, on a call without provenance for its flow rules). A remote policy is always asked.
  // A known policy in monitor mode never asks for a review (its decisions carry none): no preview either.
  const monitoring = policy?.mode === "monitor";
  const capabilityReview = !monitoring && (policy === undefined || mayAskForReview(policy));
  const flowReview = !monitoring && (policy === undefined || flowMayAskForReview(policy));
  return async (request: ToolCallRequest): Promise<InputPreview> => {
    const connectorType = steps.connectorTypeOf(request);
    if (!capabilityReview && !(flowReview && request.provenance)) {
      return { connectorType, outcome: "allow", shownArgs: request.args };
    }
    let decision: InputDecision;
    const call: Call = { request, callId: randomUUID(), connectorType, callArgs: request.args };
    try {
      restoreHandlesStep(call);
      // A preview never calls the tool: it charges no budget (and a backend that charged anyway is refunded).
      decision = await steps.backend.checkInput({ ...checkRequest(call, "input"), dryRun: true });
      await refundStep(steps, decision.budgetCharges);
    } catch (error) {
      if (isCallError(error))
        return { connectorType, outcome: "block", reason: maskForModel(call, error.message), shownArgs: {} };
      return { connectorType, outcome: "allow", shownArgs: request.args };
    }
    // What the human is shown is checkpointed with the interrupt: values put back for handles show as handles.
    const shownArgs = maskArgsForModel(call, decision.redactedArgs ?? call.callArgs);
    if (!decision.allowed) {
      const reason = maskForModel(call, decision.reason ?? "blocked by policy");
      return { connectorType, outcome: "block", reason, shownArgs };
    }
    if (decision.review) {
      const review = { ...decision.review, reason: maskForModel(call, decision.review.reason) };
      return { connectorType, outcome: "review", review, shownArgs };
    }
    return { connectorType, outcome: "allow", shownArgs };
  };
}

/**
 * Builds the policy interceptor: input check -> the tool call -> output check, with the output check's redacted
 * result returned in place of the original. Blocks throw `PolicyViolationError`.
 */
export function createToolInterceptor(options: ToolInterceptorOptions = {}): TollgateInterceptor {
  const backend = options.backend ?? new LocalPolicyEngine(options.policy);
  const backendName = backend.name ?? "custom";
  const reportFailure = callbackFailureReporter(options.onCallbackError);
  const steps: Steps = {
    backend,
    backendName,
    audit: createAuditor(options.onDecision, reportFailure, backendName),
    failOpen: options.failOpen === true,
    connectorTypeOf: connectorTypeStep(options.connectorType ?? defaultConnectorType),
    blockMessage: blockMessageStep(options.formatBlockMessage, reportFailure),
  };
  // Descriptions are cleaned locally even with a remote backend: the wire protocol has no catalogue check.
  const catalogEngine = isDescriptorChecker(backend) ? backend : new LocalPolicyEngine(options.policy);

  const tollgate: ToolInterceptor = async (request, handler) => {
    const connectorType = steps.connectorTypeOf(request);
    const call: Call = { request, callId: randomUUID(), connectorType, callArgs: request.args };
    await inputStep(steps, call);
    return callStep(steps, call, handler);
  };

  const checkContent = async (content: ContentCheckRequest): Promise<CallToolResult> => {
    const request: ToolCallRequest = {
      serverName: content.serverName,
      name: content.surface,
      args: content.args,
    };
    if (content.signal) request.signal = content.signal;
    const connectorType = steps.connectorTypeOf(request);
    return outputStep(
      steps,
      { request, callId: randomUUID(), connectorType, callArgs: content.args },
      content.result,
    );
  };

  const report = (event: InstallEvent): void => {
    if (!steps.audit.enabled) return;
    let connectorType = `${event.serverName}.${event.toolName}`;
    try {
      connectorType = steps.connectorTypeOf({ serverName: event.serverName, name: event.toolName, args: {} });
    } catch {
      // The note is still worth having under the default name; the call's own check reports the resolver.
    }
    steps.audit.event(event, connectorType);
  };
  const checkRules = ruleCoverageCheck({
    policy: knownPolicy(backend),
    connectorType: options.connectorType ?? defaultConnectorType,
    report,
    onCallbackError: options.onCallbackError,
  });

  return Object.assign(tollgate, {
    backend,
    prepareTools: catalogStep(steps, catalogEngine),
    checkContent,
    report,
    previewInput: previewStep(steps, knownPolicy(backend)),
    checkRules,
  });
}
