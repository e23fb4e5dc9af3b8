import {
  BackendProtocolError,
  BackendUnavailableError,
  InvalidArgumentsError,
  InvalidToolResultError,
  LimitExceededError,
  type TollgateError,
  type TollgateIssue,
} from "../../errors.js";

/** One failed attempt, and how the backend should treat it. */
export class AttemptFailure {
  constructor(
    readonly error: TollgateError,
    /** Transport failures and HTTP 429/503 only; never 401/403. */
    readonly retryable: boolean,
    /** Counts toward opening the circuit (the service is unwell), as opposed to a problem with this one call. */
    readonly unhealthy: boolean,
    readonly retryAfterMs?: number,
  ) {}
}

function issuesOf(value: unknown): TollgateIssue[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((i) =>
    typeof i === "object" && i !== null && typeof i.path === "string" && typeof i.message === "string"
      ? [{ path: i.path, message: i.message }]
      : [],
  );
}

/**
 * A tollgate server answers 422 when the engine refused the call itself (arguments or result not acceptable, a
 * limit passed). Those are rebuilt as the same error classes the local engine throws, so the interceptor treats a
 * remote refusal exactly like a local one.
 */
function callError(body: unknown): TollgateError | undefined {
  const error = typeof body === "object" && body !== null ? (body as { error?: unknown }).error : undefined;
  if (typeof error !== "object" || error === null) return undefined;
  const { code, message, limit, issues } = error as Record<string, unknown>;
  if (typeof message !== "string") return undefined;
  const list = issuesOf(issues);
  switch (code) {
    case "invalid_arguments":
      return new InvalidArgumentsError(message, list);
    case "invalid_tool_result":
      return new InvalidToolResultError(message, list);
    case "limit_exceeded":
      return new LimitExceededError(typeof limit === "string" ? limit : "remote", message, list);
    default:
      return undefined;
  }
}

function serverMessage(body: unknown): string {
  const error = typeof body === "object" && body !== null ? (body as { error?: unknown }).error : undefined;
  const message =
    typeof error === "object" && error !== null ? (error as { message?: unknown }).message : undefined;
  // The reason reaches the model: keep a server's text short and on one line.
  return typeof message === "string" ? `: ${message.replace(/\s+/g, " ").slice(0, 200)}` : "";
}

/** Maps an HTTP status other than 2xx and 403 to the error the check fails with. */
export function statusFailure(
  status: number,
  body: unknown,
  where: string,
  retryAfterMs: number | undefined,
): AttemptFailure {
  if (status === 401) {
    return new AttemptFailure(
      new BackendUnavailableError(
        `policy service ${where} rejected our credentials (HTTP 401); check the token or client secret`,
      ),
      false,
      true,
    );
  }
  if (status === 413) {
    return new AttemptFailure(
      new LimitExceededError(
        "policyServiceBodyLimit",
        `policy service ${where} refused the check: the request is over its body size limit (HTTP 413)`,
        [{ path: "", message: "request body too large for the policy service" }],
      ),
      false,
      false,
    );
  }
  if (status === 422) {
    const error = callError(body);
    if (error) return new AttemptFailure(error, false, false);
  }
  if (status === 429 || status === 503) {
    return new AttemptFailure(
      new BackendUnavailableError(
        `policy service ${where} is unavailable (HTTP ${status}${status === 429 ? ", rate limited" : ""})${serverMessage(body)}`,
      ),
      true,
      true,
      retryAfterMs,
    );
  }
  if (status >= 500) {
    return new AttemptFailure(
      new BackendUnavailableError(
        `policy service ${where} failed to answer (HTTP ${status})${serverMessage(body)}`,
      ),
      false,
      true,
    );
  }
  return new AttemptFailure(
    new BackendProtocolError(
      `policy service ${where} refused the check (HTTP ${status})${serverMessage(body)}`,
      [{ path: "", message: `unexpected HTTP ${status}` }],
    ),
    false,
    true,
  );
}

/** Network-level failures (no HTTP answer at all): always retryable, always unhealthy. */
export function transportFailure(error: unknown, where: string): AttemptFailure {
  const code = (error as { code?: unknown })?.code;
  const detail = typeof code === "string" ? code : error instanceof Error ? error.message : String(error);
  return new AttemptFailure(
    new BackendUnavailableError(`policy service ${where} is unreachable (${detail})`, error),
    true,
    true,
  );
}
