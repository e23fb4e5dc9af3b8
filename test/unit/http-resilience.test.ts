import { describe, expect, it } from "vitest";
import { backoffDelay, parseRetryAfter } from "../../src/policy/http/backoff.js";
import { CircuitBreaker } from "../../src/policy/http/circuit-breaker.js";

describe("CircuitBreaker", () => {
  it("opens after N consecutive failures, lets one probe through after the cool-down, closes on its success", () => {
    let now = 0;
    const breaker = new CircuitBreaker({ failureThreshold: 3, cooldownMs: 100 }, () => now);
    for (let i = 0; i < 2; i++) breaker.failure(false);
    expect(breaker.state).toBe("closed");
    breaker.success(false);
    for (let i = 0; i < 3; i++) breaker.failure(false);
    expect(breaker.state).toBe("open");
    expect(breaker.acquire()).toEqual({ ok: false, retryInMs: 100 });
    now = 100;
    expect(breaker.acquire()).toEqual({ ok: true, probe: true });
    // Only one probe at a time.
    expect(breaker.acquire().ok).toBe(false);
    breaker.success(true);
    expect(breaker.state).toBe("closed");
    expect(breaker.acquire()).toEqual({ ok: true, probe: false });
  });

  it("a failed probe opens it for another cool-down; a neutral probe frees the slot", () => {
    let now = 0;
    const breaker = new CircuitBreaker({ failureThreshold: 1, cooldownMs: 50 }, () => now);
    breaker.failure(false);
    now = 60;
    expect(breaker.acquire()).toEqual({ ok: true, probe: true });
    breaker.failure(true);
    expect(breaker.acquire()).toEqual({ ok: false, retryInMs: 50 });
    now = 120;
    expect(breaker.acquire().ok).toBe(true);
    breaker.neutral(true);
    expect(breaker.acquire()).toEqual({ ok: true, probe: true });
  });
});

describe("back-off", () => {
  it("grows exponentially, capped, with half of each step random", () => {
    const options = { retries: 5, baseDelayMs: 100, maxDelayMs: 1000 };
    expect(backoffDelay(0, options, () => 0)).toBe(50);
    expect(backoffDelay(0, options, () => 1)).toBe(100);
    expect(backoffDelay(2, options, () => 0)).toBe(200);
    expect(backoffDelay(10, options, () => 1)).toBe(1000);
  });

  it("reads Retry-After as seconds or an HTTP date", () => {
    expect(parseRetryAfter("3")).toBe(3000);
    expect(parseRetryAfter(new Date(10_000).toUTCString(), 4_000)).toBe(6000);
    expect(parseRetryAfter("soon")).toBeUndefined();
    expect(parseRetryAfter(undefined)).toBeUndefined();
  });
});
