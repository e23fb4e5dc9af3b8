/**
 * Envelope ids come from a pool of random bytes (envelope.ts `newEnvelopeId`): 32 hex digits each, never one twice
 * across the pool's refills, and every one read back by `readEnvelope`.
 */
import { describe, expect, it } from "vitest";
import { newEnvelopeId, readEnvelope, wrapUntrusted } from "../../src/engine/scan/envelope.js";

describe("envelope ids", () => {
  it("are 32 hex digits, distinct across several refills of the pool, and read back", () => {
    const ids = Array.from({ length: 2000 }, () => newEnvelopeId());
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{32}$/);
    expect(new Set(ids).size).toBe(ids.length);
    // No two ids share a half either: each takes bytes of its own.
    expect(new Set(ids.map((id) => id.slice(0, 16))).size).toBe(ids.length);
    const wrapped = wrapUntrusted("body", "s", "t", ids[1999]!);
    expect(readEnvelope(wrapped)?.id).toBe(ids[1999]);
  });
});
