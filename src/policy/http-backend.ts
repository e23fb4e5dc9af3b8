import { createRequire } from "node:module";
import type { BalancedPool, Pool } from "undici";
import { BackendProtocolError, BackendUnavailableError } from "../errors.js";
import type {
  InputCheckRequest,
  InputDecision,
  OutputCheckRequest,
  OutputDecision,
  PolicyBackend,
  ToolDescriptor,
} from "../shared/types.js";
import { type BackoffOptions, backoffDelay, parseRetryAfter } from "./http/backoff.js";
import { CircuitBreaker, type CircuitBreakerOptions, type CircuitState } from "./http/circuit-breaker.js";
import { type AnswerContext, inputDecisionFromWire, outputDecisionFromWire } from "./http/from-wire.js";
import { readCappedBody } from "./http/read-capped-body.js";
import { type ReplicaOptions, ReplicaSet } from "./http/replica-set.js";
import { AttemptFailure, statusFailure, transportFailure } from "./http/status-errors.js";
import { inputToWire, outputToWire } from "./http/to-wire.js";
import { CHECK_INPUT_PATH, CHECK_OUTPUT_PATH } from "./http/wire-types.js";

export type HttpPolicyAuth =
  | { type: "bearer"; token: string }
  /** AxonFlow-style client credentials, sent as HTTP Basic. */
  | { type: "basic"; clientId: string; clientSecret: string };

export interface HttpPolicyBackendOptions {
  /**
   * Where the service lives, e.g. `http://127.0.0.1:8787` (a path prefix is kept). Several URLs (replicas, same
   * path prefix) spread the checks across them with undici's `BalancedPool`; a replica whose connections fail is
   * taken out and probed back (see `replicas`), and a check that fails at the transport level is retried on another.
   */
  baseUrl: string | URL | readonly (string | URL)[];
  /** With several base URLs: when a replica is taken out and when it is probed again. */
  replicas?: ReplicaOptions;
  auth?: HttpPolicyAuth;
  /** Extra headers on every check (tenant ids, routing hints). */
  headers?: Record<string, string>;
  /** Budget for one check, retries and back-off included; also bounded by the request's abort signal. Default 3000. */
  timeoutMs?: number;
  /**
   * Bounded retries with back-off and jitter, for transport failures and HTTP 429/503 only. Default 2 retries, or
   * one per replica when there are more.
   */
  retry?: BackoffOptions;
  /** `false` turns the circuit breaker off. */
  circuitBreaker?: CircuitBreakerOptions | false;
  /** Largest answer body read; a larger one fails the check. Default 16 MiB (a redacted result can be big). */
  maxResponseBytes?: number;
  /** Keep-alive connections to the service. Default 16. */
  connections?: number;
  /** See `ToWireOptions.plainFields`. Default true (works with plain AxonFlow-style services too). */
  plainFields?: boolean;
  /**
   * Run-context keys sent with each check (`context.roles`, `configurable.tenant_id`...): pass
   * `runContextKeys(policy)` for the keys the service's policy names. Default: none (the run context stays here).
   */
  runContextKeys?: readonly string[];
  /** The backend's name in decisions and audit records. Default `http`. */
  name?: string;
}

type Answer = { status: number; body: unknown };

const DEFAULT_RETRY: Required<BackoffOptions> = { retries: 2, baseDelayMs: 100, maxDelayMs: 2000 };

function authorization(auth: HttpPolicyAuth | undefined): string | undefined {
  if (!auth) return undefined;
  if (auth.type === "bearer") return `Bearer ${auth.token}`;
  return `Basic ${Buffer.from(`${auth.clientId}:${auth.clientSecret}`, "utf8").toString("base64")}`;
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

/** Thrown (internally) when the per-check deadline passes. */
class DeadlineReached extends Error {}

/**
 * A policy backend that asks a remote policy service (`tollgate serve`, or an AxonFlow-compatible platform) over
 * HTTP. Keep-alive connections, a deadline per check that also honours the caller's abort signal, bounded retries
 * with jittered back-off, and a circuit breaker. When the service cannot answer it throws a
 * `BackendUnavailableError` / `BackendProtocolError`, which the interceptor turns into a blocked call (unless the
 * user opted into fail-open).
 */
/**
 * undici, loaded by the first backend built rather than by importing the package: it is a tenth of a second of
 * CPU, and an install with a local engine never needs it. It is CommonJS, so a synchronous require fits the
 * constructor.
 */
let undiciModule: typeof import("undici") | undefined;
function loadUndici(): typeof import("undici") {
  undiciModule ??= createRequire(import.meta.url)("undici") as typeof import("undici");
  return undiciModule;
}

export class HttpPolicyBackend implements PolicyBackend {
  readonly name: string;
  readonly #pool: Pool | BalancedPool;
  readonly #replicas: ReplicaSet | undefined;
  readonly #prefix: string;
  readonly #where: string;
  readonly #headers: Record<string, string>;
  readonly #timeoutMs: number;
  readonly #retry: Required<BackoffOptions>;
  readonly #breaker: CircuitBreaker | undefined;
  readonly #maxResponseBytes: number;
  readonly #plainFields: boolean;
  readonly #runContextKeys: string[] | undefined;
  readonly #tools = new Map<string, ToolDescriptor>();

  constructor(options: HttpPolicyBackendOptions) {
    const urls = (Array.isArray(options.baseUrl) ? options.baseUrl : [options.baseUrl]).map(
      (u: string | URL) => new URL(u),
    );
    if (urls.length === 0) throw new TypeError("HttpPolicyBackend needs at least one base URL");
    for (const url of urls) {
      if (url.protocol !== "http:" && url.protocol !== "https:") {
        throw new TypeError(`HttpPolicyBackend needs an http(s) URL, got ${url.protocol}`);
      }
    }
    const prefix = urls[0]!.pathname.replace(/\/+$/, "");
    if (urls.some((u) => u.pathname.replace(/\/+$/, "") !== prefix)) {
      throw new TypeError("HttpPolicyBackend replicas must share one path prefix");
    }
    const origins = [...new Set(urls.map((u) => u.origin))];
    this.name = options.name ?? "http";
    this.#prefix = prefix;
    this.#where = origins.length === 1 ? `${origins[0]}${prefix}` : `[${origins.join(", ")}]${prefix}`;
    const poolOptions = {
      connections: options.connections ?? 16,
      keepAliveTimeout: 30_000,
      // The per-check deadline governs; these only stop a connection from hanging forever.
      headersTimeout: 0,
      bodyTimeout: 0,
    };
    const undici = loadUndici();
    if (origins.length === 1) {
      this.#pool = new undici.Pool(origins[0]!, poolOptions);
    } else {
      const balanced = new undici.BalancedPool(origins, poolOptions);
      this.#pool = balanced;
      this.#replicas = new ReplicaSet(balanced, origins, options.replicas);
    }
    const auth = authorization(options.auth);
    this.#headers = {
      ...options.headers,
      "content-type": "application/json",
      accept: "application/json",
      ...(auth ? { authorization: auth } : {}),
    };
    this.#timeoutMs = options.timeoutMs ?? 3000;
    this.#retry = {
      ...DEFAULT_RETRY,
      // Checks have no side effects: with replicas, a failed attempt may go to each of the others.
      retries: Math.max(DEFAULT_RETRY.retries, origins.length),
      ...options.retry,
    };
    this.#breaker = options.circuitBreaker === false ? undefined : new CircuitBreaker(options.circuitBreaker);
    this.#maxResponseBytes = options.maxResponseBytes ?? 16 * 1024 * 1024;
    this.#plainFields = options.plainFields ?? true;
    this.#runContextKeys = options.runContextKeys ? [...options.runContextKeys] : undefined;
  }

  /** `closed`, `open` or `half-open`; `closed` when the breaker is off. */
  get circuitState(): CircuitState {
    return this.#breaker?.state ?? "closed";
  }

  /** With several base URLs, each replica's circuit (`open` = taken out of the pool); empty with one. */
  get replicaStates(): Record<string, CircuitState> {
    return this.#replicas?.states ?? {};
  }

  registerTools(serverName: string, tools: readonly ToolDescriptor[]): void {
    for (const tool of tools) this.#tools.set(`${serverName}\u0000${tool.name}`, tool);
  }

  async checkInput(request: InputCheckRequest): Promise<InputDecision> {
    const started = performance.now();
    const wire = inputToWire(request, {
      plainFields: this.#plainFields,
      tool: this.#toolOf(request),
      runContextKeys: this.#runContextKeys,
    });
    const answer = await this.#post(CHECK_INPUT_PATH, JSON.stringify(wire), request.signal, request.callId);
    const context = { ...this.#context(answer, started), sentProvenance: request.provenance !== undefined };
    return inputDecisionFromWire(answer.body, context, wire.statement);
  }

  async checkOutput(request: OutputCheckRequest): Promise<OutputDecision> {
    const started = performance.now();
    const wire = outputToWire(request, {
      plainFields: this.#plainFields,
      tool: this.#toolOf(request),
      runContextKeys: this.#runContextKeys,
    });
    const answer = await this.#post(CHECK_OUTPUT_PATH, JSON.stringify(wire), request.signal, request.callId);
    const context = {
      ...this.#context(answer, started),
      sentProvenance: request.provenanceSalt !== undefined,
    };
    return outputDecisionFromWire(answer.body, context, request.result);
  }

  async close(): Promise<void> {
    await this.#pool.close();
  }

  #toolOf(request: InputCheckRequest): ToolDescriptor | undefined {
    return request.tool ?? this.#tools.get(`${request.serverName}\u0000${request.toolName}`);
  }

  #context(answer: Answer, started: number): AnswerContext {
    return { status: answer.status, where: this.#where, started, backend: this.name };
  }

  /** One check: circuit breaker, then attempts with back-off until an answer, a final failure or the deadline. */
  async #post(path: string, body: string, signal: AbortSignal | undefined, callId: string): Promise<Answer> {
    signal?.throwIfAborted();
    const ticket = this.#breaker?.acquire() ?? { ok: true as const, probe: false };
    if (!ticket.ok) {
      throw new BackendUnavailableError(
        `policy service ${this.#where} is unreachable: circuit open after repeated failures; next probe in ${Math.ceil(ticket.retryInMs)} ms`,
      );
    }
    const deadline = performance.now() + this.#timeoutMs;
    // Retries keep the id: the server's logs show one check, attempted several times.
    const requestId = `${callId}${path === CHECK_INPUT_PATH ? "-in" : "-out"}`;
    let failure: AttemptFailure;
    for (let attempt = 0; ; attempt++) {
      try {
        const answer = await this.#attempt(path, body, deadline, signal, requestId);
        this.#breaker?.success(ticket.probe);
        return answer;
      } catch (error) {
        if (signal?.aborted) {
          // The caller gave up: that says nothing about the service.
          this.#breaker?.neutral(ticket.probe);
          throw new BackendUnavailableError("the policy check was aborted by the caller", signal.reason);
        }
        failure =
          error instanceof AttemptFailure
            ? error
            : error instanceof DeadlineReached
              ? new AttemptFailure(
                  new BackendUnavailableError(
                    `policy service ${this.#where} is unreachable: no answer within ${this.#timeoutMs} ms`,
                  ),
                  false,
                  true,
                )
              : transportFailure(error, this.#where);
      }
      if (!failure.retryable || attempt >= this.#retry.retries) break;
      const wait = failure.retryAfterMs ?? backoffDelay(attempt, this.#retry);
      // A Retry-After past the deadline (or past what we honour) cannot help this check.
      if (performance.now() + wait >= deadline || wait > this.#retry.maxDelayMs) break;
      try {
        await sleep(wait, signal);
      } catch (error) {
        this.#breaker?.neutral(ticket.probe);
        throw new BackendUnavailableError("the policy check was aborted by the caller", error);
      }
    }
    if (failure.unhealthy) this.#breaker?.failure(ticket.probe);
    else this.#breaker?.success(ticket.probe);
    throw failure.error;
  }

  /** One HTTP exchange. Resolves with a decision-bearing answer (2xx or 403); throws anything else. */
  async #attempt(
    path: string,
    body: string,
    deadline: number,
    signal: AbortSignal | undefined,
    requestId: string,
  ): Promise<Answer> {
    const remaining = deadline - performance.now();
    if (remaining <= 0) throw new DeadlineReached();
    this.#replicas?.admitProbes();
    const deadlineController = new AbortController();
    const timer = setTimeout(() => deadlineController.abort(new DeadlineReached()), remaining);
    // AbortSignal.any links without adding listeners to the caller's signal, which parallel tool calls share.
    const aborted = signal ? AbortSignal.any([deadlineController.signal, signal]) : deadlineController.signal;
    try {
      const response = await this.#pool.request({
        path: `${this.#prefix}${path}`,
        method: "POST",
        headers: { ...this.#headers, "x-request-id": requestId },
        body,
        signal: aborted,
      });
      const raw = await readCappedBody(
        response.body,
        this.#maxResponseBytes,
        response.headers["content-length"],
        this.#where,
      );
      const status = response.statusCode;
      const parsed = parseJson(raw);
      if ((status >= 200 && status < 300) || status === 403) {
        if (parsed === undefined) {
          const type = response.headers["content-type"] ?? "no content-type";
          throw new AttemptFailure(
            new BackendProtocolError(
              `policy service ${this.#where} answered HTTP ${status} with a body that is not JSON (${type}, ${raw.length} bytes)`,
              [{ path: "", message: "not JSON" }],
            ),
            false,
            true,
          );
        }
        return { status, body: parsed };
      }
      throw statusFailure(status, parsed, this.#where, parseRetryAfter(response.headers["retry-after"]));
    } catch (error) {
      if (deadlineController.signal.aborted) throw deadlineController.signal.reason;
      if (error instanceof BackendProtocolError) throw new AttemptFailure(error, false, true);
      throw error;
    } finally {
      clearTimeout(timer);
    }
  }
}

function parseJson(raw: Buffer): unknown {
  if (raw.length === 0) return undefined;
  try {
    return JSON.parse(raw.toString("utf8"));
  } catch {
    return undefined;
  }
}
