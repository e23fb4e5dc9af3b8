import type { BalancedPool } from "undici";
import { CircuitBreaker, type CircuitBreakerOptions, type CircuitState } from "./circuit-breaker.js";

export interface ReplicaOptions {
  /** Transport failures (refused or broken connections) that take a replica out. Default 1. */
  failureThreshold?: number;
  /** How long a replica stays out before it is let back in on probation. Default 5000 ms. */
  cooldownMs?: number;
}

// Socket-level failures that say the replica is unwell. Aborts, client-side closes and protocol errors do not.
const FAILED_CONNECTION = new Set([
  "UND_ERR_SOCKET",
  "UND_ERR_CONNECT_TIMEOUT",
  "ECONNRESET",
  "ECONNREFUSED",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
]);

function originOf(value: unknown): string | undefined {
  if (value instanceof URL) return value.origin;
  if (typeof value === "string") {
    try {
      return new URL(value).origin;
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/**
 * Several replicas of the policy service behind one undici `BalancedPool`, with a circuit breaker per replica fed
 * by the pool's connection events: a replica whose connections are refused or break is removed from the pool
 * (checks go to the others); once its cool-down has passed it is added back on probation, and the next connection
 * to it either closes its circuit (`connect`) or takes it out again (`connectionError`).
 */
export class ReplicaSet {
  readonly #pool: BalancedPool;
  readonly #breakers = new Map<string, CircuitBreaker>();
  /** Replicas taken out of the pool. */
  readonly #out = new Set<string>();
  /** Replicas let back in on probation: their next connection decides. */
  readonly #probing = new Set<string>();

  constructor(pool: BalancedPool, origins: readonly string[], options: ReplicaOptions = {}) {
    this.#pool = pool;
    const breaker: CircuitBreakerOptions = {
      failureThreshold: options.failureThreshold ?? 1,
      cooldownMs: options.cooldownMs ?? 5000,
    };
    for (const origin of origins) this.#breakers.set(origin, new CircuitBreaker(breaker));
    pool.on("connect", (origin) => this.#connected(originOf(origin)));
    pool.on("connectionError", (origin, _targets, error) => this.#failed(originOf(origin), error));
    pool.on("disconnect", (origin, _targets, error) => {
      const code = (error as { code?: unknown } | undefined)?.code;
      if (typeof code === "string" && FAILED_CONNECTION.has(code)) this.#failed(originOf(origin), error);
    });
  }

  /** Replicas in the pool now. */
  get available(): number {
    return this.#breakers.size - this.#out.size;
  }

  /** Each replica's circuit: `closed` (in), `open` (out), `half-open` (on probation). */
  get states(): Record<string, CircuitState> {
    const states: Record<string, CircuitState> = {};
    for (const [origin, breaker] of this.#breakers) {
      states[origin] = this.#probing.has(origin)
        ? "half-open"
        : this.#out.has(origin)
          ? "open"
          : breaker.state;
    }
    return states;
  }

  /** Lets every replica whose cool-down has passed back into the pool, on probation. Called before each check. */
  admitProbes(): void {
    if (this.#out.size === 0) return;
    for (const origin of this.#out) {
      const breaker = this.#breakers.get(origin)!;
      const ticket = breaker.acquire();
      if (!ticket.ok) continue;
      this.#out.delete(origin);
      this.#probing.add(origin);
      this.#pool.addUpstream(origin);
    }
  }

  #connected(origin: string | undefined): void {
    if (origin === undefined) return;
    const breaker = this.#breakers.get(origin);
    if (!breaker) return;
    const probe = this.#probing.delete(origin);
    breaker.success(probe);
  }

  #failed(origin: string | undefined, _error: unknown): void {
    if (origin === undefined || this.#out.has(origin)) return;
    const breaker = this.#breakers.get(origin);
    if (!breaker) return;
    const probe = this.#probing.delete(origin);
    breaker.failure(probe);
    if (breaker.state !== "closed") {
      this.#out.add(origin);
      // Requests already queued on it fail and are retried on another replica; new ones no longer go there.
      this.#pool.removeUpstream(origin);
    }
  }
}
