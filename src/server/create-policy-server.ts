import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { Logger } from "pino";
import { LocalPolicyEngine } from "../engine/local-engine.js";
import type { PolicyConfig } from "../engine/policy-types.js";
import { CHECK_INPUT_PATH, CHECK_OUTPUT_PATH } from "../policy/http/wire-types.js";
import { traceCheck } from "../telemetry/check-telemetry.js";
import { createTokenCheck } from "./auth.js";
import { BodyTooLargeError, readBody } from "./read-body.js";
import { requestIdFrom } from "./request-id.js";
import { loadPino } from "./serve-deps.js";
import { ServerMetrics } from "./server-metrics.js";
import { type CheckAnswer, WireChecks, WireRequestError } from "./wire-checks.js";

export interface PolicyServerOptions {
  /** The engine that decides. Default: one built from `policy`. */
  engine?: LocalPolicyEngine;
  /** Policy for the default engine (ignored when `engine` is given). Default: the safe defaults. */
  policy?: PolicyConfig;
  /** When set, the check endpoints need `Authorization: Bearer <token>` (health endpoints never do). */
  token?: string;
  /** Largest request body accepted; larger ones get 413. Default 16 MiB (results up to the engine's 8 MiB). */
  bodyLimitBytes?: number;
  /** Structured JSON logs. Default: pino at `info` on stderr; `false` for none. */
  logger?: Logger | false;
  /** How long `close()` waits for in-flight checks before cutting connections. Default 10 s. */
  shutdownTimeoutMs?: number;
  /** `GET /metrics` in Prometheus text format; `false` turns the route off (404). */
  metrics?: PolicyServerMetricsOptions | false;
}

export interface PolicyServerMetricsOptions {
  /** Serve `/metrics` without the token (for a scraper on a private network). Default false. */
  open?: boolean;
  /** Connector types with a label of their own (the most frequent); the rest are `other`. Default 50. */
  maxConnectorTypes?: number;
  /**
   * Produces the text served instead of this server's own registry: a cluster worker asks its primary for the
   * metrics of all workers.
   */
  collect?: () => Promise<string>;
}

export interface PolicyServer {
  readonly server: Server;
  readonly engine: LocalPolicyEngine;
  /** This server's Prometheus metrics (undefined when turned off). */
  readonly metrics: ServerMetrics | undefined;
  /** The base URL once listening. */
  readonly url: string | undefined;
  /** Checks being answered right now. */
  readonly inFlight: number;
  /** Binds (default 127.0.0.1, port 0 = a free port) and resolves with the base URL. */
  listen(port?: number, host?: string): Promise<string>;
  /** Graceful: not ready, no new connections, in-flight checks finish, then the server closes. Idempotent. */
  close(): Promise<void>;
}

const JSON_TYPE = "application/json; charset=utf-8";

function send(res: ServerResponse, status: number, body: unknown, extra?: Record<string, string>): void {
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

function formatUrl(address: AddressInfo): string {
  const host = address.family === "IPv6" ? `[${address.address}]` : address.address;
  return `http://${host}:${address.port}`;
}

/**
 * The policy service: the local engine behind the check endpoints of the wire protocol, plus `/healthz` and
 * `/readyz`. It keeps no state between requests, so any number of instances can sit behind a load balancer.
 */
/** pino at `info` on stderr, written asynchronously. */
function defaultLogger(): Logger {
  const { pino } = loadPino();
  return pino({ base: { service: "tollgate" } }, pino.destination({ dest: 2, sync: false }));
}

export function createPolicyServer(options: PolicyServerOptions = {}): PolicyServer {
  const engine = options.engine ?? new LocalPolicyEngine(options.policy);
  const checks = new WireChecks(engine);
  const logger: Logger | undefined =
    options.logger === false ? undefined : (options.logger ?? defaultLogger());
  const authorized = options.token ? createTokenCheck(options.token) : undefined;
  const bodyLimit = options.bodyLimitBytes ?? 16 * 1024 * 1024;
  const shutdownTimeoutMs = options.shutdownTimeoutMs ?? 10_000;
  const metricsOptions = options.metrics === false ? undefined : (options.metrics ?? {});
  const metrics = metricsOptions
    ? new ServerMetrics(
        metricsOptions.maxConnectorTypes !== undefined
          ? { maxConnectorTypes: metricsOptions.maxConnectorTypes }
          : {},
      )
    : undefined;

  let inFlight = 0;
  let draining = false;
  let url: string | undefined;
  let idle: (() => void) | undefined;
  let closing: Promise<void> | undefined;

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const started = performance.now();
    const requestId = requestIdFrom(req.headers["x-request-id"]);
    res.setHeader("x-request-id", requestId);
    // While draining, answered connections are closed so clients move to another instance.
    if (draining) res.setHeader("connection", "close");
    const path = req.url === undefined ? "/" : req.url.split("?", 1)[0]!;
    let answer: CheckAnswer | undefined;

    const log = (status: number, extra?: Record<string, unknown>) => {
      if (!logger?.isLevelEnabled("info")) return;
      logger.info(
        {
          req_id: requestId,
          method: req.method,
          path,
          status,
          ms: Math.round((performance.now() - started) * 100) / 100,
          ...(answer?.allowed !== undefined ? { allowed: answer.allowed } : {}),
          ...(answer?.ruleIds?.length ? { rule_ids: answer.ruleIds } : {}),
          ...extra,
        },
        "request",
      );
    };

    if (path === "/healthz" || path === "/readyz") {
      if (req.method !== "GET" && req.method !== "HEAD") {
        send(res, 405, errorBody("method_not_allowed", "use GET", requestId), { allow: "GET, HEAD" });
        return;
      }
      const ready = path === "/healthz" || !draining;
      send(res, ready ? 200 : 503, { status: path === "/healthz" ? "ok" : ready ? "ready" : "draining" });
      return;
    }
    if (path === "/metrics" && metrics && metricsOptions) {
      if (req.method !== "GET" && req.method !== "HEAD") {
        send(res, 405, errorBody("method_not_allowed", "use GET", requestId), { allow: "GET, HEAD" });
        return;
      }
      if (authorized && !metricsOptions.open && !authorized(req.headers.authorization)) {
        send(res, 401, errorBody("unauthorized", "missing or wrong bearer token", requestId), {
          "www-authenticate": 'Bearer realm="tollgate"',
        });
        log(401);
        return;
      }
      let text: string;
      try {
        text = metricsOptions.collect ? await metricsOptions.collect() : await metrics.registry.metrics();
      } catch (error) {
        logger?.error({ req_id: requestId, err: error }, "metrics collection failed");
        send(res, 503, errorBody("unavailable", "metrics could not be collected", requestId));
        return;
      }
      res.writeHead(200, {
        "content-type": metrics.registry.contentType,
        "content-length": Buffer.byteLength(text),
      });
      res.end(req.method === "HEAD" ? undefined : text);
      log(200);
      return;
    }
    const isInput = path === CHECK_INPUT_PATH;
    if (!isInput && path !== CHECK_OUTPUT_PATH) {
      send(res, 404, errorBody("not_found", `no route ${path}`, requestId));
      log(404);
      return;
    }
    if (req.method !== "POST") {
      send(res, 405, errorBody("method_not_allowed", "use POST", requestId), { allow: "POST" });
      log(405);
      return;
    }
    if (authorized && !authorized(req.headers.authorization)) {
      // Drain what the client sent so the 401 reaches it on a reusable connection.
      req.resume();
      send(res, 401, errorBody("unauthorized", "missing or wrong bearer token", requestId), {
        "www-authenticate": 'Bearer realm="tollgate"',
      });
      log(401);
      return;
    }

    // In flight from here (a check still receiving its body counts) until answered.
    metrics?.checkStarted();
    let status: number;
    try {
      ({ status, answer } = await answerCheck(req, res, requestId, isInput));
    } finally {
      metrics?.checkEnded();
    }
    log(status);
  };

  const answerCheck = async (
    req: IncomingMessage,
    res: ServerResponse,
    requestId: string,
    isInput: boolean,
  ): Promise<{ status: number; answer?: CheckAnswer }> => {
    let answer: CheckAnswer;
    let raw: Buffer;
    try {
      raw = await readBody(req, bodyLimit);
    } catch (error) {
      if (error instanceof BodyTooLargeError) {
        metrics?.bodyTooLarge();
        send(res, 413, errorBody("body_too_large", error.message, requestId), { connection: "close" });
        return { status: 413 };
      }
      // The client went away mid-body: nobody to answer.
      return { status: 499 };
    }

    let body: unknown;
    try {
      body = JSON.parse(raw.toString("utf8"));
    } catch {
      send(res, 400, errorBody("bad_request", "body is not JSON", requestId));
      return { status: 400 };
    }
    const phase = isInput ? "input" : "output";
    const checkStarted = performance.now();
    try {
      answer = await traceCheck(
        "server",
        phase,
        undefined,
        () =>
          isInput ? checks.checkInput(body, requestId) : checks.checkOutput(body, requestId, raw.length),
        (a) => ({
          action: a.action ?? "error",
          ruleIds: a.ruleIds ?? [],
          ...(a.kind !== undefined ? { kind: a.kind } : {}),
          ...(a.connectorType !== undefined ? { connectorType: a.connectorType } : {}),
          ...(a.wouldHave !== undefined ? { wouldHave: a.wouldHave } : {}),
        }),
      );
      if (answer.wouldHave !== undefined) metrics?.monitored(phase, answer.wouldHave);
      metrics?.decision(
        phase,
        answer.action ?? "error",
        answer.kind ?? "none",
        answer.connectorType ?? "unknown",
        (performance.now() - checkStarted) / 1000,
      );
    } catch (error) {
      if (error instanceof WireRequestError) {
        send(res, 400, errorBody(error.code, error.message, requestId, error.issues));
        return { status: 400 };
      }
      logger?.error({ req_id: requestId, err: error }, "check failed");
      send(res, 500, errorBody("internal", "the policy check failed on the server", requestId));
      return { status: 500 };
    }
    send(res, answer.status, answer.body);
    return { status: answer.status, answer };
  };

  const server = createServer((req, res) => {
    inFlight++;
    res.once("close", () => {
      inFlight--;
      if (inFlight === 0) idle?.();
    });
    handle(req, res).catch((error: unknown) => {
      logger?.error({ err: error }, "request handler failed");
      if (!res.headersSent) send(res, 500, { error: { code: "internal", message: "internal error" } });
      else res.destroy();
    });
  });
  // Longer than common load-balancer idle timeouts, so the balancer (not us) closes idle connections.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  server.requestTimeout = 30_000;

  const close = (): Promise<void> => {
    closing ??= (async () => {
      draining = true;
      logger?.info({ in_flight: inFlight }, "draining");
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      if (inFlight > 0) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, shutdownTimeoutMs);
          timer.unref();
          idle = () => {
            clearTimeout(timer);
            resolve();
          };
        });
      }
      server.closeAllConnections();
      await closed;
      logger?.info("stopped");
      logger?.flush();
    })();
    return closing;
  };

  return {
    server,
    engine,
    metrics,
    get url() {
      return url;
    },
    get inFlight() {
      return inFlight;
    },
    listen(port = 0, host = "127.0.0.1") {
      return new Promise<string>((resolve, reject) => {
        server.once("error", reject);
        server.listen(port, host, () => {
          server.off("error", reject);
          url = formatUrl(server.address() as AddressInfo);
          logger?.info({ url }, "listening");
          resolve(url);
        });
      });
    },
    close,
  };
}
