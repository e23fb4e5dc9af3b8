/**
 * The flow module's two steps in the local engine's checks (and so in `tollgate serve`):
 * - input: a value the user typed is the user's (its findings do not block or redact), then the flow step (task
 *   scope; on a sink call with provenance, the three provenance rules), merged into the decision;
 * - output: the result's provenance facts, from the raw result, when the request carries the thread's salt.
 */
import { InvalidArgumentsError } from "../../errors.js";
import type {
  Finding,
  InputCheckRequest,
  InputDecision,
  JsonObject,
  OutputCheckRequest,
  OutputDecision,
} from "../../shared/types.js";
import type { ConnectorTarget } from "../glob.js";
import type { ResolvedPolicy } from "../policy.js";
import { runFlowStep } from "./flow-step.js";
import { computeOutputFacts } from "./output-facts.js";
import { userOwnedFindings } from "./user-values.js";

function escapeStep(step: string): string {
  return step.replace(/~1/gu, "/").replace(/~0/gu, "~");
}

/** `copy` with the string at each pointer put back as it is in `original` (a copy-on-write path copy). */
function restore(copy: JsonObject, original: JsonObject, pointers: ReadonlySet<string>): JsonObject {
  let out = copy;
  for (const pointer of pointers) {
    const steps = pointer.split("/").slice(1).map(escapeStep);
    if (steps.length === 0) continue;
    const put = (target: unknown, source: unknown, depth: number): unknown => {
      const key = steps[depth]!;
      if (typeof source !== "object" || source === null || typeof target !== "object" || target === null)
        return target;
      const clone = (Array.isArray(target) ? [...target] : { ...target }) as Record<string, unknown>;
      const from = (source as Record<string, unknown>)[key];
      clone[key] =
        depth === steps.length - 1 ? from : put((target as Record<string, unknown>)[key], from, depth + 1);
      return clone;
    };
    out = put(out, original, 0) as JsonObject;
  }
  return out;
}

/**
 * A value the user typed is the user's: findings whose value is in `provenance.user` are dropped; where every
 * rewriting finding of a string was the user's, the string goes back to what was sent. Returns the findings kept
 * and the arguments to call with (`undefined`: unchanged).
 */
export function withoutUserValues(
  findings: Finding[],
  args: JsonObject,
  scanned: JsonObject,
  request: InputCheckRequest,
): { findings: Finding[]; scanned: JsonObject } {
  const owned = userOwnedFindings(findings, args, request.provenance);
  if (owned.size === 0) return { findings, scanned };
  const kept = findings.filter((f) => !owned.has(f));
  if (scanned === args) return { findings: kept, scanned };
  const keptPaths = new Set(
    kept.filter((f) => f.action !== "flag" && f.action !== "warn").map((f) => f.path),
  );
  const back = new Set([...owned].map((f) => f.path).filter((path) => !keptPaths.has(path)));
  const restored = back.size === 0 ? scanned : restore(scanned, args, back);
  return { findings: kept, scanned: restored };
}

/** Runs the flow step and merges it into an allowed decision (a blocked one is returned as it is). */
export function applyFlowStep(
  decision: InputDecision,
  policy: ResolvedPolicy,
  request: InputCheckRequest,
  target: ConnectorTarget,
  tool: unknown,
): InputDecision {
  if (!decision.allowed) return decision;
  let verdict: ReturnType<typeof runFlowStep>;
  try {
    verdict = runFlowStep(policy.flow, {
      ...target,
      tool,
      args: request.args,
      ...(request.runContext ? { runContext: request.runContext } : {}),
      ...(request.provenance ? { provenance: request.provenance } : {}),
    });
  } catch (error) {
    if (!(error instanceof TypeError)) throw error;
    throw new InvalidArgumentsError(`Provenance for ${request.connectorType}: ${error.message}`, [
      { path: "/provenance", message: error.message },
    ]);
  }
  if (verdict.findings.length === 0) return decision;
  const findings = [...decision.findings, ...(verdict.findings as Finding[])];
  const ruleIds = [...decision.ruleIds];
  for (const f of verdict.findings) if (!ruleIds.includes(f.ruleId)) ruleIds.push(f.ruleId);
  if (verdict.block) {
    const { redactedArgs: _dropped, review: _none, ...rest } = decision;
    return { ...rest, allowed: false, reason: verdict.block.reason, findings, ruleIds };
  }
  const out: InputDecision = { ...decision, findings, ruleIds };
  if (verdict.review) {
    out.review = decision.review
      ? { ruleId: decision.review.ruleId, reason: `${decision.review.reason}; ${verdict.review.reason}` }
      : verdict.review;
  }
  return out;
}

/**
 * The result's provenance facts onto an allowed output decision, when the request carries a salt (their values are
 * computed when first read: see `computeOutputFacts`).
 */
export function attachOutputFacts(
  decision: OutputDecision,
  policy: ResolvedPolicy,
  request: OutputCheckRequest,
  findings: readonly Finding[],
): OutputDecision {
  const salt = request.provenanceSalt;
  if (salt === undefined || !decision.allowed) return decision;
  decision.provenance = computeOutputFacts({
    connectorType: request.connectorType,
    serverName: request.serverName,
    toolName: request.toolName,
    ...(request.toolCallId !== undefined ? { toolCallId: request.toolCallId } : {}),
    result: request.result,
    findings,
    salt,
    trustedSources: policy.flow.trustedSources,
    ...(policy.flow.intentBinding ? { intent: { args: request.args } } : {}),
  });
  return decision;
}
