import type { LocalPolicyEngine } from "../engine/local-engine.js";
import { MAX_SCHEMA_DEPTH } from "../engine/schema-validator.js";
import { isTollgateError, LimitExceededError, type TollgateIssue } from "../errors.js";
import { describeWireVersion } from "../policy/http/from-wire.js";
import {
  WIRE_EXTENSION_VERSION,
  WIRE_EXTENSION_VERSIONS,
  type WireAnswer,
  type WireErrorAnswer,
  type WireExfiltrationInfo,
  type WirePolicyMatch,
} from "../policy/http/wire-types.js";
import type {
  CallToolResult,
  Finding,
  InputDecision,
  JsonObject,
  JsonValue,
  MonitorOutcome,
  OutputDecision,
  ReviewRequirement,
  ToolDescriptor,
} from "../shared/types.js";
import { type CheckAction, FINDING_ACTION_RANK, recordsOnly } from "../shared/vocabulary.js";
import { pathDeeperThan } from "./json-depth.js";
import { plainIdentity } from "./plain-identity.js";
import { type PlainOutput, plainOutput } from "./plain-output.js";
import { policiesEvaluated } from "./policies-evaluated.js";
import { ToolInterner } from "./tool-intern.js";
import { extrasFromWire, type WireExtras } from "./wire-provenance.js";

/**
 * Why a request is refused with 400: `bad_request` (the protocol is not followed), `unsupported_extension` (a
 * `tollgate` extension of a version this server does not read), `too_deep` (a tool listing nested deeper than the
 * server handles).
 */
export type WireRequestErrorCode = "bad_request" | "unsupported_extension" | "too_deep";

/** The request body does not follow the protocol (answered 400 with `code`). */
export class WireRequestError extends Error {
  constructor(
    message: string,
    readonly issues: TollgateIssue[],
    readonly code: WireRequestErrorCode = "bad_request",
  ) {
    super(message);
  }
}

/** What the HTTP layer sends, plus what it logs and measures (never values). */
export interface CheckAnswer {
  status: number;
  body: WireAnswer | WireErrorAnswer;
  allowed?: boolean;
  ruleIds?: string[];
  /** The connector type the policy saw. */
  connectorType?: string;
  /** `allow`, `redact` (something was changed), `block`, or `error` (the call itself was refused, 422). */
  action?: CheckAction;
  /** The finding kind behind the action (`none` when nothing was found). */
  kind?: string;
  /** `mode: monitor`: what enforcing would have done (the answer itself allows the call unchanged). */
  wouldHave?: MonitorOutcome["wouldHave"];
}

type Raw = Record<string, unknown>;

interface CallNames {
  /** What the policy matches on. */
  connectorType: string;
  serverName: string;
  toolName: string;
  callId: string;
  tool?: ToolDescriptor;
  /** True when the client speaks the `tollgate` extension. */
  extended: boolean;
  /** The extension's version (answers use it); 0 for a plain client. */
  version: number;
  /** The extension itself (extended clients). */
  ext?: Raw;
}

// Errors the engine raises about the call itself; the client rebuilds them so a remote refusal behaves exactly
// like a local one.
const CALL_ERROR_CODES = new Set(["invalid_arguments", "invalid_tool_result", "limit_exceeded"]);

function isObject(value: unknown): value is Raw {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * JSON levels a tool listing may nest: its schemas one level below the listing, each held to the engine's own
 * MAX_SCHEMA_DEPTH, so a schema the local path refuses with SchemaTooDeepError is a typed 400 here, never a 422 or
 * a 500 (ajv's compiler and `JSON.stringify` recurse, and overflow the stack somewhere past a thousand).
 */
export const MAX_TOOL_LISTING_DEPTH = MAX_SCHEMA_DEPTH + 1;

function invalid(path: string, message: string, code?: WireRequestErrorCode): WireRequestError {
  return new WireRequestError(`${path || "body"} ${message}`, [{ path, message }], code);
}

/**
 * The `tollgate` extension of a request, when it is one this server reads; `undefined` when the request has none
 * (absent or null: a plain client). Anything else is refused: checking it as a plain request would ignore what
 * the extension carries (the tool listing, the result to check), and the client would take the answer for a check
 * of what it sent.
 */
function readableExtension(value: unknown): Raw | undefined {
  if (value === undefined || value === null) return undefined;
  if (!isObject(value)) {
    throw invalid(
      "/tollgate",
      `must be an object with "v": ${WIRE_EXTENSION_VERSION} (or left out by a plain client)`,
      "unsupported_extension",
    );
  }
  if (!WIRE_EXTENSION_VERSIONS.some((v) => v === value.v)) {
    throw invalid(
      "/tollgate/v",
      `is ${describeWireVersion(value.v)}; this server reads versions ${WIRE_EXTENSION_VERSIONS.join(" and ")} of the tollgate extension only`,
      "unsupported_extension",
    );
  }
  return value;
}

function policyMatches(findings: readonly Finding[]): WirePolicyMatch[] {
  const byRule = new Map<string, WirePolicyMatch & { rank: number }>();
  for (const f of findings) {
    const rank = FINDING_ACTION_RANK[f.action];
    const known = byRule.get(f.ruleId);
    if (!known || rank > known.rank) {
      byRule.set(f.ruleId, {
        policy_id: f.ruleId,
        policy_name: f.ruleId,
        action: f.action,
        category: f.kind,
        rank,
      });
    }
  }
  return [...byRule.values()].map(({ rank: _rank, ...match }) => match);
}

/** Turns protocol requests into engine checks and engine decisions into protocol answers. Stateless per request. */
export class WireChecks {
  readonly #engine: LocalPolicyEngine;
  readonly #tools = new ToolInterner();
  readonly #evaluated: { input: number; output: number };

  constructor(engine: LocalPolicyEngine) {
    this.#engine = engine;
    this.#evaluated = {
      input: policiesEvaluated(engine.policy, "input"),
      output: policiesEvaluated(engine.policy, "output"),
    };
  }

  async checkInput(body: unknown, requestId: string): Promise<CheckAnswer> {
    if (!isObject(body)) throw invalid("", "must be a JSON object");
    const names = this.#names(body, this.#connectorType(body), requestId);
    let args: unknown;
    if (names.extended) {
      args = body.parameters ?? {};
    } else {
      // A plain client's text is its statement; its parameters are checked alongside.
      const { statement, parameters } = body;
      if (statement !== undefined && typeof statement !== "string")
        throw invalid("/statement", "must be a string");
      if (parameters !== undefined && !isObject(parameters))
        throw invalid("/parameters", "must be an object");
      args = {
        ...(statement !== undefined ? { statement } : {}),
        ...(parameters !== undefined ? { parameters } : {}),
      };
    }
    return this.#guard(names.connectorType, async () => {
      const decision = await this.#engine.checkInput({
        connectorType: names.connectorType,
        serverName: names.serverName,
        toolName: names.toolName,
        callId: names.callId,
        ...(names.tool ? { tool: names.tool } : {}),
        ...this.#extras(names, "input"),
        args: args as JsonObject,
      });
      return this.#inputAnswer(decision, names);
    });
  }

  async checkOutput(body: unknown, requestId: string, bodyBytes: number): Promise<CheckAnswer> {
    if (!isObject(body)) throw invalid("", "must be a JSON object");
    const names = this.#names(body, this.#connectorType(body), requestId);
    let args: JsonObject = {};
    let result: unknown;
    let plain: PlainOutput | undefined;
    if (names.extended) {
      const ext = body.tollgate as Raw;
      if (ext.result === undefined) throw invalid("/tollgate/result", "is missing");
      if (ext.args !== undefined && !isObject(ext.args)) throw invalid("/tollgate/args", "must be an object");
      result = ext.result;
      args = (ext.args ?? {}) as JsonObject;
    } else {
      const { message, response_data: rows } = body;
      if (message !== undefined && typeof message !== "string") throw invalid("/message", "must be a string");
      if (rows !== undefined && rows !== null && !Array.isArray(rows)) {
        throw invalid("/response_data", "must be an array of rows");
      }
      plain = plainOutput(message, Array.isArray(rows) ? (rows as JsonValue[]) : undefined);
      result = plain.result;
    }
    const rowCount =
      typeof body.row_count === "number"
        ? body.row_count
        : Array.isArray(body.response_data)
          ? body.response_data.length
          : 0;
    return this.#guard(names.connectorType, async () => {
      const decision = await this.#engine.checkOutput({
        connectorType: names.connectorType,
        serverName: names.serverName,
        toolName: names.toolName,
        callId: names.callId,
        ...(names.tool ? { tool: names.tool } : {}),
        ...this.#extras(names, "output"),
        args,
        result: result as CallToolResult,
      });
      return this.#outputAnswer(decision, names, plain, rowCount, bodyBytes);
    });
  }

  /** Run context (both versions) and provenance (version 2) of an extended request; nothing for a plain one. */
  #extras(names: CallNames, phase: "input" | "output"): WireExtras {
    if (names.ext === undefined) return {};
    return extrasFromWire(names.ext, names.version, phase, (path, message) => invalid(path, message));
  }

  #connectorType(body: Raw): string {
    const value = body.connector_type;
    if (typeof value !== "string" || value === "")
      throw invalid("/connector_type", "must be a non-empty string");
    return value;
  }

  #names(body: Raw, connectorType: string, requestId: string): CallNames {
    const ext = readableExtension(body.tollgate);
    if (ext !== undefined) {
      if (typeof ext.server_name !== "string" || typeof ext.tool_name !== "string") {
        throw invalid("/tollgate", "needs string server_name and tool_name");
      }
      let tool: ToolDescriptor | undefined;
      if (ext.tool !== undefined) {
        const t = ext.tool;
        if (
          !isObject(t) ||
          typeof t.name !== "string" ||
          (t.inputSchema !== undefined && !isObject(t.inputSchema)) ||
          (t.outputSchema !== undefined && !isObject(t.outputSchema))
        ) {
          throw invalid("/tollgate/tool", "must be a tool listing with a name and object schemas");
        }
        const tooDeep = pathDeeperThan(t, MAX_TOOL_LISTING_DEPTH, "/tollgate/tool");
        if (tooDeep !== undefined) {
          throw new WireRequestError(
            `/tollgate/tool is nested deeper than ${MAX_TOOL_LISTING_DEPTH} levels at ${tooDeep.length > 120 ? `${tooDeep.slice(0, 120)}...` : tooDeep}`,
            [{ path: tooDeep, message: `nested deeper than ${MAX_TOOL_LISTING_DEPTH} levels` }],
            "too_deep",
          );
        }
        tool = this.#tools.intern(t as unknown as ToolDescriptor);
      }
      return {
        // Our own client sends the connector type its local resolver chose: the policy sees the same both ways.
        connectorType,
        serverName: ext.server_name,
        toolName: ext.tool_name,
        callId: typeof ext.call_id === "string" ? ext.call_id : requestId,
        ...(tool ? { tool } : {}),
        extended: true,
        version: ext.v as number,
        ext,
      };
    }
    const identity = plainIdentity(
      connectorType,
      typeof body.tool === "string" && body.tool !== "" ? body.tool : undefined,
    );
    return { ...identity, callId: requestId, extended: false, version: 0 };
  }

  /** Engine refusals of the call itself become 422 with the error's code, so the client can rebuild it. */
  async #guard(connectorType: string, run: () => Promise<CheckAnswer>): Promise<CheckAnswer> {
    try {
      return await run();
    } catch (error) {
      if (!isTollgateError(error) || !CALL_ERROR_CODES.has(error.code)) throw error;
      const body: WireErrorAnswer = {
        error: {
          code: error.code,
          name: error.name,
          message: error.message,
          issues: [...error.issues],
          ...(error instanceof LimitExceededError ? { limit: error.limit } : {}),
        },
      };
      return { status: 422, body, connectorType, action: "error", kind: "call" };
    }
  }

  #common(
    decision: InputDecision | OutputDecision,
    phase: "input" | "output",
    redacted: boolean,
    names: CallNames,
  ): WireAnswer {
    return {
      allowed: decision.allowed,
      ...(decision.reason !== undefined ? { block_reason: decision.reason } : {}),
      decision_id: decision.decisionId,
      policies_evaluated: this.#evaluated[phase],
      policy_matches: policyMatches(decision.findings),
      redacted,
      tollgate: {
        // In the version asked in: a version-1 client reads only version-1 answers.
        v: names.version === 0 ? WIRE_EXTENSION_VERSION : names.version,
        findings: decision.findings,
        rule_ids: decision.ruleIds,
        ...(decision.omittedFindings !== undefined ? { omitted_findings: decision.omittedFindings } : {}),
        // Monitor mode: the answer allows the call unchanged; this says what enforcing would have done.
        ...(decision.monitor !== undefined ? { monitor: wireMonitor(decision.monitor) } : {}),
        duration_ms: decision.durationMs,
      },
    };
  }

  #inputAnswer(checked: InputDecision, names: CallNames): CheckAnswer {
    // A call that needs a human approval: our client pauses the run for it; a plain client cannot, so it is a block.
    const decision = checked.review && !names.extended ? asReviewBlock(checked, checked.review) : checked;
    const redactedArgs = decision.allowed ? decision.redactedArgs : undefined;
    const body = this.#common(decision, "input", redactedArgs !== undefined, names);
    // The redactor ran on this request (AxonFlow clients fail closed on a statement they cannot trust otherwise).
    body.redaction_evaluated = true;
    if (decision.review)
      body.tollgate!.review = { rule_id: decision.review.ruleId, reason: decision.review.reason };
    if (redactedArgs !== undefined) {
      // An extended client reads the structured copy; a plain one reads the statement it sent, redacted.
      if (names.extended) body.tollgate!.redacted_args = redactedArgs;
      else if (typeof redactedArgs.statement === "string") body.redacted_statement = redactedArgs.statement;
    }
    return this.#answer(decision, names, body, redactedArgs !== undefined);
  }

  #outputAnswer(
    decision: OutputDecision,
    names: CallNames,
    plain: PlainOutput | undefined,
    rowCount: number,
    bodyBytes: number,
  ): CheckAnswer {
    const redactedResult = decision.allowed ? decision.redactedResult : undefined;
    const body = this.#common(decision, "output", redactedResult !== undefined, names);
    if (decision.provenance !== undefined && names.version >= 2)
      body.tollgate!.provenance = decision.provenance;
    if (plain) {
      // A plain client reads where things were found in what it sent, not in the result we built from it.
      body.tollgate!.findings = decision.findings.map((f) => ({ ...f, path: plain.requestPath(f.path) }));
      if (body.block_reason !== undefined) {
        const paths = [...new Set(decision.findings.map((f) => f.path))].sort((a, b) => b.length - a.length);
        for (const path of paths) {
          body.block_reason = body.block_reason.replaceAll(` at ${path}`, ` at ${plain.requestPath(path)}`);
        }
      }
    }
    if (redactedResult !== undefined) {
      if (names.extended) body.tollgate!.redacted_result = redactedResult;
      else if (plain) Object.assign(body, plain.mirror(redactedResult));
    }
    const limits = this.#engine.policy.limits;
    const limit = decision.findings.find((f) => f.kind === "limit");
    const exfiltration: WireExfiltrationInfo = {
      rows_returned: rowCount,
      row_limit: limits.maxArrayItems,
      // The request body's size: an upper bound on the result's, known without serialising it again.
      bytes_returned: bodyBytes,
      byte_limit: limits.maxOutputBytes,
      exceeded: limit !== undefined,
      limit_type: limit === undefined ? "none" : limit.type === "max_array_items" ? "rows" : "bytes",
    };
    body.exfiltration_info = exfiltration;
    return this.#answer(decision, names, body, redactedResult !== undefined);
  }

  #answer(
    decision: InputDecision | OutputDecision,
    names: CallNames,
    body: WireAnswer,
    changed: boolean,
  ): CheckAnswer {
    // The finding that decided: the highest-ranked action (a block outranks any redaction).
    let top: Finding | undefined;
    for (const f of decision.findings)
      if (!top || FINDING_ACTION_RANK[f.action] > FINDING_ACTION_RANK[top.action]) top = f;
    const changedSomething = changed && decision.findings.some((f) => !recordsOnly(f.action));
    return {
      status: decision.allowed ? 200 : 403,
      body,
      allowed: decision.allowed,
      ruleIds: decision.ruleIds,
      connectorType: names.connectorType,
      action: !decision.allowed ? "block" : changedSomething ? "redact" : "allow",
      kind: top?.kind ?? "none",
      ...(decision.monitor !== undefined ? { wouldHave: decision.monitor.wouldHave } : {}),
    };
  }
}

function asReviewBlock(decision: InputDecision, review: ReviewRequirement): InputDecision {
  const { review: _dropped, redactedArgs: _unused, ...rest } = decision;
  return {
    ...rest,
    allowed: false,
    reason: `this call needs a human approval (${review.ruleId}: ${review.reason}), which this client cannot ask for`,
    ruleIds: decision.ruleIds.includes(review.ruleId)
      ? decision.ruleIds
      : [...decision.ruleIds, review.ruleId],
  };
}

function wireMonitor(monitor: MonitorOutcome): { would_have: MonitorOutcome["wouldHave"]; reason?: string } {
  return monitor.reason === undefined
    ? { would_have: monitor.wouldHave }
    : { would_have: monitor.wouldHave, reason: monitor.reason };
}
