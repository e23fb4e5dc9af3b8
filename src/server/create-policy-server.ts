import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { Logger } from "pino";
import { LocalPolicyEngine } from "../engine/local-engine.js";
import type { PolicyConfig } from "../engine/policy-types.js";
import { createTokenCheck } from "./auth.js";
import { handleRequest, type RouteContext, send } from "./routes.js";
import { loadPino } from "./serve-deps.js";
import { ServerMetrics } from "./server-metrics.js";
import { WireChecks } from "./wire-checks.js";

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

function formatUrl(address: AddressInfo): string {
  const host = address.family === "IPv6" ? `[${address.address}]` : address.address;
  return `http://${host}:${address.port}`;
}

/** pino at `info` on stderr, written asynchronously. */
function defaultLogger(): Logger {
  const { pino } = loadPino();
  return pino({ base: { service: "tollgate" } }, pino.destination({ dest: 2, sync: false }));
}

function metricsFor(options: PolicyServerMetricsOptions | undefined): ServerMetrics | undefined {
  if (!options) return undefined;
  return new ServerMetrics(
    options.maxConnectorTypes !== undefined ? { maxConnectorTypes: options.maxConnectorTypes } : {},
  );
}

/**
 * Counts requests in flight and drains them on close: not ready, no new connections, in-flight checks finish
 * (up to the timeout), then every connection is cut. `close` is idempotent.
 */
class Drain {
  inFlight = 0;
  draining = false;
  #idle: (() => void) | undefined;
  #closing: Promise<void> | undefined;

  constructor(
    private readonly server: Server,
    private readonly timeoutMs: number,
    private readonly logger: Logger | undefined,
  ) {}

  track(res: ServerResponse): void {
    this.inFlight++;
    res.once("close", () => {
      this.inFlight--;
      if (this.inFlight === 0) this.#idle?.();
    });
  }

  close(): Promise<void> {
    this.#closing ??= this.#drain();
    return this.#closing;
  }

  async #drain(): Promise<void> {
    this.draining = true;
    this.logger?.info({ in_flight: this.inFlight }, "draining");
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
    this.server.closeIdleConnections();
    if (this.inFlight > 0) await this.#untilIdle();
    this.server.closeAllConnections();
    await closed;
    this.logger?.info("stopped");
    this.logger?.flush();
  }

  #untilIdle(): Promise<void> {
    return new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, this.timeoutMs);
      timer.unref();
      this.#idle = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }
}

/**
 * The policy service: the local engine behind the check endpoints of the wire protocol, plus `/healthz`,
 * `/readyz` and `/metrics`. It keeps no state between requests, so any number of instances can sit behind a load
 * balancer.
 */
export function createPolicyServer(options: PolicyServerOptions = {}): PolicyServer {
  const engine = options.engine ?? new LocalPolicyEngine(options.policy);
  const logger = options.logger === false ? undefined : (options.logger ?? defaultLogger());
  const metricsOptions = options.metrics === false ? undefined : (options.metrics ?? {});
  const metrics = metricsFor(metricsOptions);
  const server = createServer();
  const drain = new Drain(server, options.shutdownTimeoutMs ?? 10_000, logger);
  const ctx: RouteContext = {
    checks: new WireChecks(engine),
    logger,
    authorized: options.token ? createTokenCheck(options.token) : undefined,
    bodyLimit: options.bodyLimitBytes ?? 16 * 1024 * 1024,
    metrics,
    metricsOpen: metricsOptions?.open ?? false,
    collectMetrics: metricsOptions?.collect,
    isDraining: () => drain.draining,
  };
  server.on("request", (req: IncomingMessage, res: ServerResponse) => {
    drain.track(res);
    handleRequest(ctx, req, res).catch((error: unknown) => {
      logger?.error({ err: error }, "request handler failed");
      if (!res.headersSent) send(res, 500, { error: { code: "internal", message: "internal error" } });
      else res.destroy();
    });
  });
  // Longer than common load-balancer idle timeouts, so the balancer (not us) closes idle connections.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  server.requestTimeout = 30_000;

  let url: string | undefined;
  return {
    server,
    engine,
    metrics,
    get url() {
      return url;
    },
    get inFlight() {
      return drain.inFlight;
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
    close: () => drain.close(),
  };
}
