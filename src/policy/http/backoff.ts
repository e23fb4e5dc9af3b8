export interface BackoffOptions {
  /** Retries after the first attempt, for transport failures and HTTP 429/503 only. Default 2. */
  retries?: number;
  /** First back-off step. Default 100 ms. */
  baseDelayMs?: number;
  /** Largest back-off step (and the longest `Retry-After` honoured). Default 2000 ms. */
  maxDelayMs?: number;
}

/**
 * Exponential back-off with "equal jitter": half of each step is fixed, half random, so agents that failed
 * together do not retry together, and no retry comes back immediately.
 */
export function backoffDelay(
  attempt: number,
  options: Required<BackoffOptions>,
  random: () => number = Math.random,
): number {
  const step = Math.min(options.maxDelayMs, options.baseDelayMs * 2 ** attempt);
  return step / 2 + random() * (step / 2);
}

/** `Retry-After` as delay-seconds or an HTTP date (RFC 9110 section 10.2.3), in milliseconds. */
export function parseRetryAfter(value: string | string[] | undefined, now = Date.now()): number | undefined {
  const raw = Array.isArray(value) ? value[0] : value;
  if (raw === undefined) return undefined;
  const trimmed = raw.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}
