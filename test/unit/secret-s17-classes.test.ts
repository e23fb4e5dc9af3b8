/**
 * Session 17's secret classes: Azure App Service's Key Vault reference (`@Microsoft.KeyVault(...)`) is where a secret
 * lives, not the secret; and the stand-in-body policy, kept: a vendor prefix with its token's structure does not vouch
 * for a body of one repeated character or of zeros (issue 16 lists placeholder keys as false positives), while the
 * same prefix with a generated body is read. Values are built from pieces.
 */
import { describe, expect, it } from "vitest";
import { AN, j, run } from "../helpers/fake-pieces.js";
import { secretsFound } from "../helpers/secret-matches.js";

const found = secretsFound;
const KV = j("@Microsoft.", "KeyVault(");

describe("an Azure Key Vault reference is no secret", () => {
  it.each([
    [`"DbPassword": "${KV}SecretUri=https://kv-prod.vault.azure.net/secrets/db-password/)"`],
    [`DB_PASSWORD=${KV}VaultName=kv-prod;SecretName=db-password)`],
    [`<add key="ApiKey" value="${KV}SecretUri=https://kv.vault.azure.net/secrets/api-key/3f2a)" />`],
  ])("%s", (text) => {
    expect(found(text)).toEqual([]);
  });

  it("a value that only starts like one is still read", () => {
    const value = j("@Microsoft.", "KeyVault", run(16, AN, 171));
    expect(found(`"DbPassword": "${value}"`)).toContainEqual(["generic_credential", value]);
  });
});

describe("stand-in bodies behind a vendor prefix stay look-alikes (policy kept)", () => {
  it.each([
    [j('STRIPE_SECRET_KEY="sk_', "live_", "a".repeat(24), '"')],
    [j("SENDGRID_API_KEY=SG.", "a".repeat(22), ".", "b".repeat(43))],
    [j("GITHUB_TOKEN=ghp_", "0".repeat(36))],
  ])("%s", (text) => {
    expect(found(text)).toEqual([]);
  });

  it("the same prefix with a generated body is read", () => {
    const key = j("sk_", "live_", run(24, AN, 172));
    expect(found(`STRIPE_SECRET_KEY="${key}"`).map(([, v]) => v)).toContain(key);
  });
});
