import { randomUUID } from "node:crypto";
import { BackendProtocolError } from "../../errors.js";
import { isToolOutputFacts } from "../../shared/provenance.js";
import type {
  CallToolResult,
  Finding,
  InputDecision,
  JsonObject,
  JsonValue,
  MonitorOutcome,
  OutputDecision,
} from "../../shared/types.js";
import { FINDING_ACTIONS, FINDING_KINDS, type FindingKind } from "../../shared/vocabulary.js";
import { applyPlainRedaction } from "./plain-redaction.js";
import { WIRE_EXTENSION_VERSION, WIRE_EXTENSION_VERSIONS, type WireAnswerExtension } from "./wire-types.js";

// Derived from the rule registry's kinds, so a new kind is readable on the wire without a second list.
const KINDS: ReadonlySet<string> = new Set<string>(FINDING_KINDS);
const ACTIONS: ReadonlySet<string> = new Set<string>(FINDING_ACTIONS);

type Raw = Record<string, unknown>;

function isObject(value: unknown): value is Raw {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function bad(where: string, path: string, message: string): BackendProtocolError {
  return new BackendProtocolError(`policy service ${where} sent an unreadable answer: ${path} ${message}`, [
    { path, message },
  ]);
}

function readFinding(value: unknown, path: string, where: string): Finding {
  if (!isObject(value)) throw bad(where, path, "is not an object");
  const { kind, type, path: at, start, end, ruleId, action, message } = value;
  if (typeof kind !== "string" || !KINDS.has(kind)) throw bad(where, `${path}/kind`, "is not a known kind");
  if (typeof action !== "string" || !ACTIONS.has(action))
    throw bad(where, `${path}/action`, "is not a known action");
  if (typeof type !== "string" || typeof at !== "string" || typeof ruleId !== "string") {
    throw bad(where, path, "needs string type, path and ruleId");
  }
  if ((start !== undefined && typeof start !== "number") || (end !== undefined && typeof end !== "number")) {
    throw bad(where, path, "has non-numeric offsets");
  }
  // Field by field: nothing else a service sends is carried further (a finding must never carry a value).
  return {
    kind: kind as FindingKind,
    type,
    path: at,
    ...(start !== undefined ? { start } : {}),
    ...(end !== undefined ? { end } : {}),
    ruleId,
    action: action as Finding["action"],
    ...(typeof message === "string" ? { message } : {}),
  };
}

/**
 * A `tollgate.v` someone sent, for an error message: short whatever was sent (a megabyte string, a value nested
 * too deep to serialise).
 */
export function describeWireVersion(v: unknown): string {
  if (v === undefined) return "missing";
  if (typeof v === "number" || typeof v === "boolean" || v === null) return String(v);
  if (typeof v === "string") return JSON.stringify(v.length > 40 ? `${v.slice(0, 40)}...` : v);
  return Array.isArray(v) ? "an array" : "an object";
}

function readExtension(value: unknown, where: string): WireAnswerExtension | undefined {
  // Absent (or null): a plain service's answer, read from the plain fields.
  if (value === undefined || value === null) return undefined;
  // Any other extension is one we cannot read: the service checked something we cannot see (findings, redacted
  // copies), so its plain fields are not an answer to trust. The check fails (closed).
  if (!isObject(value)) throw bad(where, "/tollgate", `is not an object with "v": ${WIRE_EXTENSION_VERSION}`);
  const version = WIRE_EXTENSION_VERSIONS.find((v) => v === value.v);
  if (version === undefined) {
    throw bad(
      where,
      "/tollgate/v",
      `is ${describeWireVersion(value.v)}, a version of the tollgate extension this client does not read (it reads ${WIRE_EXTENSION_VERSIONS.join(" and ")})`,
    );
  }
  if (!Array.isArray(value.findings)) throw bad(where, "/tollgate/findings", "is not an array");
  const findings = value.findings.map((f, i) => readFinding(f, `/tollgate/findings/${i}`, where));
  const ruleIds = value.rule_ids;
  if (!Array.isArray(ruleIds) || !ruleIds.every((r) => typeof r === "string")) {
    throw bad(where, "/tollgate/rule_ids", "is not an array of strings");
  }
  const ext: WireAnswerExtension = { v: version, findings, rule_ids: ruleIds };
  if (value.provenance !== undefined) {
    if (!isToolOutputFacts(value.provenance))
      throw bad(where, "/tollgate/provenance", "is not { server, tool, values: [{ kind, h }], injection }");
    ext.provenance = value.provenance;
  }
  if (value.omitted_findings !== undefined) ext.omitted_findings = readOmitted(value.omitted_findings, where);
  if (value.redacted_args !== undefined) {
    if (!isObject(value.redacted_args)) throw bad(where, "/tollgate/redacted_args", "is not an object");
    ext.redacted_args = value.redacted_args as JsonObject;
  }
  if (value.review !== undefined) {
    const review = value.review;
    if (!isObject(review) || typeof review.rule_id !== "string" || typeof review.reason !== "string")
      throw bad(where, "/tollgate/review", "is not { rule_id, reason } strings");
    ext.review = { rule_id: review.rule_id, reason: review.reason };
  }
  if (value.monitor !== undefined) ext.monitor = readMonitor(value.monitor, where);
  if (value.redacted_result !== undefined) {
    if (!isObject(value.redacted_result)) throw bad(where, "/tollgate/redacted_result", "is not an object");
    ext.redacted_result = value.redacted_result as unknown as CallToolResult;
  }
  return ext;
}

const WOULD_HAVE = new Set(["allow", "block", "redact", "review"]);

/** `{ would_have, reason? }`: what a service in monitor mode would have done. */
function readMonitor(value: unknown, where: string): NonNullable<WireAnswerExtension["monitor"]> {
  if (!isObject(value) || typeof value.would_have !== "string" || !WOULD_HAVE.has(value.would_have))
    throw bad(where, "/tollgate/monitor", "is not { would_have: allow | block | redact | review, reason? }");
  if (value.reason !== undefined && typeof value.reason !== "string")
    throw bad(where, "/tollgate/monitor/reason", "is not a string");
  const wouldHave = value.would_have as NonNullable<WireAnswerExtension["monitor"]>["would_have"];
  return value.reason === undefined
    ? { would_have: wouldHave }
    : { would_have: wouldHave, reason: value.reason };
}

/** `{ ruleId: count }` of positive integers. */
function readOmitted(value: unknown, where: string): Record<string, number> {
  const path = "/tollgate/omitted_findings";
  if (!isObject(value)) throw bad(where, path, "is not an object");
  const out: Record<string, number> = {};
  for (const [ruleId, count] of Object.entries(value)) {
    if (typeof count !== "number" || !Number.isSafeInteger(count) || count < 1)
      throw bad(where, `${path}/${ruleId}`, "is not a positive integer");
    Object.defineProperty(out, ruleId, {
      value: count,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return out;
}

function findingKindOf(id: string, category: unknown): FindingKind {
  const prefix = id.split(".", 1)[0] ?? "";
  if (KINDS.has(prefix)) return prefix as FindingKind;
  if (typeof category === "string" && KINDS.has(category)) return category as FindingKind;
  // A plain service's own policy: the closest of our kinds is a permission rule.
  return "capability";
}

function findingActionOf(action: unknown, allowed: boolean): Finding["action"] {
  if (typeof action === "string") {
    const a = action.toLowerCase();
    if (ACTIONS.has(a)) return a as Finding["action"];
    if (a === "deny" || a === "reject") return "block";
    if (a === "log" || a === "audit" || a === "alert") return "warn";
    if (a === "mask") return "redact";
  }
  return allowed ? "flag" : "block";
}

/** A plain service only names the policies that matched; each becomes a finding on the whole payload. */
function findingsFromMatches(value: unknown, allowed: boolean, where: string): Finding[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw bad(where, "/policy_matches", "is not an array");
  return value.map((m, i) => {
    if (!isObject(m) || typeof m.policy_id !== "string") {
      throw bad(where, `/policy_matches/${i}`, "needs a string policy_id");
    }
    return {
      kind: findingKindOf(m.policy_id, m.category),
      type: typeof m.policy_name === "string" ? m.policy_name : m.policy_id,
      path: "",
      ruleId: m.policy_id,
      action: findingActionOf(m.action, allowed),
    };
  });
}

/** The fields every decision has (PolicyDecision without its redacted payload); the backend is always named. */
type Common = Omit<InputDecision, "redactedArgs"> & { backend: string };

function readCommon(
  body: unknown,
  context: AnswerContext,
): { common: Common; raw: Raw; ext: WireAnswerExtension | undefined } {
  const { status, where, started, backend } = context;
  if (!isObject(body)) throw bad(where, "", "is not a JSON object");
  if (typeof body.allowed !== "boolean") throw bad(where, "/allowed", "is missing or not a boolean");
  if (body.block_reason !== undefined && typeof body.block_reason !== "string") {
    throw bad(where, "/block_reason", "is not a string");
  }
  // HTTP 403 is a block whatever the body says; a contradicting body must not open the gate.
  const allowed = status !== 403 && body.allowed;
  const ext = readExtension(body.tollgate, where);
  // Provenance sent to a service that answers in another version was not read: that answer is no check of it.
  if (context.sentProvenance && ext?.v !== WIRE_EXTENSION_VERSION) {
    throw bad(
      where,
      "/tollgate/v",
      `is ${describeWireVersion(ext?.v)}, but the request carried provenance, which only version ${WIRE_EXTENSION_VERSION} reads`,
    );
  }
  const findings = ext ? ext.findings : findingsFromMatches(body.policy_matches, allowed, where);
  const reason =
    typeof body.block_reason === "string" && body.block_reason !== ""
      ? body.block_reason
      : allowed
        ? undefined
        : "blocked by the policy service";
  return {
    common: {
      allowed,
      ...(reason !== undefined ? { reason } : {}),
      findings,
      ruleIds: ext ? ext.rule_ids : [...new Set(findings.map((f) => f.ruleId))],
      ...(ext?.omitted_findings !== undefined ? { omittedFindings: ext.omitted_findings } : {}),
      ...(ext?.monitor !== undefined ? { monitor: monitorOf(ext.monitor) } : {}),
      decisionId:
        typeof body.decision_id === "string" && body.decision_id !== ""
          ? body.decision_id
          : `http-${randomUUID()}`,
      durationMs: performance.now() - started,
      backend,
    },
    raw: body,
    ext,
  };
}

function monitorOf(wire: NonNullable<WireAnswerExtension["monitor"]>): MonitorOutcome {
  return wire.reason === undefined
    ? { wouldHave: wire.would_have }
    : { wouldHave: wire.would_have, reason: wire.reason };
}

function nothingToApply(where: string): BackendProtocolError {
  // Forwarding the original would leak what the service meant to remove: fail closed.
  return bad(where, "/redacted", "is true but the answer carries no redacted data");
}

export interface AnswerContext {
  /** The request carried provenance (or a provenance salt): only a version-2 answer read it. */
  sentProvenance?: boolean;
  status: number;
  where: string;
  started: number;
  backend: string;
}

export function inputDecisionFromWire(
  body: unknown,
  context: AnswerContext,
  sentStatement: string | undefined,
): InputDecision {
  const { common: decided, raw, ext } = readCommon(body, context);
  if (!decided.allowed) return decided;
  const common: InputDecision = ext?.review
    ? { ...decided, review: { ruleId: ext.review.rule_id, reason: ext.review.reason } }
    : decided;
  if (ext?.redacted_args) return { ...common, redactedArgs: ext.redacted_args };
  const statement = raw.redacted_statement;
  if (typeof statement === "string" && statement !== sentStatement) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(statement);
    } catch {
      parsed = undefined;
    }
    if (!isObject(parsed)) {
      throw bad(context.where, "/redacted_statement", "is not the arguments object as JSON");
    }
    return { ...common, redactedArgs: parsed as JsonObject };
  }
  if (raw.redacted === true && ext === undefined && statement === undefined)
    throw nothingToApply(context.where);
  return common;
}

export function outputDecisionFromWire(
  body: unknown,
  context: AnswerContext,
  original: CallToolResult,
): OutputDecision {
  const { common: decided, raw, ext } = readCommon(body, context);
  if (!decided.allowed) return decided;
  const common: OutputDecision = ext?.provenance ? { ...decided, provenance: ext.provenance } : decided;
  if (ext?.redacted_result) return { ...common, redactedResult: ext.redacted_result };
  const message = raw.redacted_message;
  const data = raw.redacted_data;
  // A service that mirrored our `message` in `redacted_data` answers the rows in their own field.
  const rows = (raw as { redacted_response_data?: unknown }).redacted_response_data;
  if (message !== undefined && typeof message !== "string") {
    throw bad(context.where, "/redacted_message", "is not a string");
  }
  if (rows !== undefined && !Array.isArray(rows)) {
    throw bad(context.where, "/redacted_response_data", "is not an array of rows");
  }
  if (message !== undefined || (data !== undefined && data !== null) || rows !== undefined) {
    let redactedResult = applyPlainRedaction(original, {
      ...(message !== undefined ? { redactedMessage: message } : {}),
      ...(data !== undefined && data !== null ? { redactedData: data as JsonValue } : {}),
    });
    if (rows !== undefined)
      redactedResult = applyPlainRedaction(redactedResult, { redactedData: rows as JsonValue });
    return { ...common, redactedResult };
  }
  if (raw.redacted === true && ext === undefined) throw nothingToApply(context.where);
  return common;
}
