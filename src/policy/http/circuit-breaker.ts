export interface CircuitBreakerOptions {
  /** Consecutive failed checks that open the circuit. Default 5. */
  failureThreshold?: number;
  /** How long the circuit stays open before one probe is let through. Default 5000 ms. */
  cooldownMs?: number;
}

export type CircuitState = "closed" | "open" | "half-open";

export type CircuitTicket = { ok: true; probe: boolean } | { ok: false; retryInMs: number };

/**
 * A failing policy service is not hammered: after `failureThreshold` consecutive failures every check fails at
 * once (the interceptor blocks the call) until `cooldownMs` has passed; then exactly one check is let through as
 * a probe. Its success closes the circuit, its failure opens it for another cool-down.
 */
export class CircuitBreaker {
  readonly #threshold: number;
  readonly #cooldownMs: number;
  readonly #now: () => number;
  #failures = 0;
  #openedAt: number | undefined;
  #probing = false;

  constructor(options: CircuitBreakerOptions = {}, now: () => number = () => performance.now()) {
    this.#threshold = Math.max(1, options.failureThreshold ?? 5);
    this.#cooldownMs = Math.max(0, options.cooldownMs ?? 5000);
    this.#now = now;
  }

  get state(): CircuitState {
    if (this.#openedAt === undefined) return "closed";
    return this.#probing || this.#now() - this.#openedAt >= this.#cooldownMs ? "half-open" : "open";
  }

  get consecutiveFailures(): number {
    return this.#failures;
  }

  /** Asks to send one check. A `probe` ticket must be settled with `success`, `failure` or `neutral`. */
  acquire(): CircuitTicket {
    if (this.#openedAt === undefined) return { ok: true, probe: false };
    const waited = this.#now() - this.#openedAt;
    if (this.#probing || waited < this.#cooldownMs) {
      return { ok: false, retryInMs: Math.max(0, this.#cooldownMs - waited) };
    }
    this.#probing = true;
    return { ok: true, probe: true };
  }

  success(probe: boolean): void {
    if (probe) this.#probing = false;
    this.#failures = 0;
    this.#openedAt = undefined;
  }

  failure(probe: boolean): void {
    if (probe) {
      this.#probing = false;
      this.#openedAt = this.#now();
      return;
    }
    // Failures of checks sent before the circuit opened do not push the cool-down further out.
    if (this.#openedAt !== undefined) return;
    this.#failures++;
    if (this.#failures >= this.#threshold) this.#openedAt = this.#now();
  }

  /** The check ended without saying anything about the service (the caller aborted). */
  neutral(probe: boolean): void {
    if (probe) this.#probing = false;
  }
}
