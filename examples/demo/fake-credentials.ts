/**
 * Fake credentials for the demo server, assembled at run time from pieces (see src/shared/fake-credentials.ts) so
 * that no credential-shaped literal sits in the repository. Fixed seeds keep them identical across runs, so tests
 * can assert the value never reaches the model.
 */
import * as fakes from "mcp-tollgate/testing";

/** Shaped like a classic GitHub personal access token. */
export function fakeGithubToken(): string {
  return fakes.fakeGithubToken("p", 2024);
}

/** Shaped like a live Stripe secret key. */
export function fakeStripeKey(): string {
  return fakes.fakeStripeKey("live", 4711);
}
