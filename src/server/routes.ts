import type { IncomingMessage, ServerResponse } from "node:http";
import type { Logger } from "pino";
import { CHECK_INPUT_PATH, CHECK_OUTPUT_PATH } from "../policy/http/wire-types.js";
import { traceCheck } from "../telemetry/check-telemetry.js";
import { BodyTooLargeError, readBody } from "./read-body.js";
import { requestIdFrom } from "./request-id.js";
import type { ServerMetrics } from "./server-metrics.js";
import { type CheckAnswer, type WireChecks, WireRequestError } from "./wire-checks.js";

/** What every route reads: fixed when the server is created, except `draining`. */
export interface RouteContext {
  readonly checks: WireChecks;
  readonly logger: Logger | undefined;
  /** Undefined when the server has no token. */
  readonly authorized: ((header: string | undefined) => boolean) | undefined;
  readonly bodyLimit: number;
  readonly metrics: ServerMetrics | undefined;
  readonly metricsOpen: boolean;
  readonly collectMetrics: (() => Promise<string>) | undefined;
  isDraining(): boolean;
}

/** One request as the routes see it. `status` is what was answered (for the access log), once answered. */
interface Exchange {
  readonly req: IncomingMessage;
  readonly res: ServerResponse;
  readonly requestId: string;
  readonly path: string;
  status?: number;
  answer?: CheckAnswer;
}

const JSON_TYPE = "application/json; charset=utf-8";

export function send(
  res: ServerResponse,
  status: number,
  body: unknown,
  extra?: Record<string, string>,
): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    "content-type": JSON_TYPE,
    "content-length": Buffer.byteLength(text),
    ...extra,
  });
  res.end(text);
}

function errorBody(code: string, message: string, requestId: string, issues?: unknown[]) {
  return { error: { code, message, request_id: requestId, ...(issues ? { issues } : {}) } };
}

/** Answers `status` with an error body and records it for the access log. */
function refuse(ex: Exchange, status: number, code: string, message: string, extra?: Record<string, string>) {
  send(ex.res, status, errorBody(code, message, ex.requestId), extra);
  ex.status = status;
}

/**
 * Every request: an id, the route, an access-log line. Health checks are not logged (probes would drown the log);
 * everything else is, with the decision's `allowed` and rule ids when a check answered.
 */
export async function handleRequest(
  ctx: RouteContext,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const started = performance.now();
  const ex: Exchange = {
    req,
    res,
    requestId: requestIdFrom(req.headers["x-request-id"]),
    path: req.url === undefined ? "/" : req.url.split("?", 1)[0]!,
  };
  res.setHeader("x-request-id", ex.requestId);
  // While draining, answered connections are closed so clients move to another instance.
  if (ctx.isDraining()) res.setHeader("connection", "close");

  if (ex.path === "/healthz" || ex.path === "/readyz") return answerHealth(ctx, ex);
  if (ex.path === "/metrics" && ctx.metrics) await answerMetrics(ctx, ctx.metrics, ex);
  else await answerCheckRoute(ctx, ex);
  if (ex.status !== undefined) logRequest(ctx.logger, ex, started);
}

function logRequest(logger: Logger | undefined, ex: Exchange, started: number): void {
  if (!logger?.isLevelEnabled("info")) return;
  const { answer } = ex;
  logger.info(
    {
      req_id: ex.requestId,
      method: ex.req.method,
      path: ex.path,
      status: ex.status,
      ms: Math.round((performance.now() - started) * 100) / 100,
      ...(answer?.allowed !== undefined ? { allowed: answer.allowed } : {}),
      ...(answer?.ruleIds?.length ? { rule_ids: answer.ruleIds } : {}),
    },
    "request",
  );
}

function answerHealth(ctx: RouteContext, ex: Exchange): void {
  if (ex.req.method !== "GET" && ex.req.method !== "HEAD") {
    send(ex.res, 405, errorBody("method_not_allowed", "use GET", ex.requestId), { allow: "GET, HEAD" });
    return;
  }
  const live = ex.path === "/healthz";
  const ready = live || !ctx.isDraining();
  send(ex.res, ready ? 200 : 503, { status: live ? "ok" : ready ? "ready" : "draining" });
}

const BEARER_CHALLENGE = { "www-authenticate": 'Bearer realm="tollgate"' };

async function answerMetrics(ctx: RouteContext, metrics: ServerMetrics, ex: Exchange): Promise<void> {
  if (ex.req.method !== "GET" && ex.req.method !== "HEAD") {
    send(ex.res, 405, errorBody("method_not_allowed", "use GET", ex.requestId), { allow: "GET, HEAD" });
    return;
  }
  if (ctx.authorized && !ctx.metricsOpen && !ctx.authorized(ex.req.headers.authorization)) {
    return refuse(ex, 401, "unauthorized", "missing or wrong bearer token", BEARER_CHALLENGE);
  }
  let text: string;
  try {
    text = ctx.collectMetrics ? await ctx.collectMetrics() : await metrics.registry.metrics();
  } catch (error) {
    ctx.logger?.error({ req_id: ex.requestId, err: error }, "metrics collection failed");
    send(ex.res, 503, errorBody("unavailable", "metrics could not be collected", ex.requestId));
    return;
  }
  ex.res.writeHead(200, {
    "content-type": metrics.registry.contentType,
    "content-length": Buffer.byteLength(text),
  });
  ex.res.end(ex.req.method === "HEAD" ? undefined : text);
  ex.status = 200;
}

/** The two check endpoints: route, method and token, then the check itself (counted in flight while it runs). */
async function answerCheckRoute(ctx: RouteContext, ex: Exchange): Promise<void> {
  const isInput = ex.path === CHECK_INPUT_PATH;
  if (!isInput && ex.path !== CHECK_OUTPUT_PATH) return refuse(ex, 404, "not_found", `no route ${ex.path}`);
  if (ex.req.method !== "POST") return refuse(ex, 405, "method_not_allowed", "use POST", { allow: "POST" });
  if (ctx.authorized && !ctx.authorized(ex.req.headers.authorization)) {
    // Drain what the client sent so the 401 reaches it on a reusable connection.
    ex.req.resume();
    return refuse(ex, 401, "unauthorized", "missing or wrong bearer token", BEARER_CHALLENGE);
  }
  // In flight from here (a check still receiving its body counts) until answered.
  ctx.metrics?.checkStarted();
  try {
    await answerCheck(ctx, ex, isInput);
  } finally {
    ctx.metrics?.checkEnded();
  }
}

async function answerCheck(ctx: RouteContext, ex: Exchange, isInput: boolean): Promise<void> {
  const raw = await readCheckBody(ctx, ex);
  if (raw === undefined) return;
  let body: unknown;
  try {
    body = JSON.parse(raw.toString("utf8"));
  } catch {
    return refuse(ex, 400, "bad_request", "body is not JSON");
  }
  let answer: CheckAnswer;
  try {
    answer = await decide(ctx, ex.requestId, isInput, body, raw.length);
  } catch (error) {
    if (error instanceof WireRequestError) {
      send(ex.res, 400, errorBody(error.code, error.message, ex.requestId, error.issues));
      ex.status = 400;
      return;
    }
    ctx.logger?.error({ req_id: ex.requestId, err: error }, "check failed");
    return refuse(ex, 500, "internal", "the policy check failed on the server");
  }
  send(ex.res, answer.status, answer.body);
  ex.status = answer.status;
  ex.answer = answer;
}

/** The body, or undefined once answered (413) or when the client went away mid-body (499, nobody to answer). */
async function readCheckBody(ctx: RouteContext, ex: Exchange): Promise<Buffer | undefined> {
  try {
    return await readBody(ex.req, ctx.bodyLimit);
  } catch (error) {
    if (error instanceof BodyTooLargeError) {
      ctx.metrics?.bodyTooLarge();
      refuse(ex, 413, "body_too_large", error.message, { connection: "close" });
    } else {
      ex.status = 499;
    }
    return undefined;
  }
}

/** The engine's decision through the wire checks, traced and counted. */
async function decide(
  ctx: RouteContext,
  requestId: string,
  isInput: boolean,
  body: unknown,
  bodyBytes: number,
): Promise<CheckAnswer> {
  const phase = isInput ? "input" : "output";
  const started = performance.now();
  const answer = await traceCheck(
    "server",
    phase,
    undefined,
    () =>
      isInput ? ctx.checks.checkInput(body, requestId) : ctx.checks.checkOutput(body, requestId, bodyBytes),
    (a) => ({
      action: a.action ?? "error",
      ruleIds: a.ruleIds ?? [],
      ...(a.kind !== undefined ? { kind: a.kind } : {}),
      ...(a.connectorType !== undefined ? { connectorType: a.connectorType } : {}),
      ...(a.wouldHave !== undefined ? { wouldHave: a.wouldHave } : {}),
    }),
  );
  if (answer.wouldHave !== undefined) ctx.metrics?.monitored(phase, answer.wouldHave);
  ctx.metrics?.decision(
    phase,
    answer.action ?? "error",
    answer.kind ?? "none",
    answer.connectorType ?? "unknown",
    (performance.now() - started) / 1000,
  );
  return answer;
}
